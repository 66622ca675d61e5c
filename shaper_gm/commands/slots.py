"""Dice slots and interrupt answers for a ruleset's verbs.

A verb names its slots (`--roll`, `--dodge`, `--block`, ...): a slot whose flag repeats
is rolled once per target or attempt, in order; a plain one once. Each roll's value is
its faces (`5,5,3`) or the total called out at the table (`=14`, `dice.totals`). `SlotDice` hands a
resolution's `PlayTape` one dice source per roll from the GM's flags (else the shell
asks, else the generator rolls), takes `--react ID=NAME` answers for its interrupts,
and afterwards writes every face rolled and every answer back into the command, so the
log line replays exactly and never asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from shaper_gm.commands.args import FlagSpec, flag, parse_slot
from shaper_gm.commands.resolve import actor as resolve_actor
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.engine.steps import PlayTape
from shaper_gm.errors import CommandError
from shaper_gm.words import times

Words = Callable[[str, Mapping[str, object]], "tuple[str, str] | None"]
NO_ROLL = "-"          # in a repeated slot: this roll did not happen (kept for the order)
REACT = "react"
TOTAL_HELP = "; or =N, the total called out"


def slot_flags(slots: Mapping[str, tuple[bool, str]], *,
               react: bool | tuple[str, ...] = False) -> tuple:
    """FlagSpecs for `slots` (name -> (repeats, help)), plus `--react` if asked (with
    the answers it may give, when known: ``ID=block|dodge``)."""
    out: list[FlagSpec] = []
    for name, (repeats, text) in slots.items():
        if repeats:
            out.append(flag(name, "text", repeat=True, metavar="FACES", help=text + TOTAL_HELP))
        else:
            out.append(flag(name, "faces", help=text + TOTAL_HELP))
    if react:
        answers = "|".join(react) if isinstance(react, tuple) else ""
        out.append(flag(REACT, "text", repeat=True, metavar=f"ID={answers or 'NAME'}",
                        help="a decision by another actor inside this action, in order; "
                             "ID=A,B: two of one actor's, each answer or a unique start"))
    return tuple(out)


def slot_text(value) -> str:
    """One roll of a repeated slot as the log writes it: `5,5,3`, `=14`, or `-` for none."""
    if value is None or value == ():
        return NO_ROLL
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


class SlotDice:
    def __init__(self, ctx, slots: Mapping[str, tuple[bool, str]]) -> None:
        self.ctx = ctx
        self.slots = dict(slots)
        self.given: dict[str, list] = {}
        for name, (repeats, _) in self.slots.items():
            value = ctx.parsed.get(name)
            if value is None:
                self.given[name] = []
            elif repeats:
                self.given[name] = [None if text.strip() == NO_ROLL else parse_slot(text, name)
                                    for text in value]
            else:
                self.given[name] = [value]
            for faces in self.given[name]:
                ctx.ruleset.check_faces(name, faces)
        # slot -> {index: source}: a slot with a place per target may skip places
        self.sources: dict[str, dict[int, object]] = {name: {} for name in self.slots}
        declared = parse_react(ctx.parsed.get(REACT) or (),
                               lambda word: resolve_actor(ctx.state, word))
        self.decisions = Decisions(declared=declared,
                                   asker=ctx.decider)

    def source(self, slot: str, index: int, who: str | None):
        if slot not in self.slots:
            raise CommandError(f"this action rolls {slot!r}, which has no flag",
                               "report it: the verb's slots are incomplete")
        given = self.given[slot]
        repeats = self.slots[slot][0]
        if not repeats and index > 0:
            raise CommandError(f"--{slot} is rolled more than once here",
                               "the verb's slot should repeat")
        if index in self.sources[slot]:        # a roll that follows another in its
            return self.sources[slot][index]    # faces (a roll step's `follows`)
        faces = given[index] if index < len(given) else None
        source = self.ctx.dice.source(slot, faces, actor=who)
        self.sources[slot][index] = source
        return source

    def unrolled(self) -> list[str]:
        """The slots given faces that nothing rolled."""
        return [slot for slot in self.slots if self.given[slot] and not self.sources[slot]]

    def tape(self) -> PlayTape:
        return PlayTape(self.source, self.decisions, self)

    def logged(self, words: Words | None = None) -> dict[str, object]:
        """Check nothing given went unused; then every slot's faces and every answer as
        the log line's flags (None for a slot the action never rolled: what was given
        for it is left out, as every roll's own faces are, unless the action words that
        refusal itself: `words("unrolled", fields)`, which then refuses it too)."""
        out: dict[str, object] = {}
        for slot, (repeats, _) in self.slots.items():
            used = self.sources[slot]
            reach = max(used) + 1 if used else 0          # places up to the last roll
            given = len(self.given[slot])
            own = words("unrolled", {"slot": slot, "given": given, "made": reach,
                                     "given_s": "" if given == 1 else "s",
                                     "made_s": "" if reach == 1 else "s"}) \
                if words is not None and given > reach else None
            if own is not None:
                raise CommandError(*own)
            if used and given > reach:
                raise CommandError(f"--{slot} given {times(given)}; the action "
                                   f"rolled it {times(reach)}",
                                   f"give --{slot} once per roll, in order")
            if repeats:
                texts = [slot_text(used[i].logged()) if i in used else NO_ROLL
                         for i in range(reach)]
                while texts and texts[-1] == NO_ROLL:
                    texts.pop()
                out[slot] = texts or None
            else:
                out[slot] = used[0].logged() if used else None
        self.decisions.finish()
        out[REACT] = self.decisions.as_flags() or None
        return {**out, **self.decisions.flagged}       # an ask's `logs`: --FLAG ANSWER

"""Interrupt points: a step asks another actor for a decision inside an action.

A block or dodge, a defensive skill, the kind of defense roll: the defender decides,
not the actor. Answers come, in this order, from the command's `--react ID=NAME`
flags (consumed in order), from the shell asking the GM, or from the default the
ruleset names. Every answer is written back into the logged line as a flag, so
replay runs the same decisions and never asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record


@record
class Ask:
    """One decision: who makes it, the answers it allows, and what holds if nobody says."""

    actor: str
    point: str                    # what is being decided: "react", "defense", ...
    options: tuple[str, ...]      # every allowed answer, the default among them
    default: str
    prompt: str = ""              # how the shell asks ("Raider reacts to Josh's attack")
    rule: str = ""
    index: int = 0                # the actor's nth decision in this action (0 = first)
    refused: tuple[tuple[str, str, str], ...] = ()   # (answer, why not offered, hint)
    settled: bool = False         # a standing choice: the default, unless answered ahead
    logs: str = ""                # the action's flag its answer is logged as (not --react)

    def __post_init__(self) -> None:
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not among {self.options}")


Asker = Callable[[Ask], "str | None"]
ANY = "*"                   # an `Ask.refused` entry for any answer the ask never has


@record(frozen=False)
class Decisions:
    """Answers for one command: declared ones first, then the asker, then defaults."""

    declared: Sequence[tuple[str, str]] = ()     # (actor id, answer) from --react, in order
    asker: Asker | None = None
    made: list[tuple[str, str]] = field(default_factory=list)
    flagged: dict[str, str] = field(default_factory=dict)   # flag -> answer (`Ask.logs`)
    _used: set[int] = field(default_factory=set)
    _as_flag: set[int] = field(default_factory=set)          # made answers logged as flags

    def declared_for(self, ask: Ask) -> tuple[int, str] | None:
        """The declared answer for this ask: the actor's `ask.index`-th `--react`."""
        mine = [i for i, (actor, _) in enumerate(self.declared) if actor == ask.actor]
        if ask.index >= len(mine):
            return None
        at = mine[ask.index]
        answer = _spelled_out(self.declared[at][1], ask.options)
        if answer not in ask.options:
            for refused, why, hint in ask.refused:       # the ruleset's own words
                if refused == answer and why:
                    raise RuleViolation(why, hint or f"{ask.point}: {', '.join(ask.options)}")
            named = {refused for refused, _, _ in ask.refused}
            for refused, why, hint in ask.refused:       # an answer it never has
                if refused == ANY and answer not in named:
                    raise RuleViolation(why.replace("{answer}", answer),
                                        hint.replace("{answer}", answer) or
                                        f"{ask.point}: {', '.join(ask.options)}")
        if answer not in ask.options:
            raise RuleViolation(
                f"--react {ask.actor}={answer}: {answer!r} is not an answer {ask.actor} can "
                f"give here{f' ({ask.rule})' if ask.rule else ''}",
                f"{ask.point}: {', '.join(ask.options)}")
        return at, answer

    def lookup(self, ask: Ask) -> str:
        """Declared answer or default, asking nobody and recording nothing (for odds)."""
        found = self.declared_for(ask)
        return found[1] if found else ask.default

    def answer(self, ask: Ask) -> str:
        found = self.declared_for(ask)
        if found is not None:
            self._used.add(found[0])
            return self._made(ask, found[1])
        if self.asker is not None and len(ask.options) > 1 and not ask.settled:
            answer = self.asker(ask)
            if answer is not None:
                if answer not in ask.options:
                    raise RuleViolation(f"{answer!r} is not one of {', '.join(ask.options)}",
                                        "answer with one of them")
                return self._made(ask, answer)
        return self._made(ask, ask.default)

    def _made(self, ask: Ask, answer: str) -> str:
        if ask.logs:                    # written as the action's own flag, --logs ANSWER
            self._as_flag.add(len(self.made))
            self.flagged[ask.logs] = answer
        self.made.append((ask.actor, answer))
        return answer

    def drop_unasked(self) -> list[tuple[str, str]]:
        """Forget the declared answers nobody was asked for (the action ended before
        them, as its rules say it may); those, in order."""
        dropped = [d for i, d in enumerate(self.declared) if i not in self._used]
        self.declared = [d for i, d in enumerate(self.declared) if i in self._used]
        self._used = set(range(len(self.declared)))
        return dropped

    def finish(self) -> None:
        """Every declared answer must have been asked for."""
        for index, (actor, answer) in enumerate(self.declared):
            if index not in self._used:
                raise RuleViolation(f"--react {actor}={answer} was not asked for: {actor} "
                                    "had no decision to make in this action",
                                    "drop that flag, or check the reacting actor's id")

    def as_flags(self) -> list[str]:
        """What the log writes: ``ID=ANSWER`` for every decision made, in order (but
        those logged as the action's own flags, `flagged`)."""
        return [f"{actor}={answer}" for i, (actor, answer) in enumerate(self.made)
                if i not in self._as_flag]


def parse_react(values: Sequence[str],
                resolve_actor: Callable[[str], str]) -> list[tuple[str, str]]:
    """`--react ID=NAME` values as (actor id, answer) pairs; `ID=NAME,NAME` is the same
    actor's answers in order (`--react bo=block,dodge`)."""
    out = []
    for text in values:
        actor, sep, answers = text.partition("=")
        said = [answer.strip().lower() for answer in answers.split(",")]
        if not sep or not actor or not all(said):
            raise RuleViolation(f"--react {text!r} is not ID=NAME",
                                "e.g. --react raider=parry, or bo=block,dodge for two")
        who = resolve_actor(actor)
        out += [(who, answer) for answer in said]
    return out


def _spelled_out(answer: str, options: Sequence[str]) -> str:
    """An answer as written, or the one option it is the unique start of (`b`: block)."""
    if answer in options:
        return answer
    starting = [option for option in options if option.startswith(answer)]
    return starting[0] if len(starting) == 1 else answer

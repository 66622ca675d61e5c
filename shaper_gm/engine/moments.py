"""Actions a ruleset runs by themselves at a moment: as an actor's turn starts or ends,
or as it takes damage, whatever dealt it (`changes.hit_points`) (d20's death save as a
dying creature's turn starts, G24; a held creature's save at the end of its turns, G27;
a concentration save after any damage, G27).

An action declares it with ``at: {moment: turn_start | turn_end | damaged | round_start,
when: EXPR}`` (``round_start``: for each actor in turn, as a round starts, after its
resources refill: time slices' dying timer, T15; ``waited``: for each actor in turn as
the GM lets time pass, ``wait 2``, while the fight lasts, its ``seconds`` told, T15;
``placed``: as the GM's ``place`` puts the actor on another cell, ``placed_from`` the
cell it left, '' for none);
`when` reads the actor's situation (``actor.X``), and for ``damaged`` the damage taken
(``damage``), which its steps read too. No cost is paid and no turn is checked: the
moment is the rules' own, not an action someone chose. The turn flow brings the turn's
moments (`turns.begin_turn`, before the budget refills; `turns.finish_turn`) and gives a
down actor a turn for them (`orders.FixedOrder`); `changes.hit_points` brings `damaged`.

Dice: what brings a moment lends it its tape (`rolling`): `end` hands over the faces the
GM gave on its dice slots (`end --death 14`) and writes those rolled back into its log
line, so a replay rolls the same; an action dealing damage its own tape (its verb takes
the slots); a moment a command brings without such slots rolls from the command's own
seeded dice.

Replaying a log (`replaying`), a moment brought on a command's own slots runs only with
faces its line gives: every line written since moments existed carries the faces they
rolled, so a line without them was written before (a d20 log whose dying creature's
turn passed by `end` with no `--death`), when nothing rolled there; it replays to the
state it was saved with, as `add` without `--spread` stacks as it did then.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.request import Request
from shaper_gm.engine.situation import Situation
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.stepkit import VocabError, expression
from shaper_gm.engine.steps import PlayTape
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.expr import Compiled

MOMENTS = ("turn_start", "turn_end", "damaged", "round_start", "waited", "placed")
# what a moment tells its actions beyond the situation: the damage taken, the time
# waited, the cell it was placed from
FACTS = {"damaged": ("damage",), "waited": ("seconds",), "placed": ("placed_from",)}


@record
class At:
    """When an action runs by itself: the moment, and what must hold of the actor."""

    moment: str
    when: Compiled
    rule: str = ""

    @property
    def facts(self) -> tuple[str, ...]:
        return FACTS.get(self.moment, ())


def compile_at(raw: Any, where: str) -> At:
    if not isinstance(raw, Mapping) or "moment" not in raw or "when" not in raw or \
            set(raw) - {"moment", "when", "rule"}:
        raise VocabError(where, "expected {moment: MOMENT, when: EXPR, rule: TEXT} (moment "
                                "and when required)")
    if raw["moment"] not in MOMENTS:
        raise VocabError(f"{where}.moment", f"expected one of {', '.join(MOMENTS)}, got "
                                            f"{raw['moment']!r}")
    when = expression(raw["when"], f"{where}.when")
    facts = FACTS.get(raw["moment"], ())
    unknown = sorted(n for n in when.names
                     if n.partition(".")[0] not in ("actor", "rules", *facts))
    if unknown:
        raise VocabError(f"{where}.when", f"reads {unknown[0]!r}: a moment's test reads "
                                          f"actor.X, rules.X{''.join(', ' + f for f in facts)}")
    return At(str(raw["moment"]), when, str(raw.get("rule", "")))


_lent: ContextVar[PlayTape | None] = ContextVar("moment_dice", default=None)
_replaying: ContextVar[bool] = ContextVar("moments_replaying", default=False)
# (moment, actor) whose actions are playing: what they bring about brings them no more
_running: ContextVar[frozenset[tuple[str, str]]] = ContextVar("moments_running",
                                                              default=frozenset())


@contextmanager
def rolling(tape: PlayTape | None) -> Iterator[None]:
    """The moments brought inside this block roll on `tape` (None: keep the tape lent
    by an enclosing block)."""
    if tape is None:
        yield
        return
    token = _lent.set(tape)
    try:
        yield
    finally:
        _lent.reset(token)


@contextmanager
def replaying(flag: bool) -> Iterator[None]:
    """Inside this block a log's line is replaying (True) or typed (False)."""
    token = _replaying.set(flag)
    try:
        yield
    finally:
        _replaying.reset(token)


def _unwritten(declared: Any) -> bool:
    """Replaying a line that gives its command's dice slots: whether `declared` finds
    none of its faces left in it, so it did not roll when the line was written."""
    tape = _lent.get()
    if not _replaying.get() or tape is None or getattr(tape, "given_dice", None) is None:
        return False
    slots = [slot for slot, _ in declared.slots]
    return bool(slots) and all(tape.given(slot) <= tape.rolled(slot) for slot in slots)


def lent() -> PlayTape:
    tape = _lent.get()
    if tape is None:
        raise RuntimeError("a moment's action rolls, but no command lent the turn flow dice")
    return tape


def _env(state: Encounter, rs: Any, name: str, actor_id: str,
         facts: Mapping[str, Any]) -> Mapping[str, Any]:
    seen = Situation(state, rs, Request(name, (("actor", actor_id),)))
    return ChainMap(dict(facts), seen) if facts else seen     # type: ignore[arg-type]


def due(actions: Sequence[tuple[str, Any]], state: Encounter, rs: Any, moment: str,
        actor_id: str, facts: Mapping[str, Any] | None = None) -> list[Any]:
    """The declared actions `moment` brings for `actor_id`, in their file's order."""
    from shaper_gm.engine.declared_records import run_checked
    out = []
    for name, declared in actions:
        at = declared.at
        if at is None or at.moment != moment or actor_id not in state.actors \
                or _unwritten(declared):
            continue
        if run_checked(at.when, _env(state, rs, name, actor_id, facts or {}),
                       f"{name}: at.when"):
            out.append(declared)
    return out


def run(actions: Sequence[tuple[str, Any]], state: Encounter, rs: Any, moment: str,
        actor_id: str, facts: Mapping[str, Any] | None = None,
        tape: PlayTape | None = None) -> Change:
    """Play every action `moment` brings for `actor_id`, one after another, each seeing
    what the one before changed. What they bring about does not bring them again (a
    save after damage that deals damage asks no second save of itself)."""
    running = _running.get()
    if (moment, actor_id) in running:
        return state, []
    events: list[Any] = []
    token = _running.set(running | {(moment, actor_id)})
    try:
        for declared in due(actions, state, rs, moment, actor_id, facts):
            if not due([(declared.name, declared)], state, rs, moment, actor_id, facts):
                continue                   # what ran before it settled it
            request = Request(declared.name, (("actor", actor_id),))
            plan = tuple(f.with_values(**(facts or {}))
                         for f in declared.facts(state, rs, request))
            state, played = declared.play_against(state, rs, plan, tape or lent(), actor_id)
            events += played
    finally:
        _running.reset(token)
    return state, events

"""A harness that drives the reactions rules directly: an encounter with actors made by
`rs.make_actor`, started by the turn order, tapes that take given faces per slot (one
face per roll, in slot order) or roll from a seeded generator, and the ruleset's
actions run through the engine's pipeline as a command runs them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import NamedTuple

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine import registry
from shaper_gm.engine.common import ACT, REACT
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.play import end_turn, pass_turn, perform
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from tests.replaying import replayed  # noqa: F401  (the tests import it from here)


@pytest.fixture(scope="session")
def library():
    return registry.build("reactions").library


@pytest.fixture
def rs(library):
    return registry.build("reactions", library)


def encounter(rs, *actors: tuple, cols: int = 8, rows: int = 8) -> Encounter:
    """Actors as (id, side, tile[, template[, numbers[, extra]]]), in turn order."""
    state = Encounter(ruleset="reactions", cols=cols, rows=rows)
    for spec in actors:
        actor_id, side, tile, *rest = spec
        template = rest[0] if rest else "duellist"
        numbers = rest[1] if len(rest) > 1 else {}
        extra = rest[2] if len(rest) > 2 else {}
        state = state.with_actor(make(rs, actor_id, side, tile, template, numbers, extra))
    return state.with_(order=tuple(spec[0] for spec in actors))


def make(rs, actor_id: str, side: str, tile: str | None, template: str | None = None,
         numbers: Mapping | None = None, extra: Mapping | None = None,
         name: str | None = None):
    """`rs.make_actor` as `add` calls it: the template looked up, flags as pairs."""
    found = rs.templates().get(template, template) if template else None
    spec = NewActor(actor_id, found, side, tile, name, tuple((numbers or {}).items()),
                    tuple((extra or {}).items()))
    return rs.make_actor(spec, tile)


def started(rs, *actors: tuple, **grid) -> Encounter:
    state, _ = rs.turn_order.start(encounter(rs, *actors, **grid), rs)
    return state


def tape(faces: Mapping[str, Sequence[int]] | None = None,
         reacts: Sequence[tuple[str, str]] = (), seed: int = 1,
         asker=None) -> PlayTape:
    """Given faces by slot, else dice from DiceRng(seed); `reacts` as --react pairs."""
    faces = faces or {}
    rng = DiceRng(seed)

    def source(slot: str, index: int, who):
        given = faces.get(slot, ())
        if index < len(given):
            return GivenFaces([given[index]])
        return RolledFaces(rng)

    return PlayTape(source, Decisions(declared=list(reacts), asker=asker))


# --- the command layer ---------------------------------------------------------------

DUEL = ("add ann --as duellist --side party --at B2 --name Ann",
        "add bo --as duellist --at C2 --name Bo", "init ann bo", "start")


def session(*lines: str, seed: int = 1, setup: Sequence[str] = DUEL):
    """A reactions session after `setup` (default: Ann and Bo, the source's duellists,
    side by side on Ann's turn) and `lines`."""
    from shaper_gm.app import new_session
    s = new_session(ruleset="reactions", seed=seed)
    for line in (*setup, *lines):
        s.execute(line)
    return s


# --- the rules' actions, run by the engine's pipeline as a command runs them ---------

def AttackRequest(attacker: str, target: str, weapon: str | None = None,  # noqa: N802
                  attack_type: str | None = None, power: int | None = None,
                  dodge_to: str | None = None, damage_bonus: int = 0) -> Request:
    """An attack's request with its flags (`--with`, `--type`, `--power`, `--to`,
    `--damage-bonus`), as the command layer resolves it."""
    flags = {"with": weapon, "type": attack_type, "power": power, "to": dodge_to,
             "damage-bonus": damage_bonus or None}
    return Request("attack", (("actor", attacker), ("target", target))).with_flags(flags)


def MoveRequest(actor: str, tile: str) -> Request:  # noqa: N802
    return Request("move", (("actor", actor), ("zone", tile)))


def ShieldRequest(actor: str) -> Request:  # noqa: N802
    return Request("shield", (("actor", actor),))


def ActRequest(actor: str, cost: str, text: str) -> Request:  # noqa: N802
    return Request("act", (("actor", actor), ("cost", cost), ("text", text)))


def ReactRequest(actor: str, cost: int, text: str) -> Request:  # noqa: N802
    return Request("react", (("actor", actor), ("react-cost", str(cost)), ("text", text)))


def PassRequest(actor: str) -> Request:  # noqa: N802
    return Request("pass", (("actor", actor),))


class Attempt(NamedTuple):
    """One block or dodge the defender tried (R2, R3), read off the played attack."""

    reaction: str
    cost: int
    face: int
    target: int
    success: bool


class Struck(SimpleNamespace):
    """A played attack read as the numbers the rulings name: its final facts (the data
    action's own names: `kind`, `total`, `spent`...) under the names these tests ask
    for (`attack_type`, `total_power`, `reactions_spent`...), each attempt with its face
    from the tape, and where the defender stands after."""

    def faces(self) -> dict[str, list[int]]:
        """Every face by slot, as the log line gives them (`--block 4,13 --crit 17`)."""
        out: dict[str, list[int]] = {"block": [], "dodge": []}
        for attempt in self.attempts:
            out[attempt.reaction].append(attempt.face)
        out["crit"] = [] if self.crit_face is None else [self.crit_face]
        return out


def struck(before: Encounter, after: Encounter, rs, request: Request, tape: PlayTape,
           outcome) -> Struck:
    from shaper_gm.engine.situation import chosen_item
    facts = outcome.results[0].facts
    read = facts.get
    faces = [(slot, roll.total) for slot, roll in tape.rolls if slot in ("block", "dodge")]
    attempts = tuple(Attempt(slot, read(f"{slot}_cost"), face, read(f"{slot}_at"),
                             face >= read(f"{slot}_at")) for slot, face in faces)
    dodged, blocked, kind = bool(read("dodged")), bool(read("blocked")), read("kind")
    defender = str(read("target"))
    start, end = before.actors[defender].zone, after.actors[defender].zone
    weapon = chosen_item(rs, before.actors[request.acting], request, "weapons")
    return Struck(
        weapon=weapon["id"], attack_type=kind, power=read("power"),
        distance_m=read("distance"), range_m=read("reach"), armor=read("armor"),
        block_bonus=read("block_bonus") if blocked and kind != "true" else 0,
        attempts=attempts, reactions_spent=read("spent"), reactions_left=read("left"),
        dodged=dodged, blocked=blocked, critical=bool(read("critical", False)),
        crit_face=None if dodged else read("crit_face"), critical_target=read("crit_at"),
        total_power=read("total"), damage=read("damage"), soaked=read("soaked"),
        down=read("health_after") == 0, moved_to=end if dodged and end != start else None,
        moved_by_default=dodged and not read("named"), notes=outcome.notes)


def _run(action):
    def run(state, rs, request, tape=None):
        from shaper_gm.engine.steps import PlayTape as Tape
        played_on = tape if tape is not None else _fresh_tape()
        done = perform(state, rs, action, request, played_on)
        if action.name in ("act", "react"):
            return done.state, list(done.events), done.events[-1]
        if action.name == "attack" and isinstance(played_on, Tape):
            return done.state, list(done.events), struck(state, done.state, rs, request,
                                                         played_on, done.outcome)
        if action.name == "shield":          # the shield as raised: before and after
            actor = request.acting
            return done.state, list(done.events), SimpleNamespace(
                before=state.actors[actor].resource("shield"),
                after=done.state.actors[actor].resource("shield"))
        return done.state, list(done.events), done.outcome
    return run


def _fresh_tape() -> PlayTape:
    return tape()


_RULESET = registry.build("reactions")      # its declared actions, as the commands run them
attack = _run(_RULESET.library.action("attack").action())
move = _run(_RULESET.library.action("move").action())
raise_shield = _run(_RULESET.library.action("shield").action())
act = _run(ACT)
react = _run(REACT)


def pass_(state, rs, request, tape=None):
    state, events = pass_turn(state, rs, request.actor)
    return state, events, None


def end(state, rs, request=None, tape=None):
    state, events = end_turn(state, rs)
    return state, events, None

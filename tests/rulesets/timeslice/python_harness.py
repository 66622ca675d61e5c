"""The Python ruleset's own harness, for the tests not yet driven through the commands
(conftest.py's `Fight`), which import its fixtures from here: it runs time-slice
encounters through the rules core directly: build an
Encounter, add actors with `rs.make_actor`, start with the turn order, act with
PlayTapes whose dice are given faces (per slot, in order) or the seeded generator; the
ruleset's actions run through the engine's pipeline as a command runs them, from
requests made by small constructors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine.common import ACT, REACT
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.play import end_turn, pass_turn, perform
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice import build, harm
from shaper_gm.rulesets.timeslice import surprise as ambush
from shaper_gm.rulesets.timeslice.actions import DRAW, MOVE, TEND
from shaper_gm.rulesets.timeslice.attack import ATTACK
from shaper_gm.rulesets.timeslice.content import load_library


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture
def rs(library):
    return build(library)


def make_actor(rs, actor_id: str, name: str | None, side: str | None, zone: str | None,
               template: str | None, numbers: dict, extra: dict):
    """`rs.make_actor` as `add` calls it: a NewActor with the template looked up (an
    unknown id is passed on, so the ruleset refuses it)."""
    found = rs.templates().get(template, template) if template else None
    spec = NewActor(actor_id, found, side, zone, name, tuple(numbers.items()),
                    tuple(extra.items()))
    return rs.make_actor(spec, zone)


def ruleset_with(library, **numbers):
    """The ruleset with some of its numbers changed, as a GM would in the content file."""
    return build(replace(library, numbers=replace(library.numbers, **numbers)))


class Fight:
    def __init__(self, rs, seed: int = 7, cols: int = 30, rows: int = 30) -> None:
        self.rs = rs
        self.state = Encounter(ruleset="timeslice", seed=seed, cols=cols, rows=rows)
        self.rng = DiceRng(seed)
        self.events: list = []
        self.tape: PlayTape | None = None

    def add(self, actor_id: str, template: str | None = None, side: str = "party",
            zone: str | None = None, numbers: dict | None = None, extra: dict | None = None):
        actor = make_actor(self.rs, actor_id, actor_id.title(), side, zone, template,
                           numbers or {}, extra or {})
        self.state = self.state.with_actor(actor).with_(order=(*self.state.order, actor_id))
        return self

    def start(self):
        self.state, self.events = self.rs.turn_order.start(self.state, self.rs)
        return self

    def tape_for(self, faces: dict | None = None, declared=(), asker=None) -> PlayTape:
        given = faces or {}

        def source(slot, index, who):
            runs = given.get(slot, ())
            if index < len(runs):
                return GivenFaces(runs[index], rng=self.rng)
            return RolledFaces(self.rng)

        return PlayTape(source, Decisions(declared=list(declared), asker=asker))

    def do(self, verb, request=None, faces: dict | None = None, declared=(), asker=None):
        self.tape = self.tape_for(faces, declared, asker)
        self.state, self.events, outcome = verb(self.state, self.rs, request, self.tape)
        return outcome

    # readings
    def ts(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("ts")

    def actor(self, actor_id: str):
        return self.state.actors[actor_id]

    def info(self, actor_id: str):
        return self.state.actors[actor_id].system

    def events_of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def fight(rs):
    return Fight(rs)


# --- the rules' actions, run by the engine's pipeline as a command runs them ---------

def AttackRequest(attacker: str, target: str, weapon: str | None = None,  # noqa: N802
                  called: str | None = None, defense: str | None = None,
                  nonlethal: bool = False, damage_bonus: int = 0) -> Request:
    """An attack's request with its flags (`--with`, `--called`, `--defense`,
    `--nonlethal`, `--damage-bonus`), as the command layer resolves it."""
    flags = {"with": weapon, "called": called, "defense": defense, "nonlethal": nonlethal or None,
             "damage-bonus": damage_bonus or None}
    return Request("attack", (("actor", attacker), ("target", target))).with_flags(flags)


def MoveRequest(actor: str, unit: str) -> Request:  # noqa: N802
    return Request("move", (("actor", actor), ("zone", unit)))


def TendRequest(actor: str, target: str) -> Request:  # noqa: N802
    return Request("tend", (("actor", actor), ("target", target)))


def DrawRequest(actor: str, weapon: str) -> Request:  # noqa: N802
    return Request("draw", (("actor", actor), ("item", weapon)))


def ActRequest(actor: str, cost: int, text: str = "") -> Request:  # noqa: N802
    return Request("act", (("actor", actor), ("cost", str(cost)), ("text", text)))


def ReactRequest(actor: str, cost: int, text: str = "") -> Request:  # noqa: N802
    return Request("react", (("actor", actor), ("react-cost", str(cost)), ("text", text)))


def PassRequest(actor: str) -> Request:  # noqa: N802
    return Request("pass", (("actor", actor),))


def SurpriseRequest(group: str) -> Request:  # noqa: N802
    return Request("surprise", (("group", group),))


@record
class WaitRequest:
    seconds: int                       # `wait 2` is 120 (T15)


@record
class WakeRequest:
    actor: str


def settled(rs, state, events):
    """What a session does after a GM's tool (damage, heal, set): the ruleset settles the
    change (a turn whose combatant went down ends, T5)."""
    state, more = rs.after_change(state)
    return state, [*events, *more]


def _run(action):
    def run(state, rs, request, tape=None):
        done = perform(state, rs, action, request, tape)
        return done.state, list(done.events), done.outcome
    return run


attack = _run(ATTACK)
move = _run(MOVE)
tend = _run(TEND)
draw = _run(DRAW)
act = _run(ACT)
react = _run(REACT)


def end(state, rs, request=None, tape=None):
    state, events = end_turn(state, rs)
    return state, events, None


def pass_(state, rs, request, tape=None):
    state, events = pass_turn(state, rs, request.actor)
    return state, events, None


def surprise(state, rs, request, tape=None):
    return ambush.surprise(state, rs, request, tape)


def wait(state, rs, request: WaitRequest, tape=None):
    state, events = harm.wait(state, request.seconds)
    return state, events, events[0]


def wake(state, rs, request: WakeRequest, tape=None):
    state, events = harm.wake(state, request.actor)
    return state, events, events[0]

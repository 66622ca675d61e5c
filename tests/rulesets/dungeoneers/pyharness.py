"""The Python Dungeoneers' own harness, for the tests not yet played through the commands
(conftest.py's Table): it drives the Python ruleset directly: an Encounter, creatures from
`rs.make_actor`, the AP order started, and the ruleset's actions run through the
engine's pipeline as a command runs them, on a PlayTape whose slots take given faces
(else the seeded generator). Requests are built as the command layer resolves them."""

from __future__ import annotations

from dataclasses import dataclass, field

from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine import play
from shaper_gm.engine.common import ACT, REACT
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.rulesets.dungeoneers import actions as A
from shaper_gm.rulesets.dungeoneers import contests as C
from shaper_gm.rulesets.dungeoneers import spells
from shaper_gm.rulesets.dungeoneers.events import TallyChanged
from shaper_gm.rulesets.dungeoneers.models import READY_ROLE
from tests.rulesets.dungeoneers.conftest import StateReads, tape


def make_actor(rs, actor_id, name, side, zone, template, numbers, extra, cols=26, rows=99):
    """`rs.make_actor` as `add` calls it: the template looked up, each flag's values as
    `add` resolves them (`NAME=VALUE` for a mapping), the tile named (the harness places
    creatures anywhere; moves check the encounter's grid)."""
    found = rs.templates().get(template, template) if template else None
    flags = {key: [f"{k}={v}" for k, v in value.items()] if isinstance(value, dict) else value
             for key, value in extra.items()}
    spec = NewActor(actor_id, found, side, zone, name, tuple(numbers.items()),
                    tuple(flags.items()))
    return rs.make_actor(spec, rs.canonical_zone(zone, cols, rows) if zone else None)


# --- requests, as the command layer resolves them ------------------------------------------

def _request(verb: str, *args, **flags) -> Request:
    return Request(verb, tuple((role, value) for role, value in args)).with_flags(
        {name.replace("_", "-"): value for name, value in flags.items()})


def StrikeRequest(actor, target, weapon=None, boon=0, bane=0, wound_bonus=0):  # noqa: N802
    return Request("strike", (("actor", actor), ("target", target))).with_flags(
        {"with": weapon, "boon": boon or None, "bane": bane or None,
         "damage-bonus": wound_bonus or None})


def GrappleRequest(actor, target, boon=0, bane=0):  # noqa: N802
    return _request("grapple", ("actor", actor), ("target", target), boon=boon or None,
                    bane=bane or None)


def PushRequest(actor, target, tile, over_ledge=False, boon=0, bane=0):  # noqa: N802
    return _request("push", ("actor", actor), ("target", target), ("zone", tile),
                    ledge=over_ledge or None, boon=boon or None, bane=bane or None)


def GrabLedgeRequest(actor, tiles=1):  # noqa: N802
    return _request("grab-ledge", ("actor", actor), tiles=tiles)


def MoveRequest(actor, tile, speed=None):  # noqa: N802
    return _request("move", ("actor", actor), ("zone", tile), speed=speed)


def InteractRequest(actor=None, text="", draw=None, stow=None):  # noqa: N802
    return _request("interact", ("actor", actor), ("text", text), draw=draw, stow=stow)


def ActorRequest(actor=None):  # noqa: N802
    return _request("pass", ("actor", actor))


def ReadyRequest(actor, action):  # noqa: N802
    return _request("ready", ("actor", actor), (READY_ROLE, action))


def SpellRequest(actor, spell, target=None, extra_arca=0):  # noqa: N802
    return _request("spellcast", ("actor", actor), ("spell-id", spell), ("target", target),
                    arca=extra_arca or None)


def CostRequest(actor, cost, text=""):  # noqa: N802
    """`act` and `react`: any other action, at a cost in AP (D2, D8)."""
    return _request("act", ("actor", actor), ("cost", str(cost)), ("react-cost", str(cost)),
                    ("text", text))


# --- the rules' actions, run by the engine's pipeline as a command runs them ---------------

def named(state: Encounter, actor_id: str | None) -> str:
    """The creature named, or the one up by default (as the command layer reads it)."""
    if actor_id is None and state.turn is None:
        raise RuleViolation("no creature named and nobody is up", "name the creature, or start")
    return state.turn if actor_id is None else actor_id


def acting(state: Encounter, request: Request) -> Request:
    return request.with_args(actor=named(state, request.actor))


def _run(action):
    def run(state, rs, request, tape=None):
        done = play.perform(state, rs, action, acting(state, request), tape)
        outcome = done.outcome if done.outcome is not None else done.events[-1]
        return done.state, list(done.events), outcome
    return run


strike, power_strike = _run(C.STRIKE), _run(C.POWER_STRIKE)
grapple, push, grab_ledge = _run(C.GRAPPLE), _run(C.PUSH), _run(C.GRAB_LEDGE)
move, sprint, interact = _run(A.MOVE), _run(A.SPRINT), _run(A.INTERACT)
defend, ready, spellcast = _run(A.DEFEND), _run(A.READY), _run(spells.SPELLCAST)
deep_breath, focus = _run(A.DEEP_BREATH), _run(A.FOCUS)
act, react = _run(ACT), _run(REACT)


def pass_turn(state, rs, request, tape=None):
    """The shared `pass` (D7): the outcome is the engine's Passed event."""
    state, events = play.pass_turn(state, rs, acting(state, request).actor)
    return state, events, events[0]


def settled(rs, step):
    """A GM tool's change as a command lands it: the ruleset settles what follows
    (`after_change`: wounds at the limit, who is up)."""
    state, events = step
    state, more = rs.after_change(state)
    return state, [*events, *more], None


def add_stress(state: Encounter, rs, actor_id: str, amount: int):
    """The GM adds (or, negative, removes) stress, as `set ACTOR stress=N`; never below 0."""
    actor = state.actors[actor_id]
    before = actor.resource("stress")
    values = actor.resource_map()
    values["stress"] = max(0, before + amount)
    state = state.with_actor(actor.with_resources(values))
    return state, [TallyChanged(actor.id, "stress", before, values["stress"], "the GM")]


@dataclass
class Table(StateReads):
    """An encounter under test; `do` plays a verb and keeps the state and the events."""

    rs: object
    state: Encounter = field(default_factory=lambda: Encounter(ruleset="dungeoneers"))
    events: list = field(default_factory=list)
    outcome: object = None

    def add(self, actor_id, template=None, *, side=None, at="A1", name=None, stats=None,
            **extra):
        actor = make_actor(self.rs, actor_id, name, side, at, template, stats or {}, extra)
        self.state = self.state.with_actor(actor).with_(
            order=(*self.state.order, actor_id))
        return self

    def start(self):
        self.state, self.events = self.rs.turn_order.start(self.state, self.rs)
        return self

    def do(self, verb, request, faces=None, react=()):
        self.state, self.events, self.outcome = verb(self.state, self.rs, request,
                                                      tape(faces, react))
        return self.outcome

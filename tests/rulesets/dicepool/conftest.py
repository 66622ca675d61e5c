"""A harness for dice-pool fights driven straight through the rules' actions, run by the
engine's pipeline (`engine.play.perform`) as a command runs them.

`Fight` holds an encounter and runs verbs on it with a `PlayTape` whose sources give the
faces a test names per slot (`roll=[4, 6, 2, 5, 1]`, `damage=[3, 7]`) and roll every
other die from a seeded generator. The request constructors below build the requests
the command layer resolves; `attack`, `move`, ... run one action on a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine import play
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.dicepool import DicePool, build
from shaper_gm.rulesets.dicepool.actions import ABILITY, ACT, MOVE, PREPARE, REACT, WIELD
from shaper_gm.rulesets.dicepool.attack import ATTACK
from shaper_gm.rulesets.dicepool.content import load

SHIPPED = load()


def ruleset(**numbers) -> DicePool:
    """The shipped ruleset, with some of its numbers changed."""
    if not numbers:
        return build(SHIPPED)
    return build(replace(SHIPPED, numbers=replace(SHIPPED.numbers, **numbers)))


def tape_for(faces: dict[str, Sequence], seed: int = 0) -> PlayTape:
    """Given faces per slot: one list for the slot's first roll, or a list of lists."""
    rng = DiceRng(seed)

    def source(slot: str, index: int, who):
        given = faces.get(slot)
        if given is None:
            return RolledFaces(rng)
        rolls = given if given and isinstance(given[0], list | tuple) else [given]
        return GivenFaces(rolls[index])
    return PlayTape(source)


def make_actor(rs: DicePool, actor_id: str, template: str | None = None,
               zone: str | None = None, *, side: str | None = None, name: str | None = None,
               numbers: dict | None = None, **extra):
    """`rs.make_actor` as `add` calls it: the template looked up by id, the GM's numbers
    and the ruleset's own flags in a NewActor."""
    sheet = rs.template(template) if template is not None else None
    spec = NewActor(actor_id, sheet, side, zone, name, tuple((numbers or {}).items()),
                    tuple(extra.items()))
    return rs.make_actor(spec, zone)


# --- requests, as the command layer resolves them -------------------------------------

def _request(verb: str, *args: tuple[str, object], **flags) -> Request:
    return Request(verb, args).with_flags(flags)


def AttackRequest(attacker: str, target: str, weapon: str | None = None,  # noqa: N802
                  dice: int | None = None, ability: str | None = None,
                  damage_bonus: int = 0) -> Request:
    return _request("attack", ("actor", attacker), ("target", target), **{
        "with": weapon, "ability": ability, "dice": dice,
        "damage-bonus": damage_bonus or None})


def MoveRequest(actor: str, square: str) -> Request:  # noqa: N802
    return _request("move", ("actor", actor), ("zone", square))


def PrepareRequest(actor: str, text: str, against: str | None = None,  # noqa: N802
                   weapon: str | None = None) -> Request:
    return _request("prepare", ("actor", actor), ("text", text), against=against,
                    **{"with": weapon})


def WieldRequest(actor: str, weapon: str) -> Request:  # noqa: N802
    return _request("wield", ("actor", actor), ("weapon", weapon))


def AbilityRequest(actor: str, ability: str, dt: int | None = None,  # noqa: N802
                   dice: int | None = None) -> Request:
    return _request("ability", ("actor", actor), ("ability", ability), dt=dt, dice=dice)


def ActRequest(actor: str, cost: str | int, text: str, dt: int | None = None,  # noqa: N802
               dice: int | None = None) -> Request:
    """`act`'s request; `react` runs it as its own."""
    return _request("act", ("actor", actor), ("cost", str(cost)), ("text", text), dt=dt,
                    dice=dice)


# --- the rules' actions, run by the engine's pipeline ----------------------------------

def _run(action):
    def run(state, rs, request, tape=None):
        request = Request(action.name, request.args, request.flags)   # act's for react
        done = play.perform(state, rs, action, request, tape)
        return done.state, list(done.events), done.outcome
    return run


attack = _run(ATTACK)
move = _run(MOVE)
prepare = _run(PREPARE)
wield = _run(WIELD)
use_ability = _run(ABILITY)
act = _run(ACT)
react = _run(REACT)


def end(state, rs, request=None, tape=None):
    state, events = play.end_turn(state, rs)
    return state, events, None


def pass_turn(state, rs, actor_id: str, tape=None):
    state, events = play.pass_turn(state, rs, actor_id)
    return state, events, None


class Fight:
    def __init__(self, rs: DicePool | None = None, cols: int = 20, rows: int = 20) -> None:
        self.rs = rs or ruleset()
        self.state = Encounter(ruleset="dicepool", cols=cols, rows=rows)
        self.events: list = []

    def add(self, actor_id: str, template: str | None = None, zone: str | None = None, *,
            side: str | None = None, name: str | None = None, **extra) -> Fight:
        numbers = extra.pop("stats", {})
        actor = make_actor(self.rs, actor_id, template, zone, side=side, name=name,
                           numbers=numbers, **extra)
        self.state = self.state.with_actor(actor).with_(order=(*self.state.order, actor_id))
        return self

    def start(self, *order: str) -> Fight:
        if order:
            self.state = self.state.with_(order=tuple(order))
        self.state, self.events = self.rs.turn_order.start(self.state, self.rs)
        return self

    def run(self, verb, request, seed: int = 0, **faces):
        tape = tape_for(faces, seed)
        self.state, self.events, outcome = verb(self.state, self.rs, request, tape)
        self.tape = tape
        return outcome

    def attack(self, attacker: str, target: str, **kw):
        faces = {k: kw.pop(k) for k in ("roll", "damage") if k in kw}
        return self.run(attack, AttackRequest(attacker, target, **kw), **faces)

    def end(self):
        self.state, self.events, _ = end(self.state, self.rs)
        return self

    def pool(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("pool")

    def actions(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("actions")

    def hp(self, actor_id: str) -> int:
        return self.state.actors[actor_id].hp

    def of(self, event_type) -> list:
        return [e for e in self.events if isinstance(e, event_type)]


@pytest.fixture
def fight() -> Fight:
    """Freya (pool 5: STR 4 + longsword 1, CON 2) against Barry the Guard (AC 3)."""
    return Fight().add("freya", "freya", "A1").add("barry", "barry", "B2")

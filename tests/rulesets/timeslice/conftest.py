"""A harness that runs time-slice encounters through the rules core directly: build an
Encounter, add actors with `rs.make_actor`, start with the turn order, act with
PlayTapes whose dice are given faces (per slot, in order) or the seeded generator."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.timeslice import build
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

"""A harness that drives the Dungeoneers rules core directly: an Encounter, creatures
from `rs.make_actor`, the AP order started, and actions played on a PlayTape whose
slots take given faces (else the seeded generator)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.encounter.setup import NewActor
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.dungeoneers import build
from shaper_gm.rulesets.dungeoneers.content import load_library


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture()
def rs(library):
    return build(library)


def tape(faces: dict | None = None, react=(), seed: int = 1) -> PlayTape:
    """Given faces per slot (a list, or a list of lists for a slot rolled repeatedly)."""
    faces = faces or {}
    rng = DiceRng(seed)

    def source(slot, index, who):
        given = faces.get(slot)
        if given is None:
            return RolledFaces(rng)
        if given and isinstance(given[0], list | tuple):
            return GivenFaces(given[index])
        return GivenFaces(given)
    return PlayTape(source, Decisions(declared=list(react)))


def make_actor(rs, actor_id, name, side, zone, template, numbers, extra, cols=26, rows=99):
    """`rs.make_actor` as `add` calls it: the template looked up, the tile named (the
    harness places creatures anywhere; moves check the encounter's grid)."""
    spec = NewActor(actor_id, rs.template(template) if template else None, side, zone, name,
                    tuple(numbers.items()), tuple(extra.items()))
    return rs.make_actor(spec, rs.canonical_zone(zone, cols, rows) if zone else None)


@dataclass
class Table:
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

    def actor(self, actor_id):
        return self.state.actors[actor_id]

    def ap(self, *ids):
        return tuple(self.state.actors[a].resource("ap") for a in ids)

    def res(self, actor_id, name):
        return self.state.actors[actor_id].resource(name)


@pytest.fixture()
def table(rs):
    return Table(rs)

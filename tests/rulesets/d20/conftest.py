"""The d20 ruleset, read from content/d20 alone, and encounters on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.encounter.setup import NewActor, new_encounter
from shaper_gm.engine.request import Request
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.data import build_from

CONTENT = Path(__file__).resolve().parents[3] / "content" / "d20"


@pytest.fixture(scope="session")
def rs():
    return build_from(CONTENT)


def encounter(rs, *actors, rows=12):
    """Actors as (id, template, side, square), in that initiative order, round 1 begun."""
    state, _ = new_encounter("d20", 12, rows, 1)
    templates = rs.templates()
    for actor_id, template, side, square in actors:
        state = state.with_actor(rs.make_actor(NewActor(actor_id, templates[template],
                                                        side=side), square))
    state = state.with_(order=tuple(a[0] for a in actors))
    state, _ = rs.turn_order.start(state, rs)
    return state


def tape(faces):
    """Given faces by slot, one list per roll of the slot."""
    return PlayTape(lambda slot, index, who: GivenFaces(faces[slot][index]))


def request(verb, actor, *targets, **flags):
    args = (("actor", actor),) + ((("target", targets[0]),) if len(targets) == 1 else
                                  (("targets", tuple(targets)),) if targets else ())
    return Request(verb, args, tuple((k.rstrip("_").replace("_", "-"), v)
                                     for k, v in flags.items()))

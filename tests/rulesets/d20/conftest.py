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


def demo(*lines, turn):
    """The d20 demo after LINES (placements, sets), with TURN's creature up."""
    from shaper_gm.app import equip
    from shaper_gm.app.demo import shipped_demo
    from shaper_gm.persist.saves import read_save
    session = equip(read_save(shipped_demo("d20")))
    session.save_path = None
    for line in lines:
        session.execute(line)
    session.state = session.state.with_(turn=turn, up=(turn,))
    return session


def odds(session, line):
    """The first target's exact odds of LINE (`odds ...`) as a dict of Fractions."""
    import json
    from fractions import Fraction
    target = json.loads(session.execute(f"{line} --json").view.text)["targets"][0]
    return {key: Fraction(value["exact"] if "exact" in value else value["mean_exact"])
            for key, value in target.items()
            if isinstance(value, dict) and ("exact" in value or "mean_exact" in value)}


def refused(session, line):
    """The one-line error LINE gets; the state is unchanged."""
    from shaper_gm.errors import GmError
    before = session.state
    try:
        session.execute(line)
    except GmError as caught:
        assert session.state == before
        return str(caught)
    raise AssertionError(f"{line!r} was not refused")

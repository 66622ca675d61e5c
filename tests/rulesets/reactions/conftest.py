"""A harness that drives the reactions rules directly: an encounter with actors made by
`rs.make_actor`, started by the turn order, and tapes that take given faces per slot
(one face per roll, in slot order) or roll from a seeded generator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.reactions import build
from shaper_gm.rulesets.reactions.content import load_library


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture
def rs(library):
    return build(library)


def encounter(rs, *actors: tuple, cols: int = 8, rows: int = 8) -> Encounter:
    """Actors as (id, side, tile[, template[, numbers[, extra]]]), in turn order."""
    state = Encounter(ruleset="reactions", cols=cols, rows=rows)
    for spec in actors:
        actor_id, side, tile, *rest = spec
        template = rest[0] if rest else "duellist"
        numbers = rest[1] if len(rest) > 1 else {}
        extra = rest[2] if len(rest) > 2 else {}
        state = state.with_actor(rs.make_actor(actor_id, None, side, tile, template, numbers,
                                               extra))
    return state.with_(order=tuple(spec[0] for spec in actors))


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

"""The one odds record drawn and written the same way for every ruleset: the text fits
80 columns, no column cut short, and says every chance as ``n/d = p%``; JSON gives every
chance as a number and its exact fraction, every distribution whole with its mean both
ways."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.commands.oddsjson import odds_json
from shaper_gm.dice import Dist
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.render import make_console
from shaper_gm.render.odds import odds_view
from shaper_gm.render.text import Names
from shaper_gm.render.views import fraction, percent

KEYS = ("damage", "hp_lost", "margin", "pool_left", "wounds", "health_lost")

dists = st.dictionaries(st.integers(-50, 5000), st.integers(1, 10**6), min_size=1,
                        max_size=400).map(Dist)
chances = st.fractions(0, 1, max_denominator=10**9)


@st.composite
def odds_records(draw) -> Odds:
    targets = []
    for n in range(draw(st.integers(1, 3))):
        keys = draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=4, unique=True))
        spreads = tuple(Spread(key, draw(dists), "a ruling, X1") for key in keys)
        targets.append(TargetOdds(
            f"target-{n}", (Chance("hit", draw(chances), "X1"), Chance("down", draw(chances))),
            spreads, harm=keys[0], start=draw(st.none() | st.integers(0, 10**6))))
    return Odds("someone", "attacks", tuple(targets), weapon="Very Long Named Halberd",
                facts=(Fact("roll", "3 of 5 dice", note="X2"), Fact("dice", "", 3)),
                assumed=("a number, X3",) * draw(st.integers(0, 4)))


def drawn(odds: Odds) -> str:
    file = io.StringIO()
    make_console(file, width=80).print(odds_view(odds, Names({})))
    return file.getvalue()


@settings(max_examples=40, deadline=None)
@given(odds_records())
def test_the_text_fits_80_columns_and_gives_every_chance_exactly(odds):
    text = drawn(odds)
    assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "…" not in text, text                     # no column cut short to fit
    for target in odds.targets:
        for chance in target.chances:
            assert f"{fraction(chance.p)} = {percent(chance.p)}" in text


@settings(max_examples=40, deadline=None)
@given(odds_records())
def test_json_gives_numbers_and_exact_fractions_and_every_value(odds):
    data = json.loads(odds_json(odds))
    assert data["attacker"] == "someone" and data["dice"] == 3
    for target, found in zip(odds.targets, data["targets"], strict=True):
        assert found["harm"]["of"] == target.harm
        for chance in target.chances:
            entry = found[chance.key]
            assert Fraction(entry["exact"]) == chance.p and entry["p"] == float(chance.p)
        for spread in target.spreads:
            entry = found[spread.key]
            assert {int(v): Fraction(p["exact"]) for v, p in entry["values"].items()} == \
                dict(spread.dist)
            assert all(p["p"] == float(Fraction(p["exact"])) for p in entry["values"].values())
            mean = spread.dist.mean()
            assert Fraction(entry["mean_exact"]) == mean and entry["mean"] == float(mean)


@pytest.mark.parametrize("lines", [
    ("new --ruleset dicepool --seed 1", "add a --as freya", "add b --as barry",
     "odds a b"),
    ("new --ruleset reactions --seed 1", "add ann --as duellist --side party --at B2",
     "add bo --as duellist --at C2", "odds ann bo --react bo=block"),
])
def test_a_rulesets_odds_read_at_80_columns(lines):
    from shaper_gm.app import new_session
    session = new_session(seed=1)
    for line in lines[:-1]:
        session.execute(line)
    text = drawn(session.execute(lines[-1]).view)
    assert text.startswith("Odds: ") and "hit       " in text
    assert all(len(line) <= 80 for line in text.splitlines()) and "…" not in text, text

"""Odds read as they settle, with summed rolls of a count that is itself a distribution
mixed into one situation (engine/mixing.py), equal the odds of the steps run whole:
every chance, spread and fact, for a pool ruleset's attacks of every size that runs
whole, and for the other rulesets written as data."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.engine import declared_odds, mixing
from shaper_gm.engine.steps import Step
from tests.oddsread import flat


def run_whole(monkeypatch) -> None:
    """Odds from here on run their steps whole (plain steps: no early readings, no
    mixtures), as `engine.steps.exact` weighs them."""
    def whole(steps, ctx, decisions, readings):
        plain = [Step(s.fn, s.name, words_only=s.words_only) for s in steps]
        return mixing.exact_read(plain, ctx, decisions, readings)
    monkeypatch.setattr(declared_odds, "exact_read", whole)


def both(lines: list[str], ask: str, monkeypatch: pytest.MonkeyPatch):
    """The odds `ask` answers after `lines`, read as they settle and run whole."""
    session = new_session(seed=1)
    for line in lines:
        session.execute(line)
    settled = session.execute(ask).view
    with monkeypatch.context() as patched:
        run_whole(patched)
        whole = session.execute(ask).view
    return settled, whole


@settings(max_examples=8, deadline=None)
@given(pool=st.integers(1, 9), dice=st.integers(0, 9), ac=st.integers(0, 7),
       prof=st.integers(0, 3), hp=st.integers(1, 30),
       weapon=st.sampled_from(["halberd", "dagger", "fists"]), bonus=st.integers(-4, 4),
       ability=st.booleans())
def test_pool_odds_equal_the_steps_run_whole(pool, dice, ac, prof, hp, weapon, bonus,
                                             ability):
    dice = min(dice, pool) or pool
    with pytest.MonkeyPatch.context() as monkeypatch:
        settled, whole = both(
            ["new --ruleset dicepool --seed 1",
             f"add a --stat str={pool} --weapon {weapon} --holding {weapon} "
             f"--prof {weapon}={prof} --ability heavy-blow", f"add b --hp {hp} --stat ac={ac}",
             f"set a pool={pool}"],
            f"odds a b --dice {dice} --damage-bonus {bonus}"
            + (" --ability heavy-blow" if ability else ""), monkeypatch)
    assert vars(flat(settled)) == vars(flat(whole))


@pytest.mark.parametrize(("lines", "ask"), [
    (["new --ruleset d20 --seed 1", "add brak --as fighter --side party --at A1",
      "add gob --as goblin --at B1"], "odds brak gob"),
    (["new --ruleset reactions --seed 1", "add ann --as duellist --side party --at A1",
      "add bo --as knight --at B1"], "odds ann bo --react bo=block"),
])
def test_other_rulesets_odds_equal_the_steps_run_whole(lines, ask, monkeypatch):
    settled, whole = both(lines, ask, monkeypatch)
    assert settled == whole

"""The tutorial system of docs/rulesets.md (tests/fixtures/rulesets/duel), found in a GM's
own rulesets folder ($SHAPER_GM_RULESETS): a whole fight played, its odds worked out by
hand, saved, reopened and replayed."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from shaper_gm.engine import registry
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.replay import replay_save
from tests.rulesets.declared.duel import duel_fight

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets"


@pytest.fixture
def duel(monkeypatch):
    return duel_fight(FOLDER, monkeypatch)


def test_a_gms_own_folder_of_yaml_is_a_ruleset(monkeypatch):
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))
    assert "duel" in registry.ids()
    monkeypatch.delenv("SHAPER_GM_RULESETS")
    assert "duel" not in registry.ids()


def test_odds_are_the_rules_worked_out(duel):
    odds = json.loads(duel.execute("odds rook --json").view.text)["targets"][0]
    # 2d6 + 2 >= 7 + 1: 2d6 >= 6, 26 of 36 (U2); double six 1 of 36 (U3)
    assert Fraction(odds["hit"]["exact"]) == Fraction(26, 36)
    assert Fraction(odds["critical"]["exact"]) == Fraction(1, 36)
    # damage: 1d6+1 - armour 2 on a hit (U4), 2d6+1 - 2 on a double six
    normal = sum(Fraction(max(0, f + 1 - 2), 6) for f in range(1, 7))
    double = sum(Fraction(max(0, a + b + 1 - 2), 36) for a in range(1, 7) for b in range(1, 7))
    assert Fraction(odds["damage"]["mean_exact"]) == \
        Fraction(25, 36) * normal + Fraction(1, 36) * double


def test_a_fight_plays_saves_reopens_and_replays(duel, tmp_path):
    duel.execute("strike rook --roll 6,6 --damage 4,5")       # 12 + 2: double six, 4+5+1-2
    assert duel.state.actors["rook"].hp == 14 - 8
    assert duel.log[-1] == "strike ash rook --roll 6,6 --damage 4,5"
    with pytest.raises(GmError) as caught:
        duel.execute("strike rook")                           # the action is spent
    assert "action" in str(caught.value)
    duel.execute("end")
    duel.execute("step D4")                                   # Rook: 1 m, of 3
    assert (duel.state.actors["rook"].zone, duel.state.actors["rook"].resource("steps")) == \
        ("D4", 2)
    assert "D8 is 4 m away; Rook has 2 m left" in _refusal(duel, "step D8")
    duel.execute("end")
    duel.execute("step C3")
    duel.execute("strike rook --roll 5,4 --damage 6")         # 11 >= 8: 6+1-2 = 5
    assert duel.state.actors["rook"].hp == 1
    duel.execute("end")
    duel.execute("end")
    duel.execute("strike rook --roll 3,3 --damage 3")         # 8 >= 8: 3+1-2 = 2
    rook = duel.state.actors["rook"]
    assert (rook.hp, rook.down) == (0, True)
    assert duel.state.over is not None                        # the party has won
    path = tmp_path / "duel.yaml"
    duel.execute(f"save {path}")
    assert replay_save(path).ok
    assert saves.read_save(path).state == duel.state


def _refusal(session, line) -> str:
    with pytest.raises(GmError) as caught:
        session.execute(line)
    return str(caught.value)

"""Saves the Python Dungeoneers ruleset wrote (version 2, the demo; and one mid-fight)
open on the ruleset written as data (content/dungeoneers, its `older_saves`) to the
same wounds, AP, stress, arca, grapples, readied actions and weapons in hand, and their
logs replay to the very state they open to."""

from __future__ import annotations

from pathlib import Path

import yaml

from shaper_gm.persist.replay import replay_save
from shaper_gm.persist.saves import read_save
from tests.rulesets.dungeoneers.test_data_examples import numbers

DEMO = Path(__file__).resolve().parents[3] / "saves" / "dungeoneers-demo.yaml"


def as_data(path: Path, out: Path) -> Path:
    """A copy of the save, opened where it lies (its ruleset's id is the same)."""
    out.write_bytes(path.read_bytes())
    return out


def opened(path: Path):
    """The state the save opens to, as a session's for `numbers`."""
    class Opened:
        state = read_save(path).state
    return Opened


def test_the_demo_save_opens_and_replays_on_the_data_version(tmp_path, same):
    old = as_data(DEMO, tmp_path / "demo.yaml")
    assert yaml.safe_load(DEMO.read_text())["version"] == 2
    report = replay_save(old)
    assert report.ok, report.message
    data = opened(old)
    assert same(numbers(data))
    freya = data.state.actors["freya"]
    assert (freya.hp, freya.max_hp) == (12, 12)
    assert dict(freya.sheet["proficiencies"]) == {"striking": "trained", "dodging": "expert",
                                                  "grappling": "trained"}


# The Python ruleset's save (version 3) of: add freya --as freya --at B2, add skeleton --as
# skeleton --at C2, add suori --as suori --at C3, start, grapple freya skeleton --roll 5
# --dodge 2 (freya grapples it, D24), interact suori --stow warhammer --draw dagger (D22),
# ready skeleton strike (D9), damage suori 14 --direct (14 of 12: kept past it); seed 3
MID_FIGHT = Path(__file__).resolve().parents[2] / "fixtures" / "dungeoneers-mid-fight.yaml"


def test_a_save_written_mid_fight_opens_to_the_same_numbers(tmp_path, same):
    """D9, D19, D22, D24: a grapple, a readied strike, a weapon drawn, wounds past the
    limit (the Python record's fields, its wounds resource, no hit points)."""
    assert yaml.safe_load(MID_FIGHT.read_text())["version"] == 3
    old = as_data(MID_FIGHT, tmp_path / "data.yaml")
    data = opened(old)
    assert same(numbers(data))
    suori, skeleton = data.state.actors["suori"], data.state.actors["skeleton"]
    assert (suori.resource("wounds"), suori.hp, suori.down) == (14, 0, True)
    assert suori.sheet["holding"] == ("dagger",)
    assert {e.name for e in skeleton.effects} == {"ready-strike", "grappled"}
    assert {e.name for e in data.state.actors["freya"].effects} == {"grappling"}
    report = replay_save(old)
    assert report.ok, report.message

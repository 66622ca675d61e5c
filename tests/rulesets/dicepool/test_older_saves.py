"""A save the dice pool's Python version wrote (version 2: a sheet with its `kind`, stats
and proficiencies as pairs, the weapon in hand in the actor's `system`, no `reactions`)
opens on the ruleset written as data (`older_sheets:` of content/dicepool/ruleset.yaml)
and its log replays to the very state it holds."""

from __future__ import annotations

from pathlib import Path

import yaml

from shaper_gm.persist.replay import replay_save
from shaper_gm.persist.saves import read_save

DEMO = Path(__file__).resolve().parents[3] / "saves" / "dicepool-demo.yaml"


def test_the_python_rulesets_demo_save_opens_and_replays_to_the_same_state():
    assert yaml.safe_load(DEMO.read_text())["actors"]["freya"]["sheet"]["kind"] == "character"
    assert replay_save(DEMO).ok
    freya = read_save(DEMO).state.actors["freya"]
    assert dict(freya.sheet["stats"]) == {"str": 4, "dex": 2, "con": 2}
    assert dict(freya.sheet["proficiencies"]) == {"longsword": 1, "dagger": 1}
    assert (freya.sheet["holding"], freya.sheet["held_stat"]) == ("longsword", "str")
    assert dict(freya.resources) == {"pool": 5, "actions": 2, "reactions": 1}   # backfill


def test_the_weapon_in_hand_comes_from_what_the_actor_kept(tmp_path):
    """P7: a wield was kept in the actor's `system`, over the sheet's starting weapon; the
    pool's stat (P2) is that weapon's."""
    data = yaml.safe_load(DEMO.read_text())
    data["actors"]["kit"]["system"]["holding"] = "dagger"
    path = tmp_path / "wielded.yaml"
    path.write_text(yaml.safe_dump(data))
    kit = read_save(path).state.actors["kit"]
    assert (kit.sheet["holding"], kit.sheet["held_stat"]) == ("dagger", "dex")

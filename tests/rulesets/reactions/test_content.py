"""content/reactions/: the shipped library (a ruleset written as data), its provisional
marks, the rulings' numbers read from its ruleset.yaml, and a folder without one
refused."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from shaper_gm.content.schema import ContentError
from shaper_gm.engine import registry
from shaper_gm.engine.stepkit import Facts
from tests.rulesets.reactions.conftest import AttackRequest, attack, started, tape


def test_the_source_duellists_carry_the_source_numbers(library):
    duellist = library.item("creatures", "duellist")
    assert (duellist["critical_bonus"], duellist["physical_armor"], duellist["magical_armor"],
            duellist["block_bonus"]) == (10, 6, 6, 8)
    weapons = [library.item("weapons", w) for w in duellist["weapons"]]
    assert {(w["type"], w["power"]) for w in weapons} == {("physical", 24), ("magical", 24)}
    assert max(w["range"] for w in weapons if w["type"] == "magical") >= 4     # example B
    assert "critical_bonus" not in duellist["provisional"]
    assert {"health", "block", "dodge", "critical"} <= set(duellist["provisional"])


def test_every_invented_item_is_marked_provisional(library):
    source = {"duelling-sword", "spellblade"}
    for attack_id, item in library.kind("weapons").items():
        assert item.get("provisional") or attack_id in source, attack_id
    assert all(shield["provisional"] for shield in library.kind("shield").values())
    assert all(sheet["provisional"] == ("*",) for cid, sheet in
               library.kind("creatures").items() if cid != "duellist")
    types = {item["type"] for item in library.kind("weapons").values()}
    assert types == {"physical", "magical", "true"}


def test_the_rulings_values_are_read_from_the_file(library):
    rs = registry.build("reactions", replace(library, numbers=Facts(
        {**library.numbers, "dodge_cost": 1})))          # ruleset.yaml: dodge_cost: 1
    state = started(rs, ("ann", "party", "B2"),
                    ("bo", "enemies", "C2", "duellist", {"reactions": 1}))
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"),
                       tape({"dodge": [15]}, [("bo", "dodge")]))
    assert out.dodged and out.reactions_spent == 1


def test_a_missing_ruleset_file_is_refused(tmp_path):
    from shaper_gm.rulesets.data.library import load
    folder = tmp_path / "reactions"
    shutil.copytree(registry.written_as_data()["reactions"], folder)
    (folder / "ruleset.yaml").unlink()
    with pytest.raises(ContentError, match="ruleset.yaml is missing"):
        load(folder)

"""content/reactions/: the shipped library, its provisional marks, and one ContentError
naming file, item and key for every problem."""

from __future__ import annotations

import copy

import pytest

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import ContentError
from shaper_gm.rulesets.reactions import build
from shaper_gm.rulesets.reactions.content import build_library
from tests.rulesets.reactions.conftest import AttackRequest, attack, started, tape


@pytest.fixture(scope="module")
def files():
    return ruleset_files("reactions")


def edited(files, name, change):
    out = copy.deepcopy(files)
    for display, data in out:
        if display.endswith(f"/{name}"):
            change(data)
    return out


def test_the_source_duellists_carry_the_source_numbers(library):
    duellist = library.creature("duellist")
    assert (duellist.critical_bonus, duellist.physical_armor, duellist.magical_armor,
            duellist.block_bonus) == (10, 6, 6, 8)
    weapons = [library.attack(w) for w in duellist.weapons]
    assert {(w.type, w.power) for w in weapons} == {("physical", 24), ("magical", 24)}
    assert max(w.range for w in weapons if w.type == "magical") >= 4     # example B
    assert "critical_bonus" not in duellist.provisional
    assert {"health", "block", "dodge", "critical"} <= set(duellist.provisional)


def test_every_invented_item_is_marked_provisional(library):
    source = {"duelling-sword", "spellblade"}
    for attack_id, item in library.attacks:
        assert item.provisional or attack_id in source, attack_id
    assert all(shield.provisional for _, shield in library.shields)
    assert all(sheet.provisional == ("*",) for cid, sheet in library.creatures
               if cid != "duellist")
    assert {"roll_die", "per_turn", "initiative_die", "dodge_reach"} <= set(
        library.numbers.provisional)
    types = {item.type for _, item in library.attacks}
    kinds = {(item.kind, item.type) for _, item in library.attacks}
    assert types == {"physical", "magical", "true"}
    assert {("spell", t) for t in types} <= kinds and {("weapon", t) for t in types} <= kinds


def test_the_rulings_values_are_read_from_the_file(files):
    lib = build_library(edited(files, "ruleset.yaml",
                               lambda d: d["reaction_costs"].update(dodge=1)))
    rs = build(lib)
    state = started(rs, ("ann", "party", "B2"),
                    ("bo", "enemies", "C2", "duellist", {"reactions": 1}))
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"),
                       tape({"dodge": [15]}, [("bo", "dodge")]))
    assert out.dodged and out.reactions_spent == 1


def test_an_unquoted_true_type_means_the_true_type(files):
    lib = build_library(edited(files, "weapons.yaml",
                               lambda d: d["soul-touch"].update(type=True)))
    assert lib.attack("soul-touch").type == "true"


def test_every_problem_is_reported_at_once_with_file_item_and_key(files):
    def break_ruleset(data):
        data["shield_soaks"] = "some"
        data["default_sheet"].pop("dodge")
        data["reaction_costs"] = {"block": 1}

    def break_creatures(data):
        data["skeleton"]["block"] = 30
        data["knight"]["weapons"] = ["halberd"]
        data["wraith"]["armour"] = 3
        data["Bad Id"] = {"name": "x"}

    def break_weapons(data):
        data["shortbow"]["type"] = "fire"
        del data["war-axe"]["power"]

    broken = edited(edited(edited(files, "ruleset.yaml", break_ruleset), "creatures.yaml",
                           break_creatures), "weapons.yaml", break_weapons)
    with pytest.raises(ContentError) as err:
        build_library(broken)
    found = "\n".join(err.value.errors)
    for expected in (
            "content/reactions/ruleset.yaml: line 20: key 'shield_soaks': expected one of all, "
            "true_only; got 'some'",
            "content/reactions/ruleset.yaml: line 37: key 'default_sheet.dodge': missing "
            "(required)",
            "content/reactions/ruleset.yaml: line 14: key 'reaction_costs.dodge': missing "
            "(required)",
            "content/reactions/creatures.yaml: line 28: item 'skeleton': key 'block': expected a "
            "whole number from 1 to 21, got 30",
            "content/reactions/creatures.yaml: line 69: item 'knight': key 'weapons[0]': no weapon "
            "or spell 'halberd'",
            "content/reactions/creatures.yaml: line 73: item 'wraith': key 'armour': unknown key",
            "content/reactions/creatures.yaml: item 'Bad Id': key 'id': item id must be",
            "content/reactions/weapons.yaml: line 31: item 'shortbow': key 'type': expected one of "
            "physical, magical, true; got 'fire'",
            "content/reactions/weapons.yaml: line 39: item 'war-axe': key 'power': missing "
            "(required)"):
        assert expected in found, expected
    assert len(err.value.errors) == 9


def test_a_missing_ruleset_file_and_a_stray_file_are_refused(files):
    with pytest.raises(ContentError, match="ruleset.yaml is missing"):
        build_library([f for f in files if not f[0].endswith("ruleset.yaml")])
    with pytest.raises(ContentError, match="stray.yaml: unknown file"):
        build_library([*files, ("content/reactions/stray.yaml", {})])

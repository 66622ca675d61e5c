"""The shipped time-slice content, and the loader's collected errors."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

import copy

import pytest

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import ContentError
from shaper_gm.errors import GmError
from shaper_gm.rulesets.timeslice import build
from shaper_gm.rulesets.timeslice.content import build_library

from .conftest import fight  # noqa: F401  (the commands' harness, for the tests of add)
from .python_harness import library  # noqa: F401  (its fixture: the Python content)


def test_shipped_numbers_follow_the_rulings(library):
    n = library.numbers
    assert (n.stat_roll, n.zero_faces, n.stat_average, n.ts_default) == ("2d10", True, 10, 10)
    assert dict(n.costs) == {"attack": 3, "move": 2, "draw": 1, "pick_up": 2, "tend": 3}
    assert [(d.id, d.stat, d.cost, d.needs_weapon) for d in n.defenses] == [
        ("dodge", "q", 0, False), ("parry", "v", 0, True), ("brace", "u", 0, False)]
    assert [(c.id, c.modifier, c.damage, c.ts_loss, c.drops_weapon) for c in n.called_shots] \
        == [("head", -4, 2, 0, False), ("limb", -2, 0, 2, False), ("weapon", -3, 0, 0, True)]
    assert (n.dying_minutes, n.attack_on_dying_minutes, n.heal_minutes_per_point) == (5, 1, 1)
    assert (n.heal_wakes, n.round_seconds, n.unit_meters, n.diagonal_step) == (False, 6, 1, 1)
    assert {"ts_default", "defenses", "called_shots", "round_seconds", "costs.move"} \
        <= set(n.provisional)
    assert "costs.tend" not in n.provisional and "dying_minutes" not in n.provisional


def test_shipped_party_and_enemies(library):
    players = sorted(t.id for t in library.templates.values() if t.player)
    assert players == ["ida", "kara", "ren"]
    assert {"guard", "sniper", "brute"} <= set(library.templates)
    assert library.templates["guard"].weapons == ("spear",)
    assert "medical-kit" in library.templates["ida"].gear
    assert all(t.provisional for t in library.templates.values())
    assert all(w.provisional for w in library.weapons.values())


def raw_files():
    return copy.deepcopy(ruleset_files("timeslice"))


def patched(change) -> list:
    files = raw_files()
    for display, data in files:
        change(display.rsplit("/", 1)[-1], data)
    return files


def test_every_problem_is_collected_with_file_item_and_key():
    def change(name, data):
        if name == "ruleset.yaml":
            data["costs"].pop("tend")
            data["defenses"]["dodge"]["stat"] = "z"
            data["called_shots"]["head"]["modifer"] = -4
            data["provisional"].append("no_such_key")
        elif name == "characters.yaml":
            data["kara"]["weapons"] = ["sword", "bazooka"]
            data["ida"]["hp"] = 0
        elif name == "weapons.yaml":
            data["spear"]["damage"] = "5"

    with pytest.raises(ContentError) as caught:
        build_library(patched(change))
    errors = caught.value.errors
    joined = "\n".join(errors)
    assert "ruleset.yaml: line 20: key 'costs.tend': missing (required)" in joined
    assert "key 'defenses.dodge.stat': expected one of q, u, v; got 'z'" in joined
    assert "key 'called_shots.head.modifer': unknown key (did you mean 'modifier'?)" in joined
    assert "key 'provisional': 'no_such_key' is not a key of this file" in joined
    assert "characters.yaml: line 9: item 'kara': key 'weapons[1]': no weapon 'bazooka'" in joined
    assert "characters.yaml: line 29: item 'ida': key 'hp': expected a whole number" in joined
    assert "weapons.yaml: line 5: item 'spear': key 'damage': expected a whole number" in joined


def test_missing_ruleset_file_and_stray_files():
    files = [f for f in raw_files() if not f[0].endswith("ruleset.yaml")]
    files.append(("content/timeslice/spells.yaml", {}))
    with pytest.raises(ContentError) as caught:
        build_library(files)
    joined = "\n".join(caught.value.errors)
    assert "spells.yaml: unknown file: not a time-slice content file" in joined
    assert "timeslice: ruleset.yaml is missing" in joined


def test_duplicate_template_ids_across_files():
    files = raw_files()
    files.append(("content/timeslice/creatures/more.yaml", {"guard": {"name": "Guard 2"}}))
    with pytest.raises(ContentError, match=r"more.yaml: item 'guard': key 'id': duplicate id"):
        build_library(files)


def test_make_actor_from_template_overrides_and_flags(fight):
    fight.add("kara", "kara", zone="B2", numbers={"v": 15, "hp": 20})
    kara = fight.actor("kara")
    assert (kara.sheet.q, kara.sheet.u, kara.sheet.v, kara.sheet.hp, kara.sheet.dr,
            kara.sheet.ts_max, tuple(kara.sheet.weapons), kara.sheet.armor,
            kara.sheet.player) == (11, 10, 15, 20, 2, 10, ("sword", "knife"), "mail", True)
    assert (kara.hp, kara.max_hp, kara.zone, kara.resource_map()) == (20, 20, "B2", {"ts": 10})
    assert fight.info("kara").held == "sword"
    fight.add("thug", side="foes", numbers={"dr": 1},
              extra={"weapon": ["maul"], "armor": "leather", "npc": True})
    thug = fight.actor("thug")
    assert (thug.sheet.dr, tuple(thug.sheet.weapons), thug.sheet.q) == (1, ("maul",), 10)
    assert thug.sheet.ts_max == 10 and fight.ts("thug") == 10
    fight.add("p", side="foes", extra={"armor": "plates"})
    assert fight.actor("p").sheet.dr == 3 and fight.info("p").held is None


@pytest.mark.parametrize("line,message", [
    ("add x --as dragon", "no template 'dragon'"),
    ("add x --stat str=3", "sheets have q, u, v, dr, ts_max"),
    ("add x --stat q=-1", "q=-1 is out of range: expected a whole number of at least 0"),
    ("add x --hp 0", "--hp 0 is out of range: expected a whole number of at least 1"),
    ("add x --prof sword=1", "unknown flag --prof"),      # time-slice actors have none
    ("add x --weapon laser", "no weapon 'laser'"),
    ("add x --armor robe", "no armor 'robe'"),
    ("add x --gear rope", "no gear 'rope'"),
])
def test_make_actor_refusals(fight, line, message):
    before = fight.state
    with pytest.raises(GmError, match=message):
        fight.execute(line)
    assert fight.state is before


def test_build_loads_the_shipped_content_and_the_ruleset_interface(library):
    rs = build()
    assert rs.library is library or rs.library == library
    assert (rs.id, rs.rules, rs.has_hp) == ("timeslice", "T1-T17", True)
    assert rs.sheet_numbers == ("q", "u", "v", "dr", "ts_max")
    assert rs.resource_names() == ["ts"] and rs.turn_order.kind == "passes"
    assert set(rs.effect_keys) == {"attack", "damage", "dr", "defense", "dodge", "parry",
                                   "brace"}

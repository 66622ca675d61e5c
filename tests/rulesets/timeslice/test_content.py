"""The shipped time-slice content written as data, and the data reader's collected errors."""

# ruff: noqa: F811  (the commands' harness's fixture is imported by name)
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.content.folders import read_yaml
from shaper_gm.errors import GmError
from shaper_gm.rulesets.data.library import RulesetFileError, load

from .conftest import fight  # noqa: F401  (the commands' harness, for the tests of add)


def data_folder() -> Path:
    """The content folder that plays the time slices (content/timeslice/, or its copy
    under a test's content)."""
    from shaper_gm.places import data_rulesets
    return data_rulesets()["timeslice"]


def data_library():
    return load(data_folder())


def test_shipped_numbers_follow_the_rulings():
    """ruleset.yaml of the data version: the numbers of T1-T17 by its names, and which
    keys no source states (`provisional`)."""
    lib = data_library()
    n = lib.numbers
    assert (lib.initiative["roll"].text, dict(n["zero_read"])["sides"], n["stat_average"],
            lib.default_sheet["ts_max"]) == ("2d10 + q - 10", 10, 10, 10)   # T1-T4
    assert {k: n[f"{k}_cost"] for k in ("attack", "move", "draw", "pick_up", "tend")} == {
        "attack": 3, "move": 2, "draw": 1, "pick_up": 2, "tend": 3}          # T7
    attack = dict(lib.actions)["attack"]
    flags = {f.name: f for f in attack.flags}
    assert tuple(flags["defense"].choices) == ("dodge", "parry", "brace")   # T10's order
    assert [n[f"{k}_cost"] for k in ("dodge", "parry", "brace")] == [0, 0, 0]
    assert tuple(flags["called"].choices) == ("head", "limb", "weapon")     # T11
    assert (n["head_modifier"], n["head_damage"], n["limb_modifier"], n["limb_ts_loss"],
            n["weapon_modifier"]) == (-4, 2, -2, 2, -3)
    assert (n["dying_seconds"], n["attack_on_dying"], n["heal_per_point"]) == (300, 60, 60)
    assert (n["heal_wakes"], n["round_seconds"], n["cell_size"], n["diagonal_size"]) == \
        (0, 6, 1, 1)                                                         # T14, T15, T17
    provisional = set(read_yaml(data_folder() / "ruleset.yaml", "ruleset.yaml")["provisional"])
    assert {"default_sheet", "numbers.dodge_cost", "numbers.head_modifier",
            "numbers.round_seconds", "numbers.move_cost"} <= provisional
    assert "numbers.tend_cost" not in provisional and "numbers.dying_seconds" not in provisional


def test_the_parry_needs_a_held_weapon_and_a_weapon_shot_drops_it(fight):
    """T10, T11: what the Python numbers held as a defense's needs_weapon and a called
    shot's drops_weapon, played."""
    fight.add("kara", "kara").add("thug", None, side="foes").start()
    with pytest.raises(GmError, match=r"a parry needs a held weapon"):
        fight.execute("attack kara thug --defense parry")
    fight.add("guard", "guard", side="foes")
    fight.execute("attack kara guard --called weapon --roll 9,9 --defend 0,0")
    assert fight.info("guard").held is None and fight.info("guard").dropped == ("spear",)


def test_shipped_party_and_enemies():
    lib = data_library()
    templates = {**lib.kind("characters"), **lib.kind("creatures")}
    players = sorted(t_id for t_id, t in templates.items() if t.get("player"))
    assert players == ["ida", "kara", "ren"]
    assert {"guard", "sniper", "brute"} <= set(templates)
    assert tuple(templates["guard"]["weapons"]) == ("spear",)
    assert "medical-kit" in templates["ida"]["gear"]
    assert all(t.get("provisional") for t in templates.values())
    assert all(w.get("provisional") for w in lib.kind("weapons").values())


def copied(tmp_path: Path) -> Path:
    folder = tmp_path / "timeslice"
    shutil.copytree(data_folder(), folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    text = (folder / name).read_text(encoding="utf-8")
    assert old in text, (name, old)
    (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(folder: Path) -> str:
    with pytest.raises(RulesetFileError) as caught:
        load(folder)
    return "\n".join(caught.value.errors)


def test_every_problem_is_collected_with_file_item_and_key(tmp_path):
    """Every mistake of the files at once, each naming its file, line, item and key."""
    folder = copied(tmp_path)
    edit(folder, "actions.yaml", "  aliases: [a, hit, shoot]", "  alias: [a, hit, shoot]")
    edit(folder, "ruleset.yaml", "default_sheet]", "default_sheet, no_such_key]")
    edit(folder, "characters.yaml", "weapons: [sword, knife]", "weapons: [sword, bazooka]")
    edit(folder, "characters.yaml", "u: 13, v: 10, hp: 12", "u: 13, v: 10, hp: 0")
    joined = problems(folder)
    assert "key 'provisional': 'no_such_key' is not a key of this file" in joined
    assert "characters.yaml: line 5: item 'kara': key 'weapons[1]': no weapon 'bazooka'" \
        in joined
    assert "characters.yaml: line 8: item 'ida': key 'hp': expected a whole number from 1" \
        in joined
    assert "actions.yaml: line 10: item 'attack': key 'alias': an action has no such key" in joined


def test_missing_ruleset_file(tmp_path):
    folder = copied(tmp_path)
    (folder / "ruleset.yaml").unlink()
    assert "timeslice: ruleset.yaml is missing" in problems(folder)


def test_duplicate_template_ids_across_files(tmp_path):
    folder = copied(tmp_path)
    (folder / "creatures").mkdir()
    (folder / "creatures" / "more.yaml").write_text("guard: {name: Guard 2}\n",
                                                     encoding="utf-8")
    assert "item 'guard': key 'id': creatures 'guard' is in creatures/more.yaml too" \
        in problems(folder)


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


def test_build_loads_the_shipped_content_and_the_ruleset_interface(fight):
    rs = fight.session.ruleset_for(fight.state)
    assert (rs.id, rs.rules, rs.has_hp) == ("timeslice", "T1-T17", True)
    assert {"q", "u", "v", "dr", "ts_max"} <= set(rs.sheet_numbers)
    assert rs.resource_names() == ["ts"] and rs.turn_order.kind == "passes"
    assert set(rs.effect_keys) == {"attack", "damage", "dr", "defense", "dodge", "parry",
                                   "brace"}

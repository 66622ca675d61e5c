"""The shipped content library loads and holds what the Shaper source shows. The items
are read as the ruleset playing `shaper` reads them (shipped.py: the Python ruleset's
library or the data version's, the same item files), and the templates' sides and HP
through `add`; a sheet file through `add --as PATH`. The Python loader's own tests (its
default folder and its cache) read its library from the checkout's
content/shaper, the Python version's until the switch, whatever SHAPER_GM_CONTENT
names (`--as-data shaper` points it at the data version); test_ruleset_numbers reads
the library of SHAPER_GM_CONTENT, as it did."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.commands import new_session
from shaper_gm.content.folders import folder_files
from shaper_gm.content.yamlio import load_yaml_file
from shaper_gm.errors import GmError
from shaper_gm.rulesets.shaper.content.loader import clear_cache, load_library

from .shipped import Item, Shipped

SHIPPED = Path(__file__).resolve().parents[4] / "content"


@pytest.fixture(scope="module")
def lib():
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SHAPER_GM_CONTENT", raising=False)
        return load_library()


@pytest.fixture
def python_content(monkeypatch):
    """The Python loader's default folder: the checkout's content."""
    monkeypatch.delenv("SHAPER_GM_CONTENT", raising=False)


@pytest.fixture(scope="module")
def shipped():
    return Shipped()


def test_every_shipped_file_loads_and_every_item_is_in_the_library(shipped):
    # the files of items (the declaration files at the top are read on their own)
    files = [file.path for file in folder_files(SHIPPED / "shaper")]
    assert len(files) >= 8
    for path in files:
        if path.name == "ruleset.yaml":          # the ruleset itself: the session plays it
            assert shipped.session.state.ruleset == "shaper"
            continue
        ids = list(load_yaml_file(path))
        assert ids, path
        for item_id in ids:
            assert item_id in getattr(shipped, path.parent.name), (path, item_id)


def test_default_root_is_the_checkout_content_folder(lib, python_content):
    assert load_library(SHIPPED) is lib   # same resolved folder, same cached library


def test_env_var_points_at_another_library(content_copy, monkeypatch):
    (content_copy / "shaper" / "weapons" / "extra.yaml").write_text(
        "club:\n  name: Club\n  kind: melee\n  damage: 1d6\n", encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(content_copy))
    assert "club" in load_library().weapons


def test_loading_is_cached(python_content):
    clear_cache()
    first = load_library()
    assert load_library() is first
    clear_cache()
    assert load_library() is not first and load_library() == first


def test_ruleset_numbers():
    """The numbers of the ruleset playing `shaper`: the Python library's records, read
    whichever content SHAPER_GM_CONTENT names (not yet ported onto the data version,
    where they are its ruleset.yaml's numbers, resources and actions' costs)."""
    rs = load_library().rulesets["shaper"]
    assert (rs.basic_roll, rs.critical_threshold, rs.critical_dice) == ("3d6", 9, "1d6")
    assert rs.pool.as_dict() == {"major": 3, "minor": 1, "free": 1}
    assert dict(rs.substitutions) == {"minor": ("major",), "free": ("minor", "major")}
    majors = {"attack", "move", "skill", "cast", "pickup_close", "switch_weapons"}
    minors = {"draw", "sheathe", "reload", "raise_shield", "engage", "disengage",
              "switch_grip", "pickup_melee"}
    assert {a for a, k in rs.costs if k == "major"} == majors
    assert {a for a, k in rs.costs if k == "minor"} == minors
    assert {a for a, k in rs.costs if k == "free"} == {"say", "drop"}
    assert (rs.skill_sp_cost, rs.skill_max_level, rs.hands, rs.base_hp) == (1, 4, 2, 10)
    assert rs.bonus("vigor", "hp") == 3 and rs.bonus("vigor", "melee_damage") == 1
    assert rs.bonus("vigor", "melee_attack") == 1
    assert rs.bonus("finesse", "ranged_attack") == 1 and rs.bonus("finesse", "evasion") == 1
    assert rs.bonus("mentality", "spell_cost_reduction") == 1
    assert rs.bonus("mentality", "spell_bonus") == 1
    assert "ability_bonuses" in rs.provisional_keys
    first = rs.level_row(1)
    assert (first.ability_points, first.skills, first.sp, first.sp_regen) == (1, 1, 1, 1)
    assert not first.provisional
    assert [r.level for r in rs.levels] == list(range(1, 11))
    assert all(r.provisional for r in rs.levels[1:])
    assert all(r.ability_points == r.level and r.skills == r.level for r in rs.levels)
    assert rs.diagonal == "shaper"
    assert rs.band_names == ("Close", "Short", "Medium", "Long")
    assert (rs.beyond_max_range_bands, rs.base_spell_range, rs.spell_min_mentality) == (1, 0, 1)
    assert (rs.grid_cols, rs.grid_rows) == (5, 5)
    assert rs.outnumbered and rs.firing_into_melee and rs.turn_order_ability == "finesse"


def test_source_weapons(shipped):
    w = shipped.weapons
    assert (w["longsword"].kind, w["longsword"].damage, w["longsword"].hands) == ("melee",
                                                                               "1d6+3", 1)
    bow = w["longbow"]
    assert (bow.kind, bow.damage, bow.pierce, bow.range, bow.hands) == ("ranged", "1d6+3", 2,
                                                                         3, 2)
    assert bow.ammo
    xbow = w["crossbow"]
    assert xbow.kind == "ranged" and xbow.pierce == 4 and xbow.reload and xbow.provisional
    wand = w["wand"]
    assert wand.kind == "focus" and wand.spell_range_bonus == 1 and wand.hands == 1
    great = w["greatsword"]
    assert (great.kind, great.damage, great.hands, great.provisional) == ("melee", "2d6", 2,
                                                                          True)
    assert not w["longsword"].provisional and not bow.provisional


def test_armor_shield_and_spell(shipped):
    armor = shipped.armor
    assert armor["armor-t1"].defense == "1d6" and armor["armor-t1"].tier == 1
    assert armor["armor-t2"].defense == "1d6+3" and armor["armor-t2"].tier == 2
    shield = shipped.shields["shield"]
    assert (shield.evasion, shield.hands) == (1, 1)
    spell = shipped.spells["spell"]
    assert spell.kind == "spell" and spell.magic and spell.range == 0
    assert spell.damage == "1d6+3" and spell.provisional
    # a hand item is a weapon (the wand, a focus) or a shield, no kind holding both
    assert "wand" not in shipped.shields and "shield" not in shipped.weapons


SKILLS = {
    # id: (category, primary, secondary, effects)
    "piercing-strike": ("finesse", ("on_attack",), ("ranged",),
                        [dict(type="extra_dice", dice="1d6", roll="pierce", per="finesse")]),
    "thread-the-needle": ("finesse", ("on_attack",), ("ranged",),
                          [dict(type="remove_disadvantage", source="firing_into_melee")]),
    "longshot": ("finesse", ("on_attack",), ("ranged",),
                 [dict(type="range_bands", amount=1),
                  dict(type="damage_bonus", amount=1, when="at_max_range")]),
    "overswing": ("vigor", ("on_attack",), ("melee",),
                  [dict(type="extra_targets", targets="all_engaged_enemies"),
                   dict(type="damage_bonus", amount=1)]),
    "retreat": ("general", ("reaction",), (), [dict(type="disengage")]),
    "step-up": ("vigor", ("reaction",), ("melee",), [dict(type="engage")]),
    "energy-shield": ("mentality", ("anytime",), ("spell",), [dict(type="absorb", amount=2)]),
    "charm": ("mentality", ("anytime",), ("spell",),
              [dict(type="attack_bonus", amount=1), dict(type="damage_bonus", amount=1)]),
    "minion": ("mentality", ("anytime",), ("spell",),
               [dict(type="summon", creature="minion", armor_per_mentality="armor-t1",
                     bonuses={"attack": 1, "evasion": 1, "hp": 3})]),
}


@pytest.mark.parametrize("skill_id", sorted(SKILLS))
def test_source_skills(shipped, skill_id):
    category, primary, secondary, effects = SKILLS[skill_id]
    skill = shipped.skills[skill_id]
    assert (skill.category, skill.primary, tuple(skill.secondary or ())) == (
        category, primary, secondary)
    assert list(skill.effects) == effects


def test_skill_targets_and_durations(shipped):
    s = shipped.skills
    assert (s["energy-shield"].target, s["energy-shield"].duration) == ("self", "used_up")
    assert (s["charm"].target, s["charm"].duration, s["charm"].range) == (
        "ally", "start_of_caster_turn", "spell")
    # a spell skill: secondary 'spell' (S25)
    assert "spell" in s["charm"].secondary and "spell" in s["minion"].secondary
    assert "spell" not in s["overswing"].secondary
    assert s["step-up"].target == "enemy"


def test_minion_and_battle_enemies(shipped):
    minion = shipped.creatures["minion"]
    assert minion.summoned and minion.pool == {"major": 1, "minor": 1, "free": 0}
    assert minion.hp and minion.weapons and minion.side is None
    assert shipped.creatures["crossbowman"].armor is None
    assert "crossbow" in shipped.creatures["crossbowman"].weapons
    assert shipped.creatures["reaver"].skills.keys() == {"overswing", "retreat"}
    for creature_id, sheet in shipped.creatures.items():
        if not sheet.summoned:
            assert shipped.added(creature_id).side == "enemies", creature_id


def test_the_party_of_the_worked_battle(shipped):
    josh, monica, taylor = (shipped.characters[n] for n in ("josh", "monica", "taylor"))
    for name in ("josh", "monica", "taylor"):
        sheet = shipped.characters[name]
        assert shipped.added(name).side == "party" and sheet.level == 3
        assert len(sheet.skills) == 3 and all(level == 1 for level in sheet.skills.values())
        # a level's ability points: its number (S29)
        assert (sheet.vigor or 0) + (sheet.finesse or 0) + (sheet.mentality or 0) <= 3
    assert josh.finesse == 1 and "longbow" in josh.weapons and josh.armor is None
    assert josh.skills.keys() == {"piercing-strike", "thread-the-needle", "longshot"}
    assert monica.vigor == 1 and not monica.finesse
    assert {"longsword", "greatsword"} <= set(monica.weapons)
    assert monica.shield == "shield" and monica.holding == ("shield",)
    assert monica.armor == "armor-t2"
    assert {"overswing", "step-up"} <= monica.skills.keys()
    assert (taylor.vigor, taylor.mentality) == (1, 1) and "wand" in taylor.weapons
    assert shipped.added("taylor").max_hp == 13      # 10 + 3 for her Vigor 1 (S27, S28)
    assert taylor.skills.keys() == {"charm", "minion", "energy-shield"}


def test_generic_items_are_provisional(shipped):
    for path in SHIPPED.rglob("generic.yaml"):
        folder = getattr(shipped, path.parent.name)
        for item_id in load_yaml_file(path):
            assert folder[item_id].provisional, (path, item_id)


def test_a_sheet_file_plain_and_keyed(tmp_path):
    """add ID --as PATH reads a sheet file: the sheet's keys at its top (its id the
    file's name), or one `id: {sheet}` entry as content/shaper's files write them; a
    file's kind is creature or character, character unless given (its side, party,
    where the file names none). Ported from the Python loader's load_sheet_file onto
    add, whichever version plays shaper: the same id, kind, numbers, items and skills."""
    plain = tmp_path / "gorm.yaml"
    plain.write_text("name: Gorm\nkind: creature\nvigor: 1\nweapons: [mace]\n"
                     "holding: [mace]\nside: enemies\n", encoding="utf-8")
    keyed = tmp_path / "hero.yaml"
    keyed.write_text("ayla:\n  name: Ayla\n  finesse: 1\n  weapons: [shortbow]\n"
                     "  skills: [aimed-shot]\n", encoding="utf-8")
    sideless = tmp_path / "orc.yaml"
    sideless.write_text("name: Orc\nkind: creature\nweapons: [mace]\n", encoding="utf-8")
    s = new_session(ruleset="shaper", seed=1)
    for actor, path in (("gorm", plain), ("ayla", keyed), ("orc", sideless)):
        s.execute(f"add {actor} --as {path}")
    gorm, ayla, orc = (s.state.actors[a] for a in ("gorm", "ayla", "orc"))
    sheet = Item(gorm.sheet)
    assert (gorm.template, gorm.side, sheet.vigor, sheet.holding) == ("gorm", "enemies", 1,
                                                                     ("mace",))
    assert orc.side == "enemies"                 # a creature's side
    assert (ayla.template, ayla.side, Item(ayla.sheet).skills) == ("ayla", "party",
                                                                   {"aimed-shot": 1})


def test_a_sheet_file_with_problems_is_refused(tmp_path):
    """Its first problem in one line, the file and key named; the items it names are
    not checked until its own keys are good (the laser is not named). Ported from the
    Python loader's load_sheet_file onto add."""
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\nweapons: [laser]\nvigor: lots\n", encoding="utf-8")
    s = new_session(ruleset="shaper", seed=1)
    with pytest.raises(GmError) as info:
        s.execute(f"add bad --as {path}")
    line = info.value.message
    assert f"{path}: item 'bad': key 'vigor': expected a whole number" in line
    assert "(and " not in line and "laser" not in line and not s.state.actors

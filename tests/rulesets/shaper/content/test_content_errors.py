"""Broken content is refused with one message per problem naming file, item and key
(the Python ruleset's content loader; what the data version's loader refuses alike:
test_data_content_errors.py, where the shared dice checks moved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.rulesets.shaper.content.loader import ContentError, load_library


def write(root: Path, rel: str, text: str) -> None:
    path = root / "shaper" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def errors(root: Path) -> tuple[str, ...]:
    with pytest.raises(ContentError) as info:
        load_library(root)
    assert str(info.value) == "\n".join(info.value.errors)
    return info.value.errors


def only(root: Path) -> str:
    found = errors(root)
    assert len(found) == 1, found
    return found[0]


def test_bad_dice_expression(content_copy):
    write(content_copy, "weapons/basic.yaml",
          "longsword-2:\n  name: Longsword\n  kind: melee\n  damage: abc\n")
    assert only(content_copy) == ("content/shaper/weapons/basic.yaml: line 4: item "
                                  "'longsword-2': key 'damage': expected a dice expression "
                                  "like 1d6+3, got 'abc'")


def test_wrong_type(content_copy):
    write(content_copy, "weapons/x.yaml",
          "club:\n  name: Club\n  kind: melee\n  damage: 1d6\n  hands: two\n")
    assert only(content_copy).startswith(
        "content/shaper/weapons/x.yaml: line 5: item 'club': key 'hands': "
        "expected a whole number, got 'two'")


def test_unknown_key_suggests_the_right_one(content_copy):
    write(content_copy, "armor/x.yaml", "cloth:\n  name: Cloth\n  defense: 1d6\n  teir: 1\n")
    assert only(content_copy) == ("content/shaper/armor/x.yaml: line 4: item 'cloth': key 'teir': "
                                  "unknown key (did you mean 'tier'?)")


def test_missing_required_field(content_copy):
    write(content_copy, "armor/x.yaml", "cloth:\n  name: Cloth\n")
    assert only(content_copy) == ("content/shaper/armor/x.yaml: line 1: item 'cloth': "
                                  "key 'defense': missing (required)")


@pytest.mark.parametrize("rel,text,key,words,line", [
    ("skills/x.yaml", "s:\n  name: S\n  category: luck\n  primary: [anytime]\n",
     "category", "expected one of general, vigor, finesse, mentality", 3),
    ("skills/x.yaml", "s:\n  name: S\n  category: general\n  primary: [on_sneeze]\n",
     "primary[0]", "expected one of on_attack", 4),
    ("skills/x.yaml", "s:\n  name: S\n  category: general\n  primary: [anytime]\n"
     "  effects:\n    - {type: heal, amount: 2}\n", "effects[0].type",
     "expected one of attack_bonus", 6),
    ("skills/x.yaml", "s:\n  name: S\n  category: general\n  primary: [anytime]\n"
     "  effects:\n    - {type: extra_dice, dice: 1d6}\n", "effects[0].roll",
     "missing (extra_dice effects need it)", 6),
    ("skills/x.yaml", "s:\n  name: S\n  category: general\n  primary: [anytime]\n"
     "  effects:\n    - {type: absorb, amount: 2, creature: minion}\n",
     "effects[0].creature", "does not apply to absorb effects", 6),
    ("skills/x.yaml", "s:\n  name: S\n  category: general\n  primary: [anytime]\n"
     "  duration: forever\n", "duration", "or rounds:N", 5),
    ("weapons/x.yaml", "w:\n  name: W\n  kind: laser\n  damage: 1d6\n", "kind",
     "expected one of melee, ranged, spell, focus", 3),
    ("weapons/x.yaml", "w:\n  name: W\n  kind: ranged\n  damage: 1d6\n", "range",
     "at least 1 band", 1),
    ("spells/x.yaml", "fire:\n  name: Fire\n  kind: melee\n  damage: 1d6\n", "kind",
     "an offensive spell has kind 'spell'", 3),
    ("weapons/x.yaml", "fire:\n  name: Fire\n  kind: spell\n  damage: 1d6\n", "kind",
     "offensive spells belong in content/shaper/spells", 3),
    ("weapons/x.yaml", "club:\n  name: Club\n  damage: 1d6\n", "kind", "missing (required)", 1),
    ("weapons/x.yaml", "rod:\n  name: Rod\n  kind: focus\n  damage: 1d6\n", "damage",
     "a focus does not deal damage", 4),
])
def test_value_outside_the_allowed_set(content_copy, rel, text, key, words, line):
    write(content_copy, rel, text)
    message = only(content_copy)
    item = text.split(":", 1)[0]
    assert message.startswith(f"content/shaper/{rel}: line {line}: item '{item}': "
                              f"key '{key}': "), message
    assert words in message


@pytest.mark.parametrize("text,key,words,line", [
    ("weapons: [laser]", "weapons[0]", "no weapon 'laser'", 3),
    ("armor: armor-t9", "armor", "no armor 'armor-t9'", 3),
    ("shield: buckler", "shield", "no shield 'buckler'", 3),
    ("skills: {overswung: 1}", "skills.overswung", "no skill 'overswung' "
                                                   "(did you mean 'overswing'?)", 3),
    ("weapons: [dagger]\n  holding: [longsword]", "holding", "not among the sheet's weapons", 4),
    ("weapons: [greatsword]\n  shield: shield\n  holding: [greatsword, shield]", "holding",
     "needs 3 hands", 5),
    ("vigor: 2", "level", "more than the 1 ability points of level 1", 1),
    ("skills: {charm: 1}", "skills.charm", "needs 1 point in mentality", 3),
    ("level: 11", "level", "level table ends at level 10", 3),
])
def test_sheet_references_and_budget(content_copy, text, key, words, line):
    write(content_copy, "characters/x.yaml", f"hero:\n  name: Hero\n  {text}\n")
    message = only(content_copy)
    assert message.startswith(
        f"content/shaper/characters/x.yaml: line {line}: item 'hero': key '{key}': "), message
    assert words in message


def test_unknown_summon_and_armor_references(content_copy):
    write(content_copy, "skills/x.yaml",
          "call:\n  name: Call\n  category: mentality\n  primary: [anytime]\n"
          "  secondary: [spell]\n  effects:\n"
          "    - {type: summon, creature: dragon, armor_per_mentality: armor-t7}\n")
    assert errors(content_copy) == (
        "content/shaper/skills/x.yaml: line 7: item 'call': key 'effects[0].creature': "
        "unknown creature 'dragon'",
        "content/shaper/skills/x.yaml: line 7: item 'call': "
        "key 'effects[0].armor_per_mentality': "
        "unknown armor 'armor-t7' (did you mean 'armor-t3'?)",
    )


def test_duplicate_id_across_files(content_copy):
    write(content_copy, "weapons/more.yaml",
          "longsword:\n  name: Other longsword\n  kind: melee\n  damage: 1d6\n")
    message = only(content_copy)
    assert "item 'longsword': key 'id': duplicate id: already defined in " in message
    assert {"content/shaper/weapons/more.yaml", "content/shaper/weapons/source.yaml"} == {
        part.strip() for part in message.replace("already defined in", ":").split(":")
        if part.strip().startswith("content/shaper/")}


def test_hand_items_share_one_id_space(content_copy):
    write(content_copy, "shields/zz-more.yaml", "wand:\n  name: Wand shield\n")
    assert only(content_copy) == (
        "content/shaper/shields/zz-more.yaml: line 1: item 'wand': key 'id': "
        "duplicate id: already defined in content/shaper/weapons/source.yaml")


def test_duplicate_id_in_one_file(content_copy):
    write(content_copy, "armor/x.yaml", "cloth:\n  name: A\n  defense: 1d6\n"
                                        "cloth:\n  name: B\n  defense: 1d6\n")
    assert only(content_copy).startswith("content/shaper/armor/x.yaml: item 'cloth': "
                                         "line 4, column 1: duplicate key 'cloth'")


def test_bad_item_id(content_copy):
    write(content_copy, "armor/x.yaml", "Cloth Armor:\n  name: A\n  defense: 1d6\n")
    assert only(content_copy).startswith(
        "content/shaper/armor/x.yaml: line 1: item 'Cloth Armor': key 'id':")


def test_yaml_syntax_error_names_file_line_and_column(content_copy):
    write(content_copy, "weapons/x.yaml", "club:\n  name: [Club\n  kind: melee\n")
    message = only(content_copy)
    assert message.startswith("content/shaper/weapons/x.yaml: line ")
    assert ", column " in message


def test_python_tag_is_refused_not_executed(content_copy, tmp_path):
    marker = tmp_path / "pwned"
    write(content_copy, "weapons/x.yaml",
          "club:\n  name: Club\n  kind: melee\n"
          f"  damage: !!python/object/apply:os.system ['touch {marker}']\n")
    message = only(content_copy)
    assert not marker.exists()
    assert message.startswith("content/shaper/weapons/x.yaml: item 'club': key 'damage': line 4")
    assert "is not allowed: only plain data is read" in message


def test_all_errors_are_reported_together(content_copy):
    write(content_copy, "armor/x.yaml", "a:\n  name: A\n  defense: 1d\n  tier: 0\n")
    write(content_copy, "shields/x.yaml", "b:\n  evasion: -1\n")
    found = errors(content_copy)
    assert [line.split(": key ")[1].split(":")[0] for line in found] == [
        "'evasion'", "'name'", "'defense'", "'tier'"]   # kind folder order, then file order


def test_ruleset_errors(content_copy):
    path = content_copy / "shaper" / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("critical_threshold: 9", "critical_threshold: nine")
    text = text.replace("  say: free\n", "  say: bonus\n")
    text = text.replace("grid: 5x5", "grid: big")
    text = text.replace("provisional: [ability_bonuses,", "provisional: [abilty_bonuses,")
    text = text.replace("  - {level: 3, ability_points: 3,", "  - {level: 4, ability_points: 3,")
    path.write_text(text, encoding="utf-8")
    found = errors(content_copy)
    keys = [line.split("key '")[1].split("'")[0] for line in found]
    assert all(line.startswith("content/shaper/ruleset.yaml: line ") for line in found)
    assert sorted(keys) == ["costs.say", "critical_threshold", "grid", "levels[2].level",
                            "provisional"]


def test_ruleset_missing_key_and_file_not_a_mapping(content_copy):
    path = content_copy / "shaper" / "ruleset.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("base_hp: 10", ""),
                    encoding="utf-8")
    write(content_copy, "armor/x.yaml", "- just a list\n")
    assert errors(content_copy) == (
        "content/shaper/ruleset.yaml: key 'base_hp': missing (required)",
        "content/shaper/armor/x.yaml: expected a mapping of item ids to items, got a list",
    )


def test_yaml_outside_a_kind_folder(content_copy):
    write(content_copy, "monsters/x.yaml", "a: 1\n")
    assert only(content_copy).startswith(
        "content/shaper/monsters/x.yaml: unknown file: not a Shaper content file")


def test_missing_content_folder(tmp_path):
    with pytest.raises(ContentError, match="content folder not found"):
        load_library(tmp_path / "nowhere")

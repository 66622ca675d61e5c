"""ruleset.yaml's `field_checks` and `item_files` on the tutorial folder: an item whose
field is not what its check says, and a file the folder should not hold, are each one
line naming the file, its line, the item and the key (rulesets/data/field_checks.py)."""

from __future__ import annotations

import pytest

from tests.rulesets.declared.test_broken_files import R, assert_refused_in_one_line, copy

CASES = [
    ("field_checks: {duellists: {vigour: {whole: 1..12, rule: U4}}}", "duellists.yaml",
     "line 14: item 'rook': key 'vigour': expected a whole number from 1 to 12 (U4), got 14"),
    ("field_checks: {duellists: {skill: {one_of: [1, 3], rule: U2}}}", "duellists.yaml",
     "line 6: item 'ash': key 'skill': expected one of 1, 3 (U2), got 2"),
    ("field_checks: {duellists: {armour: {among: duellists, also: [0, 2]}}}",
     "duellists.yaml", "line 8: item 'ash': key 'armour': no duellist 1 in duellists.yaml"),
    ("item_files: [weapons]", "duellists.yaml",
     "unknown file: not one of the item files ruleset.yaml lists (weapons)"),
]


@pytest.mark.parametrize("declared, file, expected", CASES)
def test_an_item_its_checks_refuse_is_one_line(tmp_path, monkeypatch, declared, file,
                                               expected):
    folder = copy(tmp_path)
    text = (folder / R).read_text()
    (folder / R).write_text(text.replace("grid: 8x8", f"grid: 8x8\n{declared}", 1))
    assert_refused_in_one_line(monkeypatch, folder, file, expected)


def test_the_checks_pass_what_they_allow(tmp_path):
    """A check every item passes changes nothing: the folder loads."""
    from shaper_gm.rulesets.data.library import load
    folder = copy(tmp_path)
    text = (folder / R).read_text()
    (folder / R).write_text(text.replace("grid: 8x8", "grid: 8x8\nitem_files: [duellists]\n"
                                         "field_checks: {duellists: {vigour: {whole: 1..},"
                                         " skill: {one_of: [1, 2]}}}", 1))
    assert set(load(folder).kind("duellists")) == {"ash", "rook"}


def test_the_time_slices_refuse_what_their_python_loader_refused(tmp_path):
    """content/timeslice declares the checks its Python loader made: a number of
    ruleset.yaml and an item's field not whole, an armor no file holds, a stray file;
    each one line naming file, item and key, all at once."""
    import shutil

    from shaper_gm.places import content_path
    from shaper_gm.rulesets.data.library import RulesetFileError, load
    folder = tmp_path / "timeslice"
    shutil.copytree(content_path() / "timeslice", folder)
    for name, old, new in (("ruleset.yaml", "attack_cost: 3 ", "attack_cost: x "),
                           ("weapons.yaml", "Knife, damage: 3,", "Knife, damage: 2.5,"),
                           ("creatures.yaml", "armor: mail, weapons: [spear]",
                            "armor: tin, weapons: [spear]")):
        text = (folder / name).read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        (folder / name).write_text(text.replace(old, new), encoding="utf-8")
    (folder / "notes.yaml").write_text("{}\n", encoding="utf-8")
    with pytest.raises(RulesetFileError) as refused:
        load(folder)
    lines = [line.split("timeslice/", 1)[1] for line in refused.value.errors]
    assert [line.split(": ", 1)[0] for line in lines] == [
        "creatures.yaml", "notes.yaml", "ruleset.yaml", "weapons.yaml"]
    assert [line.split(": ", 2)[-1] for line in lines] == [
        "item 'guard': key 'armor': no armor 'tin' in armor.yaml (T12)",
        "not one of the item files ruleset.yaml lists (armor, characters, conditions, "
        "creatures, gear, weapons)",
        "key 'numbers.attack_cost': expected a whole number from 0 to 999,999 (T7), got 'x'",
        "item 'knife': key 'damage': expected a whole number from 0 to 999,999 (T12), "
        "got 2.5"]

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

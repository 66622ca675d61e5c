"""Broken content refused by the loader of the version written as data that plays
`shaper` (rulesets/data, RulesetFileError): one message per problem naming the file,
the item and the key, as the Python ruleset's content loader does
(test_content_errors.py). The folder broken is a copy of the data version: the
fixture's, or the one `--as-data shaper` installs. The dice expression checks of the
shared content schema moved here from test_content_errors.py, unchanged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from shaper_gm.content import schema
from shaper_gm.rulesets.data.library import RulesetFileError, load

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "rulesets" / "shaper-data"


def _data_version() -> Path:
    installed = Path(os.environ.get("SHAPER_GM_CONTENT", "")) / "shaper"
    return installed if (installed / "actions.yaml").is_file() else FIXTURE


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A copy of the data version of `shaper` as content/shaper, safe to edit (its
    linked item files copied as files)."""
    root = tmp_path / "content"
    shutil.copytree(_data_version(), root / "shaper")
    return root


def write(root: Path, rel: str, text: str) -> None:
    path = root / "shaper" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def errors(root: Path) -> tuple[str, ...]:
    with pytest.raises(RulesetFileError) as info:
        load(root / "shaper")
    return tuple(info.value.errors)


def only(root: Path) -> str:
    found = errors(root)
    assert len(found) == 1, found
    return found[0]


def test_the_copy_loads(data_copy):
    assert load(data_copy / "shaper").id == "shaper"


def test_duplicate_id_across_files(data_copy):
    write(data_copy, "weapons/more.yaml",
          "longsword:\n  name: Other longsword\n  kind: melee\n  damage: 1d6\n")
    message = only(data_copy)
    assert "item 'longsword': key 'id': " in message
    assert "content/shaper/weapons/source.yaml" in message and "weapons/more.yaml" in message


def test_duplicate_id_in_one_file(data_copy):
    write(data_copy, "armor/x.yaml", "cloth:\n  name: A\n  defense: 1d6\n"
                                     "cloth:\n  name: B\n  defense: 1d6\n")
    assert only(data_copy).startswith("content/shaper/armor/x.yaml: item 'cloth': "
                                      "line 4, column 1: duplicate key 'cloth'")


def test_yaml_syntax_error_names_file_line_and_column(data_copy):
    write(data_copy, "weapons/x.yaml", "club:\n  name: [Club\n  kind: melee\n")
    message = only(data_copy)
    assert message.startswith("content/shaper/weapons/x.yaml: line ")
    assert ", column " in message


def test_python_tag_is_refused_not_executed(data_copy, tmp_path):
    marker = tmp_path / "pwned"
    write(data_copy, "weapons/x.yaml",
          "club:\n  name: Club\n  kind: melee\n"
          f"  damage: !!python/object/apply:os.system ['touch {marker}']\n")
    message = only(data_copy)
    assert not marker.exists()
    assert message.startswith("content/shaper/weapons/x.yaml: item 'club': key 'damage': line 4")
    assert "is not allowed: only plain data is read" in message


def test_file_not_a_mapping(data_copy):
    write(data_copy, "armor/x.yaml", "- just a list\n")
    assert only(data_copy).startswith(
        "content/shaper/armor/x.yaml: expected a mapping of item ids to items")


def test_missing_content_folder(tmp_path):
    with pytest.raises(RulesetFileError, match="ruleset.yaml is missing"):
        load(tmp_path / "nowhere" / "shaper")


@pytest.mark.parametrize("expr", ["1d6+3", "2d6", "3d6", "d6", "1d6 + 2", "2d6+1d6+3", "1d6-1"])
def test_fallback_dice_regex_accepts(expr):
    assert schema.DICE_RE.match(expr)


@pytest.mark.parametrize("expr", ["abc", "1d", "d", "1d6+", "+3", "1d6x2", ""])
def test_fallback_dice_regex_refuses(expr):
    assert not schema.DICE_RE.match(expr)


@pytest.mark.parametrize("expr", ["1d6", "1d6+3", "2d6", "2d6+3", "3d6"])
def test_dice_validator_accepts_what_content_uses(expr):
    assert schema.dice(expr) == expr


@pytest.mark.parametrize("expr", ["abc", "1d6+", "", 12, None])
def test_dice_validator_refuses(expr):
    with pytest.raises(schema.Bad, match="expected a dice expression like 1d6\\+3"):
        schema.dice(expr)

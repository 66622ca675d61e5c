"""Every ruleset's content is read by one reader: a stray file, an id used twice and a
reference to nothing are refused the same way in each, and every problem of a broken
item is reported at once (its references too)."""

from __future__ import annotations

import copy
import importlib
import shutil
from pathlib import Path

import pytest

from shaper_gm.content.folders import content_root, ruleset_files
from shaper_gm.content.schema import ContentError
from shaper_gm.content.yamlio import dump_yaml
from shaper_gm.places import data_rulesets

# The rulesets whose content the one reader reads by a kinds.yaml (those written in
# Python); a ruleset written as data (d20, reactions, dicepool) is read by its folder's
# own rules (tests/rulesets/declared, tests/rulesets/dicepool/test_content.py).
RULESETS = tuple(folder.name for folder in sorted(content_root().iterdir())
                 if (folder / "kinds.yaml").is_file())
if "shaper" in data_rulesets():     # `--as-data shaper`: no content is read by a kinds.yaml
    pytest.skip("Shaper plays as data: no ruleset's content is read by a kinds.yaml",
                allow_module_level=True)
assert "shaper" in RULESETS


def problems(ruleset: str, tmp_path: Path, change) -> tuple[str, ...]:
    """The errors of the shipped content of `ruleset` after `change(files)`, where
    `files` maps a path inside the ruleset's folder to its data."""
    folder = content_root() / ruleset
    files = {display.split(f"{ruleset}/", 1)[1]: data for display, data in
             ruleset_files(ruleset)}
    files = copy.deepcopy(files)
    change(files)
    if ruleset == "shaper":
        from shaper_gm.rulesets.shaper.content.loader import load_library
        copy_root = tmp_path / "content"
        shutil.copytree(folder, copy_root / ruleset)
        for rel, data in files.items():
            path = copy_root / ruleset / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dump_yaml(data), encoding="utf-8")
        load = lambda: load_library(copy_root)   # noqa: E731
    else:
        module = importlib.import_module(f"shaper_gm.rulesets.{ruleset}.content")
        pairs = [(f"content/{ruleset}/{rel}", data) for rel, data in files.items()]
        load = lambda: module.build_library(pairs)   # noqa: E731
    with pytest.raises(ContentError) as refused:
        load()
    return refused.value.errors


def first_creature(files: dict) -> tuple[str, dict]:
    creatures = next(data for rel, data in files.items() if rel.startswith("creatures"))
    return next(iter(creatures.items()))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stray_file_is_refused_the_same_way(ruleset, tmp_path):
    found = problems(ruleset, tmp_path, lambda files: files.update({"notes.yaml": {}}))
    assert len(found) == 1
    assert found[0].startswith(f"content/{ruleset}/notes.yaml: unknown file: not a ")
    assert "content file (expected ruleset.yaml, " in found[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_id_used_twice_is_refused_the_same_way(ruleset, tmp_path):
    def twice(files):
        item_id, item = first_creature(files)
        files["creatures/again.yaml"] = {item_id: item}
    found = problems(ruleset, tmp_path, twice)
    assert any(f": key 'id': duplicate id: already defined in content/{ruleset}/" in line
               for line in found), found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_broken_item_reports_its_references_too(ruleset, tmp_path):
    def break_it(files):
        _, item = first_creature(files)
        item["no_such_key"] = 1
        item["weapons"] = ["no-such-weapon"]
    found = problems(ruleset, tmp_path, break_it)
    assert any("key 'no_such_key': unknown key" in line for line in found), found
    assert any("key 'weapons[0]': no weapon" in line and "'no-such-weapon'" in line
               for line in found), found

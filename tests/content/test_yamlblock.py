"""The block writer that spares PyYAML: whatever it writes, PyYAML writes the same."""

from __future__ import annotations

import subprocess
import sys

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.content.yamlblock import block_yaml
from shaper_gm.content.yamlparse import dump_yaml as pyyaml_dump

WORDS = st.one_of(
    st.from_regex(r"[A-Za-z][A-Za-z0-9_.,\-]{0,12}( [A-Za-z0-9_.,\-]{1,9}){0,12}", fullmatch=True),
    st.from_regex(r"[0-9][0-9a-zA-Z+\-_.:]{0,8}", fullmatch=True),   # dice, numbers, dates
    st.sampled_from(["1d6+2", "2d6", "10d10-1", "0x1f", "0b1", "1_0", "1.5", "2001-12-14",
                     "1:30", "yes", "No", "TRUE", "off", "null", "Null", "y", "n", "~", "1e3",
                     "a: b", "a #b", "-x", "x-", "Ann's", "é", "a" * 70, "x y " * 20]),
    st.text(max_size=8))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), WORDS,
                    st.floats(allow_nan=False), st.just({}), st.just([]))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(WORDS, inner, max_size=4)), max_leaves=24)


@settings(max_examples=1500, deadline=None)
@given(DATA)
def test_what_it_writes_pyyaml_writes_the_same(data):
    written = block_yaml(data)
    if written is not None:
        assert written == pyyaml_dump(data)
        assert yaml.safe_load(written) == data


def test_it_writes_a_save_like_field_and_declines_what_needs_quotes():
    assert block_yaml({"order": ["josh", "gob-2"], "round": 3, "over": None}) == (
        "order:\n- josh\n- gob-2\nround: 3\nover: null\n")
    assert block_yaml({"actors": {"josh": {"side": "party", "tags": []}}}) == (
        "actors:\n  josh:\n    side: party\n    tags: []\n")
    assert block_yaml({"damage": "1d6+2", "dice": ["2d6", "10d10-1"]}) == (
        "damage: 1d6+2\ndice:\n- 2d6\n- 10d10-1\n")       # a d20 sheet's attacks
    for needs_pyyaml in ({"name": "yes"}, {"name": "Ann's"}, {"hp": 1.5}, {"x": "é"},
                         {"note": "word " * 20}, {1: "a"}, [], "text"):
        assert block_yaml(needs_pyyaml) is None, needs_pyyaml


def test_a_long_word_is_folded_where_pyyaml_folds_it():
    """A sheet file's description in a save (the line passes column 80 within a word:
    the break comes at the next space) and in deeper places."""
    told = "A shield-bearing front-liner in mail who lets the enemy come to her, then cuts."
    sheet = {"sheet": {"description": told}, "notes": [told], "deep": [{"k": [told]}]}
    written = block_yaml(sheet)
    assert written == pyyaml_dump(sheet)
    assert "  description: A shield-bearing front-liner in mail who lets the enemy come to her,\n" \
        "    then cuts.\n" in written
    long_one = {"x": "y" * 90 + " z"}                # no space before column 80: one line
    assert block_yaml(long_one) == pyyaml_dump(long_one) == f"x: {'y' * 90}\n  z\n"


def test_a_command_from_the_parse_cache_never_imports_pyyaml(tmp_path):
    script = tmp_path / "one.txt"
    script.write_text("roll 3d6\n")
    probe = ("import sys; from shaper_gm.cli import main; sys.argv = ['shaper-gm', 'run', "
             f"{str(script)!r}]; main(); print('yaml' in sys.modules)")
    env_cache = {"SHAPER_GM_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           env={**__import__("os").environ, **env_cache}, check=True)
            for _ in range(2)]
    assert runs[1].stdout.strip().endswith("False"), runs[1].stdout

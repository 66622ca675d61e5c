"""The quick paths of what a declared action reads answer as the general ones do: a
sheet's keys and its defaults (`DataSheet`), `Facts`, a resource by name, an
expression parsed once and shared."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine.expr import ExprError, compile_expr
from shaper_gm.engine.stepkit import Facts
from shaper_gm.rulesets.data.ruleset import DataSheet

KEYS = st.sampled_from(["hp", "ac", "name", "speed", "scores", "aided"])
VALUES = st.one_of(st.none(), st.integers(-5, 30), st.booleans(), st.text(max_size=3))


@given(st.dictionaries(KEYS, VALUES), st.dictionaries(KEYS, VALUES), KEYS)
def test_a_sheet_reads_its_own_keys_then_its_defaults(own, defaults, key):
    sheet = DataSheet(own, Facts(defaults))
    expected = own[key] if key in own else defaults.get(key)
    assert (key in sheet) == (key in own or key in defaults)
    assert sheet.get(key) == expected and sheet.get(key, "none") == (
        expected if key in own or key in defaults else "none")
    if key in sheet:
        assert sheet[key] == expected
    else:
        with pytest.raises(KeyError):
            sheet[key]


@given(st.dictionaries(KEYS, VALUES), KEYS)
def test_facts_get_and_in_as_a_mapping_answers(values, key):
    facts = Facts(values)
    assert (key in facts) == (key in values)
    assert facts.get(key, "none") == values.get(key, "none")


def test_a_resource_is_found_by_name_and_follows_a_new_list():
    from shaper_gm.engine.resources import ResourceSpec
    from shaper_gm.engine.ruleset_base import RulesetBase
    rs = RulesetBase()
    rs.resources = (ResourceSpec("ap", max=3), ResourceSpec("mp", max=2))
    assert rs.resource_spec("mp").max == 2 and rs.resource_spec("hp") is None
    rs.resources = (ResourceSpec("mp", max=5),)          # a ruleset's own list replaces
    assert rs.resource_spec("mp").max == 5 and rs.resource_spec("ap") is None


def test_an_expression_is_parsed_once_and_a_bad_one_refused_each_time():
    assert compile_expr("target.ac + 2") is compile_expr("target.ac + 2")
    assert compile_expr("target.ac + 2").value({"target.ac": 13}) == 15
    for _ in range(2):
        with pytest.raises(ExprError, match="cannot read"):
            compile_expr("ac ? 2")
    assert compile_expr("  1 +  2  ").value({}) == 3


def test_a_data_sheet_is_written_once_and_read_back_equal():
    from shaper_gm.app import new_session
    session = new_session(seed=1)
    for line in ("new --ruleset d20 --seed 1", "add gob --as goblin --at B1"):
        session.execute(line)
    rs = session.ruleset_named("d20")
    sheet = session.state.actors["gob"].sheet
    data = rs.encode_sheet(sheet)
    assert rs.encode_sheet(sheet) is data and data["ac"] == 15
    back = rs.decode_sheet(data, "sheet")
    assert back == sheet and rs.decode_sheet(data, "sheet") is back
    changed = sheet.with_values(ac=3)                  # another sheet: written anew
    assert rs.encode_sheet(changed)["ac"] == 3 and rs.encode_sheet(sheet)["ac"] == 15
    fresh = {**data, "ac": 4}                          # data read from a file: read
    assert rs.decode_sheet(fresh, "sheet")["ac"] == 4

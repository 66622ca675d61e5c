"""kinds.yaml's types in words, and any change to a shipped declaration: read or refused
in lines naming it, never a crash (test_kinds.py holds each mistake's line)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from shaper_gm.content.folders import content_root
from shaper_gm.content.kinds import Type, compile_kinds, parse_type
from shaper_gm.content.schema import Bad, ContentError
from shaper_gm.content.yamlio import load_yaml_text
from tests import kinds_example as models
from tests.kinds_example import ROOT


@pytest.mark.parametrize("text, word", [
    ("whole", Type("whole")), ("whole 0..", Type("whole", low=0)), ("whole ..", Type("whole")),
    ("whole 1..roll_die+1", Type("whole", low=1, high="roll_die+1")),
    ("whole -max..", Type("whole", low=-999_999)),
    ("list of ref weapons|spells", Type("list", inner=(Type("ref", ("weapons", "spells")),))),
    ("mapping of one of a, b to whole 1..", Type("mapping", inner=(
        Type("one", ("a", "b")), Type("whole", low=1)))),
    ("optional text", Type("optional", inner=(Type("text"),)))])
def test_types_are_read_from_their_words(text, word):
    assert parse_type(text) == word


@pytest.mark.parametrize("text", [3, "", "list text", "mapping of text", "one of",
                                  "whole 0.. 3"])
def test_a_type_that_is_not_one_is_refused(text):
    with pytest.raises(Bad):
        parse_type(text)


# -- no declaration crashes the reader -----------------------------------------------------


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(
        ["", "text", "whole", "whole 1..roll_die+1", "one of", "ref", "ref shields",
         "list of", "mapping of id to", "numbers of Sheet", "record Numbers", "Sheet",
         "ATTACK_TYPES", "max", "default_sheet", "roll_die", "|", "..", "sheet of Attack",
         "entries of Shield", "checked by id", "provisional"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "default", "fields", "record", "sheet", "key", "set",
                         "base", "every", "lookups", "Sheet", "x"]), inner, max_size=3),
    max_leaves=6)


def paths(data, here=()):
    """Every key path of a parsed declaration."""
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*here, index))


# The example's declaration and every kinds file the shipped content holds (a ruleset
# written in Python declares its records there; one written as data has none).
FILES = {"reactions": ROOT / "reactions" / "kinds.yaml",
         **{folder.name: folder / "kinds.yaml" for folder in sorted(content_root().iterdir())
            if (folder / "kinds.yaml").is_file()}}
DECLARED = {ruleset: load_yaml_text(path.read_text(encoding="utf-8"),
                                    origin=f"content/{ruleset}/kinds.yaml")
            for ruleset, path in FILES.items()}
# Where each declaration's words and checks live: its ruleset's records module.
MODULES = {"shaper": "shaper_gm.rulesets.shaper.content.models"}
CHANGES = [(ruleset, path) for ruleset, data in DECLARED.items() for path in paths(data)][1:]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CHANGES), PLAIN)
@example(("shaper", ("records", "RulesetNumbers", "fields", "skill_sp_cost")),
         "numbers of Sheet")
@example(("shaper", ("records", "RulesetNumbers", "fields", "skill_max_level", "type")),
         "entries of Shield")
@example(("shaper", ("records", "RulesetNumbers", "fields", "skill_max_level", "type")),
         "sheet of Attack")
def test_any_change_to_a_declaration_is_read_or_refused_never_a_crash(change, value):
    """A declaration changed anywhere to anything is refused in lines naming it, or read;
    and what it reads the shipped content with is a library or a ContentError."""
    import copy
    import importlib

    from shaper_gm.content.folders import ruleset_files
    ruleset, path = change
    if ruleset not in DECLARED:       # Shaper's examples where it plays as data: no kinds.yaml
        return
    data = copy.deepcopy(DECLARED[ruleset])
    if not path:
        data = value
    else:
        holder = data
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = value
    display = f"content/{ruleset}/kinds.yaml"
    module = models if ruleset == "reactions" else importlib.import_module(
        MODULES.get(ruleset, f"shaper_gm.rulesets.{ruleset}.models"))
    try:
        declared = compile_kinds(ruleset, data, display, module)
    except ContentError as refused:
        assert all(line.startswith(display) for line in refused.errors)
        return
    try:
        declared.build(ruleset_files(ruleset, ROOT if ruleset == "reactions" else None))
    except ContentError:
        pass

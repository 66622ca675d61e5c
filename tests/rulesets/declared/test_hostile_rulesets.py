"""A ruleset folder changed at random is read or refused with its mistakes, never a
crash: any key of d20's ruleset.yaml or actions.yaml given any plain value."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.content.schema import ContentError
from shaper_gm.content.yamlio import dump_yaml, load_yaml_file
from shaper_gm.rulesets.data import build_from

D20 = Path(__file__).resolve().parents[3] / "content" / "d20"
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                    st.text(max_size=20), st.sampled_from(["d20", "1d6 + x", "(((", "'a'",
                                                           "actor.hp", "flag.nope"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8)


def paths(data, prefix=()):
    """Every key path of a YAML document, mappings and lists alike."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key)
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*prefix, index)
            yield from paths(value, (*prefix, index))


def put(data, path, value):
    holder = data
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = value


FILES = {name: dict(load_yaml_file(D20 / name)) for name in ("ruleset.yaml", "actions.yaml")}
CHOICES = [(name, path) for name, data in FILES.items() for path in paths(data)]


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(choice=st.sampled_from(CHOICES), value=VALUES)
def test_any_change_to_a_declaration_is_read_or_refused_never_a_crash(tmp_path_factory,
                                                                     choice, value):
    folder = tmp_path_factory.mktemp("rulesets") / "d20"
    shutil.copytree(D20, folder)
    name, path = choice
    import copy
    data = copy.deepcopy(FILES[name])
    put(data, path, value)
    (folder / name).write_text(dump_yaml(data))
    try:
        build_from(folder)
    except ContentError as exc:
        assert exc.errors and all("\n" not in error for error in exc.errors)

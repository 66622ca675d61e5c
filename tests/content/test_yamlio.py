"""The YAML layer: safe loading only, the C loader when there is one, clear errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from shaper_gm.content import yamlio, yamlparse
from shaper_gm.content.yamlio import YamlError, dump_yaml, load_yaml_file, load_yaml_text

PACKAGE = Path(yamlio.__file__).resolve().parents[1]


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")
def test_uses_the_libyaml_safe_loader_when_present():
    assert yamlparse.LOADER is yaml.CSafeLoader
    assert yamlparse.DUMPER is yaml.CSafeDumper


def test_loader_is_a_safe_loader():
    assert issubclass(yamlparse.LOADER, yaml.constructor.SafeConstructor)
    assert not issubclass(yamlparse.LOADER, yaml.constructor.FullConstructor)


def test_loads_plain_data():
    text = "a: 1\nb: [x, 2.5, true, null]\nc: {d: e}\n"
    assert load_yaml_text(text, origin="t") == {"a": 1, "b": ["x", 2.5, True, None],
                                                "c": {"d": "e"}}
    assert load_yaml_text("# only a comment\n", origin="t") is None


def test_syntax_error_names_origin_line_and_column():
    with pytest.raises(YamlError) as info:
        load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", origin="here.yaml")
    err = info.value
    assert isinstance(err, ValueError)
    assert err.origin == "here.yaml" and err.line >= 2 and err.column >= 1
    assert re.match(r"here\.yaml: line \d+, column \d+: ", str(err))


def test_python_tags_are_refused_not_executed(tmp_path):
    marker = tmp_path / "pwned"
    text = f"x:\n  y: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(YamlError) as info:
        load_yaml_text(text, origin="evil.yaml")
    assert not marker.exists()
    assert info.value.path == ("x", "y")
    assert "python/object/apply:os.system" in str(info.value)
    assert "line 2" in str(info.value)


def test_duplicate_keys_are_an_error():
    with pytest.raises(YamlError, match="duplicate key 'a'") as info:
        load_yaml_text("top:\n  a: 1\n  a: 2\n", origin="d.yaml")
    assert info.value.path == ("top", "a") and info.value.line == 3


def test_load_file_and_dump_round_trip(tmp_path):
    data = {"zeta": 1, "alpha": ["é", {"b": None}], "n": True}
    text = dump_yaml(data)
    assert text.index("zeta") < text.index("alpha")   # keys keep their order
    assert "é" in text                                  # unicode written as is
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_yaml_file(path) == data


def test_only_yamlparse_imports_yaml():
    importers = []
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if re.search(r"^\s*(import yaml\b|from yaml\b)", source, re.MULTILINE):
            importers.append(path.relative_to(PACKAGE).as_posix())
    assert importers == ["content/yamlparse.py"]


def test_every_shipped_file_reads_the_same_without_libyaml():
    """PyYAML without its C library must read every shipped file as libyaml does (a `?`
    in a flow list, say, is an error to the pure parser)."""
    import yaml

    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "content").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=yaml.SafeLoader) == \
            yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)), path

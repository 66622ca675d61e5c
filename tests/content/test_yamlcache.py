"""Content files parsed once (content/yamlcache.py): the same data and lines from the
cache as from the file, never stale, never trusted when broken, off when asked."""

from __future__ import annotations

import datetime
import os

import pytest

from shaper_gm.content import yamlcache
from shaper_gm.content.yamlio import Marked, YamlError, load_yaml_file


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(yamlcache.ENV_VAR, str(folder))
    return folder


def test_a_file_read_twice_comes_back_equal_with_its_lines(cache, tmp_path):
    path = tmp_path / "weapons.yaml"
    path.write_text("dagger:\n  power: 3\n  tags: [a, b]\nbow:\n  power: 5\n")
    first = load_yaml_file(path, "weapons.yaml", lines=True)
    assert len(list(cache.iterdir())) == 1
    again = load_yaml_file(path, "weapons.yaml", lines=True)
    assert again == first == {"dagger": {"power": 3, "tags": ["a", "b"]}, "bow": {"power": 5}}
    assert isinstance(again, Marked) and again.lines == first.lines
    assert again.lines[("bow", "power")] == 5


def test_a_changed_file_is_read_again(cache, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n")
    assert load_yaml_file(path) == {"a": 1}
    path.write_text("a: 2\n")
    assert load_yaml_file(path) == {"a": 2}


def test_what_json_cannot_hold_as_it_is_is_never_kept(cache, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("1: one\nwhen: 2026-11-26\n")
    data = load_yaml_file(path)
    assert data == {1: "one", "when": datetime.date(2026, 11, 26)}
    assert not cache.exists() or list(cache.iterdir()) == []
    assert load_yaml_file(path) == data


def test_a_broken_cache_file_is_not_trusted(cache, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n")
    load_yaml_file(path)
    (kept,) = cache.iterdir()
    for garbage in ("{not json", '"just text"', '{"no data": 1}', "[" * 100_000):
        kept.write_text(garbage)
        assert load_yaml_file(path) == {"a": 1}


def test_a_file_that_is_not_yaml_is_refused_and_not_kept(cache, tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: [1,\n")
    with pytest.raises(YamlError):
        load_yaml_file(path)
    assert not cache.exists() or list(cache.iterdir()) == []


def test_the_cache_can_be_turned_off_and_an_unwritable_one_is_passed_by(tmp_path,
                                                                         monkeypatch):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n")
    monkeypatch.setenv(yamlcache.ENV_VAR, "off")
    assert load_yaml_file(path) == {"a": 1}
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv(yamlcache.ENV_VAR, str(blocked))
    assert load_yaml_file(path) == {"a": 1}
    assert os.path.isfile(blocked)


def test_the_cache_stays_bounded(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(yamlcache, "MAX_FILES", 6)
    for n in range(10):
        path = tmp_path / f"f{n}.yaml"
        path.write_text(f"n: {n}\n")
        assert load_yaml_file(path) == {"n": n}
    assert 3 <= len(list(cache.iterdir())) <= 6

"""The Python ruleset's content loader: its default folder and its cache, read from the
checkout's content/shaper whatever SHAPER_GM_CONTENT names. A mechanism of the Python
package alone (the data version reads its folder as each session builds the ruleset):
these tests go with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.rulesets.shaper.content.loader import clear_cache, load_library

SHIPPED = Path(__file__).resolve().parents[4] / "content"


@pytest.fixture(scope="module")
def lib():
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SHAPER_GM_CONTENT", raising=False)
        return load_library()


@pytest.fixture
def python_content(monkeypatch):
    """The Python loader's default folder: the checkout's content."""
    monkeypatch.delenv("SHAPER_GM_CONTENT", raising=False)


def test_default_root_is_the_checkout_content_folder(lib, python_content):
    assert load_library(SHIPPED) is lib   # same resolved folder, same cached library


def test_env_var_points_at_another_library(content_copy, monkeypatch):
    (content_copy / "shaper" / "weapons" / "extra.yaml").write_text(
        "club:\n  name: Club\n  kind: melee\n  damage: 1d6\n", encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(content_copy))
    assert "club" in load_library().weapons


def test_loading_is_cached(python_content):
    clear_cache()
    first = load_library()
    assert load_library() is first
    clear_cache()
    assert load_library() is not first and load_library() == first

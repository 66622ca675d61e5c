"""What `pip install .` ships: every package, and the content library inside it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover - Python 3.10
    tomllib = None


def test_the_explicit_package_list_covers_every_package():
    if tomllib is None:
        return
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "shaper_gm").rglob("__init__.py")}
    assert found - listed == set(), f"packages missing from pyproject.toml: {found - listed}"
    folders = {name for name in listed if not config["package-dir"].get(name)}
    gone = {name for name in folders if not (ROOT / name.replace(".", "/")).is_dir()}
    assert gone == set(), f"pyproject.toml lists packages with no folder: {gone}"
    assert config["package-dir"]["shaper_gm._content"] == "content"
    assert "shaper_gm._content" in listed


def test_the_demo_saves_ship_and_nothing_else_from_the_saves_folder():
    if tomllib is None:
        return
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["shaper_gm._demos"] == "saves"
    assert "shaper_gm._demos" in config["packages"]
    patterns = config["package-data"]["shaper_gm._demos"]
    shipped = {p.name for pattern in patterns for p in (ROOT / "saves").glob(pattern)}
    assert {"demo.yaml", "dungeoneers-demo.yaml", "timeslice-demo.yaml", "dicepool-demo.yaml",
            "reactions-demo.yaml"} <= shipped
    from fnmatch import fnmatch
    for copy in ("demo-shaper.yaml", "demo-shaper-2.yaml", "autosave-20250101-1200.yaml"):
        assert not any(fnmatch(copy, pattern) for pattern in patterns)

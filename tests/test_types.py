"""Static types: the engine and dice layers pass `mypy --strict` (configured in
pyproject.toml), and a type checker sees a record as the frozen dataclass it is."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is in the test extras")

ROOT = Path(__file__).resolve().parent.parent


def mypy(*args: str, cache: Path) -> tuple[str, int]:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(cache), *args])
    return out + err, status


def test_engine_and_dice_are_strictly_typed(tmp_path: Path) -> None:
    report, status = mypy(str(ROOT / "shaper_gm" / "engine"), str(ROOT / "shaper_gm" / "dice"),
                          cache=tmp_path)
    assert status == 0, report


def test_a_type_checker_sees_record_fields_and_frozenness(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(textwrap.dedent("""
        from dataclasses import field
        from shaper_gm.records import record

        @record
        class Point:
            x: int
            tags: list[str] = field(default_factory=list)

        @record(frozen=False)
        class Counter:
            n: int = 0

        p = Point(1)
        reveal_type(p.x)
        p.x = 2
        Point("one")
        Counter().n = 3
    """))
    report, _ = mypy(str(sample), cache=tmp_path / "cache")
    assert 'Revealed type is "int"' in report, report
    assert 'Property "x" defined in "Point" is read-only' in report, report
    assert 'Argument 1 to "Point" has incompatible type "str"' in report, report
    assert "Found 2 errors" in report, report       # none for the mutable form's assignment

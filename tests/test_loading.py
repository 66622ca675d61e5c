"""Only the encounter's ruleset is loaded: its code and its content, no other's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OTHERS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions")
PROBE = """
import sys
from shaper_gm import cli
code = cli.main(sys.argv[1:])
loaded = sorted({m.split(".")[2] for m in sys.modules
                 if m.startswith("shaper_gm.rulesets.") and m.count(".") >= 2})
print("LOADED", ",".join(loaded), file=sys.stderr)
"""


def loaded_rulesets(*argv: str, cwd: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=cwd, text=True,
                          capture_output=True, timeout=60)
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED"))
    return [name for name in line.removeprefix("LOADED ").split(",") if name]


@pytest.mark.parametrize("ruleset", OTHERS)
def test_a_script_that_starts_a_fight_loads_only_its_ruleset(ruleset, tmp_path):
    script = tmp_path / "fight.txt"
    script.write_text(f"new --ruleset {ruleset}\nroll 2d6\n", encoding="utf-8")
    assert loaded_rulesets("run", str(script), cwd=tmp_path) == [ruleset]


@pytest.mark.parametrize("ruleset", ["dungeoneers", "timeslice", "dicepool", "reactions"])
def test_replaying_a_save_loads_only_its_ruleset(ruleset, tmp_path):
    demo = ROOT / "saves" / f"{ruleset}-demo.yaml"
    assert loaded_rulesets("replay", str(demo), cwd=tmp_path) == [ruleset]


@pytest.mark.parametrize("line, ruleset", [
    ("new --ruleset timeslice --seed 4", "timeslice"), ("new --grid 6x6 --ruleset=dicepool",
                                                        "dicepool"),
    ("new", None), ("new --ruleset", None), ("add josh --as josh", None),
    ('new --ruleset "unclosed', None), ("", None)])
def test_the_first_line_names_the_ruleset_to_load(line, ruleset):
    from shaper_gm.commands import opening_ruleset
    assert opening_ruleset(line) == ruleset

"""The README is the front door: its first commands, and every command documented."""

from __future__ import annotations

import re
from pathlib import Path

from shaper_gm.commands import build_registry

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")


VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def test_the_first_commands_install_and_run_the_demo_and_the_tests():
    first_block = README.split("```sh", 1)[1].split("```", 1)[0]
    lines = [line.split("#")[0].strip() for line in first_block.strip().splitlines()]
    # Each makes and enters a virtual environment: a Python that refuses installs
    # outside one (PEP 668) takes them as they are.
    assert lines[0] == VENV + "pip install . && shaper-gm demo"   # a fresh copy every time
    assert lines[1] == VENV + "pip install -e '.[test]' && pytest"


def test_ci_runs_exactly_the_readmes_test_command(tmp_path):
    import subprocess
    fake = tmp_path / "repo"
    (fake / ".ci").mkdir(parents=True)
    (fake / ".ci" / "run").write_text(CI)
    (fake / "README.md").write_text(README.replace(VENV + "pip install -e '.[test]' && pytest",
                                                   "echo the-test-command"))
    ran = subprocess.run(["bash", str(fake / ".ci" / "run")], capture_output=True, text=True,
                         check=True)
    assert ran.stdout.splitlines() == ["+ echo the-test-command", "the-test-command"]


def test_every_group_of_commands_has_its_heading():
    for heading in ("**Setup**", "**Play**", "**GM tools**", "**Views**", "**Files**"):
        assert f"\n{heading}" in README
    assert "\nX\n" not in README


def test_every_command_is_documented_with_an_example():
    registry = build_registry()
    for name in registry.verbs:
        examples = re.findall(rf"`{re.escape(name)}(?: [^`]*)?`", README)
        assert examples, f"README has no example of {name}"


def test_the_dice_pool_example_runs_to_its_end_and_prints_what_it_shows():
    import io

    from shaper_gm.app import new_session
    from shaper_gm.render.console import Renderer, make_console
    section = README.split("### Dice pool", 1)[1]
    block = section.split("```text", 1)[1].split("```", 1)[0].strip().splitlines()
    session = new_session(ruleset="dicepool", seed=1)
    out = io.StringIO()
    renderer = Renderer(make_console(out, width=100))
    shown = []
    for line in block:
        if " › " in line:
            command = line.split(" › ", 1)[1]
            renderer.show(session.execute(command), session.state)   # none is refused
        else:
            shown.append(line)
    printed = [line.rstrip() for line in out.getvalue().splitlines()]
    at = 0
    for line in shown:                               # every line shown, in that order
        at = printed.index(line, at) + 1

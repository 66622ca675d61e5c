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


def served_by(ruleset: str) -> list[str]:
    """The package of rulesets a fight of `ruleset` loads: its own, or for a ruleset
    written as data the one package that plays every such folder."""
    from shaper_gm.engine import registry
    return ["data"] if ruleset in registry.written_as_data() else [ruleset]


def loaded_rulesets(*argv: str, cwd: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=cwd, text=True,
                          capture_output=True, timeout=60)
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED"))
    return [name for name in line.removeprefix("LOADED ").split(",") if name]


@pytest.mark.parametrize("ruleset", OTHERS)
def test_a_script_that_starts_a_fight_loads_only_its_ruleset(ruleset, tmp_path):
    script = tmp_path / "fight.txt"
    script.write_text(f"new --ruleset {ruleset}\nroll 2d6\n", encoding="utf-8")
    assert loaded_rulesets("run", str(script), cwd=tmp_path) == served_by(ruleset)


@pytest.mark.parametrize("ruleset", ["dungeoneers", "timeslice", "dicepool", "reactions"])
def test_replaying_a_save_loads_only_its_ruleset(ruleset, tmp_path):
    demo = ROOT / "saves" / f"{ruleset}-demo.yaml"
    assert loaded_rulesets("replay", str(demo), cwd=tmp_path) == served_by(ruleset)


@pytest.mark.parametrize("line, ruleset", [
    ("new --ruleset timeslice --seed 4", "timeslice"), ("new --grid 6x6 --ruleset=dicepool",
                                                        "dicepool"),
    ("new", None), ("new --ruleset", None), ("add josh --as josh", None),
    ('new --ruleset "unclosed', None), ("", None)])
def test_the_first_line_names_the_ruleset_to_load(line, ruleset):
    from shaper_gm.commands import opening_ruleset
    assert opening_ruleset(line) == ruleset


# What a command loads is what it needs: a roll needs dice, not the attack's modules,
# the content's items, rich's tables, exact odds or the shell's line editor.
NOT_FOR_A_ROLL = ("prompt_toolkit", "rich.table", "fractions", "difflib", "secrets",
                  "shaper_gm.dice.exact", "shaper_gm.render.tables",
                  "shaper_gm.rulesets.shaper.attack", "shaper_gm.rulesets.shaper.prepare",
                  "shaper_gm.rulesets.shaper.pipeline", "shaper_gm.rulesets.shaper.combat",
                  "shaper_gm.rulesets.shaper.damage", "shaper_gm.rulesets.shaper.skilluse",
                  # an action's steps, written as data (the data version's attack)
                  "shaper_gm.engine.rolling", "shaper_gm.engine.declared_result",
                  # the player view's server loads when the GM starts a view, never before
                  "http.server", "socketserver", "shaper_gm.view.server",
                  "shaper_gm.view.watch", "segno",
                  # the party file's module loads when a party is named
                  "shaper_gm.party.store")
MODULES = """
import sys
from shaper_gm import cli
code = cli.main(sys.argv[1:])
print("MODULES", ",".join(sorted(sys.modules)), file=sys.stderr)
# the items the Python ruleset's content loader read (none when it never loaded)
loader = sys.modules.get("shaper_gm.rulesets.shaper.content.loader")
print("ITEMS READ", loader._load.cache_info().currsize if loader else 0, file=sys.stderr)
print("EXIT", code, file=sys.stderr)
"""


def probe(code: str, *argv: str, cwd: Path) -> dict[str, str]:
    done = subprocess.run([sys.executable, "-c", code, *argv], cwd=cwd, text=True,
                          capture_output=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    return dict(line.split(" ", 1) for line in done.stderr.splitlines()
                if line.startswith(("MODULES", "ITEMS", "EXIT")))


def test_a_roll_loads_only_what_rolling_needs(tmp_path):
    script = tmp_path / "roll.txt"
    script.write_text("roll 3d6\n", encoding="utf-8")
    found = probe(MODULES, "run", str(script), cwd=tmp_path)
    loaded = set(found["MODULES"].split(","))
    played_by = served_by("shaper")[0]          # the Python ruleset, or `data` (--as-data)
    assert f"shaper_gm.rulesets.{played_by}.ruleset" in loaded and "rich.console" in loaded
    assert [m for m in NOT_FOR_A_ROLL if m in loaded] == []
    assert found["ITEMS"] == "READ 0" and found["EXIT"] == "0"


def test_an_attack_loads_its_modules_when_it_comes(tmp_path):
    script = tmp_path / "fight.txt"
    script.write_text("add josh --as josh --at A1\nadd goblin --as bandit --at A2\n"
                      "start\ndraw longbow\nattack josh goblin\n", encoding="utf-8")
    found = probe(MODULES, "run", str(script), "--seed", "3", cwd=tmp_path)
    loaded = set(found["MODULES"].split(","))
    if served_by("shaper") == ["shaper"]:       # the Python ruleset: its items read now
        assert {"shaper_gm.rulesets.shaper.pipeline",
                "shaper_gm.rulesets.shaper.combat"} <= loaded
        assert found["ITEMS"] == "READ 1"
    else:           # the data version (--as-data shaper): it reads its folder whole
        assert {"shaper_gm.engine.rolling", "shaper_gm.engine.declared_result"} <= loaded
    assert found["EXIT"] == "0"


SHELL_UNTIL_PROMPT = """
import sys
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shaper_gm.app import autosave
from shaper_gm.shell.app import Shell
session, saving, greeting = autosave.open_for_shell(None, None)
with create_pipe_input() as keys:
    shell = Shell(session, saving, input=keys, output=DummyOutput())
    shell.warn(greeting)
    print("MODULES", ",".join(sorted(sys.modules)), file=sys.stderr)
    saving.close()
"""


def test_the_shell_is_ready_for_input_before_rich_loads(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    found = probe(SHELL_UNTIL_PROMPT, cwd=tmp_path)
    loaded = set(found["MODULES"].split(","))
    assert "prompt_toolkit" in loaded
    assert [m for m in loaded if m == "rich" or m.startswith("rich.")] == []
    assert [m for m in loaded if m in ("http.server", "socketserver", "segno")
            or m.startswith("shaper_gm.view.") and m != "shaper_gm.view.verb"] == []


# With a save open, the prompt comes first: the order table (and with it rich) and the
# check that the log rebuilds the state come once it is drawn (shell/app.py, _catch_up).
SHELL_ON_A_SAVE_UNTIL_PROMPT = """
import sys
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shaper_gm.app import autosave
from shaper_gm.persist import replay
from shaper_gm.shell import app

checked = []
real = replay.check_tail
replay.check_tail = lambda session, *a, **k: checked.append(1) or real(session, *a, **k)
loaded = {m for m in sys.modules if m == "rich" or m.startswith("rich.")}


def at_the_prompt(self, message, **options):
    new = sorted(m for m in sys.modules if (m == "rich" or m.startswith("rich."))
                 and m not in loaded)
    print("AT THE PROMPT", ",".join(new) or "-", len(checked), file=sys.stderr)
    raise EOFError


session, saving, greeting = autosave.open_for_shell(sys.argv[1], None, check_log=False)
with create_pipe_input() as keys:
    app.PromptSession.prompt = at_the_prompt
    shell = app.Shell(session, saving, input=keys, output=DummyOutput(),
                      late_check=lambda: autosave.log_check(session))
    shell.run(greeting)
print("AFTER", len(checked), file=sys.stderr)
"""


@pytest.mark.parametrize("save", ["demo.yaml", "d20-demo.yaml"])
def test_the_shell_on_a_save_is_ready_before_the_order_table_and_the_log_check(
        save, tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    mine = tmp_path / save
    mine.write_bytes((ROOT / "saves" / save).read_bytes())
    done = subprocess.run([sys.executable, "-c", SHELL_ON_A_SAVE_UNTIL_PROMPT, str(mine)],
                          cwd=tmp_path, text=True, capture_output=True, timeout=60)
    said = dict(line.split(" ", 1) for line in done.stderr.splitlines()
                if line.startswith(("AT", "AFTER")))
    assert said.get("AT") == "THE PROMPT - 0", done.stderr     # no rich, no check yet
    assert said["AFTER"] == "1"                 # ...and both once the shell ended
    assert "Round 1" in done.stdout

"""Start-up: `shaper-gm run` on a one-line script, the shell ready for input on a new
encounter and on each ruleset's shipped demo save (copied; d20 is a ruleset written as
data), each against
`python -c "import prompt_toolkit, rich.console, rich.table, yaml"`.

Targets: run <= 0.7x; the shell with any save open <= 1.2x.

Run: python tests/bench/bench_startup.py   (needs the installed shaper-gm and pexpect)

Both sides start from compiled bytecode, as an installed program does: pip compiles a
package's modules when it installs them, and the libraries of the baseline come that
way. An editable install compiles them on first import instead, unless
PYTHONDONTWRITEBYTECODE is set (as on some machines), in which case every start would
compile every module of the package from source; so the package is compiled first.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

IMPORTS = [sys.executable, "-c", "import prompt_toolkit, rich.console, rich.table, yaml"]
REPEAT = int(os.environ.get("BENCH_REPEAT", "21"))
# The saves opened: each ruleset's demo (Shaper's has the most content; d20 is written as
# data, its folder read and checked on opening).
SAVES = ("demo.yaml", "dungeoneers-demo.yaml", "timeslice-demo.yaml", "dicepool-demo.yaml",
         "reactions-demo.yaml", "d20-demo.yaml")


def program() -> list[str]:
    """The console script of this interpreter's environment, as a virtual environment
    has it; a `shaper-gm` found on PATH may be a version manager's shim, whose own
    start-up would be counted against the package."""
    beside = Path(sys.executable).with_name("shaper-gm")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("shaper-gm")
    return [found] if found else [sys.executable, "-m", "shaper_gm"]


def compile_package() -> None:
    """Write the package's bytecode beside its sources (what `pip install` does)."""
    package = importlib.util.find_spec("shaper_gm").submodule_search_locations[0]
    subprocess.run([sys.executable, "-m", "compileall", "-q", package], check=True)


def timed_run(argv: list[str], **kw) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, **kw)
    return time.perf_counter() - start


def timed_shell_ready(folder: Path, *args: str) -> float:
    """Seconds from spawning `shaper-gm ARGS` until its prompt is drawn."""
    env = {**os.environ, "SHAPER_GM_SAVES": str(folder), "XDG_DATA_HOME": str(folder)}
    start = time.perf_counter()
    child = pexpect.spawn(program()[0], [*program()[1:], *args], env=env, encoding="utf-8",
                          dimensions=(40, 120), timeout=30)
    child.expect("›")
    ready = time.perf_counter() - start
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    return ready


def main() -> None:
    compile_package()
    folder = Path(tempfile.mkdtemp())
    script = folder / "one.txt"
    script.write_text("roll 3d6\n")
    shipped = Path(__file__).resolve().parents[2] / "saves"
    saves = [folder / f"open-{name}" for name in SAVES]
    for name, save in zip(SAVES, saves, strict=True):
        shutil.copy(shipped / name, save)

    def one_round() -> tuple[float, ...]:
        # Side by side: a change in the machine's load weighs on all of them alike.
        return (timed_run(IMPORTS), timed_run([*program(), "run", str(script)], cwd=folder),
                timed_shell_ready(folder),
                *(timed_shell_ready(folder, "open", str(save)) for save in saves))

    one_round()                                  # warm the disk cache; not counted
    rounds = [one_round() for _ in range(REPEAT)]
    medians = [statistics.median(column) for column in zip(*rounds, strict=True)]
    print(f"{'what':<44}{'median ms':>10}{'ratio':>8}")
    names = ("python -c import prompt_toolkit, rich, yaml", "shaper-gm run (one-line script)",
             "shaper-gm shell ready for input",
             *(f"shaper-gm open {name}, ready" for name in SAVES))
    for column, (name, median) in enumerate(zip(names, medians, strict=True)):
        # Each ratio is the median of the rounds' own ratios: a load that lasts a round
        # weighs on both sides of that round's ratio.
        ratio = statistics.median(r[column] / r[0] for r in rounds)
        print(f"{name:<44}{median * 1e3:>10.0f}{ratio:>8.2f}")


if __name__ == "__main__":
    main()

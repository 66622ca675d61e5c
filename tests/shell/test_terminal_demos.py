"""Each ruleset's demo in a real pseudo-terminal at 80x24 and at 120x40, as a GM plays
it: the prompt names who is up, the bottom toolbar shows the round, Tab opens a menu of
foes to attack (never the attacker), the order table draws, the fight plays to its end
and the shell closes cleanly; never a traceback."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from shaper_gm.persist.saves import read_save
from tests.shell.test_terminal import CPR_REQUEST, CTRL_C, CTRL_D, TAB

pexpect = pytest.importorskip("pexpect")

PROGRAM = shutil.which("shaper-gm")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PROGRAM is None, reason="shaper-gm is not installed")]
DEMOS = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
         "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
         "reactions": "reactions-demo.yaml", "d20": "d20-demo.yaml"}
ATTACK = {"shaper": "attack", "dungeoneers": "strike", "timeslice": "attack",
          "dicepool": "attack", "reactions": "attack", "d20": "attack"}
SAVES = os.path.join(os.path.dirname(__file__), "..", "..", "saves")


class Screen:
    """A pexpect child of a given size that answers cursor-position requests, keeping
    everything it printed."""

    def __init__(self, tmp_path, rows: int, cols: int, *args: str) -> None:
        env = {**os.environ, "TERM": "xterm-256color",
               "XDG_DATA_HOME": str(tmp_path / "data"),
               "SHAPER_GM_SAVES": str(tmp_path / "saves")}
        env.pop("NO_COLOR", None)
        self.rows = rows
        self.child = pexpect.spawn(PROGRAM, list(args), cwd=str(tmp_path), env=env,
                                   dimensions=(rows, cols), encoding="utf-8", timeout=20)
        self.seen = ""

    def expect(self, pattern) -> None:
        while self.child.expect([pattern, CPR_REQUEST]) == 1:
            self.seen += self.child.before
            self.child.send(f"\x1b[{self.rows - 4};1R")
        after = self.child.after
        self.seen += self.child.before + (after if isinstance(after, str) else "")

    def line(self, text: str, then: str) -> None:
        self.child.send(text + "\r")
        self.expect(then)


@pytest.mark.parametrize("rows, cols", [(24, 80), (40, 120)])
@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_the_demo_plays_to_its_end_in_a_terminal(ruleset, rows, cols, tmp_path):
    state = read_save(os.path.join(SAVES, DEMOS[ruleset])).state
    me = state.actors[state.turn]
    foes = [a for a in state.actors.values() if a.side != me.side]
    screen = Screen(tmp_path, rows, cols, "demo", ruleset)
    try:
        screen.expect(f"{me.id} ›")
        screen.expect(r"(?i)round 1")                        # the bottom toolbar
        screen.child.send(f"{ATTACK[ruleset]} ")
        screen.child.send(TAB)                               # the menu: whom to attack
        screen.expect(re.escape(f"{foes[0].name} · {foes[0].side}")
                      if len(foes) == 1 else r" · " + re.escape(foes[0].side))
        screen.child.send(CTRL_C)                            # the line is dropped
        screen.expect(f"{me.id} ›")
        screen.line("order", "Name")
        for foe in foes[:-1]:
            screen.line(f"damage {foe.id} 999 --direct", "›")
        screen.line(f"damage {foes[-1].id} 999 --direct", "The fight is over")
        screen.expect("gm ›")
        screen.child.send(CTRL_D)
        screen.expect(pexpect.EOF)
    finally:
        screen.child.close(force=True)
    assert screen.child.exitstatus == 0
    assert "Traceback" not in screen.seen
    assert f"{me.name} · {me.side}" not in screen.seen.split("Name")[0]   # never itself

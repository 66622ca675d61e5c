"""The installed `shaper-gm` in a pseudo-terminal, keys and all, as a GM uses it."""

from __future__ import annotations

import os
import re
import shutil
import signal

import pytest

pexpect = pytest.importorskip("pexpect")

PROGRAM = shutil.which("shaper-gm")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PROGRAM is None, reason="shaper-gm is not installed")]
TAB, CTRL_C, CTRL_D = "\t", "\x03", "\x04"
CPR_REQUEST = r"\x1b\[6n"          # "where is the cursor?": a real terminal answers


class Terminal:
    """A pexpect child that answers cursor position requests as a terminal does, so
    prompt_toolkit knows the height below the cursor and draws the bottom toolbar."""

    def __init__(self, child) -> None:
        self.child = child

    def expect(self, pattern) -> None:
        while self.child.expect([pattern, CPR_REQUEST]) == 1:
            self.child.send("\x1b[20;1R")

    def send(self, text: str) -> None:
        self.child.send(text)


def spawn(tmp_path, *args: str) -> Terminal:
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data"),
           "SHAPER_GM_SAVES": str(tmp_path / "saves")}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(PROGRAM, list(args), cwd=str(tmp_path), env=env,
                          dimensions=(40, 120), encoding="utf-8", timeout=15)
    return Terminal(child)


@pytest.fixture
def gm(tmp_path):
    terminal = spawn(tmp_path)
    yield terminal
    if terminal.child.isalive():
        terminal.child.terminate(force=True)


def type_line(child, line: str, expect: str) -> None:
    child.send(line + "\r")
    child.expect(expect)


def test_a_fight_in_the_terminal_tab_toolbar_a_called_total_and_the_end(gm, tmp_path):
    gm.expect("New encounter; saving as you go to ")
    gm.expect("gm ›")
    type_line(gm, "add josh --as josh --at B4", "joins the party at B4")
    type_line(gm, "add raider --as raider --side enemies --at B1", "joins the enemies")
    type_line(gm, "init josh raider", "Turn order")
    type_line(gm, "start", "josh ›")
    gm.expect(r"round 1 · Josh's turn · major 3/3")          # the bottom toolbar
    gm.expect(r"next: Raider")                               # ... names who is next
    type_line(gm, "draw longbow", r"major 3/3\s+minor 0/1")
    gm.send("attack ")
    gm.send(TAB)                                             # the menu: targets in reach
    gm.expect(r"Raider · enemies · Long · in Longbow range · HP 18/18")
    menu = gm.child.before + gm.child.after
    gm.send(CTRL_C)                                          # the line is dropped
    gm.expect("josh ›")
    menu += gm.child.before
    assert "Josh · party" not in menu                        # never the attacker itself
    gm.send("attack rai")
    gm.expect(r"Raider · enemies · Long · in Longbow range")  # the menu, while typing
    gm.send(TAB)
    gm.expect("der")                                         # Tab wrote the rest in
    gm.send("\r")
    gm.expect(r"major 2/3")
    gm.send("show jo")
    gm.expect(r"Josh · party · B4 · HP 13/13")
    gm.send(TAB)
    gm.expect("sh")
    gm.send("\r")
    gm.expect("josh ›")
    type_line(gm, "attack raider --roll =14", r"total 14 \(entered\)")   # a called total
    type_line(gm, "damage raider 99", r"The fight is over in round 1: party won")
    gm.expect(r"the fight is over: party won in round 1")   # and the toolbar says so
    gm.send(CTRL_D)
    gm.expect(pexpect.EOF)
    gm.child.close()
    assert gm.child.exitstatus == 0
    history = (tmp_path / "data" / "shaper-gm" / "history").read_text()
    typed = [line[1:] for line in history.splitlines() if line.startswith("+")]
    assert typed[-4:-2] == ["attack raider", "show josh"]    # Tab wrote the ids in
    (save,) = (tmp_path / "saves").glob("autosave-*.yaml")
    text = save.read_text()
    assert "closed: true" in text and "attack josh raider --roll" in text


def test_a_killed_shell_is_recovered_with_every_completed_command(gm, tmp_path):
    gm.expect("gm ›")
    type_line(gm, "add josh --as josh --at B4", "joins the party")
    type_line(gm, "add raider --as raider --side enemies --at B1", "joins the enemies")
    gm.expect("gm ›")
    gm.child.kill(signal.SIGKILL)                   # no goodbye, no close
    gm.child.expect(pexpect.EOF)
    (save,) = (tmp_path / "saves").glob("autosave-*.yaml")
    again = spawn(tmp_path, "open", str(save))
    try:
        again.expect(re.escape(f"Recovered {save}: it was not closed cleanly; "
                               "all 3 commands are back"))
        again.expect("gm ›")
        again.send("show raider\r")
        again.expect("Raider")
        again.expect("gm ›")
        again.send(CTRL_D)
        again.expect(pexpect.EOF)
    finally:
        again.child.close(force=True)
    assert again.child.exitstatus == 0


def test_type_ahead_before_the_prompt_is_kept(tmp_path):
    """The shell shows its prompt before it has loaded all it may need; what the GM types
    while it opens a save (and draws its order table) is not lost."""
    gm = spawn(tmp_path, "demo")
    try:
        gm.send("show josh\r")                         # at once, before any output
        gm.expect(re.escape("A fresh copy of the shaper demo"))
        gm.expect(r"Vigor")                            # josh's sheet: the line ran
        gm.expect("josh ›")
        gm.send(CTRL_D)
        gm.child.expect(pexpect.EOF)
    finally:
        gm.child.close(force=True)
    assert gm.child.exitstatus == 0

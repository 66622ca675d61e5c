"""The shell's own lines (the demo's greeting, recovery notices, re-asked dice) wrap
between words at the terminal's width: at 80 columns a path is never cut in two, as
`shaper-gm demo reactions` once cut 'saves/demo-reactions.y' / 'aml'."""

from __future__ import annotations

import io
import os

from shaper_gm.render.console import Renderer, make_console
from shaper_gm.shell.app import wrapped
from shaper_gm.shell.output import say

PATH = "saves/demo-reactions.yaml"
GREETING = (f"A fresh copy of the reactions demo: {PATH} (the shipped demo stays as it is; "
            f"come back to this one with shaper-gm open {PATH}).\nOpened {PATH}: 9 commands "
            "(round 1, Cy's turn).")


def lines_ok(text: str) -> None:
    rows = text.splitlines()
    assert all(len(row) <= 80 for row in rows), rows
    assert sum(row.count(PATH) for row in rows) == 3, rows        # each path whole


def test_a_greeting_before_the_first_screen_wraps_between_words(monkeypatch):
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    lines_ok(wrapped(GREETING))
    assert wrapped("short\nlines stay") == "short\nlines stay"


def test_a_line_said_through_the_renderer_wraps_between_words():
    out = io.StringIO()
    say(Renderer(make_console(file=out, width=80, force_terminal=True, color_system=None)),
        GREETING)
    lines_ok(out.getvalue())

"""The progress line: drawn on standard error when it is a terminal (the shell's `simulate`
as well as the command line's), counting every run, wiped when the runs end, and never
drawn into a pipe or a file."""

from __future__ import annotations

import io
import re

from tests.simulate.test_simulate import unlosable


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_shell_verb_draws_a_progress_line_on_a_terminal_and_wipes_it(monkeypatch):
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    result = unlosable().execute("simulate 12")
    drawn = screen.getvalue()
    counts = [int(n) for n in re.findall(r"\] (\d+)/12 ", drawn)]
    assert counts == list(range(1, 13))
    assert drawn.endswith("\r\x1b[K")
    assert "party    wins 100.0%" in result.view.text


def test_no_progress_line_off_a_terminal(monkeypatch):
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    unlosable().execute("simulate 5")
    assert pipe.getvalue() == ""

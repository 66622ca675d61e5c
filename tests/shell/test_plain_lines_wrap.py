"""At 80 columns the shell never cuts a path or a word in two: the demo's greeting
gives its save's path a line of its own (`shaper-gm demo reactions` once printed
'saves/demo-reactions.y' / 'aml'), and a question inside a command (a reaction, dice by
hand) wraps between words with room left for the answer."""

from __future__ import annotations

import os

from shaper_gm.shell.app import wrapped

PATH = "saves/demo-reactions.yaml"


def test_the_demo_greeting_gives_the_path_a_line_of_its_own(tmp_path, monkeypatch):
    from shaper_gm import cli
    said = {}
    monkeypatch.setattr(cli, "shell", lambda path, note=None: said.update(note=note) or 0)
    monkeypatch.chdir(tmp_path)
    assert cli.demo("reactions") == 0
    rows = said["note"].splitlines()
    path = str(tmp_path / "saves" / "demo-reactions.yaml")
    assert len(rows[0]) <= 80 and rows[1] == f"  {path}"     # the path alone on its line
    assert rows[2] == f"Come back to it with: shaper-gm open {path}"


def test_a_question_wraps_between_words_leaving_room_to_answer(monkeypatch):
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    question = ("Bo may react to the magical attack (2 reactions left) [none/block/dodge], "
                "R2, Enter for none:")
    rows = wrapped(question, room=12).splitlines()
    assert len(rows) == 2 and all(len(row) <= 68 for row in rows)
    assert " ".join(rows) == question
    assert wrapped("short\nlines stay") == "short\nlines stay"

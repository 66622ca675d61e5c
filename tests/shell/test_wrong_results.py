"""Issue 8, "wrong results": pastes, `log 0`, over-long logged lines, `new` in a named
save, and seeded runs that start with `new`."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.commands.args import MAX_LINE
from shaper_gm.errors import GmError
from shaper_gm.persist import replay, saves
from shaper_gm.shell.app import Shell
from shaper_gm.shell.output import make_renderer


def shell_on(session, out):
    inp_cm = create_pipe_input()
    inp = inp_cm.__enter__()
    saver = autosave.Autosave(session, "live.yaml")
    shell = Shell(session, saver, input=inp, output=DummyOutput(),
                  renderer=make_renderer(out), history=InMemoryHistory())
    return shell, saver, inp_cm


def test_a_pasted_pair_of_lines_runs_as_two_commands():
    session = new_session(seed=3)
    out = io.StringIO()
    shell, saver, inp = shell_on(session, out)
    try:
        assert shell.run_line("add josh --as josh --at B4\nadd raider --as raider --at B3")
        assert session.log[1:] == ["add josh --as josh --at B4",
                                   "add raider --as raider --at B3"]
        assert shell.run_line("add zed --nope\nadd yan --as josh")
        assert len(session.log) == 3                      # stops at the refused line
        assert "the other 1 pasted line was not run" in out.getvalue()
    finally:
        saver.close()
        inp.__exit__(None, None, None)


def test_log_0_is_refused_rather_than_calling_the_log_empty():
    session = new_session(seed=3)
    with pytest.raises(GmError, match="log takes a count of 1 or more"):
        session.execute("log 0")
    assert session.execute("log 1").view.lines == (session.log[-1],)


def test_an_act_text_that_would_log_over_the_limit_is_refused_at_entry(tmp_path):
    session = new_session(seed=3)
    for line in ("add josh --as josh --at B4", "init josh", "start"):
        session.execute(line)
    text = '"' + "it's " * ((MAX_LINE - 30) // 5) + '"'      # each ' is logged as '"'"'
    line = f"act josh free {text}"
    assert len(line) <= MAX_LINE
    log = list(session.log)
    with pytest.raises(GmError, match="as logged would be .* characters"):
        session.execute(line)
    assert session.log == log
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    assert replay.replay_save(path).ok


def test_new_in_the_middle_of_a_named_save_is_refused_with_a_hint(tmp_path):
    session = new_session(seed=3)
    session.execute("add josh --as josh --at B4")
    session.execute(f"save {tmp_path / 'fight.yaml'}")
    with pytest.raises(GmError, match="new would replace the fight saved in"):
        session.execute("new --grid 6x4")
    fresh = new_session(seed=3)
    fresh.save_path = str(tmp_path / "other.yaml")
    fresh.execute("new --grid 6x4")            # nothing to lose yet: allowed


def test_a_seeded_run_rolls_the_same_dice_whatever_its_first_line(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("new --grid 6x4\nroll 3d6\nroll 3d6\n")
    outputs = []
    for _ in range(3):
        assert cli.main(["run", str(script), "--seed", "5"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert "(seed 5)" in outputs[0]


def test_ctrl_c_while_output_is_drawn_or_saved_never_ends_the_shell(monkeypatch):
    import os
    import signal

    session = new_session(seed=3)
    out = io.StringIO()
    shell, saver, inp = shell_on(session, out)
    drawn = shell.renderer.show

    def interrupted_show(result, state):
        os.kill(os.getpid(), signal.SIGINT)      # the GM presses Ctrl-C mid-output
        drawn(result, state)

    monkeypatch.setattr(shell.renderer, "show", interrupted_show)
    try:
        assert shell.run_line("add josh --as josh --at B4")
        assert "Ctrl-C: the command had already run and is saved" in out.getvalue()
        assert saves.read_save("live.yaml").log == session.log
    finally:
        saver.close()
        inp.__exit__(None, None, None)

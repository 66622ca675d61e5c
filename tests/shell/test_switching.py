"""`new`, `open` and `save as` inside the shell: the fight it was on stays whole in its
save, and the shell goes on with the other one, saving as it goes."""

from __future__ import annotations

import io

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm.app import autosave
from shaper_gm.persist import saves
from shaper_gm.shell.app import Shell
from shaper_gm.shell.output import make_renderer


def shell_on_a_fight():
    session, saver, _ = autosave.open_for_shell(None, None, seed=7)
    out = io.StringIO()
    inp_context = create_pipe_input()
    inp = inp_context.__enter__()
    shell = Shell(session, saver, input=inp, output=DummyOutput(),
                  renderer=make_renderer(out), history=InMemoryHistory())
    for line in ("add josh --as josh --at B4", "add raider --as raider --side enemies --at B1",
                 "init josh raider", "start"):
        assert shell.run_line(line)
    return shell, out, lambda: inp_context.__exit__(None, None, None)


def test_new_in_the_shell_starts_another_encounter_in_a_save_of_its_own(scratch_home):
    shell, out, done = shell_on_a_fight()
    first, log = shell.autosave.path, list(shell.session.log)
    assert shell.run_line("new --ruleset d20 --grid 6x6")
    done()
    assert shell.autosave.path != first and shell.session.state.ruleset == "d20"
    assert (shell.session.state.cols, shell.session.state.rows) == (6, 6)
    assert saves.read_save(first).log == log                   # the fight before, whole
    assert saves.read_save(shell.autosave.path).log == shell.session.log
    assert f"The fight before stays in saves/{first.name}; this one saves to saves/" \
        in out.getvalue()
    assert shell.prompt.completer.session is shell.session     # completion follows it
    shell.close()


def test_a_new_the_rules_refuse_changes_nothing_and_makes_no_file(scratch_home):
    shell, out, done = shell_on_a_fight()
    before = sorted((scratch_home / "saves").iterdir())
    assert shell.run_line("new --ruleset nonsense")            # refused; the shell goes on
    done()
    assert "error: no ruleset 'nonsense'" in out.getvalue()
    assert sorted((scratch_home / "saves").iterdir()) == before
    assert shell.session.state.round == 1
    shell.close()


def test_save_as_moves_the_autosave_and_open_brings_the_first_back(scratch_home):
    shell, out, done = shell_on_a_fight()
    first, log = shell.autosave.path, list(shell.session.log)
    assert shell.run_line("save as bridge")
    assert shell.autosave.path == scratch_home / "saves" / "bridge.yaml"
    assert shell.run_line("end")
    assert saves.read_save(scratch_home / "saves" / "bridge.yaml").log == shell.session.log
    assert shell.run_line(f"open {first}")
    done()
    assert shell.session.log == log and shell.autosave.path == first
    shell.close()

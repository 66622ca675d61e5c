"""The shell driven through a real PromptSession on pipe input."""

from __future__ import annotations

import io
import os

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm.app import autosave, new_session
from shaper_gm.persist import saves
from shaper_gm.shell.app import Shell, history_path, run_shell
from shaper_gm.shell.output import make_renderer

CTRL_C, CTRL_D = "\x03", "\x04"


class CountingSave:
    """Records what the shell asks of the autosave, and the log at each commit."""

    path = "saves/fight.yaml"

    def __init__(self, session):
        self.session = session
        self.committed: list[int] = []
        self.closed = False

    def commit(self):
        self.committed.append(len(self.session.log))

    def close(self):
        self.closed = True


def drive(session, keys: str, *, saver=None, history=None) -> tuple[str, object]:
    """Type `keys` into the shell; return what it printed and the autosave."""
    out = io.StringIO()
    saver = saver or CountingSave(session)
    with create_pipe_input() as inp:
        inp.send_text(keys)
        status = run_shell(session, saver, input=inp, output=DummyOutput(),
                           renderer=make_renderer(out, ruleset_for=session.ruleset_for),
                           history=history or InMemoryHistory())
    assert status == 0
    return out.getvalue(), saver


def test_commands_run_and_each_is_committed_then_ctrl_d_closes():
    session = new_session(seed=7)
    text, saver = drive(session, "add josh --as josh --at B4\n"
                                 "add raider --as raider --side enemies --at B1\n" + CTRL_D)
    assert "Josh (josh) joins the party at B4, 13 HP" in text
    assert "Raider (raider) joins the enemies at B1, 18 HP" in text
    assert session.log[1:] == ["add josh --as josh --at B4",
                               "add raider --as raider --side enemies --at B1"]
    assert saver.committed == [2, 3]          # durable before the next prompt
    assert saver.closed


def test_a_refused_command_prints_one_error_and_changes_nothing():
    session = new_session(seed=7)
    text, saver = drive(session, "add josh --as josh --at B4\nmove josh Z9\n" + CTRL_D)
    assert "error: zone Z9 is off the 5x5 battlefield (S9)" in text
    assert "→ use a zone from A1 to E5" in text
    assert session.state.actors["josh"].zone == "B4"
    assert saver.committed == [2]              # the refusal is not committed


def test_ctrl_c_drops_the_line_and_the_shell_goes_on():
    session = new_session(seed=7)
    drive(session, "add raider --as raid" + CTRL_C + "add josh --as josh\n" + CTRL_D)
    assert list(session.state.actors) == ["josh"]


def test_quit_leaves_and_closes_and_runs_nothing_after_it():
    session = new_session(seed=7)
    _, saver = drive(session, "add josh --as josh\nquit\nadd monica --as monica\n")
    assert list(session.state.actors) == ["josh"]
    assert saver.closed


def test_comments_and_blank_lines_are_skipped():
    session = new_session(seed=7)
    text, saver = drive(session, "\n   \n# setting up\nadd josh --as josh  # the archer\n"
                        + CTRL_D)
    assert "error" not in text
    assert session.log[-1] == "add josh --as josh"
    assert saver.committed == [2]


def test_manual_dice_are_asked_checked_and_re_asked(battle):
    battle.execute("draw longbow")
    battle.execute("rolls josh manual")
    keys = ("attack raider\n"
            "9,1,1\n"        # out of range: asked again
            "6,6\n"          # too few: asked again
            "6,6,6\n"        # the attack roll
            "\n"             # Enter: the damage is rolled
            + CTRL_D)
    text, _ = drive(battle, keys)
    assert "9 is not a face of a d6; faces run 1-6; try again, or press Enter to roll" in text
    assert "2 faces typed, the roll needs 3" in text
    assert battle.log[-1].startswith("attack josh raider --roll 6,6,6 ")
    assert battle.asker is None                # the shell leaves no asker behind


def test_ctrl_c_at_a_dice_question_cancels_the_command(battle):
    battle.execute("draw longbow")
    battle.execute("rolls josh manual")
    before = battle.state
    text, saver = drive(battle, "attack raider\n" + CTRL_C + CTRL_D)
    assert "cancelled; nothing changed" in text
    assert battle.state is before
    assert saver.committed == []


def test_history_goes_to_the_users_data_dir(scratch_home):
    session = new_session(seed=7)
    out = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("add josh --as josh\n" + CTRL_D)
        run_shell(session, CountingSave(session), input=inp, output=DummyOutput(),
                  renderer=make_renderer(out))
    path = history_path()
    assert path == scratch_home / "data" / "shaper-gm" / "history"
    assert "add josh --as josh" in path.read_text()


def test_history_falls_back_to_the_home_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert history_path() == tmp_path / ".local" / "share" / "shaper-gm" / "history"


def test_every_completed_command_is_on_disk_and_a_crash_is_recovered(scratch_home):
    session, saver, message = autosave.open_for_shell(None, None, seed=7)
    assert message.startswith("New encounter")
    with create_pipe_input() as inp:
        shell = Shell(session, saver, input=inp, output=DummyOutput(),
                      renderer=make_renderer(io.StringIO()), history=InMemoryHistory())
        assert shell.run_line("add josh --as josh --at B4")
        assert shell.run_line("add raider --as raider --side enemies --at B1")
    # No close: as if the power went out here (the kernel drops a dead process's flock).
    os.close(saver.lock.fd)
    on_disk = saves.read_save(saver.path)
    assert on_disk.log == session.log
    again, _, message = autosave.open_for_shell(str(saver.path), None)
    assert message.startswith(f"Recovered {saver.path}: it was not closed cleanly; all 3 ")
    assert again.state == session.state


@pytest.mark.parametrize("keys", [CTRL_D, "quit\n"])
def test_a_clean_exit_is_not_reported_as_a_crash(scratch_home, keys):
    session, saver, _ = autosave.open_for_shell(None, None, seed=7)
    drive(session, "add josh --as josh\n" + keys, saver=saver)
    _, _, message = autosave.open_for_shell(str(saver.path), None)
    assert message.startswith(f"Opened {saver.path}: 2 commands")


def test_the_completer_adapts_candidates_for_prompt_toolkit(battle):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from shaper_gm.shell.completer import ShellCompleter

    completer = ShellCompleter(battle)
    (josh,) = completer.get_completions(Document("show jo"), CompleteEvent())
    assert (josh.text, josh.start_position) == ("josh", -2)
    assert josh.display_meta_text == "Josh · party · B4 · HP 13/13"

    class Broken:
        registry = None                  # completion blows up on this "session"
    assert list(ShellCompleter(Broken()).get_completions(Document("a"), CompleteEvent())) == []


def test_a_fight_opens_with_its_turn_order_on_screen(battle):
    text, _ = drive(battle, CTRL_D)
    table = text[text.index("Round 1"):]
    assert table.index("Josh") < table.index("Raider") < table.index("Monica")
    assert "▶ Josh" in table


def test_a_most_ap_fight_says_who_is_up_after_an_action_and_draws_the_table_on_order():
    # Every Dungeoneers action ends a turn (D2): after one the GM sees what changed and
    # who is up next, not the whole table (issue 22); `order` and a new round draw it.
    from pathlib import Path

    from shaper_gm.persist.saves import read_save

    demo = Path(__file__).resolve().parents[2] / "saves" / "dungeoneers-demo.yaml"
    session = read_save(demo)
    text, _ = drive(session, "move freya B2\n" + CTRL_D)
    moved = text[text.index("Freya moves B3 → B2"):]
    assert "Up: Alberich, Suori" in moved
    assert "▶ Alberich" not in moved and "Name " not in moved
    text, _ = drive(session, "order\n" + CTRL_D)
    table = text[text.index("Round 1"):]
    assert "▶ Alberich" in table and "▶ Suori" in table and "●●●●●○ 5" in table

"""Issue 8: hostile and impossible saves are refused with the key named; logs never
read files; names and texts are shown with their control characters escaped."""

from __future__ import annotations

import io
import shlex

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import replay, saves
from shaper_gm.render.console import Renderer, make_console

FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3",
         "init josh raider", "start"]


@pytest.fixture
def fight():
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    return session


def saved(tmp_path, session, edit=None):
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    if edit is not None:
        path.write_text(edit(path.read_text()))
    return path


@pytest.mark.parametrize("line", ["add evil --as /etc/passwd", "add evil --as ./x.yaml",
                                  "add evil --as /dev/zero", "add evil --as sheet.yml"])
def test_a_log_line_that_reads_a_file_is_damaged_on_open_and_replay(tmp_path, fight, line):
    path = saved(tmp_path, fight,
                 lambda text: text.replace("- init josh raider", f"- {line}\n- init josh raider"))
    with pytest.raises(GmError, match="log entry 4 reads a file"):
        saves.read_save(path)
    with pytest.raises(GmError, match="reads a file"):
        replay.replay_save(path)


def test_an_undo_rebuild_never_reads_a_file(fight):
    with pytest.raises(GmError, match="the log reads a file"):
        fight.run_lines(["add evil --as /etc/passwd"])


def test_a_sheet_file_is_logged_by_content_and_the_save_reopens(tmp_path):
    sheet = tmp_path / "zed.yaml"
    sheet.write_text("name: Zed\nlevel: 1\nvigor: 0\nfinesse: 1\nmentality: 0\n"
                     "weapons: [longbow]\n")
    session = new_session(seed=3)
    session.execute(f"add zed --as {sheet} --at A1")
    line = session.log[-1]
    assert "--as" not in line and str(tmp_path) not in line and "--sheet" in line
    sheet.unlink()                                 # the log no longer needs the file
    path = saved(tmp_path, session)
    assert saves.read_save(path).state == session.state
    assert replay.replay_save(path).ok


@pytest.mark.parametrize("edit, key", [
    (lambda t: t.replace("round: 1", "round: 1\nround: 2"), "duplicate key 'round'"),
    (lambda t: t.replace("    hp: 13", "    hp: 13\n    hp: 1", 1), "duplicate key 'hp'"),
    (lambda t: t.replace("zone: B4", "zone: banana"), "zone: 'banana' is not a zone"),
    (lambda t: t.replace("zone: B4", "zone: F9"), "zone: 'F9' is not a zone of the 5x5"),
    (lambda t: t.replace("round: 1", "round: -4"), "round: -4 is negative"),
    (lambda t: t.replace("turn: josh", "turn: raider").replace("- josh\n- raider",
                                                                "- josh"),
     "unknown actor|turn: 'raider' is not in the order"),
    (lambda t: t.replace("order:\n- josh\n- raider", "order:\n- josh\n- josh"),
     "order: names an actor twice"),
    (lambda t: t.replace("dice_position: ", "dice_position: -1"), "dice_position"),
])
def test_impossible_states_are_refused_with_the_key_named(tmp_path, fight, edit, key):
    path = saved(tmp_path, fight, edit)
    with pytest.raises(GmError, match=key):
        saves.read_save(path)


def test_a_grid_smaller_than_the_actors_zones_is_refused(tmp_path, fight):
    path = saved(tmp_path, fight, lambda t: t.replace("cols: 5", "cols: 1"))
    with pytest.raises(GmError, match="is not a zone of the 1x5 grid"):
        saves.read_save(path)


NASTY = "\x1b]0;owned\x07\x1b[2J\x9b31m"


def test_control_characters_in_names_are_escaped_on_output_and_kept_in_the_save(tmp_path):
    session = new_session(seed=3)
    out = io.StringIO()
    renderer = Renderer(make_console(out), ruleset_for=session.ruleset_for)
    result = session.execute(f"add zed --name {shlex.quote(NASTY)} --at A1")
    renderer.show(result, session.state)
    for line in ("init zed", "start", "show", f"act zed free {shlex.quote(NASTY)}"):
        renderer.show(session.execute(line), session.state)
    text = out.getvalue()
    assert "\x1b" not in text and "\x9b" not in text
    assert "\\x1b]0;owned" in text and "\\x9b31m" in text
    path = saved(tmp_path, session)
    assert saves.read_save(path).state.actors["zed"].name == NASTY


def test_error_lines_escape_control_characters(capsys):
    from shaper_gm.cli import error
    error("unknown actor '\x1b[2J'")
    assert capsys.readouterr().err == "error: unknown actor '\\x1b[2J'\n"


def test_a_command_whose_save_would_pass_the_readers_caps_is_refused(tmp_path, monkeypatch):
    """4,000 actors used to make a save over the reader's line cap; now the command that
    would cross it is refused, and what was saved before still opens."""
    from shaper_gm.persist import admit
    monkeypatch.setattr(admit, "MAX_SAVE_LINES", 400)
    monkeypatch.setattr(saves, "MAX_SAVE_LINES", 400)
    session = new_session(seed=3)
    with pytest.raises(GmError, match="the save would be over the limit of 400 lines"):
        for n in range(40):
            session.execute(f"add goblin-{n} --as raider")
    assert 3 < len(session.state.actors) < 40
    path = saved(tmp_path, session)
    assert saves.read_save(path).state == session.state


def test_add_with_a_negative_hp_is_refused():
    session = new_session(seed=3)
    # the Python ruleset's words, or the data version's range (its 0: 10 + Vigor's, S27)
    with pytest.raises(GmError, match="--hp -3: an actor starts with 1 HP or more|--stat "
                                      "hp=-3 is out of range: expected a whole number of at "
                                      "least 0"):
        session.execute("add z --hp -3")

"""hide, reveal and add --hidden (the GM keeps an actor off the player view), and the
shell's `view` verb: starting, restarting, stopping, and its refusals."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import urllib.request

import pytest
from rich.console import Console

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import replay, saves
from shaper_gm.render.tables import order_table
from shaper_gm.view import serve
from tests.view.kit import Table, assert_port_free, demo_copy, port_of


def fresh():
    session = new_session(seed=4)
    for line in ("add josh --as josh --at B4", "add gob --as raider --side enemies --at B1",
                 "init josh gob", "start"):
        session.execute(line)
    return session


def test_hide_and_reveal_are_logged_undoable_steps():
    session = fresh()
    result = session.execute("hide gob")
    assert session.state.actors["gob"].hidden and result.line == "hide gob"
    with pytest.raises(GmError, match="Raider is hidden already; reveal gob does the "
                                      "opposite"):
        session.execute("hide gob")
    session.execute("undo")
    assert not session.state.actors["gob"].hidden
    with pytest.raises(GmError, match="Raider is shown already; hide gob does the opposite"):
        session.execute("reveal gob")
    session.execute("hide gob")
    session.execute("reveal gob")
    assert not session.state.actors["gob"].hidden
    assert session.log[-2:] == ["hide gob", "reveal gob"]


def test_an_actor_added_hidden_stays_hidden_through_save_and_replay(tmp_path):
    session = fresh()
    result = session.execute("add lurker --as raider --side enemies --at A1 --hidden")
    assert "--hidden" in result.line
    assert session.state.actors["lurker"].hidden
    assert not session.state.actors["gob"].hidden
    path = tmp_path / "fight.yaml"
    saves.write_save(session, path)
    text = path.read_text()
    assert text.count("hidden: true") == 1
    assert saves.read_save(path).state == session.state
    assert replay.replay_save(path).ok


def test_the_order_table_marks_who_the_players_cannot_see():
    session = fresh()
    session.execute("hide gob")
    console = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
    console.print(order_table(session.state, session.ruleset_for(session.state)))
    text = console.file.getvalue()
    assert re.search(r"^◌ Raider \(gob\)", text, re.M)
    assert "◌ hidden from the player view" in text


def test_view_needs_the_shell_s_save_and_refuses_in_one_line():
    session = fresh()
    with pytest.raises(GmError, match="the player view follows the shell's save"):
        session.execute("view")
    with pytest.raises(GmError, match="no player view is running"):
        session.execute("view stop")
    with pytest.raises(GmError, match="view takes no 'now'"):
        session.execute("view now")


def _state(url: str) -> dict:
    with urllib.request.urlopen(url.replace("/?", "/state.json?") if "?" in url
                                else url + "state.json", timeout=5) as answer:
        return json.loads(answer.read())


def test_the_shell_s_view_starts_restarts_on_its_port_and_stops(tmp_path):
    table = Table(demo_copy(tmp_path, "timeslice"))
    try:
        shown = table.session.execute("view --port 0").view.text
        url = re.search(r"Player view: (\S+)", shown).group(1)
        assert _state(url)["acting"] == "Sniper"
        with pytest.raises(GmError, match="cannot go in a web address"):
            table.session.execute("view --token 'a b'")
        assert _state(url)["acting"] == "Sniper"              # the refusal stopped nothing
        again = table.session.execute("view --token table-token-1").view.text
        assert re.search(r"Player view: (\S+)", again).group(1) == \
            url + "?token=table-token-1"                         # the same port
        table.session.execute("view stop")
        assert serve.running() is None
        assert_port_free(port_of(url))
    finally:
        serve.stop_background()
        table.close()


def test_help_tells_of_the_new_verbs():
    done = subprocess.run([sys.executable, "-m", "shaper_gm", "run", "-"], text=True,
                          input="help hide\nhelp view\nhelp add\n", capture_output=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "hide ACTOR keep an actor off the player view" in text
    assert "view [stop] [--lan] [--port N] [--token T]" in text
    assert "--hidden keep it off the player view until `reveal`" in text

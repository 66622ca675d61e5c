"""The shell's `view` in a real terminal at 80x24: the address printed, the page's state
following what the GM types, and the server gone with the shell."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from tests.shell.test_terminal_demos import PROGRAM, Screen
from tests.view.kit import assert_port_free, port_of

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PROGRAM is None, reason="shaper-gm is not installed")]


def state(url: str) -> dict:
    with urllib.request.urlopen(url + "state.json", timeout=5) as answer:
        return json.loads(answer.read())


def test_view_in_the_shell_follows_the_fight_and_stops_with_it(tmp_path):
    screen = Screen(tmp_path, 24, 80, "demo", "dungeoneers")
    screen.expect("freya ›")
    screen.line("view --port 0", r"Player view: (http://127\.0\.0\.1:\d+/)")
    url = re.search(r"Player view: (http://127\.0\.0\.1:\d+/)", screen.seen).group(1)
    assert state(url)["acting"] == "Freya"
    screen.line("pass", "›")               # Freya gives up the rest of the round
    deadline = time.monotonic() + 2
    while state(url)["acting"] == "Freya" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert state(url)["acting"] != "Freya"
    screen.child.send("quit\r")
    screen.child.expect(pytest.importorskip("pexpect").EOF, timeout=20)
    assert_port_free(port_of(url))
    assert "Traceback" not in screen.seen

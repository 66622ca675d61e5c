"""In the shell: a total typed with `=` runs, is committed and logged as typed; a bad one
prints one error with what to do and changes nothing."""

from __future__ import annotations

import io

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from overrides.conftest import demo_lines, session_of
from shaper_gm.shell.app import run_shell
from shaper_gm.shell.output import make_renderer

CTRL_D = "\x04"


class Saver:
    path = "fight.yaml"

    def __init__(self, session):
        self.session, self.committed = session, []

    def commit(self):
        self.committed.append(len(self.session.log))

    def close(self):
        pass


def drive(session, keys: str) -> tuple[str, Saver]:
    out, saver = io.StringIO(), Saver(session)
    with create_pipe_input() as inp:
        inp.send_text(keys)
        status = run_shell(session, saver, input=inp, output=DummyOutput(),
                           renderer=make_renderer(out, ruleset_for=session.ruleset_for),
                           history=InMemoryHistory())
    assert status == 0
    return out.getvalue(), saver


def test_a_total_typed_in_the_shell(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    s = session_of(*demo_lines("shaper"), "draw josh longbow")
    before = len(s.log)
    text, saver = drive(s, "attack raider --roll =25\n"
                           "attack raider --roll =14 --evade =9 --damage =7 --defense =5\n"
                           + CTRL_D)
    # whose roll it is: the Python ruleset's "attack by josh", the data version's "attack
    # roll of josh"
    assert "error: --roll =25: the attack" in text and "josh (3d6+1) totals 4 to 19" in text
    assert "→ give a total the roll can make, or the faces rolled" in text
    # the attack roll's row: the Python ruleset's aligned breakdown, the data version's line
    assert "attack   total 14 (entered)" in text or "attack roll: total 14 (entered)" in text
    assert s.log[-1] == "attack josh raider --roll =14 --evade =9 --damage =7 --defense =5"
    assert saver.committed == [before + 1]          # only the good line, durable
    assert s.state.actors["raider"].hp == 14

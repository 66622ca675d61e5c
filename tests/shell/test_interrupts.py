"""Stop signals cut a command short at once, except while it lands; what was cut short
changed nothing, what landed is committed, and the messages say which. A MemoryError is
one line. Signals are sent to this process from inside the command (os.kill), so each
test knows exactly where in the command it arrives."""

from __future__ import annotations

import io
import os
import signal

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm import cli
from shaper_gm.app import new_session
from shaper_gm.commands import viewdata as vd
from shaper_gm.interrupts import Interrupted, landing
from shaper_gm.persist import admit, saves
from shaper_gm.render import Renderer, make_console
from shaper_gm.shell.app import run_shell
from shaper_gm.shell.output import make_renderer
from shaper_gm.shell.signals import StopSignals
from tests.shell.test_app import CountingSave

CTRL_D = "\x04"


def stop(signum: int = signal.SIGTERM) -> None:
    """The signal arrives here, as from another process."""
    os.kill(os.getpid(), signum)


# --- where a signal may cut -------------------------------------------------------------

def test_outside_a_landing_a_stop_cuts_at_once():
    reached = []
    with StopSignals() as signals, pytest.raises(Interrupted) as cut:
        stop()
        reached.append("after the signal")
    assert reached == [] and cut.value.signum == signal.SIGTERM
    assert signals.signal == signal.SIGTERM


def test_inside_a_landing_a_stop_waits_for_it_to_be_whole():
    reached = []
    with StopSignals(), pytest.raises(Interrupted) as cut:
        with landing():
            stop(signal.SIGINT)
            with landing():
                reached.append("inner")
            reached.append("outer")
        reached.append("after the landing")
    assert reached == ["inner", "outer"] and cut.value.name == "SIGINT"


def test_after_the_first_stop_later_signals_wait_for_the_writing():
    with StopSignals() as signals:
        with pytest.raises(Interrupted):
            stop(signal.SIGTERM)
        written = []
        with landing():
            stop(signal.SIGINT)                 # the second: noted, never raised
            written.append("the save")
    assert written == ["the save"] and signals.signal == signal.SIGTERM


def test_a_stop_before_a_command_lands_changes_nothing(monkeypatch):
    session = new_session(seed=3)
    session.execute("add josh --as josh --at B4")
    state, log = session.state, list(session.log)
    checked = session.admit
    session.admit = lambda *args: (checked(*args), stop())     # the last check, then the signal
    with StopSignals(), pytest.raises(Interrupted):
        session.execute("add raider --as raider --at B1")
    assert session.state is state and session.log == log and not session.future


def test_a_stop_while_a_command_lands_lets_it_land_whole():
    session = new_session(seed=3)

    class Noisy(list):
        def append(self, frame):
            stop()                              # mid-landing
            super().append(frame)

    session.history = Noisy(session.history)
    with StopSignals(), pytest.raises(Interrupted):
        session.execute("add josh --as josh --at B4")
    assert session.log[-1] == "add josh --as josh --at B4"
    assert "josh" in session.state.actors


# --- the shell ----------------------------------------------------------------------------

def drive(session, keys: str, renderer=None) -> tuple[int, str, CountingSave]:
    out = io.StringIO()
    saver = CountingSave(session)
    with create_pipe_input() as inp:
        inp.send_text(keys)
        status = run_shell(session, saver, input=inp, output=DummyOutput(),
                           renderer=renderer or make_renderer(out), history=InMemoryHistory())
    return status, out.getvalue(), saver


class StoppedRenderer:
    """A renderer whose drawing of one kind of view is cut by a signal."""

    def __init__(self, out, kind, signum):
        self.inner = make_renderer(out)
        self.kind, self.signum = kind, signum

    def show(self, result, state):
        if isinstance(result.view, self.kind):
            stop(self.signum)
        self.inner.show(result, state)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_ctrl_c_in_a_long_view_says_it_changed_nothing_and_the_shell_goes_on(party):
    out = io.StringIO()
    status, _, saver = drive(party, "order\nadd raider --as raider --at B1\n" + CTRL_D,
                             StoppedRenderer(out, vd.OrderView, signal.SIGINT))
    text = out.getvalue()
    assert status == 0
    assert "Ctrl-C: stopped; the command changed nothing" in text
    assert "already run" not in text
    assert party.log[-1] == "add raider --as raider --at B1" and saver.closed


def test_sigterm_in_a_command_ends_the_shell_with_its_work_committed(party, monkeypatch):
    checked = party.admit

    def slow_check(session, state, line):
        checked(session, state, line)
        if line.startswith("add raider"):
            stop(signal.SIGTERM)

    party.admit = slow_check
    status, text, saver = drive(party, "add monica --as monica --at C5\n"
                                "add raider --as raider --at B1\nadd reaver --as reaver\n")
    assert status == 128 + signal.SIGTERM
    assert "stopped by SIGTERM: the command in hand was stopped and changed nothing; every " \
           "completed command is in saves/fight.yaml" in text
    assert [line.split()[1] for line in party.log[1:]] == ["josh", "monica"]
    assert saver.committed[-1] == len(party.log) and saver.closed


# --- too big to draw ----------------------------------------------------------------------

def test_a_memory_error_drawing_a_view_is_one_line_never_a_dump(party, monkeypatch):
    def no_memory(*_, **__):
        raise MemoryError

    from shaper_gm.render import tables
    monkeypatch.setattr(tables, "order_table", no_memory)
    out = io.StringIO()
    with pytest.raises(MemoryError):
        Renderer(make_console(out)).show(party.execute("order"), party.state)
    status, text, _ = drive(party, "order\nadd raider --as raider --at B1\n" + CTRL_D)
    assert status == 0 and "OrderView(" not in text
    assert text.count("error: not enough memory to work out this command; nothing "
                      "changed") == 2          # the order drawn at start, then `order`
    assert party.log[-1] == "add raider --as raider --at B1"


def test_a_memory_error_in_a_run_is_a_refused_line(tmp_path, monkeypatch, capsys):
    from shaper_gm.render import tables

    def no_memory(*_, **__):
        raise MemoryError

    monkeypatch.setattr(tables, "order_table", no_memory)
    script = tmp_path / "s.txt"
    script.write_text("add josh --as josh --at B4\norder\nroll 2d6\n")
    assert cli.main(["run", str(script), "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err == ("error: line 2: not enough memory to work out this command; nothing "
                   "changed; ask for less at once (fewer dice, a smaller view)\n")


# --- run --save ---------------------------------------------------------------------------

def test_a_stop_in_a_run_writes_the_state_before_the_line_it_cut(tmp_path, monkeypatch, capsys):
    checked = admit.check

    def stopped_check(session, state, line):
        checked(session, state, line)
        if line.startswith("heal"):
            stop(signal.SIGTERM)

    written = []
    write = saves.write_save

    def second_stop_while_writing(session, path):
        stop(signal.SIGTERM)                  # a second SIGTERM: the save is written whole
        written.append(path)
        write(session, path)

    monkeypatch.setattr(admit, "check", stopped_check)
    monkeypatch.setattr(saves, "write_save", second_stop_while_writing)
    script = tmp_path / "s.txt"
    script.write_text("add josh --as josh --at B4\nheal josh 1\nadd raider --as raider\n")
    out = tmp_path / "out.yaml"
    assert cli.main(["run", str(script), "--seed", "1", "--save", str(out)]) == 143
    err = capsys.readouterr().err
    assert err.startswith("error: stopped by SIGTERM after 1 logged command (line 2 was "
                          f"stopped and changed nothing); writing the state reached to {out}")
    assert written and saves.read_save(out).log[1:] == ["add josh --as josh --at B4"]

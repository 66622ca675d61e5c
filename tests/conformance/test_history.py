"""History, in every ruleset: undo then redo is the identity, and a save opens and
replays to the state it was written from."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from conformance.commands import SETTINGS, any_command
from conformance.fight import Fight
from shaper_gm.persist.replay import replay_save
from shaper_gm.persist.saves import read_save


@SETTINGS
@given(data=st.data())
def test_undo_redo_save_open_and_replay_give_back_every_state(ruleset, data):
    """Any sequence of GM, play and side commands (refused ones change nothing): undo one
    at a time walks back through every state it passed, redo N returns to the end; then
    `save` writes a file that opens to the same state and whose log replays to it."""
    f = Fight(ruleset)
    states = [f.state]
    for _ in range(data.draw(st.integers(1, 10), label="commands")):
        depth = f.depth
        f.attempt(data.draw(any_command(f), label="command").line)
        if f.depth > depth:
            states.append(f.state)
    steps = len(states) - 1
    for back in range(1, steps + 1):
        f.run("undo")
        assert f.state == states[-1 - back], f"undo {back} of {steps}\n{f.story()}"
    if steps:
        f.run(f"redo {steps}")
    assert f.state == states[-1], f.story()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.yaml"
        f.run(f"save {path}")
        assert read_save(path).state == f.state, f.story()
        report = replay_save(path)
        assert report.ok, f"{report.message}\n{f.story()}"

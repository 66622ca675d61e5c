"""Issue 20, scale: a command costs what it changed, not the number of actors. Counted
in operations, not timed: the Python calls a command makes, and the actors the check
that its result saves and reopens encodes and reads back, must not grow with the
encounter (tests/bench/bench_scale.py times it)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from shaper_gm import records

sys.path.insert(0, str(Path(__file__).parent / "bench"))
from bench_scale import FIGHTS, encounter  # noqa: E402

CODEC = {"actor_to_data", "_actor_to_data", "actor_from_data", "_actor_from_data"}
COMPILING = records._compile_methods.__code__


def counted(run) -> tuple[int, int]:
    """(Python calls, actor encodes and reads) while `run()` runs; a record class
    compiled meanwhile (once a class, at its records.COMPILE_AT-th instance, whichever
    command that falls in) is no cost of the command and is not counted."""
    made = {"calls": 0, "codec": 0, "compiling": 0}

    def count(frame, event, arg) -> None:
        if frame.f_code is COMPILING:
            made["compiling"] += 1 if event == "call" else -1 if event == "return" else 0
        elif event == "call" and not made["compiling"]:
            made["calls"] += 1
            made["codec"] += frame.f_code.co_name in CODEC
    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return made["calls"], made["codec"]


def calls(session, command: str) -> tuple[int, int]:
    """What one run of `command` makes (then undone)."""
    made = counted(lambda: session.execute(command))
    session.undo()
    return made


@pytest.mark.parametrize("fight", FIGHTS, ids=[f.ruleset for f in FIGHTS])
def test_a_command_makes_as_many_calls_with_200_actors_as_with_10(fight):
    small, large = encounter(fight, 10), encounter(fight, 200)
    for command in fight.commands:
        few, many = calls(small, command), calls(large, command)
        assert many[1] == few[1], f"{command}: encodes and reads {few[1]} -> {many[1]}"
        assert many[0] <= few[0] * 1.1 + 40, f"{command}: {few[0]} calls -> {many[0]}"


def test_the_toolbar_costs_the_same_with_a_side_of_200_up_as_with_10():
    """Dungeoneers puts a whole side up together: the toolbar (drawn at every key) names
    the first few, and finds who leads the rest from the budgets kept with the actors."""
    from shaper_gm.shell.status import toolbar_text
    dungeoneers = next(f for f in FIGHTS if f.ruleset == "dungeoneers")
    small, large = encounter(dungeoneers, 10), encounter(dungeoneers, 200)
    assert len(large.state.up) == 198
    text = toolbar_text(large, None)
    assert "up: Goblin, Goblin, Goblin, Goblin, Goblin, Goblin and 192 more" in text
    few, many = (counted(lambda s=s: toolbar_text(s, None))[0] for s in (small, large))
    assert many <= few * 1.1 + 40, f"{few} calls -> {many}"


@pytest.mark.parametrize("fight", FIGHTS, ids=[f.ruleset for f in FIGHTS])
def test_a_turn_beginning_draws_twenty_rows_of_the_order_however_many_there_are(fight):
    """The turn order drawn when a turn begins shows the rows from the acting actor on,
    at most twenty, and says how many it leaves out; `order` lists them all."""
    import io

    from shaper_gm.commands.viewdata import OrderView
    from shaper_gm.render.console import Renderer, make_console

    session = encounter(fight, 200)
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=200, color_system=None),
                        ruleset_for=session.ruleset_for)
    renderer.show(session.execute(fight.commands[-1]), session.state)
    brief = out.getvalue()
    if fight.ruleset == "dungeoneers":            # a side up together: twelve named
        assert re.search(r"Up: (Goblin \(e\d+\), ){11}Goblin \(e\d+\) and \d+ more \(", brief)
        # every action there ends a turn: the table is drawn as a round begins (issue 22)
        assert "not shown" not in brief and len(brief.splitlines()) < 10
        out.seek(0), out.truncate()
        renderer.print(renderer.view(OrderView(session.state, brief=True),
                                     renderer.names(session.state)))
        brief = out.getvalue()
    assert len(brief.splitlines()) < 40 and "180 more not shown (order lists them all)" in brief
    out.seek(0), out.truncate()
    renderer.show(session.execute("order"), session.state)
    assert len(out.getvalue().splitlines()) > 200

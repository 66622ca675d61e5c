"""Issue 20, scale: a command costs what it changed, not the number of actors. Counted
in operations, not timed: the Python calls a command makes, and the actors the check
that its result saves and reopens encodes and reads back, must not grow with the
encounter (tests/bench/bench_scale.py times it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "bench"))
from bench_scale import FIGHTS, encounter  # noqa: E402

CODEC = {"actor_to_data", "_actor_to_data", "actor_from_data", "_actor_from_data"}


def calls(session, command: str) -> tuple[int, int]:
    """(Python calls, actor encodes and reads) of one run of `command`, undone after."""
    made = {"calls": 0, "codec": 0}

    def count(frame, event, arg) -> None:
        if event == "call":
            made["calls"] += 1
            made["codec"] += frame.f_code.co_name in CODEC
    sys.setprofile(count)
    try:
        session.execute(command)
    finally:
        sys.setprofile(None)
    session.undo()
    return made["calls"], made["codec"]


@pytest.mark.parametrize("fight", FIGHTS, ids=[f.ruleset for f in FIGHTS])
def test_a_command_makes_as_many_calls_with_200_actors_as_with_10(fight):
    small, large = encounter(fight, 10), encounter(fight, 200)
    for command in fight.commands:
        few, many = calls(small, command), calls(large, command)
        assert many[1] == few[1], f"{command}: encodes and reads {few[1]} -> {many[1]}"
        assert many[0] <= few[0] * 1.1 + 40, f"{command}: {few[0]} calls -> {many[0]}"

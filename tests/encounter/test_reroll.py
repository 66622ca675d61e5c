"""Undo puts the dice back, so the same command rolls the same dice; `undo --reroll` (or
`reroll` after an undo) moves them on instead, and the log says so, so replay is exact."""

from __future__ import annotations

from shaper_gm.engine.events import DiceSkipped
from shaper_gm.persist import saves
from shaper_gm.persist.replay import replay_save

from .conftest import events_of, refuse


def rolled(line: str) -> str:
    """The dice an attack's log line wrote in (everything after the target)."""
    return line.split(" ", 3)[3]


def test_undo_then_the_same_command_rolls_the_same_dice(battle):
    battle.execute("draw longbow")
    first = battle.execute("attack raider").line
    battle.execute("undo")
    assert battle.execute("attack raider").line == first


def test_undo_reroll_logs_the_skip_and_the_next_roll_is_fresh(battle, tmp_path):
    battle.execute("draw longbow")
    before = battle.state.dice_position
    first = battle.execute("attack raider")
    drawn = battle.state.dice_position - before
    result = battle.execute("undo --reroll")
    assert result.line is None and result.view.lines == (first.line,)
    assert result.view.rerolled == f"reroll {drawn}"
    assert battle.log[-1] == f"reroll {drawn}"
    assert battle.state.dice_position == before + drawn
    assert battle.future == []                           # a new branch: nothing to redo
    again = battle.execute("attack raider")
    assert rolled(again.line) != rolled(first.line)
    path = tmp_path / "fight.yaml"
    saves.write_save(battle, path)
    report = replay_save(path)
    assert report.ok, report.message
    assert saves.read_save(path).state == battle.state


def test_reroll_after_a_plain_undo_skips_everything_the_redo_branch_drew(battle):
    battle.execute("draw longbow")
    start = battle.state.dice_position
    battle.execute("attack raider")
    battle.execute("attack raider")
    seen = battle.state.dice_position
    battle.execute("undo 2")
    result = battle.execute("reroll")
    assert events_of(result, DiceSkipped) == [DiceSkipped(seen - start, start, seen)]
    assert result.line == f"reroll {seen - start}"
    battle.execute("undo")                                # the skip itself undoes
    assert battle.state.dice_position == start


def test_reroll_n_skips_n_dice(battle):
    position = battle.state.dice_position
    battle.execute("reroll 6")
    assert battle.state.dice_position == position + 6 and battle.log[-1] == "reroll 6"


def test_bad_rerolls_are_refused_in_one_line_and_change_nothing(battle):
    refuse(battle, "reroll", "no undone command drew any dice", "reroll N")
    refuse(battle, "reroll 0", "must be 1 to 1000000")
    refuse(battle, "reroll six", "must be 1 to 1000000", "reroll 6")
    refuse(battle, "reroll 1 2", "expected reroll [N]")


def test_undo_reroll_of_commands_without_dice_logs_nothing(battle):
    battle.execute("draw longbow")
    log = list(battle.log)
    result = battle.execute("undo --reroll")
    assert result.view.rerolled is None and battle.log == log[:-1]
    assert battle.future and battle.future[-1].line == "draw josh longbow"

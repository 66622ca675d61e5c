"""The end of a Shaper fight: who won and when, no more turns, and the fight resuming
when the GM adds or revives someone; undo, saves and replay keep it exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.engine.events import CombatEnded, CombatResumed, TurnStarted
from shaper_gm.engine.state import CombatResult
from shaper_gm.persist import saves
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.replay import replay_save
from shaper_gm.render.text import describe

from .conftest import events_of, refuse

SAVES = Path(__file__).resolve().parents[2] / "saves"
FIGHT = [line for line in (SAVES / "demo-fight.txt").read_text().splitlines()
         if line.strip() and not line.startswith(("#", "load "))]


@pytest.fixture
def won(battle):
    """The source battle played to its end: Taylor's spell drops the raider in round 3."""
    for line in FIGHT[:-1]:
        battle.execute(line)
    return battle


def test_the_last_enemy_down_ends_the_fight_with_the_winner_and_round(won):
    before = won.state
    result = won.execute(FIGHT[-1])
    ended = events_of(result, CombatEnded)
    assert ended == [CombatEnded("party", 3, ("josh", "monica", "taylor"))]
    assert result.events[-1] == ended[0]                    # nothing moves on after it
    names = {a.id: a.name for a in won.state.actors.values()}
    assert describe(ended[0], names) == (
        "The fight is over in round 3: party won (Josh, Monica, Taylor standing)")
    state = won.state
    assert state.over == CombatResult("party", 3, "taylor", ("taylor",), None)
    assert (state.turn, state.up, state.round) == (None, (), 3)
    assert before.turn == "taylor"


@pytest.mark.parametrize("line", ["end", "next", "pass", "attack monica --with wand",
                                  "act minor looks around"])
def test_turns_stop_once_it_is_over(won, line):
    won.execute(FIGHT[-1])
    error = refuse(won, line, "the fight is over", "party won in round 3")
    assert "add someone or heal a downed actor" in error.hint


def test_healing_a_downed_enemy_resumes_the_turn_it_stopped_in(won):
    won.execute(FIGHT[-1])
    result = won.execute("heal raider 5")
    resumed = events_of(result, CombatResumed)
    assert resumed == [CombatResumed(3, ("party", "enemies"), "taylor")]
    assert (won.state.over, won.state.turn, won.state.up) == (None, "taylor", ("taylor",))
    won.execute("end")                                    # and turns cycle again
    assert won.state.turn == "josh" and won.state.round == 4


def test_adding_an_enemy_resumes_and_a_second_fall_ends_it_again(won):
    won.execute(FIGHT[-1])
    won.execute("add gob --as raider --side enemies --at E5")
    assert won.state.over is None and won.state.turn == "taylor"
    result = won.execute("damage gob 99 --direct")
    assert events_of(result, CombatEnded) == [CombatEnded("party", 3, ("josh", "monica",
                                                                       "taylor"))]


def test_removing_the_last_enemy_standing_ends_the_fight(battle):
    for enemy in ("crossbowman", "reaver"):
        battle.execute(f"damage {enemy} 99 --direct")
    assert battle.state.over is None
    result = battle.execute("remove raider")
    assert events_of(result, CombatEnded) == [CombatEnded("party", 1, ("josh", "monica",
                                                                       "taylor"))]
    # a down enemy removed while it is over does not resume anything
    battle.execute("remove reaver")
    assert battle.state.over is not None


def test_a_fight_is_decided_once_and_later_falls_do_not_change_it(make_session):
    s = make_session("add ann --weapon dagger --side party --at A1",
                     "add bob --weapon dagger --side enemies --at A1", "init ann bob", "start",
                     "set ann hp=1")
    result = s.execute("damage ann 5 --direct")
    assert s.state.over.winner == "enemies"
    s.execute("set bob hp=0")
    assert s.state.over.winner == "enemies"               # decided once, not again
    assert events_of(result, CombatEnded)[0].winner == "enemies"


def test_one_side_alone_never_ends(make_session):
    s = make_session("add ann --weapon dagger --side party --at A1",
                     "add cy --weapon dagger --side party --at A2", "init ann cy", "start")
    s.execute("damage cy 99 --direct")
    assert s.state.over is None and s.state.turn == "ann"


def test_undo_takes_the_end_back_and_redo_brings_it_again(won):
    before = won.state
    won.execute(FIGHT[-1])
    after = won.state
    won.undo()
    assert won.state is before and won.state.over is None and won.state.turn == "taylor"
    won.redo()
    assert won.state is after and won.state.over is not None


def test_a_finished_fight_saves_reopens_and_replays_exactly(won, tmp_path):
    won.execute(FIGHT[-1])
    won.execute("heal raider 1")
    won.execute("damage raider 9 --direct")
    path = tmp_path / "won.yaml"
    saves.write_save(won, path)
    text = path.read_text()
    assert "result:\n  winner: party\n  round: 3\n  turn: taylor\n" in text
    assert saves.read_save(path).state == won.state
    report = replay_save(path)
    assert report.ok, report.message


def test_a_damaged_result_is_refused_naming_the_key(won, tmp_path):
    won.execute(FIGHT[-1])
    path = tmp_path / "won.yaml"
    saves.write_save(won, path)
    text = path.read_text()
    for old, new, key in [("  turn: taylor\n", "  turn: zed\n", "result.turn"),
                          ("  round: 3\n  turn: taylor", "  round: 9\n  turn: taylor",
                           "result.round")]:
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(SaveFormatError) as err:
            saves.read_save(path)
        assert key in str(err.value)


def test_the_turn_started_before_the_end_is_not_repeated_on_resume(won):
    won.execute(FIGHT[-1])
    result = won.execute("heal raider 5")
    assert events_of(result, TurnStarted) == []

"""G24: a dying creature rolls its death save as its turn starts, by itself: the turn
flow gives it its turn for that (`at: {moment: turn_start}` in actions.yaml), the dice
come from `end --death FACES` or the seeded generator and are written into the log, and
the turn passes on by itself unless a natural 20 woke it. Through commands, through
`run`, replayed and undone."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from tests.rulesets.d20.conftest import demo

DEMO = Path(__file__).resolve().parents[3] / "saves" / "d20-demo.txt"
# the demo's order: fang, gob-2, nim, brak, sera, gob-1, grum; Nim is a player character
BEFORE_NIM = frozenset({"fang", "gob-2"})


def dying_nim(*lines):
    """Nim dying at 0 HP (24 damage, a player character: G23), gob-2's turn up."""
    fight = demo("damage nim 24", *lines, turn="gob-2")
    fight.state = fight.state.with_(acted=BEFORE_NIM)
    return fight


def saves(fight):
    nim = fight.state.actors["nim"]
    return nim.resource("death_successes"), nim.resource("death_failures")


def effects(fight):
    return sorted(e.name for e in fight.state.actors["nim"].effects)


@pytest.mark.parametrize("face, counted", [
    (10, (1, 0)),            # 10 or more: a success (G24)
    (19, (1, 0)),
    (9, (0, 1)),             # less: a failure
    (2, (0, 1)),
    (1, (0, 2)),             # a natural 1: two failures
])
def test_the_death_save_is_rolled_as_its_turn_starts_and_the_turn_passes_on(face, counted):
    fight = dying_nim()
    result = fight.execute(f"end --death {face}")
    assert saves(fight) == counted
    assert fight.state.turn == "brak"          # a dying creature can do nothing else
    started = [e.actor for e in result.events if isinstance(e, ev.TurnStarted)]
    assert started == ["nim", "brak"]
    ended = [e for e in result.events if isinstance(e, ev.TurnEnded) and e.actor == "nim"]
    assert [e.lapsed for e in ended] == [()]   # nothing it could have used lapses
    assert result.line == f"end --death {face}"


def test_a_natural_20_wakes_it_with_1_hp_and_it_keeps_its_turn_whole():
    fight = dying_nim()
    spent = fight.state.actors["nim"].with_resource("action", 0).with_resource("movement", 0)
    fight.state = fight.state.with_actor(spent)          # as after a turn spent down
    fight.execute("end --death 20")
    nim = fight.state.actors["nim"]
    assert (nim.hp, nim.down, effects(fight)) == (1, False, [])
    assert saves(fight) == (0, 0)
    assert fight.state.turn == "nim"
    # rolled before its budget refills (G4, G24): it has its action and its 30 ft
    assert (nim.resource("action"), nim.resource("movement")) == (1, 30)


def test_three_successes_stabilise_and_a_stable_creature_rolls_no_more():
    fight = dying_nim()
    fight.execute("death-save nim --death 12")  # the GM may still enter one any time
    assert (fight.state.turn, saves(fight)) == ("gob-2", (1, 0))
    fight.execute("end --death 15")             # the second, as its turn starts
    fight.state = fight.state.with_(turn="gob-2", up=("gob-2",), acted=BEFORE_NIM)
    fight.execute("end --death 10")             # the third: stable, counts back to 0
    assert (effects(fight), saves(fight)) == (["stable", "unconscious"], (0, 0))
    fight.state = fight.state.with_(turn="gob-2", up=("gob-2",), acted=BEFORE_NIM)
    state = fight.state                          # nothing rolls it now: a face for it
    with pytest.raises(GmError, match="nobody rolled a death saving throw"):  # is refused,
        fight.execute("end --death 10")          # not lost
    assert fight.state == state
    result = fight.execute("end")
    assert result.line == "end"
    assert (fight.state.turn, saves(fight)) == ("brak", (0, 0))
    assert not any(isinstance(e, ev.TurnStarted) and e.actor == "nim" for e in result.events)


def test_three_failures_kill():
    fight = dying_nim()
    fight.execute("end --death 1")              # two failures
    fight.state = fight.state.with_(turn="gob-2", up=("gob-2",), acted=BEFORE_NIM)
    fight.execute("end --death 9")              # the third
    assert effects(fight) == ["dead", "unconscious"]
    assert saves(fight) == (0, 0)


def test_two_dying_creatures_in_a_row_roll_one_face_each_in_order():
    fight = dying_nim("damage brak 28")          # Brak is a player character too
    assert sorted(e.name for e in fight.state.actors["brak"].effects) == \
        ["dying", "unconscious"]
    fight.execute("end --death 14 --death 3")
    assert saves(fight) == (1, 0)
    brak = fight.state.actors["brak"]
    assert (brak.resource("death_successes"), brak.resource("death_failures")) == (0, 1)
    assert fight.state.turn == "sera"


def test_a_pass_that_ends_the_turn_rolls_it_too():
    fight = dying_nim()
    assert fight.execute("pass --death 1").line == "pass gob-2 --death 1"    # two failures
    assert (saves(fight), fight.state.turn) == ((0, 2), "brak")


def test_rolled_faces_are_written_into_the_log_and_replay_exactly():
    fight = dying_nim()
    line = fight.execute("end").line
    assert line.startswith("end --death ")
    face = int(line.split()[-1])
    assert saves(fight) == ((1, 0) if 10 <= face < 20 else (0, 2) if face == 1 else
                            (0, 1) if face < 10 else (0, 0))
    again = dying_nim()
    again.execute(line)
    assert again.state.actors == fight.state.actors


def test_undo_takes_the_death_save_back_with_the_end():
    fight = dying_nim()
    before = fight.state
    fight.execute("end --death 1")
    fight.undo()
    assert fight.state == before
    assert saves(fight) == (0, 0)


def test_through_run(tmp_path):
    """The demo's script run from the command line, then: Nim drops; gob-2's end starts
    Nim's turn, whose death save is a natural 20 (G24): 1 HP, and it is Nim's turn."""
    from shaper_gm.cli import main
    from shaper_gm.persist.saves import read_save
    script, out = tmp_path / "script.txt", tmp_path / "fight.yaml"
    script.write_text(DEMO.read_text() + "damage nim 24\nend\nend --death 20\n")
    assert main(["run", str(script), "--save", str(out)]) == 0
    assert main(["replay", str(out)]) == 0          # its log replays to the state saved
    saved = read_save(str(out))
    nim = saved.state.actors["nim"]
    assert (nim.hp, nim.down, saved.state.turn) == (1, False, "nim")
    assert saved.log[-1] == "end --death 20"

"""G27's saves the rules roll by themselves: a creature held by hold person saves again
at the end of each of its turns (`at: {moment: turn_end}`), and a concentrating creature
that takes damage, whatever deals it (the GM's `damage`, an attack, a spell), makes its
Con save (`at: {moment: damaged}`), DC the larger of 10 and half the damage. Through
commands and through `run`, logged, replayed and undone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.d20.conftest import demo, refused

DEMO = Path(__file__).resolve().parents[3] / "saves" / "d20-demo.txt"
APART = ("place fang A12", "place gob-2 F7", "place grum H5", "place brak A1",
         "place nim C1", "place sera F6", "place gob-1 G6")


def names(fight, actor_id):
    return sorted(e.name for e in fight.state.actors[actor_id].effects)


def held_grum():
    """Sera's hold person on Grum: DC 8 + 2 + 3 = 13 (G26); Grum's 3 + 0 fails."""
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    assert names(fight, "grum") == ["paralyzed"]
    fight.state = fight.state.with_(turn="grum", up=("grum",),   # the last in the order
                                    acted=frozenset(fight.state.order))
    return fight


@pytest.mark.parametrize("face, held", [
    (13, []),                       # Wis +0 (G2: Wis 11): 13 + 0 >= DC 13: the spell ends
    (20, []),
    (12, ["paralyzed"]),            # 12 + 0 < 13: still held
    (1, ["paralyzed"]),
])
def test_the_held_creature_saves_again_as_its_turn_ends(face, held):
    fight = held_grum()
    result = fight.execute(f"end --hold {face}")
    assert names(fight, "grum") == held
    # the spell ending ends Sera's concentration on it (G27)
    assert names(fight, "sera") == (["concentrating"] if held else [])
    assert result.line == f"end --hold {face}"
    assert (fight.state.round, fight.state.turn) == (2, "fang")


def test_it_saves_at_the_end_of_each_of_its_turns_not_of_others():
    fight = held_grum()
    fight.execute("end --hold 5")                # grum's turn: still held
    for _ in range(6):                           # fang ... gob-1: no save of grum's,
        assert "nobody rolled a save against hold person" in refused(fight, "end --hold 20")
        assert fight.execute("end").line == "end"    # so a face for one is refused
    assert (fight.state.turn, names(fight, "grum")) == ("grum", ["paralyzed"])
    fight.execute("end --hold 13")
    assert names(fight, "grum") == []


def test_the_gm_may_roll_it_by_hand_and_one_not_held_is_refused():
    fight = held_grum()
    fight.execute("hold-save grum --hold 15")
    assert names(fight, "grum") == []
    assert refused(fight, "hold-save grum") == \
        "Grum is not held by hold person; a creature that failed its save against hold " \
        "person makes this save"


def test_undo_takes_the_save_back_with_the_end():
    fight = held_grum()
    before = fight.state
    fight.execute("end --hold 19")
    fight.undo()
    assert fight.state == before


@pytest.mark.parametrize("damage, face, kept", [
    (8, 8, True),        # DC max(10, 4) = 10; Con +2 (G2: Con 14): 8 + 2 = 10 keeps
    (8, 7, False),       # 7 + 2 = 9 < 10: the spell ends, and Grum is free
    (22, 9, True),       # DC max(10, 11) = 11: 9 + 2 keeps
    (22, 8, False),      # 8 + 2 < 11 (Sera is left at 2 HP)
])
def test_the_gms_damage_asks_the_concentration_save(damage, face, kept):
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    result = fight.execute(f"damage sera {damage} --concentration {face}")
    assert result.line == f"damage sera {damage} --concentration {face}"
    assert (names(fight, "sera"), names(fight, "grum")) == \
        ((["concentrating"], ["paralyzed"]) if kept else ([], []))


def test_the_dc_counts_the_damage_after_resistance_and_before_temporary_hit_points():
    fight = demo(*APART, "set sera temp_hp=30", turn="sera")
    fight.execute("hold-person grum --save 3")
    # 24 fire, resisted? Sera resists nothing: 24 counts; temp HP take it all, yet the
    # DC is max(10, 12) = 12: 9 + 2 < 12 ends it (G27: before temporary hit points)
    fight.execute("damage sera 24 --type fire --concentration 9")
    assert (fight.state.actors["sera"].hp, names(fight, "sera")) == (24, [])


def test_no_save_without_concentration_or_damage():
    fight = demo(*APART, turn="sera")
    assert fight.execute("damage brak 5 --concentration 3").line == "damage brak 5"
    fight.execute("hold-person grum --save 3")
    assert fight.execute("damage sera 0 --concentration 3").line == "damage sera 0"
    assert names(fight, "sera") == ["concentrating"]


def test_a_rolled_save_is_written_into_the_log_and_replays():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    before = fight.state
    line = fight.execute("damage sera 8").line
    assert line.startswith("damage sera 8 --concentration ")
    after = fight.state
    fight.state = before
    fight.execute(line)
    assert fight.state.actors == after.actors


def test_a_spell_of_several_targets_asks_each_concentrating_one_in_turn():
    fight = demo(*APART, "place gob-2 G7", "effect gob-1 concentrating",
                 "effect gob-2 concentrating", turn="sera")
    sera = fight.state.actors["sera"]                          # a sheet that lists it
    fight.state = fight.state.with_actor(sera.with_(sheet=sera.sheet.with_values(
        spells=(*sera.sheet.spells, "burning-hands"))))
    # 1 + 1 + 2 = 4 fire: gob-1 saves (12 + 2 >= 13), 2; gob-2 fails (3 + 2), 4; each
    # DC max(10, 1 or 2) = 10, Con +0 (G2: Con 10): gob-1's 10 keeps, gob-2's 9 does not
    line = fight.execute("burning-hands gob-1,gob-2 --damage 1,1,2 --save 12 --save 3 "
                         "--concentration 10 --concentration 9").line
    assert line.endswith("--concentration 10 --concentration 9")
    assert (names(fight, "gob-1"), names(fight, "gob-2")) == (["concentrating"], [])


def test_through_run(tmp_path):
    """The demo's script from the command line (Sera concentrates from the start), then
    the GM's damage: 8, DC 10, and 7 + 2 < 10 ends Sera's concentration (G27)."""
    from shaper_gm.cli import main
    from shaper_gm.persist.saves import read_save
    script, out = tmp_path / "script.txt", tmp_path / "fight.yaml"
    script.write_text(DEMO.read_text() + "damage sera 8 --concentration 7\n")
    assert main(["run", str(script), "--save", str(out)]) == 0
    assert main(["replay", str(out)]) == 0          # its log replays to the state saved
    saved = read_save(str(out))
    assert [e.name for e in saved.state.actors["sera"].effects] == []
    assert saved.log[-1] == "damage sera 8 --concentration 7"

"""G7, G26 upcasting: a spell cast from a higher slot (`--level N`) spends that slot
and rolls its higher-level dice."""

from __future__ import annotations

from tests.rulesets.d20.conftest import demo, refused

APART = ("place fang A12", "place gob-2 G7", "place grum E12", "place brak A1",
         "place nim D6", "place sera F6", "place gob-1 G6")


def test_healing_word_from_a_2nd_level_slot_heals_2d4_plus_the_modifier():
    fight = demo(*APART, "damage nim 20", turn="sera")
    fight.execute("healing-word nim --level 2 --heal 2,3")           # 2 + 3 + 3 = 8
    sera = fight.state.actors["sera"]
    assert fight.state.actors["nim"].hp == 4 + 8
    assert (sera.resource("slot_1"), sera.resource("slot_2")) == (4, 1)
    assert fight.log[-1] == "healing-word sera nim --level 2 --heal 2,3"


def test_burning_hands_from_a_2nd_level_slot_rolls_4d6():
    fight = demo(*APART, turn="sera")
    sera = fight.state.actors["sera"]
    fight.state = fight.state.with_actor(sera.with_(sheet=sera.sheet.with_values(
        spells=(*sera.sheet.spells, "burning-hands"))))
    fight.state = fight.state.with_actor(fight.state.actors["grum"].with_(hp=30, max_hp=30))
    fight.execute("place grum H5")
    # 4d6: 4 + 5 + 6 + 1 = 16; Grum fails (3 + 1 < 13) and takes it all, Gob 1 saves
    # (12 + 2 >= 13) and takes half, 8 (its 7 HP)
    fight.execute("burning-hands gob-1,grum --level 2 --damage 4,5,6,1 --save 12 --save 3")
    assert (fight.state.actors["gob-1"].hp, fight.state.actors["grum"].hp) == (0, 30 - 16)
    sera = fight.state.actors["sera"]
    assert (sera.resource("slot_1"), sera.resource("slot_2")) == (4, 1)


def test_a_level_without_slots_is_refused():
    fight = demo(*APART, turn="sera")
    assert "there are no level 3 slots: d20's sheets have levels 1 and 2 (G7)" in \
        refused(fight, "healing-word nim --level 3")
    fight.execute("set sera slot_2=0")
    assert "Sera has no spell slot of that level left (G7)" in \
        refused(fight, "healing-word nim --level 2")
    fight.execute("set sera slot_1=0")
    assert "Sera has no spell slot of that level left (G7)" in \
        refused(fight, "healing-word nim")


def test_times_copies_dice_and_refuses_past_its_bounds():
    import pytest

    from shaper_gm.engine.errors import ExprError
    from shaper_gm.engine.expr import compile_expr
    rolled = compile_expr("3d6 + times(level - 1, '1d6+1')")
    assert rolled.dice({"level": 3}).text() == "3d6+2d6+2"
    assert rolled.dice({"level": 1}).text() == "3d6"
    with pytest.raises(ExprError, match="times\\(\\) takes 0 to 1,000 copies, not -1"):
        rolled.dice({"level": 0})

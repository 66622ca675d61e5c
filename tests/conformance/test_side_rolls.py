"""Side rolls, in every ruleset: `roll` changes nothing, is no undo step and leaves the
fight's dice alone, so what rolls them next rolls what it would have without it. A
`roll` line in an old log drew the fight's dice: replaying it still does."""

from __future__ import annotations

from pathlib import Path

from conformance.fight import Fight
from shaper_gm.app import equip
from shaper_gm.commands.session import Result
from shaper_gm.engine import events as ev
from shaper_gm.persist.replay import replay_save
from shaper_gm.persist.saves import read_save

# Written by the code of before: its log holds `roll` lines between an attack's dice.
OLD_ROLLS = Path(__file__).resolve().parents[1] / "fixtures" / "v3-roll-in-log.yaml"


def next_roll(f: Fight) -> str:
    """The next command that draws the fight's dice: `init` where the ruleset rolls
    initiative, else the first attack the demo's turns allow; the line as logged."""
    rolled = f.attempt("init")
    if isinstance(rolled, Result):
        return rolled.line
    for _ in f.state.actors:
        for target in f.opponents(f.acting()):
            result = f.attempt(f"{f.rs.attack_verb} {target}")
            if isinstance(result, Result):
                return result.line
        f.next_turn()
    raise AssertionError(f"nothing rolls the fight's dice\n{f.story()}")


def test_a_side_roll_draws_none_of_the_fights_dice(ruleset):
    """Issue #21: a side `roll` drew the encounter's dice, so the GM saw the next
    attack's dice and every later roll moved on. After side rolls, rolled or given
    faces, the next roll of the fight's dice is the one it is without them."""
    plain, rolled = Fight(ruleset), Fight(ruleset)
    for line in ("roll 3d6", "roll 1d20+2", "roll 1d6 --faces 4"):
        rolled.run(line)
    assert rolled.state == plain.state, rolled.story()
    assert next_roll(rolled) == next_roll(plain), rolled.story()
    assert rolled.state == plain.state, rolled.story()


def test_a_side_roll_takes_faces_given(ruleset):
    f = Fight(ruleset)
    before = f.state
    result = f.run("roll 1d6+1 --faces 4")
    rolls = [e.roll for e in result.events if isinstance(e, ev.DiceRolled)]
    assert [r.total for r in rolls] == [5] and result.line is None, f.story()
    assert f.state == before, f.story()


def test_an_old_logs_roll_lines_replay_drawing_the_fights_dice():
    """A save whose log holds `roll` lines (written when a roll was logged and drew the
    fight's dice) opens and replays to its saved state, and undo still steps over its
    rolls as the steps they were."""
    report = replay_save(OLD_ROLLS)
    assert report.ok, report.message
    session = equip(read_save(OLD_ROLLS))
    assert session.log[-1].startswith("roll ")
    position = session.state.dice_position
    session.undo()
    assert session.state.dice_position == position - 3    # the 3d6 it drew

"""`init ID --roll FACES` (or `=TOTAL`, or `set ID initiative=N`) enters one actor's roll;
a later `init` keeps every roll entered by hand and rolls only the rest (S17, T4, P5,
R9). The mark is saved, so replay and a reopened save keep the same rolls."""

from __future__ import annotations

from overrides.conftest import refuse, replayed, screen, session_of

SETUP = ("new --seed 3", "add josh --as josh --side party --at B4",
         "add monica --as monica --side party --at C5",
         "add raider --as raider --side enemies --at B1")


def test_init_keeps_the_entered_roll_and_rolls_the_rest():
    s = session_of(*SETUP, "init josh --roll 6,6,5")
    josh = s.state.actors["josh"]
    assert (josh.initiative, josh.initiative_entered) == (18, True)     # 17 + Finesse 1
    position = s.state.dice_position
    text = screen(s, "init")
    assert s.state.actors["josh"].initiative == 18
    assert s.state.dice_position == position + 6          # Monica's and the raider's 3d6
    # the rolls the tool made are logged as --rolled: a replay keeps them as rolled
    assert s.log[-1].startswith("init --rolled monica=") and "josh" not in s.log[-1]
    assert "kept as entered: Josh" in text
    assert s.state.order[0] == "josh"
    s.execute("init")                                      # again: Josh still kept
    assert s.state.actors["josh"].initiative == 18
    assert not s.state.actors["monica"].initiative_entered
    assert replayed(s).state == s.state


def test_init_keeps_a_total_and_a_set_initiative():
    s = session_of(*SETUP, "init monica --roll =4", "set raider initiative=2", "init")
    actors = s.state.actors
    assert (actors["monica"].initiative, actors["raider"].initiative) == (4, 2)
    assert s.log[-3] == "init monica --roll =4"
    assert s.log[-1].startswith("init --rolled josh=") and s.log[-1].count("--rolled") == 1
    assert "--roll " not in s.log[-1]
    assert s.state.order == ("josh", "monica", "raider")
    assert replayed(s).state == s.state


def test_init_naming_a_kept_actor_rolls_it_anew():
    """`init --roll ID=FACES` in a roll for everyone gives that actor new faces."""
    s = session_of(*SETUP, "init josh --roll 6,6,5", "init --roll josh=1,1,2")
    assert s.state.actors["josh"].initiative == 5
    assert "--roll josh=1,1,2" in s.log[-1]


def test_entered_mark_survives_a_save(tmp_path):
    s = session_of(*SETUP, "init josh --roll 6,6,5")
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    from shaper_gm.app import new_session
    reopened = new_session(seed=1)
    reopened.execute(f"load {path}")
    assert reopened.state.actors["josh"].initiative_entered
    reopened.execute("init")
    assert reopened.state.actors["josh"].initiative == 18


def test_init_refuses_a_bad_entered_roll():
    s = session_of(*SETUP)
    refuse(s, "init josh --roll =2", "--roll =2: the initiative of Josh")
    refuse(s, "init josh --roll josh=5,5,3", "init ID --roll FACES enters one roll")
    refuse(s, "init josh --roll =", "no total after '='")


def test_timeslice_init_keeps_an_entered_roll():
    s = session_of("new --ruleset timeslice --seed 4", "add kara --as kara --at B2",
                   "add guard --as guard --at C2", "init kara --roll 0,7", "init")
    assert s.state.actors["kara"].initiative == 7 + s.state.actors["kara"].sheet.q - 10
    assert "kara" not in s.log[-1]
    assert replayed(s).state == s.state

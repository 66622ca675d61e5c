"""The source's four examples (A-D) and the issue's two other cases, typed as a GM
types them, with the same choices and rolls given as flags; each logged line carries
every face and answer, and the log replays to the same encounter."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.reactions.conftest import replayed, session


def last_line(s) -> str:
    return s.log[-1]


def test_a_two_failed_physical_blocks_then_a_critical_deal_28():
    s = session("attack bo --with duelling-sword --react bo=block --react bo=block "
                "--block 5 --block 11 --crit 16")
    bo = s.state.actors["bo"]
    assert (bo.hp, bo.resource("reactions")) == (60 - 28, 0)
    assert s.state.actors["ann"].resource("action") == 0
    assert last_line(s) == ("attack ann bo --with duelling-sword --react bo=block "
                            "--react bo=block --block 5 --block 11 --crit 16")
    assert replayed(s).state == s.state


def test_b_a_dodge_with_two_reactions_avoids_everything_and_leaves_the_tile():
    s = session(setup=("add ann --as duellist --side party --at B2 --name Ann",
                       "add bo --as duellist --at F2 --name Bo", "init ann bo", "start"))
    s.execute("attack bo --with hex --react bo=dodge --dodge 15 --to f3")   # 4 m away
    bo = s.state.actors["bo"]
    assert (bo.hp, bo.zone, bo.resource("reactions")) == (60, "F3", 0)
    assert "--crit" not in last_line(s)                     # the steps stop (R4)
    assert last_line(s) == ("attack ann bo --with hex-pistol --react bo=dodge --dodge 15 "
                            "--to F3")
    assert replayed(s).state == s.state


def test_b_without_a_tile_the_dodge_picks_one_and_the_log_names_it():
    s = session("attack bo --react bo=dodge --dodge 18")
    bo = s.state.actors["bo"]
    assert bo.zone != "C2" and bo.hp == 60
    assert last_line(s).endswith(f"--dodge 18 --to {bo.zone}")
    assert replayed(s).state == s.state


def test_c_one_successful_magical_block_and_no_critical_deal_10():
    s = session("attack bo --with spellblade --react bo=block --block 12 --crit 15")
    assert s.state.actors["bo"].hp == 50
    assert s.state.actors["bo"].resource("reactions") == 1
    assert replayed(s).state == s.state


def test_d_the_second_of_two_physical_blocks_succeeds_and_a_critical_deals_20():
    s = session("attack bo --react bo=block --react bo=block --block 3 --block 17 --crit 20")
    assert s.state.actors["bo"].hp == 40
    assert s.state.actors["bo"].resource("reactions") == 0
    assert replayed(s).state == s.state


def test_c_with_a_second_block_declared_it_is_never_tried_nor_paid():
    """R2: the defender tries until one succeeds; the log keeps what happened."""
    s = session("attack bo --with spellblade --react bo=block --react bo=block "
                "--block 12 --block 4 --crit 15")
    assert s.state.actors["bo"].hp == 50 and s.state.actors["bo"].resource("reactions") == 1
    assert last_line(s) == ("attack ann bo --with spellblade --react bo=block --block 12 "
                            "--crit 15")
    assert replayed(s).state == s.state


def test_a_true_attack_cannot_be_blocked_but_a_shield_soaks_it():
    s = session(setup=("add bo --as knight --at C2 --name Bo",
                       "add ann --as wraith --side party --at B2 --name Ann",
                       "init bo ann", "start"))
    s.execute("shield")                                      # the tower shield: 20
    s.execute("end")
    assert s.state.actors["bo"].resource("shield") == 20
    before = s.state
    with pytest.raises(GmError, match=r"a true attack cannot be blocked, only dodged \(R2\)"):
        s.execute("attack bo --react bo=block")
    assert s.state is before
    s.execute("attack bo --power 24 --crit 1")               # soul touch: true damage
    bo = s.state.actors["bo"]
    assert (bo.resource("shield"), bo.hp) == (0, 50 - 4)     # 24: 20 soaked, 4 to health
    assert replayed(s).state == s.state


def test_a_defender_with_one_reaction_left_cannot_dodge():
    s = session("set bo reactions=1")
    before, log = s.state, list(s.log)
    with pytest.raises(GmError, match=r"Bo's dodge 1 needs 2 reactions; it has 1 left "
                                      r"\(R2, R11\)") as err:
        s.execute("attack bo --react bo=dodge --dodge 20")
    assert "a block costs 1, a dodge 2" in err.value.hint
    assert s.state is before and s.log == log
    s.execute("attack bo --react bo=block --block 20 --crit 1")      # a block it can pay
    assert s.state.actors["bo"].resource("reactions") == 0

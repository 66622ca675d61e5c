"""Skills (S21-S25): a cast's cost less Mentality, SP and its regeneration, uses a round,
what a skill triggers on, refused in the ruleset's words. Played through commands,
whichever version plays `shaper`."""

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_creation import zed

DICE = "--roll 4,4,4 --evade 2,2,2 --damage 3 --defense 1"


def refused(flags: str, *lines: str) -> GmError:
    s = zed(flags, *lines[:-1])
    with pytest.raises(GmError) as err:
        s.execute(lines[-1])
    return err.value


def majors_spent(flags: str, line: str) -> int:
    s = zed(flags)
    s.execute(line)
    return 3 - s.state.actors["zed"].resource("major")


def test_spell_cost_reduction_source_example():
    # Spell + 1 spell skill, Mentality 1: only the spell's Major.
    assert majors_spent("--mentality 1 --level 2 --skill energy-shield --skill charm",
                        "cast zed energy-shield --skill charm") == 1
    # Spell + 2 spell skills: 1 Major + 1 more Major (Mentality 1 frees one of them).
    both = "--mentality {m} --level {lv} --skill energy-shield --skill charm --skill minion"
    added = "cast zed energy-shield --skill charm --skill minion"
    assert majors_spent(both.format(m=1, lv=3), added) == 2
    # Mentality 5 frees both added skills: only the spell's Major.
    assert majors_spent(both.format(m=5, lv=7), added) == 1
    # Never below 1: the reduction cannot remove the cast itself.
    assert majors_spent("--mentality 3 --level 3 --skill energy-shield",
                        "cast zed energy-shield") == 1


def test_sp_regen_capped():
    """S22: SP regained at the start of the actor's turn, up to its Total SP."""
    def regen(level: str, current: int) -> int:
        s = zed(f"--finesse 1 {level}", f"set zed sp={current}", "end", "end")
        return s.state.actors["zed"].resource("sp")
    assert regen("", 0) == 1                     # regen 1, Total 1
    assert regen("", 1) == 1
    assert regen("--level 5", 0) == 2            # regen 2, Total 2 (level 5)
    assert regen("--level 5", 1) == 2            # capped


def test_spend_sp():
    s = zed("--finesse 1 --weapon longbow --skill longshot", "draw zed longbow")
    s.execute(f"attack zed dummy --skill longshot:sp {DICE}")
    assert s.state.actors["zed"].resource("sp") == 0
    says = str(refused("--finesse 1 --weapon longbow --skill longshot", "draw zed longbow",
                       "set zed sp=0", f"attack zed dummy --skill longshot:sp {DICE}"))
    assert "SP" in says and "0" in says and "S23" in says


def test_uses_per_round_is_skill_level():
    err = refused("--finesse 1 --level 2 --weapon longbow --skill longshot:2",
                  "draw zed longbow", f"attack zed dummy --skill longshot {DICE}",
                  "set zed major=3", f"attack zed dummy --skill longshot {DICE}",
                  "set zed major=3", f"attack zed dummy --skill longshot {DICE}")
    assert "used 2 of 2 times this round (S24)" in err.message
    assert "start of Zed's turn" in err.hint


def test_effects_scale_with_ability():
    """Piercing Strike's 1d6 per Finesse point (S23): Finesse 2 rolls two of them beside
    the longbow's damage die, asked of --damage."""
    s = zed("--finesse 2 --level 2 --weapon longbow --skill piercing-strike",
            "draw zed longbow")
    line = "attack zed dummy --skill piercing-strike --roll 4,4,4 --evade 2,2,2 --defense 1"
    with pytest.raises(GmError, match="give 3 faces in --damage"):
        s.execute(f"{line} --damage 3,2")
    s.execute(f"{line} --damage 3,2,2")


def test_triggers():
    flags = "--finesse 1 --vigor 1 --level 2 --weapon longbow --weapon longsword " \
            "--skill piercing-strike"
    zed(flags, "draw zed longbow").execute(
        "attack zed dummy --skill piercing-strike --roll 4,4,4 --evade 2,2,2 --damage 3,2 "
        "--defense 1")
    says = str(refused(flags, "draw zed longsword", "engage zed dummy",
                       f"attack zed dummy --skill piercing-strike {DICE}"))
    assert "ranged attack" in says and "S23" in says
    assert "used as part of an attack (S23)" in str(refused(flags, "skill zed piercing-strike"))
    says = str(refused("--finesse 1 --weapon longbow --skill retreat", "draw zed longbow",
                       f"attack zed dummy --skill piercing-strike {DICE}"))
    assert "piercing-strike" in says                 # a skill Zed does not know


def test_spell_triggers():
    zed("--mentality 1 --skill energy-shield").execute("cast zed energy-shield")   # anytime
    with pytest.raises(GmError, match=r"Mentality"):
        zed("--finesse 1 --skill energy-shield")
    says = str(refused("--mentality 1 --finesse 1 --level 2 --weapon spell "
                       "--skill piercing-strike",
                       f"cast zed spell dummy --skill piercing-strike {DICE}"))
    assert "piercing" in says.lower()            # a spell gains only from spell skills

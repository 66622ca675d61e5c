"""Creating an actor (S19a, S24, S25, S27-S29): `add`'s flags give its numbers, read off
the actor and its attacks; what its level does not allow is refused. Played through
commands, whichever version plays `shaper`."""

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from tests.encounter.conftest import attack_outcome

DICE = "--roll 4,4,4 --evade 2,2,2 --damage 3"


def zed(flags: str, *lines: str):
    """Zed added with `flags`, engaged with a raider in B2 (tier 1 armor), on its turn."""
    s = new_session(seed=1234)
    for line in (f"add zed {flags} --at B2 --side party", "add dummy --as raider --at B2",
                 "init zed dummy", "start", *lines):
        s.execute(line)
    return s


def made(flags: str):
    return zed(flags).state.actors["zed"]


def strikes(flags: str, weapon: str, verb: str = "attack zed"):
    """Zed's attack bonus (its total less the dice's 12) and damage (a 3 rolled)."""
    draw = () if weapon == "spell" else (f"draw zed {weapon}",)
    s = zed(flags, *draw, "engage zed dummy")
    outcome = attack_outcome(s.execute(f"{verb} dummy {DICE} --defense 1"))
    return outcome.attack.total - 12, outcome.target("dummy").damage


def evades(flags: str):
    """Zed's evasion bonus (its total less the dice's 6) and the Defense it rolls with a
    1 given (none without armor), struck by the raider."""
    s = zed(flags, "end", "engage dummy zed")
    defense = " --defense 1" if "--armor" in flags else ""
    target = attack_outcome(s.execute(f"attack dummy zed {DICE}{defense}")).target("zed")
    return target.evasion.total - 6, target.defense.total if target.defense else None


def refused(line: str) -> str:
    s = new_session(seed=1234)
    with pytest.raises(GmError) as err:
        s.execute(line)
    assert not s.state.actors
    return str(err.value)


def test_vigor_adds_hp_and_melee():
    flags = "--vigor 1 --weapon longsword --shield --armor armor-t2 --skill overswing"
    s = made(flags)
    assert s.max_hp == 13
    assert strikes(flags, "longsword") == (1, 3 + 3 + 1)      # melee attack and damage +1
    assert strikes("--vigor 1 --weapon longbow", "longbow")[0] == 0
    assert evades(flags) == (0, 1 + 3)                        # Defense 1d6+3
    assert s.resource("sp") == 1                              # max SP 1
    again = zed(flags, "set zed sp=0", "end", "end").state.actors["zed"]
    assert again.resource("sp") == 1                          # SP regen 1


def test_finesse_adds_evasion_and_ranged():
    flags = "--finesse 1 --weapon longbow --skill piercing-strike"
    assert made(flags).max_hp == 10
    assert evades(flags)[0] == 1 and strikes(flags, "longbow")[0] == 1
    assert strikes("--finesse 1 --weapon longsword", "longsword")[0] == 0
    assert evades(flags)[1] in (None, 0)                      # no armor: no Defense


def test_mentality_reduces_spell_cost():
    s = zed("--mentality 1 --level 2 --weapon spell --skill energy-shield --skill charm")
    s.execute("cast zed energy-shield --skill charm")
    assert s.state.actors["zed"].resource("major") == 2        # 1 + 1 added - 1 Mentality


def test_vigor_skill_without_vigor_refused():
    s = new_session(seed=1234)
    with pytest.raises(GmError) as err:
        s.execute("add josh --finesse 1 --skill overswing")
    assert err.value.message == "Overswing is a Vigor skill; Josh has 0 Vigor (S27)"
    assert "Vigor" in err.value.hint


def test_too_many_ability_points_refused():
    assert "2 Ability Points; level 1 allows 1 (S27, S29)" in refused(
        "add josh --vigor 1 --finesse 1")
    assert made("--level 2 --vigor 1 --finesse 1").max_hp == 13


def test_skill_limits():
    assert "2 skill levels; level 1 allows 1" in refused(
        "add josh --finesse 1 --skill piercing-strike --skill longshot")
    assert "1 to 4 (S24)" in refused("add josh --finesse 1 --skill piercing-strike:5")
    assert "Mentality skill; Josh has 0 Mentality" in refused(
        "add josh --vigor 1 --skill energy-shield")
    assert "spells need Mentality 1, Josh has 0 (S25)" in refused(
        "add josh --vigor 1 --weapon spell")


@pytest.mark.parametrize("flag, word, name", [
    ("--weapon lightsaber", "weapon", "lightsaber"), ("--armor mithril", "armor", "mithril"),
    ("--skill fly", "skill", "fly")])
def test_unknown_ids_refused(flag, word, name):
    says = refused(f"add josh {flag}")
    assert word in says and name in says


def test_hand_items():
    made("--weapon longsword --shield --holding longsword --holding shield")
    says = refused("add josh --level 2 --weapon greatsword --weapon longsword "
                   "--holding greatsword --holding longsword")
    assert "2" in says and "hand" in says and "(S19a)" in says
    says = refused("add josh --weapon longsword --holding longbow")
    assert "longbow" in says and "(S19a)" in says


def test_overrides_and_level_table():
    assert made("--level 3 --hp 20").max_hp == 20
    assert made("--level 3").resource("sp") == 1
    assert "level 11" in refused("add josh --level 11")     # past the level table


def test_stats_from_sheet():
    josh = made("--finesse 1 --weapon longbow --skill piercing-strike --holding longbow")
    assert josh.max_hp == 10
    assert evades("--finesse 1 --weapon longbow --skill piercing-strike")[0] == 1
    assert made("--finesse 1 --weapon longbow --hp 30").max_hp == 30
    s = zed("--mentality 1", "add minion --as minion --at B2 --side party")
    minion = s.state.actors["minion"]
    assert minion.max_hp == 5
    # Creatures are exempt from the level limits, not from the other checks.
    s.execute("add brute --as brute --finesse 1 --at A1")      # level 2, 3 points
    assert s.state.actors["brute"].max_hp == 16

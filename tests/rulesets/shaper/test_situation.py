"""Melee, engagements, Outnumbered, firing into melee and range bands (S11-S16), played
through commands on a battlefield set up alike, whichever version plays `shaper`."""

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from tests.encounter.conftest import attack_outcome, engaged_with

# Josh at A1 with a longbow and Longshot; Monica engaged at C3 with enemy-1 and enemy-3;
# a bystander at C3 not engaged; `far` at A5 (Long+1 from A1), `farther` at A1 (Close).
FIELD = (
    "add josh --finesse 1 --skill longshot --weapon longbow --holding longbow "
    "--armor armor-t1 --at A1 --side party",
    "add monica --vigor 1 --weapon longsword --holding longsword --armor armor-t1 --at C3 "
    "--side party",
    "add enemy-1 --as raider --at C3", "add enemy-3 --as raider --at C3",
    "add bystander --as raider --at C3", "add far --as raider --at A5",
    "add farther --as raider --at A1", "add long --as raider --at D1",
    "init monica enemy-3 josh enemy-1 bystander far farther long", "start",
    "engage monica enemy-1", "end", "engage enemy-3 monica", "end")
DICE = "--roll 4,4,4 --evade 3,3,3 --damage 3 --defense 1"


def field(*lines: str, turn: str = "josh"):
    """The field set up, `lines` run on Josh's turn, then ended up to `turn`'s."""
    s = new_session(seed=1234)
    for line in (*FIELD, *lines):
        s.execute(line)
    return turn_of(s, turn)


def turn_of(s, who: str):
    """`end` until it is `who`'s turn."""
    for _ in range(20):
        if s.state.turn == who:
            return s
        s.execute("end")
    raise AssertionError(f"no turn of {who}")


def attack(s, line):
    return attack_outcome(s.execute(f"{line} {DICE}"))


def mods(outcome):
    return [(m.name, m.reason, m.rule) for m in outcome.plan.modifiers]


def test_melee_needs_the_same_engagement():
    s = field(turn="monica")
    assert attack(s, "attack monica enemy-1").target("enemy-1").hit is not None
    with pytest.raises(GmError, match=r"not engaged with .*\(S11\)"):
        field(turn="monica").execute(f"attack monica bystander {DICE}")   # same zone: Close only
    assert engaged_with(s.state, "monica") == ["enemy-1", "enemy-3"]


def test_outnumbered():
    s = field(turn="enemy-1")
    outcome = attack(s, "attack enemy-1 monica")     # 2 enemies vs Monica alone
    assert [(m.name, m.reason, m.rule) for m in outcome.target("monica").evasion_modifiers
            ] == [("disadvantage", "Outnumbered", "S16")]
    s = field(turn="monica")                         # Monica against enemy-1: not
    assert not attack(s, "attack monica enemy-1").target("enemy-1").evasion_modifiers
    s = field("engage josh farther", turn="farther")    # Josh engaged 1 vs 1: not
    assert not attack(s, "attack farther josh").target("josh").evasion_modifiers
    with_minion = field("add minion --as minion --at C3 --side party", turn="minion")
    with_minion.execute("engage minion monica")
    with_minion = turn_of(with_minion, "enemy-1")
    assert not attack(with_minion, "attack enemy-1 monica").target(
        "monica").evasion_modifiers                  # 2 vs 2
    down = field("add minion --as minion --at C3 --side party", turn="minion")
    down.execute("engage minion monica")
    down.execute("set minion hp=0")
    down = turn_of(down, "enemy-1")
    assert attack(down, "attack enemy-1 monica").target(
        "monica").evasion_modifiers                  # a Down actor has left (S8)


def test_firing_into_melee():
    into = ("disadvantage", "firing into melee", "S15")
    assert into in mods(attack(field(), "attack josh enemy-1"))
    assert into not in mods(attack(field(turn="monica"), "attack monica enemy-1"))
    assert into not in mods(attack(field(), "attack josh bystander"))        # not engaged


def test_range_bands():
    beyond = ("disadvantage", "beyond max range", "S13")
    assert beyond not in mods(attack(field(), "attack josh long"))   # Long: max range
    assert mods(attack(field(), "attack josh far")) == [beyond]      # Long+1
    longshot = attack(field(), "attack josh far --skill longshot")   # S23: a band more
    assert beyond not in mods(longshot)
    plain = attack(field(), "attack josh far")
    assert longshot.target("far").damage == plain.target("far").damage + 1   # at max range


def test_melee_weapon_needs_engagement():
    s = field("place monica A1", turn="monica")
    with pytest.raises(GmError) as err:
        s.execute(f"attack monica farther {DICE}")
    assert err.value.message.startswith("Monica is not engaged with")
    assert "(S11)" in err.value.message and "engage first (Minor" in err.value.hint


def caster(zone: str, *lines: str, wand: bool = False):
    """Taylor (Mentality 1, the offensive spell, S25; a wand in hand when `wand`) at
    `zone`, on her turn."""
    weapon = "--weapon wand --holding wand " if wand else ""
    return field(f"add taylor --mentality 1 --weapon spell {weapon}--at {zone} "
                 "--side party", *lines, turn="taylor")


def test_firing_into_melee_with_a_spell():
    into = ("disadvantage", "firing into melee", "S15")
    assert into in mods(attack(caster("C2"), "cast taylor spell enemy-1"))
    # Reading of S15: Taylor casting at the enemy she is engaged with takes no penalty
    # (the source's last exchange).
    s = caster("C3")
    s.execute("engage taylor bystander")
    assert into not in mods(attack(s, "cast taylor spell bystander"))


def test_spell_range_base_close_wand_short():
    beyond = ("disadvantage", "beyond max range", "S13")
    assert beyond in mods(attack(caster("A4"), "cast taylor spell far"))   # Close + 1
    assert beyond not in mods(attack(caster("A4", wand=True), "cast taylor spell far"))
    with pytest.raises(GmError, match=r"2 bands beyond max range \(S13\)"):
        caster("A3").execute(f"cast taylor spell far {DICE}")             # Medium

"""`--damage-bonus N` wherever a ruleset deals damage: added where its rules add damage,
shown in the breakdown and the recap line, counted by odds, replayed exactly."""

from __future__ import annotations

from overrides.conftest import recap, replayed, screen
from tests.oddsread import flat

CLOSE_IN = "move G5"      # the dice-pool demo's Freya, next to Barry (P7: reach)


def outcome(frame):
    found = [e.outcome for e in frame.events if hasattr(e, "outcome")]
    assert len(found) == 1
    return found[0]


def test_timeslice_damage_bonus_before_dr(demo):
    """Rifle 6 + 3 = 9, less DR 2: Kara 14 → 7 (T12)."""
    s = demo("timeslice")
    text = screen(s, "attack sniper kara --roll 9,9 --defend 0,0 --damage-bonus 3")
    o = outcome(s.history[-1])
    after = o.hp_after if hasattr(o, "hp_after") else o.health_after   # the data version's
    assert (o.damage, o.taken, after) == (9, 7, 7)
    assert "GM damage bonus" in text
    assert "[GM damage bonus +3]" in recap(s)
    assert replayed(s).state == s.state
    plain = flat(s.execute("odds ren guard").view)
    more = flat(s.execute("odds ren guard --damage-bonus 4").view)
    assert more.mean_taken == plain.mean_taken + 4 * plain.hit      # every hit, 4 more


def test_dicepool_damage_bonus_with_the_stat(demo):
    """2d8 [3, 7] = 10, +4 STR, +2 from the GM: 16, Barry 12 → 0 (P8)."""
    s = demo("dicepool", CLOSE_IN)
    text = screen(s, "attack barry --roll 4,6,2,5,1 --damage 3,7 --damage-bonus 2")
    o = outcome(s.history[-1])
    assert o.damage == 16 and s.state.actors["barry"].hp == 0
    assert "[3, 7] = 10, +4 STR +2 GM = 16" in text
    assert "[GM damage bonus +2]" in recap(s)
    assert replayed(s).state == s.state


def test_dicepool_damage_total_includes_the_gm_bonus(demo):
    s = demo("dicepool", CLOSE_IN)
    s.execute("attack barry --roll =3 --damage =11 --damage-bonus 2")
    assert outcome(s.history[-1]).damage == 11
    assert s.state.actors["barry"].hp == 1


def test_reactions_damage_bonus_after_armor(demo):
    """Firebolt 16 + critical 8 = 24, - magical armor 6 = 18, +3 from the GM: 21 (R6)."""
    s = demo("reactions", "move cy D3")
    text = screen(s, "attack bo --react bo=block --block 5 --crit 16 --damage-bonus 3")
    o = outcome(s.history[-1])
    assert o.damage == 21 and s.state.actors["bo"].hp == 39
    assert "+3 GM damage bonus" in text
    assert "+3 GM damage bonus; 21 damage" in recap(s)
    assert replayed(s).state == s.state


def test_dungeoneers_wound_bonus_each_application(demo):
    """Warhammer 1 + body 2 + 1 from the GM = 4, vulnerability(1): 5 wounds (D16, D20)."""
    s = demo("dungeoneers")
    text = screen(s, "strike suori skeleton --roll 4 --dodge 3 --pierce 3 --damage-bonus 1")
    assert outcome(s.history[-1]).wounds == 5
    assert s.state.actors["skeleton"].resource("wounds") == 5
    assert "Warhammer 1 + body 2 +1 (GM bonus)" in text
    assert "[GM wound bonus +1]" in recap(s)
    assert replayed(s).state == s.state
    odds = flat(s.execute("odds freya skeleton --damage-bonus 2").view)
    assert odds.mean_wounds > flat(s.execute("odds freya skeleton").view).mean_wounds

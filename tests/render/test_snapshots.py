"""Exact screens for the attack breakdowns, the turn order and the map.

Every number in the snapshots was checked by hand against the rules; the asserts next
to each snapshot repeat the key ones so a wrong rewrite cannot slip through.
"""

from __future__ import annotations

FIRING_INTO_MELEE = "attack raider --roll 4,5,5 --evade 3,3,3 --damage 6 --defense 2"
OVERSWING = ("attack reaver,raider --skill overswing --roll 6,6,5 --evade 1,2,3 "
             "--evade 5,4,2 --damage 4,5 --defense 1 --defense 2")


def test_longbow_shot_breakdown(session, render, snapshot):
    session.execute("draw longbow")
    result = session.execute("attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6")
    text = render(result, session.state)
    snapshot("attack_longbow", text)
    # 3d6 4+5+5 + 1 Finesse = 15 vs 2+3+3 = 8: hit, margin 7 < 9 so no critical;
    # 1d6+3 = 3+3 = 6 damage; Defense 1d6+3 = 6+3 = 9, minus Pierce 2 = 7 > 6: no damage.
    assert "[4, 5, 5] + 1 = 15" in text
    assert "15 ≥ 8 (S5); margin 7" in text
    assert "longbow 1d6+3: [3] + 3 = 6" in text
    assert "Defense after Pierce 2        7" in text
    assert "HP                      18 → 18" in text


def test_firing_into_melee_marks_the_changed_die(battle, render, snapshot):
    text = render(battle.execute(FIRING_INTO_MELEE), battle.state)
    snapshot("attack_into_melee", text)
    # Disadvantage turns the highest die (a 5) into a 1: 4+1+5 + 1 = 11 vs 9, a hit;
    # 6+3 = 9 damage against Defense 2+3 = 5 - Pierce 2 = 3: 6 taken, 18 -> 12.
    assert "[4, 5→1 Disadvantage, 5] + 1 = 11" in text
    assert "Disadvantage: firing into melee (S15)" in text
    assert "6 HP lost (HP 18 → 12)" in text


def test_overswing_with_a_critical(battle, render, snapshot):
    battle.execute("end")
    text = render(battle.execute(OVERSWING), battle.state)
    snapshot("attack_overswing", text)
    # 6+6+5 + 1 Vigor = 18. Reaver evades 6 (margin 12 >= 9: critical), Raider 11 (hit).
    # Damage: weapon 4+3 = 7, critical die 5, +1 Vigor +1 Overswing: 9, or 14 critical.
    assert "= 9, 14 on a critical" in text
    assert "▸ Reaver: critical hit, 13 HP lost (HP 20 → 7)" in text
    assert "▸ Raider: hit, 4 HP lost (HP 18 → 14)" in text
    assert text.startswith("Monica attacks Reaver, Raider with the longsword (Overswing; spent "
                           "2 Major)\n")


def test_turn_order_table(battle, render, snapshot):
    battle.execute("end")
    battle.execute(OVERSWING)
    battle.execute("damage crossbowman 10 --direct")
    text = render(battle.execute("order"), battle.state, ruleset_for=battle.ruleset_for)
    snapshot("order", text)
    lines = text.splitlines()
    monica = next(line for line in lines if "Monica" in line)
    assert monica.startswith("▶ Monica") and "●○○ ● ●" in monica   # 2 Majors spent
    assert "DOWN  0/10" in next(line for line in lines if "Crossbowman" in line)
    minion = lines.index(next(line for line in lines if "└ Minion" in line))
    above = [line for line in lines[:minion] if line[:20].strip()][-1]
    assert above.startswith("  Taylor")                  # the summon sits under Taylor


def test_map(battle, render, snapshot):
    text = render(battle.execute("map"), battle.state)
    snapshot("map", text)
    assert "⚔1 engaged: monica, raider, reaver" in text
    assert "▶josh" in text

"""Effects are named in the attack's breakdown (issue 22): the defender's AC effects in
the DT row, the attacker's damage effects beside the damage stat, each with its amount,
the totals the rules use unchanged (P7, P8)."""

from __future__ import annotations

from tests.rulesets.dicepool.commands import fight, shown


def test_the_dt_and_damage_rows_name_each_effect():
    s = fight("effect barry shield-wall --ac 2", "effect freya fury --damage 3")
    out = shown(s, "attack barry --roll 6,6,6,6,6 --damage 3,3")
    # DT = AC 3 + 2 (shield-wall) - proficiency 1 = 4; 5 successes, margin 1;
    # damage 2d8 [3, 3] = 6, + STR 4 + fury 3 = 13 (P8)
    assert "AC 3 +2 shield-wall - proficiency 1 = 4  P7" in out     # named as in damage
    assert "[3, 3] = 6, +4 STR +3 fury = 13  P8" in out
    assert "Barry the Guard 12 → 0, down  P8" in out

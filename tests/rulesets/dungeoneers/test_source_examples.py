"""The source's worked examples, with the same dice (issue #10, "Done when")."""

from __future__ import annotations

import pytest

from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.dungeoneers.conftest import (
    ActorRequest,
    CostRequest,
    StrikeRequest,
    act,
    add_stress,
    deep_breath,
    react,
    strike,
)


def source_round(table):
    table.add("freya", "freya", at="B2").add("alberich", "alberich", at="B3")
    table.add("skeleton", "skeleton", at="C2")
    return table.start()


def test_the_source_round_step_by_step(table):
    t = source_round(table)
    rs, order = t.rs, t.rs.turn_order
    # Everyone at 6: the party's body total 5 beats the skeleton's 2 (D5), and Freya
    # and Alberich are tied inside the party (D4): both are up, Freya by default.
    assert t.state.up == ("freya", "alberich") and t.state.turn == "freya"
    why = order.explain(t.state, rs)
    assert "party's body total 5 beats the others (party 5, enemies 2) (D5)" in why
    assert "tied inside party" in why and "(D4)" in why
    steps = [  # (who, AP spent, who is up after, AP of freya, alberich, skeleton)
        ("alberich", 3, ("freya",), (6, 3, 6)),      # Freya and the skeleton tie: party
        ("freya", 2, ("skeleton",), (4, 3, 6)),
        ("skeleton", 4, ("freya",), (4, 3, 2)),
        ("freya", 1, ("freya", "alberich"), (3, 3, 2)),   # tied with Alberich (D4)
        ("freya", 1, ("alberich",), (2, 3, 2)),       # Freya first; Alberich was up too
        ("alberich", 2, ("freya",), (2, 1, 2)),       # Freya and the skeleton tie: party
        ("freya", 2, ("skeleton",), (0, 1, 2)),
        ("skeleton", 2, ("alberich",), (0, 1, 0)),
    ]
    for who, spent, up, left in steps:
        t.do(act, CostRequest(who, spent, "an action"))
        assert (who, t.state.up) == (who, up)
        assert t.ap("freya", "alberich", "skeleton") == left
        assert t.state.round == 1
    # The skeleton's action makes Alberich react for 1 AP; Freya cannot (0 AP, D8).
    with pytest.raises(RuleViolation, match=r"react needs 1 AP; Freya has 0 left \(D1, D2, D8\)"):
        t.do(react, CostRequest("freya", 1, "parry"))
    t.do(react, CostRequest("alberich", 1, "a reaction"))
    assert t.state.round == 2
    assert t.ap("freya", "alberich", "skeleton") == (6, 6, 6)
    assert t.state.up == ("freya", "alberich")


def test_the_between_group_tie_reads_the_body_totals(table):
    t = source_round(table)
    t.do(act, CostRequest("alberich", 3))
    assert t.state.up == ("freya",)
    assert "party's body total 5 beats" in t.rs.turn_order.explain(t.state, t.rs)


def test_suoris_strike_on_the_skeleton(table):
    """Suori (trained striking, finesse 2, body 2, warhammer d6 / 1 B) strikes the skeleton
    (trained dodging, finesse 1, armor value 5, vulnerable to bludgeoning)."""
    t = table.add("suori", "suori", at="B2").add("skeleton", "skeleton", at="C2").start()
    out = t.do(strike, StrikeRequest("suori", "skeleton"),
               {"roll": [4], "dodge": [3], "pierce": [3]})
    assert (out.attack_total, out.defense_total, out.hit) == (6, 4, True)   # 4+2 vs 3+1
    assert (out.pierce_total, out.armor, out.pierced) == (5, 5, True)       # 3+2 vs 5
    assert out.base_wounds == 3 and out.damage_type == "B"                  # 1 + 2
    assert out.each == 4 and out.wounds == 4                                # vulnerability(1)
    assert t.res("skeleton", "wounds") == 4
    labels = [n.label for n in out.notes]
    assert "wounds: Warhammer 1 + body 2" in labels
    assert [n.rule for n in out.notes] == ["D11", "D11", "D11, D16", "D14, D16", "D16",
                                           "D20", "D19"]


def test_suoris_strike_read_with_score_as_dice(tmp_path, monkeypatch):
    """D13's other reading: finesse 2 rolls 2d6, body 2 rolls 2d6 to pierce."""
    from tests.rulesets.dungeoneers.conftest import Table, changed_content
    t = Table(content=changed_content(tmp_path, monkeypatch, score_as_dice=True))
    t.add("suori", "suori", at="B2").add("skeleton", "skeleton", at="C2").start()
    out = t.do(strike, StrikeRequest("suori", "skeleton"),
               {"roll": [4, 2], "dodge": [5], "pierce": [1, 4]})
    assert (out.attack_total, out.defense_total, out.hit) == (6, 5, True)
    assert (out.pierce_total, out.pierced, out.wounds) == (5, True, 4)


CRITICAL_CASES = [  # (finesse, boon, striking faces, totals, critical hits)
    (3, 0, [5], (8, 4), 0),          # 5+3 vs 1+3: a hit, no critical
    (3, 0, [6], (9, 4), 1),          # the source: 9 vs 4, one critical, wounds twice
    (4, 1, [6, 4], (14, 4), 2),      # the source: 1d6+4+1d4 vs 1d6+3 = 14 vs 4, two
]


@pytest.mark.parametrize("vulnerable,expected", [(False, (4, 8, 12)), (True, (5, 10, 15))])
def test_the_critical_examples(rs, vulnerable, expected):
    """A 1-wound weapon and body 3: 4 / 8 / 12 wounds, and 5 / 10 / 15 against
    vulnerability(1) (D18, D20)."""
    from tests.rulesets.dungeoneers.conftest import Table
    dealt = []
    for finesse, boon, faces, totals, criticals in CRITICAL_CASES:
        t = Table(rs)
        t.add("attacker", "suori", at="B2", stats={"finesse": finesse, "body": 3})
        t.add("defender", None, side="enemies", at="C2",
              stats={"finesse": 3, "armor": 0, "wound_limit": 40},
              prof={"dodging": "trained"}, vulnerable={"B": 1} if vulnerable else {})
        t.start()
        out = t.do(strike, StrikeRequest("attacker", "defender", boon=boon),
                   {"roll": faces, "dodge": [1], "pierce": [1]})
        assert (out.attack_total, out.defense_total) == totals
        assert out.criticals == criticals and out.base_wounds == 4
        dealt.append(out.wounds)
        assert t.res("defender", "wounds") == out.wounds
    assert tuple(dealt) == expected


def test_d26_deep_breath_at_stress_5_with_capacity_4(table):
    t = table.add("freya", "freya").add("skeleton", "skeleton", at="C3").start()
    assert t.rs.stat(t.actor("freya").sheet, "stress_capacity") == 4     # endurance 4
    t.state, _ = add_stress(t.state, t.rs, "freya", 4)
    with pytest.raises(RuleViolation, match=r"4 stress, not above its capacity 4.*\(D26\)"):
        t.do(deep_breath, ActorRequest("freya"))
    t.state, _ = add_stress(t.state, t.rs, "freya", 1)
    out = t.do(deep_breath, ActorRequest("freya"))
    assert (out.before, out.after, out.limit) == (5, 3, 4)
    assert t.res("freya", "stress") == 3 and t.ap("freya") == (4,)

"""T8-T12: attacks against a chosen defense roll, called shots, DR, range, effects."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError

from .conftest import (
    AttackRequest,
    DrawRequest,
    Fight,
    attack,
    draw,
    end,
    ruleset_with,
)


def ts_changes(events, actor_id: str) -> list[tuple[int, str, str]]:
    """Each TS the actor lost, why, and its ruling ('' if none): a reaction paid for
    (the Python ruleset's ActionSpent) or a change told (ResourceChanged, its ruling
    its own or, in the Python ruleset's words, at the end of its why)."""
    changes = []
    for e in events:
        if isinstance(e, ev.ActionSpent) and e.actor == actor_id and dict(e.paid).get("ts"):
            changes.append((dict(e.paid)["ts"], e.action, ""))
        elif isinstance(e, ev.ResourceChanged) and e.actor == actor_id and e.resource == "ts":
            why, rule = e.why, e.rule
            if not rule and why.endswith(")") and " (" in why:
                why, rule = why[:-1].rsplit(" (", 1)
            changes.append((e.before - e.after, why, rule))
    return changes


def duel(fight, attacker="kara", target="guard", **where):
    fight.add(attacker, attacker, zone=where.get("a")).add(target, target, side="foes",
                                                           zone=where.get("b"))
    return fight.start()


def test_t9_a_tie_between_attack_and_defense_misses(fight):
    duel(fight)
    # Kara [V] 13: 4+2+3 = 9; the guard parries with [V] 11: 3+5+1 = 9.
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(4, 2)], "defend": [(3, 5)]})
    assert (out.attack_total, out.defense, out.defense_total, out.hit) == (9, "parry", 9, False)
    assert fight.actor("guard").hp == 12
    assert any("ties 9, the defender wins" in n.label and n.rule == "T9" for n in out.notes)


def test_t9_strictly_higher_hits_and_t12_dr_comes_off(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(4, 3)], "defend": [(3, 5)]})
    # 10 > 9: the sword's 5 damage less the guard's mail DR 2 = 3.
    assert (out.attack_total, out.hit, out.damage, out.dr, out.taken) == (10, True, 5, 2, 3)
    assert (out.hp_before, out.hp_after) == (12, 9) and fight.actor("guard").hp == 9
    assert ev.HpChanged("guard", 12, 9, "hit by Kara") in fight.events
    assert fight.ts("kara") == 7                     # T7: an attack is 3 TS
    spent = fight.events_of(ev.ActionSpent)
    assert spent == [ev.ActionSpent("kara", "attack", (("ts", 3),), (("ts", 3),))]


def test_t12_damage_below_dr_takes_nothing_and_hp_never_goes_below_0(fight):
    fight.add("kara", "kara", extra={"weapon": ["knife"], "holding": "knife"})
    fight.add("brute", "brute", side="foes", numbers={"dr": 5}).start()
    out = fight.do(attack, AttackRequest("kara", "brute"), {"roll": [(9, 9)], "defend": [(0, 0)]})
    assert (out.hit, out.damage, out.taken, out.hp_after) == (True, 3, 0, 18)
    fight2 = Fight(fight.rs)
    fight2.add("kara", "kara").add("guard", "guard", side="foes", numbers={"hp": 2}).start()
    out = fight2.do(attack, AttackRequest("kara", "guard"), {"roll": [(9, 9)],
                                                             "defend": [(0, 0)]})
    assert (out.taken, out.hp_after) == (3, 0)


def test_t10_the_default_defense_is_the_best_expected_total(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").add("brute", "brute", side="foes")
    fight.start()
    # The guard: dodge Q 10 (+0), parry V 11 (+1), brace U 11 (+1): parry, listed first.
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert (out.defense, out.defense_total) == ("parry", 1)
    # The brute: dodge Q 8, parry V 12, brace U 13: brace.
    out = fight.do(attack, AttackRequest("kara", "brute"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert (out.defense, out.defense_total) == ("brace", 3)


def test_t10_the_defense_flag_chooses_and_parry_needs_a_held_weapon(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard", defense="dodge"),
                   {"roll": [(0, 0)], "defend": [(2, 2)]})
    assert (out.defense, out.defense_total) == ("dodge", 4)
    assert "--defense dodge" in fight.session.log[-1]                # the guard's answer
    unarmed = Fight(fight.rs)
    unarmed.add("kara", "kara").add("thug", None, side="foes").start()   # no weapon at all
    before = unarmed.state
    with pytest.raises(GmError, match=r"Thug cannot parry: a parry needs a held weapon and "
                                            r"it holds none \(T10\)"):
        unarmed.do(attack, AttackRequest("kara", "thug", defense="parry"))
    assert unarmed.state is before
    with pytest.raises(GmError, match=r"no defense 'duck'"):
        unarmed.do(attack, AttackRequest("kara", "thug", defense="duck"))


def test_t10_the_shell_may_ask_the_defender_and_a_react_flag_answers(fight):
    duel(fight)
    asked = []

    def asker(ask):
        asked.append((ask.actor, ask.point, ask.options, ask.default, ask.rule))
        return "brace"

    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]},
                   asker=asker)
    assert asked == [("guard", "defense", ("dodge", "parry", "brace"), "parry", "T10")]
    assert out.defense == "brace"
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]},
                   declared=[("guard", "dodge")])
    assert out.defense == "dodge"


def test_t10_defense_boons_are_effects(fight):
    duel(fight)
    fight.execute("effect guard 'shield wall' --defense 2 --brace 1")
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert (out.defense, out.defense_total) == ("brace", 1 + 2 + 1)


def test_t8_a_defense_kind_with_a_ts_cost_is_paid_off_turn_or_not_available(library):
    fight = Fight(ruleset_with(library, dodge_cost=2, parry_cost=2))      # brace: 0
    duel(fight)
    fight.do(attack, AttackRequest("kara", "guard", defense="dodge"),
             {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert fight.ts("guard") == 8
    assert [change[:2] for change in ts_changes(fight.events, "guard")] == [(2, "dodge")]
    fight.execute("set guard ts=1")
    with pytest.raises(GmError, match=r"a dodge costs 2 TS and it has 1 \(T8\)"):
        fight.do(attack, AttackRequest("kara", "guard", defense="dodge"))
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert out.defense == "brace"                      # the only kind it can pay


def test_t11_head_shot_minus_4_plus_2_damage(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard", called="head"),
                   {"roll": [(9, 9)], "defend": [(0, 0)]})
    assert out.attack_total == 18 + 3 - 4 and out.hit
    assert (out.damage, out.taken) == (5 + 2, 7 - 2)
    assert out.called == "head"


def test_t11_limb_shot_takes_2_ts_from_the_target(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard", called="limb"),
                   {"roll": [(9, 9)], "defend": [(0, 0)]})
    assert out.attack_total == 18 + 3 - 2
    assert fight.ts("guard") == 8 and out.effects == ("loses 2 TS",)
    assert ts_changes(fight.events, "guard") == [(2, "limb called shot", "T11")]


def test_t11_weapon_shot_drops_the_weapon_then_no_parry_and_picking_up_costs(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard", called="weapon"),
                   {"roll": [(9, 9)], "defend": [(0, 0)]})
    assert out.attack_total == 18 + 3 - 3 and out.effects == ("drops its spear",)
    assert fight.info("guard").held is None and fight.info("guard").dropped == ("spear",)
    with pytest.raises(GmError, match=r"Guard holds no weapon to drop \(T11\)"):
        fight.do(attack, AttackRequest("kara", "guard", called="weapon"))
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert out.defense == "brace"                      # no parry without a weapon
    fight.do(end)
    assert fight.state.turn == "guard"
    fight.do(draw, DrawRequest("guard", "spear"))          # picking it up: 2 TS, not 1
    assert fight.ts("guard") == 10 - 2 and fight.info("guard").held == "spear"
    assert fight.info("guard").dropped == ()


def test_t11_a_miss_with_a_called_shot_does_nothing_more(fight):
    duel(fight)
    out = fight.do(attack, AttackRequest("kara", "guard", called="limb"),
                   {"roll": [(0, 0)], "defend": [(9, 9)]})
    assert not out.hit and out.effects == () and fight.ts("guard") == 10


def test_t11_unknown_called_shot_refused(fight):
    duel(fight)
    with pytest.raises(GmError, match=r"no called shot 'eye'"):
        fight.do(attack, AttackRequest("kara", "guard", called="eye"))


def test_t17_range_in_units_refuses_an_attack_out_of_reach(fight):
    duel(fight, a="A1", b="C2")                       # 2 units apart, diagonal steps count 1
    before = fight.state
    with pytest.raises(GmError, match=r"Guard is 2 units away; the Sword reaches 1 \(T17\)"):
        fight.do(attack, AttackRequest("kara", "guard"))
    assert fight.state is before
    ranged = Fight(fight.rs)
    duel(ranged, "ren", "guard", a="A1", b="T20")
    out = ranged.do(attack, AttackRequest("ren", "guard"), {"roll": [(0, 0)], "defend": [(0, 0)]})
    assert out.weapon == "rifle"


def test_weapons_must_be_carried_and_held(fight):
    duel(fight)
    with pytest.raises(GmError, match=r"no weapon 'rifle'"):
        fight.do(attack, AttackRequest("kara", "guard", weapon="rifle"))
    with pytest.raises(GmError, match=r"not holding the Knife \(T7\)"):
        fight.do(attack, AttackRequest("kara", "guard", weapon="knife"))
    fight.do(draw, DrawRequest("kara", "knife"))
    assert fight.ts("kara") == 9
    out = fight.do(attack, AttackRequest("kara", "guard", weapon="knife"),
                   {"roll": [(9, 9)], "defend": [(0, 0)]})
    assert (out.weapon, out.damage) == ("knife", 3)
    with pytest.raises(GmError, match="already holds the Knife"):
        fight.do(draw, DrawRequest("kara", "knife"))


def test_attack_effects_add_to_the_attack_and_damage(fight):
    duel(fight)
    fight.execute("effect kara blessed --attack 2 --damage 1")
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(1, 1)], "defend": [(0, 0)]})
    assert out.attack_total == 2 + 3 + 2 and out.damage == 6


def test_attack_refusals(fight):
    duel(fight)
    with pytest.raises(GmError, match="cannot attack itself"):
        fight.do(attack, AttackRequest("kara", "kara"))
    with pytest.raises(GmError, match="no actor 'ghost'"):
        fight.do(attack, AttackRequest("kara", "ghost"))

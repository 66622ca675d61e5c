"""Tests, checks, boon and bane, strikes, critical hits, wounds, damage types (D11-D20)."""

from __future__ import annotations

import re

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.dungeoneers.conftest import (
    CostRequest,
    SpellRequest,
    StrikeRequest,
    Table,
    act,
    changed_content,
    power_strike,
    spellcast,
    strike,
)


def duel(table, attacker="suori", defender="skeleton", at="C2", **defender_extra):
    table.add("a", attacker, side="party", at="B2")
    table.add("d", defender, side="enemies", at=at, **defender_extra)
    return table.start()


def pierce_checked(out) -> bool:
    """Whether a pierce check was made (its line in the breakdown, D16)."""
    return any(note.label.startswith("pierce check") for note in out.notes)


def test_d11_ties_go_to_the_actor_unless_the_content_says_defender(table, tmp_path,
                                                                    monkeypatch):
    t = duel(table)
    out = t.do(strike, StrikeRequest("a", "d"), {"roll": [2], "dodge": [3], "pierce": [3]})
    assert (out.attack_total, out.defense_total, out.hit) == (4, 4, True)
    assert out.notes[2].label == "success (a tie goes to the actor)"
    t2 = duel(Table(content=changed_content(tmp_path, monkeypatch, test_ties="defender")))
    out = t2.do(strike, StrikeRequest("a", "d"), {"roll": [2], "dodge": [3]})
    assert (out.hit, out.wounds, pierce_checked(out)) == (False, 0, False)
    assert t2.res("d", "wounds") == 0


def dice_of(t, verb, request, base=None, **totals):
    """The dice each slot of a command rolls (`slot=total`: the outcome's total it makes),
    as the commands tell them (D12, D13): how many by the faces a refusal says the roll
    used, their sides by the face it says is out of range, the constant by the total of
    faces of 1; then the command is played with those faces."""
    base = base or {}

    def refused(slot, faces) -> str:
        with pytest.raises(RuleViolation) as refusal:
            t.do(verb, request, {**base, slot: faces})
        return str(refusal.value)
    counts = {slot: int(re.search(r"the roll used (\d+)", refused(slot, [1] * 9))[1])
              for slot in totals}
    sides = {slot: int(re.search(r"out of range 1-(\d+)", refused(slot, [99] * n))[1])
             for slot, n in counts.items()}
    out = t.do(verb, request, {**base, **{slot: [1] * n for slot, n in counts.items()}})
    constants = {slot: getattr(out, total) - counts[slot] for slot, total in totals.items()}
    return {slot: f"{counts[slot]}d{sides[slot]}" + (f"+{c}" if c else "")
            for slot, c in constants.items()}


def test_d12_proficiency_dice_by_rank(table):
    """Ported from the Python ruleset's side_of onto the rolls of strikes and a spell:
    untrained d4, trained d6, expert d8, master d10, each plus its score."""
    t = table.add("a", side="party", at="B2", stats={"finesse": 2, "mind": 2},
                  proficiencies={"striking": "trained", "dodging": "expert",
                                 "spellcraft": "master"}, spells=["firebolt"])
    t.add("b", side="enemies", at="C2", stats={"finesse": 2}).start()
    assert dice_of(t, strike, StrikeRequest("a", "b"), roll="attack_total",
                   dodge="defense_total") == {"roll": "1d6+2", "dodge": "1d4+2"}
    assert dice_of(t, strike, StrikeRequest("b", "a"), dodge="defense_total") == {
        "dodge": "1d8+2"}
    assert dice_of(t, spellcast, SpellRequest("a", "firebolt", "b"), roll="attack_total") == {
        "roll": "1d10+2"}


def test_d12_a_face_beyond_the_die_is_refused(table):
    t = duel(table)
    with pytest.raises(RuleViolation, match="--roll: face 7 is out of range 1-6"):
        t.do(strike, StrikeRequest("a", "d"), {"roll": [7], "dodge": [1]})


def test_d13_score_as_dice_makes_scores_the_number_of_dice(tmp_path, monkeypatch):
    """Ported from the Python ruleset's score_dice and check_dice onto strikes' rolls and
    a pierce check, with the content's score_as_dice off and on."""
    def fight(content):
        t = Table(content=content)
        t.add("a", side="party", at="B2", stats={"finesse": 2, "body": 3},
              proficiencies={"striking": "trained"})
        t.add("b", side="enemies", at="C2", stats={"finesse": 0},
              proficiencies={"striking": "trained"})
        return t.start()
    plain = fight(None)
    assert dice_of(plain, strike, StrikeRequest("a", "b"), roll="attack_total") == {
        "roll": "1d6+2"}
    dice = fight(changed_content(tmp_path, monkeypatch, score_as_dice=True))
    assert dice_of(dice, strike, StrikeRequest("a", "b"), roll="attack_total") == {
        "roll": "2d6"}
    assert dice_of(dice, strike, StrikeRequest("b", "a"), roll="attack_total") == {
        "roll": "1d6"}                                  # score_dice_minimum 1
    assert dice_of(dice, strike, StrikeRequest("a", "b"), {"roll": [6, 6], "dodge": [1]},
                   pierce="pierce_total") == {"pierce": "3d4"}     # a check: body 3


def test_d14_a_check_succeeds_at_or_above_its_number(table):
    t = duel(table)
    out = t.do(strike, StrikeRequest("a", "d"), {"roll": [6], "dodge": [1], "pierce": [2]})
    assert (out.pierce_total, out.armor, out.pierced, out.wounds) == (4, 5, False, 0)
    assert "no wounds" in out.notes[-1].label and out.notes[-1].rule == "D14, D16"


def test_d15_boon_adds_a_d4_bane_subtracts_one_and_they_cancel(table, rs):
    t = duel(table)
    out = t.do(strike, StrikeRequest("a", "d", boon=2), {"roll": [1, 3, 4], "dodge": [6],
                                                         "pierce": [1]})
    assert out.attack_total == 1 + 3 + 4 + 2
    t = duel(Table(rs))
    out = t.do(strike, StrikeRequest("a", "d", bane=1), {"roll": [6, 3], "dodge": [1],
                                                         "pierce": [3]})
    assert out.attack_total == 6 - 3 + 2 and out.hit
    t = duel(Table(rs))
    out = t.do(strike, StrikeRequest("a", "d", boon=1, bane=1), {"roll": [5], "dodge": [1],
                                                                 "pierce": [3]})
    assert out.attack_total == 7 and "boon" not in out.notes[0].label
    with pytest.raises(RuleViolation, match=r"counted from 0 \(D15\)"):
        t.do(strike, StrikeRequest("a", "d", boon=-1))


def test_d16_a_strike_costs_3_ap_and_a_miss_ends_it(table):
    t = duel(table)
    out = t.do(strike, StrikeRequest("a", "d"), {"roll": [1], "dodge": [6]})
    assert out.cost.ap == 3 and t.ap("a") == (3,)
    assert (out.hit, pierce_checked(out), out.wounds) == (False, False, 0)   # no pierce roll


def test_d16_out_of_threat_range_needs_a_range_or_toss_weapon(table):
    t = duel(table, at="E2")                          # 3 tiles away
    with pytest.raises(RuleViolation, match=r"Skeleton is 3 tiles away, beyond Suori's "
                       r"threat range 1, and the Warhammer has no range or toss property "
                       r"\(D16\)"):
        t.do(strike, StrikeRequest("a", "d"))
    with pytest.raises(RuleViolation, match=r"not holding the dagger \(D22\)"):
        t.do(strike, StrikeRequest("a", "d", "dagger"))
    t = Table().add("a", "suori", side="party", at="B2", holding=["warhammer", "dagger"])
    t.add("d", "skeleton", side="enemies", at="E2").start()
    out = t.do(strike, StrikeRequest("a", "d", "dagger"),
               {"roll": [4], "dodge": [1], "pierce": [4]})
    assert out.ranged and out.distance == 3 and out.damage_type == "P"
    assert out.base_wounds == 3 and out.wounds == 1              # resistance(2) to P
    t = Table().add("a", "suori", side="party", at="B2", holding=["dagger"])
    t.add("d", "skeleton", side="enemies", at="G2").start()     # 5 tiles: beyond toss 4
    with pytest.raises(RuleViolation, match=r"the Dagger reaches 4 \(D16\)"):
        t.do(strike, StrikeRequest("a", "d"))


def test_d16_refuses_a_strike_it_cannot_pay(table):
    t = duel(table)
    t.do(act, CostRequest("a", 4))
    t.do(act, CostRequest("d", 6))
    with pytest.raises(RuleViolation, match=r"strike needs 3 AP; Suori has 2 left \(D1, D2, D8\)"):
        t.do(strike, StrikeRequest("a", "d"))


def test_d17_power_strike_costs_4_with_a_boon_and_an_extra_wound(table):
    t = duel(table)
    out = t.do(power_strike, StrikeRequest("a", "d"),
               {"roll": [3, 2], "dodge": [4], "pierce": [3]})
    assert out.power and out.cost.ap == 4 and t.ap("a") == (2,)
    assert (out.attack_total, out.defense_total) == (3 + 2 + 2, 5)
    assert out.base_wounds == 1 + 2 + 1 and out.wounds == 5      # vulnerability(1)
    assert "boon 1" in out.notes[0].label


def test_d18_the_attackers_own_threshold_counts(table):
    t = table.add("bat", "giant-bat", at="B2").add("d", None, side="party", at="C2",
                                                   stats={"armor": 0, "wound_limit": 30})
    t.start()
    out = t.do(strike, StrikeRequest("bat", "d"), {"roll": [4], "dodge": [1], "pierce": [1]})
    # untrained d4 + finesse 2 = 6 vs d4 + 1 = 2: excess 4 = threshold 4: one critical
    assert (out.margin, out.criticals) == (4, 1)
    assert out.base_wounds == 1 and out.wounds == 2              # fist 0 + body 1, twice


def test_d19_wounds_reaching_the_limit_put_a_creature_down(table):
    table.add("a", "suori", side="party", at="B2")
    table.add("d", "skeleton", side="enemies", at="C2", stats={"wound_limit": 4})
    t = table.add("e", "skeleton", side="enemies", at="E5").start()
    t.execute("pass e")                                 # it has passed, and keeps the
    t.execute("act d 1 waits")                          # fight going when d is down
    out = t.do(strike, StrikeRequest("a", "d"), {"roll": [4], "dodge": [1], "pierce": [6]})
    assert out.wounds == 4 and out.down and t.actor("d").down
    assert ev.WentDown("d", "down", "D19") in t.events
    assert t.state.up == ("a",)                                   # it left the AP order
    with pytest.raises(RuleViolation, match=r"already down \(D19\)"):
        t.do(strike, StrikeRequest("a", "d"))
    events = t.execute("heal d 1").events
    assert not t.actor("d").down and t.res("d", "wounds") == 3
    assert ev.Revived("d") in events


def test_d20_resistance_immunity_and_categories():
    """The GM's damage to the ooze (vulnerable to H, resists physical, immune to T),
    each on a fresh fight, typed as the command."""
    def wounds_after(line):
        t = Table().add("x", None, at="A1").add("o", "ooze", at="B1")
        t.execute(line)
        return t.res("o", "wounds")
    for kind, dealt in (("B", 3), ("P", 3), ("T", 0), ("H", 6), ("C", 4)):
        assert wounds_after(f"damage o 4 --type {kind}") == dealt, kind
    assert wounds_after("damage o 4 --direct") == 4
    with pytest.raises(RuleViolation, match=r"--direct skips D20"):
        wounds_after("damage o 4 --type toxic --direct")
    assert wounds_after("damage o 1 --type B --criticals 2") == 0  # resistance never below 0
    with pytest.raises(RuleViolation, match=r"not a damage type \(D20\)"):
        wounds_after("damage o 1 --type sonic")

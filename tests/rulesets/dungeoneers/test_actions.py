"""Move, sprint, interact, defend, grapple, push, stress, arca, spellcast and grab a
ledge (D21-D29)."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.dungeoneers.conftest import (
    ActorRequest,
    CostRequest,
    GrabLedgeRequest,
    GrappleRequest,
    InteractRequest,
    MoveRequest,
    PushRequest,
    SpellRequest,
    StrikeRequest,
    Table,
    act,
    changed_content,
    defend,
    focus,
    grab_ledge,
    grapple,
    interact,
    move,
    pass_turn,
    push,
    spellcast,
    sprint,
    strike,
)
from tests.rulesets.dungeoneers.records import (
    condition_ended,
    condition_started,
    data_of,
    encounter_data,
    moved,
)


def trio(table, skeleton_at="C2"):
    table.add("freya", "freya", at="B2").add("alberich", "alberich", at="B3")
    return table.add("skeleton", "skeleton", at=skeleton_at).start()


def test_d21_move_by_a_travel_speed_and_sprint_for_stress(table, tmp_path, monkeypatch):
    t = table.add("suori", "suori", at="B2").add("bat", "giant-bat", at="E5").start()
    out = t.do(move, MoveRequest("suori", "c3"))             # a diagonal step counts 1
    assert (out.start, out.end, out.tiles, out.allowed) == ("B2", "C3", 1, 1)
    assert t.actor("suori").zone == "C3" and t.ap("suori") == (5,)
    with pytest.raises(RuleViolation, match=r"E3 is 2 tiles from C3; move at Ground \(1\) "
                       r"covers 1 \(D21\)"):
        t.do(move, MoveRequest("suori", "E3"))
    t.do(act, CostRequest("bat", 1))
    out = t.do(sprint, MoveRequest("suori", "E3"))
    assert (out.tiles, out.allowed, out.stress_gained) == (2, 2, 1)
    assert t.res("suori", "stress") == 1
    out = t.do(move, MoveRequest("bat", "C5", "fly"))           # E3 is Suori's (D21)
    assert (out.tiles, out.speed) == (2, "fly")
    with pytest.raises(RuleViolation, match=r"no travel speed 'swim'") as refused:
        t.do(move, MoveRequest("suori", "D3", "swim"))
    assert "(D21)" in refused.value.hint
    with pytest.raises(RuleViolation, match=r"tile I1 is off the 8x8 battlefield"):
        t.do(move, MoveRequest("suori", "I1"))
    king = Table(content=changed_content(tmp_path, monkeypatch, diagonal_cost=2))
    king.add("suori", "suori", at="B2").add("bat", "giant-bat", at="E5").start()
    with pytest.raises(RuleViolation, match=r"C3 is 2 tiles from B2"):
        king.do(move, MoveRequest("suori", "C3"))


def test_d22_interact_draws_and_stows_within_two_hands(table):
    t = table.add("gob", "goblin", at="B2").add("suori", "suori", side="party", at="E5")
    t.start()
    t.do(act, CostRequest("suori", 1))                    # the goblin is up
    with pytest.raises(RuleViolation, match=r"no hands free for the shortbow: it would take "
                       r"3 of 2 \(D22\)"):
        t.do(interact, InteractRequest("gob", draw="shortbow"))
    out = t.do(interact, InteractRequest("gob", stow="spear"))
    assert out.cost.ap == 1 and data_of(t.actor("gob"), t.state).holding == ()
    t.do(act, CostRequest("suori", 1))
    t.do(interact, InteractRequest("gob", draw="shortbow"))
    assert data_of(t.actor("gob"), t.state).holding == ("shortbow",)
    with pytest.raises(RuleViolation, match=r"no weapon 'maul'"):     # it carries none
        t.do(interact, InteractRequest("gob", draw="maul"))


def test_d23_defend_costs_2_and_gives_a_boon_until_the_next_turn(table):
    t = trio(table)
    out = t.do(defend, ActorRequest("freya"))
    assert out.cost.ap == 2 and t.ap("freya") == (4,)
    assert [e.name for e in t.actor("freya").effects] == ["defensive"]
    t.do(act, CostRequest("alberich", 3))
    hit = t.do(strike, StrikeRequest("skeleton", "freya"), {"roll": [6], "dodge": [1, 4]})
    assert (hit.attack_total, hit.defense_total, hit.hit) == (7, 1 + 3 + 4, False)
    assert "boon 1" in hit.notes[1].label
    t.do(act, CostRequest("freya", 1))                     # Freya's next turn starts
    assert t.actor("freya").effects == ()
    assert any(isinstance(e, ev.EffectEnded) and e.name == "defensive" for e in t.events)


def test_d24_grapple_needs_a_free_hand_and_a_threatened_creature(table, rs):
    t = trio(table)
    out = t.do(grapple, GrappleRequest("freya", "skeleton"), {"roll": [5], "dodge": [3]})
    assert (out.attack_total, out.defense_total, out.success) == (7, 5, True)  # body 2
    assert data_of(t.actor("freya"), t.state).grappling == "skeleton"
    assert data_of(t.actor("skeleton"), t.state).grappled_by == "freya"
    t.do(pass_turn, ActorRequest("alberich"))
    with pytest.raises(RuleViolation, match=r"grappled by Freya and cannot move \(D24\)"):
        t.do(move, MoveRequest("skeleton", "D2"))
    out = t.do(push, PushRequest("skeleton", "freya", "A2"), {"roll": [4], "dodge": [1]})
    assert out.success and t.actor("freya").zone == "A2"
    assert condition_ended(t.events, "freya", "grappling", "forced by a push (D24)")
    assert data_of(t.actor("skeleton"), t.state).grappled_by is None

    t = Table(rs).add("suori", "suori", at="B2").add("skeleton", "skeleton", at="C2")
    t.start()
    t.do(interact, InteractRequest("suori", draw="dagger"))
    with pytest.raises(RuleViolation, match=r"no hand free to grapple: warhammer, dagger "
                       r"take 2 of 2 hands \(D24\)") as err:
        t.do(grapple, GrappleRequest("suori", "skeleton"))
    assert "interact --stow dagger" in err.value.hint
    t = trio(Table(rs), skeleton_at="D2")
    with pytest.raises(RuleViolation, match=r"only grapple a creature it threatens: Skeleton "
                       r"is 2 tiles away, threat range 1 \(D24\)"):
        t.do(grapple, GrappleRequest("freya", "skeleton"))


def test_d25_push_forces_the_defender_one_tile(table):
    t = trio(table)
    with pytest.raises(RuleViolation, match=r"E2 is 2 from C2 \(D25\)"):
        t.do(push, PushRequest("freya", "skeleton", "E2"))
    out = t.do(push, PushRequest("freya", "skeleton", "D3"), {"roll": [2], "dodge": [1]})
    assert out.cost.ap == 2 and out.success and out.result == "forced to D3"
    assert moved(t.events, "skeleton", "C2", "D3", 1, "ground", "forced")
    with pytest.raises(RuleViolation, match=r"Alberich can only push a creature it "
                       r"threatens: Skeleton is 2 tiles away, threat range 1 \(D25\)"):
        t.do(push, PushRequest("alberich", "skeleton", "E3"))


def test_d27_focus_regains_arca_up_to_twice_wisdom(table):
    t = trio(table)
    assert t.rs.stat(t.actor("alberich").sheet, "arca_max") == 6 and t.res("alberich",
                                                                          "arca") == 6
    with pytest.raises(RuleViolation, match=r"already has its most arca, 6 \(D27\)"):
        t.do(focus, ActorRequest("alberich"))
    t.do(spellcast, SpellRequest("alberich", "firebolt", "skeleton", extra_arca=4),
         {"roll": [1], "resist": [6]})
    assert t.res("alberich", "arca") == 1
    t.do(act, CostRequest("freya", 3))
    t.do(act, CostRequest("skeleton", 3))                 # all at 3: the party is up
    out = t.do(focus, ActorRequest("alberich"))
    assert (out.before, out.after, out.cost.ap) == (1, 3, 2)


def test_d28_spellcast_pays_ambient_arca_first_and_extra_arca_always(table):
    t = trio(table)
    t.execute("ambient 1")                                  # the GM's ambient arca (D28)
    t.do(act, CostRequest("freya", 1))
    out = t.do(spellcast, SpellRequest("alberich", "firebolt", "skeleton", extra_arca=2),
               {"roll": [5], "resist": [2]})
    # expert d8 + mind 3 = 8 vs trained d6 + spirit 0 = 2: excess 6, one critical hit
    assert (out.arca_ambient, out.arca_caster, out.attack_total, out.defense_total) == (
        1, 2, 8, 2)
    assert (out.hit, out.criticals, out.wounds) == (True, 1, (2 + 2) * 2)
    assert t.res("alberich", "arca") == 4 and encounter_data(t.state).ambient_arca == 0
    assert t.actor("skeleton").down                         # 8 wounds: its limit
    t = trio(Table(t.rs))
    out = t.do(spellcast, SpellRequest("alberich", "firebolt", "skeleton", extra_arca=2),
               {"roll": [1], "resist": [6]})
    assert not out.hit and out.wounds == 0 and t.res("alberich", "arca") == 3


def test_d28_spellcast_refusals(table):
    t = trio(table, skeleton_at="D3")
    with pytest.raises(RuleViolation, match=r"Skeleton is 2 tiles away; Frost Touch reaches "
                       r"reach \(1\) \(D28\)"):
        t.do(spellcast, SpellRequest("alberich", "frost-touch", "skeleton"))
    with pytest.raises(RuleViolation, match=r"Mend has range self"):
        t.do(spellcast, SpellRequest("alberich", "mend", "freya"))
    with pytest.raises(RuleViolation, match=r"Mend takes no extra arca \(D28\)"):
        t.do(spellcast, SpellRequest("alberich", "mend", extra_arca=1))
    with pytest.raises(RuleViolation, match=r"needs 7 arca from Alberich.*has 6 \(D27, D28\)"):
        t.do(spellcast, SpellRequest("alberich", "firebolt", "skeleton", extra_arca=6))
    with pytest.raises(RuleViolation, match=r"Freya knows no spells \(D28\)"):
        t.do(spellcast, SpellRequest("freya", "firebolt", "skeleton"))
    out = t.do(spellcast, SpellRequest("alberich", "mend"))
    assert out.target == "alberich" and out.hit and not out.attack and out.arca_caster == 2


def test_d29_a_pushed_creature_may_grab_the_ledge(table, rs):
    def pushed(faces, react):
        t = Table(rs).add("suori", "suori", at="B2").add("gob", "goblin", at="C2").start()
        out = t.do(push, PushRequest("suori", "gob", "D2", over_ledge=True),
                   {"roll": [4], "dodge": [1], "grab": faces}, react)
        return t, out
    t, out = pushed([3], [("gob", "grab-ledge")])          # 3 + dexterity 3 vs 5 + 1
    assert out.ledge.success and (out.ledge.total, out.ledge.target) == (6, 6)
    assert t.actor("gob").zone == "C2" and data_of(t.actor("gob"), t.state).hanging
    assert t.ap("gob") == (5,) and condition_started(t.events, "gob", "hanging", None,
                                                     "grabbed a ledge (D29)")
    t, out = pushed([2], [("gob", "grab-ledge")])
    assert not out.ledge.success and t.actor("gob").zone == "D2"
    t, out = pushed(None, [])                              # nobody reacts: forced
    assert out.ledge is None and t.actor("gob").zone == "D2" and t.ap("gob") == (6,)


def test_d29_grab_a_ledge_on_its_own_is_a_1_ap_reaction(table):
    t = trio(table)
    out = t.do(grab_ledge, GrabLedgeRequest("skeleton", 2), {"grab": [4]})
    assert (out.total, out.target, out.success) == (4, 7, False)   # dexterity 0
    assert out.cost.reaction and t.ap("skeleton") == (5,)

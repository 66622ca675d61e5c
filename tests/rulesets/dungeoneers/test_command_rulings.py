"""One case per ruling, D1-D29, typed as commands (the rules core's own tests hold the
rest): what the GM types and what the encounter becomes."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.records import (
    condition_started,
    data_of,
    encounter_data,
    resolved,
)
from tests.rulesets.dungeoneers.test_command_examples import ap, fight, outcome
from tests.rulesets.dungeoneers.test_command_render import shown

PAIR = ("add freya --as freya --at B2", "add skeleton --as skeleton --at C2", "start")


def actor(s, who):
    return s.state.actors[who]


def test_d1_d2_d6_six_ap_a_round_one_action_a_turn_nothing_carries_over():
    s = fight(*PAIR)
    assert ap(s, "freya", "skeleton") == (6, 6) and s.state.round == 1
    result = s.execute("act freya 5 braces")
    kinds = [type(e).__name__ for e in result.events]
    assert kinds.index("TurnStarted") < kinds.index("TurnEnded")          # one action
    s.execute("act skeleton 6 waits")
    s.execute("act freya 1 steps")
    assert s.state.round == 2 and ap(s, "freya", "skeleton") == (6, 6)


def test_d3_d4_d5_who_is_up():
    s = fight("add freya --as freya --at B2", "add alberich --as alberich --at B3",
              "add skeleton --as skeleton --at C2", "add ogre --side enemies --stat body=4 "
              "--at D4", "init freya alberich skeleton ogre", "start")
    assert s.state.up == ("skeleton", "ogre")               # enemies' body 6 beats 5 (D5)
    s.execute("act ogre 1 roars")                            # the other tied creature (D4)
    assert s.state.up == ("skeleton",)
    with pytest.raises(GmError, match=r"it is not Freya's turn \(D3\)"):
        s.execute("act freya 1 waits")


def test_d7_pass_and_d8_react():
    s = fight(*PAIR, "act freya 1 waits")     # freya 5, skeleton 6: the skeleton is up
    s.execute("pass skeleton")
    assert ap(s, "skeleton") == (0,) and s.state.up == ("freya",)
    s.execute("react freya 2 ducks")
    assert ap(s, "freya") == (3,) and s.state.round == 1


def test_d9_a_readied_strike_is_taken_off_turn():
    s = fight(*PAIR, "ready freya strike", "act skeleton 1 creaks")
    assert s.state.up == ("freya",)          # 5 each: the bodies tie, party listed first
    s.execute("act freya 1 waits")            # freya 4, skeleton 5: the skeleton is up
    assert s.state.up == ("skeleton",)
    o = outcome(s.execute("strike freya skeleton --roll 1 --dodge 6"))
    assert o.cost.reaction and ap(s, "freya") == (1,) and s.state.up == ("skeleton",)
    assert data_of(actor(s, "freya"), s.state).readied is None


def test_d10_reinforcements_join_mid_round_as_a_new_group():
    s = fight(*PAIR, "act freya 3 waits", "act skeleton 4 waits")
    s.execute("add guard --as suori --side hirelings --at A1")
    assert s.state.up == ("guard",) and ap(s, "guard") == (6,)


def test_d11_d12_d14_d15_d16_d17_a_power_strike():
    s = fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start")
    o = outcome(s.execute("power-strike suori skeleton --roll 2,3 --dodge 6 --pierce 3"))
    # d6 2 + finesse 2 + boon d4 3 = 7 vs d6 6 + 1 = 7: a tie goes to the actor (D11)
    assert (o.attack_total, o.defense_total, o.hit) == (7, 7, True)
    assert o.base_wounds == 4 and o.wounds == 5 and ap(s, "suori") == (2,)   # D17, D20


def test_d13_the_formula_reading_by_default():
    s = fight(*PAIR)
    assert s.ruleset_for(s.state).numbers.score_as_dice == 0        # off: 1d6 + finesse
    with pytest.raises(GmError, match=r"--roll: 2 faces given, the roll used 1"):
        s.execute("strike freya skeleton --roll 4,2 --dodge 1 --pierce 1")


def test_d18_d19_d20_damage_like_a_hit():
    s = fight(*PAIR)
    s.execute("damage skeleton 2 --type B --criticals 1")       # (2 + 1) x 2
    assert actor(s, "skeleton").resource("wounds") == 6
    s.execute("damage skeleton 4 --type P")                      # 4 - 2
    assert actor(s, "skeleton").down and s.state.up == ()          # the fight is over
    assert (s.state.over.winner, s.state.over.up) == ("party", ("freya",))
    s.execute("heal skeleton 1")
    assert not actor(s, "skeleton").down and s.state.over is None
    assert s.state.up == ("freya",)


def test_d21_move_and_sprint():
    s = fight(*PAIR)
    s.execute("sprint freya B4")
    assert actor(s, "freya").zone == "B4" and actor(s, "freya").resource("stress") == 1


def test_d22_interact_draws_a_weapon():
    s = fight(*PAIR)
    s.execute("interact freya --draw dagger")
    assert data_of(actor(s, "freya"), s.state).holding == ("longsword", "dagger")
    assert s.log[-1] == "interact freya --draw dagger"


def test_d23_defensive_is_a_boon_on_dodging_until_its_next_turn():
    s = fight(*PAIR, "act freya 1 waits", "defend skeleton")
    assert ap(s, "skeleton") == (4,)
    o = outcome(s.execute("strike freya skeleton --roll 1 --dodge 1,4"))   # 1 + 1 + 1d4 4
    assert o.defense_total == 6 and not o.hit


def test_d24_a_grappled_creature_cannot_move():
    s = fight(*PAIR)
    result = s.execute("grapple freya skeleton --roll 6 --dodge 1")
    assert condition_started(result.events, "skeleton", "grappled", "freya", "grapple (D24)")
    with pytest.raises(GmError, match=r"grappled by Freya and cannot move \(D24\)"):
        s.execute("move skeleton D2")


def test_d24_the_hint_names_the_verb_that_breaks_free_and_its_cost():
    s = fight(*PAIR)
    s.execute("grapple freya skeleton --roll 6 --dodge 1")
    with pytest.raises(GmError) as refused:
        s.execute("move skeleton D2")
    assert "break free first: break-free (2 AP)" in str(refused.value)


def test_d24_break_free_is_the_grapple_played_back():
    # Skeleton: [dodging: trained d6] + body 2 (its better of finesse 1 and body 2);
    # Freya holds with [grappling: trained d6] + body 2. 1+2 = 3 vs 6+2 = 8: held.
    s = fight(*PAIR)
    s.execute("grapple freya skeleton --roll 6 --dodge 1")
    o = outcome(s.execute("break-free skeleton --roll 1 --hold 6"))
    assert (o.attack_total, o.defense_total, o.hit) == (3, 8, False)
    assert data_of(actor(s, "skeleton"), s.state).grappled_by == "freya"
    assert actor(s, "skeleton").resource("ap") == 4                  # 2 AP (provisional)
    # 3+2 = 5 vs 3+2 = 5: a tie goes to the actor (D11), the skeleton is free
    s.execute("pass freya")
    assert "Skeleton breaks free of Freya: 5 vs 5, free" in shown(
        s, "break-free skeleton --roll 3 --hold 3")
    assert data_of(actor(s, "skeleton"), s.state).grappled_by is None
    assert data_of(actor(s, "freya"), s.state).grappling is None
    s.execute("move skeleton D2")
    assert actor(s, "skeleton").zone == "D2"


def test_d24_break_free_and_let_go_refused_without_a_grapple():
    s = fight(*PAIR)
    with pytest.raises(GmError, match=r"Freya is not grappled \(D24\)"):
        s.execute("break-free freya")
    with pytest.raises(GmError, match=r"Freya is not grappling anyone \(D24\)"):
        s.execute("let-go freya")


def test_d24_a_grappler_lets_go():
    s = fight(*PAIR)
    s.execute("grapple freya skeleton --roll 6 --dodge 1")
    s.execute("pass skeleton")
    assert "Freya lets go of Skeleton" in shown(s, "let-go freya")
    assert data_of(actor(s, "skeleton"), s.state).grappled_by is None
    assert actor(s, "freya").resource("ap") == 3                     # 2 + 1 (provisional)


def test_d25_push_forces_one_tile():
    s = fight(*PAIR)
    s.execute("push freya skeleton D2 --roll 6 --dodge 1")
    assert actor(s, "skeleton").zone == "D2"


def test_d26_d27_deep_breath_and_focus():
    s = fight("add alberich --as alberich --at B2", "add skeleton --as skeleton --at C2",
              "start", "set alberich arca=1")
    s.execute("focus")
    assert actor(s, "alberich").resource("arca") == 3


def test_d28_ambient_arca_pays_the_baseline_first():
    s = fight("add alberich --as alberich --at B2", "add skeleton --as skeleton --at C2",
              "start", "ambient 1")
    result = s.execute("spellcast alberich firebolt skeleton --roll 1 --resist 6")
    o = outcome(result)
    assert (o.arca_ambient, o.arca_caster, o.hit) == (1, 0, False)
    assert encounter_data(s.state).ambient_arca == 0 and actor(s, "alberich").resource("arca") == 6


def test_d29_a_pushed_creature_grabs_the_ledge():
    s = fight("add suori --as suori --at B2", "add gob --as goblin --at C2", "start")
    result = s.execute("push suori gob D2 --ledge --react gob=grab-ledge --roll 4 --dodge 1 "
                       "--grab 3")
    assert actor(s, "gob").zone == "C2" and data_of(actor(s, "gob"), s.state).hanging
    assert ev.Reacted("gob", "grab-ledge", "push") in result.events
    assert any(resolved(e) for e in result.events)


def test_the_listing_order_and_removals_rework_who_is_up():
    s = fight("add freya --as freya --at B2", "add alberich --as alberich --at B3",
              "add skeleton --as skeleton --at C2", "start")
    assert (s.state.up, s.state.turn) == (("freya", "alberich"), "freya")
    s.execute("init alberich freya skeleton")                    # the D4 default follows
    assert (s.state.up, s.state.turn) == (("alberich", "freya"), "alberich")
    s.execute("remove alberich")                  # the default may go: no turn is running
    assert (s.state.up, s.state.turn) == (("freya",), "freya")

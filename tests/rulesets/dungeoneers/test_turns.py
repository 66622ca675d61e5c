"""Time, turns, AP, reactions, ready and groups (D1-D10)."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.dungeoneers.conftest import (
    ActorRequest,
    CostRequest,
    ReadyRequest,
    StrikeRequest,
    act,
    pass_turn,
    react,
    ready,
    strike,
)
from tests.rulesets.dungeoneers.records import data_of


def readied(events, actor: str, action: str) -> bool:
    """D9: the actor readied the action: the Python ruleset's ActionReadied, or the data
    version's effect ready-ACTION given."""
    return any(type(e).__name__ == "ActionReadied" and (e.actor, e.action) == (actor, action)
               or isinstance(e, ev.EffectAdded) and e.actor == actor and
               e.effect.name == f"ready-{action}" for e in events)


def cleared(events, actor: str, action: str, why: str) -> bool:
    """D9: the readied action is gone, for `why` (its words on the Python ruleset's
    ReadiedCleared; the data version's effect ready-ACTION ended)."""
    return any(type(e).__name__ == "ReadiedCleared" and (e.actor, e.action) == (actor, action)
               and why in e.why
               or isinstance(e, ev.EffectEnded) and e.actor == actor and
               e.name == f"ready-{action}" for e in events)


def trio(table):
    table.add("freya", "freya", at="B2").add("alberich", "alberich", at="B3")
    return table.add("skeleton", "skeleton", at="C2")


def test_d1_every_creature_starts_the_round_with_6_ap(table):
    t = trio(table)
    with pytest.raises(RuleViolation, match=r"not started.*\(D3\)"):
        t.do(act, CostRequest("freya", 1))
    t.start()
    assert t.state.round == 1 and t.ap("freya", "alberich", "skeleton") == (6, 6, 6)
    assert isinstance(t.events[0], ev.RoundStarted)


def test_d2_a_turn_is_one_action_that_must_be_paid(table):
    t = trio(table).start()
    t.do(act, CostRequest("freya", 2, "draws a breath"))
    kinds = [type(e).__name__ for e in t.events]
    assert kinds[:3] == ["TurnStarted", "ActionSpent", "Said"]
    assert "TurnEnded" in kinds                        # the turn ended at once
    t.do(act, CostRequest("alberich", 5))              # alberich 1, freya 4, skeleton 6
    t.do(act, CostRequest("skeleton", 3))
    with pytest.raises(RuleViolation,
                       match=r"act needs 5 AP; Freya has 4 left \(D1, D2, D8\)") as err:
        t.do(act, CostRequest("freya", 5))
    assert "choose something cheaper, or give up the rest" in err.value.hint
    for cost in (0, 7):
        with pytest.raises(RuleViolation, match=r"1 to 6 AP.*\(D2\)"):
            t.do(act, CostRequest("freya", cost))




def test_d3_only_a_creature_that_is_up_takes_a_turn(table):
    t = trio(table).start()
    with pytest.raises(RuleViolation,
                       match=r"it is not Skeleton's turn \(D3\)"):
        t.do(act, CostRequest("skeleton", 1))
    t.do(act, CostRequest("freya", 6))
    t.do(act, CostRequest("alberich", 1))
    assert t.state.up == ("skeleton",)               # 6 beats 5
    t.do(act, CostRequest("skeleton", 6))
    assert t.state.up == ("alberich",)               # Freya at 0 takes no more turns
    with pytest.raises(RuleViolation, match=r"it is not Freya's turn \(D3\)"):
        t.do(act, CostRequest("freya", 1))


def test_d4_creatures_tied_in_a_group_share_the_turn(table):
    t = trio(table).start()
    assert t.state.up == ("freya", "alberich") and t.state.turn == "freya"
    t.do(act, CostRequest("alberich", 1))            # the other tied creature acts
    assert t.state.up == ("freya",)
    assert t.ap("freya", "alberich") == (6, 5)


def test_d5_ties_between_groups_go_to_the_higher_body_total(table):
    t = trio(table).add("ogre", None, side="enemies", at="D4", stats={"body": 4}).start()
    # enemies 2 + 4 = 6 beat the party's 5: the skeleton and the ogre are up.
    assert t.state.up == ("skeleton", "ogre")
    assert "enemies' body total 6 beats" in t.rs.turn_order.explain(t.state, t.rs)
    t.state = t.state.with_actor(t.actor("ogre").with_(down=True))   # down: not counted
    state, _ = t.rs.turn_order.after_action(t.state, t.rs, "ogre")
    assert state.up == ("freya", "alberich")
    assert t.rs.turn_order.side_total(state, t.rs, "enemies") == 2


def test_d5_a_tie_of_body_totals_goes_to_the_group_listed_first(table):
    t = table.add("ann", None, side="party", stats={"body": 2})
    t.add("bob", None, side="enemies", stats={"body": 2}).start()
    assert t.state.up == ("ann",)
    assert "listed first (D5)" in t.rs.turn_order.explain(t.state, t.rs)


def test_d6_the_round_ends_at_0_ap_and_nothing_carries_over(table):
    t = table.add("ann", None, side="party").add("bob", None, side="enemies").start()
    t.do(act, CostRequest("ann", 5))
    t.do(act, CostRequest("bob", 6))
    assert t.state.round == 1 and t.state.up == ("ann",)
    t.do(act, CostRequest("ann", 1))
    assert t.state.round == 2 and t.ap("ann", "bob") == (6, 6)
    assert any(isinstance(e, ev.RoundEnded) and e.round == 1 for e in t.events)


def test_d7_pass_gives_up_the_rest_of_the_round(table):
    t = table.add("ann", None, side="party").add("bob", None, side="enemies").start()
    t.do(act, CostRequest("ann", 2))
    out = t.do(pass_turn, ActorRequest("bob"))
    assert dict(out.given_up)["ap"] == 6 and t.ap("bob") == (0,) and t.state.up == ("ann",)
    t.do(pass_turn, ActorRequest("ann"))              # everyone at 0: a new round
    assert t.state.round == 2 and t.ap("ann", "bob") == (6, 6)
    t.do(act, CostRequest("ann", 6))          # ann at 0 AP is not up: bob is
    with pytest.raises(RuleViolation, match=r"Ann is not acting: it is Bob's turn \(D3\)"):
        t.do(pass_turn, ActorRequest("ann"))


def test_d8_a_reaction_pays_ap_off_turn_and_gives_no_turn(table):
    t = trio(table).start()
    t.do(react, CostRequest("skeleton", 2, "shield bash"))
    assert t.ap("skeleton") == (4,)
    assert not any(isinstance(e, ev.TurnStarted | ev.TurnEnded) for e in t.events)
    assert t.state.up == ("freya", "alberich")
    t.do(react, CostRequest("skeleton", 4))
    with pytest.raises(RuleViolation,
                       match=r"react needs 1 AP; Skeleton has 0 left \(D1, D2, D8\)"):
        t.do(react, CostRequest("skeleton", 1))
    t.state = t.state.with_actor(t.actor("alberich").with_(down=True))
    with pytest.raises(RuleViolation, match=r"Alberich is down \(D19\) and cannot react"):
        t.do(react, CostRequest("alberich", 1))
    t.do(act, CostRequest("freya", 4))
    with pytest.raises(RuleViolation, match=r"react needs 3 AP; Freya has 2 left \(D1, D2, D8\)"):
        t.do(react, CostRequest("freya", 3))


def test_d9_a_readied_action_is_taken_later_as_a_reaction(table):
    t = trio(table).start()
    t.do(ready, ReadyRequest("freya", "strike"))
    assert t.ap("freya") == (5,) and readied(t.events, "freya", "strike")
    t.do(act, CostRequest("alberich", 6))
    t.do(act, CostRequest("skeleton", 1))             # skeleton 5, freya 5: party first
    assert t.state.up == ("freya",)
    t.do(act, CostRequest("freya", 1))                # freya 4; the skeleton is up
    assert t.state.up == ("skeleton",)
    out = t.do(strike, StrikeRequest("freya", "skeleton"),
               {"roll": [1], "dodge": [6]})           # off-turn: the readied strike
    assert out.cost.reaction and out.cost.ap == 3 and t.ap("freya") == (1,)
    assert cleared(t.events, "freya", "strike", "taken as a reaction (D9)")
    with pytest.raises(RuleViolation, match=r"not Freya's turn"):
        t.do(act, CostRequest("freya", 1))


def test_d9_a_round_end_clears_readied_actions_and_only_1_ap_was_spent(table):
    t = table.add("ann", None, side="party").add("bob", None, side="enemies").start()
    t.do(ready, ReadyRequest("ann", "defend"))
    assert t.ap("ann") == (5,)
    t.do(pass_turn, ActorRequest("bob"))
    t.do(pass_turn, ActorRequest("ann"))
    assert t.state.round == 2
    assert cleared(t.events, "ann", "defend", "(D9)")
    assert data_of(t.actor("ann")).readied is None
    with pytest.raises(RuleViolation, match=r"not an action a creature can ready \(D9\)"):
        t.do(ready, ReadyRequest("ann", "dance"))


def test_d10_groups_are_the_sides_and_templates_name_their_group(table):
    t = trio(table)
    assert [t.actor(a).side for a in ("freya", "alberich", "skeleton")] == [
        "party", "party", "enemies"]
    t.add("ally", "goblin", side="hirelings", at="A3").start()
    assert t.actor("ally").side == "hirelings"
    totals = t.rs.turn_order.side_total
    assert totals(t.state, t.rs, "party") == 5 and totals(t.state, t.rs, "hirelings") == 1

"""What a screen template reads of an actor's budgets this round: `left.NAME` and
`pips.NAME` give a waiting actor's whole refill-at-turn-start budget, and `turn` says
where its turn stands (render/resources_read.py; Shaper's Actions column, S18)."""

from __future__ import annotations

from types import SimpleNamespace

from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.render.resources_read import Resources, turn_word

SPECS = {"major": ResourceSpec("major", "Major", max=3, start=0, refill="turn_start"),
         "reactions": ResourceSpec("reactions", max=2)}


def fight(turn: str, left: dict[str, int], *, down: bool = False):
    """Ann then Bo in the order; Bo holds `left`; `turn`: who is up."""
    bo = SimpleNamespace(id="bo", down=down, summoner=None, sheet=None, resource=left.get)
    ann = SimpleNamespace(id="ann", down=False, summoner=None, sheet=None)
    state = SimpleNamespace(passed=frozenset(), actors={"ann": ann, "bo": bo}, round=1,
                            turn=turn, order=("ann", "bo"), up=(turn,),
                            controls_turn=lambda actor_id: actor_id == turn)
    return bo, SimpleNamespace(resource_spec=SPECS.get), state


def test_a_waiting_actor_reads_its_whole_turn_budget_and_others_what_they_hold():
    bo, rs, state = fight("ann", {"major": 0, "reactions": 1})
    assert turn_word(bo, state) == "waiting"
    assert Resources(bo, rs, "left", state).major == 3        # comes back as its turn starts
    assert Resources(bo, rs, "pips", state).major == "●●●"
    assert Resources(bo, rs, "pips", state).reactions == "●○"   # never refilled: as held
    assert Resources(bo, rs, "resource", state).major == 0


def test_the_actor_up_reads_what_it_holds_and_one_whose_turn_is_over_too():
    bo, rs, state = fight("bo", {"major": 1, "reactions": 2})
    assert turn_word(bo, state) == "now"
    assert (Resources(bo, rs, "left", state).major, Resources(bo, rs, "pips", state).major) \
        == (1, "●○○")
    bo, rs, state = fight("ann", {"major": 0, "reactions": 2})
    state.order = ("bo", "ann")
    assert turn_word(bo, state) == "over" and Resources(bo, rs, "pips", state).major == "○○○"
    bo, rs, state = fight("ann", {"major": 0, "reactions": 0}, down=True)
    assert turn_word(bo, state) == "now" and Resources(bo, rs, "left", state).major == 0

"""Random legal and illegal action sequences keep the time-slice invariants: TS within
0..max, HP within 0..max, conditions consistent with `down` and the dying timer, the
actor up is awake with TS left and has not passed, the fight's clock never runs back,
refusals change nothing; and the log the commands wrote (every face and decision each
one used) replays to the same encounter. Played through the commands (conftest.Fight),
on whichever version plays `timeslice`; the conditions, the weapon in hand and the
timer are read as commands_kit.info reads them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.errors import GmError

from .commands_kit import info, replayed
from .conftest import (
    ActRequest,
    AttackRequest,
    DrawRequest,
    Fight,
    MoveRequest,
    PassRequest,
    ReactRequest,
    TendRequest,
    WaitRequest,
    act,
    attack,
    draw,
    end,
    move,
    pass_,
    react,
    tend,
    wait,
)

CAST = (("kara", "party", "B2"), ("ren", "party", "A3"), ("ida", "party", "B3"),
        ("guard", "foes", "C2"), ("sniper", "foes", "D4"), ("brute", "foes", "C3"))
KINDS = ("attack", "attack", "attack", "move", "end", "pass", "act", "react", "tend",
         "draw", "wait", "damage", "heal")
UNITS = ("A1", "B2", "C3", "D4", "C2", "B3")
DYING_SECONDS = 300                    # T14: five minutes


def clock(fight: Fight) -> int:
    """The fight's seconds (T15): the fight's numbers (none before anything ran)."""
    system = fight.state.system
    return 0 if system is None else dict(system.numbers).get("seconds", 0)


def check(fight: Fight, clock_before: int) -> None:
    state = fight.state
    for actor in state.actors.values():
        data = info(fight.session, actor.id)
        assert 0 <= actor.resource("ts") <= actor.sheet.ts_max
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.down == (data.condition != "up")
        assert (data.dying_left is not None) == (data.condition == "dying")
        if data.condition == "dying":
            assert 0 < data.dying_left <= DYING_SECONDS and actor.hp == 0
        if data.condition == "dead":
            assert actor.hp == 0
        if data.held is not None:
            assert data.held in actor.sheet.weapons and data.held not in data.dropped
    if state.turn is not None:
        up = state.actors[state.turn]
        assert not up.down and up.resource("ts") > 0 and state.turn not in state.passed
    assert clock(fight) >= clock_before


def one_step(fight: Fight, data) -> None:
    ids = [c[0] for c in CAST]
    actor = fight.state.turn
    other = data.draw(st.sampled_from(ids), label="other")
    kind = data.draw(st.sampled_from(KINDS), label="kind")
    faces = {"roll": [tuple(data.draw(st.lists(st.integers(0, 9), min_size=2, max_size=2)))],
             "defend": [tuple(data.draw(st.lists(st.integers(0, 9), min_size=2, max_size=2)))]}
    calls = {
        "attack": lambda: fight.do(attack, AttackRequest(
            actor, other, called=data.draw(st.sampled_from((None, "head", "limb", "weapon"))),
            nonlethal=data.draw(st.booleans())), faces),
        "move": lambda: fight.do(move, MoveRequest(actor, data.draw(st.sampled_from(UNITS)))),
        "end": lambda: fight.do(end),
        "pass": lambda: fight.do(pass_, PassRequest(other)),
        "act": lambda: fight.do(act, ActRequest(actor, data.draw(st.integers(0, 5)), "x")),
        "react": lambda: fight.do(react, ReactRequest(other, data.draw(st.integers(0, 3)), "x")),
        "tend": lambda: fight.do(tend, TendRequest(actor, other)),
        "draw": lambda: fight.do(draw, DrawRequest(actor, data.draw(
            st.sampled_from(("sword", "spear", "knife", "rifle"))))),
        "wait": lambda: fight.do(wait, WaitRequest(data.draw(st.integers(0, 90)))),
        "damage": lambda: fight.execute(
            f"damage {other} {data.draw(st.integers(0, 15))}"
            + (" --nonlethal" if data.draw(st.booleans()) else "")),
        "heal": lambda: fight.execute(f"heal {other} {data.draw(st.integers(0, 6))}"),
    }
    before = fight.state
    try:
        calls[kind]()
    except GmError:
        assert fight.state is before                     # a refusal changes nothing


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_sequences_keep_the_invariants(data):
    fight = cast(Fight(seed=data.draw(st.integers(0, 2 ** 16), label="seed")))
    check(fight, 0)
    for _ in range(data.draw(st.integers(5, 30), label="steps")):
        before = clock(fight)
        one_step(fight, data)
        check(fight, before)
    again = replayed(fight.session)                      # the log alone: faces, answers
    assert again.state.with_(seed=0) == fight.state.with_(seed=0)


def cast(fight: Fight) -> Fight:
    for actor_id, side, zone in CAST:
        fight.add(actor_id, actor_id, side=side, zone=zone)
    return fight.start()

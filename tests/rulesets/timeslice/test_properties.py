"""Random legal and illegal action sequences keep the time-slice invariants: TS within
0..max, HP within 0..max, conditions consistent with `down` and the dying timer, the
actor up is awake with TS left and has not passed, refusals change nothing; and the
faces and decisions each action used replay it to the same encounter."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.dice.errors import DiceInputError
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.timeslice import build
from shaper_gm.rulesets.timeslice.harm import dying_seconds
from shaper_gm.rulesets.timeslice.models import DEAD, DYING, UP

from .python_harness import (  # noqa: F401  (its fixtures)
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
    fight,
    library,
    move,
    pass_,
    react,
    rs,
    settled,
    tend,
    wait,
)

CAST = (("kara", "party", "B2"), ("ren", "party", "A3"), ("ida", "party", "B3"),
        ("guard", "foes", "C2"), ("sniper", "foes", "D4"), ("brute", "foes", "C3"))
KINDS = ("attack", "attack", "attack", "move", "end", "pass", "act", "react", "tend",
         "draw", "wait", "damage", "heal")
UNITS = ("A1", "B2", "C3", "D4", "C2", "B3")


def check(fight: Fight, clock_before: int) -> None:
    state, rs = fight.state, fight.rs
    for actor in state.actors.values():
        data = actor.system
        assert 0 <= actor.resource("ts") <= actor.sheet.ts_max
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.down == (data.condition != UP)
        assert (data.dying_left is not None) == (data.condition == DYING)
        if data.condition == DYING:
            assert 0 < data.dying_left <= dying_seconds(rs.numbers) and actor.hp == 0
        if data.condition == DEAD:
            assert actor.hp == 0
        if data.held is not None:
            assert data.held in actor.sheet.weapons and data.held not in data.dropped
    if state.turn is not None:
        up = state.actors[state.turn]
        assert not up.down and up.resource("ts") > 0 and state.turn not in state.passed
    seconds = state.system.seconds if state.system is not None else 0
    assert seconds >= clock_before


class Logged(Fight):
    """A fight that writes down every accepted action with the faces it rolled."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.log: list = []

    def do(self, verb, request=None, faces=None, declared=(), asker=None):
        outcome = super().do(verb, request, faces, declared, asker)
        used: dict = {}
        for slot, rolled in self.tape.rolls:
            used.setdefault(slot, []).append(rolled.naturals)
        made = list(self.tape.decisions.made)
        self.log.append(("verb", verb, request, used, made))
        return outcome


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
        "damage": lambda: gm(fight, "damage", other, data.draw(st.integers(0, 15)),
                             {"nonlethal": data.draw(st.booleans())}),
        "heal": lambda: gm(fight, "heal", other, data.draw(st.integers(0, 6))),
    }
    before = fight.state
    try:
        calls[kind]()
    except (RuleViolation, DiceInputError):
        assert fight.state is before                     # a refusal changes nothing


def gm(fight: Fight, tool: str, target: str, amount: int, options=None) -> None:
    if tool == "damage":
        done = fight.rs.damage(fight.state, target, amount, options)
    else:
        done = fight.rs.heal(fight.state, target, amount)
    fight.state, fight.events = settled(fight.rs, *done)
    if isinstance(fight, Logged):
        fight.log.append(("gm", tool, target, amount, options))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_sequences_keep_the_invariants(library, data):
    rs = build(library)
    fight = cast(Logged(rs, seed=data.draw(st.integers(0, 2 ** 16), label="seed")))
    check(fight, 0)
    for _ in range(data.draw(st.integers(5, 30), label="steps")):
        clock = fight.state.system.seconds if fight.state.system is not None else 0
        one_step(fight, data)
        check(fight, clock)
    replay = cast(Fight(rs, seed=12345))                 # another seed: faces come from the log
    for entry in fight.log:
        if entry[0] == "verb":
            _, verb, request, faces, made = entry
            replay.do(verb, request, faces, made)
        else:
            gm(replay, *entry[1:])
    assert replay.state.with_(seed=0) == fight.state.with_(seed=0)


def cast(fight: Fight) -> Fight:
    for actor_id, side, zone in CAST:
        fight.add(actor_id, actor_id, side=side, zone=zone)
    return fight.start()

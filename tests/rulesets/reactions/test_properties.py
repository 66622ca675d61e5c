"""Random sequences of actions keep the rules' invariants, and replaying the faces and
reactions an encounter recorded rebuilds exactly the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.reactions import conftest as actions
from tests.rulesets.reactions.conftest import AttackRequest, started, tape

CAST = (("ann", "party", "B2"), ("bo", "enemies", "C2", "skeleton"),
        ("cy", "party", "C4", "battle-mage"), ("dee", "enemies", "E3", "wraith"))
KINDS = ("attack", "attack", "attack", "move", "shield", "act", "react", "end", "end", "pass")
REACTIONS = ("block", "dodge", "none")

steps = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 63), st.integers(0, 63),
                           st.lists(st.sampled_from(REACTIONS), max_size=3)),
                 min_size=5, max_size=25)


def request_for(state, kind, a, b, reacts):
    actor = state.turn
    ids = sorted(i for i in state.actors if i != actor)
    other = ids[a % len(ids)]
    if kind == "attack":
        weapons = state.actors[actor].sheet.weapons
        request = AttackRequest(actor, other, weapons[b % len(weapons)])
        return actions.attack, request, [(other, r) for r in reacts]
    if kind == "move":
        return actions.move, actions.MoveRequest(actor, f"{'ABCDEFGH'[a % 8]}{b % 8 + 1}"), []
    if kind == "shield":
        return actions.raise_shield, actions.ShieldRequest(actor), []
    if kind == "act":
        return actions.act, actions.ActRequest(actor, ("action", "move")[a % 2], "x"), []
    if kind == "react":
        return actions.react, actions.ReactRequest(other, b % 3 + 1, "x"), []
    if kind == "pass":
        return actions.pass_, actions.PassRequest(actor), []
    return actions.end, None, []


def play(rs, plan, seed, recorded=None):
    """Run `plan`; with `recorded`, take each step's faces and reactions from it."""
    state = started(rs, *CAST)
    log = []
    for index, (kind, a, b, reacts) in enumerate(plan):
        if state.over is not None:          # one side is left standing: turns stop
            assert state.turn is None
            assert len({x.side for x in state.actors.values() if not x.down}) <= 1
            break
        verb, request, declared = request_for(state, kind, a, b, reacts)
        if recorded is not None:
            faces, declared = recorded[index]
            t = tape(faces, declared, seed=-1)
        else:
            t = tape({}, declared, seed=seed + index)
        before = state
        try:
            state, _, _ = verb(state, rs, request, t)
        except RuleViolation:
            assert state is before
            log.append(({}, declared))
            continue
        faces: dict[str, list[int]] = {}
        for slot, rolled in t.rolls:
            faces.setdefault(slot, []).extend(rolled.naturals)
        log.append((faces, list(t.decisions.made)))
        check(rs, state)
    return state, log


def check(rs, state):
    tiles = [a.zone for a in state.actors.values() if not a.down]
    assert len(tiles) == len(set(tiles))
    assert state.turn is None or not state.actors[state.turn].down
    for actor in state.actors.values():
        sheet = actor.sheet
        assert 0 <= actor.hp <= actor.max_hp and actor.down == (actor.hp == 0)
        assert 0 <= actor.resource("reactions") <= sheet.reactions
        assert actor.resource("move") in (0, 1) and actor.resource("action") in (0, 1)
        assert actor.resource("shield") >= 0
        if actor.resource("shield"):
            assert sheet.shield is not None
            assert actor.resource("shield") <= rs.library.item("shield", sheet.shield)["amount"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])
@given(plan=steps, seed=st.integers(0, 10_000))
def test_random_play_keeps_the_invariants_and_replays_exactly(rs, plan, seed):
    state, log = play(rs, plan, seed)
    replayed, _ = play(rs, plan, seed, recorded=log)
    assert replayed == state


def test_a_down_creature_never_takes_a_turn(rs):
    state = started(rs, *CAST)
    state, _ = rs.damage(state, "bo", 99, {"type": "true"})
    seen = set()
    for _ in range(8):
        state, _, _ = actions.end(state, rs)
        seen.add(state.turn)
    assert seen == {"ann", "cy", "dee"}

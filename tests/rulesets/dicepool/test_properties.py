"""Random command sequences keep the rules' invariants, and replay from their faces.

Each example builds a fight, runs a random list of commands (refused ones must change
nothing), and checks after every step: pools never negative (nor above a cap, P4),
actions within the turn's two (P6), HP within bounds and down exactly at 0 (P8), down
actors never act, nobody keeps a preparation past the start of its turn (P11), and an
attack's outcome is what the pool and HP became. The faces a run rolled, given back as
the table's faces, rebuild exactly the same state (what `replay` relies on).
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape
from shaper_gm.rulesets.dicepool.steps import AttackCtx
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import make_actor, ruleset

IDS = ("freya", "kit", "barry", "raider")
KINDS = ("attack", "attack", "attack", "move", "move", "prepare", "prepare", "dodge", "act",
         "test", "react", "react", "ability", "heavy", "wield", "end", "end", "pass", "wait")
SIZE = 8

command = st.tuples(st.sampled_from(KINDS), st.integers(0, 3), st.integers(0, len(IDS) - 1),
                    st.integers(0, SIZE - 1), st.integers(0, SIZE - 1),
                    st.one_of(st.none(), st.integers(1, 3)))


def setup(rs) -> Encounter:
    state = Encounter(ruleset="dicepool", cols=SIZE, rows=SIZE, order=IDS)
    for index, actor_id in enumerate(IDS):
        actor = make_actor(rs, actor_id, actor_id, f"{'ABCD'[index]}1")
        state = state.with_actor(actor)
    state, _ = rs.turn_order.start(state, rs)
    return state


def verb(cmd, state):
    """(function, request, acting actor) for one generated command."""
    kind, a, b, col, row, dice = cmd
    ready = [i for i in IDS if i != state.turn
             and any(p.kind == "action" for p in state.actors[i].system.prepared)]
    if a < 2 and state.turn is not None:
        actor = state.turn                        # the acting actor
    elif ready:
        actor = ready[0]                          # someone who prepared: a reaction (P11)
    else:
        actor = IDS[b]                            # anyone, often refused
    target = IDS[b] if IDS[b] != actor else IDS[(b + 1) % len(IDS)]
    square = f"{'ABCDEFGH'[col]}{row + 1}"
    table = {
        "attack": (act.attack, act.AttackRequest(actor, target, dice=dice)),
        "heavy": (act.attack, act.AttackRequest(actor, target, ability="heavy-blow")),
        "move": (act.move, act.MoveRequest(actor, square)),
        "prepare": (act.prepare, act.PrepareRequest(actor, "if anyone comes near, I act")),
        "dodge": (act.prepare, act.PrepareRequest(actor, "I dodge", against=target)),
        "act": (act.act, act.ActRequest(actor, "action", "pull the lever")),
        "test": (act.act, act.ActRequest(actor, "action", "climb", dt=b, dice=dice)),
        "react": (act.react, act.ActRequest(actor, "action", "shout", dt=dice)),
        "ability": (act.use_ability, act.AbilityRequest(actor, "rally", dice=dice)),
        "wield": (act.wield, act.WieldRequest(actor, "dagger")),
        "end": (lambda s, rs, r, t: act.end(s, rs), None),
        "pass": (lambda s, rs, r, t: act.pass_turn(s, rs, actor), None),
        "wait": (lie_in_wait, act.PrepareRequest(actor, "when they come, I strike")),
    }
    fn, request = table[kind]
    return fn, request, (None if kind == "end" else actor)


def lie_in_wait(state, rs, request, tape):
    """Prepare an action (P11), then end the turn: the way to a reaction."""
    state, events, _ = act.prepare(state, rs, request, tape)
    state, ended, _ = act.end(state, rs)
    return state, events + ended, None


def play(rs, commands, seed, given=None):
    """Run the commands; return the final state and the faces each one rolled."""
    state = setup(rs)
    rng = DiceRng(seed)
    rolled_faces = []
    for index, cmd in enumerate(commands):
        fn, request, actor_id = verb(cmd, state)
        script = given[index] if given is not None else None

        def source(slot, n, who, script=script):
            return GivenFaces(script[slot][n]) if script is not None else RolledFaces(rng)
        tape = PlayTape(source)
        was_down = actor_id is not None and state.actors[actor_id].down
        before = state
        try:
            state, events, outcome = fn(state, rs, request, tape)
        except RuleViolation:
            assert state is before
            rolled_faces.append({})
            continue
        assert not was_down, f"{actor_id} acted while down"
        faces = defaultdict(list)
        for slot, roll in tape.rolls:
            faces[slot].append(roll.naturals)
        rolled_faces.append(dict(faces))
        check(rs, state, outcome)
    return state, rolled_faces


def check(rs, state: Encounter, outcome) -> None:
    cap = rs.numbers.pool_max
    for actor in state.actors.values():
        pool = actor.resource("pool")
        assert pool >= 0
        if cap is not None:
            assert pool <= cap
        assert 0 <= actor.resource("actions") <= rs.numbers.actions_per_turn
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.down == (actor.hp == 0)
    if state.over is not None:           # one side is left standing: no turn runs
        assert state.turn is None and len({a.side for a in state.actors.values()
                                           if not a.down}) <= 1
    elif state.actors[state.turn].system.prepared:   # made this turn: an action was spent
        assert state.actors[state.turn].resource("actions") < rs.numbers.actions_per_turn
    if isinstance(outcome, AttackCtx):
        assert state.actors[outcome.attacker].resource("pool") == outcome.pool_after
        spent = max(0, outcome.pool_before - outcome.failures - (1 if outcome.ability else 0))
        refill = rs.stat(state.actors[outcome.attacker].sheet, "con") if outcome.reaction else 0
        assert outcome.pool_spent == spent
        assert outcome.pool_after == (spent + refill if cap is None
                                      else min(spent + refill, max(cap, spent)))
        assert state.actors[outcome.target].hp == outcome.hp_after
        assert outcome.hit == (outcome.successes >= outcome.dt)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, min_size=5, max_size=40), st.integers(0, 10_000))
def test_random_commands_keep_the_invariants_and_replay_from_their_faces(commands, seed):
    rs = ruleset()
    final, faces = play(rs, commands, seed)
    again, _ = play(rs, commands, seed + 1, given=faces)
    assert again == final


@settings(max_examples=15, deadline=None)
@given(st.lists(command, min_size=5, max_size=40), st.integers(0, 10_000))
def test_a_pool_cap_holds_through_random_commands(commands, seed):
    play(ruleset(pool_max=4), commands, seed)

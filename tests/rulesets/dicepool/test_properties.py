"""Random command sequences keep the rules' invariants, and replay from their faces.

Each example builds a fight, runs a random list of commands (refused ones must change
nothing), and checks after every step: pools never negative (nor above a cap, P4),
actions within the turn's two (P6), HP within bounds and down exactly at 0 (P8), down
actors never act, and an attack's outcome is what the pool and HP became. The log a run
wrote, with every face it rolled, rebuilds exactly the same state (what `replay` relies
on).

Ported onto the commands: the commands run as lines through a session (`Fight.run`), a
refusal is any GmError, and the replay runs the session's log in a fresh session where
the Python test gave each step's faces back to the steps. The data version keeps no
prepared action (P11), so no one reacts with one: the Python test's `ready` reactors and
its check that a preparation was made on an action are left out.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.commands import Session
from shaper_gm.engine.events import ActionSpent
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset

IDS = ("freya", "kit", "barry", "raider")
KINDS = ("attack", "attack", "attack", "move", "move", "prepare", "prepare", "dodge", "act",
         "test", "react", "react", "ability", "heavy", "wield", "end", "end", "pass", "wait")
SIZE = 8

command = st.tuples(st.sampled_from(KINDS), st.integers(0, 3), st.integers(0, len(IDS) - 1),
                    st.integers(0, SIZE - 1), st.integers(0, SIZE - 1),
                    st.one_of(st.none(), st.integers(1, 3)))


def setup(rs: str, seed: int) -> Fight:
    fight = Fight(rs, cols=SIZE, rows=SIZE, seed=seed)
    for index, actor_id in enumerate(IDS):
        fight.add(actor_id, actor_id, f"{'ABCD'[index]}1")
    return fight.start()


def verb(cmd, state):
    """(verb, words, acting actor) for one generated command."""
    kind, a, b, col, row, dice = cmd
    actor = state.turn if a < 2 and state.turn is not None else IDS[b]
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
        "end": ("end", ""),
        "pass": ("pass", actor),
        "wait": ("wait", act.PrepareRequest(actor, "when they come, I strike")),
    }
    name, words = table[kind]
    return name, words, (None if kind == "end" else actor)


def play(rs: str, commands, seed: int) -> Session:
    """Run the commands; return the session, its log holding every face rolled."""
    fight = setup(rs, seed)
    for cmd in commands:
        name, words, _ = verb(cmd, fight.state)
        down_before = {a.id for a in fight.state.actors.values() if a.down}
        before, log = fight.state, list(fight.session.log)
        try:
            if name == "wait":               # prepare an action (P11), then end the turn
                fight.run(act.prepare, words)
                outcome = act.Outcome(fight.execute("end"), fight.state)
            else:
                outcome = fight.run(name, words)
        except GmError:
            assert fight.state is before and fight.session.log == log
            continue
        # who acted is who spent for it (a line may name no actor: the turn's acts)
        acted = {e.actor for e in outcome.result.events if isinstance(e, ActionSpent)}
        assert not acted & down_before, f"{acted & down_before} acted while down"
        check(fight, outcome)
    return fight.session


def check(fight: Fight, outcome) -> None:
    state, rs = fight.state, fight.rs
    cap = rs.resource_spec("pool").max
    per_turn = rs.resource_spec("actions").max
    for actor in state.actors.values():
        pool = actor.resource("pool")
        assert pool >= 0
        if cap is not None:
            assert pool <= cap
        assert 0 <= actor.resource("actions") <= per_turn
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.down == (actor.hp == 0)
    if state.over is not None:           # one side is left standing: no turn runs
        assert state.turn is None and len({a.side for a in state.actors.values()
                                           if not a.down}) <= 1
    if outcome.outcome is not None and outcome.outcome.action == "attack":
        attacker = state.actors[outcome.actor]
        assert attacker.resource("pool") == outcome.pool_after
        spent = max(0, outcome.pool_before - outcome.failures - outcome.discard)
        refill = attacker.sheet.stats.con if outcome.reaction else 0
        assert outcome.pool_spent == spent
        assert outcome.pool_after == (spent + refill if cap is None
                                      else min(spent + refill, max(cap, spent)))
        assert state.actors[outcome.target].hp == outcome.hp_after
        assert outcome.hit == (outcome.successes >= outcome.dt)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(command, min_size=5, max_size=40), st.integers(0, 10_000))
def test_random_commands_keep_the_invariants_and_replay_from_their_faces(commands, seed):
    session = play("dicepool", commands, seed)
    again = Session()
    again.run_lines(list(session.log))
    assert again.state == session.state


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(command, min_size=5, max_size=40), st.integers(0, 10_000))
def test_a_pool_cap_holds_through_random_commands(commands, seed):
    play(ruleset(pool_max=4), commands, seed)

"""One simulated fight: the encounter's current state played forward on a scratch
session with dice of the run's own seed, by the tactic's commands, until a side wins,
nobody can act or the round limit passes. What the engine asks inside an action (a
reaction, a defence) is answered by expected value (`simulate.choices`)."""

from __future__ import annotations

import random

from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.records import record
from shaper_gm.simulate.attacks import offered_now, payable_now
from shaper_gm.simulate.choices import Chooser
from shaper_gm.simulate.tactics import turn_choices

MAX_ROUNDS = 50           # a fight still undecided then counts as a draw
MAX_COMMANDS = 3000       # a bound on any one run, whatever the rules allow
SEEDS = 1_000_000_000     # a run's dice seed is below this (the encounter's range)
# Runs 0-24, 25-49, ... share how their actors weighed their attacks (`tactics.weighing`)
# and answered what the engine asked them (`choices.Chooser`):
# the groups are fixed by the run's number, so the runs come out the same in one process
# or spread over several (whose chunks of runs are whole groups).
WEIGHED_RUNS = 25
ASKED = ("asked",)        # where a group's weighings keep its answers to asks (`Chooser`)


@record
class RunResult:
    winner: str | None                      # the side that won; None: a draw
    rounds: int
    down: frozenset[str]                    # actors down (or gone) at the end
    spent: tuple[tuple[str, str, int], ...]  # (actor, resource, amount) of what lasts
    actions: int                            # commands that landed


def run_seed(seed: int, run: int) -> int:
    """Run `run`'s dice seed: a different stream for every run, the same for a seed."""
    return random.Random(seed * 1_000_003 + run).randrange(SEEDS)


def play_out(base: Session, seed: int, tactic: str, weighed: dict | None = None) -> RunResult:
    return played(base, seed, tactic, weighed)[1]


def played(base: Session, seed: int, tactic: str,
           weighed: dict | None = None) -> tuple[Session, RunResult]:
    """The run's scratch session (its log: the fight's resolved lines) and its result;
    `weighed` holds the weighings the run shares with the others of its group."""
    weighed = {} if weighed is None else weighed
    session = scratch(base, base.state.with_(seed=seed, dice_position=0),
                      weighed.setdefault(ASKED, {}))
    start = session.state
    rng = random.Random(seed)
    actions = 0
    refused: set = set()                  # lines about their actor alone, refused
    while _going(session.state) and actions < MAX_COMMANDS:
        actor = session.state.turn
        asked: dict = {}                  # the offers of this state (no command landed)
        for choice in turn_choices(session, actor, tactic, rng, weighed):
            own = _own_key(session.state, choice)
            if own in refused or not offered_now(session, choice, asked) or \
                    not payable_now(session, choice):
                continue
            session.decider.playing(choice.odds)
            try:
                session.execute(choice.line)
            except GmError:
                if own is not None:
                    refused.add(own)
                continue
            actions += 1
            break
        else:
            break                                    # nothing it may do: stuck
    end = session.state
    winner = end.over.winner if end.over is not None else None
    rounds = end.over.round if end.over is not None else end.round
    down = frozenset(a for a in start.actors
                     if a not in end.actors or end.actors[a].down)
    return session, RunResult(winner, rounds, down, _spent(start, end, session), actions)


def _own_key(state, choice) -> tuple | None:
    """What a line about its actor alone (a ready hint: draw, reload) is refused by:
    the line, the round and the actor as it stands, all but what it has left to spend
    (what a line costs is asked before it is tried, `payable_now`; a refusal after that
    is the rules' of what the actor holds and where it stands). Once refused, it is not
    tried again while those are what they were (a reload with nothing to reload waits
    for a shot); None for other lines, or an actor that cannot be a key."""
    actor = state.actors.get(state.turn)
    if not choice.own or actor is None:
        return None
    key = (choice.line, state.round, actor.with_(resources=()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def scratch(base: Session, state, known: dict | None = None) -> Session:
    """A session of `base`'s rulesets on `state`, its asks answered by a Chooser (with
    the answers `known` of the runs it shares them with)."""
    session = Session(content=base.content)
    session.share_verbs(base)
    session.state = state
    session.decider = Chooser(session, known)
    return session


def _going(state) -> bool:
    return state.over is None and state.turn is not None and state.round <= MAX_ROUNDS


def _spent(start, end, session) -> tuple[tuple[str, str, int], ...]:
    """What each actor used up of the resources that never refill in a fight."""
    rs = session.ruleset_for(end)
    lasting = [spec.name for spec in rs.resources if spec.refill == "never"]
    out = []
    for actor_id, before in start.actors.items():
        after = end.actors.get(actor_id)
        if after is None:
            continue
        for name in lasting:
            used = before.resource(name) - after.resource(name)
            if used > 0:
                out.append((actor_id, name, used))
    return tuple(out)

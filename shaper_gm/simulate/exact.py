"""A small duel solved exactly: a Markov chain over (each one's HP, whose turn).

A fight is a duel when two actors of two sides stand and each can attack the other now
without moving (its ruleset offers the other FIRST as its basic attack's target). Its
rules are read from the engine, not restated: a scratch copy plays a few turns of each by
the same tactic as a simulated run (both kept standing), counting the attacks each turn
accepts, and before each attack the ruleset's own `odds` gives what the target loses
(its `harm`, exact fractions). Turns then alternate with those attacks until one drops to
0 HP or the round limit passes (a draw, as in a played run), so the chance of each end
is exact. Anything the solution would not hold for (HP not the harm's track, harm that
depends on the attacker's HP, turns that do not alternate, a turn that changes from one
round to the next, a lasting resource used up) leaves the fight to Monte Carlo.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from math import gcd

from shaper_gm.commands.session import Session
from shaper_gm.engine.offers import FIRST
from shaper_gm.errors import GmError
from shaper_gm.records import record
from shaper_gm.simulate.runner import MAX_ROUNDS
from shaper_gm.simulate.tactics import turn_lines

MAX_STATES = 2_500        # (HP + 1) of one times (HP + 1) of the other: "small"
PROBED = 6                # turns played on the scratch copy: 3 of each
MAX_PROBE_COMMANDS = 300  # a bound on the probe, whatever the rules allow
KEPT_UP = 99_999          # HP the probe gives both so that nobody drops


class NotExact(Exception):
    """The fight is not one the chain describes: simulate it by playing it."""


@record
class Solution:
    sides: dict[str, Fraction]         # each side's chance to win
    draws: Fraction                    # still undecided after MAX_ROUNDS
    rounds: dict[int, Fraction]        # the round the fight ends in (draws: the limit + 1)
    down: dict[str, Fraction]          # each actor's chance to go down
    attacks: tuple[int, ...]           # attacks accepted in each probed turn


def solve(session, tactic: str) -> Solution | None:
    """The exact solution when the encounter is a small duel, else None."""
    pair = duel(session)
    if pair is None:
        return None
    state = session.state
    if (state.actors[pair[0]].hp + 1) * (state.actors[pair[1]].hp + 1) > MAX_STATES:
        return None
    try:
        turns, rounds, attacks = probe(session, pair, tactic)
    except NotExact:
        return None
    return chain(state, pair, turns, rounds, attacks)


def duel(session) -> tuple[str, str] | None:
    """(who is up, the other) when the fight is a duel with HP, else None."""
    state = session.state
    rs = session.ruleset_for(state)
    standing = [a for a in state.actors.values() if not a.down]
    if len(standing) != 2 or standing[0].side == standing[1].side:
        return None
    if state.turn not in {a.id for a in standing} or any(a.hp is None for a in standing):
        return None
    first = state.turn
    second = next(a.id for a in standing if a.id != first)
    for actor, target in ((first, second), (second, first)):
        offered = rs.offers(state, "target", actor, rs.attack_verb) or ()
        if not any(o.text == target and o.rank == FIRST for o in offered):
            return None
    return first, second


def probe(base: Session, pair: tuple[str, str], tactic: str):
    """Each probed turn's harm (the attacks' loss distributions, in order) and the round
    it starts in, from turns played on a scratch copy with both kept standing."""
    real = {a: base.state.actors[a] for a in pair}
    session = _scratch(base, base.state.with_actors(
        real[a].with_(hp=KEPT_UP, max_hp=KEPT_UP) for a in pair))
    rs = session.ruleset_for(session.state)
    lasting = [spec.name for spec in rs.resources if spec.refill == "never"]
    rng = random.Random(0)
    attacks: list[list] = []             # each turn's attacks: the state before each
    rounds: list[int] = []
    commands = 0
    while len(attacks) < PROBED:
        actor = session.state.turn
        if actor != pair[len(attacks) % 2]:
            raise NotExact("the turns do not alternate")
        rounds.append(session.state.round)
        befores: list = []
        while session.state.turn == actor and session.state.over is None:
            commands += 1
            if commands > MAX_PROBE_COMMANDS:
                raise NotExact("the turns do not end")
            befores += _one_command(session, actor, pair, tactic, rng)
        if session.state.over is not None:
            raise NotExact("the fight ended while both stood")
        attacks.append(befores)
    end = session.state
    counts = tuple(len(befores) for befores in attacks)
    if any(end.actors[a].resource(n) != real[a].resource(n) for a in pair for n in lasting):
        raise NotExact("a lasting resource is used up")
    if counts[2:4] != counts[4:6] or rounds[2:] != [r + 1 for r in rounds[:-2]]:
        raise NotExact("a turn changes from round to round")
    turns = [[_harm(session, before, pair[n % 2], pair[1 - n % 2], real)
              for before in befores] for n, befores in enumerate(attacks)]
    if turns[2:4] != turns[4:6]:
        raise NotExact("a turn's harm changes from round to round")
    return [_summed(h) for h in turns], rounds, counts


def _one_command(session, actor, pair, tactic, rng) -> list:
    """Play the first of the tactic's lines that lands: the state before it when it was
    an attack on the other."""
    rs = session.ruleset_for(session.state)
    target = pair[1] if actor == pair[0] else pair[0]
    attack = f"{rs.attack_verb} {actor} {target}"
    for line in turn_lines(session, actor, tactic, rng):
        before = session.state
        try:
            session.execute(line)
        except GmError:
            continue
        return [before] if line == attack else []
    raise NotExact("nothing the actor may do")


def _harm(session, before, actor: str, target: str, real) -> dict[int, Fraction]:
    """What `target` loses to one attack of `actor`'s by the ruleset's odds, in the
    state `before` it: with the target kept up, so that no loss is cut short by the HP it
    has left. The chain holds only if that is all the target's HP change: the same
    losses cut at its real HP and at 1 HP are the odds there, and the attacker's own HP
    (real or 1) changes nothing."""
    state = before.with_actors(before.actors[a].with_(hp=real[a].hp, max_hp=real[a].max_hp)
                               for a in (actor, target))
    up = state.with_actor(state.actors[target].with_(hp=KEPT_UP, max_hp=KEPT_UP))
    whole = _loss(session, up, actor, target)
    for hp in {real[target].hp, 1}:
        there = state.with_actor(state.actors[target].with_(hp=hp))
        if _loss(session, there, actor, target) != _cut(whole, hp):
            raise NotExact("the harm depends on the target's HP")
    hurt = up.with_actor(up.actors[actor].with_(hp=1))
    if _loss(session, hurt, actor, target) != whole:
        raise NotExact("the harm depends on the attacker's HP")
    return whole


def _cut(harm: dict[int, Fraction], hp: int) -> dict[int, Fraction]:
    """The losses of a target with `hp` left: none past what it has."""
    cut: dict[int, Fraction] = defaultdict(Fraction)
    for loss, p in harm.items():
        cut[min(loss, hp)] += p
    return dict(cut)


def _loss(session, state, actor: str, target: str) -> dict[int, Fraction]:
    scratch = _scratch(session, state)
    try:
        odds = scratch.execute(f"odds {actor} {target}").view
        found = next(t for t in odds.targets if t.target in {target, ""})
    except (GmError, AttributeError, StopIteration) as exc:
        raise NotExact("no odds for the attack") from exc
    if found.resource != "hp" or found.limit is not None:
        raise NotExact("the harm is not counted in HP")
    dist = found.harm_dist
    if not all(isinstance(v, int) and v >= 0 for v in dist):
        raise NotExact("the harm is not a number of HP")
    return {v: dist[v] for v in dist}


def _scratch(base: Session, state) -> Session:
    session = Session(content=base.content)
    session.share_rulesets(base)
    session.state = state
    return session


def _summed(harms: list[dict[int, Fraction]]) -> dict[int, Fraction]:
    """The distribution of a turn's total loss: its attacks' losses added up."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for harm in harms:
        added: dict[int, Fraction] = defaultdict(Fraction)
        for a, p in total.items():
            for b, q in harm.items():
                added[a + b] += p * q
        total = dict(added)
    return total


def chain(state, pair: tuple[str, str], turns: list[dict[int, Fraction]],
          rounds: list[int], attacks: tuple[int, ...] = ()) -> Solution:
    """Turns alternate from the state: the probed ones, then the last two probed over
    and over, a round a pair, until a side is down or the round limit passes. Weights are
    integers over one common denominator (each turn's), so the work stays in integers."""
    sides = [state.actors[a].side for a in pair]
    weights = [_integers(harm) for harm in turns]
    mass = {(state.actors[pair[0]].hp, state.actors[pair[1]].hp): 1}
    denominator = 1
    ended: Counter = Counter()           # (winner index, round) -> chance
    starts = list(rounds)                # the round each turn starts in
    turn = 0
    while mass and starts[turn] <= MAX_ROUNDS:
        round_ = starts[turn]
        counts, total = weights[turn if turn < PROBED else PROBED - 2 + turn % 2]
        denominator *= total
        hitting = turn % 2
        after: dict[tuple[int, int], int] = defaultdict(int)
        won = 0
        for hp, w in mass.items():
            for loss, c in counts.items():
                left = hp[1 - hitting] - loss
                if left <= 0:
                    won += w * c
                elif hitting == 0:
                    after[(hp[0], left)] += w * c
                else:
                    after[(left, hp[1])] += w * c
        if won:
            ended[(hitting, round_)] += Fraction(won, denominator)
        mass = dict(after)
        turn += 1
        if turn == len(starts):
            starts.append(starts[turn - 2] + 1)
    draws = Fraction(sum(mass.values()), denominator) if mass else Fraction(0)
    by_round: dict[int, Fraction] = defaultdict(Fraction)
    for (_, r), p in ended.items():
        by_round[r] += p
    if draws:
        by_round[starts[turn]] += draws
    won_by = [sum((p for (w, _), p in ended.items() if w == i), Fraction(0)) for i in (0, 1)]
    return Solution(sides=dict(zip(sides, won_by, strict=True)), draws=draws,
                    rounds=dict(sorted(by_round.items())),
                    down={pair[0]: won_by[1], pair[1]: won_by[0]},
                    attacks=attacks)


def _integers(harm: dict[int, Fraction]) -> tuple[dict[int, int], int]:
    """A distribution as integer weights over their total."""
    total = 1
    for p in harm.values():
        total = total * p.denominator // gcd(total, p.denominator)
    return {v: int(p * total) for v, p in harm.items()}, total


def described(solution: Solution, sides: list[str], actors: dict[str, str],
              seed: int) -> dict:
    """The solution in the summary's shape: each side's p exact (its interval [p, p]),
    the rounds' distribution exact (`counts` are chances, those under 0.005% left out),
    no runs played."""
    rounds = solution.rounds
    return {
        "runs": 0, "seed": seed, "method": "exact",
        "sides": {side: {"wins": None, "p": round(float(p), 4),
                         "ci95": [round(float(p), 4)] * 2}
                  for side in sides for p in [solution.sides.get(side, Fraction(0))]},
        "draws": round(float(solution.draws), 4),
        "rounds": {"mean": round(float(sum(r * p for r, p in rounds.items())), 3),
                   "p50": _quantile(rounds, Fraction(1, 2)),
                   "p90": _quantile(rounds, Fraction(9, 10)),
                   "counts": {str(r): round(float(p), 4) for r, p in rounds.items()
                              if round(float(p), 4)}},     # the chances one can read
        "actors": {a: {"name": name, "down": round(float(solution.down.get(a, 0)), 4),
                       "spent": {}}
                   for a, name in actors.items()},
        "actions": None,
    }


def _quantile(rounds: dict[int, Fraction], q: Fraction) -> int:
    """The first round by which at least `q` of the fights have ended."""
    total = Fraction(0)
    for r, p in rounds.items():
        total += p
        if total >= q:
            return r
    return max(rounds, default=0)

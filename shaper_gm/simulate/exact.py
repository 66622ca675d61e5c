"""A small fight solved exactly: a duel, or two against one, with few HP.

A fight is small when two or three actors stand, of two sides, one of them alone on
its side; each can attack every foe now without moving (its ruleset offers the foe FIRST
as its basic attack's target); and the product of their (HP + 1) is at most MAX_STATES.
Its rules are read from the engine, not restated: a scratch copy plays three rounds by
the same tactic as a simulated run (everyone kept standing), noting each attack that
lands and the state before it, and the ruleset's own `odds` give what each attack takes
off each foe it may go to (exact fractions). The Markov chain (`simulate.chain`) walks
the HP from there. Anything the solution would not hold for leaves the fight to Monte
Carlo: HP not the harm's track; harm that depends on anyone's HP beyond being cut at 0,
or on a fallen ally; turns that do not cycle one a fighter a round, or that change from
round to round; a fighter down that still takes turns; anyone moving; a lasting
resource used up; a choice inside an action made away from the ruleset's default (the
odds the chain reads take the defaults).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from math import prod

from shaper_gm.engine.offers import FIRST
from shaper_gm.errors import GmError
from shaper_gm.simulate import chain
from shaper_gm.simulate.attacks import attacks
from shaper_gm.simulate.chain import Fight, Solution, Turn, described
from shaper_gm.simulate.runner import scratch
from shaper_gm.simulate.tactics import hints_of, turn_choices

MAX_STATES = 2_500        # the product of every fighter's (HP + 1): "small"
ROUNDS_PROBED = 3         # rounds played on the scratch copy
MAX_PROBE_COMMANDS = 400  # a bound on the probe, whatever the rules allow
KEPT_UP = 99_999          # HP the probe gives everyone so that nobody drops

__all__ = ["MAX_STATES", "NotExact", "Solution", "described", "fighters", "solve"]


class NotExact(Exception):
    """The fight is not one the chain describes: simulate it by playing it."""


def solve(session, tactic: str) -> Solution | None:
    """The exact solution when the encounter is a small fight, else None."""
    ids = fighters(session)
    if ids is None:
        return None
    if prod(session.state.actors[a].hp + 1 for a in ids) > MAX_STATES:
        return None
    try:
        fight = probe(session, ids, tactic)
    except NotExact:
        return None
    return chain.solved(fight, tactic)


def fighters(session) -> tuple[str, ...] | None:
    """The standing actors when the fight is a duel or two against one with HP, each
    able to attack every foe now; else None."""
    state = session.state
    rs = session.ruleset_for(state)
    standing = [a for a in state.actors.values() if not a.down]
    sides = Counter(a.side for a in standing)
    if len(sides) != 2 or len(standing) > 3 or min(sides.values()) != 1:
        return None
    if state.turn not in {a.id for a in standing} or any(a.hp is None for a in standing):
        return None
    for actor in standing:
        offered = {o.text for o in rs.offers(state, "target", actor.id, rs.attack_verb) or ()
                   if o.rank == FIRST}
        if any(foe.side != actor.side and foe.id not in offered for foe in standing):
            return None
    return tuple(a.id for a in standing)


def probe(base, ids: tuple[str, ...], tactic: str) -> Fight:
    """The fight's turns, each attack's harm on each foe it may go to, from rounds
    played on a scratch copy with everyone kept standing."""
    state = base.state
    real = {a: state.actors[a] for a in ids}
    session = scratch(base, state.with_actors(
        real[a].with_(hp=KEPT_UP, max_hp=KEPT_UP) for a in ids))
    weighed: dict = {}                  # the rankings of attacks, as a run keeps them
    played = _played(session, ids, tactic, weighed)
    end = session.state
    rs = session.ruleset_for(end)
    lasting = [spec.name for spec in rs.resources if spec.refill == "never"]
    if any(end.actors[a].resource(n) != real[a].resource(n) for a in ids for n in lasting):
        raise NotExact("a lasting resource is used up")
    if any(end.actors[a].zone != real[a].zone for a in ids):
        raise NotExact("a fighter moves")
    if session.decider.away:
        raise NotExact("a choice inside an action is not the ruleset's default")
    k = len(ids)
    who = [actor for actor, _, _ in played]
    rounds = [round_ for _, round_, _ in played]
    counts = [len(hits) for _, _, hits in played]
    if len(set(who[:k])) != k or who != [who[i % k] for i in range(len(who))]:
        raise NotExact("the turns do not cycle, one a fighter a round")
    if rounds[k:] != [r + 1 for r in rounds[:-k]] or counts[k:2 * k] != counts[2 * k:]:
        raise NotExact("a turn changes from round to round")
    checked: set[str] = set()           # the attacks whose harm's rules are checked
    turns = tuple(Turn(ids.index(actor), round_, tuple(
        _harms(session, before, choice, actor, ids, real, checked) for before, choice in hits))
        for actor, round_, hits in played)
    if [t.attacks for t in turns[k:2 * k]] != [t.attacks for t in turns[2 * k:]]:
        raise NotExact("a turn's harm changes from round to round")
    if k > 2:
        _fallen_stay_out(base, ids, tactic)
    return Fight(ids, tuple(real[a].side for a in ids), tuple(real[a].hp for a in ids),
                 tuple(real[a].max_hp for a in ids), turns, k)


def _played(session, ids, tactic: str, weighed: dict) -> list[tuple[str, int, list]]:
    """Each probed turn: who, the round it starts in, the attacks that landed in it (the
    state before each, and the attack)."""
    rng = random.Random(0)
    played: list[tuple[str, int, list]] = []
    commands = 0
    while len(played) < ROUNDS_PROBED * len(ids):
        actor = session.state.turn
        if actor not in ids:
            raise NotExact("someone else takes a turn")
        round_ = session.state.round
        hits: list = []
        while session.state.turn == actor and session.state.over is None:
            commands += 1
            if commands > MAX_PROBE_COMMANDS:
                raise NotExact("the turns do not end")
            hits += _one_command(session, actor, tactic, rng, weighed)
        if session.state.over is not None:
            raise NotExact("the fight ended while everyone stood")
        played.append((actor, round_, hits))
    return played


def _one_command(session, actor, tactic, rng, weighed: dict | None = None) -> list:
    """Play the first of the tactic's choices that lands: [(the state before it, the
    attack)] when it was an attack."""
    for choice in turn_choices(session, actor, tactic, rng, weighed):
        before = session.state
        session.decider.playing(choice.odds)
        try:
            session.execute(choice.line)
        except GmError:
            continue
        return [(before, choice)] if choice.odds is not None else []
    raise NotExact("nothing the actor may do")


def _harms(session, before, choice, actor: str, ids, real,
           checked: set) -> dict[int, chain.Harm]:
    """What one attack takes off each foe it may go to: the one it went to by the line
    that landed, which must be the most damaging there; another, by the most damaging
    attack on it. Both as a run weighs them: with the fighters' own HP."""
    went = choice.odds.split()[2]
    own = before.with_actors(before.actors[a].with_(hp=real[a].hp, max_hp=real[a].max_hp)
                             for a in ids)
    hints = hints_of(own.ruleset)
    out = {}
    for i, foe in enumerate(ids):
        if real[foe].side == real[actor].side:
            continue
        best = _at(session, own, lambda f=foe: attacks(session, actor, f, hints)[0])
        if foe == went and best != choice:
            raise NotExact("the attack taken is not the most damaging one")
        out[i] = _harm(session, before, best.odds, actor, foe, ids, real, checked)
    return out


def _harm(session, before, line: str, actor: str, target: str, ids, real,
          checked: set) -> chain.Harm:
    """What `target` loses to the attack `line` weighs, in the state `before` it, with
    the target kept up so that no loss is cut short by the HP it has left. The chain
    holds only if that is all the target's HP change: the same losses cut at its real HP
    and at 1 HP are the odds there, and neither the attacker's own HP (real or 1) nor a
    third fighter's fall changes anything (rules checked once for each attack `checked`
    does not hold yet)."""
    state = before.with_actors(before.actors[a].with_(hp=real[a].hp, max_hp=real[a].max_hp)
                               for a in ids)
    up = state.with_actor(state.actors[target].with_(hp=KEPT_UP, max_hp=KEPT_UP))
    whole = _loss(session, up, line, target)
    if line in checked:
        return whole
    checked.add(line)
    for hp in {real[target].hp, 1}:
        there = state.with_actor(state.actors[target].with_(hp=hp))
        if _loss(session, there, line, target) != _cut(whole, hp):
            raise NotExact("the harm depends on the target's HP")
    if _loss(session, up.with_actor(up.actors[actor].with_(hp=1)), line, target) != whole:
        raise NotExact("the harm depends on the attacker's HP")
    for third in set(ids) - {actor, target}:
        fallen = up.with_actor(up.actors[third].with_(hp=0, down=True))
        if _loss(session, fallen, line, target) != whole:
            raise NotExact("the harm depends on a fighter who falls")
    return whole


def _cut(harm: chain.Harm, hp: int) -> chain.Harm:
    """The losses of a target with `hp` left: none past what it has."""
    cut: dict[int, Fraction] = defaultdict(Fraction)
    for loss, p in harm.items():
        cut[min(loss, hp)] += p
    return dict(cut)


def _loss(session, state, line: str, target: str) -> chain.Harm:
    try:
        odds = _at(session, state, lambda: session.execute(line).view)
        found = next(t for t in odds.targets if t.target in {target, ""})
    except (GmError, AttributeError, StopIteration) as exc:
        raise NotExact("no odds for the attack") from exc
    if found.resource != "hp" or found.limit is not None:
        raise NotExact("the harm is not counted in HP")
    dist = found.harm_dist
    if not all(isinstance(v, int) and v >= 0 for v in dist):
        raise NotExact("the harm is not a number of HP")
    return {v: dist[v] for v in dist}


def _at(session, state, work):
    """`work()` with the session in `state` (only read), then as it was."""
    now = session.state
    session.state = state
    try:
        return work()
    finally:
        session.state = now


def _fallen_stay_out(base, ids, tactic: str) -> None:
    """With one of the two fallen, the turns go round the others: its own never come, and
    nothing of it that lasts changes (no death saves that may bring it back)."""
    state = base.state
    alone = {a for a in ids if sum(state.actors[b].side == state.actors[a].side
                                   for b in ids) == 1}
    for fallen in set(ids) - alone:
        kept = [state.actors[a].with_(hp=KEPT_UP, max_hp=KEPT_UP) for a in ids if a != fallen]
        session = scratch(base, state.with_actors(kept))
        _bring_down(session, fallen)
        out = session.state.actors[fallen]
        rng = random.Random(0)
        turns = 0
        for _ in range(MAX_PROBE_COMMANDS):
            if turns > 2 * len(ids) or session.state.over is not None:
                break
            actor = session.state.turn
            _one_command(session, actor, tactic, rng)
            if session.state.turn != actor:
                turns += 1
                if session.state.turn == fallen:
                    raise NotExact("a fighter down still takes its turns")
        if _lasting(session, session.state.actors[fallen]) != _lasting(session, out):
            raise NotExact("a fighter down still changes (death saves)")


def _bring_down(session, fallen: str) -> None:
    """`fallen` at 0 HP by the rules: the GM's damage of just its HP, straight off them
    where the ruleset has `--direct`."""
    hp = session.state.actors[fallen].hp
    for line in (f"damage {fallen} {hp} --direct", f"damage {fallen} {hp}"):
        try:
            session.execute(line)
        except GmError:
            continue
        if session.state.actors[fallen].down:
            return
    raise NotExact("no damage brings a fighter down")


def _lasting(session, actor) -> tuple:
    """What of an actor lasts through turns: HP, down, effects, resources that never
    refill."""
    rs = session.ruleset_for(session.state)
    return (actor.hp, actor.down, actor.effects,
            tuple(actor.resource(spec.name) for spec in rs.resources if spec.refill == "never"))

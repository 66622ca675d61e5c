"""What an action is expected to do, by its ruleset's own `odds`: the mean of what each
target loses (HP, wounds, whatever the odds call the harm), exact fractions.

A simulated fight asks it before each choice: which attack, which reaction. The odds
weigh the action as between the actor and its targets alone, all at full HP: a choice
is about what the action does, not about who else stands near or how much a wounded
target can still take (`weighed_in`). So the same question comes up in many runs, and
answers are kept for the process, keyed by that state but its dice: an answer is a
function of its key alone, so runs give the same choices however they are split over
processes.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import fields
from fractions import Fraction

from shaper_gm.engine.steps import mean
from shaper_gm.errors import GmError

KEPT = 20_000             # answers a process keeps (the oldest go first)

_answers: OrderedDict[tuple, dict[str, Fraction] | None] = OrderedDict()


def expected_harm(session, odds_line: str) -> dict[str, Fraction] | None:
    """{target id: its expected loss} for `odds_line` (``odds ACTOR TARGET ...``) in the
    session's state; None when the odds refuse it (the action cannot be taken so). The
    odds run on the session itself (they change nothing), also inside another command:
    before that command lands, its state is the one before it."""
    state = weighed_in(session.state, odds_line)
    try:
        key: tuple | None = (odds_line, fingerprint(state))
        hash(key)
    except TypeError:                # a ruleset's data that cannot be a key: ask anew
        key = None
    if key is not None and key in _answers:
        _answers.move_to_end(key)
        return _answers[key]
    found = _ask(session, state, odds_line)
    if key is not None:
        _answers[key] = found
        if len(_answers) > KEPT:
            _answers.popitem(last=False)
    return found


def fingerprint(state) -> tuple:
    """Everything of the state the odds may read: all of it but its dice."""
    return (*(getattr(state, f.name) for f in fields(state)
              if f.name not in ("seed", "dice_position", "actors")),
            *state.actors.values())


def weighed_in(state, odds_line: str):
    """The state the odds of `odds_line` weigh in: its actor and targets alone (unless
    the encounter keeps records of its ruleset's own, which may name the others, as a
    Shaper encounter's do), those standing at full HP."""
    words = odds_line.split()
    named = {words[1], *words[2].split(",")} if len(words) > 2 else set(words[1:])
    if state.system is None:
        for other in [a for a in state.actors if a not in named]:
            state = state.without_actor(other)
    hurt = [a.with_(hp=a.max_hp) for a in state.actors.values()
            if not a.down and a.hp is not None and a.max_hp is not None and a.hp < a.max_hp]
    return state.with_actors(hurt) if hurt else state


def _ask(session, state, odds_line: str) -> dict[str, Fraction] | None:
    now = session.state
    session.state = state
    try:
        odds = session.execute(odds_line).view
        targets = odds.targets
    except (GmError, AttributeError):
        return None
    finally:
        session.state = now
    named = odds_line.split()[2] if len(odds_line.split()) > 2 else ""
    out: dict[str, Fraction] = {}
    for target in targets:
        dist = target.harm_dist
        if not all(isinstance(v, int | Fraction) for v in dist):
            return None
        who = target.target or named
        out[who] = out.get(who, Fraction(0)) + mean(dist)
    return out


def value(state, side: str, harm: dict[str, Fraction]) -> Fraction:
    """What `harm` is worth to `side`: what its foes lose less what it loses."""
    return sum((-loss if state.actors[who].side == side else loss
                for who, loss in harm.items() if who in state.actors), Fraction(0))

"""What an actor does on its turn in a simulated fight, from what its ruleset offers.

No ruleset writes tactics: an actor first tries what its ruleset's hints say readies an
attack (`content/ID/simulate.yaml`, `ready`: draw a weapon), then makes its most
damaging attack (`simulate.attacks`) on a foe the ruleset offers as reachable now (ranked
by the tactic), else moves to a free cell nearer its nearest foe, else gives up the rest
of its round (`pass`), else ends its turn. The commands are ordinary lines, refused by
the rules like any other when they cannot be.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from weakref import WeakKeyDictionary

from shaper_gm.content.folders import declaration
from shaper_gm.engine import grid
from shaper_gm.engine.offers import FIRST
from shaper_gm.simulate.attacks import Choice, attacks

TACTICS = ("focus-fire", "spread", "random")
MOVES_TRIED = 4           # the nearest-to-a-foe cells a turn tries before giving up


def turn_lines(session, actor_id: str, tactic: str, rng: random.Random) -> Iterator[str]:
    return (choice.line for choice in turn_choices(session, actor_id, tactic, rng))


def turn_choices(session, actor_id: str, tactic: str, rng: random.Random,
                 weighed: dict | None = None) -> Iterator[Choice]:
    """What the actor tries, in order, each with the odds that weigh it (attacks').
    `weighed` keeps a run's rankings of attacks: an actor weighs its attacks on a foe
    once in a fight from where the two stand (`weighing`)."""
    state = session.state
    rs = session.ruleset_for(state)
    actor = state.actors[actor_id]
    foes = [a for a in state.actors.values()
            if a.side != actor.side and not a.down and a.zone is not None]
    hints = hints_of(rs.id)
    for line in hints.get("ready", ()):
        filled = _filled(line, state, rs, actor_id)
        if filled:
            yield Choice(filled, own=True)
    for foe in ranked(foes, tactic, rng):
        for line in hints.get("before_attack", ()):
            yield Choice(line.replace("{actor}", actor_id).replace("{target}", foe.id),
                         offered=foe.id)
    def reachable(foe) -> bool:
        return bool(rs.offered_first(state, "target", actor_id, rs.attack_verb, foe.id))
    # Each foe is asked about as its turn to be attacked comes (the first that lands ends
    # the search); a random order is drawn among the reachable, as it always was.
    targets = ranked([f for f in foes if reachable(f)], tactic, rng) if tactic == "random" \
        else (f for f in ranked(foes, tactic, rng) if reachable(f))
    for target in targets:
        yield from weighing(session, actor_id, target.id, weighed)
    if actor.zone is not None and foes:
        for cell in _closer_cells(state, rs, actor, foes)[:MOVES_TRIED]:
            yield Choice(f"move {actor_id} {cell}")
    yield Choice(f"pass {actor_id}")
    yield Choice("end")


def weighing(session, actor_id: str, target_id: str, weighed: dict | None) -> list[Choice]:
    """The actor's attacks on the target, most damaging first, as it weighed them the
    first time it stood where it stands with the target where it stands in this run or
    another of its group (`weighed`, runner.WEIGHED_RUNS): where they stand says which
    attacks reach; the weighing is at full HP anyway, and what else changes in a fight
    changes a ranking seldom, at an odds each."""
    state = session.state
    actor, target = state.actors[actor_id], state.actors[target_id]
    # Where they stand, and what each holds (a weapon drawn in one run and not another).
    key = (actor_id, actor.zone, actor.sheet, actor.system,
           target_id, target.zone, target.sheet, target.system)
    try:
        known = weighed is not None and key in weighed
    except TypeError:                 # a ruleset's record that cannot be a key: weigh anew
        weighed = None
        known = False
    if known:
        return weighed[key]           # type: ignore[index]
    found = attacks(session, actor_id, target_id, hints_of(state.ruleset))
    if weighed is not None:
        weighed[key] = found
    return found


HINTS = ("ready", "before_attack", "attacks", "options")
BROKEN = ("expected ready and before_attack, each a list of commands, e.g. ready: "
          "['draw {actor} {item}']; attacks, a list of {do: COMMAND, odds: ODDS}, e.g. "
          "{do: 'power-strike {actor} {target}', odds: 'odds {actor} {target} --power'}; "
          "options, a list of the attack's flags, e.g. [ability]")


@cache
def hints_of(ruleset_id: str) -> dict[str, tuple]:
    """The ruleset's hints: `ready`, commands that ready an attack (`{actor}` and a
    slot's name filled in: `{item}`, the first the ruleset offers the actor for the
    command's verb); `before_attack`, commands tried on a foe before attacking it
    (`{target}` filled in: closing in on it); `attacks`, attacks beside the basic one,
    each with the odds line that weighs it, as (command, odds) pairs; `options`, flags
    of the basic attack whose every offer makes an attack of its own to weigh."""
    found = declaration(ruleset_id, "simulate.yaml")
    if found is None:
        return {}
    display, data = found
    if not isinstance(data, dict) or set(data) - set(HINTS) or not all(
            isinstance(v, list) and all(_hint(key, x) for x in v) for key, v in data.items()):
        from shaper_gm.content.schema import ContentError
        raise ContentError([f"{display}: {BROKEN}"])
    return {key: tuple((x["do"], x["odds"]) if key == "attacks" else x for x in lines)
            for key, lines in data.items()}


def _hint(key: str, entry) -> bool:
    if key != "attacks":
        return isinstance(entry, str)
    return isinstance(entry, dict) and set(entry) == {"do", "odds"} and all(
        isinstance(v, str) and v.split()[:1] != [] for v in entry.values()) and \
        entry["odds"].split()[0] == "odds"


def _filled(line: str, state, rs, actor_id: str) -> str | None:
    """The hint's line, each slot filled with the first the ruleset offers first for it
    (None: it offers none now, so the line is not tried)."""
    verb = line.split()[0]
    out = line.replace("{actor}", actor_id)
    for slot in re.findall(r"\{([\w-]+)\}", out):
        offers = [o for o in rs.offers(state, slot, actor_id, verb) or () if o.rank == FIRST]
        if not offers:
            return None
        out = out.replace(f"{{{slot}}}", offers[0].text)
    return out


def ranked(foes: list, tactic: str, rng: random.Random) -> list:
    """focus-fire: the one with the least health left first (likeliest to go down);
    spread: the one with the most; random: any order."""
    if tactic == "random":
        shuffled = list(foes)
        rng.shuffle(shuffled)
        return shuffled
    return sorted(foes, key=lambda f: (_health(f), f.id), reverse=tactic == "spread")


def _health(actor) -> float:
    if actor.hp is None or not actor.max_hp:
        return 1.0
    return actor.hp / actor.max_hp


def _closer_cells(state, rs, actor, foes) -> list[str]:
    """Free cells nearer its nearest foe than it stands: the fewest steps from the actor
    first (what its budget can pay), nearest the foe among those. A function of where
    everyone stands on the grid, so worked out once for the ruleset per such picture."""
    taken = frozenset(state.standing_zones()) if rs.one_per_cell else frozenset()
    key = (state.cols, state.rows, actor.zone, frozenset(f.zone for f in foes), taken)
    known = _CLOSER.setdefault(rs, {})
    if key not in known:
        if len(known) >= KEPT_PICTURES:
            known.clear()
        known[key] = _worked_out(rs, *key)
    return known[key]


KEPT_PICTURES = 10_000     # pictures of the grid a ruleset keeps cells for
_CLOSER: WeakKeyDictionary = WeakKeyDictionary()


def _worked_out(rs, cols: int, rows: int, start: str, foes: frozenset[str],
                taken: frozenset[str]) -> list[str]:
    def nearest(cell: str) -> int:
        return min(rs.distance(cell, zone) for zone in foes)
    now = nearest(start)
    if now <= (1 if rs.one_per_cell else 0):      # beside it already: none is nearer
        return []
    found = []
    for col in range(cols):
        for row in range(rows):
            cell = grid.cell_name((col, row))
            if cell in taken:
                continue
            distance = nearest(cell)
            if distance < now:
                found.append((rs.distance(start, cell), distance, cell))
    return [cell for *_, cell in sorted(found)]

"""Command lines a GM types, generated from a live fight and what its ruleset declares.

`play_command(fight)` draws a state-changing GM or play command on the fight as it
stands (damage, heal, set, effect, the attack verb, act, move, end, pass); each comes
with the actor its outcome is about. `side_command(fight)` draws one that looks or
rolls without changing the encounter. Amounts include 0, what armour stops, and more
than the target has.
"""

from __future__ import annotations

from typing import NamedTuple

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from conformance.fight import BIG, Fight

# Bounded, derandomised, no shrinking (a failing sequence is reported with its transcript):
# the suite's properties are stable in CI and fast enough to run on every change.
SETTINGS = settings(max_examples=15, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.generate),
                    suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much))


class Command(NamedTuple):
    line: str
    about: str | None          # the actor its outcome must name


def play_command(f: Fight) -> st.SearchStrategy[Command]:
    actors = sorted(f.state.actors)
    choices = [_damage(f, actors), _heal(actors), _set(f, actors), _effect(f, actors)]
    acting = f.acting()
    if acting is not None:
        choices += [_attack(f, acting), _act(f, acting), _move(f, acting),
                    st.sampled_from([Command("end", acting), Command(f"pass {acting}", acting)])]
    return st.one_of(*choices)


def side_command(f: Fight) -> st.SearchStrategy[Command]:
    actors = sorted(f.state.actors)
    kinds = {"roll": ["roll 2d6", "roll 1d20+2"],
             "show": ["show", *(f"show {a}" for a in actors)],
             "map": ["map"], "order": ["order"], "log": ["log", "log 3"],
             "odds": [f"odds {a}" for a in actors],
             "help": ["help", *(f"help {v}" for v in sorted(f.session.registry.verbs))]}
    return st.sampled_from(sorted(kinds)).flatmap(
        lambda kind: st.sampled_from(kinds[kind])).map(lambda line: Command(line, None))


def any_command(f: Fight) -> st.SearchStrategy[Command]:
    """Two play commands to each side command."""
    return st.integers(0, 2).flatmap(lambda n: side_command(f) if n == 0 else play_command(f))


def _damage(f: Fight, actors: list[str]):
    direct = f.takes("damage", "direct")
    return st.builds(
        lambda who, n, hard: Command(f"damage {who} {n}" + (" --direct" if hard else ""), who),
        st.sampled_from(actors), st.sampled_from([0, 1, 2, 3, 5, 8, BIG]),
        st.booleans() if direct else st.just(False))


def _heal(actors: list[str]):
    return st.builds(lambda who, n: Command(f"heal {who} {n}", who),
                     st.sampled_from(actors), st.sampled_from([0, 1, 3, BIG]))


def _set(f: Fight, actors: list[str]):
    settable = set(f.rs.settable_fields())

    def pairs(who: str):
        actor = f.state.actors[who]
        fields = [(name, v) for name in actor.resource_map() if name in settable
                  for v in (0, 1)]
        if f.rs.has_hp and actor.max_hp:
            fields += [("hp", 1), ("hp", actor.max_hp)]
        return st.sampled_from(fields or [("side", actor.side)]).map(
            lambda pair: Command(f"set {who} {pair[0]}={pair[1]}", who))

    return st.sampled_from(actors).flatmap(pairs)


def _effect(f: Fight, actors: list[str]):
    keys = list(f.rs.effect_keys)
    extra = st.sampled_from(["", *(f" --{k} 1" for k in keys)])
    until = st.sampled_from(["", " --until round", " --until end:{who}"])
    return st.builds(lambda who, mod, when: Command(
        f"effect {who} marked{mod}{when.format(who=who)}", who),
        st.sampled_from(actors), extra, until)


def _attack(f: Fight, acting: str):
    targets = f.opponents(acting) or sorted(f.state.actors)
    return st.sampled_from(targets).map(lambda t: Command(f"{f.rs.attack_verb} {t}", t))


def _act(f: Fight, acting: str):
    costs = f.rs.cost_words()[:2] or ["1"]
    return st.sampled_from(costs).map(lambda c: Command(f"act {c} shouts a warning", acting))


def _move(f: Fight, acting: str):
    cells = f.neighbours(acting)
    if not cells:
        return st.just(Command("end", acting))
    return st.sampled_from(cells).map(lambda cell: Command(f"move {cell}", acting))

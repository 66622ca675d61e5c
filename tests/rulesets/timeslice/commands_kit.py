"""Time-slice encounters driven the way a GM drives them: command lines through a
Session, with dice given as flags."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from shaper_gm.commands import Session, new_session
from shaper_gm.rulesets.timeslice.content import load_library
from tests.replaying import replayed  # noqa: F401  (the tests import it from here)

# Kara (V 13, mail DR 2, sword), the guard (Q 10 U 11 V 11, mail DR 2, spear reach 2),
# Ren (Q 13, 11 TS, rifle); Ida (U 13, pistol, a medical kit); all within reach.
PARTY = ("add kara --as kara --at B2", "add guard --as guard --at C2",
         "add ren --as ren --at B3")


def session(*lines: str, seed: int = 1, library=None) -> Session:
    s = new_session(ruleset="timeslice", seed=seed, library=library)
    run(s, *lines)
    return s


def run(s: Session, *lines: str):
    result = None
    for line in lines:
        result = s.execute(line)
    return result


def library_with(**numbers):
    """The shipped content with some of the ruleset's numbers changed."""
    library = load_library()
    return replace(library, numbers=replace(library.numbers, **numbers))


def of(result, kind) -> list:
    return [e for e in result.events if isinstance(e, kind)]


def ts(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].resource("ts")


def hp(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].hp


def plays_as_data() -> bool:
    """Whether `timeslice` plays from a content folder written as data (`--as-data
    timeslice`, and the shipped content once it is switched), not its Python package."""
    from shaper_gm.places import data_rulesets
    return "timeslice" in data_rulesets()


CONDITIONS = ("dead", "dying", "unconscious")          # T13, T14: the worst first


def info(s: Session, actor_id: str):
    """What the Python ruleset kept of a combatant (its `system`: held, dropped,
    condition, dying_left, defense, flying), read from the data version's sheet and
    effects where it has none."""
    actor = s.state.actors[actor_id]
    if actor.system is not None:
        return actor.system
    names = [e.name for e in actor.effects]
    sheet = actor.sheet
    condition = next((c for c in CONDITIONS if c in names), "up")
    seconds = s.ruleset_for(s.state).library.numbers["dying_seconds"]
    return SimpleNamespace(
        held=sheet.holding or None, dropped=tuple(sheet.get("dropped") or ()),
        condition=condition,
        dying_left=seconds - sheet.dying_spent if condition == "dying" else None,
        defense=next((n.removeprefix("stands-") for n in names if n.startswith("stands-")),
                     None),
        flying="flying" in names)


class Facts:
    """An attack's outcome read by the Python outcome's names from the data version's
    final facts (the defense rolled is `kind`, the HP `health` and `health_after`)."""

    ALIASES = {"defense": "kind", "hp_before": "health", "hp_after": "health_after",
               "weapon": "weapon_word"}

    def __init__(self, played) -> None:
        self.facts = dict(played.outcome.results[-1].facts)
        self.notes = played.outcome.notes

    @property
    def effects(self) -> tuple[str, ...]:
        """What a called shot's hit did besides its damage (T11), as the Python outcome
        said it."""
        facts = self.facts
        lost = [f"loses {facts['lost_ts']} TS"] if facts.get("lost_ts") else []
        dropped = facts.get("hit") and facts.get("called") == "weapon"
        return (*lost, *([f"drops its {facts['held_word']}"] if dropped else []))

    def __getattr__(self, name: str):
        facts = self.__dict__.get("facts", {})
        key = name if name in facts else self.ALIASES.get(name, name)
        try:
            return facts[key]
        except KeyError:
            raise AttributeError(name) from None


def outcome(result):
    """The attack's outcome a command played: the Python ruleset's, else its facts."""
    from shaper_gm.engine.events import Played
    played = [e for e in result.events if isinstance(e, Played)]
    if played:
        return Facts(played[-1])
    from shaper_gm.rulesets.timeslice.events import AttackResolved
    return [e for e in result.events if isinstance(e, AttackResolved)][0].outcome



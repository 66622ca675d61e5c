"""Time-slice encounters driven the way a GM drives them: command lines through a
Session, with dice given as flags."""

from __future__ import annotations

from types import SimpleNamespace

from shaper_gm.commands import Session, new_session
from tests.replaying import replayed  # noqa: F401  (the tests import it from here)

# Kara (V 13, mail DR 2, sword), the guard (Q 10 U 11 V 11, mail DR 2, spear reach 2),
# Ren (Q 13, 11 TS, rifle); Ida (U 13, pistol, a medical kit); all within reach.
PARTY = ("add kara --as kara --at B2", "add guard --as guard --at C2",
         "add ren --as ren --at B3")


def session(*lines: str, seed: int = 1, library: str | None = None) -> Session:
    """A session of the time slices, or of a variant (conftest.ruleset_with: the id of a
    copy of the content with some of its numbers changed)."""
    s = new_session(ruleset=library or "timeslice", seed=seed)
    run(s, *lines)
    return s


def run(s: Session, *lines: str):
    result = None
    for line in lines:
        result = s.execute(line)
    return result


def of(result, kind) -> list:
    return [e for e in result.events if isinstance(e, kind)]


def ts(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].resource("ts")


def hp(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].hp


def told(s: Session, result) -> list[str]:
    """A command's events in words, as the screen writes them."""
    from shaper_gm.render.text import describe_events
    return describe_events(result.events, {a: x.name for a, x in s.state.actors.items()})


def surprised(s: Session) -> list[str]:
    """Who a surprise caught (T16), by id in order: the effects (surprised before the
    round starts, caught through it)."""
    return sorted(a for a, x in s.state.actors.items()
                  if any(e.name in ("surprised", "caught") for e in x.effects))


CONDITIONS = ("dead", "dying", "unconscious")          # T13, T14: the worst first


def info(s: Session, actor_id: str):
    """A combatant's held and dropped weapons, condition, dying seconds left, standing
    defense and flying, by the names the Python ruleset's record gave them, read from its
    sheet and effects."""
    actor = s.state.actors[actor_id]
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
               "weapon": "weapon_word", "after": "left_after"}

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
    """The attack's outcome a command played: its final facts."""
    from shaper_gm.engine.events import Played
    played = [e for e in result.events if isinstance(e, Played)]
    return Facts(played[-1])



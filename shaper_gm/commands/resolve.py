"""Turning the words a GM types into ids: unique prefixes, candidates, did-you-mean."""

from __future__ import annotations

from shaper_gm.engine import ending, names
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.errors import CommandError


def match_one(word: str, candidates: list[str], what: str, hint: str = "") -> str:
    """Exact id, else the one candidate it is a prefix of; else a clear error."""
    return names.match_one(word, candidates, what, hint, CommandError)


def actor(state: EncounterState, word: str) -> str:
    if word.lower() in state.actors:          # as logs name them: no list of a thousand
        return word.lower()
    return match_one(word, list(state.actors), "actor", "add actors with: add ID")


def actors(state: EncounterState, word: str) -> list[str]:
    """A comma-separated list of actor ids, each resolved."""
    out = []
    for part in word.split(","):
        if not part:
            raise CommandError(f"empty name in {word!r}", "separate ids with commas: a,b")
        resolved = actor(state, part)
        if resolved in out:
            raise CommandError(f"{resolved} is named twice", "name each target once")
        out.append(resolved)
    return out


def is_actor(state: EncounterState, word: str) -> bool:
    try:
        actor(state, word)
    except CommandError:
        return False
    return True


def acting(state: EncounterState) -> str:
    if state.turn is None and state.over is not None:
        raise CommandError(f"the fight is over: {ending.result_text(state)}", ending.GO_ON)
    if state.turn is None:
        hint = "type start to begin round 1" if state.round == 0 else "name the actor"
        raise CommandError("no actor is taking a turn", hint)
    return state.turn

"""What an actor has set up on others, as a screen file's templates read it:
``{cast.dodge}``, the ids of the actors (itself too) holding an effect it cast named
``dodge`` or ``dodge-...`` (the dice pool's prepared dodge sits on the attacker it
dodges, P11), and ``{said.dodge}``, those effects' words (what the GM wrote)."""

from __future__ import annotations

from typing import Any


class Cast:
    """``{cast.WORD}`` or, with `words`, ``{said.WORD}``: a list, in the fight's order."""

    def __init__(self, actor: Any, state: Any, words: bool = False) -> None:
        self.actor, self.state, self.words = actor, state, words

    def __getattr__(self, word: str) -> list[str]:
        found = []
        for holder in getattr(self.state, "actors", {}).values():
            for effect in holder.effects:
                if effect.caster == self.actor.id and (
                        effect.name == word or effect.name.startswith(f"{word}-")):
                    found.append(effect.says if self.words else holder.id)
        return [item for item in found if item]

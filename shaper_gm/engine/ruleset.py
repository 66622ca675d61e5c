"""What the engine asks of a ruleset, and defaults for what most rulesets share.

A ruleset is one package under `shaper_gm/rulesets/` with a `build(library)` function
returning an object of this shape. The engine, the commands, the views and the saves
talk to it only through these members; nothing outside the package names its
concepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from shaper_gm.engine import grid
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.state import Encounter

Step = tuple[Encounter, list]


@runtime_checkable
class Ruleset(Protocol):
    id: str
    name: str
    resources: tuple[ResourceSpec, ...]
    turn_order: Any                       # FixedOrder | CyclingPasses | MostRemaining
    effect_keys: tuple[str, ...]          # modifiers an effect may carry (`effect --KEY N`)
    sheet_numbers: tuple[str, ...]        # what `add --stat NAME=N` and `set` accept

    def stat(self, sheet: Any, key: str) -> int:
        """A number of an actor's sheet, by the name content and resources use."""

    # Turn hooks (each returns the new state and its events) ------------------------------
    def on_round_start(self, state: Encounter) -> Step: ...
    def on_round_end(self, state: Encounter) -> Step: ...
    def on_turn_start(self, state: Encounter, actor_id: str) -> Step: ...
    def on_turn_end(self, state: Encounter, actor_id: str) -> Step: ...


# How a ruleset's messages name things the engine says for it; each ruleset may override.
TERMS = {
    "down": "down",             # the word for an actor out of the fight
    "down_rule": "",            # the ruling that makes it so
    "turn_rule": "",            # the ruling that actions are taken on one's own turn
    "off_turn_hint": "",        # what may still be done off-turn
}


class RulesetBase:
    """Defaults: no hooks, no effect keys, sheets read by attribute."""

    id = ""
    name = ""
    rules = ""                            # the rulings it follows, e.g. "S1-S29"
    resources: tuple[ResourceSpec, ...] = ()
    effect_keys: tuple[str, ...] = ()
    sheet_numbers: tuple[str, ...] = ()
    has_hp = True
    terms: Mapping[str, str] = TERMS

    def term(self, key: str) -> str:
        return self.terms.get(key, TERMS.get(key, ""))

    def cited(self, key: str) -> str:
        """`` (S18)`` for a ruling term, or nothing."""
        rule = self.term(key)
        return f" ({rule})" if rule else ""

    def stat(self, sheet: Any, key: str) -> int:
        value = sheet.get(key, 0) if isinstance(sheet, Mapping) else getattr(sheet, key, 0)
        return int(value or 0)

    def on_round_start(self, state: Encounter) -> Step:
        return state, []

    def on_round_end(self, state: Encounter) -> Step:
        return state, []

    def on_turn_start(self, state: Encounter, actor_id: str) -> Step:
        return state, []

    def on_turn_end(self, state: Encounter, actor_id: str) -> Step:
        return state, []

    def new_system(self) -> Any:
        """The ruleset's encounter data for a fresh encounter."""
        return None

    def on_down(self, state: Encounter, actor_id: str) -> Step:
        return state, []

    def on_removed(self, state: Encounter, actor_id: str) -> Step:
        return state, []

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Step:
        return state, []

    def reserved_ids(self) -> Sequence[str]:
        """Words an actor may not be called, because verbs read them otherwise."""
        return self.resource_names()

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        return grid.canonical(text, cols, rows, what="tile")

    def distance(self, a: str, b: str) -> int:
        """Steps between two cells; a diagonal step counts 1 unless the ruleset says."""
        return grid.king_distance(grid.cell_from_name(a), grid.cell_from_name(b))

    def resource_spec(self, name: str) -> ResourceSpec | None:
        return next((s for s in self.resources if s.name == name), None)

    def resource_names(self) -> Sequence[str]:
        return [s.name for s in self.resources]

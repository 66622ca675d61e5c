"""What the engine asks of a ruleset, and defaults for what most rulesets share.

A ruleset is one package under `shaper_gm/rulesets/` with a `build(library)` function
returning an object of this shape. The engine, the commands, the views and the saves
talk to it only through these members; nothing outside the package names its
concepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from shaper_gm.engine import grid
from shaper_gm.engine.offers import Offer
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.state import Actor, Encounter

Step = tuple[Encounter, list]


@runtime_checkable
class Ruleset(Protocol):
    """Every member the engine, commands, views, saves and shell use of a ruleset
    (tests/engine/test_interface.py keeps this list complete)."""

    id: str
    name: str
    library: Any                          # its content (items, creatures, numbers)
    resources: tuple[ResourceSpec, ...]
    turn_order: Any                       # FixedOrder | CyclingPasses | MostRemaining
    effect_keys: tuple[str, ...]          # modifiers an effect may carry (`effect --KEY N`)
    sheet_numbers: tuple[str, ...]        # what `add --stat NAME=N` accepts
    has_hp: bool
    grid: tuple[int, int]                 # a new encounter's columns and rows

    def stat(self, sheet: Any, key: str) -> int:
        """A number of an actor's sheet, by the name content and resources use."""

    def term(self, key: str) -> str:
        """How its messages name a shared thing ("down", "turn_rule", ...)."""

    def cited(self, key: str) -> str: ...
    def resource_names(self) -> Sequence[str]: ...
    def resource_spec(self, name: str) -> ResourceSpec | None: ...

    # Setting up ----------------------------------------------------------------------------
    def new_system(self) -> Any: ...
    def templates(self) -> Mapping[str, Any]: ...
    def make_actor(self, spec: Any, zone: str | None) -> Actor: ...
    def reserved_ids(self) -> Sequence[str]: ...
    def canonical_zone(self, text: str, cols: int, rows: int) -> str: ...
    def distance(self, a: str, b: str) -> int: ...
    def initiative(self, actor: Actor, source: Any) -> Any: ...
    def order_tiebreak(self, actor: Actor) -> int: ...
    def settable_fields(self) -> tuple[str, ...]: ...
    def dice_expression(self, text: str) -> Any: ...

    # Saves --------------------------------------------------------------------------------
    migrations: Mapping[int, Any]         # an older save version -> its migration

    def encode_sheet(self, sheet: Any) -> Any: ...
    def decode_sheet(self, data: Any, where: str) -> Any: ...
    def encode_system(self, system: Any) -> Any: ...
    def decode_actor_system(self, data: Any, where: str) -> Any: ...
    def decode_encounter_system(self, data: Any, where: str) -> Any: ...
    def save_extras(self, state: Encounter, actor: Actor) -> dict: ...
    def save_extras_touched(self, before: Encounter, after: Encounter) -> Iterable[str]: ...
    def check_extras(self, state: Encounter, actor: Actor, raw: Any, where: str) -> None: ...
    def check_references(self, state: Encounter, where: str) -> None: ...

    # Turn hooks (each returns the new state and its events) ------------------------------
    def on_round_start(self, state: Encounter) -> Step: ...
    def on_round_end(self, state: Encounter) -> Step: ...
    def on_turn_start(self, state: Encounter, actor_id: str) -> Step: ...
    def on_turn_end(self, state: Encounter, actor_id: str) -> Step: ...
    def on_down(self, state: Encounter, actor_id: str) -> Step: ...
    def on_removed(self, state: Encounter, actor_id: str) -> Step: ...
    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Step: ...

    # Shared verbs in the ruleset's terms ------------------------------------------------------
    def is_cost(self, word: str) -> bool: ...
    def cost_words(self) -> list[str]: ...
    def act(self, state: Encounter, actor_id: str, word: str, text: str) -> Step: ...
    def react(self, state: Encounter, actor_id: str, word: str, text: str) -> Step: ...
    def damage(self, state: Encounter, target: str, amount: int, options: Mapping) -> Step: ...
    def heal(self, state: Encounter, target: str, amount: int) -> Step: ...

    # Completion: what fills a slot now (engine/offers.py); None leaves it to the defaults.
    def offers(self, state: Encounter, slot: str, subject: str | None,
               verb: str) -> list[Offer] | None: ...


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
    attack_verb = "attack"                # the verb of its basic attack

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

    # `act` and `react`: any other action, paid in the ruleset's own units -------------
    act_resource: str | None = None       # what a bare number in `act 2 ...` counts
    react_resource: str | None = None     # what pays a reaction, if the ruleset has them

    def parse_cost(self, word: str) -> dict[str, int] | None:
        """`2` (of the act resource), or a resource's name (one of it); None if neither."""
        word = word.lower()
        if word.isascii() and word.isdigit() and len(word) <= 2 and self.act_resource:
            return {self.act_resource: int(word)}
        if word in self.resource_names():
            return {word: 1}
        return None

    def is_cost(self, word: str) -> bool:
        return self.parse_cost(word) is not None

    def settable_fields(self) -> tuple[str, ...]:
        """What `set ACTOR FIELD=VALUE` may change: hit points, every resource, and the
        fields every actor has."""
        return (*(("hp",) if self.has_hp else ()), *self.resource_names(),
                "zone", "side", "name", "initiative")

    def cost_words(self) -> list[str]:
        """What `act` takes as a cost, for completion."""
        numbers = [str(n) for n in range(1, 7)] if self.act_resource else []
        return [*numbers, *self.resource_names()]

    def act(self, state: Encounter, actor_id: str, word: str, text: str) -> Step:
        """Any other action on the actor's turn: paid, logged, and the turn order told."""
        from shaper_gm.engine import events as ev
        from shaper_gm.engine import play as turns

        cost = self._cost(word)
        turns.require_turn(state, self, actor_id, "an action")
        state, began = turns.acting(state, self, actor_id)
        state, spent = turns.pay(state, self, actor_id, text or word, cost)
        state, after = turns.acted(state, self, actor_id)
        return state, [*began, *spent, ev.Said(actor_id, word, text), *after]

    def react(self, state: Encounter, actor_id: str, word: str, text: str) -> Step:
        """A reaction outside the acting actor's turn, paid from what may pay off-turn."""
        from shaper_gm.engine import events as ev
        from shaper_gm.engine import play as turns
        from shaper_gm.engine.errors import RuleViolation

        if self.react_resource is None:
            raise RuleViolation(f"{self.name} has no reactions to pay for",
                                self.term("off_turn_hint") or "act on the actor's own turn")
        if state.controls_turn(actor_id):
            raise RuleViolation(f"it is {state.actors[actor_id].name}'s own turn: a reaction "
                                "is taken outside it", "use act for an action on one's turn")
        state, spent = turns.pay(state, self, actor_id, text or "reaction", self._cost(word))
        state, after = self.turn_order.after_reaction(state, self, actor_id)
        return state, [*spent, ev.Reacted(actor_id, text or word), *after]

    def _cost(self, word: str) -> dict[str, int]:
        from shaper_gm.engine.errors import RuleViolation

        cost = self.parse_cost(word)
        if cost is None:
            shown = f"a number of {self.act_resource}" if self.act_resource else "a resource"
            raise RuleViolation(f"{word!r} is not a cost here",
                                f"give {shown} or one of: {', '.join(self.resource_names())}")
        return cost

    def new_system(self) -> Any:
        """The ruleset's encounter data for a fresh encounter."""
        return None

    # Saves: the ruleset's frozen data to plain data and back (engine.data reads the
    # dataclasses' annotations; a ruleset with other shapes overrides these) ------------
    sheet_type: Any = None                # the frozen dataclass of its actors' sheets
    actor_system_type: Any = None         # of Actor.system (None: the slot stays empty)
    encounter_system_type: Any = None     # of Encounter.system

    def encode_sheet(self, sheet: Any) -> Any:
        from shaper_gm.engine.data import to_data
        return to_data(sheet)

    def decode_sheet(self, data: Any, where: str) -> Any:
        from shaper_gm.engine.data import from_data
        return from_data(self.sheet_type, data, where)

    def encode_system(self, system: Any) -> Any:
        from shaper_gm.engine.data import to_data
        return to_data(system)

    def decode_actor_system(self, data: Any, where: str) -> Any:
        from shaper_gm.engine.data import from_data
        return None if self.actor_system_type is None or data is None else \
            from_data(self.actor_system_type, data, where)

    migrations: Mapping[int, Any] = {}   # save version -> function(data, where) -> next

    def save_extras(self, state: Encounter, actor: Actor) -> dict:
        """Keys a save keeps beside an actor's resources for the GM to read. They may read
        the actor and the encounter's `system`; a ruleset whose extras read the system
        names who they change for in `save_extras_touched`."""
        return {}

    def save_extras_touched(self, before: Encounter, after: Encounter) -> Iterable[str]:
        """The actors whose `save_extras` may differ between two states though the actor
        itself is the same value in both: a save re-encodes only actors that changed
        and these (persist/statetext.py)."""
        return ()

    def check_extras(self, state: Encounter, actor: Actor, raw: Any, where: str) -> None:
        """Refuse (engine.data.DataError) an actor's data that disagrees with the state
        (its extras) or names content the library lacks. It may read the actor, its data
        and what `save_extras_touched` covers: the admission check runs it only for the
        actors a command changed and those touched."""

    def check_references(self, state: Encounter, where: str) -> None:
        """Refuse (DataError) an encounter naming content this ruleset's library lacks
        (what actors name, `check_extras` checks: once per changed actor)."""

    def decode_encounter_system(self, data: Any, where: str) -> Any:
        from shaper_gm.engine.data import from_data
        return None if self.encounter_system_type is None or data is None else \
            from_data(self.encounter_system_type, data, where)

    grid: tuple[int, int] = (5, 5)        # a new encounter's columns and rows

    def templates(self) -> Mapping[str, Any]:
        """Content templates `add --as` may name, by id."""
        return {}

    def dice_expression(self, text: str):
        """Dice notation as this ruleset reads it (a ruleset whose dice start at 0 says so)."""
        from shaper_gm.dice import parse
        return parse(text)

    def damage(self, state: Encounter, target: str, amount: int, options: Mapping) -> Step:
        """The GM's `damage`: by default straight off hit points."""
        from shaper_gm.engine import harm
        actor = state.actors[target]
        before = actor.hp or 0
        after = max(0, before - amount)
        return harm.set_hp(state, self, target, after, harm.damage_note(amount, before, after))

    def heal(self, state: Encounter, target: str, amount: int) -> Step:
        from shaper_gm.engine import harm
        actor = state.actors[target]
        before = actor.hp or 0
        after = before + amount
        if actor.max_hp is not None:
            after = min(after, actor.max_hp)
        return harm.set_hp(state, self, target, after, harm.healed_note(amount, before, after))

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

    def offers(self, state: Encounter, slot: str, subject: str | None,
               verb: str) -> list[Offer] | None:
        """No offers of its own: completion uses the shared defaults."""
        return None

    def distance(self, a: str, b: str) -> int:
        """Steps between two cells; a diagonal step counts 1 unless the ruleset says."""
        return grid.king_distance(grid.cell_from_name(a), grid.cell_from_name(b))

    def resource_spec(self, name: str) -> ResourceSpec | None:
        return next((s for s in self.resources if s.name == name), None)

    def resource_names(self) -> Sequence[str]:
        return [s.name for s in self.resources]

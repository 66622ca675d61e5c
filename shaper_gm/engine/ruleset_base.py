"""`RulesetBase`: the defaults most rulesets share for what the engine asks of them
(`engine.ruleset.Ruleset`): no hooks, the engine's own terms, sheets read by attribute,
saves through `engine.data`, grid cells named and measured by `engine.grid`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import grid, harm
from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import Cell
from shaper_gm.engine.offers import FIRST, Offer
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.state import Actor, Change, Encounter

if TYPE_CHECKING:
    from shaper_gm.dice.notation import Expr
    from shaper_gm.engine.actions import Action, Admission
    from shaper_gm.engine.request import Request

# How a ruleset's messages name things the engine says for it; each ruleset may override.
TERMS = {
    "down": "down",             # the word for an actor out of the fight
    "down_rule": "",            # the ruling that makes it so
    "turn_rule": "",            # the ruling that actions are taken on one's own turn
    "off_turn_hint": "",        # what may still be done off-turn
    "cell": "tile",             # what a cell of the battlefield is called
    "board": "battlefield",     # and the battlefield itself
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
    reacts_on_turn = False                # True: the actor up may react too, as a reaction
                                          # (no turn begins or ends), not only others
    one_per_cell = False                  # True: a cell holds one standing actor (`add
                                          # --count` spreads them to the nearest free)
    _offered: tuple[Any, dict[Any, Any]] | None = None   # offered_first's last state, its offers

    def term(self, key: str) -> str:
        return self.terms.get(key, TERMS.get(key, ""))

    def how_far(self, distance: int) -> str:
        """A `distance` as this ruleset measures it, in words for a menu note."""
        return f"{distance} away"

    def cited(self, key: str) -> str:
        """`` (S18)`` for a ruling term, or nothing."""
        rule = self.term(key)
        return f" ({rule})" if rule else ""

    def down_word(self, actor: Actor) -> str:
        """How refusals say an actor is out of the fight ("down"; a ruleset with several
        ways of being down names the actor's: "dying", "unconscious")."""
        return self.term("down")

    def stat(self, sheet: Any, key: str) -> int:
        value = sheet.get(key, 0) if isinstance(sheet, Mapping) else getattr(sheet, key, 0)
        return int(value or 0)

    def on_round_start(self, state: Encounter) -> Change:
        return state, []

    def on_round_end(self, state: Encounter) -> Change:
        return state, []

    def on_turn_start(self, state: Encounter, actor_id: str) -> Change:
        return state, []

    def on_turn_end(self, state: Encounter, actor_id: str) -> Change:
        return state, []

    def at_moment(self, state: Encounter, moment: str, actor_id: str,
                  facts: Mapping[str, Any] | None = None) -> Change:
        """What its rules run by themselves at `moment` for the actor (`engine.moments`:
        `damaged`, with the damage taken)."""
        return state, []

    def due_at(self, state: Encounter, moment: str, actor_id: str) -> bool:
        """Whether `moment` brings the actor something its rules run by themselves (a
        down actor given its turn for it: `engine.moments`)."""
        return False

    # `act` and `react`: any other action, paid in the ruleset's own units -------------
    act_resource: str | None = None       # what a bare number in `act 2 ...` counts
    react_resource: str | None = None     # what pays a reaction, if the ruleset has them

    def act_cost(self, word: str) -> dict[str, int] | None:
        """`2` (of the act resource), or a resource's name (one of it); None if neither."""
        word = word.lower()
        if word.isascii() and word.isdigit() and len(word) <= 2 and self.act_resource:
            return {self.act_resource: int(word)}
        if word in self.resource_names():
            return {word: 1}
        return None

    def settable_fields(self) -> tuple[str, ...]:
        """What `set ACTOR FIELD=VALUE` may change: hit points, every resource, and the
        fields every actor has."""
        return (*(("hp",) if self.has_hp else ()), *self.resource_names(),
                "zone", "side", "name", "initiative")

    def cost_words(self) -> list[str]:
        """What `act` takes as a cost, for completion."""
        numbers = [str(n) for n in range(1, 7)] if self.act_resource else []
        return [*numbers, *self.resource_names()]

    def react_cost(self, word: str) -> dict[str, int] | None:
        """What `react ACTOR WORD` spends off-turn: N (or `reaction`, one) of the
        resource that pays reactions; None if WORD is no such cost."""
        if self.react_resource is None:
            return None
        word = word.lower()
        if word in ("reaction", "reactions"):
            return {self.react_resource: 1}
        if word.isascii() and word.isdigit() and len(word) <= 2 and int(word) >= 1:
            return {self.react_resource: int(word)}
        return None

    def refuse_payment(self, actor: Actor, spec: ResourceSpec,
                       left: Mapping[str, int]) -> RuleViolation | None:
        """A RuleViolation in the ruleset's words when `spec` runs short for `actor`
        with `left` remaining; None for the shared wording."""
        return None

    def admit_off_turn(self, state: Encounter, actor_id: str, action: Action,
                       request: Request) -> Admission | None:
        """An action outside the actor's turn that its rules let through (a prepared or
        readied action), as an `engine.actions.Admission`; None refuses it."""
        return None

    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None) -> Any:
        """A word of a kind only the ruleset knows (a cost, a weapon, a skill), as the
        command means it; refuses (RuleViolation) a word that is none."""
        if kind == "cost":
            if self.act_cost(word) is None:
                self._refuse_cost(word)
            return word.lower()
        if kind == "react-cost":
            if self.react_cost(word) is None:
                self._refuse_reaction_cost(word)
            return word.lower()
        if kind == "template":
            from shaper_gm.engine.names import match_one
            return match_one(word, list(self.templates()), "template")
        return word.lower()

    def _refuse_cost(self, word: str) -> None:
        words = self.cost_words()
        shown = (f"a number of {self.act_resource.upper()}" if self.act_resource
                 else f"one of {', '.join(words)}")
        example = self.term("act_example_cost") or (words[0] if words else "1")
        if self.term("not_a_cost"):           # the ruleset's own words, its ruling in them
            raise RuleViolation(f"{word!r} is not {self.term('not_a_cost')}",
                                f"e.g. act {example} opens the door")
        raise RuleViolation(f"act costs {shown} here, not {word!r}{self.cited('act_rules')}",
                            f"e.g. act {example} opens the door")

    def _refuse_reaction_cost(self, word: str) -> None:
        rule = self.cited("react_rule")
        if self.react_resource is None:
            raise RuleViolation(f"{self.name} has no reactions to pay for",
                                self.term("off_turn_hint") or "act on the actor's own turn")
        resource = self.react_resource
        if word.isascii() and word.isdigit():
            raise RuleViolation(f"a reaction costs at least 1 {resource.removesuffix('s')}"
                                f"{rule}", "e.g. react ID 1 TEXT")
        raise RuleViolation(f"react pays a number of {resource}, not {word!r}{rule}",
                            "e.g. react ID 1 TEXT")

    def new_system(self) -> Any:
        """The ruleset's encounter data for a fresh encounter."""
        return None

    # Saves: the ruleset's frozen data to plain data and back (engine.data reads the
    # dataclasses' annotations; a ruleset with other shapes overrides these) ------------
    sheet_type: Any = None                # the frozen dataclass of its actors' sheets
    actor_system_type: Any = None         # of Actor.system (None: the slot stays empty)
    encounter_system_type: Any = None     # of Encounter.system

    def encode_sheet(self, sheet: Any) -> Any:
        return to_data(sheet)

    def decode_sheet(self, data: Any, where: str) -> Any:
        return from_data(self.sheet_type, data, where)

    def encode_system(self, system: Any) -> Any:
        return to_data(system)

    def decode_actor_system(self, data: Any, where: str) -> Any:
        if self.actor_system_type is None and data is not None:   # it keeps none
            raise DataError(where, f"expected null, got {data!r}")
        return None if self.actor_system_type is None or data is None else \
            from_data(self.actor_system_type, data, where)

    migrations: Mapping[int, Any] = {}   # save version -> function(data, where) -> next

    def with_legacy_fields(self, data: dict[str, Any], log: list[str]) -> dict[str, Any]:
        """A save's data with what it was written before keeping, read back from `log`
        (the log that reached it), so it opens as the same log replays now."""
        return data

    def save_extras(self, state: Encounter, actor: Actor) -> dict[str, Any]:
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
        return None if self.encounter_system_type is None or data is None else \
            from_data(self.encounter_system_type, data, where)

    grid: tuple[int, int] = (5, 5)        # a new encounter's columns and rows

    def templates(self) -> Mapping[str, Any]:
        """Content templates `add --as` may name, by id."""
        return {}

    def sheet_for(self, state: Encounter, flags: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """What `add` starts from, and its flags as the log keeps them: the content
        template `--as` names (None without one). A ruleset may read other forms."""
        if flags.get("sheet"):
            raise RuleViolation(f"{self.name} reads no sheet files", "use add ID --as TEMPLATE")
        if not flags.get("as"):
            return None, flags
        found = self.resolve_word(state, "template", flags["as"], None)
        return self.templates()[found], {**flags, "as": found}

    def roll_modifiers(self, text: str, flags: Mapping[str, Any]) -> tuple[Any, bool]:
        """The GM's `roll EXPR`: the pool modifiers its flags ask for, and whether it is
        the ruleset's basic roll (judged for automatic results). None by default."""
        from shaper_gm.dice.modifiers import NO_MODIFIERS
        return NO_MODIFIERS, False

    def dice_expression(self, text: str) -> Expr:
        """Dice notation as this ruleset reads it (a ruleset whose dice start at 0 says so)."""
        from shaper_gm.dice import parse
        return parse(text)

    def check_faces(self, flag: str, faces: Any, expr: Any = None) -> None:
        """Refuse, in the ruleset's words and before anything rolls, faces given by hand
        (`--FLAG 5,3`) its dice cannot show (a d10 read 0-9 has no 10); `expr` is the
        expression they are for, when known. Nothing by default: the dice refuse a face
        out of range as they roll it."""

    def damage(self, state: Encounter, target: str, amount: int,
               options: Mapping[str, Any]) -> Change:
        """The GM's `damage`: by default straight off hit points."""
        actor = state.actors[target]
        before = actor.hp or 0
        after = max(0, before - amount)
        return harm.set_hp(state, self, target, after, harm.damage_note(amount, before, after))

    def heal(self, state: Encounter, target: str, amount: int) -> Change:
        if target not in state.actors:
            raise RuleViolation(f"no actor {target!r}", f"name one of {', '.join(state.actors)}")
        actor = state.actors[target]
        before = actor.hp or 0
        after = before + amount
        if actor.max_hp is not None:
            after = min(after, actor.max_hp)
        return harm.set_hp(state, self, target, after, harm.healed_note(amount, before, after),
                           told="the GM")

    def on_down(self, state: Encounter, actor_id: str) -> Change:
        return state, []

    def after_change(self, state: Encounter, before: Encounter | None = None) -> Change:
        """After every command that changed the encounter (from `before`; None: from
        anything): what the ruleset's rules make follow (who is up after a GM's change to
        budgets, wounds at the limit putting a creature down). Nothing by default."""
        return state, []

    def set_field(self, state: Encounter, target: str, key: str, value: str) -> Change | None:
        """`set ACTOR KEY=VALUE` for a field only the ruleset knows (a sheet number), as
        typed; None leaves the field to the shared verb."""
        return None

    def set_hp(self, state: Encounter, target: str, hp: int) -> Change:
        """`set ACTOR hp=N`: hit points set by hand; down and revival follow."""
        return harm.set_hp(state, self, target, hp, "set by the GM", exact=True,
                           told="set by the GM")

    def on_removed(self, state: Encounter, actor_id: str) -> Change:
        return state, []

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Change:
        return state, []

    def reserved_ids(self) -> Sequence[str]:
        """Words an actor may not be called, because verbs read them otherwise."""
        return self.resource_names()

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        return grid.canonical(text, cols, rows, what=self.term("cell"), board=self.term("board"),
                              rule=self.term("grid_rule"))

    def cell(self, state: Encounter, text: str) -> Cell:
        """A cell as typed, checked against the encounter's battlefield."""
        return grid.parse_cell(text, state.cols, state.rows, what=self.term("cell"),
                               board=self.term("board"), rule=self.term("grid_rule"))

    def cell_of(self, state: Encounter, actor_id: str) -> Cell:
        """Where an actor stands; refused for one not placed yet."""
        return grid.cell_of(state, actor_id, what=self.term("cell"), rule=self.term("grid_rule"),
                            board=self.term("board"))

    def offers(self, state: Encounter, slot: str, subject: str | None,
               verb: str) -> list[Offer] | None:
        """No offers of its own: completion uses the shared defaults."""
        return None

    def offered_first(self, state: Encounter, slot: str, subject: str | None, verb: str,
                      text: str) -> bool | None:
        """Whether `text` is among what `offers` ranks first for the slot (None: it offers
        nothing for it); the offers of the last state asked are kept for the next text."""
        offers = self.kept_for(state, (slot, subject, verb),
                               lambda: self.offers(state, slot, subject, verb))
        return None if offers is None else any(o.text == text and o.rank == FIRST
                                               for o in offers)

    def kept_for(self, state: Encounter, key: Any, work_out: Callable[[], Any]) -> Any:
        """`work_out()`, kept by `key` for as long as `state` is the last state asked
        about (what offers read of one state, asked again for each of its targets)."""
        if self._offered is None or self._offered[0] is not state:
            self._offered = (state, {})
        kept = self._offered[1]
        if key not in kept:
            kept[key] = work_out()
        return kept[key]

    def distance(self, a: str, b: str) -> int:
        """Steps between two cells; a diagonal step counts 1 unless the ruleset says."""
        return grid.king_distance(grid.cell_from_name(a), grid.cell_from_name(b))

    def carried(self, actor: Actor) -> tuple[str, ...]:
        """The items the actor has now, in hand or stowed, not those lying elsewhere, one
        entry each: what a party compares with its sheet (none: a ruleset without items)."""
        return ()

    def carrying(self, actor: Actor, lacks: Sequence[str], carries: Sequence[str]) -> Actor:
        """The actor just added without the items of `lacks`, with those of `carries`
        (`add --lacks/--carries`: a party's member as its last fight left it)."""
        if lacks or carries:
            raise RuleViolation(f"{self.name} has no items an actor loses or gains in a fight",
                                "drop --lacks and --carries")
        return actor

    def item_mods(self, sheet: Any, key: str) -> int:
        """Nothing: only a ruleset written as data adds its items' mods (`item_mods`)."""
        return 0

    def resource_spec(self, name: str) -> ResourceSpec | None:
        """The resource of that name: looked up by name, as a declared action's
        expressions ask it of every actor key they read."""
        made = self.__dict__.get("_specs_of")
        if made is None or made[0] is not self.resources:
            made = self.resources, {spec.name: spec for spec in reversed(self.resources)}
            self.__dict__["_specs_of"] = made
        return made[1].get(name)

    def resource_names(self) -> Sequence[str]:
        return [s.name for s in self.resources]

"""`DataRuleset`: a ruleset written as data, behind the engine's ruleset interface.

Nothing here knows any one system: resources, initiative, the sheet's derived numbers,
what zero hit points means, the actions and their words all come from the ruleset's
folder (`library.DataLibrary`). Sheets are immutable mappings of the content's keys;
a derived number (``str_mod: (scores.str - 10) / 2``) is worked out when read, so a
changed score changes it.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from typing import Any

from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.engine import events as ev
from shaper_gm.engine import laying, moments
from shaper_gm.engine.changes import end_held
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.laying import Ground
from shaper_gm.engine.moving import stepped_aside
from shaper_gm.engine.names import match_one
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.request import Request
from shaper_gm.engine.resources import ResourceSpec, starting
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.situation import Situation, lookup
from shaper_gm.engine.state import Actor, Change, Effect, Encounter
from shaper_gm.engine.stepkit import Facts
from shaper_gm.rulesets.data import add_numbers, add_switches, costs, prepared, sheet_files, summons
from shaper_gm.rulesets.data import carried as kept_items
from shaper_gm.rulesets.data.act_range import ActRange
from shaper_gm.rulesets.data.add_checks import check_new
from shaper_gm.rulesets.data.adding import (
    gm_damage,
    gm_heal,
    kind_side,
    noun,
    onto_sheet,
    typed_damage,
    unknown_template,
)
from shaper_gm.rulesets.data.basic_roll import BasicRoll
from shaper_gm.rulesets.data.clock import FightClock
from shaper_gm.rulesets.data.downs import KeptDown
from shaper_gm.rulesets.data.entries import given_entries
from shaper_gm.rulesets.data.fields import SheetFields
from shaper_gm.rulesets.data.initiative import DeclaredInitiative
from shaper_gm.rulesets.data.item_numbers import with_item_numbers
from shaper_gm.rulesets.data.kept import once, thaw
from shaper_gm.rulesets.data.library import DataLibrary, freeze
from shaper_gm.rulesets.data.marks import MapMarks
from shaper_gm.rulesets.data.numbers import number_names, with_numbers
from shaper_gm.rulesets.data.older import OlderSaves
from shaper_gm.rulesets.data.orders import turn_order
from shaper_gm.rulesets.data.paths import DiagonalLimit
from shaper_gm.rulesets.data.placing import PlacedMoment
from shaper_gm.rulesets.data.replayed import ReplayedSaves
from shaper_gm.rulesets.data.revived import ZERO_HP, ended_by_rule, revived
from shaper_gm.rulesets.data.saved import checked_sheet, saved_conditions, saved_items
from shaper_gm.rulesets.data.sheets import DataSheet, SheetView
from shaper_gm.rulesets.data.tally import HarmTally
from shaper_gm.rulesets.data.timers import Timers
from shaper_gm.rulesets.data.zero_read import ZeroRead


class DataRuleset(SheetFields, MapMarks, KeptDown, ZeroRead, HarmTally, DiagonalLimit,
                  OlderSaves, DeclaredInitiative, FightClock, Timers, laying.GroundChecks,
                  ActRange, BasicRoll, ReplayedSaves, PlacedMoment, RulesetBase):
    turn_order = FixedOrder()
    encounter_system_type = Ground          # what lies on the map (engine.laying)
    admit_off_turn = prepared.off_turn      # an action readied or prepared, taken off-turn

    def map_notes(self, state: Encounter) -> list[str]:
        """Under the map: the legend of the marks actors bear, then what lies about."""
        return [*MapMarks.map_notes(self, state), *laying.map_notes(self, state)]

    order_notes = laying.map_notes       # under the order table: what lies about

    @property
    def attack_verb(self) -> str:
        """Its basic attack (what conformance, completion and simulated fights strike
        with): `attack`, else the first action declaring odds (a strike)."""
        names = [name for name, _ in self.library.actions]
        return "attack" if "attack" in names else next(
            (n for n, d in self.library.actions if d.odds is not None), "attack")

    def __init__(self, library: DataLibrary) -> None:
        self.library = library
        numbers = library.numbers
        self.id = library.id
        self.name = numbers["name"]
        self.rules = numbers.get("rules", "")
        self.terms = dict(numbers.get("terms", ()))
        self.resources = tuple(ResourceSpec(name, **spec) for name, spec in library.resources)
        self.derived = dict(library.derived)
        conditions = library.kind("conditions")
        self.effect_keys = tuple(numbers.get("effect_keys") or sorted(
            {key for item in conditions.values() for key in item.get("mods", {})}))
        self.act_resource = numbers.get("act_resource")
        self.react_resource = numbers.get("react_resource")
        hp_names = sorted(library.hp.names) if library.hp is not None else []
        # what --stat sets (--hp sets the hit points' own), nested ones too (stats.str)
        self.sheet_numbers = number_names(library.default_sheet, hp_names)
        self.sheet_ranges = SheetNumbers(*(
            Number(name, low, high, why, flag="--hp" if [name] == hp_names else
                   add_numbers.flag_of(library, name))
            for name, (low, high, why) in library.ranges))
        self.hp_key = hp_names[0] if len(hp_names) == 1 else "hp"
        self.turn_order = turn_order(numbers.get("turn_order"))       # fixed by default
        self._made: dict[int, tuple[Any, Any]] = {}          # encode_sheet's, by id
        self._read_back: dict[int, tuple[Any, Any]] = {}     # decode_sheet's, by id

    @property
    def numbers(self) -> Facts:
        """Its numbers and settings, as `rules.X` reads them."""
        return self.library.numbers

    @property
    def grid(self) -> tuple[int, int]:
        found = self.library.numbers.get("grid")
        return tuple(found) if found else (12, 12)       # type: ignore[return-value]

    @property
    def one_per_cell(self) -> bool:
        """`one_per_cell: true`: a cell holds one standing actor (add spreads them)."""
        return bool(self.library.numbers.get("one_per_cell"))

    @property
    def reacts_on_turn(self) -> bool:
        """`reacts_on_turn: true`: the actor up may react too, taking no turn by it."""
        return bool(self.library.numbers.get("reacts_on_turn"))

    def offers(self, state: Encounter, slot: str, subject: str | None,
               verb: str) -> list[Any] | None:
        """What completion offers for an action's target or cell, as its own checks and
        `offer` words say (`rulesets.data.offers`); None: the shared defaults."""
        from shaper_gm.rulesets.data.offers import offers_for
        return offers_for(self, state, slot, subject, verb)

    def offered_first(self, state: Encounter, slot: str, subject: str | None, verb: str,
                      text: str) -> bool | None:
        from shaper_gm.rulesets.data.offers import first_for
        return first_for(self, state, slot, subject, verb, text)

    def how_far(self, cells: int) -> str:
        """A distance in words (`rulesets.data.bands`): `15 ft away`, or its band."""
        from shaper_gm.rulesets.data.bands import how_far
        return how_far(self.library.numbers, cells)

    # Sheets ------------------------------------------------------------------------
    def view(self, sheet: Any) -> SheetView:
        return SheetView(sheet, self.derived)

    def stat(self, sheet: Any, key: str) -> int:
        if key in ("hp", "max_hp") and self.library.hp is not None:
            return int(self._read(sheet, self.library.hp.run))
        if key not in self.derived and lookup(sheet, key) is None:    # at once, not
            raise RuleViolation(f"the sheet has no {key!r}",            # through the view
                                "check the creature's content")
        value = self._read(sheet, lambda view: view[key])
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleViolation(f"{key!r} is no number of a {self.name} sheet",
                                f"sheet numbers: {', '.join(self.sheet_numbers)}")
        return value

    carried, carrying = kept_items.carried, kept_items.carrying     # a party's items

    def item_mods(self, sheet: Any, key: str) -> int:
        """What the items of the sheet's lists `item_mods` names add to a number: each
        item's `mods` (the dice pool's passive abilities, P12: tough hide's +1 AC)."""
        total = 0
        for kind in self.library.numbers.get("item_mods") or ():
            owned = sheet.get(kind) or ()
            for item_id in (owned,) if isinstance(owned, str) else owned:
                mods = lookup(self.library.kind(kind).get(item_id), "mods")
                value = lookup(mods, key) if mods is not None else None
                total += value if type(value) is int else 0
        return total

    def _read(self, sheet: Any, read: Any) -> Any:
        try:
            return read(self.view(sheet))
        except (KeyError, ExprError) as exc:
            raise RuleViolation(f"the sheet has no {exc}", "check the creature's content") \
                from None

    def cost_words(self) -> list[str]:
        """What `act` takes as a cost: a number of the act resource, or one of what a
        turn gives (a resource refilled at the turn's start, not spent off-turn)."""
        numbers = [str(n) for n in range(1, 7)] if self.act_resource else []
        turn = [spec.name for spec in self.resources
                if spec.refill == "turn_start" and not spec.off_turn]
        return costs.cost_words(self, [*numbers, *turn])

    def act_cost(self, word: str) -> dict[str, int] | None:
        return costs.act_cost(self, word, super().act_cost(word))   # act action (data.costs)

    def templates(self) -> dict[str, Facts]:
        return {item_id: item for kind in self.library.templates
                for item_id, item in self.library.kind(kind).items()}

    sheet_for = sheet_files.sheet_for            # a template, or a sheet file (--as PATH)

    summon, refuse_payment = summons.summon, costs.short_of_sheet   # summon (apply); a sheet's pool

    def make_actor(self, spec: Any, zone: str | None) -> Actor:
        """An actor from a template (or the default sheet) with `--stat NAME=N` on top."""
        template = spec.template
        if isinstance(template, str):
            known = self.templates()
            if template not in known:
                raise unknown_template(self.library, template, sorted(known))
            template = known[template]
        base = dict(template) if template is not None else dict(self.library.default_sheet)
        extra = dict(spec.extra)                      # add --prof NAME=RANK, ...
        numbers = (*spec.numbers, *add_numbers.taken(self.library, extra))  # --level N
        unknown = [key for key, _ in numbers
                   if key not in (*self.sheet_numbers, "hp", self.hp_key)]
        if unknown:
            raise RuleViolation(f"--stat {unknown[0]}: not a {self.id} sheet number",
                                f"sheet numbers: {', '.join(self.sheet_numbers)}, hp")
        base.update(add_switches.taken(self.library, extra))    # add --player (a key)
        base.update(given_entries(self.library, extra, base))
        base = onto_sheet(self.library, base, extra)  # the item flags (add_items)
        base = with_item_numbers(self.library, base)  # their adds_to (an armor's DR)
        given = {self.hp_key if key == "hp" else key: value      # --hp: the number hp
                 for key, value in numbers}                       # reads (health)
        given = {key: (self.sheet_ranges[key] if key in self.sheet_ranges else Number(key))
                 .typed(value, "--stat ") for key, value in given.items()}  # as set takes it
        base = with_numbers(base, given, self.library.default_sheet)
        sheet = DataSheet(freeze(base), self.library.default_sheet)
        name = spec.name or (template.get("name") if template is not None else None) or \
            spec.id.replace("-", " ").title()       # the default sheet's name is no name
        check_new(self, sheet, template, name)       # add_requires (creation limits)
        hp = self.stat(sheet, "hp")
        side = spec.side or (template.get("side") if template is not None else None) or \
            kind_side(self.library, template)        # its kind's (characters: party)
        return Actor(id=spec.id, name=name, side=side or self.term("side") or "enemies",
                     sheet=sheet, hp=hp, max_hp=hp, zone=zone,
                     resources=starting(self.resources, sheet, self.stat),
                     template=template.get("id") if template is not None else None)

    def encode_sheet(self, sheet: Any) -> Any:
        """Made once per sheet, as a sheet never changes: every command's check that its
        result saves writes the sheets of the actors it changed, and reads them back."""
        return once(self._made, sheet, lambda: thaw(
            sheet.own() if isinstance(sheet, DataSheet) else sheet))

    def decode_sheet(self, data: Any, where: str) -> Any:
        from shaper_gm.engine.data import DataError
        if not isinstance(data, Mapping):
            raise DataError(where, "expected a mapping of sheet keys")
        # a key the save does not hold reads as the ruleset's default (DataSheet); the
        # data encode_sheet made (never changed after) is checked and read once
        return once(self._read_back, data, lambda: (
            checked_sheet(self.library, data, where),
            DataSheet(freeze(data), self.library.default_sheet))[1])

    def check_extras(self, state: Encounter, actor: Actor, raw: Any, where: str) -> None:
        """A saved actor holds every ranged sheet number within its range and names only
        the content's items in what `add_items` sets (a hand edit refused at open)."""
        self.sheet_ranges.check_saved(f"{where}.sheet", actor.sheet)
        saved_items(self.library, actor.sheet, f"{where}.sheet")
        saved_conditions(self.library, actor, where)      # each condition of its file

    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None):
        """An item of the actor's list `kind` (its attacks, its spells) by unique prefix."""
        if kind == "template":
            return match_one(word, list(self.templates()), noun(self.library))
        if kind == laying.LYING and actor_id in state.actors:    # a flag's `completes: lying`
            return laying.lying_word(state, self, word, actor_id)
        if actor_id in state.actors and kind not in ("cost", "react-cost"):
            carried = lookup(state.actors[actor_id].sheet, kind)
            if isinstance(carried, tuple):
                ids = [entry.get("id") if isinstance(entry, Mapping) else entry
                       for entry in carried]
                if word.lower() in self.library.kind(kind) and word.lower() not in ids:
                    return word.lower()         # the action refuses it by name
                try:
                    return match_one(word, ids, kind.removesuffix("s"),
                                     f"{state.actors[actor_id].name} has: {', '.join(ids)}")
                except RuleViolation:
                    self._unknown_item(state, kind, word, actor_id)
                    raise
        return super().resolve_word(state, kind, word, actor_id)

    def _unknown_item(self, state: Encounter, kind: str, word: str, actor_id: str) -> None:
        """Refuse an item word in the words of the action that picks from `kind`."""
        for _, action in self.library.actions:
            if action.item == kind:
                asked = Request(action.name, (("actor", actor_id),))
                env = ChainMap({"word": word}, Situation(state, self, asked))
                action.refuse("unknown", env)

    # The GM's tools --------------------------------------------------------------------
    def damage(self, state: Encounter, target: str, amount: int,
               options: Mapping[str, Any]) -> Change:
        """`damage TARGET N [--type T] [--direct]`: of a type, through the target's
        immunity, resistance and vulnerability and then what absorbs damage first
        (temporary hit points), as a hit would be; `--direct` straight off hit points."""
        if target not in state.actors:
            raise RuleViolation(f"no actor {target!r}", f"name one of {', '.join(state.actors)}")
        if amount < 0:
            raise RuleViolation(f"damage {amount} is negative", "give 0 or more")
        if self.library.numbers.get("damage_action"):
            return gm_damage(self, state, target, amount, options)
        return typed_damage(self, state, target, amount, options)

    def heal(self, state: Encounter, target: str, amount: int) -> Change:
        """`heal TARGET N`: played by the action `heal_action` names, else hit points
        up to the maximum."""
        if self.library.numbers.get("heal_action") and target in state.actors:
            return gm_heal(self, state, target, amount)
        return super().heal(state, target, amount)

    def set_hp(self, state: Encounter, target: str, hp: int) -> Change:
        """`set ACTOR hp=N`: played by the action `set_hp_action` names, else set."""
        if self.library.numbers.get("set_hp_action"):
            from shaper_gm.rulesets.data.gm_set import gm_set_hp
            return gm_set_hp(self, state, target, hp)
        return super().set_hp(state, target, hp)

    # Turn order ----------------------------------------------------------------------
    # Moments: what its actions declare to run by themselves (`engine.moments`) ----------
    def moment_slots(self, *names: str) -> dict[str, bool]:
        """The dice slots of the actions those moments bring: name -> repeats."""
        return {slot: repeats for _, declared in self.library.actions
                if declared.at is not None and declared.at.moment in names
                for slot, repeats in declared.slots}

    def due_at(self, state: Encounter, moment: str, actor_id: str) -> bool:
        return bool(moments.due(self.library.actions, state, self, moment, actor_id))

    def at_moment(self, state: Encounter, moment: str, actor_id: str,
                  facts: Mapping[str, Any] | None = None) -> Change:
        return moments.run(self.library.actions, state, self, moment, actor_id, facts)

    # Zero hit points --------------------------------------------------------------------
    def _zero_rule(self, actor: Actor) -> Mapping[str, Any]:
        held = {"effects": tuple(e.name for e in actor.effects)}   # what it holds now
        for when, what in self.library.zero_hp:
            if when is None or self._read(
                    actor.sheet, lambda view, test=when: test.run(ChainMap(held, view))):
                return what
        return {}

    def down_word(self, actor: Actor) -> str:
        """The word of the first condition it has that `down_words` names (dead,
        stable), else that of what zero hit points brought it (dying)."""
        words = dict(self.library.numbers.get("down_words") or ())
        held = {e.name for e in actor.effects}
        found = next((word for name, word in words.items() if name in held), None)
        return str(found or self._zero_rule(actor).get("word") or self.term("down"))

    def on_down(self, state: Encounter, actor_id: str) -> Change:
        """The conditions zero hit points bring to this actor (dying, dead, ...); the
        line that it went down names them (`down_word`). The effects its rule `ends`
        end, and what they held (G27: concentration)."""
        actor = state.actors[actor_id]
        rule, added = self._zero_rule(actor), []
        for name in rule.get("conditions", ()):
            condition = self.library.kind("conditions").get(name, Facts())
            added.append(Effect(name, source=ZERO_HP, mods=tuple(
                (key, int(value)) for key, value in condition.get("mods", Facts()).items())))
        ends = set(rule.get("ends", ()))
        kept = tuple(e for e in actor.effects
                     if e.name not in {a.name for a in added} and e.name not in ends)
        state, events = state.with_actor(actor.with_(effects=(*kept, *added))), []
        for name in sorted(ends & {e.name for e in actor.effects}):
            events.append(ev.EffectEnded(actor_id, name, "0 hit points"))
            state, ended = end_held(state, actor_id, name, "0 hit points")
            events += ended
        return state, events

    def after_change(self, state: Encounter, before: Encounter | None = None) -> Change:
        """An actor back above zero hit points loses what zero brought (G21); a condition
        whose `ends_if` now holds ends (G28: grappled)."""
        state, ended = ended_by_rule(state, self)
        state, woken = self._woken(state, before)           # keeps_down's ended
        state, events = revived(state, before)
        events = [*woken, *events]
        if self.one_per_cell and before is not None:     # one back up where one stands
            state, stepped = stepped_aside(state, self, before, self.term("cell_rule"))
            events += stepped
        settle = getattr(self.turn_order, "settle", None)  # passes: a spent turn ends;
        kind = self.turn_order.kind                        # most: who is up, again
        if settle is not None and (kind == "passes" or kind == "most" and state.round >= 1):
            state, settled = settle(state, self)
            events += settled
        return state, [*ended, *events]

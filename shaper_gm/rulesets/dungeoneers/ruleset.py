"""`DungeoneersRuleset`: the Dungeoneers rules behind the engine's ruleset interface.

Every number comes from the content library (`content/dungeoneers/`). The play verbs
live in their own modules (`actions.py` lists them); this class answers what the engine,
the commands, the views and the saves ask of any ruleset: resources, turn order,
sheets, hooks, the shared `act` and `react` in AP, and the GM's damage and heal tools
in wounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.turns import can_take_turns
from shaper_gm.rulesets.dungeoneers import basic, sheets
from shaper_gm.rulesets.dungeoneers.events import ConditionEnded, ReadiedCleared, RoundRefilled
from shaper_gm.rulesets.dungeoneers.harm import (
    Defenses,
    dealt,
    defenses,
    go_down,
    heal_wounds,
    revive,
    take_wounds,
)
from shaper_gm.rulesets.dungeoneers.models import (
    SHEET_NUMBERS,
    ActorData,
    EncounterData,
    Library,
    Sheet,
)
from shaper_gm.rulesets.dungeoneers.order import ApOrder
from shaper_gm.rulesets.dungeoneers.state import (
    actor_of,
    data_of,
    release_grapples,
    with_data,
)

Step = tuple[Encounter, list]

# Modifier keys an `effect` may carry: boon on the creature's own tests, boon on its
# dodging tests (D23's defensive uses it), extra wounds on its strikes, armor value.
EFFECT_KEYS = ("boon", "defense_boon", "wounds", "armor")
# Numbers the resources read that the sheet does not hold as such (D26, D27).
DERIVED = ("arca_max", "stress_capacity")

TERMS = {
    "down": "down", "down_rule": "D19", "turn_rule": "D3",
    "off_turn_hint": "react ACTOR N TEXT spends AP off-turn (D8); a readied action is "
                     "taken as a reaction (D9)",
    "end_rules": "D2", "pass_rule": "D7", "react_rule": "D8",
    "react_example": "alberich 1 parries the blow",
    "act_cost": "N", "act_rules": "D2", "act_example_cost": "2",
    "act_examples": "act 2 kicks over the brazier|act alberich 1 shouts a warning",
    "add_rules": "D10, D12, D19-D22",
    "add_examples": "add freya --as freya --at B2|add skeleton --as skeleton --count 2 "
                    "--at E2|add ogre --side enemies --stat body=4 --stat wound_limit=14 "
                    "--prof striking=expert --weapon maul --holding maul --resist P=1",
    "init_rule": "D4, D5", "start_rules": "D1, D3-D5",
    "effect_rule": "D15, D23",
    "effect_examples": "effect freya blessed --boon 1 --until round|"
                       "effect skeleton braced --defense_boon 1 --until start:skeleton",
    "manual_rule": "D11",
    "set_examples": "set freya stress=5 arca=2|set skeleton wounds=3|set alberich ap=2",
}


class DungeoneersRuleset(RulesetBase):
    id = "dungeoneers"
    name = "Dungeoneers"
    rules = "D1-D29"
    has_hp = False                           # D19: wounds up to a limit instead
    sheet_numbers = SHEET_NUMBERS
    effect_keys = EFFECT_KEYS
    terms = TERMS
    sheet_type = Sheet
    actor_system_type = ActorData
    encounter_system_type = EncounterData
    act_resource = "ap"                      # `act 2 ...` spends 2 AP (D2)
    react_resource = "ap"                    # a reaction spends AP off-turn (D8)
    attack_verb = "strike"                   # D16

    def __init__(self, library: Library) -> None:
        self.library = library
        self.numbers = library.numbers
        self.name = self.numbers.name
        self.resources = (
            ResourceSpec("ap", "AP", max=self.numbers.ap_per_round, refill="round_start",
                         off_turn=True, rule="D1, D2, D8", hard_max=True),
            ResourceSpec("wounds", "wounds", max="wound_limit", start=0, rule="D19"),
            ResourceSpec("stress", "stress", start=0, rule="D26"),
            ResourceSpec("arca", "arca", max="arca_max", rule="D27"),
        )
        self.turn_order = ApOrder()

    # --- sheets and setting up ----------------------------------------------------------
    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid_cols, self.numbers.grid_rows)

    def stat(self, sheet: Any, key: str) -> int:
        if key == "arca_max":                                        # D27
            return self.numbers.arca_per_wisdom * int(sheet.wisdom)
        if key == "stress_capacity":                                 # D26
            return int(getattr(sheet, self.numbers.stress_capacity_score))
        return super().stat(sheet, key)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Tiles for move and sprint, with their AP (and stress) cost (D21)."""
        actor = state.actors.get(subject) if subject else None
        if slot == "target" and verb in ("strike", "power-strike", "odds") and actor:
            from shaper_gm.engine.offers import checked_targets
            from shaper_gm.rulesets.dungeoneers.attacks import StrikeRequest, plan_strike
            return checked_targets(state, self, actor, lambda target: plan_strike(
                state, self, StrikeRequest(actor.id, target), power=verb == "power-strike"))
        if slot == "spell-id":
            if actor is None:
                from shaper_gm.engine.offers import Offer
                spells = sorted(self.library.spells.items())
                return [Offer(key, spell.name) for key, spell in spells]
            return self._spell_offers(actor)
        if slot != "zone" or verb not in ("move", "sprint") or actor is None or not actor.zone:
            return None
        from shaper_gm.rulesets.dungeoneers.movement import tile_offers
        return tile_offers(state, self, actor, verb)

    def _spell_offers(self, actor: Actor) -> list:
        """The caster's spells with their AP and arca; those it cannot pay for now
        later, saying what is short (D28). Ambient arca may make up the rest."""
        from shaper_gm.engine.offers import FIRST, LATER, Offer
        ap, arca = actor.resource("ap"), actor.resource("arca")
        out = []
        for spell_id in actor.sheet.spells:
            spell = self.library.spells.get(spell_id)
            if spell is None:
                continue
            notes = [spell.name, f"{spell.cost} AP", f"{spell.arca} arca"]
            if spell.wounds:
                notes.append(f"{spell.wounds} {spell.damage_type or ''} wounds".replace("  ", " "))
            short = ap < spell.cost
            if short:
                notes.append(f"not now: {ap} AP left")
            elif arca < spell.arca:
                notes.append(f"{arca} arca of its own: the rest from ambient arca")
            out.append(Offer(spell_id, " · ".join(notes), LATER if short else FIRST))
        return sorted(out, key=lambda o: o.rank)

    def templates(self) -> Mapping[str, Sheet]:
        return self.library.creatures

    def template(self, name: str) -> Sheet:
        return sheets.template(self.library, name)

    def make_actor(self, spec, zone: str | None) -> Actor:
        """A creature from a template (or the default sheet) with the GM's overrides."""
        return sheets.make_actor(self, spec, zone)

    def new_system(self) -> EncounterData:
        """A new encounter's Dungeoneers data: the ambient arca from content (D28)."""
        return EncounterData(ambient_arca=self.numbers.ambient_arca)

    def reserved_ids(self) -> tuple[str, ...]:
        """`act 2 ...` reads a number as AP, so no creature may be called one."""
        return (*self.resource_names(), *(str(n) for n in range(100)))

    def settable_fields(self) -> tuple[str, ...]:
        return (*self.resource_names(), "zone", "side", "name")

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        """An actor of a save: every name resolves, every number is in its range."""
        from shaper_gm.rulesets.dungeoneers import saves
        saves.check_actor(self, state, actor, where)

    def check_references(self, state: Encounter, where: str) -> None:
        """The encounter's own numbers and names."""
        from shaper_gm.rulesets.dungeoneers import saves
        saves.check_encounter(self, state, where)

    # --- the shared act and react, in AP (D2, D8) -----------------------------------------
    def is_cost(self, word: str) -> bool:
        return word.isascii() and word.isdigit() and len(word) <= 2

    def cost_words(self) -> list[str]:
        return [str(n) for n in range(1, self.numbers.max_action_cost + 1)]

    def act(self, state: Encounter, actor_id: str, word: str, text: str) -> Step:
        state, events, _ = basic.act(state, self, basic.CostRequest(actor_id, self._ap(word),
                                                                    text))
        return state, events

    def react(self, state: Encounter, actor_id: str, word: str, text: str) -> Step:
        state, events, _ = basic.react(state, self, basic.CostRequest(actor_id,
                                                                      self._ap(word), text))
        return state, events

    def _ap(self, word: str) -> int:
        if not self.is_cost(word):
            raise RuleViolation(f"{word!r} is not a cost in AP (D2)",
                                f"give a number from 1 to {self.numbers.max_action_cost}")
        return int(word)

    # --- turn order -----------------------------------------------------------------------
    def initiative(self, actor: Actor, source: Any):
        raise RuleViolation("Dungeoneers rolls no initiative: the most AP acts next (D3)",
                            "set the listing order with init ID ID ... (it settles D4 and "
                            "D5 defaults), then start")

    def order_tiebreak(self, actor: Actor) -> int:
        """D5: between groups the higher body (total) goes first."""
        return actor.sheet.body

    def explain(self, state: Encounter) -> str:
        return self.turn_order.explain(state, self)

    def side_total(self, state: Encounter, side: str) -> int:
        """D5: the body total of a group's creatures that are not down."""
        return self.turn_order.side_total(state, self, side)

    def on_round_start(self, state: Encounter) -> Step:
        """D1, D6: everyone starts the round at full AP (the resource table refilled it)."""
        return state, [RoundRefilled(state.round, self.numbers.ap_per_round)]

    def on_round_end(self, state: Encounter) -> Step:
        """D9: a round's end clears every readied action."""
        events, changed = [], []
        for actor in state.actors.values():
            held = data_of(actor).readied
            if held:
                changed.append(with_data(actor, readied=None))
                events.append(ReadiedCleared(actor.id, held, f"round {state.round} ended (D9)"))
        return (state.with_actors(changed) if changed else state), events

    # --- hooks the shared setup verbs call ---------------------------------------------------
    def on_down(self, state: Encounter, actor_id: str) -> Step:
        """D19: a down creature lets go of a grapple and is let go."""
        return release_grapples(state, actor_id, "it is down (D19)")

    def on_removed(self, state: Encounter, actor_id: str) -> Step:
        """A creature taken out of the encounter ends its grapples; who is up may change."""
        events, changed = [], []
        for actor in state.actors.values():
            mine = data_of(actor)
            if actor_id in (mine.grappling, mine.grappled_by):
                what = "grappling" if mine.grappling == actor_id else "grappled"
                changed.append(with_data(actor, grappling=None if what == "grappling" else
                                         mine.grappling,
                                         grappled_by=None if what == "grappled" else
                                         mine.grappled_by))
                events.append(ConditionEnded(actor.id, what, actor_id, "it left the fight"))
        state = state.with_actors(changed) if changed else state
        return self.settle(state, events)

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Step:
        """The GM moving a creature ends its grapples (D24) and its hanging (D29)."""
        actor = state.actors[actor_id]
        if actor.zone == before:
            return state, []
        state, events = release_grapples(state, actor_id, "placed elsewhere by the GM (D24)")
        if data_of(state.actors[actor_id]).hanging:
            state = state.with_actor(with_data(state.actors[actor_id], hanging=False))
            events.append(ConditionEnded(actor_id, "hanging", None, "placed elsewhere"))
        return state, events

    # --- GM tools ---------------------------------------------------------------------------
    def damage(self, state: Encounter, target_id: str, amount: int,
               options: Mapping[str, Any] | None = None) -> Step:
        """Deal wounds as a hit would: of a type (D20), repeated per critical (D18);
        `direct` skips D20."""
        options = dict(options or {})
        if amount < 0:
            raise RuleViolation("damage is 0 or more wounds", "use heal to remove wounds")
        target = actor_of(state, target_id)
        kind = options.get("type")
        code = None
        if kind:
            code = self.numbers.damage_types.code_of(str(kind))
            if code is None:
                raise RuleViolation(f"{kind!r} is not a damage type (D20)",
                                    f"types: {', '.join(self.numbers.damage_types.codes())}")
        criticals = int(options.get("criticals", 0))
        if criticals < 0:
            raise RuleViolation("critical hits are counted from 0 (D18)", "give 0 or more")
        guard = (Defenses() if options.get("direct") else
                 defenses(self.numbers.damage_types, target.sheet, code))
        _, wounds = dealt(amount, criticals, guard)
        state, events = take_wounds(state, target.id, wounds, "the GM",
                                    target.sheet.wound_limit)
        return self.settle(state, events)

    def heal(self, state: Encounter, target_id: str, amount: int) -> Step:
        """Remove wounds (D19)."""
        if amount < 0:
            raise RuleViolation("heal removes 0 or more wounds", "use damage to add wounds")
        target = actor_of(state, target_id)
        state, events = heal_wounds(state, target.id, amount, "the GM",
                                    target.sheet.wound_limit)
        return self.settle(state, events)

    def reconcile(self, state: Encounter, events: list) -> Step:
        """After the GM sets numbers by hand: wounds at the limit put a creature down and
        below it bring it back (D19), and who is up is worked out again (D3-D6)."""
        events = list(events)
        for actor in list(state.actors.values()):
            at_limit = actor.resource("wounds") >= actor.sheet.wound_limit
            if at_limit and not actor.down:
                state, downed = go_down(state, actor.id)
                events += downed
            elif actor.down and not at_limit:
                state, back = revive(state, actor.id)
                events += back
        return self.settle(state, events)

    def settle(self, state: Encounter, events: list) -> Step:
        """A creature down or back up, or AP set by hand, may change who is up (D3, D19)."""
        if state.round < 1:
            return state, list(events)
        if not any(can_take_turns(a) for a in state.actors.values()):
            return state.with_(up=(), turn=None), list(events)
        state, settled = self.turn_order.settle(state, self)
        return state, [*events, *settled]

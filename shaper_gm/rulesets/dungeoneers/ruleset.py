"""`DungeoneersRuleset`: the Dungeoneers rules behind the engine's ruleset interface.

Every number comes from the content library (`content/dungeoneers/`). The play actions
are in `actions.py` and their verbs in `verbs.py`; this class answers what the engine,
the commands, the views and the saves ask of any ruleset: resources, the AP order,
sheets (`add`'s flags), the words its verbs take, its hooks, `act` and `react` priced
in AP, and the GM's damage and heal tools in wounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import ending, grid
from shaper_gm.engine.actions import Admission
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.most_remaining import MostRemaining
from shaper_gm.engine.names import match_one
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.turns import can_take_turns
from shaper_gm.rulesets.dungeoneers import saves, sheets
from shaper_gm.rulesets.dungeoneers.events import ConditionEnded, ReadiedCleared, RoundRefilled
from shaper_gm.rulesets.dungeoneers.models import (
    READY_ROLE,
    READYABLE,
    SHEET_NUMBERS,
    ActorData,
    EncounterData,
    Library,
)
from shaper_gm.rulesets.dungeoneers.rules import (
    Defenses,
    change_wounds,
    data_of,
    dealt,
    defenses,
    down_by_wounds,
    release_grapples,
    with_data,
)

# Modifier keys an `effect` may carry: boon on the creature's own tests, boon on its
# dodging tests (D23's defensive uses it), extra wounds on its strikes, armor value.
EFFECT_KEYS = ("boon", "defense_boon", "wounds", "armor")
TERMS = {
    "down_rule": "D19", "turn_rule": "D3",
    "off_turn_hint": "react ACTOR N TEXT spends AP off-turn (D8); a readied action is "
                     "taken as a reaction (D9)",
    "end_rules": "D2", "pass_rule": "D7", "react_rule": "D8",
    "react_example": "alberich 1 parries the blow",
    "act_cost": "N", "act_rules": "D2", "act_example_cost": "2",
    "act_examples": "act 2 kicks over the brazier|act alberich 1 shouts a warning",
    "add_rules": "D1, D10, D12, D19-D22",
    "add_examples": "add freya --as freya --at B2|add skeleton --as skeleton --count 2 "
                    "--at E2|add ogre --side enemies --stat body=4 --stat wound_limit=14 "
                    "--prof striking=expert --weapon maul --holding maul --resist P=1",
    "init_rule": "D3-D5", "start_rules": "D1, D3-D5",
    "effect_rule": "D15, D23",
    "effect_examples": "effect freya blessed --boon 1 --until round|"
                       "effect skeleton braced --defense_boon 1 --until start:skeleton",
    "manual_rule": "D11",
    "set_examples": "set freya stress=5 arca=2|set skeleton wounds=3|set alberich ap=2",
}
# Who acts next: the most AP (D3), ties shared in a group (D4), between groups the
# higher body total (D5); passing (D7) and a turn of one action (D2).
ORDER_RULES = {"turn": "D2", "in_group": "D4", "between_groups": "D5", "pass": "D7",
               "next": "D3"}
# Words naming something of the acting creature's: kind -> the flag or word giving it,
# what it names, and how a refusal lists what the creature has.
OWN_WORDS = {"weapon": ("with", "weapon", "{} carries: {}"),
             "carried": ("draw", "weapon", "{}: {} (D22)"),
             "held": ("stow", "weapon", "{}: {} (D22)"),
             "speed": ("speed", "travel speed", "{}'s speeds: {} (D21)"),
             "spell-id": ("spell", "spell", "{}'s spells: {} (D28)")}


class DungeoneersRuleset(RulesetBase):
    id = "dungeoneers"
    name = "Dungeoneers"
    rules = "D1-D29"
    has_hp = False                           # D19: wounds up to a limit instead
    sheet_numbers = SHEET_NUMBERS
    effect_keys = EFFECT_KEYS
    terms = TERMS
    # Saves: the generic codec reads these frozen dataclasses (engine.data); the sheet's
    # is declared in kinds.yaml.
    actor_system_type = ActorData
    encounter_system_type = EncounterData
    act_resource = "ap"                      # `act 2 ...` spends 2 AP (D2)
    react_resource = "ap"                    # a reaction spends AP off-turn (D8)
    reacts_on_turn = True                    # D8: at any time, and it gives no turn

    @property
    def one_per_cell(self) -> bool:          # D21 (provisional)
        return bool(self.numbers.one_per_tile)
    attack_verb = "strike"                   # D16

    def __init__(self, library: Library) -> None:
        from shaper_gm.content.kinds import env_of
        self.library = library
        self.numbers = library.numbers
        self.sheet_type = library.kinds.record("Sheet")
        self.sheet_ranges = library.kinds.sheet_numbers("Sheet", env_of(self.numbers))
        self.name = self.numbers.name
        self.resources = (
            ResourceSpec("ap", "AP", max=self.numbers.ap_per_round, refill="round_start",
                         off_turn=True, rule="D1, D2, D8", hard_max=True),
            ResourceSpec("wounds", "wounds", max="wound_limit", start=0, rule="D19"),
            ResourceSpec("stress", "stress", start=0, rule="D26"),
            ResourceSpec("arca", "arca", max="arca_max", rule="D27"),
        )
        self.turn_order = MostRemaining("ap", "body", ORDER_RULES)

    # --- sheets, tiles and words --------------------------------------------------------------
    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid_cols, self.numbers.grid_rows)

    def stat(self, sheet: Any, key: str) -> int:
        if key == "arca_max":                                        # D27
            return self.numbers.arca_per_wisdom * int(sheet.wisdom)
        if key == "stress_capacity":                                 # D26
            return int(getattr(sheet, self.numbers.stress_capacity_score))
        return super().stat(sheet, key)

    def distance(self, a: str, b: str) -> int:
        """Tiles between two tiles, a diagonal step counting `diagonal_cost` (D21)."""
        return grid.steps(grid.cell_from_name(a), grid.cell_from_name(b),
                          self.numbers.diagonal_cost)

    def how_far(self, distance: int) -> str:
        return f"{distance} tile{'s' if distance != 1 else ''} away"

    def placed(self, state: Encounter, actor_id: str) -> str:
        """The tile a creature stands on; refused for one not placed yet."""
        actor = state.actors[actor_id]
        if actor.zone is None:
            raise RuleViolation(f"{actor.name} is not on the battlefield yet",
                                f"place it first: place {actor_id} TILE")
        return actor.zone

    def tiles_apart(self, state: Encounter, a: str, b: str) -> int:
        """Tiles between two creatures (D16, D21)."""
        return self.distance(self.placed(state, a), self.placed(state, b))

    def templates(self) -> Mapping[str, Any]:
        return self.library.creatures

    def new_system(self) -> EncounterData:
        """A new encounter's Dungeoneers data: the ambient arca from content (D28)."""
        return EncounterData(ambient_arca=self.numbers.ambient_arca)

    def reserved_ids(self) -> tuple[str, ...]:
        """`act 2 ...` reads a number as AP, so no creature may be called one."""
        return (*self.resource_names(), *(str(n) for n in range(100)))

    def settable_fields(self) -> tuple[str, ...]:
        return (*self.resource_names(), "zone", "side", "name")

    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None):
        """The words of Dungeoneers' verbs and flags, by unique prefix where they name
        something: costs in AP (D2), the ambient arca, damage types, an action to ready,
        creatures, `add`'s sheet flags and what the acting creature carries or knows."""
        if kind in ("cost", "react-cost"):
            top = self.numbers.max_action_cost
            if not (word.isascii() and word.isdigit()):
                raise RuleViolation(f"{word!r} is not a cost in AP (D2)",
                                    f"give a number from 1 to {top}")
            if self.act_cost(word) is None:
                raise RuleViolation(f"an action costs 1 to {top} AP, not {int(word)} (D2)",
                                    f"give a cost from 1 to {top}")
            return str(int(word))
        if kind == "arca":
            if not (word.isascii() and word.isdigit()) or len(word) > 4:
                raise RuleViolation(f"ambient: {word!r} is not a whole number of arca (D28)",
                                    "give 0 or more, e.g. ambient 3")
            return int(word)
        if kind == "damage-type":
            return self.damage_code(word)
        if kind == READY_ROLE:
            found = [a for a in READYABLE if a.startswith(word.lower())]
            return found[0] if len(found) == 1 else word.lower()      # the rules refuse others
        if kind == "template":
            return match_one(word, sorted(self.library.creatures), "creature")
        if kind.startswith("add-"):
            return sheets.add_word(self, kind.removeprefix("add-"), word)
        if kind in OWN_WORDS:
            return self._own_word(state, kind, word, actor_id)
        if kind == "lying":                                          # D22
            from shaper_gm.rulesets.dungeoneers.actions import lying_word
            return lying_word(state, word)
        return super().resolve_word(state, kind, word, actor_id)

    def _own_word(self, state: Encounter, kind: str, word: str, actor_id: str | None) -> str:
        """A word naming something of the acting creature's (OWN_WORDS)."""
        if actor_id not in state.actors:            # nobody named and nobody is up
            ending.refuse_if_over(state)
            raise RuleViolation("no actor is taking a turn", "name the creature, or start")
        actor = state.actors[actor_id]
        if kind == "spell-id" and not actor.sheet.spells:
            raise RuleViolation(f"{actor.name} knows no spells (D28)",
                                "add spells with add --spell, or cast with another creature")
        flag, what, hint = OWN_WORDS[kind]
        known = {"weapon": [*actor.sheet.weapons, self.numbers.unarmed],
                 "carried": list(actor.sheet.weapons), "held": list(data_of(actor).holding),
                 "speed": [s for s, _ in actor.sheet.speeds],
                 "spell-id": list(actor.sheet.spells)}[kind]
        if not known:                           # no weapon to draw or stow (D22)
            raise RuleViolation(f"--{flag}: {actor.name} has nothing to {flag} (D22)",
                                "drop the flag" if flag == "stow" else
                                "add weapons with add --weapon")
        return match_one(word, known, what, hint.format(actor.name, ", ".join(known)))

    def damage_code(self, text: str) -> str:
        """A damage type by its code ("B") or its name ("bludgeoning") (D20)."""
        code = self.numbers.damage_types.code_of(str(text))
        if code is None:
            raise RuleViolation(f"--type {text!r} is not a damage type (D20)",
                                f"types: {', '.join(self.numbers.damage_types.codes())}")
        return code

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Targets a strike can take on now, a caster's spells with their AP and arca,
        tiles with what reaching them costs (D21), damage types (D20)."""
        from shaper_gm.engine.offers import FIRST, LATER, Offer, checked_targets
        actor = state.actors.get(subject) if subject else None
        if slot in ("weapon", "carried", "held", "lying", "speed") and actor is not None:
            from shaper_gm.rulesets.dungeoneers.views import own_offers
            return own_offers(self, actor, slot, state)
        if slot == "damage-type":
            return [Offer(code, self.numbers.damage_types.name(code))
                    for code in self.numbers.damage_types.codes()]
        if slot == "target" and verb in ("strike", "power-strike", "odds") and actor:
            from shaper_gm.engine.request import Request
            from shaper_gm.rulesets.dungeoneers.contests import plan_strike
            return checked_targets(state, self, actor, lambda target: plan_strike(
                state, self, Request("strike", (("actor", actor.id), ("target", target))),
                power=verb == "power-strike"))
        if slot == "spell-id":
            if actor is None:
                return [Offer(key, spell.name) for key, spell in sorted(
                    self.library.spells.items())]
            out = []
            for spell in (self.library.spells[s] for s in actor.sheet.spells):
                notes = [spell.name, f"{spell.cost} AP", f"{spell.arca} arca"]
                if spell.wounds:
                    notes.append(f"{spell.wounds} {spell.damage_type} wounds")
                ap, arca = actor.resource("ap"), actor.resource("arca")
                if ap < spell.cost:
                    notes.append(f"not now: {ap} AP left")
                elif arca < spell.arca:                 # D28: ambient arca may do the rest
                    notes.append(f"{arca} arca of its own: the rest from ambient arca")
                out.append(Offer(spell.id, " · ".join(notes),
                                 LATER if ap < spell.cost else FIRST))
            return sorted(out, key=lambda o: o.rank)
        if slot == "zone" and verb in ("move", "sprint") and actor is not None and actor.zone:
            return self._tile_offers(state, actor, verb)
        return None

    def _tile_offers(self, state: Encounter, actor: Actor, verb: str) -> list:
        """Every tile by distance from `actor`, with what reaching it costs: one move at
        its first travel speed, a sprint (and its stress), or more than one action."""
        from shaper_gm.engine.offers import tile_offers
        reach = actor.sheet.speeds[0][1] if actor.sheet.speeds else 0
        numbers = self.numbers

        def note(tile: str) -> tuple[int, str]:
            tiles = self.distance(actor.zone, tile)
            if tiles == 0:
                return 0, "here"
            if tiles <= reach and verb == "move":
                plural = "s" if tiles > 1 else ""
                return tiles, f"{tiles} tile{plural} · move, {numbers.cost('move')} AP"
            if tiles <= reach * numbers.sprint_multiplier:
                return tiles, f"{tiles} tiles · sprint, {numbers.cost('sprint')} AP and 1 stress"
            return tiles, f"{tiles} tiles · beyond one {verb}"
        return tile_offers(state, note)

    make_actor, carried, carrying = sheets.make_actor, sheets.carried, sheets.carrying  # D22

    def map_notes(self, state: Encounter) -> list[str]:     # the weapons lying on it (D22)
        from shaper_gm.rulesets.dungeoneers.views import ground_line
        return [text] if (text := ground_line(state)) else []

    # --- the AP order (D1-D9) -----------------------------------------------------------------
    def act_cost(self, word: str) -> dict[str, int] | None:
        """What `act N` and `react ACTOR N` spend: N AP, 1 to the most an action costs (D2, D8)."""
        ok = word.isascii() and word.isdigit() and len(word) <= 2
        return {"ap": int(word)} if ok and 1 <= int(word) <= self.numbers.max_action_cost \
            else None

    react_cost = act_cost

    check_extras = saves.check_actor
    check_references = saves.check_encounter

    def cost_words(self) -> list[str]:
        return [str(n) for n in range(1, self.numbers.max_action_cost + 1)]

    def initiative(self, actor: Actor, source: Any):
        raise RuleViolation("Dungeoneers rolls no initiative: the most AP acts next (D3)",
                            "set the listing order with init ID ID ... (it settles D4 and "
                            "D5 defaults), then start")

    def order_tiebreak(self, actor: Actor) -> int:  # D5: between groups the higher body first
        return actor.sheet.body

    def side_total(self, state: Encounter, side: str) -> int:  # D5: of those not down
        return self.turn_order.side_total(state, self, side)

    def admit_off_turn(self, state: Encounter, actor_id: str, action, request):
        """D9: a readied action is taken off-turn as a reaction, once, at its own cost."""
        actor = state.actors[actor_id]
        if data_of(actor).readied != action.name:
            return None
        return Admission(state.with_actor(with_data(actor, readied=None)),
                         (ReadiedCleared(actor_id, action.name, "taken as a reaction (D9)"),))

    def on_round_start(self, state: Encounter) -> Change:
        """D1, D6: everyone starts the round at full AP (the resource table refilled it)."""
        return state, [RoundRefilled(state.round, self.numbers.ap_per_round)]

    def on_round_end(self, state: Encounter) -> Change:
        """D9: a round's end clears every readied action."""
        held = [a for a in state.actors.values() if data_of(a).readied]
        return (state.with_actors([with_data(a, readied=None) for a in held]),
                [ReadiedCleared(a.id, data_of(a).readied, f"round {state.round} ended (D9)")
                 for a in held])

    def after_change(self, state: Encounter, before: Encounter | None = None) -> Change:
        """After any change: wounds at the limit put a creature down and below it bring
        it back (D19); who is up is worked out again, for a creature down or back, AP set
        by hand, a new listing order or reinforcements joining with full AP (D1, D3-D5)."""
        events: list = []
        for actor_id in state.changed_ids(before):
            state, changed = down_by_wounds(state, self, actor_id)
            events += changed
        if state.round < 1:
            return state, events
        if not any(can_take_turns(a) for a in state.actors.values()):
            return state.with_(up=(), turn=None), events
        state, settled = self.turn_order.settle(state, self)
        return state, [*events, *settled]

    # --- hooks of the shared setup verbs ------------------------------------------------------
    def on_down(self, state: Encounter, actor_id: str) -> Change:
        """D19: a down creature lets go of a grapple and is let go."""
        return release_grapples(state, actor_id, "it is down (D19)")

    def on_removed(self, state: Encounter, actor_id: str) -> Change:
        """A creature taken out of the encounter ends its grapples."""
        events, changed = [], []
        for actor in state.actors.values():
            mine = data_of(actor)
            if actor_id in (mine.grappling, mine.grappled_by):
                field = "grappling" if mine.grappling == actor_id else "grappled_by"
                changed.append(with_data(actor, **{field: None}))
                events.append(ConditionEnded(actor.id, field.removesuffix("_by"), actor_id,
                                             "it left the fight"))
        return state.with_actors(changed), events

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Change:
        """The GM moving a creature ends its grapples (D24) and its hanging (D29)."""
        if state.actors[actor_id].zone == before:
            return state, []
        state, events = release_grapples(state, actor_id, "placed elsewhere by the GM (D24)")
        if data_of(state.actors[actor_id]).hanging:
            state = state.with_actor(with_data(state.actors[actor_id], hanging=False))
            events.append(ConditionEnded(actor_id, "hanging", None, "placed elsewhere"))
        return state, events

    # --- GM tools ---------------------------------------------------------------------------
    def damage(self, state: Encounter, target_id: str, amount: int,
               options: Mapping[str, Any] | None = None) -> Change:
        """Deal wounds as a hit would: of a type (D20), repeated per critical (D18);
        `direct` skips D20."""
        options = dict(options or {})
        if amount < 0:
            raise RuleViolation("damage is 0 or more wounds", "use heal to remove wounds")
        if options.get("type") and options.get("direct"):
            raise RuleViolation("--direct skips D20, so --type changes nothing",
                                "drop one of them")
        code = self.damage_code(options["type"]) if options.get("type") else None
        criticals = options.get("criticals") or 0
        if criticals < 0:
            raise RuleViolation("critical hits are counted from 0 (D18)", "give 0 or more")
        target = state.actors[target_id]
        guard = Defenses() if options.get("direct") else defenses(
            self.numbers.damage_types, target.sheet, code)
        return change_wounds(state, self, target_id, dealt(amount, criticals, guard)[1],
                             "the GM")

    def heal(self, state: Encounter, target_id: str, amount: int) -> Change:
        """Remove wounds (D19)."""
        if amount < 0:
            raise RuleViolation("heal removes 0 or more wounds", "use damage to add wounds")
        return change_wounds(state, self, target_id, -amount, "the GM")

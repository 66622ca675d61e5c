"""`DicePool`: the dice-pool rules (P1-P12) behind the engine's ruleset interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.dice import Roll, add, parse, roll
from shaper_gm.dice.sources import DiceSource
from shaper_gm.engine import events as ev
from shaper_gm.engine import grid
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.names import match_one
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dicepool import actors
from shaper_gm.rulesets.dicepool.events import PreparationEnded
from shaper_gm.rulesets.dicepool.models import (
    ACTIONS,
    POOL,
    REACTIONS,
    ActorState,
    Library,
    sheet_numbers,
    system,
    with_prepared,
)

POOL_START = "pool_start"          # the sheet reading resources use for P2

class DicePool(RulesetBase):
    id = "dicepool"
    has_hp = True
    effect_keys = ("ac", "speed", "damage")    # extra AC, metres of speed, damage per hit
    # Saves: the generic codec reads these frozen dataclasses (engine.data); the sheet's
    # is declared in kinds.yaml.
    actor_system_type = ActorState
    encounter_system_type = None               # a dice-pool encounter keeps nothing more

    def __init__(self, library: Library) -> None:
        self.library = library
        self.numbers = numbers = library.numbers
        self.name = numbers.name
        self.rules = numbers.rules
        self.terms = dict(numbers.terms)
        self.sheet_type = library.kinds.record("Sheet")
        self.sheet_ranges = sheet_numbers(library.kinds, numbers.stats)
        self.sheet_numbers = tuple(name for name in self.sheet_ranges if name != "hp")
        self.resources = (
            # P2: built from the held weapon; P4: +CON at the end of each own turn.
            ResourceSpec(POOL, "pool", max=numbers.pool_max, start=POOL_START,
                         refill="turn_end", refill_by=numbers.refill_stat, rule="P3, P4"),
            # P6: two actions a turn; what is not used is lost at the turn's end.
            ResourceSpec(ACTIONS, "actions", max=numbers.actions_per_turn,
                         refill="turn_start", lapse="turn_end", rule="P6", hard_max=True),
            # P12 (provisional): reaction abilities between two of the actor's turns.
            ResourceSpec(REACTIONS, "reactions", max=numbers.reactions_per_round,
                         refill="turn_start", off_turn=True, kept_on_pass=True, rule="P12",
                         hard_max=True, backfill=True),
        )
        self.turn_order = FixedOrder()          # P5: the GR sets the order
        self.grid = numbers.grid                # P10: a new encounter's squares

    # --- the grid (P10) ----------------------------------------------------------------
    def cell(self, state: Encounter, text: str) -> grid.Cell:
        return self._square(text, state.cols, state.rows)

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        return grid.cell_name(self._square(text, cols, rows))

    def _square(self, text: str, cols: int, rows: int) -> grid.Cell:
        return grid.parse_cell(text, cols, rows, what="square", rule="P10", board="grid")

    @property
    def one_per_cell(self) -> bool:          # P10 (provisional)
        return bool(self.numbers.one_per_square)

    def distance(self, a: str, b: str) -> int:
        """Metres: a straight step costs a square's side, a diagonal one more (P10)."""
        return grid.metric(grid.cell_from_name(a), grid.cell_from_name(b),
                           self.numbers.square_m, self.numbers.diagonal_m)

    def how_far(self, distance: int) -> str:
        return f"{distance} m away"

    # --- words of the shared verbs -----------------------------------------------------
    def reserved_ids(self) -> tuple[str, ...]:
        """`act [ACTOR] action|N TEXT` reads these words as a cost (P6)."""
        return (POOL, ACTIONS, REACTIONS, *self.cost_words())

    def settable_fields(self) -> tuple[str, ...]:
        """`set`: HP, the pool, actions and reactions, the sheet numbers, and every actor's
        fields."""
        return ("hp", POOL, ACTIONS, REACTIONS, *self.sheet_numbers, "zone", "side", "name",
                "initiative")

    def cost_words(self) -> list[str]:
        return ["action", *(str(n) for n in range(1, self.numbers.actions_per_turn + 1))]

    def act_cost(self, word: str) -> dict[str, int] | None:
        """P6: an action, or a number of them up to a turn's."""
        word = str(word).strip().lower()
        if word in ("action", "actions"):
            return {ACTIONS: 1}
        return {ACTIONS: int(word)} if word in self.cost_words() else None

    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None):
        """A cost in actions (P6); a weapon or ability of the actor's, by unique prefix."""
        if kind == "cost" and self.act_cost(word) is None:
            top = self.numbers.actions_per_turn
            raise RuleViolation(f"{word!r} is not a dice-pool cost: an action is the only "
                                f"unit, and a turn has {top} (P6)",
                                f"write action, or a number of actions up to {top}")
        if kind in ("weapon", "ability") and actor_id in state.actors:
            actor = state.actors[actor_id]
            owned = list(actor.sheet.weapons if kind == "weapon" else actor.sheet.abilities)
            return match_one(word, owned, f"{kind} of {actor.name}",
                             f"{actor.name} has: {', '.join(owned) or 'none'}")
        return super().resolve_word(state, kind, word, actor_id)

    def admit_off_turn(self, state: Encounter, actor_id: str, action, request):
        from shaper_gm.rulesets.dicepool.actions import admit
        return admit(state, self, actor_id, action, request)

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        """An actor of a save: every name resolves, every number is in its range."""
        from shaper_gm.rulesets.dicepool import saves
        saves.check_actor(self, state, actor, where)

    # --- sheets ------------------------------------------------------------------------
    def stat(self, sheet: Any, key: str) -> int:
        """A sheet number with the passive abilities' changes (P12)."""
        if key == POOL_START:
            return actors.pool_build(self, sheet, sheet.holding)
        value = sheet.number(key)
        if key == "speed" and sheet.speed is None:
            value = self.numbers.speed
        for ability_id in sheet.abilities:
            ability = self.library.abilities.get(ability_id)
            if ability is not None and ability.kind == "passive":
                value += dict(ability.mods).get(key, 0)
        return value

    def ac(self, actor: Actor) -> int:
        return self.stat(actor.sheet, "ac") + actor.effect_total("ac")

    def speed(self, actor: Actor) -> int:
        return max(0, self.stat(actor.sheet, "speed") + actor.effect_total("speed"))

    def dodge_bonus(self, actor: Actor) -> int:
        """P11: half the preparer's DEX, rounded down."""
        return self.stat(actor.sheet, self.numbers.prepare_stat) // self.numbers.prepare_divisor

    def weapon(self, actor: Actor):
        """The weapon in the actor's hand (or its fists)."""
        return actors.held_weapon(self, system(actor).holding)

    def pool_build(self, actor: Actor) -> int:
        return actors.pool_build(self, actor.sheet, system(actor).holding)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Targets the attack's rules allow first; the actor's own weapons and abilities
        (every one of the content's when no actor is named); squares for a move with
        their metres and whether one movement action covers them (P10)."""
        from shaper_gm.engine.offers import FIRST, LATER, Offer, checked_targets, tile_offers
        actor = state.actors.get(subject) if subject else None
        if slot == "target" and verb in ("attack", "odds") and actor is not None:
            from shaper_gm.rulesets.dicepool.attack import AttackRequest, plan_attack
            return checked_targets(state, self, actor, lambda target: plan_attack(
                state, self, AttackRequest(actor.id, target), reaction=False))
        if slot in ("weapon", "ability"):
            known = self.library.weapons if slot == "weapon" else self.library.abilities
            sheet = actor.sheet if actor is not None else None
            owned = () if sheet is None else sheet.weapons if slot == "weapon" else sheet.abilities
            return sorted((Offer(key, item.name, FIRST if key in owned else LATER)
                           for key, item in known.items() if sheet is None or key in owned),
                          key=lambda o: (o.rank, o.text))
        if slot != "zone" or verb != "move" or actor is None or not actor.zone:
            return None
        speed = self.speed(actor)

        def note(name: str) -> tuple[int, str]:
            metres = self.distance(actor.zone, name)
            if metres == 0:
                return 0, "here"
            return metres, (f"{metres} m · more than one move ({speed} m)" if metres > speed
                            else f"{metres} m · one move")
        return tile_offers(state, note)

    def templates(self) -> Mapping[str, Any]:
        """The content's characters and creatures `add --as` may name."""
        return self.library.templates

    def template(self, template_id: str) -> Any:
        """One template by its exact id; an unknown one refused with the known ones."""
        return actors.template_sheet(self, template_id)

    def make_actor(self, spec, zone: str | None) -> Actor:
        """An actor from `spec` (encounter.setup.NewActor): its template's sheet or the
        default one, with `--stat`/`--hp` numbers and the add flags in `spec.extra`; the
        pool as P2 builds it from the weapon in hand."""
        return actors.make_actor(self, spec, zone)

    def set_number(self, state: Encounter, actor_id: str, key: str, value: int):
        return actors.set_number(self, state, actor_id, key, value)

    def set_field(self, state: Encounter, actor_id: str, key: str, value: str):
        """`set ACTOR STR=4`: a sheet number; other fields as every ruleset sets them."""
        if key not in self.sheet_numbers:
            return None
        return self.set_number(state, actor_id, key, value)

    # --- turn order (P5) -------------------------------------------------------------------
    def initiative(self, actor: Actor, source: DiceSource) -> Roll:
        """P5: 2d6 + DEX, when the GR lets the dice set the order."""
        bonus = self.stat(actor.sheet, self.numbers.initiative_stat)
        expr = add(parse(self.numbers.initiative_dice), bonus)
        return roll(expr, source, what=f"initiative of {actor.name}")

    def order_tiebreak(self, actor: Actor) -> int:
        return self.stat(actor.sheet, self.numbers.initiative_stat)

    # --- GM tools --------------------------------------------------------------------------
    def damage(self, state: Encounter, target_id: str, amount: int,
               options: Mapping[str, Any]):
        return actors.damage(self, state, target_id, amount, options)

    # --- turn hooks --------------------------------------------------------------------------
    def on_round_start(self, state: Encounter):
        """P2: every pool is built when the fight starts, from the weapon then in hand."""
        if state.round != 1:
            return state, []
        events, changed = [], []
        for actor in state.actors.values():
            before, after = actor.resource(POOL), self.pool_build(actor)
            if before != after:
                changed.append(actor.with_resource(POOL, after))
                events.append(ev.ResourceChanged(actor.id, POOL, before, after,
                                                 "the fight starts: pool built (P2)"))
        return state.with_actors(changed), events

    def on_turn_start(self, state: Encounter, actor_id: str):
        """P11: what was prepared and not used ends at the start of the preparer's turn."""
        return self._end_preparations(state, [actor_id], lambda p: True,
                                      "start of its next turn (P11)")

    def on_removed(self, state: Encounter, actor_id: str):
        """P11: a dodge against someone who left the fight can no longer come true."""
        return self._end_preparations(state, list(state.actors),
                                      lambda p: p.against == actor_id,
                                      f"{actor_id} left the fight (P11)")

    def _end_preparations(self, state: Encounter, ids, ending, why: str):
        events, changed = [], []
        for actor_id in ids:
            actor = state.actors[actor_id]
            prepared = system(actor).prepared
            gone = [p for p in prepared if ending(p)]
            if gone:
                events += [PreparationEnded(actor_id, p, why) for p in gone]
                changed.append(with_prepared(actor, (p for p in prepared if p not in gone)))
        return state.with_actors(changed), events

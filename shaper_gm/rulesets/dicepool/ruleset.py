"""`DicePool`: the dice-pool rules (P1-P12) behind the engine's ruleset interface."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.dice import Roll, add, parse, roll
from shaper_gm.dice.sources import DiceSource
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dicepool import actors, grid
from shaper_gm.rulesets.dicepool.events import PreparationEnded
from shaper_gm.rulesets.dicepool.models import ActorState, Library, Sheet, Weapon

POOL, ACTIONS = "pool", "actions"
POOL_START = "pool_start"          # the sheet reading resources use for P2


# How the shared verbs' messages and help name things in a dice-pool fight.
TERMS = {
    "down": "down", "down_rule": "P8", "turn_rule": "P6",
    "off_turn_hint": "outside its turn an actor acts only with an action it prepared, or "
                     "a reaction ability (P11, P12)",
    "end_rules": "P4, P6, P11", "pass_rule": "P6", "react_rule": "P4, P11",
    "act_cost": "action", "act_rules": "P3, P6", "act_example_cost": "action",
    "act_examples": "act action pull the lever|act freya action climb the wall --dt 2",
    "react_example": "odo action shove him back --dt 1",
    "add_rules": "P2", "init_rule": "P5", "start_rules": "P2, P5, P6",
    "add_examples": "add freya --as freya --at A1|add guard --as barry --count 2 --at F6|"
                    "add zed --stat str=3 --stat ac=2 --weapon spear --holding spear "
                    "--prof spear=1",
    "effect_rule": "P7, P8, P10", "manual_rule": "P1",
    "effect_examples": "effect barry slowed --speed -4 --until end:barry|"
                       "effect freya shield-wall --ac 1 --until round",
    "set_examples": "set freya pool=6|set barry hp=5 str=4|set kit zone=C3",
}


class DicePool(RulesetBase):
    id = "dicepool"
    has_hp = True
    effect_keys = ("ac", "speed", "damage")    # extra AC, metres of speed, damage per hit
    terms = TERMS
    act_resource = ACTIONS                     # `act 2 ...`: two actions (P6)
    # Saves: the generic codec reads these frozen dataclasses (engine.data).
    sheet_type = Sheet
    actor_system_type = ActorState
    encounter_system_type = None               # a dice-pool encounter keeps nothing more

    def __init__(self, library: Library) -> None:
        self.library = library
        self.numbers = numbers = library.numbers
        self.name = numbers.name
        self.rules = numbers.rules
        self.sheet_numbers = (*numbers.stats, "ac", "speed")
        self.resources = (
            # P2: built from the held weapon; P4: +CON at the end of each own turn.
            ResourceSpec(POOL, "pool", max=numbers.pool_max, start=POOL_START,
                         refill="turn_end", refill_by=numbers.refill_stat, rule="P3, P4"),
            # P6: two actions a turn; what is not used is lost at the turn's end.
            ResourceSpec(ACTIONS, "actions", max=numbers.actions_per_turn,
                         refill="turn_start", lapse="turn_end", rule="P6", hard_max=True),
        )
        self.turn_order = FixedOrder()          # P5: the GR sets the order

    @property
    def grid(self) -> tuple[int, int]:
        return self.numbers.grid                                            # P10

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        """A square as typed ("c3") checked against the grid, as the tool writes it."""
        return grid.canonical(text, cols, rows)                             # P10

    def reserved_ids(self) -> tuple[str, ...]:
        """`act [ACTOR] action|N TEXT` reads these words as a cost (P6)."""
        numbers = (str(n) for n in range(1, self.numbers.actions_per_turn + 1))
        return (POOL, ACTIONS, "action", *numbers)

    def settable_fields(self) -> tuple[str, ...]:
        """`set`: HP, the pool and actions, the sheet numbers, and every actor's fields."""
        return ("hp", POOL, ACTIONS, *self.sheet_numbers, "zone", "side", "name",
                "initiative")

    # --- `act` and `react` in dice-pool words: an action, or a number of them (P6) -----
    def is_cost(self, word: str) -> bool:
        from shaper_gm.rulesets.dicepool import flow
        try:
            flow.parse_cost(self, word)
        except RuleViolation:
            return False
        return True

    def cost_words(self) -> list[str]:
        return ["action", *(str(n) for n in range(1, self.numbers.actions_per_turn + 1))]

    def act(self, state: Encounter, actor_id: str, word: str, text: str):
        """Any other action on one's turn (P6), without a test."""
        return self._other(state, actor_id, word, text, reaction=False)

    def react(self, state: Encounter, actor_id: str, word: str, text: str):
        """A prepared action taken outside one's turn (P11), without a test."""
        return self._other(state, actor_id, word, text, reaction=True)

    def _other(self, state: Encounter, actor_id: str, word: str, text: str, *,
               reaction: bool):
        from shaper_gm.engine.steps import PlayTape
        from shaper_gm.rulesets.dicepool import actions

        def no_dice(slot, index, who):      # without a DT nothing is rolled
            raise RuleViolation("this action rolls no dice", "give a DT to make it a test")
        verb = actions.react if reaction else actions.act
        state, events, _ = verb(state, self, actions.ActRequest(actor_id, word, text),
                                PlayTape(no_dice))
        return state, events

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        """An actor of a save: every name resolves, every number is in its range."""
        from shaper_gm.rulesets.dicepool import saves
        saves.check_actor(self, state, actor, where)

    # --- sheets ------------------------------------------------------------------------
    def stat(self, sheet: Sheet, key: str) -> int:
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

    def weapon(self, actor: Actor) -> Weapon | None:
        """The weapon in the actor's hand (or its fists)."""
        return actors.held_weapon(self, system(actor).holding)

    def pool_build(self, actor: Actor) -> int:
        return actors.pool_build(self, actor.sheet, system(actor).holding)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Squares for a move: metres away and whether one movement action covers it
        (P10)."""
        actor = state.actors.get(subject) if subject else None
        if slot == "target" and verb in ("attack", "odds") and actor is not None:
            from shaper_gm.engine.offers import checked_targets
            from shaper_gm.rulesets.dicepool.attack import AttackRequest, plan_attack
            return checked_targets(state, self, actor, lambda target: plan_attack(
                state, self, AttackRequest(actor.id, target), reaction=False))
        if slot != "zone" or verb != "move" or actor is None or not actor.zone:
            return None
        from shaper_gm.engine.offers import tile_offers
        from shaper_gm.rulesets.dicepool import grid as squares
        start = squares.parse_square(actor.zone, state.cols, state.rows)
        speed = self.speed(actor)

        def note(name: str) -> tuple[int, str]:
            square = squares.parse_square(name, state.cols, state.rows)
            metres = squares.metres(self.numbers, start, square)
            if square == start:
                return 0, "here"
            if metres > speed:
                return metres, f"{metres} m · more than one move ({speed} m)"
            return metres, f"{metres} m · one move"
        return tile_offers(state, note)

    def templates(self) -> Mapping[str, Sheet]:
        """The content's characters and creatures `add --as` may name."""
        return self.library.templates

    def template(self, template_id: str) -> Sheet:
        """One template by its exact id; an unknown one refused with the known ones."""
        return actors.template_sheet(self, template_id)

    def make_actor(self, spec, zone: str | None) -> Actor:
        """An actor from `spec` (encounter.setup.NewActor): its template's sheet or the
        default one, with `--stat`/`--hp` numbers and the add flags in `spec.extra`; the
        pool as P2 builds it from the weapon in hand."""
        return actors.make_actor(self, spec.id, spec.name, spec.side, zone, spec.template,
                                 dict(spec.numbers), dict(spec.extra))

    def set_number(self, state: Encounter, actor_id: str, key: str, value: int):
        return actors.set_number(self, state, actor_id, key, value)

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

    def heal(self, state: Encounter, target_id: str, amount: int):
        return actors.heal(self, state, target_id, amount)

    # --- turn hooks --------------------------------------------------------------------------
    def on_round_start(self, state: Encounter):
        """P2: every pool is built when the fight starts, from the weapon then in hand."""
        if state.round != 1:
            return state, []
        events, changed = [], []
        for actor in state.actors.values():
            before, after = actor.resource(POOL), self.pool_build(actor)
            if before != after:
                values = actor.resource_map()
                values[POOL] = after
                changed.append(actor.with_resources(values))
                events.append(ev.ResourceChanged(actor.id, POOL, before, after,
                                                 "the fight starts: pool built (P2)"))
        return state.with_actors(changed), events

    def on_turn_start(self, state: Encounter, actor_id: str):
        """P11: what was prepared and not used ends at the start of the preparer's turn."""
        actor = state.actors[actor_id]
        held = system(actor)
        if not held.prepared:
            return state, []
        events = [PreparationEnded(actor_id, p, "start of its next turn (P11)")
                  for p in held.prepared]
        actor = actor.with_(system=replace(held, prepared=()))
        return state.with_actor(actor), events

    def on_removed(self, state: Encounter, actor_id: str):
        """P11: a dodge against someone who left the fight can no longer come true."""
        events, changed = [], []
        for actor in state.actors.values():
            held = system(actor)
            gone = [p for p in held.prepared if p.against == actor_id]
            if gone:
                events += [PreparationEnded(actor.id, p, f"{actor_id} left the fight (P11)")
                           for p in gone]
                kept = tuple(p for p in held.prepared if p not in gone)
                changed.append(actor.with_(system=replace(held, prepared=kept)))
        return state.with_actors(changed), events


def system(actor: Actor) -> ActorState:
    return actor.system if isinstance(actor.system, ActorState) else ActorState()

"""`DicePool`: the dice-pool rules (P1-P12) behind the engine's ruleset interface."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.dice import Roll, add, parse, roll
from shaper_gm.dice.sources import DiceSource
from shaper_gm.engine import events as ev
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.turns import FixedOrder
from shaper_gm.rulesets.dicepool import actors
from shaper_gm.rulesets.dicepool.events import PreparationEnded
from shaper_gm.rulesets.dicepool.models import ActorState, Library, Sheet, Weapon

POOL, ACTIONS = "pool", "actions"
POOL_START = "pool_start"          # the sheet reading resources use for P2


class DicePool(RulesetBase):
    id = "dicepool"
    has_hp = True
    effect_keys = ("ac", "speed", "damage")    # extra AC, metres of speed, damage per hit

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
                         refill="turn_start", lapse="turn_end", rule="P6"),
        )
        self.turn_order = FixedOrder()          # P5: the GR sets the order

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

    def make_actor(self, actor_id: str, name: str | None, side: str | None, zone: str | None,
                   template: str | None, numbers: Mapping[str, int],
                   extra: Mapping[str, Any]) -> Actor:
        return actors.make_actor(self, actor_id, name, side, zone, template, numbers, extra)

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


def system(actor: Actor) -> ActorState:
    return actor.system if isinstance(actor.system, ActorState) else ActorState()

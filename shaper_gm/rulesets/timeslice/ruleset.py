"""`TimesliceRuleset`: the time-slice rules (T1-T17) behind the engine's ruleset interface,
every number read from content."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.dice import DiceSource, Roll
from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.turns import CyclingPasses
from shaper_gm.rulesets.timeslice import grid, harm, surprise
from shaper_gm.rulesets.timeslice.models import (
    DYING,
    SHEET_NUMBERS,
    ActorData,
    Library,
    Sheet,
    Weapon,
)
from shaper_gm.rulesets.timeslice.rolls import bonus, stat_roll

Step = tuple[Encounter, list]
EXTRA_KEYS = ("player", "weapons", "armor", "gear")    # `add` flags besides --stat
DAMAGE_OPTIONS = ("direct", "nonlethal")


class TimesliceRuleset(RulesetBase):
    """Time slices: a TS budget spent in passes, d10s read 0-9, dying timers."""

    id = "timeslice"
    rules = "T1-T17"
    sheet_numbers = SHEET_NUMBERS
    has_hp = True

    def __init__(self, library: Library) -> None:
        self.library = library
        self.numbers = library.numbers
        self.name = library.numbers.name
        # T3, T6: TS back to the maximum each round, the rest lost at its end; T8: a
        # defense roll may spend it outside the combatant's own turn.
        self.resources = (ResourceSpec("ts", "TS", max="ts_max", refill="round_start",
                                       lapse="round_end", off_turn=True, rule="T3, T7"),)
        self.turn_order = CyclingPasses("ts")                         # T5, T6
        self.effect_keys = ("attack", "damage", "dr", "defense",
                            *(kind.id for kind in self.numbers.defenses))

    # --- sheets ---------------------------------------------------------------------------
    def stat(self, sheet: Any, key: str) -> int:
        if isinstance(sheet, Sheet):
            return sheet.number(key)
        return super().stat(sheet, key)

    def stat_bonus(self, sheet: Sheet, key: str) -> int:
        """T2: a stat's bonus is the stat minus 10."""
        return bonus(self.numbers, self.stat(sheet, key))

    def dr(self, actor: Actor) -> int:
        """T12: the sheet's DR (armor included) plus effects, never below 0."""
        return max(0, actor.sheet.dr + actor.effect_total("dr"))

    def weapon(self, weapon_id: str) -> Weapon:
        if weapon_id == self.numbers.unarmed.id:
            return self.numbers.unarmed
        found = self.library.weapons.get(weapon_id)
        if found is None:
            raise RuleViolation(f"no weapon {weapon_id!r} in the time-slice content",
                                f"known: {', '.join(sorted(self.library.weapons))}")
        return found

    def held(self, actor: Actor) -> str | None:
        return harm.info(actor).held

    def make_actor(self, actor_id: str, name: str, side: str, zone: str | None,
                   template: str | None, numbers: Mapping[str, int],
                   extra: Mapping[str, Any]) -> Actor:
        """An actor from a template (or the default sheet), `--stat` numbers (and `hp`)
        overriding it, and the `add` flags `player`, `weapons`, `armor`, `gear`."""
        sheet = self._sheet(template, numbers, extra)
        system = ActorData(held=sheet.weapons[0] if sheet.weapons else None)
        return Actor(id=actor_id, name=name, side=side, sheet=sheet, hp=sheet.hp,
                     max_hp=sheet.hp, zone=zone, system=system, template=template,
                     resources=resources.starting(self.resources, sheet, self.stat))

    def _sheet(self, template_id: str | None, numbers: Mapping[str, int],
               extra: Mapping[str, Any]) -> Sheet:
        lib = self.library
        if template_id is None:
            base = dict(self.numbers.default_sheet)
            fields: dict[str, Any] = {k: base.get(k, 10) for k in ("q", "u", "v")}
            fields.update(hp=base.get("hp", 10), ts_max=base.get("ts_max",
                                                                   self.numbers.ts_default))
            natural_dr, weapons, armor, gear, player = base.get("dr", 0), (), None, (), False
        else:
            template = lib.templates.get(template_id)
            if template is None:
                raise RuleViolation(f"no time-slice template {template_id!r}",
                                    f"known: {', '.join(sorted(lib.templates))}")
            fields = {"q": template.q, "u": template.u, "v": template.v, "hp": template.hp,
                      "ts_max": template.ts_max if template.ts_max is not None
                      else self.numbers.ts_default}
            natural_dr, weapons = template.dr, template.weapons
            armor, gear, player = template.armor, template.gear, template.player
        unknown = sorted(set(extra) - set(EXTRA_KEYS))
        if unknown:
            raise RuleViolation(f"time-slice actors have no {', '.join(unknown)}",
                                f"flags: {', '.join(EXTRA_KEYS)}")
        player = bool(extra.get("player", player))
        weapons = tuple(extra.get("weapons", weapons))
        armor = extra.get("armor", armor)
        gear = tuple(extra.get("gear", gear))
        for weapon in weapons:
            self.weapon(weapon)
        if armor is not None and armor not in lib.armor:
            raise RuleViolation(f"no armor {armor!r} (T12)",
                                f"known: {', '.join(sorted(lib.armor))}")
        for item in gear:
            if item not in lib.gear:
                raise RuleViolation(f"no gear {item!r}", f"known: {', '.join(sorted(lib.gear))}")
        dr = natural_dr + (lib.armor[armor].dr if armor else 0)
        for key, value in numbers.items():
            if key not in (*SHEET_NUMBERS, "hp"):
                raise RuleViolation(f"a time-slice sheet has no number {key!r}",
                                    f"--stat takes {', '.join(SHEET_NUMBERS)}; --hp N")
            low = 1 if key == "hp" else 0
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise RuleViolation(f"{key}={value!r}: expected a whole number of at least "
                                    f"{low}", f"e.g. --stat {key}=10")
        values = {**fields, "dr": dr, **numbers}
        return Sheet(q=values["q"], u=values["u"], v=values["v"], hp=values["hp"],
                     dr=values["dr"], ts_max=values["ts_max"], weapons=weapons, armor=armor,
                     gear=gear, player=player)

    # --- initiative (T4) --------------------------------------------------------------------
    def initiative(self, actor: Actor, source: DiceSource) -> Roll:
        """T4: 2d10 (read 0-9) + the [Q] bonus."""
        stat = self.numbers.initiative_stat
        return stat_roll(self.numbers, self.stat(actor.sheet, stat), source,
                         f"initiative of {actor.name}")

    def order_tiebreak(self, actor: Actor) -> int:
        """T4: a tie goes to the higher [Q]; then the GM decides."""
        return self.stat(actor.sheet, self.numbers.initiative_stat)

    # --- the GM's tools -----------------------------------------------------------------
    def damage(self, state: Encounter, target_id: str, amount: int,
               options: Mapping[str, Any]) -> Step:
        """Damage like a hit: DR first unless `direct` (T12); 0 HP by T13; on a dying
        character it counts as an attack (T14)."""
        unknown = sorted(set(options) - set(DAMAGE_OPTIONS))
        if unknown:
            raise RuleViolation(f"damage has no option {', '.join(unknown)}",
                                f"options: {', '.join(DAMAGE_OPTIONS)}")
        if amount < 0:
            raise RuleViolation(f"damage cannot be negative ({amount})", "use heal instead")
        actor = state.actors[target_id]
        harm.refuse_dead(actor, "damage")
        if harm.info(actor).condition == DYING:
            state, events = harm.attack_dying(state, self.numbers, target_id,
                                              "damage on a dying character (T14)")
        else:
            dr = 0 if options.get("direct") else self.dr(actor)
            taken = max(0, amount - dr)
            why = f"{amount} damage" + (f" - DR {dr} (T12)" if dr else "")
            state, events = harm.lose_hp(state, self.numbers, target_id, taken,
                                         nonlethal=bool(options.get("nonlethal")), why=why)
        return self._settle(state, target_id, events)

    def heal(self, state: Encounter, target_id: str, amount: int) -> Step:
        return harm.heal(state, self.numbers, target_id, amount, f"healed {amount}")

    def _settle(self, state: Encounter, actor_id: str, events: list) -> Step:
        """A combatant that goes down on its own turn ends it."""
        if state.turn == actor_id and state.actors[actor_id].down:
            state, ended = self.turn_order.end_turn(state, self)
            events = events + ended
        return state, events

    # --- turn hooks --------------------------------------------------------------------
    def on_round_start(self, state: Encounter) -> Step:
        return surprise.surprised_gain_nothing(state)                       # T16

    def on_round_end(self, state: Encounter) -> Step:
        return harm.pass_time(state, self.numbers.round_seconds,            # T15
                              f"round {state.round} ({self.numbers.round_seconds} s, T15)")

    # --- the grid (T17) ----------------------------------------------------------------
    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        return grid.unit_name(grid.parse_unit(text, cols, rows))

    def distance(self, zone_a: str | None, zone_b: str | None) -> int | None:
        return grid.between(zone_a, zone_b, self.numbers.diagonal_step)

"""`TimesliceRuleset`: the time-slice rules (T1-T17) behind the engine's ruleset interface,
every number read from content, and its words for the shared verbs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.dice import DiceSource, Roll, parse
from shaper_gm.engine import events as ev
from shaper_gm.engine import grid, speeds
from shaper_gm.engine.cycling_passes import CyclingPasses
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.names import match_one
from shaper_gm.engine.offers import Offer, checked_targets, tile_offers
from shaper_gm.engine.request import Request
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.rulesets.timeslice import harm, sheets, surprise
from shaper_gm.rulesets.timeslice.models import (
    DYING,
    SHEET_NUMBERS,
    ActorData,
    EncounterData,
    Library,
)
from shaper_gm.rulesets.timeslice.rolls import ZERO_READ_SIDES, bonus, stat_roll, zero_read

DAMAGE_OPTIONS = ("direct", "nonlethal")
FLYING = "^"                         # the map's mark of a flying actor (T17)


class TimesliceRuleset(RulesetBase):
    """Time slices: a TS budget spent in passes, d10s read 0-9, dying timers."""

    id = "timeslice"
    rules = "T1-T17"
    sheet_numbers = SHEET_NUMBERS
    has_hp = True
    # Saves: the generic codec reads these frozen dataclasses (engine.data); the sheet's
    # is declared in kinds.yaml, as its numbers' ranges (content, add --stat, a save).
    actor_system_type = ActorData
    encounter_system_type = EncounterData
    act_resource = react_resource = "ts"                 # `act 2 ...`, `react ID 1 ...` (T7, T8)

    def __init__(self, library: Library) -> None:
        self.library = library
        self.sheet_type = library.kinds.record("Sheet")
        self.sheet_ranges = library.kinds.sheet_numbers("Sheet", {})
        self.numbers = library.numbers
        self.name = library.numbers.name
        self.terms = dict(library.numbers.terms)            # content's words (ruleset.yaml)
        # T3, T6: TS back to the maximum each round, the rest lost at its end; T8: a
        # defense roll may spend it outside the combatant's own turn.
        self.resources = (ResourceSpec("ts", "TS", max="ts_max", refill="round_start",
                                       lapse="round_end", off_turn=True, rule="T3, T7"),)
        self.turn_order = CyclingPasses("ts")                         # T5, T6
        self.effect_keys = ("attack", "damage", "dr", "defense",
                            *(kind.id for kind in self.numbers.defenses))

    # --- sheets -------------------------------------------------------------------------
    def stat_bonus(self, sheet: Any, key: str) -> int:
        """T2: a stat's bonus is the stat minus 10."""
        return bonus(self.numbers, self.stat(sheet, key))

    def dr(self, actor: Actor) -> int:
        """T12: the sheet's DR (armor included) plus effects, never below 0."""
        return max(0, actor.sheet.dr + actor.effect_total("dr"))

    def weapon(self, weapon_id: str) -> Any:
        if weapon_id == self.numbers.unarmed.id:
            return self.numbers.unarmed
        found = self.library.weapons.get(weapon_id)
        if found is None:
            raise RuleViolation(f"no weapon {weapon_id!r} in the time-slice content",
                                f"known: {', '.join(sorted(self.library.weapons))}")
        return found

    def actor_of(self, state: Encounter, actor_id: str) -> Actor:
        actor = state.actors.get(actor_id)
        if actor is None:
            raise RuleViolation(f"no combatant {actor_id!r}",
                                f"combatants: {', '.join(state.actors) or 'none yet'}")
        return actor

    def down_word(self, actor: Actor) -> str:
        """Unconscious, dying or dead (T13, T14)."""
        return harm.info(actor).condition

    def make_actor(self, spec, zone: str | None) -> Actor:
        """The actor `add` asked for (`encounter.setup.NewActor`): a template or the
        default sheet, `--stat` numbers and the `add` flags over it (sheets.py)."""
        return sheets.new_actor(self, spec, zone)

    carried, carrying = sheets.carried, sheets.carrying             # T11: a party's items

    def templates(self) -> Mapping[str, Any]:
        return self.library.templates

    def new_system(self) -> EncounterData:
        return EncounterData()

    # --- words the GM types -------------------------------------------------------------
    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None):
        """Content weapons, armor and gear; an actor's carried weapons (`attack --with`,
        `draw`); called shots, defense kinds and groups; each by unique prefix."""
        lib, numbers = self.library, self.numbers
        tables = {"weapon": (lib.weapons, "weapon"), "armor": (lib.armor, "armor"),
                  "gear": (lib.gear, "gear"), "held": ([*lib.weapons, sheets.NOTHING], "weapon"),
                  "called": ([c.id for c in numbers.called_shots], "called shot"),
                  "defense": ([d.id for d in numbers.defenses], "defense"),
                  "group": (sorted({a.side for a in state.actors.values()}), "group")}
        if kind in ("carried", "item") and actor_id in state.actors:
            actor = state.actors[actor_id]
            carried = list(actor.sheet.weapons) + ([numbers.unarmed.id] if kind == "carried"
                                                   else [])
            if not carried:
                raise RuleViolation(f"{actor.name} carries no weapon", "add it with add --weapon")
            return match_one(word, carried, "weapon", f"{actor.name} carries: {', '.join(carried)}")
        if kind in tables:
            known, what = tables[kind]
            return match_one(word, sorted(known), what, f"known: {', '.join(sorted(known))}")
        return super().resolve_word(state, kind, word, actor_id)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Units to move to with what reaching them costs; the targets an attack may take
        on; `draw`'s weapons, those in hand and dropped marked (T7, T11, T17)."""
        actor = state.actors.get(subject) if subject else None
        if actor is None:
            return None
        if slot == "zone" and verb == "move" and actor.zone:
            return self._unit_offers(state, actor)
        if slot == "speed":                            # its own movement modes (T17)
            return [Offer(m, note) for m, note in speeds.offers(self.speeds(actor.sheet),
                                                                "unit")]
        if slot == "target" and verb in ("attack", "odds"):
            from shaper_gm.rulesets.timeslice.attack import prepare
            return checked_targets(state, self, actor, lambda target: prepare(
                state, self, Request("attack", (("actor", actor.id), ("target", target)))))
        if slot not in ("item", "carried"):            # draw's weapon, attack's --with
            return None
        data, out = harm.info(actor), []
        for weapon_id in dict.fromkeys(actor.sheet.weapons):
            weapon = self.library.weapons.get(weapon_id)
            notes = [weapon.name, f"{weapon.damage} damage"] if weapon else []
            if weapon_id == data.held:
                notes.append("in hand")
            elif weapon_id in data.dropped:
                notes.append(f"dropped: pick up for {self.numbers.cost('pick_up')} TS")
            out.append(Offer(weapon_id, " · ".join(notes)))
        return out

    def _unit_offers(self, state: Encounter, actor: Actor) -> list[Offer]:
        """Units by distance, with the TS the move maneuvers to reach them cost (T7,
        T17), and whether the actor has that much left."""
        left = actor.resource("ts")

        def note(unit: str) -> tuple[int, str]:
            units = self.distance(actor.zone, unit)
            if units == 0:
                return 0, "here"
            cost = self.moves(units) * self.numbers.cost("move")
            text = f"{units} unit{'s' if units > 1 else ''} · {cost} TS"
            return units, text + (f" · more than the {left} TS left" if cost > left else "")
        return tile_offers(state, note)

    # --- dice (T1, T2, T4) ------------------------------------------------------------------
    def dice_expression(self, text: str):
        """Dice notation as the table reads it: every d10 reads 0-9 (T1)."""
        return zero_read(parse(text), self.numbers.zero_faces)

    def check_faces(self, flag: str, faces: Any, expr: Any = None) -> None:
        """T1: a d10 reads 0-9, so a 10 given for one is refused with that reason (every
        slot's dice are d10s; of an expression, only its d10s read so)."""
        if not self.numbers.zero_faces or not isinstance(faces, tuple):
            return
        dice = [t for t in expr.dice_terms for _ in range(t.count)] if expr is not None \
            else None
        for at, face in enumerate(faces):
            term = dice[at] if dice is not None and at < len(dice) else None
            ten = dice is None or (term is not None and term.sides == ZERO_READ_SIDES
                                   and term.low == 0)
            if ten and face > ZERO_READ_SIDES - 1:
                raise RuleViolation(f"--{flag}: {face} is not a face here: a d10 reads 0-9, "
                                    "its 0 is 0, not 10 (T1)",
                                    f"give faces from 0 to 9, e.g. --{flag} 0,7")

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        """An actor of a save: every name resolves, every number is in its range."""
        from shaper_gm.rulesets.timeslice import saves
        saves.check_actor(self, state, actor, where)

    def with_legacy_fields(self, data: dict, log: list[str]) -> dict:
        """T10's standing defense, for a save written before it was kept."""
        from shaper_gm.rulesets.timeslice import saves
        return saves.with_standing_defenses(data, log)

    def check_references(self, state: Encounter, where: str) -> None:
        """The encounter's own numbers and names."""
        from shaper_gm.rulesets.timeslice import saves
        saves.check_encounter(self, state, where)

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
               options: Mapping[str, Any]) -> Change:
        """Damage like a hit: DR first unless `direct` (T12); 0 HP by T13; on a dying
        character it counts as an attack (T14). What DR stops still shows the HP."""
        unknown = sorted(set(options) - set(DAMAGE_OPTIONS))
        if unknown:
            raise RuleViolation(f"damage has no option {', '.join(unknown)}",
                                f"options: {', '.join(DAMAGE_OPTIONS)}")
        if amount < 0:
            raise RuleViolation(f"damage cannot be negative ({amount})", "use heal instead")
        actor = state.actors[target_id]
        harm.refuse_dead(actor, "damage")
        if harm.info(actor).condition == DYING:
            return harm.attack_dying(state, self.numbers, target_id,
                                     "damage on a dying character (T14)")
        dr = 0 if options.get("direct") else self.dr(actor)
        why = f"{amount} damage" + (f" - DR {dr} (T12)" if dr else "")
        state, events = harm.lose_hp(state, self.numbers, target_id, max(0, amount - dr),
                                     nonlethal=bool(options.get("nonlethal")), why=why)
        return state, events or [ev.HpChanged(target_id, actor.hp or 0, actor.hp or 0, why)]

    def heal(self, state: Encounter, target_id: str, amount: int) -> Change:
        return harm.heal(state, self.numbers, target_id, amount)

    def set_hp(self, state: Encounter, target_id: str, hp: int) -> Change:
        """`set ACTOR hp=N`: T13 below, T14 above (harm.set_hp)."""
        return harm.set_hp(state, self.numbers, target_id, hp, "set by the GM")

    def after_change(self, state: Encounter, before: Encounter | None = None) -> Change:
        """After any change: a turn whose combatant went down or has no TS left ends
        (T5); when nobody can act any more, no turn runs (the turn order settles)."""
        return self.turn_order.settle(state, self)

    def on_removed(self, state: Encounter, actor_id: str) -> Change:
        """A combatant that leaves is no longer among the surprised (T16)."""
        data = harm.fight(state)
        if actor_id not in data.surprised:
            return state, []
        return state.with_(system=data.with_(surprised=data.surprised - {actor_id})), []

    # --- turn hooks --------------------------------------------------------------------
    def on_round_start(self, state: Encounter) -> Change:
        return surprise.surprised_gain_nothing(state)                       # T16

    def on_round_end(self, state: Encounter) -> Change:
        return harm.pass_time(state, self.numbers.round_seconds,            # T15
                              f"round {state.round} ({self.numbers.round_seconds} s, T15)")

    # --- the grid (T17): units, a diagonal step `diagonal_step` of them ------------------
    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid.cols, self.numbers.grid.rows)

    def cell(self, state: Encounter, text: str) -> grid.Cell:
        return grid.parse_cell(text, state.cols, state.rows, what="unit", rule="T17")

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        return grid.canonical(text, cols, rows, what="unit", rule="T17")

    def distance(self, zone_a: str | None, zone_b: str | None) -> int | None:
        """Units between two units (None when either is not placed): the one measure of
        reach, moves and completion's notes."""
        if zone_a is None or zone_b is None:
            return None
        return grid.steps(grid.cell_from_name(zone_a), grid.cell_from_name(zone_b),
                          self.numbers.diagonal_step)

    def how_far(self, distance: int) -> str:
        return f"{distance} unit{'s' if distance != 1 else ''} away"     # T17

    def moves(self, units: int, per: int | None = None) -> int:
        """T7, T17: the move maneuvers it takes to cover `units`, `per` units each (by
        default `move_units`, a walker's)."""
        return -(-units // (per or self.numbers.move_units))

    def map_mark(self, actor: Actor) -> str:
        """``^`` on the map beside a flying actor (T17)."""
        return FLYING if harm.info(actor).flying else ""

    def map_notes(self, state: Encounter) -> list[str]:
        """The map's legend for the flying mark (T17)."""
        flying = any(harm.info(a).flying for a in state.actors.values())
        return [f"{FLYING} flying (moved with --speed fly)"] if flying else []

    def speeds(self, sheet: Any) -> tuple[tuple[str, int], ...]:
        """Its movement modes, units per move maneuver (T7, T17): the sheet's, else
        ground at `move_units`."""
        return tuple(sheet.speeds) or ((speeds.GROUND, self.numbers.move_units),)

    def units(self, state: Encounter, a: str, b: str) -> int | None:
        return self.distance(state.actors[a].zone, state.actors[b].zone)

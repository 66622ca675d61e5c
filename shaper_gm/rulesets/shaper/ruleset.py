"""`ShaperRuleset`: the Shaper rules behind the engine's ruleset interface (S1-S29)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from shaper_gm.content.schema import ContentError
from shaper_gm.dice import DiceSource, Roll, basic_roll, roll
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper import (
    battlefield,
    economy,
    hooks,
    model,
    saves,
    situation,
    skills,
)
from shaper_gm.rulesets.shaper.content.models import Library, RulesetNumbers, Weapon
from shaper_gm.rulesets.shaper.creation import ActorStats, create_actor, stats_from_sheet
from shaper_gm.rulesets.shaper.situation import FieldView

# The attack's own modules (its plan, checks, pipeline and damage) load with the first
# attack or odds, not with the ruleset: most commands never need them.
if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.attack import AttackOutcome, AttackPlan, Dice, TargetPlan
    from shaper_gm.rulesets.shaper.damage import DamageResult
    from shaper_gm.rulesets.shaper.modifiers import Modifiers
    from shaper_gm.rulesets.shaper.prepare import AttackRules, PreparedAttack

# What `add --stat NAME=N` and `set` may change on a Shaper sheet.
SHEET_NUMBERS = ("level", "vigor", "finesse", "mentality", "hp")
# The modifiers an effect may carry (S26).
EFFECT_KEYS = ("attack", "damage", "evasion", "absorb")


def _no_modifiers() -> Modifiers:
    from shaper_gm.rulesets.shaper.modifiers import Modifiers
    return Modifiers()


def _sheet(who: Actor | ActorStats) -> ActorStats:
    return who.sheet if isinstance(who, Actor) else who


class ShaperRuleset(RulesetBase):
    """Shaper, every number read from `RulesetNumbers` (S1-S29)."""

    rules = "S1-S29"
    sheet_type = ActorStats
    actor_system_type = model.ShaperActor
    encounter_system_type = model.ShaperField
    effect_keys = EFFECT_KEYS
    sheet_numbers = SHEET_NUMBERS
    terms = {"down": "Down", "down_rule": "S8", "turn_rule": "S18",
             "off_turn_hint": "skills whose trigger allows it can be used with --sp (S23)",
             "end_rules": "S8, S17, S18, S20-S22, S24, S26", "act_cost": "major|minor|free",
             "act_rules": "S18, S19", "act_example_cost": "minor",
             "act_examples": "act minor pick up the key|act josh free shout a warning",
             "add_rules": "S27-S29", "init_rule": "S17", "start_rules": "S17, S18, S22",
             "add_examples": "add josh --as josh --at A5|add goblin --as bandit --count 3 "
                             "--at D1|add zed --finesse 1 --weapon longbow --weapon dagger "
                             "--skill longshot",
             "effect_rule": "S26", "used_up_key": "absorb", "manual_rule": "S4",
             "effect_examples": "effect monica blessed --attack 1 --until end:monica|"
                                "effect taylor ward --absorb 3",
             "set_examples": "set josh hp=9 sp=0|set goblin-1 zone=C3|set raider major=1",
             "map_rules": "S9-S11", "order_rules": "S17"}

    def __init__(self, numbers: RulesetNumbers, library: Library | None = None, *,
                 load_library: Callable[[], Library] | None = None) -> None:
        self.numbers = numbers
        self._library = library                  # None: read on first use, see `library`
        self._load_library = load_library or Library     # none given: an empty library
        self.id = numbers.id
        self.name = numbers.name
        self.resources = economy.resource_specs(numbers)
        self.turn_order = FixedOrder()                  # S17

    @property
    def library(self) -> Library:
        """The content library. Built with `load_library`, the ruleset reads it on first
        use, so a command that needs no item, skill or sheet does not wait for them; a
        library that cannot be read then refuses that command, naming the problem."""
        if self._library is None:
            try:
                self._library = self._load_library()
            except ContentError as exc:
                raise CommandError(f"the content library cannot be read: {exc.summary()}",
                                   "nothing changed; fix content/ or set SHAPER_GM_CONTENT "
                                   "to a content folder") from None
        return self._library

    # The engine's questions ---------------------------------------------------------------
    def stat(self, sheet: ActorStats, key: str) -> int:
        """A sheet number; an action kind reads the actor's own pool (S18, S21)."""
        if key in economy.action_kinds(self.numbers) or (sheet.pool and key in
                                                          sheet.pool.as_dict()):
            return self.new_pool(sheet).get(key, 0)
        return int(getattr(sheet, key, 0) or 0)

    def on_turn_start(self, state: Encounter, actor_id: str):
        return hooks.turn_started(state, actor_id)

    def on_round_end(self, state: Encounter):
        return hooks.round_ended(state)

    def on_down(self, state: Encounter, actor_id: str):
        return hooks.went_down(state, actor_id)

    def on_removed(self, state: Encounter, actor_id: str):
        return hooks.removed(state, actor_id)

    def on_placed(self, state: Encounter, actor_id: str, before: str | None):
        return hooks.placed(state, actor_id, before)

    def is_cost(self, word: str) -> bool:
        return word.lower() in economy.action_kinds(self.numbers)

    def cost_words(self) -> list[str]:
        return list(economy.action_kinds(self.numbers))

    def act(self, state: Encounter, actor_id: str, word: str, text: str):
        """Any other action: the GM names its kind; it is paid and logged (S18, S19)."""
        from shaper_gm.rulesets.shaper import actions
        return actions.act(state, self, actor_id, word, text)

    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid_cols, self.numbers.grid_rows)           # S9

    def templates(self) -> dict:
        return {**self.library.creatures, **self.library.characters}

    migrations = {1: saves.v1_to_v2}

    def save_extras(self, state: Encounter, actor: Actor) -> dict:
        return saves.extras(state, actor)

    def save_extras_touched(self, before: Encounter, after: Encounter) -> frozenset[str]:
        return saves.touched(before, after)

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        saves.check_extras(state, actor, raw, where)
        saves.check_references(actor, self.library, where)     # only actors name content

    def check_references(self, state: Encounter, where: str) -> None:
        saves.check_engagements(state, where)

    def new_system(self) -> model.ShaperField:
        return model.ShaperField()

    def reserved_ids(self) -> tuple[str, ...]:
        return economy.action_kinds(self.numbers)         # `act minor ...` reads them

    def make_actor(self, spec, zone: str | None) -> Actor:
        """An actor from a template with the GM's overrides, or by the creation rules
        (S27-S29): full HP and SP, the pool empty until its turn (S18, S22)."""
        sheet = spec.template
        hp = dict(spec.numbers).get("hp")
        if hp is not None and hp < 1:
            raise RuleViolation(f"--hp {hp}: an actor starts with 1 HP or more (S27)",
                                "e.g. --hp 12")
        name = spec.name or (sheet.name if sheet else spec.id.replace("-", " ").title())
        stats = self.stats_for(self.library, spec.id, name, sheet,
                               {**dict(spec.numbers), **dict(spec.extra)})
        side = spec.side or (sheet.side if sheet and sheet.side else "enemies")
        unloaded = tuple(w for w in stats.weapons
                         if (item := self.library.weapons.get(w)) is not None and item.reload)
        values = {**dict.fromkeys(self.new_pool(stats), 0), economy.SP: stats.max_sp}
        return Actor(id=spec.id, name=name, side=side, sheet=stats, hp=stats.max_hp,
                     max_hp=stats.max_hp, zone=zone, resources=tuple(values.items()),
                     system=model.ShaperActor(holding=stats.holding, unloaded=unloaded),
                     template=sheet.id if sheet else None)

    # Turn economy (S18, S19, S22) ------------------------------------------------------
    def new_pool(self, stats: ActorStats | None = None) -> dict[str, int]:
        return economy.new_pool(self.numbers, stats.pool if stats is not None else None)

    def pay(self, pool: Mapping[str, int], kind: str, *, who: str = "",
            full: Mapping[str, int] | None = None) -> tuple[dict[str, int], str]:
        return economy.pay(self.numbers, pool, kind, who=who, full=full)

    def cost(self, action: str) -> str:
        costs = dict(self.numbers.costs)
        if action not in costs:
            raise RuleViolation(f"no cost listed for {action!r} (S19)",
                                f"use one of: {', '.join(sorted(costs))}, or `act major|minor|"
                                f"free TEXT`")
        return costs[action]


    # Turn order (S17) --------------------------------------------------------------------
    def initiative(self, who: Actor | ActorStats, source: DiceSource,
                   mods: Modifiers | None = None) -> Roll:
        stats = _sheet(who)
        return basic_roll(source, bonus=stats.ability(self.numbers.turn_order_ability),
                          mods=mods or _no_modifiers(), basic_expr=self.numbers.basic_roll,
                          what=f"initiative of {stats.name}")

    # Creation (S27-S29) ----------------------------------------------------------------
    def create_actor(self, **fields: Any) -> ActorStats:
        return create_actor(self.numbers, self.library, **fields)

    def stats_from_sheet(self, sheet: Any, **overrides: Any) -> ActorStats:
        return stats_from_sheet(self.numbers, self.library, sheet, **overrides)

    # Attack preparation (S13, S15, S16, S19a, S20, S23-S25, S28): prepare.py -------------
    @cached_property
    def attack_rules(self) -> AttackRules:
        from shaper_gm.rulesets.shaper.prepare import AttackRules
        return AttackRules(self)

    def weapon(self, stats: ActorStats, item: str) -> Weapon:
        """The weapon or offensive spell `item` of an actor."""
        return self.attack_rules.weapon(stats, item)

    def target_plan(self, stats: ActorStats, view: FieldView, **given: Any) -> TargetPlan:
        """A target's Evasion and Defense (see `AttackRules.target_plan`)."""
        return self.attack_rules.target_plan(stats, view, **given)

    def prepare_attack(self, attacker: ActorStats, weapon: str | Weapon,
                       targets: Sequence[TargetPlan], view: FieldView,
                       **choices: Any) -> PreparedAttack:
        """An attack checked and planned (see `AttackRules.prepare_attack`)."""
        return self.attack_rules.prepare_attack(attacker, weapon, targets, view, **choices)

    # Resolution (S5-S8) ----------------------------------------------------------------
    def resolve_attack(self, plan: AttackPlan, targets: Sequence[TargetPlan],
                       dice: Dice, decisions=None) -> AttackOutcome:
        from shaper_gm.rulesets.shaper.pipeline import resolve_attack
        return resolve_attack(self.numbers, plan, targets, dice, decisions)

    def apply_damage(self, damage: int, defense: int | None, *, magic: bool = False,
                     pierce: int = 0, absorb: int = 0, hp: int) -> DamageResult:
        from shaper_gm.rulesets.shaper.damage import damage_pipeline
        return damage_pipeline(damage, defense, magic=magic, pierce=pierce, absorb=absorb,
                               hp=hp)

    def defense_roll(self, stats: ActorStats, source: DiceSource) -> Roll | None:
        """The armor's Defense roll (S7), None without armor (Defense 0)."""
        if stats.defense is None:
            return None
        return roll(stats.defense, source, what=f"Defense of {stats.name}")

    # Battlefield (S9-S13) --------------------------------------------------------------
    def parse_zone(self, text: str, cols: int | None = None,
                   rows: int | None = None) -> tuple[int, int]:
        return battlefield.parse_zone(text, cols or self.numbers.grid_cols,
                                      rows or self.numbers.grid_rows)

    def _zone(self, z: str | tuple[int, int]) -> tuple[int, int]:
        # No grid bound here: the encounter checked zones against its grid on entry.
        return battlefield.zone_from_name(z) if isinstance(z, str) else z

    def distance(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> int:
        return battlefield.distance(self._zone(a), self._zone(b), self.numbers.diagonal)

    def band_name(self, steps: int) -> str:
        return battlefield.band_name(steps, self.numbers.band_names)

    def move_cost(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> int:
        """Move actions (each a Short step, S12) from a to b."""
        return battlefield.move_cost(self.distance(a, b))

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """What completion offers for `slot` now (targets in reach first, with bands)."""
        from shaper_gm.rulesets.shaper.offers import offers
        return offers(self, state, slot, subject, verb)

    # What the live encounter asks of a ruleset besides the above -------------------------
    @property
    def hands(self) -> int:
        return self.numbers.hands

    def hands_needed(self, library: Library, item: str) -> int:
        from shaper_gm.rulesets.shaper.creation import hands_needed
        return hands_needed(library, item)

    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        """A zone name as typed ("b4") checked against the grid, as the tool writes it."""
        return battlefield.zone_name(battlefield.parse_zone(text, cols, rows))

    def stats_for(self, library: Library, id: str, name: str, sheet: Any,
                  overrides: Mapping[str, Any]) -> ActorStats:
        """An actor from a template with the GM's overrides, or from the creation rules."""
        if sheet is not None:
            return stats_from_sheet(self.numbers, library, sheet, id=id, name=name, **overrides)
        return create_actor(self.numbers, library, id=id, name=name, **overrides)

    def order_tiebreak(self, who: Actor | ActorStats) -> int:
        """S17: ties in turn order go to the higher ability the ruleset names."""
        return _sheet(who).ability(self.numbers.turn_order_ability)

    def spend_sp(self, current: int, *, times: int = 1, who: str = "") -> int:
        return skills.spend_sp(self.numbers, current, times=times, who=who)

    def check_uses(self, skill: Any, level: int, used: int, *, who: str = "") -> None:
        skills.check_uses(skill, level, used, who=who)

    def check_trigger(self, stats: ActorStats, skill: Any, level: int, *, moment: str,
                      shield_raised: bool = False, who: str = "") -> None:
        skills.check_trigger(self.numbers, stats, skill, level, moment=moment,
                             shield_raised=shield_raised, who=who)

    def spell_cost(self, added: int, reduction: int) -> skills.SpellCost:
        return skills.spell_cost(added, reduction)

    def effect_scale(self, per: str | None, stats: ActorStats, level: int) -> int:
        return skills.scale(per, stats, level)

    def spell_range(self, holding: Sequence[str]) -> int:
        """Bands a spell reaches: the base spell range plus held foci (a wand, S13)."""
        focus = sum(item.spell_range_bonus for item in
                    (self.library.weapons.get(h) for h in holding) if item is not None)
        return self.numbers.base_spell_range + focus

    # Views and bundles the encounter builds without knowing Shaper's modules ----------
    def field_view(self, actors: Mapping[str, Any], names: Mapping[str, str],
                   groups: Mapping[str, tuple[str, ...]] | None = None) -> FieldView:
        """The battlefield as the situational rules read it: `actors` maps ids to
        placements (`placement`), `groups` engagements to their members."""
        return FieldView(actors, names, groups)

    def placement(self, zone: str | None, side: str, group: str | None,
                  down: bool) -> situation.Placement:
        """Where an actor stands for the situational rules (zone name or None)."""
        return situation.Placement(zone=self._zone(zone) if zone else (0, 0), side=side,
                                   engagement=group, down=down)

    def dice(self, *, attack: DiceSource, damage: DiceSource,
             evasion: Sequence[DiceSource], defense: Sequence[DiceSource]) -> Dice:
        """One dice source per roll slot of an attack (S4)."""
        from shaper_gm.rulesets.shaper.attack import Dice
        return Dice(attack=attack, damage=damage, evasion=tuple(evasion),
                    defense=tuple(defense))

    def odds(self, prepared: PreparedAttack, decisions=None) -> list:
        """Exact hit, critical and damage-taken odds per target of a prepared attack."""
        from shaper_gm.rulesets.shaper.odds import attack_target_odds
        return [attack_target_odds(self.numbers, prepared.plan, t, decisions)
                for t in prepared.targets]

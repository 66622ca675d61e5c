"""`ShaperRuleset`: the Shaper rules behind the `Ruleset` interface, built from content."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shaper_gm.content.models import ABILITIES, Library, RulesetNumbers, Weapon
from shaper_gm.dice import DiceSource, Modifiers, Roll, basic_roll, parse, roll
from shaper_gm.rules.errors import RuleViolation
from shaper_gm.rulesets.shaper import battlefield, economy, situation, skills
from shaper_gm.rulesets.shaper.attack import AttackOutcome, AttackPlan, Dice, TargetPlan
from shaper_gm.rulesets.shaper.attack import resolve_attack as _resolve_attack
from shaper_gm.rulesets.shaper.creation import (
    ActorStats,
    attack_bonus_name,
    create_actor,
    damage_bonus_name,
    stats_from_sheet,
)
from shaper_gm.rulesets.shaper.damage import DamageResult, damage_pipeline
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.situation import FieldView, RangeCheck

ALL_ENGAGED_ENEMIES = "all_engaged_enemies"


@dataclass(frozen=True)
class PreparedAttack:
    """An attack checked against the situation, ready for `resolve_attack`."""

    plan: AttackPlan
    targets: tuple[TargetPlan, ...]
    ranges: tuple[RangeCheck, ...]        # per target
    skill_triggers: int                   # skills to pay: 1 Major or SP each (S23)
    free_skills: int                      # spell skills made free by Mentality (S25)


class ShaperRuleset:
    """Shaper, every number read from `RulesetNumbers` (S1-S29)."""

    def __init__(self, numbers: RulesetNumbers, library: Library | None = None) -> None:
        self.numbers = numbers
        self.library = library or Library()
        self.id = numbers.id

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

    def start_turn_sp(self, stats: ActorStats, sp: int) -> int:
        return skills.regen_sp(sp, stats.sp_regen, stats.max_sp)

    # Turn order (S17) --------------------------------------------------------------------
    def initiative(self, stats: ActorStats, source: DiceSource,
                   mods: Modifiers | None = None) -> Roll:
        return basic_roll(source, bonus=stats.ability(self.numbers.turn_order_ability),
                          mods=mods or Modifiers(), basic_expr=self.numbers.basic_roll,
                          what=f"initiative of {stats.name}")

    # Creation (S27-S29) ----------------------------------------------------------------
    def create_actor(self, **fields: Any) -> ActorStats:
        return create_actor(self.numbers, self.library, **fields)

    def stats_from_sheet(self, sheet: Any, **overrides: Any) -> ActorStats:
        return stats_from_sheet(self.numbers, self.library, sheet, **overrides)

    # Resolution (S5-S8) ----------------------------------------------------------------
    def resolve_attack(self, plan: AttackPlan, targets: Sequence[TargetPlan],
                       dice: Dice) -> AttackOutcome:
        return _resolve_attack(self.numbers, plan, targets, dice)

    def apply_damage(self, damage: int, defense: int | None, *, magic: bool = False,
                     pierce: int = 0, absorb: int = 0, hp: int) -> DamageResult:
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

    # Attack preparation ------------------------------------------------------------------
    def weapon(self, stats: ActorStats, item: str) -> Weapon:
        """The weapon or offensive spell `item` of an actor."""
        lib = self.library
        found = lib.weapons.get(item) or lib.spells.get(item)
        if item == "spell" and found is None and lib.spells:
            found = next(iter(lib.spells.values()))
        if found is None:
            raise RuleViolation(f"unknown weapon {item!r}",
                                f"known: {', '.join(sorted(lib.weapons) + sorted(lib.spells))}")
        if found.kind == "spell":
            if stats.mentality < self.numbers.spell_min_mentality:
                raise RuleViolation(f"{stats.name} cannot cast: spells need Mentality "
                                    f"{self.numbers.spell_min_mentality}, {stats.name} has "
                                    f"{stats.mentality} (S25)", "attack with a weapon")
        elif found.id not in stats.weapons:
            raise RuleViolation(f"{stats.name} has no {found.name}",
                                f"{stats.name} carries: {', '.join(stats.weapons) or 'nothing'}")
        return found

    def _ability_parts(self, stats: ActorStats, bonus: str) -> tuple[Part, ...]:
        out = []
        for ability in ABILITIES:
            value = stats.ability(ability) * self.numbers.bonus(ability, bonus)
            if value:
                out.append(Part(value, ability.capitalize(), "S28"))
        return tuple(out)

    def target_plan(self, stats: ActorStats, view: FieldView, *, hp: int,
                    shield_raised: bool = False, evasion: Sequence[Part] = (),
                    modifiers: Sequence[Mod] = (), absorb: int = 0,
                    defense_bonus: Sequence[Part] = ()) -> TargetPlan:
        """A target's Evasion and Defense from its stats and situation (S16, S20, S28)."""
        parts = list(self._ability_parts(stats, "evasion"))
        if shield_raised and stats.shield:
            shield = self.library.shields.get(stats.shield)
            if shield is not None and shield.evasion:
                parts.append(Part(shield.evasion, f"{shield.name} raised", "S20"))
        parts.extend(evasion)
        mods = list(modifiers)
        if self.numbers.outnumbered and situation.outnumbered(view, stats.id):
            mods.append(Mod("disadvantage", "Outnumbered", "S16"))
        return TargetPlan(id=stats.id, hp=hp, evasion_bonus=tuple(parts),
                          evasion_modifiers=tuple(mods), defense=stats.defense,
                          defense_bonus=tuple(defense_bonus), absorb=absorb)

    def prepare_attack(self, attacker: ActorStats, weapon: str | Weapon,
                       targets: Sequence[TargetPlan], view: FieldView, *,
                       skill_ids: Sequence[str] = (), held: Sequence[str] | None = None,
                       attack_parts: Sequence[Part] = (), damage_parts: Sequence[Part] = (),
                       modifiers: Sequence[Mod] = (),
                       extra_targets: Mapping[str, TargetPlan] | None = None,
                       shield_raised: bool = False) -> PreparedAttack:
        """Check an attack against the rules and the battlefield and build its plan.

        `targets` are the named targets; a skill with `extra_targets:
        all_engaged_enemies` (Overswing) adds the attacker's other engaged enemies, whose
        plans come from `extra_targets`. With several targets, `at_max_range` effects
        apply only if every target is at max range.
        """
        w = weapon if isinstance(weapon, Weapon) else self.weapon(attacker, weapon)
        who = attacker.name
        if held is not None and w.kind != "spell" and w.id not in held:
            raise RuleViolation(f"{who} is not holding the {w.name} (S19a)",
                                f"draw it first (Minor): draw {w.id}")
        chosen = []
        for sid in skill_ids:
            skill = self.library.skills.get(sid)
            if skill is None:
                raise RuleViolation(f"unknown skill {sid!r}", "check the skill id")
            level = attacker.skill_level(sid)
            skills.check_trigger(self.numbers, attacker, skill, level, moment="on_attack",
                                 weapon=w, shield_raised=shield_raised, who=who)
            chosen.append((skill, level))
        focus = sum(it.spell_range_bonus for it in
                    (self.library.weapons.get(h) for h in (held or ())) if it is not None)
        bands = skills.range_bands(chosen, attacker, w.kind)

        effects0 = skills.SkillEffects()
        for skill, level in chosen:
            effects0 = effects0 + skills.collect_effects(skill, level, attacker,
                                                         weapon_kind=w.kind)
        all_targets = list(targets)
        if ALL_ENGAGED_ENEMIES in effects0.extra_targets:
            named = {t.id for t in all_targets}
            for enemy in situation.engaged_enemies(view, attacker.id):
                if enemy not in named:
                    plan = (extra_targets or {}).get(enemy)
                    if plan is None:
                        raise RuleViolation(f"no target details for {enemy}",
                                            "pass its TargetPlan in extra_targets")
                    all_targets.append(plan)
        if not all_targets:
            raise RuleViolation(f"{who} has no target", "name a target")

        ranges, target_mods = [], []
        for tp in all_targets:
            if view.at(tp.id).down:
                raise RuleViolation(f"{view.name(tp.id)} is Down (S8) and cannot be targeted",
                                    "pick another target, or heal it first")
            rc = situation.range_check(self.numbers, view, attacker.id, tp.id, w,
                                       extra_bands=bands, spell_range_bonus=focus)
            ranges.append(rc)
            mods = [m for m in rc.modifiers if "beyond_max_range" not in
                    effects0.remove_disadvantage]
            if (self.numbers.firing_into_melee and "firing_into_melee" not in
                    effects0.remove_disadvantage and
                    situation.firing_into_melee(view, attacker.id, tp.id, w.kind)):
                mods.append(Mod("disadvantage", "firing into melee", "S15"))
            target_mods.append(mods)
        # One attack roll for all targets: a penalty against any target applies to it.
        auto_mods = {m for mods in target_mods for m in mods}
        at_max = all(r.at_max_range for r in ranges)
        effects = skills.SkillEffects()
        for skill, level in chosen:
            effects = effects + skills.collect_effects(skill, level, attacker,
                                                       weapon_kind=w.kind, at_max_range=at_max)
        plan = AttackPlan(
            attacker=attacker.id, weapon=w,
            attack_bonus=(*self._ability_parts(attacker, attack_bonus_name(w.kind)),
                          *effects.attack_bonus, *attack_parts),
            modifiers=(*sorted(auto_mods), *modifiers),
            skills=tuple(s.id for s, _ in chosen),
            extra_attack_dice=sum(parse(e).dice_count for e in effects.attack_dice),
            damage_bonus=(*self._ability_parts(attacker, damage_bonus_name(w.kind)),
                          *effects.damage_bonus, *damage_parts),
            damage_dice=effects.damage_dice, pierce_bonus=effects.pierce_bonus,
            pierce_dice=effects.pierce_dice)
        if w.kind == "spell":
            cost = skills.spell_cost(len(chosen), attacker.spell_cost_reduction)
            triggers, free = cost.paid_added, cost.free_added
        else:
            triggers, free = len(chosen), 0
        return PreparedAttack(plan=plan, targets=tuple(all_targets), ranges=tuple(ranges),
                              skill_triggers=triggers, free_skills=free)

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

    def order_tiebreak(self, stats: ActorStats) -> int:
        """S17: ties in turn order go to the higher ability the ruleset names."""
        return stats.ability(self.numbers.turn_order_ability)

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
    def field_view(self, actors: Sequence[tuple], names: Mapping[str, str]) -> FieldView:
        """The battlefield as the situational rules read it, from
        (id, zone name or None, side, engagement key or None, down) rows."""
        return FieldView({actor_id: situation.Placement(
            zone=self._zone(zone) if zone else (0, 0), side=side, engagement=group,
            down=down) for actor_id, zone, side, group, down in actors}, names)

    def dice(self, *, attack: DiceSource, damage: DiceSource,
             evasion: Sequence[DiceSource], defense: Sequence[DiceSource]) -> Dice:
        """One dice source per roll slot of an attack (S4)."""
        return Dice(attack=attack, damage=damage, evasion=tuple(evasion),
                    defense=tuple(defense))

    def odds(self, prepared: PreparedAttack) -> list:
        """Exact hit, critical and damage-taken odds per target of a prepared attack."""
        from shaper_gm.rulesets.shaper.odds import attack_target_odds
        return [attack_target_odds(self.numbers, prepared.plan, t) for t in prepared.targets]

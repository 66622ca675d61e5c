"""Checking an attack against the rules and the battlefield before anything is rolled
(S13, S15, S16, S19a, S20, S23-S25, S28): the weapon, the targets' Evasion and Defense,
range bands, automatic modifiers and the skills added to it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from shaper_gm.dice import parse
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import situation, skills
from shaper_gm.rulesets.shaper.attack import AttackPlan, Overruled, TargetPlan
from shaper_gm.rulesets.shaper.content.models import ABILITIES
from shaper_gm.rulesets.shaper.creation import (
    ActorStats,
    attack_bonus_name,
    damage_bonus_name,
    hands_used,
)
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.situation import FieldView, RangeCheck

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import Weapon

ALL_ENGAGED_ENEMIES = "all_engaged_enemies"


@record
class PreparedAttack:
    """An attack checked against the situation, ready for `resolve_attack`."""

    plan: AttackPlan
    targets: tuple[TargetPlan, ...]
    ranges: tuple[RangeCheck, ...]        # per target
    skill_triggers: int                   # skills to pay: 1 Major or SP each (S23)
    free_skills: int                      # spell skills made free by Mentality (S25)


class AttackRules:
    """The attack-checking rules, reading the ruleset's numbers and library."""

    def __init__(self, rs) -> None:
        self.numbers = rs.numbers
        self.library = rs.library

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

    def _check_casting_hand(self, who: str, held: Sequence[str],
                            gripped: Sequence[str] = ()) -> None:
        """An offensive spell needs a free hand, or a held focus (a wand) (S19a)."""
        lib = self.library
        if any(getattr(lib.item(i), "kind", "") == "focus" for i in held):
            return
        free = self.numbers.hands - hands_used(lib, held, gripped)
        if free < self.numbers.spell_free_hands:
            raise RuleViolation(f"{who} has no free hand to cast (S19a): holding "
                                f"{', '.join(held)}", f"sheathe (Minor) or drop (Free) an "
                                f"item first, e.g. drop {held[-1]}")

    def _ability_parts(self, stats: ActorStats, bonus: str) -> tuple[Part, ...]:
        out = []
        for ability in ABILITIES:
            value = stats.ability(ability) * self.numbers.bonus(ability, bonus)
            if value:
                out.append(Part(value, ability.capitalize(), "S28"))
        return tuple(out)

    def target_plan(self, stats: ActorStats, view: FieldView, *, hp: int,
                    shield_raised: bool = False, evasion: Sequence[Part] = (),
                    absorb: int = 0) -> TargetPlan:
        """A target's Evasion and Defense from its stats and situation (S16, S20, S28)."""
        parts = list(self._ability_parts(stats, "evasion"))
        if shield_raised and stats.shield:
            shield = self.library.shields.get(stats.shield)
            if shield is not None and shield.evasion:
                parts.append(Part(shield.evasion, f"{shield.name} raised", "S20"))
        parts.extend(evasion)
        mods = []
        if self.numbers.outnumbered and situation.outnumbered(view, stats.id):
            mods.append(Mod("disadvantage", "Outnumbered", "S16"))
        return TargetPlan(id=stats.id, hp=hp, evasion_bonus=tuple(parts),
                          evasion_modifiers=tuple(mods), defense=stats.defense, absorb=absorb)

    def prepare_attack(self, attacker: ActorStats, weapon: str | Weapon,
                       targets: Sequence[TargetPlan], view: FieldView, *,
                       skill_ids: Sequence[str] = (), held: Sequence[str] | None = None,
                       attack_parts: Sequence[Part] = (), damage_parts: Sequence[Part] = (),
                       modifiers: Sequence[Mod] = (),
                       extra_targets: Mapping[str, TargetPlan] | None = None,
                       shield_raised: bool = False, only: bool = False,
                       gripped: Sequence[str] = ()) -> PreparedAttack:
        """Check an attack against the rules and the battlefield and build its plan.

        `targets` are the named targets; a skill with `extra_targets:
        all_engaged_enemies` (Overswing) adds the attacker's other engaged enemies, whose
        plans come from `extra_targets`, unless the GM chose its targets: several named
        (or `only`) take just those, each of which must be one the skill may take.
        With several targets, `at_max_range` effects apply only if every target is at
        max range. An automatic modifier a skill removes is kept in the plan as overruled.
        """
        w = self.weapon(attacker, weapon) if isinstance(weapon, str) else weapon
        who = attacker.name
        if held is not None and w.kind != "spell" and w.id not in held:
            raise RuleViolation(f"{who} is not holding the {w.name} (S19a)",
                                f"draw it first (Minor): draw {w.id}")
        if held is not None and w.kind == "spell":
            self._check_casting_hand(who, held, gripped)
        chosen = []
        for sid in skill_ids:
            skill = self.library.skills.get(sid)
            if skill is None:
                raise RuleViolation(f"unknown skill {sid!r}", "check the skill id")
            level = attacker.skill_level(sid)
            skills.check_trigger(self.numbers, attacker, skill, level, moment="on_attack",
                                 weapon=w, shield_raised=shield_raised, who=who)
            chosen.append((skill, level))
        focus = situation.focus_bands(self.library, held or ())

        upfront = skills.SkillEffects()         # before the ranges are known
        removers: dict[str, str] = {}          # automatic modifier -> the skill removing it
        spreaders: list[str] = []              # skills that add targets
        for skill, level in chosen:
            found = skills.collect_effects(skill, level, attacker, weapon_kind=w.kind)
            upfront = upfront + found
            removers.update(dict.fromkeys(found.remove_disadvantage, skill.name))
            if found.extra_targets:
                spreaders.append(skill.name)
        all_targets = list(targets)
        if only and not upfront.extra_targets:
            raise RuleViolation("--only: no skill in this attack adds targets, so it takes "
                                "only the named one already", "drop --only")
        if len(all_targets) > 1 and not upfront.extra_targets:
            raise RuleViolation(
                f"an attack with the {w.name} has one target (S5, S6): several targets "
                "take a skill that grants them", "name one target; Overswing strikes every "
                "enemy engaged with the attacker")
        if ALL_ENGAGED_ENEMIES in upfront.extra_targets:
            engaged = situation.engaged_enemies(view, attacker.id)
            if len(all_targets) > 1 or only:
                # The GM chose the targets: only those, each one the skill may take.
                for t in all_targets:
                    if t.id not in engaged:
                        shown = ", ".join(view.name(e) for e in engaged) or "none"
                        raise RuleViolation(
                            f"{view.name(t.id)} is not an enemy engaged with {who}: "
                            f"{' and '.join(spreaders)} takes only those (S11, S14)",
                            f"name targets among {who}'s engaged enemies: {shown}")
            else:
                named = {t.id for t in all_targets}
                for enemy in engaged:
                    if enemy not in named:
                        plan = (extra_targets or {}).get(enemy)
                        if plan is None:
                            raise RuleViolation(f"no target details for {enemy}",
                                                "pass its TargetPlan in extra_targets")
                        all_targets.append(plan)
        if not all_targets:
            raise RuleViolation(f"{who} has no target", "name a target")

        ranges, target_mods, lifted = [], [], {}
        for tp in all_targets:
            if view.at(tp.id).down:
                raise RuleViolation(f"{view.name(tp.id)} is Down (S8) and cannot be targeted",
                                    "pick another target, or heal it first")
            rc = situation.range_check(self.numbers, view, attacker.id, tp.id, w,
                                       extra_bands=upfront.range_bands, spell_range_bonus=focus)
            ranges.append(rc)
            found = list(rc.modifiers)
            if (self.numbers.firing_into_melee and
                    situation.firing_into_melee(view, attacker.id, tp.id, w.kind)):
                found.append(Mod("disadvantage", "firing into melee", "S15"))
            mods = []
            for m in found:
                remover = removers.get(m.reason.replace(" ", "_"))
                if remover is None:
                    mods.append(m)
                else:
                    lifted[m] = Overruled(m, remover)
            target_mods.append(mods)
        # One attack roll for all targets: a penalty against any target applies to it.
        auto_mods = {m for mods in target_mods for m in mods}
        at_max = all(r.at_max_range for r in ranges)
        effects = skills.SkillEffects()
        damage_from: tuple[str, ...] = ()       # the skill behind each damage dice group
        pierce_from: tuple[str, ...] = ()
        for skill, level in chosen:
            found = skills.collect_effects(skill, level, attacker, weapon_kind=w.kind,
                                           at_max_range=at_max)
            effects = effects + found
            damage_from += (skill.name,) * len(found.damage_dice)
            pierce_from += (skill.name,) * len(found.pierce_dice)
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
            pierce_dice=effects.pierce_dice, damage_dice_from=damage_from,
            pierce_dice_from=pierce_from, overruled=tuple(lifted.values()))
        if w.kind == "spell":
            cost = skills.spell_cost(len(chosen), attacker.spell_cost_reduction)
            triggers, free = cost.paid_added, cost.free_added
        else:
            triggers, free = len(chosen), 0
        return PreparedAttack(plan=plan, targets=tuple(all_targets), ranges=tuple(ranges),
                              skill_triggers=triggers, free_skills=free)


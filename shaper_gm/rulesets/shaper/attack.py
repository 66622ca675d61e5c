"""Resolving one attack against one or more targets (S5-S7, S13 hooks).

The plan (what the encounter and the GM decided: bonuses, modifiers, skill effects,
each with its reason) goes in; a frozen `AttackOutcome` holding every number and the
rule behind it comes out. Randomness arrives only through the `Dice` bundle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shaper_gm.content.models import RulesetNumbers, Weapon
from shaper_gm.dice import DiceSource, Modifiers, Roll, basic_roll, parse, roll
from shaper_gm.rulesets.shaper.damage import DamageResult, damage_pipeline
from shaper_gm.rulesets.shaper.parts import Mod, Part, Step, as_mods, as_parts, count_mods, total

# Log flags of the roll slots (commands.md): --roll, --evade, --damage, --defense.
SLOT_ATTACK, SLOT_EVASION, SLOT_DAMAGE, SLOT_DEFENSE = "roll", "evade", "damage", "defense"


@dataclass(frozen=True)
class AttackPlan:
    attacker: str
    weapon: Weapon
    attack_bonus: tuple[Part, ...] = ()     # e.g. Part(1, "Vigor", "S28")
    modifiers: tuple[Mod, ...] = ()         # e.g. Mod("disadvantage", "beyond max range", "S13")
    skills: tuple[str, ...] = ()            # skill ids applied (for the breakdown)
    extra_attack_dice: int = 0              # S1: extra basic dice from skills/effects
    damage_bonus: tuple[Part, ...] = ()     # Vigor, Charm, Overswing, ...
    damage_dice: tuple[str, ...] = ()       # skill damage dice expressions
    pierce_bonus: tuple[Part, ...] = ()     # besides the weapon's own Pierce
    pierce_dice: tuple[str, ...] = ()       # e.g. Piercing Strike's 1d6 per Finesse
    magic: bool | None = None               # None: the weapon's (spells are magic, S25)

    def __post_init__(self) -> None:
        object.__setattr__(self, "attack_bonus", as_parts(self.attack_bonus))
        object.__setattr__(self, "modifiers", as_mods(self.modifiers))
        object.__setattr__(self, "damage_bonus", as_parts(self.damage_bonus))
        object.__setattr__(self, "pierce_bonus", as_parts(self.pierce_bonus))

    @property
    def is_magic(self) -> bool:
        if self.magic is not None:
            return self.magic
        return self.weapon.magic or self.weapon.kind == "spell"


@dataclass(frozen=True)
class TargetPlan:
    id: str
    hp: int
    evasion_bonus: tuple[Part, ...] = ()    # Finesse, raised shield, effects
    evasion_modifiers: tuple[Mod, ...] = ()  # e.g. Mod("disadvantage", "Outnumbered", "S16")
    defense: str | None = None               # armor Defense dice, None = no armor (S7)
    defense_bonus: tuple[Part, ...] = ()
    absorb: int = 0                          # e.g. Energy Shield (S7)
    magic: bool | None = None                # override the attack's magic for this target

    def __post_init__(self) -> None:
        object.__setattr__(self, "evasion_bonus", as_parts(self.evasion_bonus))
        object.__setattr__(self, "evasion_modifiers", as_mods(self.evasion_modifiers))
        object.__setattr__(self, "defense_bonus", as_parts(self.defense_bonus))


@dataclass(frozen=True)
class Dice:
    """One dice source per roll slot. `evasion` and `defense` follow the target order;
    a missing entry falls back to `fallback` (the seeded roller)."""

    attack: DiceSource
    damage: DiceSource
    evasion: tuple[DiceSource | None, ...] = ()
    defense: tuple[DiceSource | None, ...] = ()
    fallback: DiceSource | None = None

    @classmethod
    def single(cls, source: DiceSource) -> Dice:
        """Every roll from one source (e.g. the seeded roller)."""
        return cls(attack=source, damage=source, fallback=source)

    def _pick(self, sources: tuple[DiceSource | None, ...], i: int, slot: str) -> DiceSource:
        src = sources[i] if i < len(sources) else None
        src = src if src is not None else self.fallback
        if src is None:
            raise ValueError(f"no dice source for {slot} of target {i + 1}")
        return src

    def evasion_for(self, i: int) -> DiceSource:
        return self._pick(self.evasion, i, SLOT_EVASION)

    def defense_for(self, i: int) -> DiceSource:
        return self._pick(self.defense, i, SLOT_DEFENSE)


def mods_of(mods: Sequence[tuple]) -> Modifiers:
    return Modifiers(**count_mods(mods))


@dataclass(frozen=True)
class DamageRoll:
    """The one damage roll of an attack, shared by all targets (S6, S7).

    Dice in `roll` are in the order weapon, critical, skill damage, pierce dice; the
    totals of each group are kept apart because the critical dice count only for
    critical targets and pierce dice are Pierce, not damage.
    """

    roll: Roll | None                 # None when the attack rolls no dice at all
    weapon_expr: str
    weapon: int                       # weapon dice + weapon constant
    critical_expr: str | None
    critical: int                     # 0 when no target was critical
    skill: int
    pierce: int
    bonus: tuple[Part, ...]

    @property
    def base(self) -> int:
        """Damage for a non-critical target."""
        return self.weapon + self.skill + total(self.bonus)

    def for_target(self, critical: bool) -> int:
        return self.base + (self.critical if critical else 0)


@dataclass(frozen=True)
class TargetOutcome:
    id: str
    evasion: Roll
    evasion_bonus: tuple[Part, ...]
    evasion_modifiers: tuple[Mod, ...]
    hit: bool
    hit_reason: str
    margin: int                       # attack total - evasion total
    critical: bool
    critical_reason: str
    damage: int | None = None         # damage dealt before Defense (with critical dice)
    defense: Roll | None = None
    defense_bonus: tuple[Part, ...] = ()
    pierce: int = 0
    result: DamageResult | None = None    # None on a miss

    @property
    def steps(self) -> tuple[Step, ...]:
        out = [Step("evasion", self.evasion.total, "S5"),
               Step(f"{'hit' if self.hit else 'miss'}: {self.hit_reason}", self.margin, "S5")]
        if self.hit:
            out.append(Step(f"critical: {self.critical_reason}", int(self.critical), "S6"))
        if self.result is not None:
            out.extend(self.result.steps)
        return tuple(out)


@dataclass(frozen=True)
class AttackOutcome:
    attacker: str
    weapon: str
    attack: Roll
    attack_bonus: tuple[Part, ...]
    modifiers: tuple[Mod, ...]
    skills: tuple[str, ...]
    magic: bool
    pierce_parts: tuple[Part, ...]    # the weapon's Pierce and bonuses (dice in damage_roll)
    damage_roll: DamageRoll | None    # None when every target was missed
    targets: tuple[TargetOutcome, ...]

    def target(self, target_id: str) -> TargetOutcome:
        for t in self.targets:
            if t.id == target_id:
                return t
        raise KeyError(target_id)

    def faces(self) -> dict[str, list[tuple[int, ...]]]:
        """Natural faces per roll slot, for the log line (S4).

        "evade" and "defense" follow the target order; a target that rolled nothing
        (a miss, or no armor) has an empty tuple there.
        """
        dmg = self.damage_roll.roll if self.damage_roll else None
        return {
            SLOT_ATTACK: [self.attack.naturals],
            SLOT_EVASION: [t.evasion.naturals for t in self.targets],
            SLOT_DAMAGE: [dmg.naturals] if dmg is not None else [],
            SLOT_DEFENSE: [t.defense.naturals if t.defense is not None else ()
                           for t in self.targets],
        }


def decide_hit(attack: Roll, evasion: Roll) -> tuple[bool, str]:
    """S5, judged in this order: automatic attack results, automatic evasion results,
    then totals (ties go to the attacker)."""
    if attack.automatic == "success":
        return True, "automatic success (S2, S5)"
    if attack.automatic == "failure":
        return False, "automatic failure (S2, S5)"
    if evasion.automatic == "success":
        return False, "evasion automatic success (S2, S5)"
    if evasion.automatic == "failure":
        return True, "evasion automatic failure (S2, S5)"
    if attack.total >= evasion.total:
        return True, f"{attack.total} ≥ {evasion.total} (S5)"
    return False, f"{attack.total} < {evasion.total} (S5)"


def decide_critical(numbers: RulesetNumbers, hit: bool, margin: int) -> tuple[bool, str]:
    """S6: a hit whose margin reaches the critical threshold (also for automatic successes)."""
    threshold = numbers.critical_threshold
    if not hit:
        return False, "missed"
    if margin >= threshold:
        return True, f"margin {margin} ≥ {threshold} (S6)"
    return False, f"margin {margin} < {threshold} (S6)"


def _dice_text(exprs: Sequence[str]) -> tuple[str, list[int]]:
    """The dice terms of several expressions as one text, and the dice count of each."""
    terms, counts = [], []
    for text in exprs:
        n = 0
        for t in parse(text).dice_terms:
            terms.append(("-" if t.sign < 0 else "+") + f"{t.count}d{t.sides}")
            n += t.count
        counts.append(n)
    return "".join(terms).lstrip("+"), counts


def _group_totals(r: Roll | None, exprs: Sequence[str]) -> list[int]:
    """Signed dice total of each expression's share of a combined roll, in order."""
    out: list[int] = []
    dice = iter(r.dice if r is not None else ())
    for text in exprs:
        s = 0
        for t in parse(text).dice_terms:
            s += t.sign * sum(next(dice).final for _ in range(t.count))
        out.append(s)
    return out


def roll_damage(numbers: RulesetNumbers, plan: AttackPlan, source: DiceSource, *,
                any_critical: bool) -> DamageRoll:
    """One damage roll for the whole attack: weapon dice, then the critical dice (only if
    some target is critical, S6), then skill damage dice, then pierce dice."""
    weapon_expr = parse(plan.weapon.damage)
    crit = numbers.critical_dice if any_critical else None
    groups = [plan.weapon.damage, *([crit] if crit else []), *plan.damage_dice,
              *plan.pierce_dice]
    text, _ = _dice_text(groups)
    rolled = roll(text, source, what="damage") if text else None
    sums = iter(_group_totals(rolled, groups))
    weapon = next(sums) + weapon_expr.constant
    critical = next(sums) + parse(crit).constant if crit else 0
    skill = sum(next(sums) + parse(e).constant for e in plan.damage_dice)
    pierce = sum(next(sums) + parse(e).constant for e in plan.pierce_dice)
    return DamageRoll(roll=rolled, weapon_expr=str(weapon_expr), weapon=weapon,
                      critical_expr=crit, critical=critical, skill=skill, pierce=pierce,
                      bonus=plan.damage_bonus)


def resolve_attack(numbers: RulesetNumbers, plan: AttackPlan, targets: Sequence[TargetPlan],
                   dice: Dice) -> AttackOutcome:
    """One attack roll, one evasion roll per target, one shared damage roll, one Defense
    roll per target hit (S5-S7). Misses roll no damage or Defense for that target."""
    attack = basic_roll(dice.attack, bonus=total(plan.attack_bonus),
                        mods=mods_of(plan.modifiers), extra_dice=plan.extra_attack_dice,
                        basic_expr=numbers.basic_roll, what=f"attack by {plan.attacker}")
    judged = []
    for i, tp in enumerate(targets):
        ev = basic_roll(dice.evasion_for(i), bonus=total(tp.evasion_bonus),
                        mods=mods_of(tp.evasion_modifiers), basic_expr=numbers.basic_roll,
                        what=f"evasion of {tp.id}")
        hit, why = decide_hit(attack, ev)
        margin = attack.total - ev.total
        crit, crit_why = decide_critical(numbers, hit, margin)
        judged.append((tp, ev, hit, why, margin, crit, crit_why))

    pierce_parts = plan.pierce_bonus
    if plan.weapon.pierce:
        pierce_parts = (Part(plan.weapon.pierce, f"{plan.weapon.name} Pierce", "S7"),
                        *pierce_parts)
    damage_roll = None
    if any(j[2] for j in judged):
        damage_roll = roll_damage(numbers, plan, dice.damage,
                                  any_critical=any(j[5] for j in judged))

    outcomes = []
    for i, (tp, ev, hit, why, margin, crit, crit_why) in enumerate(judged):
        if not hit or damage_roll is None:
            outcomes.append(TargetOutcome(tp.id, ev, tp.evasion_bonus, tp.evasion_modifiers,
                                          hit, why, margin, crit, crit_why))
            continue
        dealt = damage_roll.for_target(crit)
        defense_roll = None
        defense_total = None
        if tp.defense:
            defense_roll = roll(tp.defense, dice.defense_for(i), what=f"Defense of {tp.id}")
            defense_total = defense_roll.total + total(tp.defense_bonus)
        elif tp.defense_bonus:
            defense_total = total(tp.defense_bonus)
        pierce = total(pierce_parts) + damage_roll.pierce
        magic = plan.is_magic if tp.magic is None else tp.magic
        result = damage_pipeline(dealt, defense_total, magic=magic, pierce=pierce,
                                 absorb=tp.absorb, hp=tp.hp)
        outcomes.append(TargetOutcome(tp.id, ev, tp.evasion_bonus, tp.evasion_modifiers, hit,
                                      why, margin, crit, crit_why, damage=dealt,
                                      defense=defense_roll, defense_bonus=tp.defense_bonus,
                                      pierce=pierce, result=result))
    return AttackOutcome(attacker=plan.attacker, weapon=plan.weapon.id, attack=attack,
                         attack_bonus=plan.attack_bonus, modifiers=plan.modifiers,
                         skills=plan.skills, magic=plan.is_magic, pierce_parts=pierce_parts,
                         damage_roll=damage_roll, targets=tuple(outcomes))

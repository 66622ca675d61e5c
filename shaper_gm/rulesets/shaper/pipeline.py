"""An attack as steps (S5-S7): the attack roll, each target's evasion and verdict, one
shared damage roll, each hit target's Defense and the damage pipeline.

The steps are the engine's `Step`s over a `Swing`: `resolve_attack` plays them with the
command's dice (`commands.slots.SlotDice`: `--roll`, `--evade` and `--defense` per
target, `--damage`); `odds.py` runs the very same steps over exact distributions. Fields
a later step no longer reads are listed in a step's `forget`, so equal situations merge
when the steps run for odds.

A roll may be a total called out at the table (`--roll =14`, `dice.totals`): the total
counts whole, with every bonus of that roll in it, and decides hit and critical as any
total does (S5, S6: both are judged on totals); it is an automatic result (S2) only
where the GM declared one (`--auto`, carried in `Swing.declared`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from shaper_gm.dice import DiceInputError, Roll, parse, roll
from shaper_gm.dice.notation import Expr
from shaper_gm.dice.sources import Asked, ByGroup
from shaper_gm.dice.specs import BasicRoll, SumRoll
from shaper_gm.dice.totals import EnteredTotal, entered, take_total
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.steps import Step, play, step
from shaper_gm.records import record, revise
from shaper_gm.rulesets.shaper.attack import (
    DAMAGE,
    DEFENSE,
    EVADE,
    ROLL,
    AttackPlan,
    DamageRoll,
    Struck,
    TargetPlan,
    answered,
    decide_critical,
    decide_hit,
    mods_of,
)
from shaper_gm.rulesets.shaper.damage import damage_pipeline
from shaper_gm.rulesets.shaper.parts import total

if TYPE_CHECKING:
    from shaper_gm.dice.exact import Dist
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers

@record
class Swing:
    """Where an attack stands between steps, and once played its outcome: the line, the
    breakdown, the log and the odds read it (`targets` per target). The plan, the targets
    aimed at, the ruleset's numbers and the GM's declared automatic results are the same
    for every branch of one attack, so they take no part in comparing two situations."""

    plan: AttackPlan = field(compare=False)
    aimed: tuple[TargetPlan, ...] = field(compare=False)
    attack: Any = None                     # the attack roll
    evasions: tuple = ()                   # per target
    hits: tuple[bool, ...] = ()
    crits: tuple[bool, ...] = ()
    reasons: tuple = ()                    # per target: (hit why, margin, critical why)
    answers: tuple = ()                    # per target: the reaction skills it answered with
    damage: DamageRoll | None = None       # the one damage roll, when anyone was hit
    defenses: tuple = ()                   # per target: Defense roll or None
    results: tuple = ()                    # per target: DamageResult or None (a miss)
    numbers: RulesetNumbers | None = field(default=None, compare=False)
    # (actor, success|failure, whose roll) the GM declared with --auto (S2)
    declared: tuple[tuple[str, str, str], ...] = field(default=(), compare=False)

    @property
    def targets(self) -> tuple[Struck, ...]:
        return tuple(Struck(self, i) for i in range(len(self.aimed)))

    def target(self, target_id: str) -> Struck:
        for t in self.targets:
            if t.id == target_id:
                return t
        raise KeyError(target_id)

    def faces(self) -> dict[str, list[tuple[int, ...]]]:
        """Natural faces per roll slot, for the log line (S4): "evade" and "defense" in
        target order, an empty tuple where a target rolled nothing (a miss, no armor)."""
        damage = self.damage.roll if self.damage else None
        return {ROLL: [self.attack.naturals],
                EVADE: [e.naturals for e in self.evasions],
                DAMAGE: [damage.naturals] if damage is not None else [],
                DEFENSE: [t.defense.naturals if t.defense is not None else ()
                          for t in self.targets]}


# --- the steps ------------------------------------------------------------------------

@step("attack roll")
def roll_attack(s: Swing, tape) -> Swing:
    return revise(s, attack=tape.roll(ROLL, tape.once(ROLL, _attack_spec, s), s.plan.attacker))


@step("Targeted reactions")
def react_targeted(s: Swing, tape) -> Swing:
    """Each target may answer with a Targeted skill before it rolls (S23)."""
    return revise(s, answers=tuple((_ask(tape, s, t, t.targeted, "before its evasion roll",
                                         0),) for t in s.aimed))


@step("evasion, hit and critical", forget=("attack", "evasions", "reasons"))
def judge(s: Swing, tape) -> Swing:
    """S5 and S6 for each target, one evasion roll each."""
    evasions, hits, crits, reasons = [], [], [], []
    for i, t in enumerate(s.aimed):
        evasion = tape.roll(EVADE, tape.once((EVADE, i), _evasion_spec, s, i, t), t.id, index=i)
        hit, why = decide_hit(s.attack, evasion)
        margin = s.attack.total - evasion.total
        crit, crit_why = decide_critical(s.numbers, hit, margin)
        evasions.append(evasion)
        hits.append(hit)
        crits.append(crit)
        reasons.append((why, margin, crit_why))
    return revise(s, evasions=tuple(evasions), hits=tuple(hits), crits=tuple(crits),
                  reasons=tuple(reasons))


@step("On Hit reactions")
def react_on_hit(s: Swing, tape) -> Swing:
    """A hit target may answer with an On Hit skill (Hardy) before its Defense."""
    answers = []
    for i, t in enumerate(s.aimed):
        late = _ask(tape, s, t, t.on_hit, "as the hit lands", 1 if t.targeted else 0) \
            if s.hits[i] else None
        answers.append((*(s.answers[i] if s.answers else ()), late))
    return revise(s, answers=tuple(answers))


@step("damage roll")
def roll_damage(s: Swing, tape) -> Swing:
    """One damage roll for the whole attack; the critical die only if some target is
    critical (S6). Misses roll none."""
    if not any(s.hits):
        return s
    spec = tape.once(DAMAGE, _damage_spec, s)
    if not tape.exact:
        spec = _Verdicts(spec, verdicts(s))
    return revise(s, damage=tape.roll(DAMAGE, spec, s.plan.attacker))


@step("Defense and damage taken", forget=("damage", "defenses"))
def mitigate(s: Swing, tape) -> Swing:
    """Each hit target's Defense roll, then the S7 pipeline."""
    defenses, results = [], []
    pierce_fixed = tape.once("pierce", lambda: total(s.plan.pierce_parts))
    for i, t in enumerate(s.aimed):
        if not s.hits[i] or s.damage is None:
            defenses.append(None)
            results.append(None)
            continue
        defense, defense_total = None, None
        if (spec := tape.once((DEFENSE, i), _defense_spec, s, i, t)) is not None:
            defense = tape.roll(DEFENSE, spec, t.id, index=i)
            defense_total = defense.total + total(t.defense_bonus)
        elif (flat := tape.flat(DEFENSE, t.id, index=i)) is not None:
            # No armor, no roll (S7); the GM's `--defense =N` is a flat Defense.
            defense = Roll(expr=parse("0"), dice=(), constant=0, total=flat, entered=flat)
            defense_total = flat
        elif t.defense_bonus:
            defense_total = total(t.defense_bonus)
        magic = s.plan.is_magic if t.magic is None else t.magic
        results.append(_damage_taken(s.damage.for_target(s.crits[i]), defense_total,
                                     magic=magic, pierce=pierce_fixed + s.damage.pierce,
                                     absorb=t.absorb, hp=t.hp))
        defenses.append(defense)
    return revise(s, defenses=tuple(defenses), results=tuple(results))


ATTACK_STEPS: tuple[Step, ...] = (roll_attack, react_targeted, judge, react_on_hit,
                                  roll_damage, mitigate)
DAMAGE_STEPS = ATTACK_STEPS[3:]            # once the verdicts are known


def resolve_attack(numbers: RulesetNumbers, plan: AttackPlan, targets: Sequence[TargetPlan],
                   tape, declared: tuple = ()) -> Swing:
    """Play the attack's steps with the command's dice and the targets' answers to its
    interrupts (the tape's decisions; none given: nobody reacts)."""
    return play(ATTACK_STEPS, Swing(plan, tuple(targets), numbers=numbers, declared=declared),
                tape)


# --- what the steps ask ---------------------------------------------------------------
# The specs come from the situation alone: a step asks for them through `tape.once`, so
# odds, which run a step once per branch of its rolls, make them once per situation.

def _attack_spec(s: Swing):
    p = s.plan
    spec = BasicRoll(s.numbers.basic_roll, total(p.attack_bonus), mods_of(p.modifiers),
                     p.extra_attack_dice, f"attack by {p.attacker}")
    return _declared(s, spec, p.attacker, ROLL)


def _evasion_spec(s: Swing, i: int, t: TargetPlan):
    bonus = total(t.evasion_bonus) + sum(a.evasion for a in answered(s.answers, i))
    spec = BasicRoll(s.numbers.basic_roll, bonus, mods_of(t.evasion_modifiers), 0,
                     f"evasion of {t.id}")
    return _declared(s, spec, t.id, EVADE)


def _damage_spec(s: Swing) -> DamageSpec:
    hit_crits = {c for h, c in zip(s.hits, s.crits, strict=True) if h}
    return DamageSpec(s.plan, s.numbers.critical_dice if any(s.crits) else None,
                      mixed=len(hit_crits) > 1, all_critical=hit_crits == {True})


def _defense_spec(s: Swing, i: int, t: TargetPlan) -> SumRoll | None:
    """The target's Defense dice (armor, answers) as one roll, or None: no dice (S7)."""
    dice = "+".join(d for d in (t.defense, *(a.defense_dice for a in answered(s.answers, i))) if d)
    return SumRoll.of(dice, f"Defense of {t.id}", after=total(t.defense_bonus)) if dice \
        else None


_damage_taken = lru_cache(maxsize=4096)(damage_pipeline)   # a frozen result: shared


def _declared(s: Swing, spec, who: str, slot: str):
    verdict = next((d for d in s.declared if d[0] == who), None)
    return spec if verdict is None else _Automatic(spec, verdict[1], slot, verdict[2])


@record
class _Automatic:
    """A roll whose total the GM entered and declared an automatic result (S2)."""

    spec: Any
    verdict: str
    slot: str
    whose: str

    def roll(self, source) -> Roll:
        given = getattr(source, "given", None)
        if not isinstance(given, EnteredTotal):
            how = "given as faces" if given else "rolled by the tool"
            raise DiceInputError(f"--auto {self.verdict}: {self.whose} was {how}, and the faces "
                                 "decide automatic results (S2)",
                                 f"enter the total with --{self.slot} =N, or leave --auto out")
        source.given = replace(given, automatic=self.verdict)
        return self.spec.roll(source)


def _ask(tape, s: Swing, t: TargetPlan, offered: tuple, when: str, index: int):
    """The target's answer among `offered` reaction skills, or None."""
    if not offered:
        return None
    ids = tuple(a.skill for a in offered)
    answer = tape.decide(Ask(t.id, "react", ("none", *ids), "none",
                             f"may answer {s.plan.attacker}'s attack {when}", "S23",
                             index=index))
    return next((a for a in offered if a.skill == answer), None)


def verdicts(s: Swing) -> tuple[tuple[str, str], ...]:
    """Each target's result before damage is rolled: ``critical hit, 19 vs 10``."""
    out = []
    for i, t in enumerate(s.aimed):
        word = "critical hit" if s.crits[i] else "hit" if s.hits[i] else "miss"
        out.append((t.id, f"{word}, {s.attack.total} vs {s.evasions[i].total} (S5, S6)"))
    return tuple(out)


# --- the damage roll --------------------------------------------------------------------

@record
class DamageSpec:
    """The one damage roll: weapon dice, the critical dice when some target is critical,
    skill damage dice, then Pierce dice, each group's total kept apart (S6, S7)."""

    plan: AttackPlan
    critical: str | None
    mixed: bool = False       # some hit targets are critical and some are not
    all_critical: bool = False    # every hit target is (odds read one sum, see outcomes)

    @property
    def groups(self) -> list[str]:
        return [self.plan.weapon.damage, *([self.critical] if self.critical else []),
                *self.plan.damage_dice, *self.plan.pierce_dice]

    @property
    def names(self) -> list[str]:
        """What each group is, as the dice prompt names it: ``longbow damage``,
        ``critical damage``, ``Piercing Strike``."""
        plan = self.plan
        skills = [*_names(plan.damage_dice_from, plan.damage_dice, "skill damage"),
                  *_names(plan.pierce_dice_from, plan.pierce_dice, "Pierce dice")]
        return [f"{plan.weapon.id.replace('-', ' ')} damage",
                *(["critical damage"] if self.critical else []), *skills]

    def roll(self, source, lead: tuple[tuple[str, str], ...] = ()) -> DamageRoll:
        if entered(source) is not None:
            return self._from_total(source)
        exprs = [parse(g) for g in self.groups]
        dice = tuple(t for e in exprs for t in e.dice_terms)
        named = ByGroup(source, [(Asked(name, lead), e.dice_count)
                                 for name, e in zip(self.names, exprs, strict=True)])
        rolled = roll(Expr(dice), named, what="damage") if dice else None
        return self._read(rolled, _group_totals(rolled, exprs))

    def outcomes(self) -> Dist:
        """The damage roll as odds read it: damage for a target and Pierce. So the joint
        is of three sums (weapon and skill dice together, the critical dice, the Pierce
        dice), not of every group: eight groups of Pierce dice were 6**8 outcomes. When
        every target hit is critical (`all_critical`), only the critical dice's sum with
        the weapon's is read, so they are one sum (11 outcomes for 1d6 and 1d6, not 36)."""
        from shaper_gm.dice.exact import Dist, roll_dist  # odds only: not for a roll
        plan = self.plan
        crit = [self.critical] if self.critical else []
        together = crit if self.all_critical else []
        parts = ([plan.weapon.damage, *plan.damage_dice, *together],
                 [c for c in crit if not together], list(plan.pierce_dice))
        joint = Dist.point(())
        for groups in parts:
            dice = tuple(t for g in groups for t in parse(g).dice_terms)
            dist = roll_dist(Expr(dice), what="damage") if dice else Dist.point(0)
            joint = joint.combine(dist, lambda sums, x: (*sums, x))
        return joint.map(lambda sums: self._read_sums(*sums))

    def _read_sums(self, damage: int, critical: int, pierce: int) -> DamageRoll:
        """A DamageRoll from the three sums `outcomes` joins (the skill damage counted
        with the weapon's: only their sum is read)."""
        plan, crit = self.plan, self.critical
        def constants(groups) -> int:
            return sum(parse(g).constant for g in groups)
        return DamageRoll(roll=None, weapon_expr=str(parse(plan.weapon.damage)),
                          weapon=damage + constants((plan.weapon.damage, *plan.damage_dice)),
                          critical_expr=crit,
                          critical=critical + parse(crit).constant if crit else 0, skill=0,
                          pierce=pierce + constants(plan.pierce_dice), bonus=plan.damage_bonus)

    def _from_total(self, source) -> DamageRoll:
        """The damage the table called out: weapon, critical and skill dice with every
        damage bonus (S6, S7). One total cannot also give Pierce dice, nor two damages
        for critical and other targets: those need the faces."""
        label, given = getattr(source, "label", "--damage"), entered(source)
        if self.plan.pierce_dice:
            raise DiceInputError(
                f"{label} {given}: this damage roll also rolls Pierce dice "
                f"({'+'.join(self.plan.pierce_dice)}), which a total cannot give (S7)",
                "give the faces: weapon, critical, skill, then Pierce dice")
        if self.mixed:
            raise DiceInputError(
                f"{label} {given}: some targets take the critical die and some do not "
                "(S6), so one total cannot give both damages",
                "give the faces: weapon, critical, then skill dice")
        critical = self.critical is not None
        possible = {d.for_target(critical) for d in self.outcomes()}
        dice = sum(parse(g).dice_count for g in self.groups)
        bonus = total(self.plan.damage_bonus)
        shown = "+".join(self.groups) + (f"{bonus:+d}" if bonus else "")
        taken = take_total(source, "damage", shown, possible, dice=dice)
        rolled = Roll(expr=parse("0"), dice=(), constant=0, total=taken.value,
                      entered=taken.value)
        return DamageRoll(roll=rolled, weapon_expr=str(parse(self.plan.weapon.damage)),
                          weapon=0, critical_expr=self.critical, critical=0, skill=0,
                          pierce=0, bonus=self.plan.damage_bonus, entered=taken.value)

    def _read(self, rolled, sums: list[int]) -> DamageRoll:
        plan, crit = self.plan, self.critical
        sums = iter(sums)
        weapon_expr = parse(plan.weapon.damage)
        weapon = next(sums) + weapon_expr.constant
        critical = next(sums) + parse(crit).constant if crit else 0
        skill = sum(next(sums) + parse(e).constant for e in plan.damage_dice)
        pierce = sum(next(sums) + parse(e).constant for e in plan.pierce_dice)
        return DamageRoll(roll=rolled, weapon_expr=str(weapon_expr), weapon=weapon,
                          critical_expr=crit, critical=critical, skill=skill, pierce=pierce,
                          bonus=plan.damage_bonus)


@record
class _Verdicts:
    """The damage roll as played: asked for with each target's verdict said first."""

    spec: DamageSpec
    lead: tuple[tuple[str, str], ...]

    def roll(self, source) -> DamageRoll:
        return self.spec.roll(source, self.lead)


def _names(names: Sequence[str], dice: Sequence[str], fallback: str) -> list[str]:
    return [names[i] if i < len(names) else fallback for i in range(len(dice))]


def _group_totals(rolled, exprs: Sequence[Expr]) -> list[int]:
    """Signed dice total of each group's share of the combined roll, in order."""
    dice = iter(rolled.dice if rolled is not None else ())
    return [sum(t.sign * sum(next(dice).final for _ in range(t.count)) for t in e.dice_terms)
            for e in exprs]



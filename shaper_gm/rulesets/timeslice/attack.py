"""An attack as steps (T9-T12): the `[V]` roll, the defender's choice and roll of a
defense, strictly higher hits, damage less DR.

`Swing` is the frozen context the steps read and fill; `plan_swing` builds it from the
encounter, and both play (`attack` in actions) and odds (`odds.attack_odds`) run the
very same `SWING` steps over it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.steps import Note, step
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice.models import Numbers
from shaper_gm.rulesets.timeslice.rolls import dice_mean, stat_spec, with_bonus

# Dice slots (commands.md): --roll is the attacker's two faces, --defend the defender's.
SLOT_ATTACK, SLOT_DEFEND = "roll", "defend"
NO_DEFENSE = "none"

Part = tuple[str, int, str]          # (label, amount, ruling)


@record
class DefenseOption:
    """A defense kind the defender can use now, with its bonuses (T10) and cost (T8)."""

    kind: str
    stat: str
    parts: tuple[Part, ...]           # stat bonus, effects
    cost: int = 0

    @property
    def bonus(self) -> int:
        return sum(amount for _, amount, _ in self.parts)


@record
class Swing:
    attacker: str
    target: str
    stat_roll: Any                    # the spec of a stat roll (T2)
    attack_parts: tuple[Part, ...]    # [V] bonus, effects, called shot (T9, T11)
    defenses: tuple[DefenseOption, ...]
    default_defense: str
    damage_parts: tuple[Part, ...]    # weapon, called shot, effects (T11, T12)
    dr: int
    hp: int
    no_defense_total: int = 0
    prompt: str = ""
    # filled by the steps
    attack_roll: Any = None
    attack_total: int = 0
    defense: str = ""
    defense_roll: Any = None
    defense_total: int = 0
    hit: bool = False
    damage: int = 0
    taken: int = 0
    hp_after: int = 0

    def option(self, kind: str) -> DefenseOption | None:
        return next((d for d in self.defenses if d.kind == kind), None)


def _noted(tape, parts: tuple[Part, ...]) -> int:
    for label, amount, rule in parts:
        tape.note(label, amount, rule)
    return sum(amount for _, amount, _ in parts)


@step(forget=("attack_roll",))
def roll_attack(ctx: Swing, tape) -> Swing:
    """T9: the attacker's `[V]` roll plus its bonuses (T2: 2d10 read 0-9 + stat - 10)."""
    bonus = sum(amount for _, amount, _ in ctx.attack_parts)
    rolled = tape.roll(SLOT_ATTACK, with_bonus(ctx.stat_roll, bonus), ctx.attacker)
    tape.note("attack dice", rolled.total, "T1, T2")
    total = rolled.total + _noted(tape, ctx.attack_parts)
    tape.note("attack total", total, "T9")
    return replace(ctx, attack_roll=rolled, attack_total=total)


@step()
def choose_defense(ctx: Swing, tape) -> Swing:
    """T10: the defender chooses a kind; by default its best expected total."""
    options = tuple(d.kind for d in ctx.defenses) or (NO_DEFENSE,)
    kind = tape.decide(Ask(ctx.target, "defense", options, ctx.default_defense,
                           ctx.prompt, "T10"))
    tape.note(f"defense: {kind}", None, "T10")
    return replace(ctx, defense=kind)


@step(forget=("defense_roll",))
def roll_defense(ctx: Swing, tape) -> Swing:
    option = ctx.option(ctx.defense)
    if option is None:
        tape.note("no defense roll", ctx.no_defense_total, "T10")
        return replace(ctx, defense_total=ctx.no_defense_total)
    rolled = tape.roll(SLOT_DEFEND, with_bonus(ctx.stat_roll, option.bonus), ctx.target)
    tape.note(f"{option.kind} dice", rolled.total, "T1, T2")
    total = rolled.total + _noted(tape, option.parts)
    tape.note("defense total", total, "T10")
    return replace(ctx, defense_roll=rolled, defense_total=total)


@step(forget=("attack_total", "defense_total"))
def judge(ctx: Swing, tape) -> Swing:
    """T9: only a strictly higher attack total hits; a tie goes to the defender."""
    hit = ctx.attack_total > ctx.defense_total
    if hit:
        label = f"hit: {ctx.attack_total} > {ctx.defense_total}"
    elif ctx.attack_total == ctx.defense_total:
        label = f"miss: {ctx.attack_total} ties {ctx.defense_total}, the defender wins"
    else:
        label = f"miss: {ctx.attack_total} < {ctx.defense_total}"
    tape.note(label, ctx.attack_total - ctx.defense_total, "T9")
    return replace(ctx, hit=hit)


@step()
def deal_damage(ctx: Swing, tape) -> Swing:
    """T12: the weapon's damage (with the called shot's), less DR, off HP, never below 0."""
    if not ctx.hit:
        return replace(ctx, hp_after=ctx.hp)
    damage = max(0, _noted(tape, ctx.damage_parts))
    tape.note("damage", damage, "T12")
    tape.note("DR", ctx.dr, "T12")
    taken = max(0, damage - ctx.dr)
    tape.note("damage after DR", taken, "T12")
    hp_after = max(0, ctx.hp - taken)
    tape.note("HP", hp_after, "T13" if hp_after == 0 else "T12")
    return replace(ctx, damage=damage, taken=taken, hp_after=hp_after)


SWING = (roll_attack, choose_defense, roll_defense, judge, deal_damage)


def defense_options(numbers: Numbers, sheet: Any, effect_total, ts: int, holding: bool,
                    can_defend: bool, stat_bonus) -> tuple[DefenseOption, ...]:
    """The kinds a defender can use now: it pays their TS (T8) and a parry needs a held
    weapon (T10); an unconscious defender has none."""
    if not can_defend:
        return ()
    out = []
    for kind in numbers.defenses:
        if kind.cost > ts or (kind.needs_weapon and not holding):
            continue
        parts: list[Part] = [(f"[{kind.stat.upper()}] bonus", stat_bonus(sheet, kind.stat),
                              "T2, T10")]
        for key in ("defense", kind.id):
            if effect_total(key):
                parts.append((f"effects ({key})", effect_total(key), "T10"))
        out.append(DefenseOption(kind.id, kind.stat, tuple(parts), kind.cost))
    return tuple(out)


def best_defense(numbers: Numbers, options: tuple[DefenseOption, ...]) -> str:
    """T10's default: the best expected total; a tie goes to the kind listed first."""
    if not options:
        return NO_DEFENSE
    mean = dice_mean(numbers)
    best = max(Fraction(o.bonus) + mean for o in options)
    return next(o.kind for o in options if Fraction(o.bonus) + mean == best)


def unusable_reason(numbers: Numbers, kind: str, ts: int, holding: bool,
                    can_defend: bool) -> str | None:
    """Why a defender cannot use `kind` now (for a precise refusal), or None."""
    found = numbers.defense(kind)
    if found is None:
        return f"there is no {kind!r} defense (T10)"
    if not can_defend:
        return "it is unconscious and makes no defense roll (T13)"
    if found.needs_weapon and not holding:
        return f"a {kind} needs a held weapon and it holds none (T10)"
    if found.cost > ts:
        return f"a {kind} costs {found.cost} TS and it has {ts} (T8)"
    return None


def spec_for(numbers: Numbers):
    return stat_spec(numbers, "stat roll")


@record
class AttackOutcome:
    """Every number of one attack and the notes of its steps, for the breakdown."""

    attacker: str
    target: str
    weapon: str
    called: str | None
    attack_roll: Any
    attack_total: int
    defense: str
    defense_roll: Any
    defense_total: int
    hit: bool
    damage: int
    dr: int
    taken: int
    hp_before: int
    hp_after: int
    nonlethal: bool
    notes: tuple[Note, ...]
    effects: tuple[str, ...] = ()     # what a called shot did on the hit (T11)
    result: str = ""                  # "", "dying", "unconscious", "dead" (T13)

    def faces(self) -> dict[str, list[tuple[int, ...]]]:
        """The natural faces per dice slot, for the log line."""
        out = {SLOT_ATTACK: [self.attack_roll.naturals]}
        if self.defense_roll is not None:
            out[SLOT_DEFEND] = [self.defense_roll.naturals]
        return out


@record
class DyingAttackOutcome:
    """T14: an attack on a dying character rolls nothing; its timer loses a minute."""

    attacker: str
    target: str
    weapon: str
    before: int                       # seconds on the timer
    after: int
    died: bool
    notes: tuple[Note, ...] = ()

    def faces(self) -> dict[str, list[tuple[int, ...]]]:
        return {}

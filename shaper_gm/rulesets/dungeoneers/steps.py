"""Resolution steps: tests, pierce checks, critical hits and wounds (D11-D20, D28).

One frozen context, `Contest`, carries an attack-like action from its rolls to the
wounds it deals; the pipelines are lists of steps over it. `play` runs them with the
command's dice and keeps every note for the breakdown; `odds.py` runs the very same
steps with `engine.steps.exact`. A check on its own (grab a ledge, D29) is `Check`.
A step that rolls notes the roll itself, so the breakdown can show its faces.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.dice.notation import Expr
from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine.steps import step
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.harm import Defenses, dealt

# Dice slots (commands.md "Dungeoneers verbs").
SLOT_ROLL, SLOT_DODGE, SLOT_PIERCE, SLOT_RESIST, SLOT_GRAB = (
    "roll", "dodge", "pierce", "resist", "grab")


@record
class Contest:
    """A test of actor against defender (D11) and, for a strike or a harmful spell, the
    pierce check and the wounds that follow (D16-D20, D28)."""

    actor: str
    defender: str
    attack: Expr                      # the actor's test dice and score (D11-D15)
    attack_label: str
    defense: Expr
    defense_label: str
    rule: str                         # the action's ruling: D16, D24, D25, D28
    actor_wins_ties: bool = True      # D11
    critical: bool = False            # tagged Critical (D18)
    threshold: int = 5                # the actor's critical threshold (D18)
    defense_slot: str = SLOT_DODGE
    pierce: Expr | None = None        # the pierce check's dice (D16); None: no check
    pierce_label: str = ""
    armor: int = 0                    # the defender's armor value (D16)
    base_wounds: int = 0              # one application before D20 (D16, D17, D28)
    wound_parts: str = ""             # how base_wounds adds up, for the breakdown
    damage_type: str | None = None
    guard: Defenses = Defenses()      # the defender's D20 entries for that type
    # results
    attack_total: int | None = None
    defense_total: int | None = None
    margin: int | None = None
    hit: bool | None = None
    criticals: int = 0
    pierce_total: int | None = None
    pierced: bool | None = None
    each: int = 0                     # wounds per application after D20
    wounds: int = 0                   # wounds dealt in all


@step()
def roll_attack(ctx: Contest, tape) -> Contest:
    rolled = tape.roll(SLOT_ROLL, SumRoll(ctx.attack, "test roll"), ctx.actor)
    tape.note(ctx.attack_label, rolled, "D11")
    return replace(ctx, attack_total=rolled.total)


@step()
def roll_defense(ctx: Contest, tape) -> Contest:
    rolled = tape.roll(ctx.defense_slot, SumRoll(ctx.defense, "defending roll"), ctx.defender)
    tape.note(ctx.defense_label, rolled, "D11")
    return replace(ctx, defense_total=rolled.total)


@step(forget=("attack_total", "defense_total", "margin"))
def judge_test(ctx: Contest, tape) -> Contest:
    """D11: the actor's total against the defender's; ties by the content switch.
    D18: on a Critical action, each full threshold of excess is one critical hit."""
    margin = ctx.attack_total - ctx.defense_total
    hit = margin > 0 or (margin == 0 and ctx.actor_wins_ties)
    tie = " (a tie goes to the " + ("actor" if ctx.actor_wins_ties else "defender") + ")"
    tape.note(("success" if hit else "failure") + (tie if margin == 0 else ""), margin,
              f"D11, {ctx.rule}")
    criticals = 0
    if hit and ctx.critical and margin >= ctx.threshold:
        criticals = margin // ctx.threshold
        tape.note(f"critical hits: excess {margin} over threshold {ctx.threshold}",
                  criticals, "D18")
    return replace(ctx, margin=margin, hit=hit, criticals=criticals)


@step(forget=("pierce_total",))
def roll_pierce(ctx: Contest, tape) -> Contest:
    """D16 (2): the pierce check against the defender's armor value; no check, no roll."""
    if not ctx.hit or ctx.pierce is None:
        return ctx
    rolled = tape.roll(SLOT_PIERCE, SumRoll(ctx.pierce, "pierce check"), ctx.actor)
    pierced = rolled.total >= ctx.armor
    tape.note(f"pierce check {ctx.pierce_label} vs armor value {ctx.armor}: "
              + ("pierced" if pierced else "no wounds"), rolled, "D14, D16")
    return replace(ctx, pierce_total=rolled.total, pierced=pierced)


@step()
def deal_wounds(ctx: Contest, tape) -> Contest:
    """D16 (3), D18, D20: wounds = the base, adjusted per application, once plus once
    per critical hit."""
    if not ctx.hit or ctx.pierced is False or not (ctx.base_wounds or ctx.damage_type):
        return ctx
    tape.note(f"wounds: {ctx.wound_parts}", ctx.base_wounds, ctx.rule)
    each, total = dealt(ctx.base_wounds, ctx.criticals, ctx.guard)
    if ctx.guard != Defenses():
        tape.note(f"each application after {ctx.guard.describe()}", each, "D20")
    if ctx.criticals:
        tape.note(f"dealt {1 + ctx.criticals} times ({ctx.criticals} critical)", total, "D18")
    tape.note(f"wounds dealt ({ctx.damage_type or 'untyped'})", total, "D19")
    return replace(ctx, each=each, wounds=total)


TEST = (roll_attack, roll_defense, judge_test)
STRIKE = (*TEST, roll_pierce, deal_wounds)          # D16-D20
SPELL = (*TEST, deal_wounds)                         # D28 with a spell attack


@record
class Check:
    """D14: `[D] + S vs N` for one creature (grab a ledge, D29)."""

    who: str
    dice: Expr
    label: str
    target: int
    rule: str
    slot: str = SLOT_GRAB
    total: int | None = None
    success: bool | None = None


@step()
def roll_check(ctx: Check, tape) -> Check:
    rolled = tape.roll(ctx.slot, SumRoll(ctx.dice, "check"), ctx.who)
    success = rolled.total >= ctx.target
    tape.note(f"{ctx.label} vs {ctx.target}: "
              + ("success" if success else "failure"), rolled, f"D14, {ctx.rule}")
    return replace(ctx, total=rolled.total, success=success)


CHECK = (roll_check,)

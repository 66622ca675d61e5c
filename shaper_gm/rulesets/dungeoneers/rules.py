"""The rules every Dungeoneers action is made of: test and check dice (D11-D15), the
resolution steps from a test to the wounds it deals (D16-D20, D28), wounds and damage
types (D19, D20), and the conditions kept on the generic state (D9, D22, D24, D29).

An attack-like action is one frozen `Contest` carried through steps; `actions.py`
plays them with the command's dice and `odds` runs the very same steps exactly. A step
that rolls notes the roll itself, so the breakdown shows its faces.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from shaper_gm.dice.notation import Constant, DiceTerm, Expr, add, dice_terms
from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine import events as ev
from shaper_gm.engine import harm
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.steps import Note, step
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.events import ConditionEnded, TallyChanged
from shaper_gm.rulesets.dungeoneers.models import (
    ActorData,
    DamageTypes,
    EncounterData,
)

# Dice slots (commands.md "Dungeoneers verbs").
SLOT_ROLL, SLOT_DODGE, SLOT_PIERCE, SLOT_RESIST, SLOT_GRAB, SLOT_HOLD = (
    "roll", "dodge", "pierce", "resist", "grab", "hold")


# --- the ruleset's data on the generic state -------------------------------------------

def data_of(actor: Actor) -> ActorData:
    return actor.system if isinstance(actor.system, ActorData) else ActorData()


def with_data(actor: Actor, **changes) -> Actor:
    return actor.with_(system=data_of(actor).with_(**changes))


def encounter_data(state: Encounter, ambient_default: int = 0) -> EncounterData:
    if isinstance(state.system, EncounterData):
        return state.system
    return EncounterData(ambient_arca=ambient_default)


def hands_used(rs, held) -> int:
    return sum(rs.library.weapons[w].hands for w in held)


def release_grapples(state: Encounter, actor_id: str, why: str) -> Change:
    """End every grapple the creature is part of, on both sides (D24)."""
    mine, events = data_of(state.actors[actor_id]), []
    pairs = [(actor_id, mine.grappling)] if mine.grappling in state.actors else []
    if mine.grappled_by in state.actors:
        pairs.append((mine.grappled_by, actor_id))
    for holder, held in pairs:
        state = state.with_actors([with_data(state.actors[holder], grappling=None),
                                   with_data(state.actors[held], grappled_by=None)])
        events += [ConditionEnded(holder, "grappling", held, why),
                   ConditionEnded(held, "grappled", holder, why)]
    return state, events


# --- test and check dice (D11-D15) -----------------------------------------------------

class Dice(NamedTuple):
    """What one creature rolls in a test or check, and how its breakdown row names it."""

    expr: Expr
    label: str


def score_dice(numbers: Any, sides: int, score: int) -> Expr:
    """[D] + S as dice: `1dD + S`, or `SdD` with `score_as_dice` (D13); a check's
    dice too (D14)."""
    if numbers.score_as_dice:
        count = max(score, numbers.score_dice_minimum)
        return Expr(dice_terms(count, sides)) if count > 0 else Expr((Constant(0),))
    base = Expr((DiceTerm(1, sides),))
    return add(base, score) if score else base


check_dice = score_dice


def side_of(numbers: Any, who: str, sheet: Any, skill: str, score_name: str,
            boon: int = 0) -> Dice:
    """`[skill] + score` for one creature (D11, D12); net boon adds boon dice, net bane
    subtracts bane dice (D15)."""
    rank, score = sheet.rank(skill), sheet.score(score_name)
    expr = score_dice(numbers, numbers.die_of(rank), score)
    if boon > 0:
        expr = add(expr, Expr(dice_terms(boon, numbers.boon_die)))
    elif boon < 0:
        expr = add(expr, Expr(dice_terms(-boon, numbers.bane_die, -1)))
    label = f"{who} rolls [{skill}: {rank}] + {score_name} {score}"
    if boon:
        label += f", {'boon' if boon > 0 else 'bane'} {abs(boon)}"
    return Dice(expr, label)


def better_score(sheet: Any, *names: str) -> str:
    """D11: where the source offers a choice of score, the defender uses the higher."""
    return max(names, key=lambda name: (sheet.score(name), -names.index(name)))


# --- wounds and damage types (D18-D20) ---------------------------------------------------

@record
class Defenses:
    """What of a target's D20 entries covers one damage type."""

    vulnerable: int = 0
    resist: int = 0
    immune: bool = False

    def apply(self, wounds: int) -> int:
        """One application of wounds after D20."""
        return 0 if self.immune else max(0, wounds + self.vulnerable - self.resist)

    def describe(self) -> str:
        if self.immune:
            return "immune"
        parts = [f"vulnerability({self.vulnerable})" if self.vulnerable else "",
                 f"resistance({self.resist})" if self.resist else ""]
        return ", ".join(p for p in parts if p) or "none"


def defenses(types: DamageTypes, sheet: Any, code: str | None) -> Defenses:
    if code is None:
        return Defenses()
    return Defenses(
        vulnerable=sum(n for entry, n in sheet.vulnerable if types.covers(entry, code)),
        resist=sum(n for entry, n in sheet.resist if types.covers(entry, code)),
        immune=any(types.covers(entry, code) for entry in sheet.immune))


def dealt(base: int, criticals: int, guard: Defenses) -> tuple[int, int]:
    """(wounds per application, wounds in all): once plus once per critical hit (D18)."""
    each = guard.apply(base)
    return each, each * (1 + criticals)


def change_wounds(state: Encounter, rs, target_id: str, change: int, why: str) -> Change:
    """Wounds taken (or, negative, healed; never below 0), down or up again (D19)."""
    target = state.actors[target_id]
    before = target.resource("wounds")
    after = max(0, before + change)
    state = state.with_actor(target.with_resource("wounds", after))
    state, followed = down_by_wounds(state, rs, target_id)
    return state, [TallyChanged(target_id, "wounds", before, after, why,
                                target.sheet.wound_limit), *followed]


def down_by_wounds(state: Encounter, rs, actor_id: str) -> Change:
    """D19: a creature whose wounds reach its wound limit is down; below it, up again."""
    actor = state.actors[actor_id]
    at_limit = actor.resource("wounds") >= actor.sheet.wound_limit
    if at_limit and not actor.down:
        return harm.go_down(state, rs, actor_id)
    if actor.down and not at_limit:
        return state.with_actor(actor.with_(down=False)), [ev.Revived(actor_id)]
    return state, []


# --- the steps of a test, a strike and a spell (D11-D20, D28) ------------------------------

@record
class Contest:
    """A test of actor against defender (D11) and, for a strike or a harmful spell, the
    pierce check and the wounds that follow (D16-D20, D28). Played, it is the action's
    outcome: the line, the breakdown (its notes) and the odds all read this one record."""

    actor: str
    defender: str
    attack: Dice                      # the actor's test dice and score (D11-D15)
    defense: Dice
    rule: str                         # the action's ruling: D16, D24, D25, D28
    actor_wins_ties: bool = True      # D11
    critical: bool = False            # tagged Critical (D18)
    threshold: int = 5                # the actor's critical threshold (D18)
    defense_slot: str = SLOT_DODGE
    pierce: Dice | None = None        # the pierce check's dice (D16); None: no check
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
    # what the action adds to the played test, for its line and breakdown
    action: str = ""                  # strike | power-strike | grapple | push | break-free
    weapon: str | None = None         # a strike's weapon id (D16)
    ranged: bool = False              # D16: beyond the threat range
    distance: int = 0
    result: str = ""                  # "grappling" | "forced to C3" | "failed" | ...
    ledge: Any = None                 # D29: the pushed creature's ledge check
    down: bool = False                # the defender is down after it
    cost: Any = None                  # events.Cost
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()

    @property
    def target(self) -> str:
        return self.defender

    @property
    def success(self) -> bool:
        return bool(self.hit)

    @property
    def power(self) -> bool:
        return self.action == "power-strike"


def contest(rs, actor: Actor, attack: Dice, defender: Actor, defense: Dice,
            rule: str, **more) -> Contest:
    return Contest(actor.id, defender.id, attack, defense, rule,
                   rs.numbers.test_ties == "actor", **more)


@step()
def roll_attack(ctx: Contest, tape) -> Contest:
    rolled = tape.roll(SLOT_ROLL, SumRoll(ctx.attack.expr, "test roll"), ctx.actor)
    tape.note(ctx.attack.label, rolled, "D11")
    return replace(ctx, attack_total=rolled.total)


@step()
def roll_defense(ctx: Contest, tape) -> Contest:
    rolled = tape.roll(ctx.defense_slot, SumRoll(ctx.defense.expr, "defending roll"),
                       ctx.defender)
    tape.note(ctx.defense.label, rolled, "D11")
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
    rolled = tape.roll(SLOT_PIERCE, SumRoll(ctx.pierce.expr, "pierce check"), ctx.actor)
    pierced = rolled.total >= ctx.armor
    tape.note(f"pierce check {ctx.pierce.label} vs armor value {ctx.armor}: "
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


TEST_STEPS = (roll_attack, roll_defense, judge_test)
STRIKE_STEPS = (*TEST_STEPS, roll_pierce, deal_wounds)         # D16-D20
SPELL_STEPS = (*TEST_STEPS, deal_wounds)                       # D28 with a spell attack


def check(tape, who: str, dice: Dice, target: int, rule: str,
          slot: str = SLOT_GRAB) -> tuple[int, bool]:
    """D14: `[D] + S vs N` for one creature (grab a ledge, D29): its total and success."""
    rolled = tape.roll(slot, SumRoll(dice.expr, "check"), who)
    success = rolled.total >= target
    tape.note(f"{dice.label} vs {target}: " + ("success" if success else "failure"), rolled,
              f"D14, {rule}")
    return rolled.total, success

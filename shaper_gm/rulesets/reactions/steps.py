"""The attack as steps (R1-R8), run for play by `attack.py` and for exact odds by `odds.py`.

`Strike` holds everything the steps read (taken from the two sheets and the encounter
before the first step) and everything they find: played, it is the attack's outcome
(and the GM's damage's, which runs the `HARM` steps). Every number goes into the
breakdown with the ruling that produced it. Rolls fill the contract's slots: `block` and `dodge`
(one d20 per attempt, in order) and `crit`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from shaper_gm.dice.notation import parse
from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.steps import Note, Step, step
from shaper_gm.records import record

SLOT_BLOCK, SLOT_DODGE, SLOT_CRIT = "block", "dodge", "crit"
NO_REACTION = "none"


@lru_cache(maxsize=64)
def die(sides: int, what: str) -> SumRoll:
    """One die of `sides` faces (R3, R9)."""
    return SumRoll(parse(f"1d{sides}"), what)


class Attempt(NamedTuple):
    """One block or dodge the defender tried (R2, R3)."""

    reaction: str                # block | dodge
    cost: int                    # reactions paid (R2)
    face: int                    # the die's face (R3)
    target: int
    success: bool


@record
class Strike:
    """An attack (or the GM's typed damage) as its steps see it: what they read, taken
    from the sheets and the encounter before the first step, and what they find. The
    played Strike is the outcome itself: its line, breakdown and odds all read it."""

    attacker: str
    defender: str
    attack_type: str             # physical | magical | true (R1)
    power: int                   # the weapon's or spell's, or the GM's --power
    # what the steps read, from the sheets and the ruleset's numbers
    weapon: str = ""             # R1: the weapon's or spell's id, its name, its reach
    weapon_name: str = ""
    range_m: int = 0
    distance_m: int = 0          # R1: how far away the defender stands
    die: int = 20                # R3
    critical_target: int = 21    # R3, R5
    critical_bonus: int = 0      # R5
    armor: int = 0               # R6: the defender's armor of this type (0 for true)
    bonus_on_block: int = 0      # R6: the defender's block bonus
    block_target: int = 21       # R3
    dodge_target: int = 21       # R3
    reactions: int = 0           # R2, R11: the defender's reactions left
    may_react: bool = True       # R11: reactions are spent outside the defender's turn
    blockable: bool = True       # R2: a true attack cannot be blocked
    block_cost: int = 1          # R2
    dodge_cost: int = 2          # R2
    shield: int = 0              # R7: the defender's active shield
    shield_soaks: bool = True    # R7: whether the shield takes this type
    health: int = 0              # R8
    min_damage: int = 0          # R6
    damage_bonus: int = 0        # the GM's bonus to this attack's damage (--damage-bonus)
    direct: bool = False         # the GM's direct damage: no armor, no shield
    defender_name: str = ""
    # what the steps find
    tries: tuple[tuple[str, bool], ...] = ()        # (block | dodge, succeeded), in order
    faces_rolled: tuple[int, ...] | None = ()       # the tries' faces (play only)
    reactions_spent: int = 0
    reacting_done: bool = False
    dodged: bool = False         # R4
    blocked: bool = False        # R6: one of the blocks succeeded
    crit_face: int | None = None   # None when dodged: no critical roll (R5)
    critical: bool = False       # R5
    total_power: int = 0         # power + critical bonus on a critical (R5)
    block_bonus: int = 0         # R6: as applied (after a block, never to true damage)
    damage: int = 0              # R6: after armor and block bonus
    soaked: int = 0              # R7
    health_after: int = 0        # R8
    down: bool = False           # R8
    # what the attack finds after its steps (play only)
    moved_to: str | None = None  # the defender's tile after a dodge (R4)
    moved_by_default: bool = False   # the tool picked it: the GM named none
    notes: tuple[Note, ...] = ()

    @property
    def reactions_left(self) -> int:
        return self.reactions - self.reactions_spent

    @property
    def health_lost(self) -> int:
        return self.health - self.health_after

    def cost_of(self, reaction: str) -> int:
        return self.block_cost if reaction == "block" else self.dodge_cost

    def target_of(self, reaction: str) -> int:
        return self.block_target if reaction == "block" else self.dodge_target

    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Each block or dodge tried, in order, with its face (play only)."""
        return tuple(Attempt(reaction, self.cost_of(reaction), face, self.target_of(reaction), won)
                     for (reaction, won), face in zip(self.tries, self.faces_rolled or (),
                                                      strict=True))

    def faces(self) -> dict[str, list[int]]:
        """Every face by slot, as the log line gives them (`--block 4,13 --crit 17`)."""
        out: dict[str, list[int]] = {SLOT_BLOCK: [], SLOT_DODGE: []}
        for attempt in self.attempts:
            out[attempt.reaction].append(attempt.face)
        out[SLOT_CRIT] = [] if self.crit_face is None else [self.crit_face]
        return out

    def options(self) -> tuple[str, ...]:
        """What the defender can still pay for (R2, R11)."""
        if self.reacting_done or not self.may_react:
            return (NO_REACTION,)
        out = [NO_REACTION]
        if self.blockable and self.reactions_left >= self.block_cost:
            out.append("block")
        if self.reactions_left >= self.dodge_cost:
            out.append("dodge")
        return tuple(out)

    def most_attempts(self) -> int:
        """The most attempts the defender could pay for: one step each."""
        if not self.may_react:
            return 0
        cheapest = min(self.block_cost if self.blockable else self.dodge_cost, self.dodge_cost)
        return self.reactions // cheapest


@step()
def declare(ctx: Strike, tape) -> Strike:
    tape.note(f"{ctx.attack_type} attack, power", ctx.power, "R1")
    return replace(ctx, total_power=ctx.power)


def _d20(sides: int, rolled) -> str:
    """``d20 14``; a face called out at the table as a total says so (R3, R5: one die
    against a target, so its total decides as its face would)."""
    entered = " (entered)" if getattr(rolled, "entered", None) is not None else ""
    return f"d{sides} {rolled.total}{entered}"


@step(forget=("faces_rolled",))
def attempt(ctx: Strike, tape) -> Strike:
    """One block or dodge, paid before anything else is rolled (R2, R3)."""
    if ctx.reacting_done:
        return ctx                  # nothing more to decide: costs nothing, however many
    options = ctx.options()
    if len(options) == 1:
        return replace(ctx, reacting_done=True)
    number = len(ctx.tries)
    answer = tape.decide(Ask(ctx.defender, "react", options, NO_REACTION,
                             f"{ctx.defender_name or ctx.defender} may react to the "
                             f"{ctx.attack_type} attack ({ctx.reactions_left} reactions "
                             f"left): {', '.join(options)}", "R2", index=number))
    if answer == NO_REACTION:
        return replace(ctx, reacting_done=True)
    cost, target = ctx.cost_of(answer), ctx.target_of(answer)
    rolled = tape.roll(answer, die(ctx.die, f"{answer} of {ctx.defender}"), ctx.defender)
    success = rolled.total >= target
    tape.note(f"{answer} {number + 1} ({cost} reaction{'s' if cost > 1 else ''}): "
              f"{_d20(ctx.die, rolled)} vs {target}, {'success' if success else 'failure'}",
              rolled.total, "R3")
    ctx = replace(ctx, tries=(*ctx.tries, (answer, success)),
                  reactions_spent=ctx.reactions_spent + cost,
                  faces_rolled=(*(ctx.faces_rolled or ()), rolled.total))
    if success and answer == "dodge":
        tape.note("dodged: the attack ends and the defender leaves its tile", None, "R4")
        return replace(ctx, dodged=True, reacting_done=True)
    if success:
        return replace(ctx, blocked=True, reacting_done=True)
    return ctx


@step(forget=("crit_face",))
def critical(ctx: Strike, tape) -> Strike:
    """R5: an attack not dodged makes a critical roll; success adds the critical bonus."""
    if ctx.dodged:
        return ctx
    rolled = tape.roll(SLOT_CRIT, die(ctx.die, f"critical roll of {ctx.attacker}"),
                       ctx.attacker)
    success = rolled.total >= ctx.critical_target
    tape.note(f"critical roll: {_d20(ctx.die, rolled)} vs {ctx.critical_target}, "
              f"{'success' if success else 'failure'}", rolled.total, "R5")
    total = ctx.power + (ctx.critical_bonus if success else 0)
    if success:
        tape.note(f"power {ctx.power} + critical bonus {ctx.critical_bonus}", total, "R5")
    return replace(ctx, crit_face=rolled.total, critical=success, total_power=total)


@step()
def damage(ctx: Strike, tape) -> Strike:
    """R6: power - typed armor - block bonus if a block succeeded; true damage ignores
    both; never below the minimum."""
    if ctx.dodged:
        tape.note("no damage: dodged", 0, "R4")
        return replace(ctx, damage=0)
    true = ctx.attack_type == "true"
    dealt = ctx.total_power
    if not true:
        dealt -= ctx.armor
        tape.note(f"- {ctx.attack_type} armor {ctx.armor}", dealt, "R6")
    if ctx.blocked and not true:
        ctx = replace(ctx, block_bonus=ctx.bonus_on_block)
        dealt -= ctx.block_bonus
        tape.note(f"- block bonus {ctx.block_bonus}", dealt, "R6")
    if ctx.damage_bonus:
        dealt += ctx.damage_bonus
        tape.note(f"{ctx.damage_bonus:+d} GM damage bonus", dealt)
    dealt = max(ctx.min_damage, dealt)
    tape.note("true damage ignores armor and block bonus" if true else "damage", dealt, "R6")
    return replace(ctx, damage=dealt)


@step()
def soak(ctx: Strike, tape) -> Strike:
    """R7: an active shield takes the damage first."""
    if not ctx.damage or not ctx.shield:
        return replace(ctx, soaked=0)
    if not ctx.shield_soaks:
        tape.note(f"the shield does not soak {ctx.attack_type} damage", 0, "R7")
        return replace(ctx, soaked=0)
    soaked = min(ctx.shield, ctx.damage)
    tape.note(f"shield {ctx.shield} soaks", soaked, "R7")
    return replace(ctx, soaked=soaked)


@step()
def health(ctx: Strike, tape) -> Strike:
    """R8: the rest comes off current health, never below 0; at 0 the creature is down."""
    after = max(0, ctx.health - (ctx.damage - ctx.soaked))
    tape.note(f"health {ctx.health} - {ctx.damage - ctx.soaked}", after, "R8")
    if after == 0:
        tape.note("down", 0, "R8")
    return replace(ctx, health_after=after, down=after == 0)


HARM: tuple[Step, ...] = (damage, soak, health)


def attack_steps(ctx: Strike, answers: int | None = None) -> tuple[Step, ...]:
    """R1-R8 in order: one attempt step per reaction attempt the defender could pay for,
    or, when only `answers` answers can come (odds read the declared ones, and no one is
    asked), one more than those: the steps after it could only decline."""
    attempts = ctx.most_attempts()
    if answers is not None:
        attempts = min(attempts, answers + 1)
    return (declare, *(attempt,) * attempts, critical, *HARM)

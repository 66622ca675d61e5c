"""How a dice-pool fight looks: its events in one line, every number of an attack and of a
pool test with its ruling, the pool in the order table, the toolbar and `show` (P1-P12).

`content/dicepool/screen.yaml` declares the screen and names these functions where a
text needs code; the render layer reads it the first time it meets a dice-pool event or
table. The actor sheet's rows are in `views_sheet`.
"""

from __future__ import annotations

from functools import partial

from rich.console import Group
from rich.text import Text

from shaper_gm.render import breakdown
from shaper_gm.render.tables import pips
from shaper_gm.render.text import Names, item, line, plural, said
from shaper_gm.rulesets.dicepool.events import (
    AbilityUsed,
    AttackResolved,
    PreparationEnded,
    PreparationUsed,
    Prepared,
    TestResolved,
)
from shaper_gm.rulesets.dicepool.views_sheet import dice_word, preparation_text

LABEL = 8          # width of a breakdown row's label


def spent(cost: str) -> str:
    """The shared cost text (``Actions``, ``2 Actions``, ``Reactions``) in dice-pool
    words (P6, P12)."""
    words = cost.split()
    if not words or words[-1] not in ("Actions", "Reactions"):
        return cost
    count = int(words[0]) if len(words) == 2 and words[0].isdigit() else 1
    return plural(count, words[-1][:-1].lower())


def reaction_how(cost: str) -> str:
    """Off its turn an actor acts with a reaction ability, paid with a reaction (P12),
    or with an action it prepared, which costs nothing more (P11)."""
    return "a reaction ability, P12" if "Reactions" in cost else "a prepared reaction, P11"


def successes(n: int) -> str:
    return f"{n} success{'' if n == 1 else 'es'}"


def dice(faces, success_on: int) -> str:
    """``[4✓, 6✓, 2, 5✓, 1]``: every face, a ✓ on each success (P1)."""
    return "[" + ", ".join(f"{f}✓" if f >= success_on else str(f) for f in faces) + "]"


row = partial(breakdown.row, width=LABEL)


# --- one line per event -------------------------------------------------------------------

def attack_line(e: AttackResolved, n: Names, cost: str) -> str:
    o = e.outcome
    verdict = (f"hit, margin {o.margin}; {o.damage} damage, HP {o.hp_before} → {o.hp_after}"
               + (", down" if o.down else "")) if o.hit else "miss"
    return (f"{attack_head(e, n, cost)}: {successes(o.successes)} vs DT {o.dt}, "
            f"{verdict}; pool {o.pool_before} → {o.pool_after}{gm_said(o)}")


def test_line(e: TestResolved, n: Names, cost: str) -> str:
    o = e.outcome
    verdict = "success" if o.success else "failure"
    return line(f"{n(e.actor)} tests {o.what}: {successes(o.successes)} vs DT {o.dt}, "
                f"{verdict}; pool {o.pool_before} → {o.pool_after}{gm_said(o)}",
                [spent(cost)])


def gm_said(o) -> str:
    """`` [GM damage bonus +2; totals entered: pool]``: what the GM decided in it."""
    bonus = getattr(o, "gm_damage_bonus", 0)
    return said([f"GM damage bonus {bonus:+d}"] if bonus else [],
                [what for what, flagged in (("pool", o.entered),
                                            ("damage", getattr(o, "damage_entered", False)))
                 if flagged])


def ability_line(e: AbilityUsed, n: Names, cost: str) -> str:
    discards = f"{dice_word(e.discarded)} discarded (P12)" if e.discarded else ""
    return line(f"{n(e.actor)} uses {e.name}", [discards, spent(cost)])


def prepared_line(e: Prepared, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)} prepares {preparation_text(e.preparation, n)}",
                ["P11", spent(cost)])


def preparation_used_line(e: PreparationUsed, n: Names, cost: str) -> str:
    if e.preparation.kind == "dodge":
        return (f"{n(e.actor)} dodges as prepared: +{e.bonus} AC against {e.during} "
                "(half DEX, P11)")
    return (f"{n(e.actor)} takes the action it prepared (“{e.preparation.text}”): "
            f"{e.during} (P11)")


def preparation_ended_line(e: PreparationEnded, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)}'s preparation ends unused: {preparation_text(e.preparation, n)}",
                [e.why])


# --- breakdowns ---------------------------------------------------------------------------

def attack_head(e, n: Names, cost: str = "") -> str:
    o = e.outcome
    ability = item(o.ability).title() if o.ability else ""
    how = reaction_how(cost) if o.reaction else ""
    return line(f"{n(o.attacker)} attacks {n(o.target)} with the {item(o.weapon)}",
                [ability, how, spent(cost)])


def roll_rows(o) -> list[Text]:
    """The pool roll, then what it left of the pool (P1, P3, P4, P9, P12)."""
    of = f"{o.dice} of {o.pool_before} {'die' if o.pool_before == 1 else 'dice'}"
    rolled = (f"{of}: {dice(o.faces, o.success_on)} = "
              f"{successes(o.successes)} ({o.success_on}+)" if o.dice
              else f"no dice to roll (the pool holds {o.pool_before}): 0 successes")
    if o.entered and o.dice:
        rolled = (f"{of}: {successes(o.successes)} "
                  f"({o.success_on}+, entered)")
    out = [row("pool", rolled, "P1, P3", style="bold")]
    lost = o.lost_faces
    left = (f"failures {dice(lost, o.success_on)} leave the pool" if lost
            else "no failures: every die stays")
    if o.entered and o.failures:
        left = f"{dice_word(o.failures)} that failed leave the pool"
    out.append(row("pool", f"{o.pool_before} → {o.pool_spent}: {left}", "P3, P9"))
    if o.dice < o.pool_before:
        out.append(row("", f"{o.pool_before - o.dice} not rolled stay in the pool", "P3"))
    if o.discarded:
        out.append(row("", f"{o.discarded} more {'die' if o.discarded == 1 else 'dice'} "
                           "discarded by the ability", "P12"))
    if o.pool_after != o.pool_spent:
        out.append(row("refill", f"{o.pool_spent} → {o.pool_after}: "
                                 f"+{dice_word(o.pool_after - o.pool_spent)} (CON) right after "
                                 "a roll outside its turn", "P4"))
    return out


def dt_row(o) -> Text:
    """P7, P11, P12: how the attack's DT came about."""
    from_effects = sum(amount for _, amount in o.ac_effects)
    parts = [f"AC {o.ac - from_effects}"]
    parts += [f"{'+' if amount > 0 else '-'} {abs(amount)} {name}"
              for name, amount in o.ac_effects]
    if o.dodge:
        parts.append(f"+ {o.dodge} prepared dodge (P11)")
    parts.append(f"- proficiency {o.proficiency}")
    if o.dt_change:
        parts.append(f"{'+' if o.dt_change > 0 else '-'} {abs(o.dt_change)} "
                     f"{item(o.ability or '').title()} (P12)")
    raw = o.ac + o.dodge - o.proficiency + o.dt_change
    floor = f" (not below {o.dt})" if raw < o.dt else ""
    return row("DT", " ".join(parts) + f" = {o.dt}{floor}", "P7")


def damage_rows(o, n: Names) -> list[Text]:
    """P8, P12: the damage dice of a hit, its bonuses, and the defender's HP."""
    count = f"margin {o.margin} + proficiency {o.proficiency}"
    if o.extra_damage_dice:
        count += f" + {o.extra_damage_dice} {item(o.ability or '').title()} (P12)"
    total = f"{o.damage_dice}d{o.damage_die} ({count})"
    stat = o.bonus_label.removeprefix("damage stat ")
    from_effects = sum(amount for _, amount in o.damage_effects)
    named = [(amount, name) for name, amount in o.damage_effects]
    bonuses = [f"{amount:+d} {what}" for amount, what in
               ((o.damage_bonus - from_effects, stat), *named, (o.gm_damage_bonus, "GM"))
               if amount]
    if o.damage_entered:
        bonus = f", {' '.join(bonuses)} in it" if bonuses else ""
        total += f": total {o.damage} (entered{bonus})"
    else:
        if o.damage_faces:
            total += f": {dice(o.damage_faces, o.damage_die + 1)}"
        if bonuses:
            total += f" = {sum(o.damage_faces)}, {' '.join(bonuses)}"
        total += f" = {o.damage}"
    down = ", down" if o.down and o.hp_before else ""
    return [row("damage", total, "P8"),
            row("HP", f"{n(o.target)} {o.hp_before} → {o.hp_after}{down}", "P8")]


def breakdown(e: AttackResolved | TestResolved, n: Names, cost: str = "") -> Group:
    """Every number of an attack (P7-P9) or a pool test (P3), each with its ruling."""
    o = e.outcome
    attack = isinstance(e, AttackResolved)
    if attack:
        head = attack_head(e, n, cost)
    else:
        how = reaction_how(cost) if o.reaction else ""
        head = line(f"{n(e.actor)} tests {o.what} against DT {o.dt}", [how, spent(cost)])
    rolled, *left = roll_rows(o)
    words = ("hit", "miss") if attack else ("success", "failure")
    sign = "≥" if o.success else "<"
    verdict = row(words[0] if o.success else words[1],
                  f"{successes(o.successes)} {sign} DT {o.dt}, margin {o.margin}",
                  "P7" if attack else "P3", style="green" if o.success else "red")
    hit = damage_rows(o, n) if attack and o.hit else []
    head += ": " + (words[0] if o.success else words[1])           # the verdict first
    if attack and o.hit:
        head += f", HP {o.hp_before} → {o.hp_after}" + (", down" if o.down and o.hp_before
                                                          else "")
    return Group(Text(head, style="bold"), *([dt_row(o)] if attack else []), rolled,
                 verdict, *hit, *left)


# --- the order table, the toolbar, one actor -------------------------------------------------

def pool_cell(actor, state, rs) -> str:
    return f"{actor.resource('pool')} (+{rs.stat(actor.sheet, rs.numbers.refill_stat)})"


def actions_cell(actor, state, rs) -> Text | str:
    if state.turn != actor.id:
        return "–"
    full = rs.numbers.actions_per_turn
    return pips((("actions", actor.resource("actions")),), {"actions": full})


def prepared_cell(actor, state, rs) -> str:
    return prepared_short(actor) or "–"


def pool_dice(actor, rs, state=None) -> str:
    return f"pool {dice_word(actor.resource('pool'))}"


def holds(actor, rs, state=None) -> str:
    weapon = rs.weapon(actor)
    return f"holds {weapon.name}" if weapon is not None else ""


def prepared_part(actor, rs, state=None) -> str:
    prepared = prepared_short(actor)
    return f"prepared: {prepared}" if prepared else ""


def prepared_short(actor) -> str:
    """``dodge barry, action``: what the actor has prepared (P11)."""
    held = getattr(actor.system, "prepared", ())
    return ", ".join(f"dodge {p.against}" if p.kind == "dodge" else "action" for p in held)


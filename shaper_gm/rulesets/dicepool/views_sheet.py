"""`show ACTOR` in a dice-pool fight: the pool and how it is built and refilled,
actions, stats, AC, speed, weapons, abilities, preparations and effects (P1-P12), and
the words the sheet shares with the event lines (dice, a preparation)."""

from __future__ import annotations

from rich.text import Text

from shaper_gm.render.tables import pips
from shaper_gm.render.text import Names, item, plural


def dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def preparation_text(prep, n: Names) -> str:
    if prep.kind == "dodge":
        weapon = f" with the {item(prep.weapon)}" if prep.weapon else ""
        return f"a dodge against {n(prep.against)}{weapon}: “{prep.text}”"
    return f"an action: “{prep.text}”"


def pool_row(actor, view) -> Text:
    """The pool, how it is built and how it refills (P1, P2, P4)."""
    rs, sheet = view.ruleset, actor.sheet
    numbers, weapon = rs.numbers, rs.weapon(actor)
    built = ""
    if weapon is not None:
        built = (f"\nbuilt {rs.pool_build(actor)} when the fight starts: "
                 f"{weapon.stat.upper()} {rs.stat(sheet, weapon.stat)} + {weapon.name} "
                 f"proficiency {sheet.proficiency(weapon.id)} (P2)")
    refill = rs.stat(sheet, numbers.refill_stat)
    return Text.assemble((dice_word(actor.resource("pool")), "bold"),
                         f" of d{numbers.pool_die}, {numbers.success_on}+ succeeds (P1)"
                         f"{built}\n+{refill} {numbers.refill_stat.upper()} at the end of "
                         "each of its turns (P4)")


def actions_row(actor, view) -> Text | str:
    full = view.ruleset.numbers.actions_per_turn
    if view.state.turn != actor.id:
        return f"{full} on its turn (P6)"
    left = actor.resource("actions")
    return Text.assemble(pips((("actions", left),), {"actions": full}),
                         f"  {left} of {full} left this turn (P6)")


def ac_row(actor, view) -> str:
    rs, bonus = view.ruleset, actor.effect_total("ac")
    ac = f"{rs.ac(actor)}" + (f" ({bonus:+d} from effects)" if bonus else "")
    return ac + f"; a prepared dodge adds {rs.dodge_bonus(actor)} (P11)"


def prepared_row(actor, view) -> str:
    return "\n".join(preparation_text(p, Names.of(view.state))
                     for p in getattr(actor.system, "prepared", ())) or "nothing (P11)"


def square_row(actor, view) -> str:
    return f"{actor.zone or 'not placed'}; moves {view.ruleset.speed(actor)} m per action (P10)"


def stats_row(actor, view) -> str:
    rs = view.ruleset
    return ", ".join(f"{s.upper()} {rs.stat(actor.sheet, s)}" for s in rs.numbers.stats)


def weapons_row(actor, view) -> str:
    return "\n".join(_weapon_line(view.ruleset, actor, w) for w in actor.sheet.weapons) \
        or "none"


def abilities_row(actor, view) -> str:
    return "\n".join(_ability_line(view.ruleset, x) for x in actor.sheet.abilities) or "none"


def _weapon_line(rs, actor, weapon_id: str) -> str:
    weapon = rs.library.weapons.get(weapon_id)
    if weapon is None:
        return item(weapon_id)
    bonus = f" + {weapon.bonus_stat.upper()}" if weapon.bonus_stat else ""
    text = (f"{weapon.name}: {weapon.stat.upper()} pool, d{weapon.damage_die}{bonus} damage, "
            f"proficiency {actor.sheet.proficiency(weapon_id)}")
    if weapon.properties:
        text += f", {', '.join(weapon.properties)}"
    held = rs.weapon(actor)
    return text + (" (in hand)" if held is not None and held.id == weapon_id else "")


def _ability_line(rs, ability_id: str) -> str:
    ability = rs.library.abilities.get(ability_id)
    if ability is None:
        return item(ability_id)
    cost = plural(ability.cost, "action") if ability.kind == "action" else ability.kind
    return f"{ability.name} ({cost}, P12)" + (f": {ability.description}"
                                              if ability.description else "")

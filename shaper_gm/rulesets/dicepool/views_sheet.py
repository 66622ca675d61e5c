"""`show ACTOR` in a dice-pool fight: the pool and how it is built and refilled,
actions, stats, AC, speed, weapons, abilities, preparations and effects (P1-P12), and
the words the sheet shares with the event lines (dice, a preparation)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shaper_gm.render.tables import hp_bar, pips
from shaper_gm.render.text import Names, effect_text, item, plural, until_text
from shaper_gm.render.views import sheet_frame


def dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def preparation_text(prep, n: Names) -> str:
    if prep.kind == "dodge":
        weapon = f" with the {item(prep.weapon)}" if prep.weapon else ""
        return f"a dodge against {n(prep.against)}{weapon}: “{prep.text}”"
    return f"an action: “{prep.text}”"



def actor_sheet(view) -> Group:
    """`show ACTOR`: the pool and how it is built and refilled, actions, stats, AC,
    speed, weapons, abilities, preparations and effects, each with its ruling."""
    state, rs = view.state, view.ruleset
    actor = state.actors[view.actor]
    sheet, numbers = actor.sheet, rs.numbers
    head, table = sheet_frame(state, actor,
                              actor.side + (", DOWN (P8)" if actor.down else ""))
    table.add_row("HP", hp_bar(actor.hp, actor.max_hp))
    weapon = rs.weapon(actor)
    built = ""
    if weapon is not None:
        built = (f"\nbuilt {rs.pool_build(actor)} when the fight starts: "
                 f"{weapon.stat.upper()} {rs.stat(sheet, weapon.stat)} + {weapon.name} "
                 f"proficiency {sheet.proficiency(weapon.id)} (P2)")
    refill = rs.stat(sheet, numbers.refill_stat)
    table.add_row("Pool", Text.assemble((dice_word(actor.resource("pool")), "bold"),
                                        f" of d{numbers.pool_die}, {numbers.success_on}+ "
                                        f"succeeds (P1){built}\n+{refill} "
                                        f"{numbers.refill_stat.upper()} at the end of each of "
                                        "its turns (P4)"))
    full = numbers.actions_per_turn
    if state.turn == actor.id:
        left = actor.resource("actions")
        table.add_row("Actions", Text.assemble(pips((("actions", left),), {"actions": full}),
                                               f"  {left} of {full} left this turn (P6)"))
    else:
        table.add_row("Actions", f"{full} on its turn (P6)")
    table.add_row("Square", f"{actor.zone or 'not placed'}; moves {rs.speed(actor)} m per "
                            f"action (P10)")
    table.add_row("Stats", ", ".join(f"{s.upper()} {rs.stat(sheet, s)}"
                                     for s in numbers.stats))
    ac = f"{rs.ac(actor)}"
    if actor.effect_total("ac"):
        ac += f" ({actor.effect_total('ac'):+d} from effects)"
    table.add_row("AC", ac + f"; a prepared dodge adds {rs.dodge_bonus(actor)} (P11)")
    table.add_row("Weapons", "\n".join(_weapon_line(rs, actor, w) for w in sheet.weapons)
                  or "none")
    table.add_row("Abilities", "\n".join(_ability_line(rs, a) for a in sheet.abilities)
                  or "none")
    preps = getattr(actor.system, "prepared", ())
    table.add_row("Prepared", "\n".join(preparation_text(p, Names.of(state)) for p in preps)
                  or "nothing (P11)")
    effects = [f"{effect_text(e)} {until_text(e.until, Names.of(state))}".strip()
               for e in actor.effects]
    table.add_row("Effects", "\n".join(effects) or "none")
    return Group(head, table)


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

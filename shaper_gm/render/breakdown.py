"""Every number of an attack, a damage and a roll, each with the rule behind it.

The GM reads these to check the tool against the table: the natural and final face
of each die (and which modifier changed it), each bonus with its reason, and the S7
damage pipeline one step a line.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.text import Text

from shaper_gm.dice import parse
from shaper_gm.render.text import Names, item, kind, line

LABEL = 9          # width of the label column
INDENT = "  "


# --- small pieces ---------------------------------------------------------------------

def die_text(die) -> str:
    """``5``, or ``5→6 Edge`` when a modifier changed the face (S3)."""
    if die.final == die.natural:
        return str(die.final)
    return f"{die.natural}→{die.final}" + (f" {kind(die.changed_by)}" if die.changed_by else "")


def faces(dice: Iterable) -> str:
    return "[" + ", ".join(die_text(d) for d in dice) + "]"


def roll_text(roll) -> str:
    """``[4, 5→6 Edge, 5] + 1 = 16``: the roll's dice by term, constants, total."""
    return roll.breakdown(show_dice=faces, automatic_note=", S2")


def part_text(part) -> str:
    """``+1 Finesse (S28)``."""
    return line(f"{part[0]:+d} {part[1]}", [part[2]] if len(part) > 2 else [])


def attack_mod_text(mod) -> str:
    """``Disadvantage: firing into melee (S15)``."""
    return line(f"{kind(mod[0])}: {mod[1]}", [mod[2]])


def evasion_mod_text(mod) -> str:
    """``Outnumbered: Disadvantage on Evasion (S16)``."""
    return line(f"{mod[1]}: {kind(mod[0])} on Evasion", [mod[2]])


def row(label: str, value: str | Text, depth: int = 1, style: str = "") -> Text:
    out = Text(INDENT * depth + f"{label:<{LABEL}}")
    out.append(value if isinstance(value, Text) else Text(value, style=style))
    return out


def more(value: str, depth: int = 1, style: str = "") -> Text:
    return Text(INDENT * depth + " " * LABEL + INDENT + value, style=style)


# --- the damage pipeline ---------------------------------------------------------------

def pipeline(result, depth: int = 2) -> list[Text]:
    """DamageResult.steps, one a line: ``Defense after Pierce 2   7   S7``."""
    steps = list(result.steps)
    width = max(len(s.label) for s in steps)
    out = []
    for step in steps:
        if step.label == "HP":
            value = f"{result.hp_before} → {result.hp_after}"
        else:
            value = str(step.value)
        text = Text(INDENT * depth + f"{step.label:<{width}}  {value:>7}")
        if step.rule:
            text.append(f"  {step.rule}", style="dim")
        if step.label == "HP" and result.down:
            text.append("  Down (S8)", style="bold red")
        out.append(text)
    return out


# --- an attack -------------------------------------------------------------------------

def attack_breakdown(event, names: Names, cost: str = "") -> Group:
    """The whole of an AttackResolved: the roll, the damage roll, then each target."""
    o = event.outcome
    targets = [names(t.id) for t in o.targets]
    head = line(f"{names(event.attacker)} attacks {', '.join(targets)} with the "
                f"{item(o.weapon)}", [cost])
    lines = [Text(head, style="bold")]
    for situation in event.situation:
        lines.append(row("range", situation))
    if o.skills:
        lines.append(row("skills", ", ".join(item(s).title() for s in o.skills)))
    if o.magic:
        lines.append(row("magic", "Defense halved (S7)"))
    lines.append(row("attack", roll_text(o.attack), style="bold"))
    lines += [more(part_text(p)) for p in o.attack_bonus]
    lines += [more(attack_mod_text(m), style="yellow") for m in o.modifiers]
    if o.damage_roll is not None:
        lines += damage_roll_lines(o.damage_roll)
    if o.pierce_parts or (o.damage_roll is not None and o.damage_roll.pierce):
        pierce = sum(p[0] for p in o.pierce_parts)
        pierce += o.damage_roll.pierce if o.damage_roll is not None else 0
        lines.append(row("pierce", str(pierce)))
        lines += [more(part_text(p)) for p in o.pierce_parts]
    for target in o.targets:
        lines += target_lines(target, o.attack.total, names)
    return Group(*lines)


def damage_roll_lines(d) -> list[Text]:
    """The one damage roll, split into weapon, critical, skill and Pierce dice (S6, S7)."""
    dice = list(d.roll.dice) if d.roll is not None else []
    weapon_n = parse(d.weapon_expr).dice_count
    crit_n = parse(d.critical_expr).dice_count if d.critical_expr else 0
    weapon, crit, rest = dice[:weapon_n], dice[weapon_n:weapon_n + crit_n], dice[weapon_n + crit_n:]
    out = [row("damage", faces(dice) if dice else "no dice", style="bold")]
    constant = d.weapon - sum(x.final for x in weapon)
    plus = f" + {constant}" if constant > 0 else (f" - {-constant}" if constant < 0 else "")
    out.append(more(f"weapon {d.weapon_expr}: {faces(weapon)}{plus} = {d.weapon}"))
    if d.critical_expr:
        out.append(more(f"critical {d.critical_expr}: {faces(crit)} = {d.critical} "
                        f"(critical targets only, S6)"))
    if rest:
        if d.skill and d.pierce:
            out.append(more(f"skill and Pierce dice: {faces(rest)}: skill {d.skill}, "
                            f"Pierce {d.pierce}"))
        elif d.pierce:
            out.append(more(f"Pierce dice: {faces(rest)} = {d.pierce} Pierce"))
        else:
            out.append(more(f"skill dice: {faces(rest)} = {d.skill}"))
    elif d.skill:
        out.append(more(f"skill damage: {d.skill}"))
    out += [more(part_text(p)) for p in d.bonus]
    total = f"= {d.base}"
    if d.critical_expr:
        total += f", {d.base + d.critical} on a critical"
    out.append(more(total))
    return out


def target_lines(t, attack_total: int, names: Names) -> list[Text]:
    if not t.hit:
        verdict = Text("miss", style="red")
    else:
        verdict = Text("critical hit" if t.critical else "hit",
                       style="bold yellow" if t.critical else "green")
        if t.result is not None:
            r = t.result
            verdict.append(f", {r.hp_lost} HP lost (HP {r.hp_before} → {r.hp_after})"
                           if r.hp_lost else ", no HP lost", style="")
            if r.down:
                verdict.append(", Down", style="bold red")
    out = [Text(INDENT + f"▸ {names(t.id)}: ", style="bold") + verdict]
    out.append(row("evasion", roll_text(t.evasion), depth=2))
    out += [more(part_text(p), depth=2) for p in t.evasion_bonus]
    out += [more(evasion_mod_text(m), depth=2, style="yellow") for m in t.evasion_modifiers]
    out.append(row("hit" if t.hit else "miss", f"{t.hit_reason}; margin {t.margin}", depth=2))
    if t.hit:
        out.append(row("critical", ("yes: " if t.critical else "no: ") + t.critical_reason,
                       depth=2))
    if t.result is None:
        return out
    if t.defense is not None:
        out.append(row("Defense", roll_text(t.defense), depth=2))
    out += [more(part_text(p), depth=2) for p in t.defense_bonus]
    out.append(row("damage", f"{t.damage}" + (" with the critical die" if t.critical else ""),
                   depth=2))
    out += pipeline(t.result, depth=3)
    return out


# --- a GM's damage and a plain roll -------------------------------------------------------

def damage_breakdown(event, names: Names) -> Group:
    """DamageTaken from the GM's `damage`: the S7 pipeline for one actor."""
    r = event.result
    head = Text(f"{names(event.actor)} takes {r.damage} damage", style="bold")
    if r.magic:
        head.append(" (magic)")
    return Group(head, *pipeline(r, depth=1))


def roll_breakdown(event) -> Text:
    """DiceRolled: ``3d6+2: [1→6 Advantage, 6, 3] + 2 = 17``."""
    roll = event.roll
    text = Text(f"{event.label}: ", style="bold")
    text.append(roll_text(roll) if hasattr(roll, "dice") else str(roll))
    mods = getattr(roll, "modifiers", None)
    if mods and hasattr(mods, "describe"):
        text.append(f"  ({mods.describe()}, S3)", style="dim")
    return text

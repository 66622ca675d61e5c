"""How a reactions fight looks where a text needs code: the lines and breakdowns of a
move, an attack and the GM's damage with the ruling behind each number, the turn and
shield cells, and the rows of `show ACTOR` that compute (R1-R12).

`content/reactions/screen.yaml` declares the screen and names these functions; the
render layer reads it the first time it meets a reactions event or table.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shaper_gm.render.breakdown import row
from shaper_gm.render.tables import pips
from shaper_gm.render.text import Names, line, said
from shaper_gm.render.views import fraction
from shaper_gm.rulesets.reactions.events import AttackResolved, DamageResolved, Moved
from shaper_gm.rulesets.reactions.models import SHEET_NUMBERS, TARGETS, TURN
from shaper_gm.rulesets.reactions.odds import success

# --- one line per event ---------------------------------------------------------------

def moved_line(e: Moved, n: Names, cost: str) -> str:
    if e.why.startswith("dodged"):
        how = "no tile named: the free tile farthest from the attacker" \
            if e.chosen_by_default else ""
        return line(f"{n(e.actor)} dodges {e.start} → {e.end}", [f"{e.metres} m", how, "R4"])
    return line(f"{n(e.actor)} moves {e.start} → {e.end}", [f"{e.metres} m", cost, "R10"])


def damage_line(e: DamageResolved, n: Names, cost: str) -> str:
    return f"{gm_damage(e.outcome, n)}: {gm_harm_text(e.outcome)}"


def gm_damage(o, n: Names) -> str:
    """``7 physical damage to Ann``, or ``5 direct damage to Ann``."""
    return f"{o.power} {'direct' if o.direct else o.attack_type} damage to {n(o.defender)}"


def gm_harm_text(o) -> str:
    """The GM's damage, in order: ``armor 6 stops 6, 3 gets through, health 10 → 7``."""
    stopped = [f"armor {o.armor} stops {max(0, o.power - o.damage)}"] if o.armor else []
    return ", ".join([*stopped, f"{o.damage} gets through", *_on_health(o)])


def _on_health(o) -> list[str]:
    """What the shield soaked and what reached health."""
    soaked = [f"shield soaks {o.soaked}"] if o.soaked else []
    return [*soaked, f"health {o.health} → {o.health_after}" + (", down" if o.down else "")]


def _attacks(o, n: Names, *said: str) -> str:
    """``Ann attacks Bo with the Duelling sword (Action)``."""
    return line(f"{n(o.attacker)} attacks {n(o.defender)} with the {o.weapon_name}", list(said))


def attack_line(e: AttackResolved, n: Names, cost: str = "") -> str:
    """``Ann attacks Bo with the Duelling sword (physical 24): block 5 vs 12 fails, ...``."""
    o = e.outcome
    head = _attacks(o, n, f"{o.attack_type} {o.power}", cost)
    parts = [f"{a.reaction} {a.face} vs {a.target} {'succeeds' if a.success else 'fails'}"
             for a in o.attempts]
    if o.dodged:
        where = f", {n(o.defender)} dodges to {o.moved_to}" if o.moved_to else ""
        return f"{head}: {'; '.join(parts)}{where}; no damage (R4){_entered(o)}"
    if o.critical:
        parts.append(f"critical {o.crit_face} vs {o.critical_target}, power {o.total_power}")
    else:
        parts.append(f"no critical ({o.crit_face} vs {o.critical_target})")
    if o.block_bonus:
        parts.append(f"block bonus {o.block_bonus}")
    parts += [note.label for note in o.notes if note.label.endswith("GM damage bonus")]
    armor = f" (armor {o.armor})" if o.armor else ""
    harm = ", ".join([f"{o.damage} damage{armor}", *_on_health(o)])
    return f"{head}: {'; '.join(parts)}; {harm}{_entered(o)}"


def _entered(o) -> str:
    """`` [totals entered: block 1, critical roll]``: rolls called out at the table."""
    return said((), [note.label.split(":")[0].split(" (")[0] for note in o.notes
                     if "(entered)" in note.label])


# --- breakdowns --------------------------------------------------------------------------

def verdict(o) -> Text:
    if o.dodged:
        return Text("dodged, no damage", style="green")
    text = Text("critical hit" if o.critical else "hit",
                style="bold yellow" if o.critical else "")
    if o.blocked and o.block_bonus:
        text.append(", blocked", style="cyan")
    text.append(f", {o.damage} damage" + (f" ({o.soaked} on the shield)" if o.soaked else "")
                + f", health {o.health} → {o.health_after}")
    if o.health_lost == 0 and o.damage == 0:
        text.append(" (nothing got through)")
    if o.down:
        text.append(", down (R8)", style="bold red")
    return text


def breakdown(event, names: Names, cost: str = "") -> Group:
    """Every number of an attack or of the GM's damage, step by step from its notes
    (R1-R8), under what came of it; the reactions it cost, a dodge's step and the health
    lost follow as their own lines."""
    o = event.outcome
    if isinstance(event, DamageResolved):
        head = Text(f"{gm_damage(o, names)} (GM): ", style="bold")
        head.append(gm_harm_text(o))
    else:
        head = Text(_attacks(o, names, cost) + ": ", style="bold")
        head.append_text(verdict(o))
    width = max((len(note.label) for note in o.notes), default=0)
    align = max((len(str(note.value)) for note in o.notes if note.value is not None), default=0)
    return Group(head, *(row(note.label, note.value, note.rule, width=width, gap="  ",
                             align=align) for note in o.notes))


# --- the order table, the toolbar and one actor -------------------------------------------

def turn_pips(actor, state, rs) -> Text:
    """● the move and the action left this turn, ○ spent (R10)."""
    full = {name: rs.resource_spec(name).max for name in TURN}
    return pips([(name, actor.resource(name)) for name in TURN], full)


def chance(target: int, rs) -> str:
    """``12+ (9/20)``: a d20 target and its chance (R3)."""
    return f"{target}+ ({fraction(success(target, rs.numbers.roll_die))})"


def turn_row(actor, view) -> Text:
    return Text.assemble(turn_pips(actor, view.state, view.ruleset), "  ", " · ".join(
        f"{name} {actor.resource(name)}" for name in TURN), " (R10)")


def shield_row(actor, view) -> str:
    sheet = actor.sheet
    shield = view.ruleset.library.shield(sheet.shield) if sheet.shield else None
    raised = actor.resource("shield")
    return ((f"{raised} raised" if raised else "none raised")
            + (f"; the {shield.name} gives {shield.amount} (R12)" if shield else ""))


def sheet_numbers(actor, view) -> dict:
    """What the sheet's rows read: the actor's numbers (its effects on them), each die
    target's `chance` (R3), the ruleset's `costs` of a reaction and `die` of initiative."""
    rs = view.ruleset
    numbers = {key: rs.number(actor, key) for key in SHEET_NUMBERS}
    return {**numbers, "chance": {key: chance(numbers[key], rs) for key in TARGETS},
            "costs": dict(rs.numbers.reaction_costs), "die": rs.numbers.initiative_die}


def weapons_row(actor, view) -> str:
    lines = []
    for weapon_id in actor.sheet.weapons:
        weapon = view.ruleset.library.attack(weapon_id)
        if weapon is None:
            lines.append(weapon_id)
            continue
        bonus = actor.effect_total("power")
        power = f"{weapon.power}{bonus:+d}" if bonus else str(weapon.power)
        lines.append(f"{weapon.name}: {weapon.type}, power {power}, range {weapon.range} m "
                     f"({weapon.kind})")
    return "\n".join(lines) or "none"

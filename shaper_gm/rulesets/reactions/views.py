"""How a reactions fight looks: its events in one line, every number of an attack and
of the GM's damage with the ruling behind it, the order table's columns, `show ACTOR`
(R1-R12).

Imported by the render layer the first time it meets a reactions event or draws a
reactions encounter; registering is all the import does.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from shaper_gm.render.breakdown import INDENT
from shaper_gm.render.console import EVENT_RENDERERS
from shaper_gm.render.tables import LAYOUTS, Column, Layout, hp_bar, pips
from shaper_gm.render.text import Names, describer, effect_text, line, until_text
from shaper_gm.render.views import SHEETS, fraction, sheet_frame
from shaper_gm.rulesets.reactions.events import (
    AttackResolved,
    DamageResolved,
    Moved,
    ShieldExpired,
    ShieldRaised,
    ShieldSoaked,
)
from shaper_gm.rulesets.reactions.models import SHEET_NUMBERS
from shaper_gm.rulesets.reactions.odds import success

TURN = ("move", "action")                  # the turn's budget (R10)


# --- one line per event ---------------------------------------------------------------

@describer(Moved)
def _(e: Moved, n: Names, cost: str) -> str:
    if e.why.startswith("dodged"):
        how = "no tile named: the free tile farthest from the attacker" \
            if e.chosen_by_default else ""
        return line(f"{n(e.actor)} dodges {e.start} → {e.end}", [f"{e.metres} m", how, "R4"])
    return line(f"{n(e.actor)} moves {e.start} → {e.end}", [f"{e.metres} m", cost, "R10"])


@describer(ShieldRaised)
def _(e: ShieldRaised, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)} raises the {e.shield.replace('-', ' ').capitalize()}: shield "
                f"{e.before} → {e.after}", [cost, "R12"])


@describer(ShieldSoaked)
def _(e: ShieldSoaked, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)}'s shield soaks {e.soaked}", [f"{e.before} → {e.after}", "R7"])


@describer(ShieldExpired)
def _(e: ShieldExpired, n: Names, cost: str) -> str:
    return f"{n(e.actor)}'s shield ({e.amount} left) lapses at the start of its turn (R12)"


@describer(AttackResolved)
def _(e: AttackResolved, n: Names, cost: str) -> str:
    return attack_summary(e.outcome, n, cost)


@describer(DamageResolved)
def _(e: DamageResolved, n: Names, cost: str) -> str:
    o = e.outcome
    return f"{o.amount} {'direct' if o.direct else o.attack_type} damage to " \
           f"{n(o.target)}: {gm_harm_text(o)}"


def gm_harm_text(o) -> str:
    """The GM's damage, in order: ``armor 6 stops 6, 3 gets through, health 10 → 7``."""
    parts = []
    if o.armor:
        parts.append(f"armor {o.armor} stops {max(0, o.amount - o.damage)}")
    parts.append(f"{o.damage} gets through")
    if o.soaked:
        parts.append(f"shield soaks {o.soaked}")
    parts.append(f"health {o.health_before} → {o.health_after}" + (", down" if o.down else ""))
    return ", ".join(parts)


def attempt_text(a) -> str:
    return f"{a.reaction} {a.face} vs {a.target} {'succeeds' if a.success else 'fails'}"


def harm_text(o, n: Names) -> str:
    """``28 damage (armor 6), shield soaks 10, health 60 → 42``."""
    armor = f" (armor {o.armor})" if o.armor else ""
    parts = [f"{o.damage} damage{armor}"]
    if o.soaked:
        parts.append(f"shield soaks {o.soaked}")
    parts.append(f"health {o.health_before} → {o.health_after}" + (", down" if o.down else ""))
    return ", ".join(parts)


def attack_summary(o, n: Names, cost: str = "") -> str:
    """``Ann attacks Bo with the Duelling sword (physical 24): block 5 vs 12 fails, ...``."""
    head = line(f"{n(o.attacker)} attacks {n(o.defender)} with the {o.weapon_name}",
                [f"{o.attack_type} {o.power}", cost])
    parts = [attempt_text(a) for a in o.attempts]
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
    return f"{head}: {'; '.join(parts)}; {harm_text(o, n)}{_entered(o)}"


def _entered(o) -> str:
    """`` [totals entered: block 1, critical roll]``: rolls called out at the table."""
    rolls = [note.label.split(":")[0].split(" (")[0] for note in o.notes
             if "(entered)" in note.label]
    return f" [totals entered: {', '.join(rolls)}]" if rolls else ""


# --- breakdowns --------------------------------------------------------------------------

def notes_table(notes, depth: int = 1) -> Table:
    """Each step's note: what it found, the number, the ruling."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(no_wrap=False)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    for note in notes:
        value = "" if note.value is None else str(note.value)
        table.add_row(INDENT * depth + note.label, value, note.rule)
    return table


def verdict(o) -> Text:
    if o.dodged:
        return Text("dodged, no damage", style="green")
    text = Text("critical hit" if o.critical else "hit",
                style="bold yellow" if o.critical else "")
    if o.blocked and o.block_bonus:
        text.append(", blocked", style="cyan")
    lost = o.health_before - o.health_after
    text.append(f", {o.damage} damage" + (f" ({o.soaked} on the shield)" if o.soaked else "")
                + f", health {o.health_before} → {o.health_after}")
    if lost == 0 and o.damage == 0:
        text.append(" (nothing got through)")
    if o.down:
        text.append(", down (R8)", style="bold red")
    return text


def attack_breakdown(event, names: Names, cost: str = "") -> Group:
    """Every number of the attack, step by step (R1-R8); the reactions it cost, the
    dodge's step and the health lost follow as their own lines."""
    o = event.outcome
    head = Text(line(f"{names(o.attacker)} attacks {names(o.defender)} with the "
                     f"{o.weapon_name}", [cost]) + ": ", style="bold")
    head.append_text(verdict(o))
    return Group(head, notes_table(o.notes))


def damage_breakdown(event, names: Names, cost: str = "") -> Group:
    o = event.outcome
    kind = "direct" if o.direct else o.attack_type
    head = Text(f"{o.amount} {kind} damage to {names(o.target)} (GM): ", style="bold")
    head.append(gm_harm_text(o))
    return Group(head, notes_table(o.notes))


# --- the order table, the toolbar and one actor -------------------------------------------

def _turn(actor, state, rs) -> Text:
    """● the move and the action left this turn, ○ spent (R10)."""
    full = {name: rs.resource_spec(name).max for name in TURN}
    return pips([(name, actor.resource(name)) for name in TURN], full)


def _reactions(actor, state, rs) -> str:
    return f"{actor.resource('reactions')}/{rs.stat(actor.sheet, 'reactions')}"


def _shield(actor, state, rs) -> str:
    return str(actor.resource("shield")) if actor.resource("shield") else "–"


def _legend(state, rs) -> str:
    return (" · ● move, action left (R10) · reactions refill at one's own turn (R11) · "
            "a shield lasts until then (R12)")


def _toolbar(actor, rs, state=None) -> str:
    """``move 1/1 · action 0/1 · reactions 2/2 · shield 10``."""
    full = {name: rs.resource_spec(name).max for name in TURN}
    turn = " · ".join(f"{name} {actor.resource(name)}/{full[name]}" for name in TURN)
    return f"{turn} · reactions {_reactions(actor, None, rs)} · shield " \
           f"{actor.resource('shield')}"


LAYOUTS["reactions"] = Layout(
    columns=(Column("Turn", _turn), Column("Reactions", _reactions),
             Column("Shield", _shield)),
    legend=_legend, toolbar=_toolbar, down_word="down")


def chance(target: int, rs) -> str:
    """``12+ (9/20)``: a d20 target and its chance (R3)."""
    return f"{target}+ ({fraction(success(target, rs.numbers.roll_die))})"


def actor_sheet(view) -> Group:
    """`show ACTOR`: every number of the sheet with effects on it, live values beside."""
    state, rs = view.state, view.ruleset
    actor = state.actors[view.actor]
    sheet = actor.sheet
    head, table = sheet_frame(state, actor,
                              actor.side + (", DOWN (R8)" if actor.down else ""))
    number = {key: rs.number(actor, key) for key in SHEET_NUMBERS}
    table.add_row("Health", hp_bar(actor.hp or 0, actor.max_hp or 0))
    table.add_row("Turn", Text.assemble(_turn(actor, state, rs), "  ", " · ".join(
        f"{name} {actor.resource(name)}" for name in TURN), " (R10)"))
    table.add_row("Reactions", f"{_reactions(actor, state, rs)} (block "
                               f"{rs.numbers.reaction_cost('block')}, dodge "
                               f"{rs.numbers.reaction_cost('dodge')}; R2, R11)")
    shield = rs.library.shield(sheet.shield) if sheet.shield else None
    raised = actor.resource("shield")
    table.add_row("Shield", (f"{raised} raised" if raised else "none raised")
                  + (f"; the {shield.name} gives {shield.amount} (R12)" if shield else ""))
    table.add_row("Where", f"{actor.zone or 'not placed'}, speed {number['speed']} m")
    table.add_row("Armor", f"physical {number['physical_armor']}, magical "
                           f"{number['magical_armor']}, block bonus {number['block_bonus']}"
                           " (R6)")
    table.add_row("Rolls", f"block {chance(number['block'], rs)}, dodge "
                           f"{chance(number['dodge'], rs)}, critical "
                           f"{chance(number['critical'], rs)} +{number['critical_bonus']} "
                           "(R3, R5)")
    table.add_row("Initiative", f"d{rs.numbers.initiative_die} {number['initiative']:+d}"
                  + (f", rolled {actor.initiative}" if actor.initiative is not None else "")
                  + " (R9)")
    table.add_row("Weapons", _weapons(actor, rs) or "none")
    effects = [f"{effect_text(e)} {until_text(e.until, Names.of(state))}".strip()
               for e in actor.effects]
    table.add_row("Effects", "\n".join(effects) or "none")
    return Group(head, table)


def _weapons(actor, rs) -> str:
    lines = []
    for weapon_id in actor.sheet.weapons:
        weapon = rs.library.attack(weapon_id)
        if weapon is None:
            lines.append(weapon_id)
            continue
        bonus = actor.effect_total("power")
        power = f"{weapon.power}{bonus:+d}" if bonus else str(weapon.power)
        lines.append(f"{weapon.name}: {weapon.type}, power {power}, range {weapon.range} m "
                     f"({weapon.kind})")
    return "\n".join(lines)


EVENT_RENDERERS[AttackResolved] = attack_breakdown
EVENT_RENDERERS[DamageResolved] = damage_breakdown
SHEETS["reactions"] = actor_sheet

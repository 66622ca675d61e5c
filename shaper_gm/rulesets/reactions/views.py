"""How a reactions fight looks: its events in one line, every number of an attack and
of the GM's damage with the ruling behind it, the order table's columns, `show ACTOR`
(R1-R12).

Its `SCREEN` declares them; the render layer reads it the first time it meets a
reactions event or draws a reactions encounter.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shaper_gm.render.breakdown import row
from shaper_gm.render.plugins import ByType, Screen
from shaper_gm.render.tables import Column, Layout, pips, resource_cell
from shaper_gm.render.text import Names, line, said, template
from shaper_gm.render.views import Sheet, fraction, health
from shaper_gm.rulesets.reactions.events import (
    AttackResolved,
    DamageResolved,
    Moved,
    ShieldExpired,
    ShieldRaised,
    ShieldSoaked,
)
from shaper_gm.rulesets.reactions.models import SHEET_NUMBERS, TARGETS, TURN
from shaper_gm.rulesets.reactions.odds import success

# --- one line per event ---------------------------------------------------------------

LINES = ByType({
    ShieldSoaked: template("{actor!n}'s shield soaks {soaked}", "{before} → {after}", "R7"),
    ShieldExpired: template("{actor!n}'s shield ({amount} left) lapses at the start of its "
                            "turn (R12)")})

@LINES.of(Moved)
def _(e: Moved, n: Names, cost: str) -> str:
    if e.why.startswith("dodged"):
        how = "no tile named: the free tile farthest from the attacker" \
            if e.chosen_by_default else ""
        return line(f"{n(e.actor)} dodges {e.start} → {e.end}", [f"{e.metres} m", how, "R4"])
    return line(f"{n(e.actor)} moves {e.start} → {e.end}", [f"{e.metres} m", cost, "R10"])


@LINES.of(ShieldRaised)
def _(e: ShieldRaised, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)} raises the {e.shield.replace('-', ' ').capitalize()}: shield "
                f"{e.before} → {e.after}", [cost, "R12"])


@LINES.of(AttackResolved)
def _(e: AttackResolved, n: Names, cost: str) -> str:
    return attack_summary(e.outcome, n, cost)


@LINES.of(DamageResolved)
def _(e: DamageResolved, n: Names, cost: str) -> str:
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


def attack_summary(o, n: Names, cost: str = "") -> str:
    """``Ann attacks Bo with the Duelling sword (physical 24): block 5 vs 12 fails, ...``."""
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

def _turn(actor, state, rs) -> Text:
    """● the move and the action left this turn, ○ spent (R10)."""
    full = {name: rs.resource_spec(name).max for name in TURN}
    return pips([(name, actor.resource(name)) for name in TURN], full)


def _shield(actor, state, rs) -> str:
    return str(actor.resource("shield")) if actor.resource("shield") else "–"


_reactions = resource_cell("reactions")
LEGEND = (" · ● move, action left (R10) · reactions refill at one's own turn (R11) · "
          "a shield lasts until then (R12)")


LAYOUT = Layout(
    columns=(Column("Turn", _turn), Column("Reactions", _reactions),
             Column("Shield", _shield)),
    legend=LEGEND)          # the toolbar: its resources, in their order


def chance(target: int, rs) -> str:
    """``12+ (9/20)``: a d20 target and its chance (R3)."""
    return f"{target}+ ({fraction(success(target, rs.numbers.roll_die))})"


def _turn_row(actor, view) -> Text:
    return Text.assemble(_turn(actor, view.state, view.ruleset), "  ", " · ".join(
        f"{name} {actor.resource(name)}" for name in TURN), " (R10)")


def _shield_row(actor, view) -> str:
    sheet = actor.sheet
    shield = view.ruleset.library.shield(sheet.shield) if sheet.shield else None
    raised = actor.resource("shield")
    return ((f"{raised} raised" if raised else "none raised")
            + (f"; the {shield.name} gives {shield.amount} (R12)" if shield else ""))


def _numbers(text: str):
    """A row that fills `text` with the actor's sheet numbers (its effects on them), each
    die target with its chance as ``{block+}`` (R3), and the ruleset's `costs` of a
    reaction and `die` of initiative."""
    def cell(actor, view) -> str:
        rs = view.ruleset
        numbers = {key: rs.number(actor, key) for key in SHEET_NUMBERS}
        chances = {f"{key}+": chance(numbers[key], rs) for key in TARGETS}
        rolled = f", rolled {actor.initiative}" if actor.initiative is not None else ""
        return text.format(**numbers, **chances, costs=dict(rs.numbers.reaction_costs),
                           die=rs.numbers.initiative_die, rolled=rolled,
                           left=_reactions(actor, view.state, rs),
                           where=actor.zone or "not placed")
    return cell


SHEET = Sheet(rows=(
    ("Health", health), ("Turn", _turn_row),
    ("Reactions", _numbers("{left} (block {costs[block]}, dodge {costs[dodge]}; R2, R11)")),
    ("Shield", _shield_row), ("Where", _numbers("{where}, speed {speed} m")),
    ("Armor", _numbers("physical {physical_armor}, magical {magical_armor}, block bonus "
                       "{block_bonus} (R6)")),
    ("Rolls", _numbers("block {block+}, dodge {dodge+}, critical {critical+} "
                       "+{critical_bonus} (R3, R5)")),
    ("Initiative", _numbers("d{die} {initiative:+d}{rolled} (R9)")),
    ("Weapons", lambda a, v: _weapons(a, v.ruleset) or "none")))


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


SCREEN = Screen(lines=LINES, layout=LAYOUT, sheet=SHEET,
                events={AttackResolved: breakdown, DamageResolved: breakdown})

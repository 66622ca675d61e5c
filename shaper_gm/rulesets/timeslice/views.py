"""How a time-slice fight looks: a line per event, the breakdown of every attack and
surprise with the ruling behind each number, the order table's TS, conditions and
dying timers, `show ACTOR` and the toolbar (T1-T17).

`content/timeslice/screen.yaml` declares the screen and names these functions (and the
lines of describe.py) where a text needs code; the render layer reads it the first time
it meets a time-slice event or table.
"""

from __future__ import annotations

from functools import partial

from rich.console import Group
from rich.text import Text

from shaper_gm.engine.clock import clock_text, minutes
from shaper_gm.render import text as render_text
from shaper_gm.render.breakdown import INDENT, faces, row
from shaper_gm.render.text import Names
from shaper_gm.rulesets.timeslice.attack import DyingAttackOutcome, Swing, defense_option
from shaper_gm.rulesets.timeslice.describe import (  # noqa: F401  (lines the screen names)
    attack_head,
    attack_line,
    item_name,
    surprise_declared_line,
    surprise_line,
)
from shaper_gm.rulesets.timeslice.harm import dying_timers, fight, info
from shaper_gm.rulesets.timeslice.models import DYING, UP

LABEL = 26         # the label column of a breakdown, at least


# --- breakdowns --------------------------------------------------------------------------

_note_row = partial(row, depth=2, width=LABEL, gap=" ", align=15)


def _shown_notes(o: Swing):
    """Each note of an attack with how its number reads: dice with their faces, the
    bonuses added to a roll signed, the verdict as a margin, HP as before → after."""
    signed = False
    for note in o.notes:
        label, value = note.label, note.value
        shown = None
        if label == "attack dice" or (label.endswith(" dice") and o.defense_roll is not None):
            roll = o.attack_roll if label == "attack dice" else o.defense_roll
            shown, signed = _roll_text(roll), True
        elif label.endswith("total"):
            signed = False
        elif label.startswith(("hit:", "miss:")):
            shown = f"margin {value:+d}"
        elif label == "HP":
            shown = f"{o.hp_before} → {o.hp_after}"
        elif signed and isinstance(value, int):
            shown = f"{value:+d}"
        yield note, shown


def _roll_text(roll) -> str:
    if roll.entered is not None:
        return f"{roll.total} (of {roll.entered} entered)"
    return f"{faces(roll.dice)} = {roll.total}"


def attack_breakdown(event, names: Names, cost: str = "") -> Group:
    """Every number of an attack, one line each, with its ruling (T1, T2, T9-T14)."""
    o = event.outcome
    if isinstance(o, DyingAttackOutcome):
        return _dying_breakdown(o, names, cost)
    head = Text(attack_head(o, names, cost) + ": ", style="bold") + _verdict(o, names, ", ")
    width = max(LABEL, *(len(note.label) for note in o.notes))
    lines = [head, *(_note_row(note.label, note.value if shown is None else shown, note.rule,
                               width=width) for note, shown in _shown_notes(o))]
    lines.append(Text(INDENT + "▸ ") + _verdict(o, names))       # the verdict first, and last
    return Group(*lines)


def _verdict(o: Swing, names: Names, said: str = ": ") -> Text:
    """``hit: 5 HP lost (HP 11 → 6)``, or a miss and why a tie missed (T9-T13)."""
    verdict = Text()
    if o.hit:
        verdict.append("hit", style="green")
        verdict.append(f"{said}{o.taken} HP lost (HP {o.hp_before} → {o.hp_after})")
    else:
        verdict.append("miss", style="red")
        if o.attack_total == o.defense_total:
            verdict.append(f"{said}a tie goes to the defender (T9)")
    for effect in o.effects:
        verdict.append(f"; {effect} (T11)", style="yellow")
    if o.result:
        verdict.append(f"; {names(o.target)} is {o.result}", style="bold red")
        verdict.append(" (T13)", style="dim")
    return verdict


def _dying_breakdown(o: DyingAttackOutcome, names: Names, cost: str) -> Group:
    head = render_text.line(f"{names(o.attacker)} attacks {names(o.target)}, who is dying",
                            [cost])
    lines = [Text(head, style="bold")]
    lines += [_note_row(n.label, n.value, n.rule) for n in o.notes]
    verdict = Text(INDENT + f"▸ dying timer {minutes(o.before)} → {minutes(o.after)} min")
    if o.died:
        verdict.append(f"; the timer has run out: {names(o.target)} dies", style="bold red")
    lines.append(verdict)
    return Group(*lines)


def surprise_breakdown(event, names: Names, cost: str = "") -> Group:
    """The surprise rolls (T16): each [Q], their average, each [U] against it."""
    o = event.outcome
    lines = [Text(f"The {o.group} spring a surprise (T16)", style="bold")]
    for check in o.quick:
        lines.append(_note_row(f"{names(check.actor)} [Q]", _check_text(check), "T2, T16"))
    lines.append(_note_row("average [Q], rounded down", o.mark, "T16"))
    for check in o.notice:
        verdict = f"{'<' if check.failed else '≥'} {o.mark}: " + \
            ("surprised" if check.failed else "not surprised")
        lines.append(_note_row(f"{names(check.actor)} [U]", f"{_check_text(check)}  {verdict}",
                               "T2, T16"))
    return Group(*lines)


def _check_text(check) -> str:
    bonus = check.total - check.roll.total
    if check.roll.entered is not None:
        return f"total {check.total} (entered, {bonus:+d} in it)"
    return f"{faces(check.roll.dice)} {bonus:+d} = {check.total}"


# --- the order table, the toolbar --------------------------------------------------------

def ts_cell(actor, state, rs) -> str:
    text = f"{actor.resource('ts')}/{actor.sheet.ts_max}"
    if actor.id in state.passed:
        text += " passed"
    data = fight(state)
    if state.round and data.surprise_round == state.round and actor.id in data.surprised:
        text += " surprised"
    return text


def condition_text(actor) -> str:
    data = info(actor)
    if data.condition == DYING:
        return f"dying, {minutes(data.dying_left or 0)} min left"
    return "–" if data.condition == UP else data.condition


def held_cell(actor, state, rs) -> str:
    return item_name(info(actor).held, "–")


def legend(state, rs) -> str:
    """What the table's numbers mean, who is up and why, the clock and every timer."""
    parts = ["TS: time slices left this round (T3)"]
    if state.turn is not None and rs is not None:
        parts.append(f"{rs.turn_order.explain(state, rs)} (T5, T6)")
    data = fight(state)
    if state.round and data.surprise_round == state.round:
        parts.append("a surprise round (T16)")
    parts.append(f"fight time {clock_text(data.seconds)} (T15)")
    parts += [f"{state.actors[a].name} dies in {minutes(s)} min (T14)"
              for a, s in dying_timers(state)]
    return " · " + " · ".join(parts)


def toolbar(actor, rs, state=None) -> str:
    """``TS 7/10 · sword in hand``; with the state, the pass and every dying timer."""
    parts = [f"TS {actor.resource('ts')}/{actor.sheet.ts_max}"]
    held = info(actor).held
    parts.append(f"{item_name(held)} in hand" if held else "empty hands")
    if state is not None:
        parts.append(f"pass {state.passes}")
        parts += [f"{state.actors[a].name} dying {minutes(s)} min"
                  for a, s in dying_timers(state)]
    return " · ".join(parts)


# --- one actor ----------------------------------------------------------------------------

def about(actor, view) -> str:
    return f"{actor.side}, {'player character' if actor.sheet.player else 'non-player'}"


def stats_row(actor, view) -> str:
    rs = view.ruleset
    return "  ".join(f"[{k.upper()}] {rs.stat(actor.sheet, k)} "
                     f"({rs.stat_bonus(actor.sheet, k):+d})" for k in ("q", "u", "v"))


def dr_row(actor, view) -> str:
    rs, armor_id = view.ruleset, actor.sheet.armor
    armor = rs.library.armor.get(armor_id) if armor_id else None
    return f"{rs.dr(actor)}" + (f" ({armor.name} {armor.dr})" if armor else "") + " (T12)"


def moves_row(actor, view) -> str:
    """``fly 4, ground 1 units a move (flying)``: its movement modes (T7, T17)."""
    modes = ", ".join(f"{m} {n}" for m, n in view.ruleset.speeds(actor.sheet))
    return f"{modes} units a move" + (" (flying)" if info(actor).flying else "") + " (T17)"


def gear_row(actor, view) -> str | None:
    gear = view.ruleset.library.gear
    return ", ".join(gear[g].name if g in gear else g for g in actor.sheet.gear) or None


def condition_cell(actor, state, rs) -> str:
    return condition_text(actor)


def ts_row(actor, view) -> str:
    return f"{ts_cell(actor, view.state, view.ruleset)} (back to {actor.sheet.ts_max} each " \
        "round, T3)"


def condition_row(actor, view) -> Text:
    data = info(actor)
    if data.condition == UP:
        return Text("awake")
    if data.condition == DYING:
        return Text(f"unconscious and dying: {minutes(data.dying_left or 0)} min left on the "
                    "timer (T14)", style="bold red")
    return Text(data.condition + (" (T13)" if data.condition != "dead" else ""), style="red")


def defenses_row(actor, view) -> str:
    out, rs = [], view.ruleset
    for kind in rs.numbers.defenses:
        total = defense_option(rs, actor, kind).bonus
        notes = [f"[{kind.stat.upper()}]"]
        if kind.needs_weapon:
            notes.append("needs a weapon")
        if kind.cost:
            notes.append(f"{kind.cost} TS")
        out.append(f"{kind.id} {total:+d} ({', '.join(notes)})")
    return ", ".join(out) + " (T10)"


def weapons_row(actor, view) -> str:
    data, rs, lines = info(actor), view.ruleset, []
    for weapon_id in actor.sheet.weapons:
        weapon = rs.library.weapons.get(weapon_id)
        text = weapon.name if weapon else weapon_id
        if weapon:
            text += f": damage {weapon.damage}, reach {weapon.range}"
        if weapon_id == data.held:
            text += " (in hand)"
        if weapon_id in data.dropped:
            text += " (dropped, T11)"
        lines.append(text)
    return "\n".join(lines) or f"none ({rs.numbers.unarmed.name} {rs.numbers.unarmed.damage})"


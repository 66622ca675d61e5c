"""One plain line per time-slice event, for the screen, the recap and the log readers.

Each takes the event, a `names` callable (id -> name) and the cost text the render
layer folded in (``3 TS``); `LINES` maps event types to them (a plain one is a
template over the event's fields) and views.py declares it in its screen.
"""

from __future__ import annotations

from shaper_gm.render.text import line, listed, plural, said, template
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice.attack import DyingAttackOutcome
from shaper_gm.rulesets.timeslice.clock import clock_text, minutes


def item_name(item_id: str | None, empty: str = "bare hands") -> str:
    return item_id.replace("-", " ") if item_id else empty


def attack_head(o, n, cost: str = "") -> str:
    """``Kara attacks Guard with the sword, called shot head (3 TS)``."""
    called = f", called shot {o.called}" if o.called else ""
    return line(f"{n(o.attacker)} attacks {n(o.target)} with the {item_name(o.weapon)}{called}",
                [cost])


def attack_line(e: tev.AttackResolved, n, cost: str = "") -> str:
    """``Kara attacks Guard with the sword: 14 vs dodge 9, hit; 5 - DR 2 = 3, HP 12 → 9``."""
    o = e.outcome
    if isinstance(o, DyingAttackOutcome):
        end = "the timer runs out" if o.died else f"{minutes(o.after)} min left"
        return line(f"{n(o.attacker)} attacks {n(o.target)}, who is dying: no roll; the timer "
                    f"loses a minute, {end}", ["T14", cost])
    head = attack_head(o, n, cost)
    defense = f"{o.defense} {o.defense_total}" if o.defense_roll is not None else \
        f"no defense roll, {o.defense_total}"
    decided = gm_said(o)
    if not o.hit:
        tie = ": a tie goes to the defender" if o.attack_total == o.defense_total else ""
        return f"{head}: {o.attack_total} vs {defense}, miss{tie} (T9){decided}"
    text = (f"{head}: {o.attack_total} vs {defense}, hit; {o.damage} - DR {o.dr} = {o.taken}, "
            f"HP {o.hp_before} → {o.hp_after}")
    extra = [*o.effects, o.result + (" (nonlethal)" if o.nonlethal and o.result else "")]
    return text + "".join(f"; {x}" for x in extra if x) + decided


def gm_said(o) -> str:
    """What the GM decided in an attack: a damage bonus, totals called out at the table."""
    return said([f"{note.label} {note.value:+d}" for note in o.notes
                 if note.label.startswith("GM ") and isinstance(note.value, int)],
                [what for what, roll in (("attack", o.attack_roll), ("defense", o.defense_roll))
                 if getattr(roll, "entered", None) is not None])


def surprise_line(e: tev.SurpriseRolled, n, cost: str = "") -> str:
    o = e.outcome
    caught = listed([n(a) for a in o.surprised]) if o.surprised else "nobody"
    return (f"The {o.group} spring a surprise: [Q] average {o.mark}; surprised: {caught} "
            "(T16)")


LINES = {
    tev.AttackResolved: attack_line,
    tev.SurpriseRolled: surprise_line,
    tev.Dying: lambda e, n, cost="": line(
        f"{n(e.actor)} is unconscious and dying: {minutes(e.seconds)} min on the timer",
        ["T13, T14"]),
    tev.KnockedOut: template("{actor!n} is knocked out, alive", "{why}"),
    tev.Died: template("{actor!n} dies", "{why}"),
    tev.TimerChanged: lambda e, n, cost="": line(
        f"{n(e.actor)}'s dying timer: {minutes(e.before)} → {minutes(e.after)} min", [e.why]),
    tev.TimerRanOut: template("{actor!n}'s dying timer has run out (T14, T15)"),
    tev.StoppedDying: template("{actor!n} stops dying at {hp} HP, still unconscious", "{why}"),
    tev.Woke: template("{actor!n} wakes", "{why}"),
    tev.TimePassed: lambda e, n, cost="": line(
        f"Time passes: {clock_text(e.before)} → {clock_text(e.after)}", [e.why]),
    tev.WeaponDropped: lambda e, n, cost="": f"{n(e.actor)} drops the {item_name(e.weapon)} (T11)",
    tev.WeaponDrawn: lambda e, n, cost="": line(
        f"{n(e.actor)} {'picks up' if e.picked_up else 'draws'} the {item_name(e.weapon)}",
        [cost, "T7"]),
    tev.Tended: template("{actor!n} tends {target!n}", "{cost}", "T14"),
    tev.Moved: lambda e, n, cost="": line(
        f"{n(e.actor)} moves {e.origin} → {e.to}",
        [f"{plural(e.units, 'unit')}, {plural(e.moves, 'move')}", cost, "T17"]),
    tev.SurpriseDeclared: lambda e, n, cost="": (
        f"Round {e.round} is a surprise round: "
        + (f"{listed([n(a) for a in e.surprised])} gain{'s' if len(e.surprised) == 1 else ''} "
           "no TS in it (T16)" if e.surprised else "nobody is caught unaware (T16)")),
}

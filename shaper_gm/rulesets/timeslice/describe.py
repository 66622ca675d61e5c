"""The one-line texts of the time-slice events that need code, for the screen, the recap
and the log readers (the others are templates in content/timeslice/screen.yaml).

Each takes the event, a `names` callable (id -> name) and the cost text the render
layer folded in (``3 TS``).
"""

from __future__ import annotations

from shaper_gm.engine.clock import minutes
from shaper_gm.render.text import line, listed, said
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice.attack import DyingAttackOutcome


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


def surprise_declared_line(e: tev.SurpriseDeclared, n, cost: str = "") -> str:
    caught = (f"{listed([n(a) for a in e.surprised])} gain{'s' if len(e.surprised) == 1 else ''}"
              " no TS in it (T16)") if e.surprised else "nobody is caught unaware (T16)"
    return f"Round {e.round} is a surprise round: {caught}"

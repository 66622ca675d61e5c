"""How a Dungeoneers fight looks: a line per event, every number of an outcome with its
ruling, the order table's AP / wounds / stress / arca with who is up and why (D3-D5),
the toolbar and `show CREATURE`.

`content/dungeoneers/screen.yaml` declares the screen and names these functions where a
text needs code; the render layer reads it the first time it meets a Dungeoneers event
or draws a Dungeoneers table.
"""

from __future__ import annotations

import itertools

from rich.console import Group
from rich.text import Text

from shaper_gm.engine import speeds
from shaper_gm.engine.turns import name_of
from shaper_gm.render.breakdown import INDENT, roll_text, row
from shaper_gm.render.tables import pips, resource_cell
from shaper_gm.render.text import Names, line, plural, said
from shaper_gm.rulesets.dungeoneers.events import (
    ActionResolved,
    ActionTaken,
    CheckOutcome,
    Moved,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.rules import Contest, data_of, encounter_data
from shaper_gm.rulesets.dungeoneers.spells import SpellCast

LABEL = 46         # the widest label column of a breakdown


def item(item_id: str) -> str:
    return item_id.replace("-", " ").title()


# --- one line per event ------------------------------------------------------------------

def gm_said(o) -> str:
    """`` [GM wound bonus +1; totals entered: roll, dodge]``: what the GM decided in an
    action, for its one line (and so the recap)."""
    return said([f"GM wound bonus {label.split(' (GM bonus)')[0].rsplit(' ', 1)[-1]}"
                 for label in (note.label for note in getattr(o, "notes", ()))
                 if "(GM bonus)" in label],
                [slot for slot, roll in getattr(o, "rolls", ())
                 if getattr(roll, "entered", None) is not None])


def outcome_line(o, n: Names) -> str:
    """What an outcome came to, in one line (the head of its breakdown)."""
    if isinstance(o, Contest) and o.weapon is not None:
        verb = "power-strikes" if o.power else "strikes"
        head = (f"{n(o.actor)} {verb} {n(o.target)} with the {item(o.weapon)}: "
                f"{o.attack_total} vs {o.defense_total}")
        if not o.hit:
            return f"{head}, miss"
        head += f", hit, {plural(o.criticals, 'critical hit')}" if o.criticals else ", hit"
        if not o.pierced:
            return f"{head}; pierce {o.pierce_total} vs armor value {o.armor}: no wounds"
        down = f", {n(o.target)} is down" if o.down else ""
        return f"{head}; {plural(o.wounds, 'wound')} ({o.damage_type}){down}"
    if isinstance(o, Contest):
        verb = {"grapple": "grapples", "push": "pushes",
                "break-free": "breaks free of"}.get(o.action, o.action)
        if o.action == "break-free" and not o.success:
            verb = "tries to break free of"
        text = f"{n(o.actor)} {verb} {n(o.target)}: {o.attack_total} vs {o.defense_total}, "
        return text + (o.result if o.success else "failure")
    if isinstance(o, CheckOutcome):
        return (f"{n(o.actor)} grabs for the ledge: {o.total} vs {o.target}, "
                + ("hanging on" if o.success else "failure"))
    if isinstance(o, SpellCast):
        at = f" at {n(o.target)}" if o.target and o.target != o.actor else ""
        head = f"{n(o.actor)} casts {item(o.spell.id)}{at}"
        if o.test is not None:
            head += f": {o.attack_total} vs {o.defense_total}, " + ("hit" if o.hit else "miss")
            if o.criticals:
                head += f", {plural(o.criticals, 'critical hit')}"
        if o.wounds:
            head += f"; {plural(o.wounds, 'wound')}"
        return head
    if isinstance(o, TallyChanged):             # a Restoration action (D26, D27)
        what = "takes a deep breath" if o.why == "deep-breath" else "focuses"
        return f"{n(o.actor)} {what}: {o.tally} {o.before} → {o.after}"
    return f"{n(getattr(o, 'actor', None))}: {type(o).__name__}"


def action_line(e: ActionResolved, n: Names, cost: str) -> str:
    return line(outcome_line(e.outcome, n), [cost]) + gm_said(e.outcome)


def action_taken_line(e: ActionTaken, n: Names, cost: str) -> str:
    if e.action == "defend":
        return line(f"{n(e.actor)} defends: defensive until its next turn", [cost, "D23"])
    if e.action == "let-go":
        return line(f"{n(e.actor)} {e.text}", [cost, "D24"])
    text = f": {e.text}" if e.text else ""
    verb = "interacts" if e.action == "interact" else "acts"
    return line(f"{n(e.actor)} {verb}{text}", [cost, "reaction" if e.reaction else ""])


def moved_line(e: Moved, n: Names, cost: str) -> str:
    if e.how == "forced":
        return f"{n(e.actor)} is forced {e.start} → {e.end} (D25)"
    verb = "sprints" if e.how == "sprint" else speeds.verb(e.speed or speeds.GROUND)
    return line(f"{n(e.actor)} {verb} {e.start} → {e.end}",
                [plural(e.tiles, "tile"), e.speed, cost])


_TALLY_VERBS = {"wounds": ("takes", "heals"), "stress": ("gains", "sheds"),
                "arca": ("regains", "spends")}
_TALLY_RULES = {"wounds": "D19", "stress": "D26", "arca": "D27"}


def tally_line(e: TallyChanged, n: Names, cost: str) -> str:
    up, down = _TALLY_VERBS.get(e.tally, ("gains", "loses"))
    change = abs(e.after - e.before)
    count = plural(change, "wound") if e.tally == "wounds" else f"{change} {e.tally}"
    of = f" of {e.limit}" if e.limit is not None else ""
    if not change:              # a GM's heal or damage that changed nothing says so
        return line(f"{n(e.actor)}'s {e.tally} stay at {e.after}{of}",
                    [e.why, _TALLY_RULES.get(e.tally, "")])
    return line(f"{n(e.actor)} {up if e.after > e.before else down} {count}",
                [f"{e.before} → {e.after}{of}", e.why, _TALLY_RULES.get(e.tally, "")])


# --- breakdowns ------------------------------------------------------------------------

def note_row(note, width: int) -> Text:
    """``Freya rolls [striking: trained] + finesse 3   [4] + 3 = 7   D11``."""
    value = roll_text(note.value) if hasattr(note.value, "dice") else note.value
    return row(note.label, value, note.rule, width=width, gap="  ", style="bold")


def breakdown(e: ActionResolved, n: Names, cost: str = "") -> Group:
    """The outcome's head line, then every step it took with its number and ruling."""
    o = e.outcome
    head = Text(line(outcome_line(o, n), [cost]), style="bold")
    notes = getattr(o, "notes", ())
    width = min(LABEL, max((len(note.label) for note in notes), default=0))
    rows = [note_row(note, width) for note in notes]
    if getattr(o, "cost", None) is not None and o.cost.reaction:
        rows.append(Text(INDENT + "taken as a reaction: no turn (D8, D9)", style="dim"))
    return Group(head, *rows)


# --- the order table, the toolbar, the map -------------------------------------------------

def ap_cell(actor, state, rs) -> Text:
    left, top = actor.resource("ap"), rs.numbers.ap_per_round
    return Text.assemble(pips([("ap", left)], {"ap": top}), f" {left}")


def stress_cell(actor, state, rs) -> str:
    """Stress of the capacity (D26): a limit the resource itself does not hold."""
    return f"{actor.resource('stress')}/{rs.stat(actor.sheet, 'stress_capacity')}"


_wounds, _arca = resource_cell("wounds"), resource_cell("arca")


def holding_cell(actor, state, rs) -> str:
    return ", ".join(data_of(actor).holding) or "–"


def conditions(actor, n=None) -> list[str]:
    mine, name = data_of(actor), n or (lambda a: a)
    out = []
    if mine.grappling:
        out.append(f"grappling {name(mine.grappling)}")
    if mine.grappled_by:
        out.append(f"grappled by {name(mine.grappled_by)}")
    if mine.hanging:
        out.append("hanging")
    if mine.readied:
        out.append(f"readied {mine.readied}")
    return out


def conditions_cell(actor, state, rs) -> str:
    return ", ".join(conditions(actor, Names.of(state))) or "–"


NAMES_SHOWN = 12      # creatures the toolbar (drawn at every key) and legend name at most


def up_text(state, rs, most: int | None = None) -> str:
    """``up: Freya (default), Alberich: most AP left (6); tied inside party: ... (D4)``;
    with `most`, the first `most` names and how many more."""
    if state.round < 1:
        return "the most AP acts first (D3)"
    if not state.up:
        return "nobody can act"
    shown = state.up if most is None else state.up[:most]
    names = [name_of(state, a) + (" (default)" if len(state.up) > 1 and i == 0 else "")
             for i, a in enumerate(shown)]
    more = f" and {len(state.up) - len(shown)} more" if len(shown) < len(state.up) else ""
    return f"up: {', '.join(names)}{more}: {rs.turn_order.explain(state, rs)}"


def totals_text(state, rs) -> str:
    sides = list(dict.fromkeys(a.side for a in state.actors.values()))
    shown = ", ".join(f"{s} {rs.side_total(state, s)}" for s in sides)
    return f"body totals {shown} (D5)" if shown else ""


def legend(state, rs) -> str:
    parts = [up_text(state, rs, NAMES_SHOWN), totals_text(state, rs), "AP: ● left, ○ spent"]
    ground = ground_line(state)
    return "".join(f" · {p}" for p in parts if p) + (f"\n{ground}" if ground else "")


def toolbar(actor, rs, state=None) -> str:
    """The creature up: ``AP 4/6 · wounds 1/12 · stress 0/4 · arca 2/2``; with the state,
    named, and then the other standing creatures' AP (the first NAMES_SHOWN). Who is up
    and why is the order table's legend; the shell's toolbar names who is up."""
    own = (f"AP {actor.resource('ap')}/{rs.numbers.ap_per_round} · wounds "
           f"{_wounds(actor, None, rs)} · stress {stress_cell(actor, None, rs)} · arca "
           f"{_arca(actor, None, rs)}")
    if state is None:
        return own
    standing = list(itertools.islice((a for a in state.actors.values()
                                      if not a.down and a.id != actor.id), NAMES_SHOWN + 1))
    others = " ".join(f"{a.name} {a.resource('ap')}" for a in standing[:NAMES_SHOWN])
    if len(standing) > NAMES_SHOWN:
        others += " …"
    return f"{actor.name}: {own}" + (f" · AP: {others}" if others else "")


def grapples(state) -> list[tuple[str, str]]:
    return [(a.id, data_of(a).grappling) for a in state.actors.values()
            if data_of(a).grappling]


# --- one creature --------------------------------------------------------------------------

def ap_row(actor, view) -> Text:
    rs, up = view.ruleset, " (up)" if actor.id in view.state.up else ""
    return Text.assemble(ap_cell(actor, view.state, rs), f" of {rs.numbers.ap_per_round}{up}")


def proficiency_row(actor, view) -> str:
    ranks = ", ".join(f"{skill} {rank} (d{view.ruleset.numbers.die_of(rank)})"
                      for skill, rank in actor.sheet.proficiencies) or "all untrained"
    return f"{ranks} (D12)"


def defence_row(actor, view) -> str:
    sheet = actor.sheet
    return (f"armor value {sheet.armor + actor.effect_total('armor')}, critical threshold "
            f"{sheet.critical_threshold}, threat range {sheet.threat_range}")


def weapons_row(actor, view) -> str:
    held = data_of(actor).holding
    return "\n".join(f"{w.name}: {w.damage}" + (f", reach {w.reach}" if w.reach else "")
                     + (" (in hand)" if w.id in held else "")
                     for w in (view.library.weapons[i] for i in actor.sheet.weapons)
                     ) or "none (a fist)"


def spells_row(actor, view) -> str:
    return "\n".join(f"{s.name}: {s.cost} AP, {s.arca} arca, range {s.range}"
                     for s in (view.library.spells[i] for i in actor.sheet.spells)) or "none"


def stress_row(actor, view) -> str:
    return (f"{stress_cell(actor, view.state, view.ruleset)} (capacity = "
            f"{view.ruleset.numbers.stress_capacity_score}, D26)")


def speeds_row(actor, view) -> str:
    return ", ".join(f"{s.title()} ({t})" for s, t in actor.sheet.speeds)


def damage_row(actor, view) -> str:
    return _damage_types(actor.sheet)


def conditions_row(actor, view) -> str:
    return ", ".join(conditions(actor, Names.of(view.state))) or "none"


def _damage_types(sheet) -> str:
    parts = [f"vulnerable {k} ({n})" for k, n in sheet.vulnerable]
    parts += [f"resists {k} ({n})" for k, n in sheet.resist]
    parts += [f"immune to {k}" for k in sheet.immune]
    return ", ".join(parts) + " (D20)" if parts else "no vulnerability, resistance or immunity"


def ground_line(state) -> str:
    """``On the ground: Spear (D2)``: the weapons lying on the map (D16, D22)."""
    from shaper_gm.engine.ground import lying_text
    return lying_text(encounter_data(state).lying, item)


def own_offers(rs, actor, slot: str, state=None) -> list:
    """The creature's own weapons, for completion (D16, D22): in hand for a strike (a
    carried one marked: drawing it takes an interact) and to stow; carried, not in hand,
    to draw; or the weapons lying on the map, those within reach first; or its travel
    speeds (D21)."""
    from shaper_gm.engine.offers import FIRST, LATER, Offer
    if slot == "speed":
        return [Offer(mode, note) for mode, note in speeds.offers(actor.sheet.speeds, "tile")]
    if slot == "lying":
        reach, out = rs.numbers.pickup_reach, {}
        for weapon_id, tile, _ in encounter_data(state).lying:
            tiles = rs.distance(actor.zone, tile) if actor.zone else reach + 1
            note = f"{item(weapon_id)} on {tile}" + ("" if tiles <= reach else
                                                      f" · not now: {tiles} tiles away")
            out.setdefault(weapon_id, Offer(weapon_id, note, FIRST if tiles <= reach
                                            else LATER))
        return sorted(out.values(), key=lambda o: o.rank)
    held = data_of(actor).holding
    draw = f"not now: draw it first (interact, {rs.numbers.cost('interact')} AP)"
    out = []
    for weapon_id in dict.fromkeys(actor.sheet.weapons):
        weapon, in_hand = rs.library.weapons.get(weapon_id), weapon_id in held
        if (slot == "held" and not in_hand) or (slot == "carried" and in_hand):
            continue
        notes = [weapon.name if weapon else weapon_id]
        if slot == "weapon":
            notes.append("in hand" if in_hand else draw)
        out.append(Offer(weapon_id, " · ".join(notes), FIRST if in_hand else LATER))
    return sorted(out, key=lambda o: o.rank)

"""How a Dungeoneers fight looks: a line per event, every number of an outcome with its
ruling, the order table's AP / wounds / stress / arca with who is up and why (D3-D5),
the toolbar and `show CREATURE`.

Imported by the render layer the first time it meets a Dungeoneers event or draws a
Dungeoneers table; registering is all the import does.
"""

from __future__ import annotations

import itertools

from rich.console import Group
from rich.text import Text

from shaper_gm.engine.turns import name_of
from shaper_gm.render.breakdown import INDENT, roll_text
from shaper_gm.render.console import EVENT_RENDERERS
from shaper_gm.render.tables import LAYOUTS, Column, Layout, pips
from shaper_gm.render.text import Names, describer, effect_text, line, plural, until_text
from shaper_gm.render.views import SHEETS, sheet_frame
from shaper_gm.rulesets.dungeoneers.events import (
    ActionReadied,
    ActionResolved,
    ActionTaken,
    AmbientArcaChanged,
    CheckOutcome,
    ConditionEnded,
    ConditionStarted,
    ContestOutcome,
    HoldingChanged,
    Moved,
    ReadiedCleared,
    RestoreOutcome,
    RoundRefilled,
    SpellOutcome,
    StrikeOutcome,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.rules import data_of

LABEL = 46         # the widest label column of a breakdown


def item(item_id: str) -> str:
    return item_id.replace("-", " ").title()


# --- one line per event ------------------------------------------------------------------

def gm_said(o) -> str:
    """`` [GM wound bonus +1; totals entered: roll, dodge]``: what the GM decided in an
    action, for its one line (and so the recap)."""
    out = [f"GM wound bonus {label.split(' (GM bonus)')[0].rsplit(' ', 1)[-1]}"
           for label in (note.label for note in getattr(o, "notes", ()))
           if "(GM bonus)" in label]
    entered = [slot for slot, roll in getattr(o, "rolls", ())
               if getattr(roll, "entered", None) is not None]
    if entered:
        out.append(f"totals entered: {', '.join(entered)}")
    return f" [{'; '.join(out)}]" if out else ""


def outcome_line(o, n: Names) -> str:
    """What an outcome came to, in one line (the head of its breakdown)."""
    if isinstance(o, StrikeOutcome):
        verb = "power-strikes" if o.power else "strikes"
        head = f"{n(o.actor)} {verb} {n(o.target)} with the {item(o.weapon)}"
        if not o.hit:
            return f"{head}: {o.attack_total} vs {o.defense_total}, miss"
        crit = f", {plural(o.criticals, 'critical hit')}" if o.criticals else ""
        if not o.pierced:
            return (f"{head}: {o.attack_total} vs {o.defense_total}, hit{crit}; pierce "
                    f"{o.pierce_total} vs armor value {o.armor}: no wounds")
        down = f", {n(o.target)} is down" if o.down else ""
        return (f"{head}: {o.attack_total} vs {o.defense_total}, hit{crit}; "
                f"{plural(o.wounds, 'wound')} ({o.damage_type}){down}")
    if isinstance(o, ContestOutcome):
        verb = {"grapple": "grapples", "push": "pushes"}.get(o.action, o.action)
        text = f"{n(o.actor)} {verb} {n(o.target)}: {o.attack_total} vs {o.defense_total}, "
        return text + (o.result if o.success else "failure")
    if isinstance(o, CheckOutcome):
        return (f"{n(o.actor)} grabs for the ledge: {o.total} vs {o.target}, "
                + ("hanging on" if o.success else "failure"))
    if isinstance(o, SpellOutcome):
        at = f" at {n(o.target)}" if o.target and o.target != o.actor else ""
        head = f"{n(o.actor)} casts {item(o.spell)}{at}"
        if o.attack:
            head += f": {o.attack_total} vs {o.defense_total}, " + ("hit" if o.hit else "miss")
            if o.criticals:
                head += f", {plural(o.criticals, 'critical hit')}"
        if o.wounds:
            head += f"; {plural(o.wounds, 'wound')}"
        return head
    if isinstance(o, RestoreOutcome):
        what = "takes a deep breath" if o.action == "deep-breath" else "focuses"
        return f"{n(o.actor)} {what}: {o.resource} {o.before} → {o.after}"
    return f"{n(getattr(o, 'actor', None))}: {type(o).__name__}"


@describer(ActionResolved)
def _(e: ActionResolved, n: Names, cost: str) -> str:
    return line(outcome_line(e.outcome, n), [cost]) + gm_said(e.outcome)


@describer(ActionTaken)
def _(e: ActionTaken, n: Names, cost: str) -> str:
    if e.action == "defend":
        return line(f"{n(e.actor)} defends: defensive until its next turn", [cost, "D23"])
    text = f": {e.text}" if e.text else ""
    verb = "interacts" if e.action == "interact" else "acts"
    return line(f"{n(e.actor)} {verb}{text}", [cost, "reaction" if e.reaction else ""])


@describer(Moved)
def _(e: Moved, n: Names, cost: str) -> str:
    if e.how == "forced":
        return f"{n(e.actor)} is forced {e.start} → {e.end} (D25)"
    verb = "sprints" if e.how == "sprint" else "moves"
    return line(f"{n(e.actor)} {verb} {e.start} → {e.end}",
                [plural(e.tiles, "tile"), e.speed, cost])


_CONDITIONS = {"grappling": "is grappling", "grappled": "is grappled by",
               "hanging": "is hanging at the ledge"}


@describer(ConditionStarted)
def _(e: ConditionStarted, n: Names, cost: str) -> str:
    other = f" {n(e.other)}" if e.other else ""
    return line(f"{n(e.actor)} {_CONDITIONS.get(e.condition, e.condition)}{other}", [e.why])


@describer(ConditionEnded)
def _(e: ConditionEnded, n: Names, cost: str) -> str:
    other = f" ({n(e.other)})" if e.other else ""
    return line(f"{n(e.actor)} is no longer {e.condition}{other}", [e.why])


@describer(ActionReadied)
def _(e: ActionReadied, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)} readies {e.action} until the round ends", [cost, "D9"])


@describer(ReadiedCleared)
def _(e: ReadiedCleared, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)}'s readied {e.action} is gone", [e.why])


@describer(HoldingChanged)
def _(e: HoldingChanged, n: Names, cost: str) -> str:
    held = ", ".join(item(w) for w in e.after) or "nothing"
    return f"{n(e.actor)} now holds {held}"


_TALLY_VERBS = {"wounds": ("takes", "heals"), "stress": ("gains", "sheds"),
                "arca": ("regains", "spends")}
_TALLY_RULES = {"wounds": "D19", "stress": "D26", "arca": "D27"}


@describer(TallyChanged)
def _(e: TallyChanged, n: Names, cost: str) -> str:
    up, down = _TALLY_VERBS.get(e.tally, ("gains", "loses"))
    change = abs(e.after - e.before)
    count = plural(change, "wound") if e.tally == "wounds" else f"{change} {e.tally}"
    of = f" of {e.limit}" if e.limit is not None else ""
    if not change:              # a GM's heal or damage that changed nothing says so
        return line(f"{n(e.actor)}'s {e.tally} stay at {e.after}{of}",
                    [e.why, _TALLY_RULES.get(e.tally, "")])
    return line(f"{n(e.actor)} {up if e.after > e.before else down} {count}",
                [f"{e.before} → {e.after}{of}", e.why, _TALLY_RULES.get(e.tally, "")])


@describer(RoundRefilled)
def _(e: RoundRefilled, n: Names, cost: str) -> str:
    return f"Every creature has {e.ap} AP (D1, D6)"


@describer(AmbientArcaChanged)
def _(e: AmbientArcaChanged, n: Names, cost: str) -> str:
    return line(f"Ambient arca {e.before} → {e.after}", [e.why, "D28"])


# --- breakdowns ------------------------------------------------------------------------

def note_row(note, width: int) -> Text:
    """``Freya rolls [striking: trained] + finesse 3   [4] + 3 = 7   D11``."""
    value = note.value
    shown = roll_text(value) if hasattr(value, "dice") else ("" if value is None else
                                                              str(value))
    text = Text(INDENT + f"{note.label:<{width}}  ")
    text.append(shown, style="bold")
    if note.rule:
        text.append(f"  {note.rule}", style="dim")
    return text


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


EVENT_RENDERERS[ActionResolved] = breakdown


# --- the order table, the toolbar, the map -------------------------------------------------

def _limit(rs, actor, key: str) -> int:
    spec = rs.resource_spec(key)
    return spec.max if isinstance(spec.max, int) else rs.stat(actor.sheet, spec.max)


def _ap(actor, state, rs) -> Text:
    left, top = actor.resource("ap"), _limit(rs, actor, "ap")
    return Text.assemble(pips([("ap", left)], {"ap": top}), f" {left}")


def _tally(key: str, limit: str):
    """A cell ``n/limit`` (wounds of the wound limit, stress of the capacity, ...)."""
    return lambda actor, state, rs: f"{actor.resource(key)}/{rs.stat(actor.sheet, limit)}"


_wounds, _stress = _tally("wounds", "wound_limit"), _tally("stress", "stress_capacity")
_arca = _tally("arca", "arca_max")


def _holding(actor, state, rs) -> str:
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


def _conditions(actor, state, rs) -> str:
    return ", ".join(conditions(actor)) or "–"


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


def _legend(state, rs) -> str:
    parts = [up_text(state, rs, NAMES_SHOWN), totals_text(state, rs), "AP: ● left, ○ spent"]
    return "".join(f" · {p}" for p in parts if p)


def toolbar(actor, rs, state=None) -> str:
    """The creature up: ``AP 4/6 · wounds 1/12 · stress 0/4 · arca 2/2``; with the state,
    also the creatures' AP and who is up and why (the first NAMES_SHOWN of each)."""
    own = (f"AP {actor.resource('ap')}/{_limit(rs, actor, 'ap')} · wounds "
           f"{_wounds(actor, None, rs)} · stress {_stress(actor, None, rs)} · arca "
           f"{_arca(actor, None, rs)}")
    if state is None:
        return own
    standing = list(itertools.islice((a for a in state.actors.values() if not a.down),
                                     NAMES_SHOWN + 1))
    everyone = " ".join(f"{a.name} {a.resource('ap')}" for a in standing[:NAMES_SHOWN])
    if len(standing) > NAMES_SHOWN:
        everyone += " …"
    return f"{up_text(state, rs, NAMES_SHOWN)} · AP: {everyone} · {actor.name}: {own}"


def _grapples(state) -> list[tuple[str, str]]:
    return [(a.id, data_of(a).grappling) for a in state.actors.values()
            if data_of(a).grappling]


LAYOUTS["dungeoneers"] = Layout(
    columns=(Column("AP", _ap), Column("Wounds", _wounds), Column("Stress", _stress),
             Column("Arca", _arca), Column("Holding", _holding, after_zone=True),
             Column("Conditions", _conditions, after_zone=True, wrap=True)),
    legend=_legend, groups=_grapples, group_mark="✊", group_word="grappling",
    down_word="down", toolbar=toolbar)


# --- one creature --------------------------------------------------------------------------

def actor_sheet(view) -> Group:
    """`show CREATURE`: every number of its sheet, live values beside it."""
    state, actor, rs = view.state, view.state.actors[view.actor], view.ruleset
    sheet, library = actor.sheet, view.library
    names = Names.of(state)
    head, table = sheet_frame(state, actor,
                              actor.side + (", DOWN (D19)" if actor.down else ""))
    up = " (up)" if actor.id in state.up else ""
    table.add_row("AP", Text.assemble(_ap(actor, state, rs), f" of {_limit(rs, actor, 'ap')}"
                                      + up))
    table.add_row("Wounds", f"{_wounds(actor, state, rs)} (down at the limit, D19)")
    table.add_row("Stress", f"{_stress(actor, state, rs)} (capacity = "
                            f"{rs.numbers.stress_capacity_score}, D26)")
    table.add_row("Arca", f"{_arca(actor, state, rs)} (2 x wisdom, D27)")
    table.add_row("Tile", actor.zone or "not placed")
    table.add_row("Scores", ", ".join(f"{s} {getattr(sheet, s)}" for s in (
        "body", "finesse", "mind", "spirit", "wisdom", "dexterity", "endurance")))
    ranks = ", ".join(f"{skill} {rank} (d{rs.numbers.die_of(rank)})"
                      for skill, rank in sheet.proficiencies) or "all untrained"
    table.add_row("Proficiency", f"{ranks} (D12)")
    armor = sheet.armor + actor.effect_total("armor")
    table.add_row("Defence", f"armor value {armor}, critical threshold "
                             f"{sheet.critical_threshold}, threat range {sheet.threat_range}")
    table.add_row("Speeds", ", ".join(f"{s.title()} ({t})" for s, t in sheet.speeds))
    table.add_row("Damage", _damage_types(sheet))
    held = data_of(actor).holding
    table.add_row("Weapons", "\n".join(
        f"{w.name}: {w.damage}" + (f", reach {w.reach}" if w.reach else "")
        + (" (in hand)" if w.id in held else "")
        for w in (library.weapons[i] for i in sheet.weapons)) or "none (a fist)")
    table.add_row("Spells", "\n".join(
        f"{s.name}: {s.cost} AP, {s.arca} arca, range {s.range}"
        for s in (library.spells[i] for i in sheet.spells)) or "none")
    table.add_row("Conditions", ", ".join(conditions(actor, names)) or "none")
    effects = [f"{effect_text(e)} {until_text(e.until, names)}".strip() for e in actor.effects]
    table.add_row("Effects", "\n".join(effects) or "none")
    return Group(head, table)


def _damage_types(sheet) -> str:
    parts = [f"vulnerable {k} ({n})" for k, n in sheet.vulnerable]
    parts += [f"resists {k} ({n})" for k, n in sheet.resist]
    parts += [f"immune to {k}" for k in sheet.immune]
    return ", ".join(parts) + " (D20)" if parts else "no vulnerability, resistance or immunity"


SHEETS["dungeoneers"] = actor_sheet

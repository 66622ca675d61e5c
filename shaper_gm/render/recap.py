"""A readable Markdown recap of a fight, by round and turn, from the session's history.

Its text (names, sides, what happened) is written escaped (escape.py): the headings,
lists and table are the recap's own, whatever a name holds."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from shaper_gm.engine import ending
from shaper_gm.engine import events as ev
from shaper_gm.render.escape import escape_markdown as md
from shaper_gm.render.escape import markdown_code
from shaper_gm.render.tables import layout_for
from shaper_gm.render.text import Names, describe, fold_costs

# Events the headings already say, or that only matter at the table.
_SILENT = (ev.EncounterCreated, ev.TurnEnded, ev.ResourceChanged)


def _frame(frame) -> tuple[str, tuple]:
    """A history Frame (``.line``, ``.events``) or a plain ``(line, events)`` pair."""
    if hasattr(frame, "line"):
        return frame.line, tuple(getattr(frame, "events", ()) or ())
    line, events = frame
    return line, tuple(events or ())


def _names(frames: list[tuple[str, tuple]], state, band) -> Names:
    known = {e.actor: e.name for _, events in frames for e in events
             if isinstance(e, ev.ActorAdded)}
    return Names.of(state, known=known, band=band)


def recap_markdown(frames: Iterable, state, *, band: Callable[[int], str] | None = None,
                   rs=None, party: str | None = None) -> str:
    """The fight as Markdown: setup, one section per round, a bullet per thing that
    happened under the turn it happened in, then the result (if the fight is over) and
    the final standings. A turn (and round) that the log ends on with nothing in it
    yet is left out.

    `band` names a distance (the ruleset's `band_name`); without it moves give steps.
    With the ruleset `rs`, the header names it as its rules do and the standings show
    its own columns and its words for the down (dying, unconscious, dead); with `party`,
    it names the party that fought (a party file's name).
    """
    frames = [_frame(f) for f in frames]
    names = _names(frames, state, band)
    out = [f"# Fight recap: {md(rs.name)}" if rs is not None else "# Fight recap", ""]
    created = next((e for _, events in reversed(frames) for e in events
                    if isinstance(e, ev.EncounterCreated)), None)   # the last new counts
    if created is not None:
        rules = rs.name if rs is not None else created.ruleset.capitalize()
        out += [md(f"{rules} rules, a {created.cols}x{created.rows} "
                   f"battlefield, seed {created.seed}."), ""]
    if party:
        out += [md(f"The party {party} fights (its file: {party}.party.yaml)."), ""]
    out += ["## Setup", ""]
    for line, events in frames:
        if not events:                       # a loaded entry without its events
            out.append(f"- {markdown_code(line)}")
            continue
        for event, cost in fold_costs(events):
            if isinstance(event, ev.RoundStarted):
                out += ["", f"## Round {event.round}", ""]
            elif isinstance(event, ev.TurnStarted):
                out += ["", f"### {md(names(event.actor))}'s turn", ""]
            elif isinstance(event, _SILENT):
                continue
            elif isinstance(event, (ev.CombatEnded, ev.CombatResumed)):
                out.append(f"- **{md(describe(event, names, cost))}**")
            else:
                out.append(f"- {md(describe(event, names, cost))}")
    out = _without_open_headings(out)
    if state.over is not None:
        out += ["", "## Result", "", md(result_line(state, names))]
    out += ["", "## Final standings", ""] + standings(state, rs)
    return "\n".join(_tidy(out)) + "\n"


def result_line(state, names: Names) -> str:
    """``Party won in round 3; still standing: Josh, Taylor.``"""
    text = ending.result_text(state)
    standing = [names(a.id) for a in state.actors.values()
                if a.side == state.over.winner and not a.down and a.summoner is None]
    more = f"; still standing: {', '.join(standing)}" if standing else ""
    return f"{text[:1].upper()}{text[1:]}{more}."


def _without_open_headings(lines: list[str]) -> list[str]:
    """Drop the turn the log ends in if nothing has happened in it yet, and so the
    round it began (a finished turn without actions keeps its "No actions.")."""
    out = list(lines)
    for heading in ("### ", "## Round "):
        while out and out[-1] == "":
            out.pop()
        if out and out[-1].startswith(heading):
            out.pop()
    return out


def standings(state, rs=None) -> list[str]:
    """A row an actor in turn order: side, HP (when the rules count them), the
    ruleset's own columns of the order table as plain text, zone, and its state."""
    layout = None if rs is None else layout_for(state, rs)
    columns = [] if layout is None else list(layout.columns)
    has_hp = getattr(rs, "has_hp", True) and (layout is None or layout.hp_column)
    heads = ["Actor", "Side", *(["HP"] if has_hp else []), *(c.header for c in columns),
             "Zone", "Standing"]
    rule = ["---", "---", *(["---:"] if has_hp else []), *("---" for _ in columns), "---",
            "---"]
    rows = [_row(heads), _row(rule)]
    order = [a for a in state.order if a in state.actors]
    order += [a for a in state.actors if a not in order]
    for actor_id in order:
        a = state.actors[actor_id]
        hp = "–" if a.hp is None else f"{a.hp}/{a.max_hp}"
        cells = [f"{md(a.name)} ({md(a.id)})", md(a.side), *([hp] if has_hp else []),
                 *(md(_plain(c.cell(a, state, rs))) for c in columns), md(a.zone or "–"),
                 _status(a, state, rs)]
        rows.append(_row(cells))
    return rows


def _status(actor, state, rs) -> str:
    if actor.down:
        word = rs.down_word(actor) if rs is not None else "down"
        return md(word[:1].upper() + word[1:])
    return "acting" if state.turn == actor.id else ""


def _plain(cell) -> str:
    """A cell of the order table as one line of text."""
    return " ".join(str(getattr(cell, "plain", cell)).split()) or "–"


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _tidy(lines: list[str]) -> list[str]:
    """No runs of blank lines; a turn in which nothing happened says so."""
    out: list[str] = []
    for line in [*lines, "#"]:
        if line == "" and (not out or out[-1] == ""):
            continue
        if line.startswith("#"):
            last = next((x for x in reversed(out) if x), "")
            if last.startswith("### "):
                out += ["- No actions.", ""]
        out.append(line)
    out.pop()
    while out and out[-1] == "":
        out.pop()
    return out

"""The other views: one actor in full, the log, help, undo/redo, messages; the numbers
odds show (`odds.py` draws them)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from shaper_gm.records import record
from shaper_gm.render.plugins import ruling_titles, screen
from shaper_gm.render.tables import hp_bar, label, side_colours, term
from shaper_gm.render.text import Names, effect_text, outcome_line, until_text

GROUPS = ("setup", "play", "gm", "view", "file")
GROUP_TITLES = {"gm": "GM tools", "view": "Views", "file": "Files"}
FLAG_WIDTH = 28        # the flag column of `help VERB`; longer flags fold


# --- one actor ----------------------------------------------------------------------------

SheetCell = Callable[[Any, Any], "str | Text | None"]    # (actor, view); None: no row


@record
class Sheet:
    """A ruleset's `show ACTOR`, declared: the words after the actor's name and its rows
    in order, each a title and a cell. Every sheet ends with the actor's effects."""

    rows: Sequence[tuple[str, SheetCell]] = ()
    about: Callable[[Any, Any], str] | None = None     # (actor, view); default: its side
    down: str | None = None       # what `about` adds when it is down; None: DOWN (ruling)


def actor_sheet(view) -> Group:
    """One actor in full: the sheet its ruleset's screen declares, else the generic one."""
    sheet = screen(view.state.ruleset).sheet or generic_sheet(view)
    state, actor = view.state, view.state.actors[view.actor]
    head = Text(label(actor), style=f"bold {side_colours(state).get(actor.side, '')}")
    head.append("  " + (sheet.about(actor, view) if sheet.about else actor.side)
                + (_down(sheet, view) if actor.down else ""))
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for title, cell in sheet.rows:
        value = cell(actor, view)
        if value is not None:
            table.add_row(title, value)
    table.add_row("Effects", effects_text(actor, state))
    return Group(head, table)


def _down(sheet: Sheet, view) -> str:
    """``, DOWN (R8)``: down, with the ruling of the ruleset that makes it so."""
    if sheet.down is not None:
        return sheet.down
    rule = term(view.ruleset, "down_rule")
    return ", DOWN" + (f" ({rule})" if rule else "")


def health(actor, view=None) -> Text:
    """The HP bar of a sheet."""
    return hp_bar(actor.hp or 0, actor.max_hp or 0)


def effects_text(actor, state) -> str:
    """Each effect on the actor and when it ends, one a line."""
    names = Names.of(state)
    return "\n".join(f"{effect_text(e)} {until_text(e.until, names)}".strip()
                     for e in actor.effects) or "none"


def _hp(actor, view) -> Text | None:
    return None if actor.hp is None else hp_bar(actor.hp, actor.max_hp or actor.hp)


def _where(actor, view) -> str:
    return actor.zone or "not placed"


def generic_sheet(view) -> Sheet:
    """HP (when the actor has any), each resource its ruleset shows, where it stands."""
    shown = [spec for spec in getattr(view.ruleset, "resources", ()) if spec.shown]
    return Sheet((("HP", _hp),
                  *((spec.title, lambda actor, view, name=spec.name: str(actor.resource(name)))
                    for spec in shown),
                  ("Where", _where)))


# --- log, help, odds ---------------------------------------------------------------------

def log_lines(view, names: Names | None = None) -> Group:
    """Each entry: its number, its line, and ``→`` what it did in one line (when the
    entry's events are known: those loaded from a save may not be)."""
    if not view.lines:
        return Group(Text("The log is empty.", style="dim"))
    width = len(str(view.first + len(view.lines) - 1))
    events = view.events or ((),) * len(view.lines)
    rows = []
    for n, line, happened in zip(range(view.first, view.first + len(view.lines)),
                                 view.lines, events, strict=True):
        row = Text.assemble((f"{n:>{width}}  ", "dim"), line)
        outcome = outcome_line(happened, names or Names()) if happened else ""
        if outcome:
            row.append("  → ", style="dim")
            row.append(outcome)
        rows.append(row)
    return Group(*rows)


def help_view(view) -> Group:
    if view.detail and view.verbs:
        return _verb_detail(view.verbs[0], ruling_titles(getattr(view, "ruleset", "")))
    by_group: dict[str, list] = {}
    for verb in view.verbs:
        by_group.setdefault(verb.group, []).append(verb)
    out = []
    for group in sorted(by_group, key=lambda g: (GROUPS.index(g) if g in GROUPS else 99, g)):
        out.append(Text(GROUP_TITLES.get(group, group.capitalize()), style="bold"))
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(no_wrap=True, style="cyan")
        table.add_column()
        for verb in by_group[group]:
            aliases = f" (also {', '.join(verb.aliases)})" if verb.aliases else ""
            table.add_row("  " + verb.name, verb.summary + aliases)
        out.append(table)
    out.append(Text("help COMMAND shows its usage, flags and examples.", style="dim"))
    return Group(*out)


def _verb_detail(verb, titles: Mapping[str, str] | None = None) -> Group:
    out = [Packed(usage_words(verb.usage), indent="    ", style="bold"), Text(verb.summary)]
    if verb.aliases:
        out.append(Text(f"Aliases: {', '.join(verb.aliases)}"))
    if verb.flags:
        lines = [flag_lines(spec) for spec in verb.flags]
        widest = max(len(line) for text in lines for line in text.split("\n"))
        table = Table(box=None, show_header=False, padding=(0, 1, 0, 2), pad_edge=True)
        table.add_column(style="cyan", no_wrap=True, width=widest)
        table.add_column()
        for spec, text in zip(verb.flags, lines, strict=True):
            repeat = "(repeatable)" if spec.repeat else ""
            table.add_row(text, " ".join(t for t in (spec.help, repeat) if t))
        out += [Text("Flags:"), table]
    if verb.examples:
        out.append(Text("Examples:"))
        out += [Text(f"  {example}", style="cyan") for example in verb.examples]
    out += [Text(note) for note in getattr(verb, "notes", ())]
    if verb.rules:
        out.append(Packed(ruling_words(verb.rules, titles or {}), sep=" · ", first="Rules: ",
                          indent="       ", style="dim"))
    return Group(*out)


# --- text that wraps only between whole words ---------------------------------------------

class Packed:
    """Words packed into lines as wide as the console allows, never broken inside a word:
    a usage line's bracket groups, a list of rulings. A word wider than a line has one
    to itself."""

    def __init__(self, words: list[str], *, sep: str = " ", first: str = "",
                 indent: str = "  ", style: str = "") -> None:
        self.words, self.sep, self.first, self.indent, self.style = (words, sep, first,
                                                                     indent, style)

    def __rich_console__(self, console, options):
        for line in pack(self.words, options.max_width, sep=self.sep, first=self.first,
                         indent=self.indent):
            yield Text(line, style=self.style)

    def __str__(self) -> str:
        return self.first + self.sep.join(self.words)


def pack(words: list[str], width: int, *, sep: str = " ", first: str = "",
         indent: str = "  ") -> list[str]:
    """Lines of at most `width` (unless one word is wider), words joined by `sep` (a line
    that breaks keeps the separator's mark at its end), the first line opening with
    `first`, the others with `indent`."""
    lines: list[str] = []
    line, fresh = first, True
    mark = len(sep.rstrip())            # what a line that breaks carries at its end
    for i, word in enumerate(words):
        joined = line + ("" if fresh else sep) + word
        room = width - (mark if i < len(words) - 1 else 0)
        if fresh or len(joined.rstrip()) <= room:
            line, fresh = joined, False
            continue
        lines.append((line + sep.rstrip()).rstrip())     # ``R4 Dodge ·``: the list goes on
        line = indent + word
    lines.append(line.rstrip())
    return lines


def usage_words(usage: str) -> list[str]:
    """A usage line cut at the spaces outside brackets: ``[--with ITEM|spell]`` is one
    word, so a wrap never separates a flag from its value."""
    words, word, depth = [], "", 0
    for ch in usage:
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == " " and depth <= 0:
            if word:
                words.append(word)
            word = ""
        else:
            word += ch
    return words + ([word] if word else [])


def flag_lines(spec) -> str:
    """``--until start:ID|end:ID|`` / ``  round|rounds:N|used_up|`` / ``  never``: a flag
    and its value, broken only after a ``|`` or ``,`` when wider than the flag column."""
    metavar = f" {spec.metavar}" if spec.kind != "bool" else ""
    text = f"--{spec.name}{metavar}"
    if len(text) <= FLAG_WIDTH:
        return text
    words = [f"--{spec.name} "] + re.findall(r"[^|,]+[|,]?", spec.metavar)
    return "\n".join(pack(words, FLAG_WIDTH, sep="", indent="  "))


RULE_CODE = re.compile(r"([A-Z])(\d+[a-z]?)")


def ruling_words(rules: str, titles: Mapping[str, str]) -> list[str]:
    """``R1-R3, R8`` as ``R1 Declare``, ``R2 Reactions``, ...: every ruling of a range,
    in the order of the ruleset's titles, each with its short title where it has one."""
    codes = list(titles)
    words: list[str] = []
    for part in (p.strip() for p in rules.split(",")):
        start, _, end = part.partition("-")
        if end and RULE_CODE.fullmatch(start) and RULE_CODE.fullmatch(end) \
                and start in titles and end in titles:
            found = codes[codes.index(start):codes.index(end) + 1]
        else:
            found = [part]
        words += [f"{code} {titles[code]}" if code in titles else code for code in found
                  if code]
    return words


def percent(p) -> str:
    """``34.6%``; a chance too small to show as 0.0% reads ``<0.1%``."""
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{float(p) * 100:.1f}%"


def fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


MOST_SHOWN = 40        # rows one distribution takes on screen; a longer one shows ranges
TAIL = Fraction(1, 2000)   # a tail this unlikely (it would read <0.1%) shows as one row


def shown_rows(items: list[tuple[Any, Any]], most: int = MOST_SHOWN) -> list[tuple[str, Any]]:
    """(value, chance) pairs, in order, as at most `most` rows to draw. Past that, the
    unlikely tails of whole-number values become one row each (``≤ 95``, ``≥ 230``) and
    the values between them ranges of equal width (``120–127``) whose chances add up,
    so a huge distribution draws as fast as a small one (`--json` keeps every value)."""
    if len(items) <= most or not all(isinstance(v, int) for v, _ in items):
        return [(str(value), p) for value, p in items]
    first, last = _tail(items), len(items) - 1 - _tail(items[::-1])
    rows: list[tuple[str, Any]] = []
    if first > 0:
        rows.append((f"≤ {items[first - 1][0]}", sum(p for _, p in items[:first])))
    low, high = items[first][0], items[last][0]
    width = -(-(high - low + 1) // (most - 2))
    merged: dict[int, Any] = {}
    for value, p in items[first:last + 1]:
        start = low + (value - low) // width * width
        merged[start] = merged[start] + p if start in merged else p
    for start, p in merged.items():
        end = min(start + width - 1, high)
        rows.append((str(start) if end == start else f"{start}–{end}", p))
    if last < len(items) - 1:
        rows.append((f"≥ {items[last + 1][0]}", sum(p for _, p in items[last + 1:])))
    return rows


def _tail(items: list[tuple[Any, Any]]) -> int:
    """How many leading values together stay under TAIL (at least one value is left)."""
    mass, count = 0, 0
    for _, p in items[:-1]:
        if mass + p >= TAIL:
            break
        mass, count = mass + p, count + 1
    return count


# --- short answers ------------------------------------------------------------------------

def history_moved(view) -> Group:
    verb = "Redid" if view.redo else "Undid"
    lines = [Text(f"{verb}: {line}") for line in view.lines]
    if view.rerolled:
        lines.append(Text(f"The next roll is fresh: the dice move past those the undone "
                          f"commands drew (logged as {view.rerolled})"))
    return Group(*lines)


def message(view) -> Text | Group:
    """A message of many lines (a `--json` answer) is drawn line by line: one long Text
    costs the console time quadratic in its lines."""
    if view.text.count("\n") < 50:
        return Text(view.text)
    return Group(*(Text(line) for line in view.text.split("\n")))


def file_written(view) -> Text:
    what = {"save": "Saved", "export": "Exported the recap to"}.get(view.what, "Wrote")
    text = Text(f"{what} {view.path}")
    if view.note:
        text.append(f" ({view.note})", style="dim")
    return text

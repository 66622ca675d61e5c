"""The one text view of `engine.odds.Odds`, every ruleset's `odds`, legible at 80 columns.

A chance reads ``hit       319/400 = 79.8%  (T9)``; the distributions stand side by side
as a compact table, a long one cut into ranges (`views.shown_rows`) and folded into a
second column pair; the exact fractions are shown beside them where they fit.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from shaper_gm.render.text import Names
from shaper_gm.render.views import fraction, percent, shown_rows

LABEL = 9              # the label column of a chance or a fact
DIST_ROWS = 12         # a distribution longer than this folds into a second column pair
WIDTH = 79             # what the columns of a table may take, with its border: 80 columns


def odds_view(odds, names: Names) -> Group:
    whom = ", ".join(names(t.target) for t in odds.targets)
    head = f"Odds: {names(odds.actor)} {odds.action} {whom}"
    out = [Text(head + (f" with the {odds.weapon}" if odds.weapon else ""), style="bold")]
    out += [row(f.key.replace("_", " "), f.text, f.note) for f in odds.facts if f.text]
    for target in odds.targets:
        out += target_lines(target, names)
    if odds.assumed:
        out.append(Text("Assumed: " + "; ".join(odds.assumed), style="dim"))
    return Group(*out)


def row(label: str, text: str, note: str = "") -> Text:
    out = Text(f"  {label:<{LABEL}} {text}")
    if note:
        out.append(f"  ({note})")
    return out


def target_lines(t, names: Names) -> list:
    held = "" if t.start is None else (
        f" ({t.start} {t.resource.upper()})" if t.limit is None else
        f" ({t.resource} {t.start} of {t.limit})")
    head = Text(f"▸ {names(t.target)}", style="bold")
    head.append(held, style="")
    out = [head]
    out += [row(c.title, f"{fraction(c.p)} = {percent(c.p)}", c.note) for c in t.chances]
    for spread in t.spreads:
        of = f" of its {t.start}" if spread.key == t.harm and t.start is not None \
            and t.limit is None else ""
        out.append(row(spread.title, f"mean {float(spread.dist.mean()):.2f}{of}",
                       spread.note))
    out.append(spread_tables(t.spreads))
    return out


def spread_tables(spreads) -> Group:
    """The distributions side by side, as many tables as it takes to stay within WIDTH:
    value, chance (and the exact fraction when all fit in one), each longer than
    DIST_ROWS folded in two."""
    shown = []                          # per spread: its column pairs (title, rows)
    for spread in spreads:
        rows = shown_rows([(value, spread.dist[value]) for value in spread.dist])
        half = (len(rows) + 1) // 2 if len(rows) > DIST_ROWS else len(rows)
        shown.append([(spread.title if i == 0 else "", rows[i:i + half])
                      for i in range(0, len(rows), half)])
    exact = sum(_width(pair, True) for pairs in shown for pair in pairs) <= WIDTH
    tables, used = [[]], 0
    for pairs in shown:
        width = sum(_width(pair, exact) for pair in pairs)
        if tables[-1] and used + width > WIDTH:
            tables.append([])
            used = 0
        tables[-1] += pairs
        used += width
    return Group(*(_table(pairs, exact) for pairs in tables))


def _table(pairs, exact: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for title, _ in pairs:
        table.add_column(title, justify="right")
        table.add_column("chance", justify="right")
        if exact:
            table.add_column("exact", justify="right", style="dim")
    for i in range(max(len(rows) for _, rows in pairs)):
        cells: list[str] = []
        for _, rows in pairs:
            value, p = rows[i] if i < len(rows) else ("", None)
            cells += [value, "" if p is None else percent(p)]
            if exact:
                cells.append("" if p is None else fraction(p))
        table.add_row(*cells)
    return table


def _width(pair, exact: bool) -> int:
    """Columns a value, chance (, exact) pair takes: each cell's padding either side and
    the space that divides it from the next."""
    title, rows = pair
    value = max([len(title)] + [len(v) for v, _ in rows]) + 3 + len("chance") + 3
    return value + (max([5] + [len(fraction(p)) for _, p in rows]) + 3 if exact else 0)

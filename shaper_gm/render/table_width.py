"""A table's width with no line wrapped, worked out from its text.

rich's own measure draws every cell of a table twice to find it; the order table is
drawn after every turn change, and measured first to choose its layout.
"""

from __future__ import annotations

from io import StringIO

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text


def natural_width(table: Table) -> int:
    """Each column's widest line, header included, within its max_width, and the
    columns' separators: rich's measure of a table of text cells with no padding and no
    outer border (the order table); any other table is measured by rich."""
    if table.padding != (0, 0, 0, 0) or table.show_edge:
        return measured(table)
    width = len(table.columns) - 1 if table.box else 0
    for column in table.columns:
        cells = (column.header, *column.cells)
        if not all(isinstance(c, Text) or isinstance(c, str) and "[" not in c for c in cells):
            return measured(table)
        widest = max((cell_len(line) for cell in cells for line in
                      (cell.plain if isinstance(cell, Text) else cell).splitlines()), default=0)
        width += widest if column.max_width is None else min(widest, column.max_width)
    return width


def measured(table: Table) -> int:
    return Console(file=StringIO(), width=10_000).measure(table).maximum

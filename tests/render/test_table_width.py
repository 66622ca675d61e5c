"""The order table's width with no line wrapped, worked out from its text, is rich's own
measure of it: for every ruleset's demo in each of the table's layouts, and for any
table of text cells with no padding and no edge (wide characters, several lines, a
column's max_width)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich import box
from rich.table import Table
from rich.text import Text

from shaper_gm.persist.saves import read_save
from shaper_gm.render import tables
from shaper_gm.render.table_width import measured, natural_width
from tests.render.test_order_fits import DEMOS, SAVES

LAYOUTS = ({"one_line": True}, {"one_line": False}, {"one_line": False, "initiative": False},
           {"one_line": False, "initiative": False, "blank_columns": False})


@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_each_demo_order_table_in_each_layout(ruleset):
    session = read_save(SAVES / DEMOS[ruleset])
    state = session.state
    rs = session.ruleset_for(state)
    for layout in LAYOUTS:
        table = tables._order_table(state, rs, tables._rows(state), **layout)
        assert natural_width(table) == measured(table) > 20


LINES = st.text(st.sampled_from("ab █é–▶漢"), max_size=12)
CELLS = st.lists(LINES, min_size=1, max_size=3).map("\n".join)


@given(st.lists(st.tuples(st.sampled_from("Name HP Zone".split()),
                          st.none() | st.integers(1, 12),
                          st.lists(CELLS, min_size=0, max_size=4)), min_size=1, max_size=5),
       st.booleans())
def test_any_table_of_text_cells(columns, as_text):
    rows = max(len(cells) for _, _, cells in columns)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=0, pad_edge=False)
    for header, max_width, _ in columns:
        table.add_column(header, max_width=max_width)
    for row in range(rows):
        table.add_row(*((Text(cells[row]) if as_text else cells[row]) if row < len(cells)
                        else "" for _, _, cells in columns))
    assert natural_width(table) == measured(table)


def test_a_padded_table_or_other_cells_are_measured_by_rich():
    padded = Table(padding=(0, 1))
    padded.add_column("Name")
    padded.add_row("Ann")
    nested = Table(box=None, padding=0)
    nested.add_column("Inner")
    nested.add_row(padded)
    assert natural_width(padded) == measured(padded) == 8          # "│ Name │"
    assert natural_width(nested) == measured(nested)

"""`grid.cells_within` looks only at the rows and columns a reach can get to, and finds
exactly the cells a scan of the whole battlefield finds, in the same reading order, for
every grid, centre, reach and cost of a diagonal step."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine import grid
from shaper_gm.engine.state import Encounter


@given(cols=st.integers(1, 30), rows=st.integers(1, 30), reach=st.integers(0, 8),
       diagonal=st.integers(0, 3), data=st.data())
def test_cells_within_is_the_whole_scan(cols, rows, reach, diagonal, data):
    centre = (data.draw(st.integers(0, cols - 1)), data.draw(st.integers(0, rows - 1)))
    state = Encounter(cols=cols, rows=rows)
    scanned = [(c, r) for r in range(rows) for c in range(cols)
               if (c, r) != centre and grid.steps((c, r), centre, diagonal) <= reach]
    assert grid.cells_within(state, centre, reach, diagonal) == scanned

"""`most_diagonals` (ruleset.yaml): how many diagonal steps a path between two cells
may take, each counting one; past them a diagonal is two straight steps (a board whose
paths make at most one diagonal move takes `most_diagonals: 1`); without the key a
diagonal neighbour is one step away however far.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import grid


class DiagonalLimit:
    """The distance every rule reads (range, reach, `travel`, `distance`)."""

    numbers: Any

    def distance(self, a: str, b: str) -> int:
        most = self.numbers.get("most_diagonals")
        return grid.steps(grid.cell_from_name(a), grid.cell_from_name(b),
                          most_diagonals=most)

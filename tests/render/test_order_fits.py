"""The order table of every ruleset's demo reads at 80 columns: one line a row, no
header or cell cut short, the legend below it as wide as the screen."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from shaper_gm.persist.saves import read_save
from shaper_gm.render.console import Renderer, make_console

SAVES = Path(__file__).resolve().parents[2] / "saves"
DEMOS = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
         "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
         "reactions": "reactions-demo.yaml", "d20": "d20-demo.yaml"}


def drawn(session, width: int) -> list[str]:
    out = io.StringIO()
    Renderer(make_console(out, width=width)).show(session.execute("order"), session.state)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_each_row_is_one_line_and_nothing_is_cut_at_80_columns(ruleset):
    session = read_save(SAVES / DEMOS[ruleset])
    lines = drawn(session, 80)
    rule = next(i for i, line in enumerate(lines) if line.startswith("──"))
    rows = lines[rule + 1:rule + 1 + len(session.state.actors)]
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in "\n".join(lines[:rule + 1 + len(rows)])
    for actor in session.state.actors.values():          # each actor's whole label, once
        label = actor.name if actor.name.lower().replace(" ", "-") == actor.id \
            else f"{actor.name} ({actor.id})"
        assert sum(row[2:].startswith(label + " ") for row in rows) == 1, (label, rows)


def test_a_long_name_keeps_its_id_beside_it_while_the_table_fits_else_below_it():
    session = read_save(SAVES / DEMOS["dicepool"])
    assert any("Barry the Guard (barry)" in line for line in drawn(session, 80))
    narrow = drawn(session, 60)
    assert not any("Barry the Guard (barry)" in line for line in narrow)
    assert any(line.strip() == "(barry)" for line in narrow)


def test_the_effects_column_shows_when_someone_has_an_effect():
    session = read_save(SAVES / DEMOS["dicepool"])
    assert not any("Effects" in line for line in drawn(session, 80))
    actor = session.state.turn
    session.execute(f"effect {actor} blessed --until round")
    assert any("Effects" in line for line in drawn(session, 80))

"""A distribution of any length draws in a bounded number of rows, and a long message (a
`--json` answer) line by line: what is drawn stays small however large the odds."""

from __future__ import annotations

import io
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Group

from shaper_gm.app import new_session
from shaper_gm.commands.viewdata import Message
from shaper_gm.render import Renderer, make_console
from shaper_gm.render.views import MOST_SHOWN, message, shown_rows


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 50), min_size=1, max_size=3000), st.integers(-500, 500))
def test_rows_are_bounded_and_keep_every_chance(weights, low):
    whole = sum(weights)
    items = [(low + i, Fraction(w, whole)) for i, w in enumerate(weights)]
    rows = shown_rows(items)
    assert len(rows) <= MOST_SHOWN
    assert sum(p for _, p in rows) == 1
    if len(items) <= MOST_SHOWN:
        assert rows == [(str(v), p) for v, p in items]


def test_a_long_tail_is_one_row_and_ranges_cover_the_rest():
    items = [(v, Fraction(1, 10**9)) for v in range(1000)]
    items += [(v, Fraction(1, 100) - Fraction(2000, 10**9) / 100) for v in range(1000, 1100)]
    items += [(v, Fraction(1, 10**9)) for v in range(1100, 2100)]
    rows = shown_rows(items)
    assert rows[0] == ("≤ 999", Fraction(1000, 10**9))
    assert rows[-1] == ("≥ 1100", Fraction(1000, 10**9))
    assert rows[1][0] == "1000–1002" and rows[-2][0] == "1099"


def test_a_huge_pool_odds_view_draws_in_a_screenful():
    session = new_session(seed=1)
    for line in ("new --ruleset dicepool --seed 1",
                 "add a --stat str=300 --weapon halberd --holding halberd",
                 "add b --hp 10000 --stat ac=5", "set a pool=300"):
        session.execute(line)
    file = io.StringIO()
    Renderer(make_console(file, width=80)).show(session.execute("odds a b"), session.state)
    lines = file.getvalue().splitlines()
    assert len(lines) < 80
    assert any(line.strip().startswith("≤") for line in lines)


def test_a_long_message_is_drawn_line_by_line():
    text = "\n".join(f'  "{n}": "{n}/{10**40}",' for n in range(5000))
    drawn = message(Message(text))
    assert isinstance(drawn, Group) and len(drawn.renderables) == 5000
    file = io.StringIO()
    make_console(file, width=80).print(drawn)
    assert file.getvalue() == text + "\n"

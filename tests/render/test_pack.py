"""Packed words (a help page's usage and rulings lines) never pass the console's width,
the separator's mark a broken line keeps at its end included."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.render.views import pack

WORDS = st.lists(st.text(alphabet="abcdefgh RS1", min_size=1, max_size=12).map(str.strip)
                 .filter(bool), min_size=1, max_size=30)


@given(WORDS, st.integers(min_value=20, max_value=100), st.sampled_from([" ", " · "]))
def test_no_packed_line_is_wider_than_the_console(words, width, sep):
    lines = pack(words, width, sep=sep, first="Rules: ")
    for line in lines:
        alone = line.strip().removeprefix("Rules:").strip().rstrip(" ·")
        assert len(line) <= width or alone in words, (line, width)


def test_a_line_that_breaks_keeps_its_mark_within_the_width():
    # 'R6 Damage' fits in 80 columns only without the ' ·' the broken line ends with
    words = ["R1 Declare", "R2 Reactions", "R3 Rolls", "R4 Dodge", "R5 Critical",
             "R6 Damage", "R7 Shield", "R8 Health"]
    lines = pack(words, 80, sep=" · ", first="Rules: ")
    assert lines == ["Rules: R1 Declare · R2 Reactions · R3 Rolls · R4 Dodge · R5 Critical ·",
                     "  R6 Damage · R7 Shield · R8 Health"]

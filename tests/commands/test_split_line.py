"""A command line is split into words as shlex splits it (POSIX quoting), whether it
takes the quick path of a line of plain words or not; what shlex cannot read is one
line of error."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.commands.args import split_line
from shaper_gm.errors import CommandError

# Words, quotes, backslashes and blanks of every kind, so both paths are drawn often.
TEXT = st.text(alphabet=st.sampled_from(list("ab-=,.#é ") + ["'", '"', "\\", "\t", "\n",
                                                                "\u00a0", "\x0b", "\x1c"]),
               max_size=30)


@given(TEXT)
def test_split_line_splits_as_shlex_does(line):
    try:
        expected = shlex.split(line, comments=False, posix=True)
    except ValueError:
        with pytest.raises(CommandError):
            split_line(line)
        return
    assert split_line(line) == expected


def test_a_long_run_of_blanks_before_a_quote_is_read():
    """A long run of spaces the quick path cannot take is given up at once: its pattern
    splits a run of blanks one way only (a pattern that tried every way would not end)."""
    with pytest.raises(CommandError, match="No closing quotation"):
        split_line("a" + " " * 1990 + '"')
    assert split_line("a" + " " * 1990 + "b") == ["a", "b"]

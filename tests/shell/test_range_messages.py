"""A number out of range is refused saying what is wrong and the range allowed, never
as "not a whole number"; a script's first line is refused like any other line."""

from __future__ import annotations

import pytest

from shaper_gm import cli
from shaper_gm.app import new_session
from shaper_gm.engine.limits import MAX_NUMBER
from shaper_gm.errors import GmError


def refused(session, line: str) -> str:
    state, log = session.state, list(session.log)
    with pytest.raises(GmError) as caught:
        session.execute(line)
    assert session.state == state and session.log == log
    return str(caught.value)


@pytest.mark.parametrize("line, says", [
    ("set freya pool=1000000", "pool must be 0 to 999,999 for Freya"),
    ("set freya pool=99999999999999", "pool must be 0 to 999,999 for Freya"),
    ("set freya actions=7", "actions must be 0 to 2 for Freya"),
    ("set freya hp=1000000", "hp must be 0 to"),
    ("set freya initiative=10000000", "initiative must be -999,999 to 999,999"),
    ("set freya str=1000000", "str=1000000 is out of range"),
    ("add zed --stat str=1000000", "str=1000000 is out of range"),
])
def test_a_number_past_its_range_names_the_range(line, says):
    session = new_session(seed=1, ruleset="dicepool")
    session.execute("add freya --as freya")
    assert says in refused(session, line)


@pytest.mark.parametrize("grid", ["1000x1000", "27x5", "5x100", "0x5", "99999x1"])
def test_a_grid_past_its_range_names_the_sizes_allowed(grid):
    message = refused(new_session(seed=1), f"new --grid {grid}")
    assert f"--grid {grid} is out of range" in message
    assert "1 to 26 columns (A-Z) and 1 to 99 rows" in message


def test_a_grid_that_is_no_size_says_what_one_looks_like():
    message = refused(new_session(seed=1), "new --grid huge")
    assert "is not COLSxROWS" in message and "1 to 26 columns" in message


def test_a_script_whose_first_line_asks_for_an_unknown_ruleset_fails_at_line_1(
        tmp_path, capsys):
    script = tmp_path / "s.gm"
    script.write_text("new --ruleset UNKNOWN\nadd zed\n")
    assert cli.main(["run", str(script)]) == cli.FAILED
    err = capsys.readouterr().err
    assert err.startswith("error: line 1: no ruleset 'unknown'; known rulesets: d20, dicepool,")
    assert "internal error" not in err


def test_the_largest_number_is_accepted():
    session = new_session(seed=1, ruleset="dicepool")
    session.execute("add freya --as freya")
    session.execute(f"set freya pool={MAX_NUMBER}")
    assert session.state.actors["freya"].resource("pool") == MAX_NUMBER

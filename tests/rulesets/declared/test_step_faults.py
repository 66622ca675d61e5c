"""A declared step whose numbers run past the largest a ruleset reads (a sheet set to
999,999 and a bonus on top) is refused in one line and changes nothing, in play and in
odds alike; it never escapes as an exception (reactions: critical bonus 999,999 + power
24 is past 999,999)."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError


@pytest.mark.parametrize("line", ["odds bo", "attack bo --crit 20"])
def test_a_step_past_the_largest_number_is_refused_in_one_line(line):
    s = new_session(ruleset="reactions", seed=1)
    for setup in ("add ann --as duellist --side party --at B2 --stat critical_bonus=999999",
                  "add bo --as duellist --at C2", "init ann bo", "start"):
        s.execute(setup)
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as refused:
        s.execute(line)
    message = str(refused.value)
    assert "past the largest number, 999,999" in message and "\n" not in message
    assert s.state is state and s.log == log

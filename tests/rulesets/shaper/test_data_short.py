"""Shaper written as data beside the Python ruleset: a cost it cannot pay is refused in
Shaper's words (the resources' `short`): no Major action left, or no Minor, and nothing
that may pay for it (S18), with what the actor spent of its turn's actions; not enough SP
(S23), with what it has and needs, and off its turn that only SP can pay."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import DATA, DEMO, PYTHON, both

__all__ = ["both"]


def refused(sessions, line: str) -> dict[str, tuple[str, str]]:
    """Each version's refusal of `line`: its message and hint; nothing changed."""
    out = {}
    for rs, s in sessions.items():
        before = s.state
        with pytest.raises(GmError) as info:
            s.execute(line)
        assert s.state is before
        out[rs] = (info.value.message, info.value.hint)
    return out


@pytest.mark.parametrize("setup, line, message, hint", [
    (("draw josh longbow", "act josh major aims", "act josh major aims",
      "act josh major aims"), "attack josh raider",
     "no Major action left (S18): Josh has spent 3 of 3 Major",
     "end the turn (end); skills can still be paid with SP (--sp)"),
    (("set josh sp=0", "draw josh longbow"), "attack josh raider --skill piercing-strike --sp",
     "not enough SP (S23): Josh has 0, needs 1",
     "pay with a Major action instead (drop --sp)"),
    (("set taylor sp=0",), "cast taylor energy-shield --sp",
     "not enough SP (S23): Taylor has 0, needs 1",
     "off Taylor's turn only SP can pay; SP regenerates at the start of Taylor's turn (S22)"),
])
def test_a_cost_it_cannot_pay_is_refused_in_the_same_words(both, setup, line, message,
                                                          hint):
    results = refused(both(*DEMO, *setup), line)
    assert results[DATA] == results[PYTHON] == (message, hint)


def test_no_minor_left_names_what_was_spent(both):
    sessions = both(*DEMO, "act josh minor looks", "act josh major aims",
                    "act josh major aims", "act josh major aims")
    results = refused(sessions, "act josh minor kicks")
    assert results[DATA] == results[PYTHON]
    assert results[DATA][0] == ("no Minor action left and nothing that may pay for it "
                                "(Major) (S18): Josh has spent 1 of 1 Minor and 3 of 3 Major")

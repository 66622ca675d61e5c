"""The one table of what fails today: (test name, ruleset id or None) -> what fails.

The conformance suite is green while the engine is being fixed: each pair listed here
is marked `xfail(strict=True)`, so it must keep failing until it is fixed, and then its
line is removed (an unexpected pass fails the run). `test_known_failures.py` checks that
every line names a real test and a registered ruleset.
"""

from __future__ import annotations

ALL = ("dicepool", "dungeoneers", "reactions", "shaper", "timeslice")

KNOWN: dict[tuple[str, str | None], str] = {
    # test_turn_order.py
    # test_pass_and_end.py
    # test_down_and_out.py
    # test_outcomes.py
    # test_names.py
    # test_dice_forms.py
}

"""The one table of what fails today: (test name, ruleset id or None) -> what fails.

The conformance suite is green while the engine is being fixed: each pair listed here
is marked `xfail(strict=True)`, so it must keep failing until it is fixed, and then its
line is removed (an unexpected pass fails the run). `test_known_failures.py` checks that
every line names a real test and a registered ruleset.
"""

from __future__ import annotations

FIXED = ("dicepool", "reactions", "shaper")        # the rulesets with a fixed turn order
ALL = ("dicepool", "dungeoneers", "reactions", "shaper", "timeslice")

LAST_PASS = "the round's last `pass` is refused: 'no actor can take a turn: everyone is down'"
KEEPS_TURN = "an actor downed on its own turn keeps the turn until `end`"
PASS_OFF_TURN = ("`pass ACTOR` for an actor who is not up is accepted and gives up its "
                 "round, instead of being refused naming the acting actor")
SIDE_ROLL = "a side `roll` is logged: it is an undo step"
DICE_FORMS = ("the prompt and the flag read dice apart: the prompt refuses the `=N` totals "
              "the flag takes, and takes a trailing comma (`8,`) the flag refuses")

KNOWN: dict[tuple[str, str | None], str] = {
}

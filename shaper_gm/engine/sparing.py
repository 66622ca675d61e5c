"""`spare`: what a GM declared past where an action's steps ended (an answer never
asked, faces never rolled) left out of the log with a note, not refused (R2)."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from shaper_gm.engine.stepkit import Facts, fill

if TYPE_CHECKING:
    from shaper_gm.engine.declared_records import Spare
    from shaper_gm.engine.steps import PlayTape


def spared(tape: PlayTape, spare: Spare, facts: Facts,
           slots: Sequence[tuple[str, bool]]) -> None:
    """Forget the answers and faces given for what the steps never reached, each told
    in a note (`spare.note`, a slot's own of `spare.unused`, or the shared words);
    `slots`: the action's dice slots."""
    rule, dropped = spare.rule, tape.decisions.drop_unasked()
    if spare.note and dropped:
        count = len(dropped)
        tape.note(fill(spare.note, ChainMap({"unasked": count, "unasked_s": "" if count
                                             == 1 else "s"}, cast(
            "MutableMapping[str, Any]", facts))), None, rule)
    for actor, answer in () if spare.note else dropped:
        tape.note(f"--react {actor}={answer} not needed: never asked", None, rule)
    own = dict(spare.unused)
    for slot, _ in slots:
        extra = tape.drop_unused(slot)
        if extra > 0 and slot in own:
            tape.note(fill(own[slot], ChainMap({"extra": extra, "extra_s": "" if extra
                                                == 1 else "s"}, cast(
                "MutableMapping[str, Any]", facts))), None, rule)
        elif extra > 0:
            tape.note(f"--{slot}: {extra} face{'s' if extra != 1 else ''} left unused: "
                      "never rolled", None, rule)

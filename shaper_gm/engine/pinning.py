"""A roll whose dice are pinned, and its automatic result (`pins`, `automatic` on a roll
step): dice set to their top face or to 1 after rolling, and all tops or all ones as a
result of their own, as any ruleset may declare them (Shaper's S2 and S3).

``pins`` is a list of ``{count, takes, to, name}``: `count` (an expression) of the
`takes: highest` (or `lowest`) dice that no earlier pin took are set `to: top` (the
die's top face) or `to: one`, in the order listed; pins beyond the number of dice do
nothing. How pins cancel is the ruleset's to write in `count` (``max(0, up - down)``).
``automatic: NAME`` gives the fact NAME ``'success'`` when every die's natural face is
its top one, ``'failure'`` when every one is 1, else ``''`` (judged before the pins).
Either makes the roll one kind of dice and a number (``3d6 + bonus``), the dice layer's
basic roll (`dice.specs.BasicRoll`): played, and in exact odds alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from shaper_gm.dice.modifiers import Pin
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.exprvalues import Dice, number
from shaper_gm.engine.stepkit import Facts, VocabError, checked_name, expression
from shaper_gm.records import record

PIN_KEYS = {"pins", "automatic"}
_PIN = {"count", "takes", "to", "name"}
_PIN_SHAPE = "{count: EXPR, takes: highest|lowest, to: top|one, name: TEXT}"
_ALONE = ("keep_higher", "keep_lower", "double_dice", "success_on", "zero_faces", "after")


@record
class Pins:
    """The pins of one roll, as the dice layer's pool modifier (`dice.modifiers`)."""

    ruling = ""                                     # the step's notes cite rulings
    each: tuple[tuple[str, int, bool, bool], ...]   # (name, count, highest, to top)

    def pins(self, dice: int, sides: int) -> tuple[Pin, ...]:
        out, free = [], dice
        for name, count, highest, top in self.each:
            n = min(count, free)
            if n > 0:
                out.append(Pin(name, n, highest, sides if top else 1))
                free -= n
        return tuple(out)

    def describe(self) -> str:
        return ", ".join(f"{name} ×{count}" if count > 1 else name
                         for name, count, _, _ in self.each if count > 0) or "no modifiers"

    def __bool__(self) -> bool:
        return any(count > 0 for _, count, _, _ in self.each)


def pin_keys(declared: Mapping[str, Any], at: str
             ) -> tuple[tuple[tuple[str, Compiled, bool, bool], ...], str | None]:
    """The step's pins, compiled, and the name its automatic result goes into; both
    checked as the ruleset loads."""
    raw = declared.get("pins", ())
    into = checked_name(declared["automatic"], f"{at}.automatic") \
        if "automatic" in declared else None
    if "pins" not in declared and into is None:
        return (), None
    for key in _ALONE:
        if key in declared:
            raise VocabError(f"{at}.{key}", "a roll with pins or automatic is one kind of "
                                            f"dice and a number: drop {key}")
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise VocabError(f"{at}.pins", f"expected a list of {_PIN_SHAPE}, got {raw!r}")
    out = []
    for index, pin in enumerate(raw):
        here = f"{at}.pins[{index}]"
        if not isinstance(pin, Mapping) or set(pin) - _PIN or not {"count", "takes", "to"} \
                <= set(pin) or pin["takes"] not in ("highest", "lowest") or \
                pin["to"] not in ("top", "one"):
            raise VocabError(here, f"expected {_PIN_SHAPE} (count, takes and to required), "
                                   f"got {pin!r}")
        out.append((str(pin.get("name", pin["takes"])), expression(pin["count"], here),
                    pin["takes"] == "highest", pin["to"] == "top"))
    return tuple(out), into


def pinned_spec(dice: Dice, pins: Sequence[tuple[str, Compiled, bool, bool]], facts: Facts,
                what: str) -> Any:
    """The basic roll the dice make, its pins' counts read from the facts."""
    sides = {term.sides for term in dice.terms}
    if len(sides) != 1 or any(term.sign < 0 for term in dice.terms):
        raise RuleViolation(f"pinned dice are one kind of die and a number, not "
                            f"{dice.text()!r}", "write them as 3d6 + bonus in the ruleset's "
                                                "actions.yaml")
    count = sum(term.number for term in dice.terms)
    each = tuple((name, max(0, number(run.run(facts))), highest, top)
                 for name, run, highest, top in pins)
    return _basic(f"{count}d{sides.pop()}", int(dice.constant), Pins(each), what)


@lru_cache(maxsize=256)
def _basic(base: str, bonus: int, pins: Pins, what: str) -> Any:
    from shaper_gm.dice.specs import BasicRoll
    return BasicRoll(base, bonus, pins, what=what)


__all__ = ["PIN_KEYS", "Pins", "pin_keys", "pinned_spec"]

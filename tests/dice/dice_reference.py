"""Slow, obvious reference implementations the fast dice code is checked against.

Not a test module (no ``test_`` prefix); pytest's default "prepend" import mode
puts this directory on sys.path, so the tests import it by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from shaper_gm.dice.modifiers import Pin

TOP, BOTTOM = "top", "bottom"
# modifier -> (picks the highest die?, new face)
RULE = {
    "edge": (True, TOP),
    "pressured": (False, BOTTOM),
    "advantage": (False, TOP),
    "disadvantage": (True, BOTTOM),
}


def net_names(edge=0, pressured=0, advantage=0, disadvantage=0):
    """S3 cancellation, written out longhand: list of remaining modifier names."""
    names = []
    while edge and pressured:
        edge, pressured = edge - 1, pressured - 1
    while advantage and disadvantage:
        advantage, disadvantage = advantage - 1, disadvantage - 1
    names += ["edge"] * edge + ["pressured"] * pressured
    names += ["advantage"] * advantage + ["disadvantage"] * disadvantage
    return names


ALIASES = {"adv": "advantage", "dis": "disadvantage"}


@dataclass(frozen=True)
class Modifiers:
    """Edge, Pressured, Advantage and Disadvantage as counts (S3), a pool modifier for
    the dice layer: what is left after `net_names` cancels them, each a pin, in that
    order (a ruleset declares the same as its roll's pins)."""

    edge: int = 0
    pressured: int = 0
    advantage: int = 0
    disadvantage: int = 0
    ruling = "S3"

    @classmethod
    def of(cls, names):
        counts = dict.fromkeys(RULE, 0)
        for name in names:
            counts[ALIASES.get(name, name)] += 1
        return cls(**counts)

    def pins(self, dice, sides):
        out, free = [], dice
        for name, group in groupby(net_names(**vars(self))):
            count = min(len(list(group)), free)
            if count:
                highest, face = RULE[name]
                out.append(Pin(name, count, highest, sides if face == TOP else 1))
                free -= count
        return tuple(out)

    def describe(self):
        return ", ".join(net_names(**vars(self))) or "no modifiers"

    def __bool__(self):
        return bool(net_names(**vars(self)))


def apply_in_order(naturals, sides, names):
    """Apply modifier names one by one, each to an untouched die; extras ignored."""
    finals = list(naturals)
    touched = [False] * len(naturals)
    for name in names:
        free = [i for i in range(len(naturals)) if not touched[i]]
        if not free:
            break
        highest, face = RULE[name]
        if highest:
            best = max(naturals[i] for i in free)
        else:
            best = min(naturals[i] for i in free)
        index = next(i for i in free if naturals[i] == best)
        finals[index] = sides if face == TOP else 1
        touched[index] = True
    return finals


def automatic(naturals, sides):
    if all(f == sides for f in naturals):
        return "success"
    if all(f == 1 for f in naturals):
        return "failure"
    return None


def hits(a_total, a_auto, e_total, e_auto):
    if a_auto is not None:
        return a_auto == "success"
    if e_auto is not None:
        return e_auto == "failure"
    return a_total >= e_total

"""Slow, obvious reference implementations the fast dice code is checked against.

Not a test module (no ``test_`` prefix); pytest's default "prepend" import mode
puts this directory on sys.path, so the tests import it by name.
"""

from __future__ import annotations

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

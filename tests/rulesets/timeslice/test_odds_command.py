"""`odds` through the verb: its exact fractions against a brute force over every face of
the attacker's and the defender's 2d10 (read 0-9)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from tests.oddsread import chance, flat, mean, values

from .commands_kit import PARTY, session

FACES = list(itertools.product(range(10), repeat=2))


def brute(attack_bonus: int, defense_bonus: int, damage: int, dr: int):
    """(hit chance, {HP lost: chance}) counted face by face (T1, T9, T12)."""
    hits = 0
    taken: dict[int, int] = {}
    for a, d in itertools.product(FACES, FACES):
        hit = sum(a) + attack_bonus > sum(d) + defense_bonus
        hits += hit
        lost = max(0, damage - dr) if hit else 0
        taken[lost] = taken.get(lost, 0) + 1
    total = len(FACES) ** 2
    return Fraction(hits, total), {k: Fraction(v, total) for k, v in taken.items()}


def odds_json(s, line: str) -> dict:
    return json.loads(s.execute(f"{line} --json").view.text)


@pytest.mark.parametrize("line,attack,defense,damage,dr", [
    # Kara (V 13: +3, sword 5) on the guard: parry [V] 11 (+1), mail DR 2.
    ("odds kara guard", 3, 1, 5, 2),
    ("odds kara guard --called head", 3 - 4, 1, 5 + 2, 2),
    ("odds kara guard --defense dodge", 3, 0, 5, 2),
    ("odds kara guard --with knife", 3, 1, 3, 2),     # odds do not ask for the knife drawn
    # The guard (V 11, spear 5) on Kara: parry [V] 13 (+3), mail DR 2.
    ("odds guard kara", 1, 3, 5, 2),
    ("odds guard ren --called limb", 1 - 2, 3, 5, 1),  # Ren: dodge [Q] 13 (+3), leather
])
def test_odds_fractions_match_brute_force(line, attack, defense, damage, dr):
    s = session(*PARTY, "init kara guard ren", "start")
    if "--with knife" in line:
        s.execute("draw knife")
    found = odds_json(s, line)
    hit, taken = brute(attack, defense, damage, dr)
    target = found["targets"][0]
    assert chance(target["hit"]) == hit and chance(target["miss"]) == 1 - hit
    assert values(target["taken"]) == {k: v for k, v in taken.items() if v}
    assert mean(target["taken"]) == sum(k * v for k, v in taken.items())


def test_odds_change_nothing_and_are_not_logged():
    s = session(*PARTY, "init kara guard ren", "start")
    before, log = s.state, list(s.log)
    result = s.execute("odds guard")
    assert s.state is before and s.log == log and result.line is None
    view = flat(result.view)
    assert view.defense == "parry" and view.hit == brute(3, 1, 5, 2)[0]

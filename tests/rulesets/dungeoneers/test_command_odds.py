"""`odds` through the command: its fractions against a brute-force enumeration of every
face, written out here from the rulings (D11-D20) without the rules core's steps."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from shaper_gm.errors import GmError
from tests.oddsread import chance, flat, mean, values
from tests.rulesets.dungeoneers.test_command_examples import fight


def brute(*, attack, score, boon=0, dodge, dodge_score, dodge_boon=0, pierce, body,
          armor, wounds, vulnerable=0, resist=0, threshold=5):
    """Every face of the test dice and the pierce die, counted."""
    dice = [range(1, attack + 1), *[range(1, 5)] * abs(boon), range(1, dodge + 1),
            *[range(1, 5)] * dodge_boon, range(1, pierce + 1)]
    hit = pierced = 0
    crits: Counter = Counter()
    dealt: Counter = Counter()
    total = 0
    for faces in itertools.product(*dice):
        total += 1
        a = faces[0] + score + (1 if boon > 0 else -1) * sum(faces[1:1 + abs(boon)])
        rest = faces[1 + abs(boon):]
        d = rest[0] + dodge_score + sum(rest[1:1 + dodge_boon])
        p = rest[-1] + body
        margin = a - d
        if margin < 0:                                  # D11: a tie goes to the actor
            crits[0] += 1
            dealt[0] += 1
            continue
        hit += 1
        n = margin // threshold if margin >= threshold else 0       # D18
        crits[n] += 1
        if p < armor:                                   # D16: no pierce, no wounds
            dealt[0] += 1
            continue
        pierced += 1
        dealt[max(0, wounds + vulnerable - resist) * (1 + n)] += 1   # D18, D20
    def frac(counts: Counter) -> dict[str, str]:
        return {str(k): f"{Fraction(v, total).numerator}/{Fraction(v, total).denominator}"
                for k, v in sorted(counts.items())}
    return Fraction(hit, total), Fraction(pierced, total), frac(crits), frac(dealt)


CASES = [
    # Freya (trained d6 + finesse 3, body 2, longsword d8, 2 S) on the skeleton
    # (trained d6 + finesse 1, armor value 5; slashing meets no vulnerability).
    ((), "odds freya skeleton",
     dict(attack=6, score=3, dodge=6, dodge_score=1, pierce=8, body=2, armor=5, wounds=4)),
    # Suori's power strike: 1 boon d4, 1 extra wound, against vulnerability(1) (D17, D20).
    ((), "odds suori skeleton --power",
     dict(attack=6, score=2, boon=1, dodge=6, dodge_score=1, pierce=6, body=2, armor=5,
          wounds=4, vulnerable=1)),
    # Two points of bane and a defensive skeleton (a boon d4 on its dodge, D15, D23).
    (("act freya 1 waits", "act alberich 1 waits", "act suori 1 waits", "defend skeleton"),
     "odds suori skeleton --bane 2",
     dict(attack=6, score=2, boon=-2, dodge=6, dodge_score=1, dodge_boon=1, pierce=6,
          body=2, armor=5, wounds=3, vulnerable=1)),
    # The dagger (1 P, d4) into the skeleton's resistance(2): piercing wounds vanish.
    (("interact suori --draw dagger",),
     "odds suori skeleton --with dagger",
     dict(attack=6, score=2, dodge=6, dodge_score=1, pierce=4, body=2, armor=5, wounds=3,
          resist=2)),
]


@pytest.mark.parametrize("before,line,sheet", CASES, ids=[c[1] for c in CASES])
def test_odds_fractions_match_brute_force(before, line, sheet):
    s = fight("add freya --as freya --at B2", "add alberich --as alberich --at B3",
              "add suori --as suori --at C3", "add skeleton --as skeleton --at C2",
              "init freya alberich suori skeleton", "start", *before)
    state, log = s.state, list(s.log)
    result = s.execute(line + " --json")
    got = json.loads(result.view.text)["targets"][0]
    hit, pierce, crits, wounds = brute(**sheet)
    assert chance(got["hit"]) == hit and chance(got["pierce"]) == pierce
    as_fractions = {int(k): Fraction(v) for k, v in wounds.items()}
    assert values(got["criticals"]) == {int(k): Fraction(v) for k, v in crits.items()}
    assert values(got["wounds"]) == as_fractions
    assert mean(got["wounds"]) == sum(p * w for w, p in as_fractions.items())
    assert s.state is state and s.log == log and result.line is None     # not logged
    table = flat(s.execute(line).view)
    assert table.hit == hit and table.wounds == as_fractions


def test_odds_refuse_what_a_strike_would_refuse():
    s = fight("add freya --as freya --at B2", "add gob --as goblin --at H8")
    with pytest.raises(GmError, match=r"beyond Freya's threat range 1.*\(D16\)"):
        s.execute("odds freya gob")
    with pytest.raises(GmError, match=r"Freya is not holding the dagger \(D22\)"):
        s.execute("odds freya gob --with dagger")

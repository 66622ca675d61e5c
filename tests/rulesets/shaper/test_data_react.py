"""Shaper written as data beside the Python ruleset: a target answers an attack with a
Targeted skill before its evasion roll (Shield Block +2 with its shield raised, Parry +1
Evasion a Finesse point against a melee attack) and with an On Hit skill as the hit
lands (Hardy: +1d6 Defense), `--react ID=SKILL`, each paid with the target's SP and
used once a round a level (S20, S23, S24). The format's `ask`, asked only when some
answer is offered (its `when`), as the Python ruleset asks; the SP a `resource` change
on the target."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, attack, both, numbers, play_alike

__all__ = ["both"]


def bo(skills: str, level: int = 1, finesse: int = 0) -> str:
    return (f"add bo --level {level} --finesse {finesse} --vigor 1 --armor armor-t1 --shield "
            f"--weapon longsword --holding longsword --holding shield {skills} --at B1")


def setup(adding: str) -> tuple[str, ...]:
    return ("add zed --weapon longsword --weapon longbow --holding longsword --at B1 "
            "--side party", adding,
            "init bo zed", "start", "raise bo", "end", "engage zed bo")


HIT = "attack zed bo --roll 4,4,4 --evade 3,3,3 --damage 3"


@pytest.mark.parametrize("adding, lines", [
    (bo("--skill shield-block"), (                     # 12 vs 9 + 1 raised + 2: a hit
        f"{HIT} --react bo=shield-block --defense 2",
        "set zed major=3", f"{HIT} --react bo=shield-block --defense 2")),   # no SP left
    (bo("--skill parry", level=2, finesse=1), (         # 12 vs 9 + 1 + 1 + 1 Parry
        f"{HIT} --react bo=parry", f"{HIT} --defense 2")),
    (bo("--skill hardy"), (f"{HIT} --react bo=hardy --defense 2,4",)),
    (bo("--skill shield-block --skill hardy", level=4), (    # SP 2: both answers
        f"{HIT} --react bo=shield-block --react bo=hardy --defense 2,4",)),
    (bo("--skill shield-block --skill hardy", level=4), (    # declined, then a hit
        f"{HIT} --react bo=none --react bo=hardy --defense 2,4",)),
    (bo("--skill hardy"), (f"{HIT} --react bo=parry --defense 2",     # not offered
                           f"{HIT} --defense 2")),
])
def test_a_target_answers_an_attack_alike(both, adding, lines):
    sessions = both(*setup(adding))
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
    for line in lines:
        outcome = {}
        for rs, s in sessions.items():
            try:
                outcome[rs] = attack(s, s.execute(line)) if line.startswith("attack") \
                    else True
            except GmError as exc:
                outcome[rs] = type(exc)
        assert outcome[DATA] == outcome[PYTHON], line
        assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), line


@pytest.mark.parametrize("skills, line", [
    ("--skill longshot --skill aimed-shot", "--skill longshot:sp --skill aimed-shot"),
    ("--skill longshot --skill aimed-shot", "--skill longshot:sp --skill aimed-shot:sp"),
    ("--skill longshot --skill aimed-shot", "--skill longshot --skill aimed-shot --sp"),
    ("--skill longshot", "--skill longshot:sp --sp"),
    ("--skill longshot", "--skill longshot:xp"),                   # no such mark: refused
])
def test_a_skill_marked_sp_is_paid_with_sp_alike(both, skills, line):
    """S23: `--skill NAME:sp` pays that skill with SP, the rest with Major actions (the
    format's `marks: [sp]`: `flag.skill` the names, `flag.skill_sp` those marked)."""
    sessions = both(f"add zed --level 4 --finesse 1 --weapon longbow --holding longbow "
                    f"{skills} --at A5 --side party", "add raider --as raider --at B1",
                    "init zed raider", "start")
    attack_line = f"attack zed raider {line} --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 1"
    outcome = {}
    for rs, s in sessions.items():
        try:
            outcome[rs] = attack(s, s.execute(attack_line))
        except GmError as exc:
            outcome[rs] = type(exc)
    assert outcome[DATA] == outcome[PYTHON]
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])


@pytest.mark.parametrize("lines", [
    (("skill zed step-up raider --sp", False),            # nobody left it: no trigger
     ("disengage raider", True),
     ("skill zed step-up raider --sp", True)),            # it left Zed this round
    (("disengage raider", True), ("end", True),
     ("skill zed step-up raider", False)),                # the next round: too late
    (("skill raider retreat raider", True), ("skill zed step-up raider --sp", True)),
])
def test_step_up_answers_a_foe_that_disengaged_from_it_this_round_alike(both, lines):
    """S23: Step Up's trigger, a foe disengaging (or retreating) from its user this round;
    the fixture's disengage and retreat leave an effect on the leaver, `left-GROUP`, until
    the round ends."""
    sessions = both("add zed --vigor 1 --skill step-up --weapon longsword --holding longsword "
                    "--at B1 --side party", "add raider --as reaver --at B1",
                    "init zed raider", "start", "engage zed raider", "end")
    play_alike(sessions, lines)

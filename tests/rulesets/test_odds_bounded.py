"""Every ruleset's `odds` is bounded for every number its verbs accept: it answers (the
chances add up to 1) or refuses with one line, and the work either does stays within
the exact-odds limits. Work is counted (outcomes the runner weighs, weights the dice
sums write), never timed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.dice.limits import MAX_DICE, MAX_WEIGHED
from shaper_gm.engine import steps as engine_steps
from shaper_gm.errors import GmError
from tests.rulesets.work import Work

# Numbers a GM can type: small ones, the ones past every limit, and the largest accepted.
NUMBER = st.sampled_from([0, 1, 2, 3, 7, 20, 60, 150, 999, 5000, 999_999])
FLAG = st.sampled_from([0, 1, 3, 40, 150, 999, 999_999, 999_999_999])


def shaper(n):
    return ([f"add a --as josh --at B4 --holding longbow --hp {max(1, n[0])}",
             f"add b --as raider --at B4 --hp {max(1, n[1])} --armor armor-t3",
             f"effect a sharp --attack {n[2]} --damage {n[3]}"],
            f"odds a b --skill piercing-strike --bonus {n[4]} --damage-bonus {n[5]} --adv "
            "--edge")


def dungeoneers(n):
    return ([f"add a --as suori --at A1 --stat finesse={n[0]} --stat critical_threshold="
             f"{max(1, n[1])}",
             f"add b --as skeleton --at A1 --stat armor={n[2]} --stat wound_limit="
             f"{max(1, n[3])}", f"effect b braced --defense_boon {n[4] % 1000}"],
            f"odds a b --boon {n[5]} --power --damage-bonus {n[6]}")


def timeslice(n):
    return ([f"add a --as kara --at B2 --stat q={n[0]} --stat v={n[1]} --stat u={n[2]}",
             f"add b --as guard --at B2 --stat dr={n[3]} --hp {max(1, n[4])} "
             f"--stat q={n[5]}"],
            f"odds a b --damage-bonus {n[6]} --called head")


def dicepool(n):
    return ([f"add a --stat str={max(1, n[0])} --prof halberd={n[1]} --weapon halberd "
             "--holding halberd --ability heavy-blow",
             f"add b --stat ac={n[2]} --hp {max(1, n[3])}", f"set a pool={n[4]}"],
            f"odds a b --ability heavy-blow --damage-bonus {n[5]}"
            + (f" --dice {n[6]}" if n[6] else ""))


def reactions(n):
    declared = " ".join(["--react b=dodge", "--react b=block"][i % 2] for i in range(n[0] % 60))
    return ([f"add a --as duellist --at B2 --stat critical_bonus={n[1]}",
             f"add b --as knight --at B2 --stat reactions={n[2]} --hp {max(1, n[3])}"],
            f"odds a b --power {n[4]} --damage-bonus {n[5]} {declared}")


SCENARIOS = {"shaper": shaper, "dungeoneers": dungeoneers, "timeslice": timeslice,
             "dicepool": dicepool, "reactions": reactions}


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_odds_answer_or_refuse_within_the_limits(ruleset, monkeypatch):
    work = Work(monkeypatch)

    @settings(max_examples=12, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.lists(NUMBER, min_size=7, max_size=7), FLAG)
    def check(numbers, flag):
        numbers[-1] = flag
        setup, line = SCENARIOS[ruleset](numbers)
        session = new_session(seed=1)
        session.execute(f"new --ruleset {ruleset} --seed 1")
        for command in setup:
            try:
                session.execute(command)
            except GmError:
                return                         # not a number the verbs accept
        work.reset()
        try:
            result = session.execute(line)
        except GmError as refused:
            assert "\n" not in str(refused)
        else:
            assert result.line is None and result.view is not None
        assert work.branches <= engine_steps.MAX_BRANCHES
        assert work.largest <= MAX_DICE * 1000 + 1
        assert work.weights <= 4 * MAX_WEIGHED

    check()


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_help_odds_states_the_limits(ruleset):
    session = new_session(seed=1)
    session.execute(f"new --ruleset {ruleset}")
    verb = session.registry.verbs["odds"]
    limits = " ".join(verb.notes)
    assert f"{MAX_DICE:,} dice" in limits and f"{MAX_WEIGHED:,}" in limits
    assert f"{engine_steps.MAX_BRANCHES:,}" in limits

import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.shaper import new_pool, pay
from shaper_gm.rulesets.shaper.content.models import ActionPool


def spend(numbers, pool, *kinds):
    paid = []
    for kind in kinds:
        pool, with_ = pay(numbers, pool, kind, who="Josh")
        paid.append(with_)
    return pool, paid


def test_pool_from_numbers_and_own_pool(numbers):
    assert new_pool(numbers) == {"major": 3, "minor": 1, "free": 1}
    minion = ActionPool((("major", 1), ("minor", 1)))
    assert new_pool(numbers, minion) == {"major": 1, "minor": 1}


def test_minor_still_works_after_three_majors(numbers):
    pool, paid = spend(numbers, new_pool(numbers), "major", "major", "major", "minor")
    assert paid == ["major", "major", "major", "minor"]
    assert pool == {"major": 0, "minor": 0, "free": 1}


def test_free_paid_by_minor_then_major(numbers):
    pool, paid = spend(numbers, new_pool(numbers), "free", "free", "free")
    assert paid == ["free", "minor", "major"]
    assert pool == {"major": 2, "minor": 0, "free": 0}
    pool, paid = spend(numbers, new_pool(numbers), "minor", "minor")
    assert paid == ["minor", "major"]


def test_fourth_major_refused_naming_s18(numbers):
    pool, _ = spend(numbers, new_pool(numbers), "major", "major", "major")
    with pytest.raises(RuleViolation) as err:
        pay(numbers, pool, "major", who="Josh")
    assert err.value.message == "no Major action left (S18): Josh has spent 3 of 3 Major"
    assert "end" in err.value.hint


def test_minor_refused_when_no_minor_and_no_major(numbers):
    pool = {"major": 0, "minor": 0, "free": 1}
    with pytest.raises(RuleViolation, match=r"no Minor action left.*\(S18\)"):
        pay(numbers, pool, "minor")
    with pytest.raises(RuleViolation, match="no such action kind"):
        pay(numbers, pool, "bonus")

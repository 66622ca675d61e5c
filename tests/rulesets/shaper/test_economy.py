"""S18 action economy: Major, Minor and Free as engine resources, a lesser kind paid by
a greater one, paid by the engine's payer rules and refused in Shaper's words."""

import pytest

from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor
from shaper_gm.rulesets.shaper.content.models import ActionPool


def pay(shaper, pool, kind, who="Josh"):
    """One `kind` action paid from `pool`: the new pool, and the kind that paid."""
    actor = Actor("josh", who, "party", shaper.create_actor(id="josh", name=who))
    values, payment = resources.pay(
        shaper.resources, pool, {kind: 1}, action=kind, who=who, on_turn=True,
        refuse=lambda spec, left, cost: shaper.refuse_payment(actor, spec, left))
    return values, payment.paid[0][0]


def spend(shaper, pool, *kinds):
    paid = []
    for kind in kinds:
        pool, with_ = pay(shaper, pool, kind, who="Josh")
        paid.append(with_)
    return pool, paid


def test_pool_from_numbers_and_own_pool(shaper):
    assert shaper.new_pool() == {"major": 3, "minor": 1, "free": 1}
    minion = ActionPool((("major", 1), ("minor", 1)))
    own = shaper.create_actor(id="minion", name="Minion", pool=minion, strict=False)
    assert shaper.new_pool(own) == {"major": 1, "minor": 1}


def test_minor_still_works_after_three_majors(shaper):
    pool, paid = spend(shaper, shaper.new_pool(), "major", "major", "major", "minor")
    assert paid == ["major", "major", "major", "minor"]
    assert pool == {"major": 0, "minor": 0, "free": 1}


def test_free_paid_by_minor_then_major(shaper):
    pool, paid = spend(shaper, shaper.new_pool(), "free", "free", "free")
    assert paid == ["free", "minor", "major"]
    assert pool == {"major": 2, "minor": 0, "free": 0}
    pool, paid = spend(shaper, shaper.new_pool(), "minor", "minor")
    assert paid == ["minor", "major"]


def test_fourth_major_refused_naming_s18(shaper):
    pool, _ = spend(shaper, shaper.new_pool(), "major", "major", "major")
    with pytest.raises(RuleViolation) as err:
        pay(shaper, pool, "major", who="Josh")
    assert err.value.message == "no Major action left (S18): Josh has spent 3 of 3 Major"
    assert "end" in err.value.hint


def test_minor_refused_when_no_minor_and_no_major(shaper):
    pool = {"major": 0, "minor": 0, "free": 1}
    with pytest.raises(RuleViolation, match=r"no Minor action left.*\(S18\)"):
        pay(shaper, pool, "minor")
    with pytest.raises(RuleViolation, match="which this ruleset does not track"):
        pay(shaper, pool, "bonus")

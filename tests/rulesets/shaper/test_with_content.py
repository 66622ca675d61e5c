"""The rules core against the real content library (skipped until the loader exists)."""

import pytest

from shaper_gm.rulesets.shaper.creation import stats_from_sheet
from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset
from tests.rulesets.shaper.content.shipped import Shipped

loader = pytest.importorskip("shaper_gm.rulesets.shaper.content.loader")


@pytest.fixture(scope="module")
def real():
    lib = loader.load_library()
    return ShaperRuleset(lib.rulesets["shaper"], lib), lib


def test_every_character_and_creature_is_valid():
    """Each template of the shipped content is added (`add x --as ID`) with its HP,
    whichever version plays `shaper` (content/shipped.py)."""
    shipped = Shipped()
    for template in (*shipped.characters, *shipped.creatures):
        assert shipped.added(template).max_hp > 0, template


def test_source_characters(real):
    shaper, lib = real
    josh = stats_from_sheet(shaper.numbers, lib, lib.characters["josh"])
    taylor = stats_from_sheet(shaper.numbers, lib, lib.characters["taylor"])
    assert josh.attack_bonus_for("ranged") == 1 and josh.evasion_bonus == 1
    assert taylor.max_hp == 13                       # "I have 13 HP" (1 Vigor)
    assert taylor.spell_cost_reduction == 1
    assert shaper.new_pool(josh) == {"major": 3, "minor": 1, "free": 1}
    assert shaper.distance("A1", "E5") == 7 and shaper.band_name(4) == "Long+1"

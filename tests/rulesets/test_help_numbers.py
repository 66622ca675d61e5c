"""A verb's help states the content's numbers, not the shipped ones: a GM who changes
a cost or a distance in `content/<ruleset>/` reads the changed number in `help`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shaper_gm.engine import registry


def summary(ruleset_id: str, verb: str, **numbers) -> str:
    """The summary `help VERB` shows for the ruleset over its content with `numbers`."""
    module = registry.module_of(ruleset_id)
    shipped = module.build()
    rs = module.build(replace(shipped.library,
                              numbers=replace(shipped.numbers, **numbers)))
    entry = next(e for e in registry.verbs_of(ruleset_id).verbs.declared if e.name == verb)
    return entry.metadata(rs)["summary"]


TIMESLICE_COSTS = (("attack", 4), ("move", 5), ("tend", 6), ("draw", 7), ("pick_up", 8))

CASES = [
    ("timeslice", "attack", {"costs": TIMESLICE_COSTS}, "attack (4 TS)"),
    ("timeslice", "move", {"costs": TIMESLICE_COSTS, "move_units": 3, "diagonal_step": 2},
     "5 TS per move of up to 3 units (diagonals count 2)"),
    ("timeslice", "tend", {"costs": TIMESLICE_COSTS}, "(6 TS;"),
    ("timeslice", "draw", {"costs": TIMESLICE_COSTS}, "(7 TS), or pick a dropped one up (8 TS)"),
    ("dungeoneers", "power-strike", {"power_strike_wounds": 2, "power_strike_boon": 3},
     "2 extra wounds, 3 boons on the striking roll"),
    ("dungeoneers", "sprint", {"sprint_multiplier": 3, "sprint_stress": 2},
     "3 times a travel speed in tiles, and 2 stress"),
    ("dungeoneers", "push", {"push_tiles": 2}, "force a creature you threaten 2 tiles"),
    ("dungeoneers", "grab-ledge", {"ledge_die": 6, "ledge_base": 7, "ledge_score": "body"},
     "check 1d6 + body vs 7 + tiles"),
    ("dungeoneers", "deep-breath", {"deep_breath_relief": 3}, "relieve 3 stress"),
    ("dungeoneers", "focus", {"focus_regain": 4}, "regain 4 arca"),
]


@pytest.mark.parametrize(("ruleset_id", "verb", "numbers", "said"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_help_states_the_contents_numbers(ruleset_id, verb, numbers, said):
    assert said in summary(ruleset_id, verb, **numbers)


@pytest.mark.parametrize(("ruleset_id", "verb"), [(c[0], c[1]) for c in CASES],
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_help_with_the_shipped_content_reads_as_before(ruleset_id, verb):
    assert summary(ruleset_id, verb) == SHIPPED[(ruleset_id, verb)]


SHIPPED = {
    ("timeslice", "attack"): "attack (3 TS): a [V] roll against the defender's roll; only "
                             "higher hits",
    ("timeslice", "move"): "move to a unit: 2 TS per move of up to 2 units (diagonals count "
                           "1), or of its speed in a movement mode",
    ("timeslice", "tend"): "tend a dying character with a medical kit (3 TS; free once the "
                           "fight is over): it stops dying",
    ("timeslice", "draw"): "draw a carried weapon (1 TS), or pick a dropped one up (2 TS)",
    ("dungeoneers", "power-strike"): "4 AP: hit test, pierce check against armor value, "
                                     "wounds: 1 extra wound, 1 boon on the striking roll",
    ("dungeoneers", "sprint"): "1 AP: twice a travel speed in tiles, and 1 stress",
    ("dungeoneers", "push"): "2 AP: force a creature you threaten one tile; past a ledge it "
                             "may grab it",
    ("dungeoneers", "grab-ledge"): "1 AP: a reaction when forced past a ledge: check 1d4 + "
                                   "dexterity vs 5 + tiles",
    ("dungeoneers", "deep-breath"): "2 AP: above stress capacity, relieve 2 stress",
    ("dungeoneers", "focus"): "2 AP: regain 2 arca, up to twice your wisdom",
}

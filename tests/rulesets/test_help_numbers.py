"""A verb's help states the content's numbers, not the shipped ones: a GM who changes
a cost or a distance in `content/<ruleset>/` reads the changed number in `help`."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from shaper_gm.app import new_session
from shaper_gm.content.folders import content_root
from shaper_gm.content.yamlio import dump_yaml, load_yaml_text
from shaper_gm.engine import registry

# Where a ruleset written as data keeps a number of the Python ruleset's in ruleset.yaml
# (default: under numbers:, by the same name); a cost by the action it prices.
DATA_KEYS = {"timeslice": {"attack": "numbers.attack_cost", "move": "numbers.move_cost",
                           "tend": "numbers.tend_cost", "draw": "numbers.draw_cost",
                           "pick_up": "numbers.pick_up_cost", "diagonal_step": "diagonal_size"}}


def summary(tmp_path, monkeypatch, ruleset_id: str, verb: str, **numbers) -> str:
    """The summary `help VERB` shows for the ruleset over its content with `numbers`:
    the Python ruleset built on its library so changed, or a GM's own copy of a data
    version's content whose ruleset.yaml says them."""
    if not (content_root() / ruleset_id / "actions.yaml").is_file():
        module = registry.module_of(ruleset_id)
        shipped = module.build()
        rs = module.build(replace(shipped.library,
                                  numbers=replace(shipped.numbers, **numbers)))
        entry = next(e for e in registry.verbs_of(ruleset_id).verbs.declared
                     if e.name == verb)
        return entry.metadata(rs)["summary"]
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    path = root / ruleset_id / "ruleset.yaml"
    data = dict(load_yaml_text(path.read_text(encoding="utf-8"), origin=str(path)))
    for name, value in numbers.items():
        for key, number in (value if name == "costs" else ((name, value),)):
            *parents, last = DATA_KEYS.get(ruleset_id, {}).get(key, f"numbers.{key}").split(".")
            holder = data
            for step in parents:
                holder = holder[step]
            assert last in holder, f"{ruleset_id}'s ruleset.yaml says no {key}"
            holder[last] = number
    path.write_text(dump_yaml(data), encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(root))
    return new_session(ruleset=ruleset_id, seed=1).execute(f"help {verb}").view.verbs[0].summary


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
def test_help_states_the_contents_numbers(tmp_path, monkeypatch, ruleset_id, verb, numbers,
                                         said):
    assert said in summary(tmp_path, monkeypatch, ruleset_id, verb, **numbers)


@pytest.mark.parametrize(("ruleset_id", "verb"), [(c[0], c[1]) for c in CASES],
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_help_with_the_shipped_content_reads_as_before(tmp_path, monkeypatch, ruleset_id,
                                                       verb):
    assert summary(tmp_path, monkeypatch, ruleset_id, verb) == SHIPPED[(ruleset_id, verb)]


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

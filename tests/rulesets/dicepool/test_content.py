"""content/dicepool/: the shipped files load, and every problem is reported at once."""

from __future__ import annotations

import pytest

from tests.rulesets.dicepool.conftest import Fight

RULES = "content/dicepool/ruleset.yaml"


def build():
    """The shipped dice pool as a session serves it (the Python `build()`)."""
    return Fight().rs


def _not_ported(name: str):
    def call(*args, **kwargs):
        pytest.fail(f"{name} is the Python ruleset's content schema: the data version's "
                    "files are checked by the data format (tests/rulesets/declared/"
                    "test_broken_files.py); these messages are not ported")
    return call


ContentError = Exception
build_library, Numbers = _not_ported("build_library"), _not_ported("Numbers")


def test_build_without_a_library_loads_the_shipped_content():
    rs = build()
    assert rs.library.numbers["name"] == "Dice pool"


def test_the_shipped_numbers_are_the_rulings():
    # the Python Numbers record's fields, each read where the data version says it
    rs = build()
    numbers, pool = rs.library.numbers, rs.resource_spec("pool")
    assert (numbers["pool_die"], numbers["success_on"], pool.max) == (6, 4, None)  # P1, P4
    assert (pool.refill_by, pool.off_turn) == ("refill_dice", True)                # P4
    assert "con" in str(rs.derived["refill_dice"])
    assert rs.resource_spec("actions").max == 2                                    # P6
    assert rs.library.initiative["roll"].text == "2d6 + dex"                       # P5
    assert numbers["dt_floor"] == 0                                                # P7
    speed = rs.library.default_sheet["speed"]
    assert (speed, numbers["cell_size"], numbers["diagonal_size"]) == (10, 1, 2)   # P10
    bonus = dict(rs.library.action("prepare").given)["bonus"].text
    assert (bonus, numbers["prepare_divisor"]) == (
        "actor.dex / rules.prepare_divisor", 2)                                    # P11
    costs = {name: dict(rs.library.action(name).cost)["actions"]
             for name in ("move", "prepare", "wield")}
    # an attack's cost is a fact (an ability may make it 2, P12): a plain attack's is 1;
    # act pays in actions, a number of them (`act action ...` is 1)
    fight = Fight().add("freya", "freya", "A1").add("barry", "barry", "B2").start()
    costs["attack"] = fight.attack("freya", "barry", roll=[1] * 5).cost
    costs["act"] = 1 if rs.act_resource == "actions" else None
    assert costs == {"attack": 1, "move": 1, "prepare": 1, "wield": 1, "act": 1}


def test_provisional_values_are_marked():
    library = build().library
    assert all(t["provisional"] for t in build().templates().values())
    for kind in ("weapons", "abilities"):
        assert all(item["provisional"] for item in library.items[kind].values()), kind


def test_barry_the_guard_holds_a_halberd():
    barry = build().templates()["barry"]
    assert barry.name == "Barry the Guard" and barry.holding == "halberd"
    assert "barry" in dict(build().library.items)["creatures"]      # a creature


def minimal(**changes) -> list:
    files = {
        "ruleset": {"stats": ["str", "dex", "con"]},
        "weapons": {"club": {"name": "Club", "stat": "str", "damage_die": 6}},
        "abilities": {},
        "characters": {"ann": {"name": "Ann", "weapons": ["club"], "holding": "club"}},
    }
    files.update(changes)
    return [(f"content/dicepool/{name}.yaml", data) for name, data in files.items()]


def test_a_minimal_library_takes_the_default_numbers():
    library = build_library(minimal())
    assert library.numbers.costs == Numbers().costs
    assert library.templates["ann"].holding == "club"


def test_every_problem_is_reported_with_file_item_and_key():
    files = minimal(
        ruleset={"stats": ["str", "dex", "con"], "success_on": 7, "refill_stat": "luck",
                 "costs": {"attack": 1}, "pool_max": 0, "provisional": ["nonsense"],
                 "speeed": 10},
        weapons={"club": {"name": "Club", "stat": "wis", "damage_die": 1},
                 "Bad Id": {"name": "x", "stat": "str", "damage_die": 6}},
        abilities={"dash": {"name": "Dash", "kind": "reaction", "cost": 1},
                   "calm": {"name": "Calm", "kind": "passive", "test": True,
                            "mods": {"luck": 1}},
                   "jab": {"name": "Jab", "damage_dice": 1}},
        characters={"ann": {"name": "Ann", "weapons": ["club", "axe"], "holding": "spear",
                            "stats": {"str": -1}, "abilities": ["fly"]},
                    "bo": {"stats": {"ac": 3}}},
        creatures={"ann": {"name": "Other Ann"}},
        extra={"x": 1},
    )
    with pytest.raises(ContentError) as caught:
        build_library(files)
    errors = caught.value.errors
    expected = [
        f"{RULES}: key 'pool_max': expected a whole number at least 1, got 0",
        f"{RULES}: key 'speeed': unknown key (did you mean 'speed'?)",
        f"{RULES}: key 'costs.move': missing (required)",
        f"{RULES}: key 'provisional': 'nonsense' is not a key of this file",
        f"{RULES}: key 'success_on': 7 is above the pool die's top face (6)",
        f"{RULES}: key 'refill_stat': 'luck' is not one of the stats",
        "content/dicepool/weapons.yaml: item 'club': key 'damage_die': expected a whole "
        "number from 2 to 1000, got 1",
        "content/dicepool/weapons.yaml: item 'Bad Id': key 'id': item id must be lowercase letters",
        "content/dicepool/abilities.yaml: item 'dash': key 'cost': a reaction ability takes "
        "no actions (P12)",
        "content/dicepool/abilities.yaml: item 'calm': key 'test': a passive ability",
        "content/dicepool/abilities.yaml: item 'jab': key 'damage_dice': only an ability that "
        "augments an attack",
        "content/dicepool/characters.yaml: item 'ann': key 'stats.str': expected a whole number",
        "content/dicepool/characters.yaml: item 'bo': key 'stats.ac': 'ac' is a sheet number of "
        "its own",
        "content/dicepool/characters.yaml: item 'bo': key 'name': missing (required)",
        "content/dicepool/extra.yaml: unknown file",
    ]
    for line in expected:
        assert any(e.startswith(line) for e in errors), (line, errors)


def test_references_between_files_are_checked():
    files = minimal(
        ruleset={"stats": ["str", "dex", "con"], "unarmed": "fists"},
        weapons={"club": {"name": "Club", "stat": "wis", "damage_die": 6}},
        characters={"ann": {"name": "Ann", "weapons": ["club", "axe"], "holding": "spear",
                            "proficiencies": {"bow": 1}, "abilities": ["fly"]}},
        creatures={"ann": {"name": "Other Ann"}},
        abilities={"calm": {"name": "Calm", "kind": "passive", "mods": {"luck": 1}}},
    )
    with pytest.raises(ContentError) as caught:
        build_library(files)
    text = "\n".join(caught.value.errors)
    for part in ["weapons.yaml: item 'club': key 'stat': 'wis' is not one of the stats",
                 "characters.yaml: item 'ann': key 'weapons[1]': no weapon 'axe'",
                 "characters.yaml: item 'ann': key 'holding': 'spear' is not among its weapons",
                 "characters.yaml: item 'ann': key 'proficiencies.bow': no weapon 'bow'",
                 "characters.yaml: item 'ann': key 'abilities[0]': no ability 'fly'",
                 "creatures.yaml: item 'ann': key 'id': duplicate id: already defined in "
                 "content/dicepool/characters.yaml",
                 "abilities.yaml: item 'calm': key 'mods.luck': not a sheet number",
                 "ruleset.yaml: key 'unarmed': no weapon 'fists' (known: club)"]:
        assert part in text, (part, text)


def test_a_missing_ruleset_file_is_reported():
    files = [f for f in minimal() if "ruleset" not in f[0]]
    with pytest.raises(ContentError, match="ruleset.yaml is missing"):
        build_library(files)

"""content/dicepool/: the shipped files load, and every problem is reported at once."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shaper_gm.rulesets.data.library import RulesetFileError, load
from tests.rulesets.dicepool.conftest import Fight

RULES = "content/dicepool/ruleset.yaml"
SHIPPED = Path(__file__).resolve().parents[3] / "content" / "dicepool"


def build():
    """The shipped dice pool as a session serves it (the Python `build()`)."""
    return Fight().rs


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


def copied(tmp_path: Path, **appended: str) -> Path:
    """A copy of the shipped files at tmp_path/content/dicepool, each file named given
    the text appended to it (a new item, a key)."""
    folder = tmp_path / "content" / "dicepool"
    shutil.copytree(SHIPPED, folder)
    for name, text in appended.items():
        with open(folder / f"{name}.yaml", "a") as file:
            file.write(text)
    return folder


def refused(folder: Path) -> list[str]:
    """Every mistake load reports, each without its line number (the Python schema
    named none)."""
    with pytest.raises(RulesetFileError) as caught:
        load(folder)
    return [re.sub(r": line \d+:", ":", error) for error in caught.value.errors]


ANN = """
ann:
  name: Ann
  side: party
  stats: {str: 1, dex: 1, con: 1}
  ac: 1
  hp: 5
  weapons: [club, axe]
  holding: spear
  proficiencies: {bow: 1}
  abilities: [fly]
"""
CLUB = "\nclub: {name: Club, stat: str, damage_die: 6}\n"


def test_every_problem_is_reported_with_file_item_and_key(tmp_path):
    errors = refused(copied(tmp_path, weapons=CLUB + '"Bad Id": {name: x, stat: str, '
                                              "damage_die: 6}\n"))
    expected = [
        "content/dicepool/weapons.yaml: item 'Bad Id': key 'id': item id must be lowercase "
        "letters",
    ]
    for line in expected:
        assert any(e.startswith(line) for e in errors), (line, errors)


def test_references_between_files_are_checked(tmp_path):
    folder = copied(tmp_path, weapons=CLUB, characters=ANN,
                    creatures=ANN.replace("name: Ann", "name: Other Ann"))
    text = "\n".join(refused(folder))
    for part in ["characters.yaml: item 'ann': key 'weapons[1]': no weapon 'axe'",
                 "characters.yaml: item 'ann': key 'proficiencies.bow': no weapon 'bow'",
                 "characters.yaml: item 'ann': key 'abilities[0]': no ability 'fly'",
                 "creatures.yaml: item 'ann': key 'id': duplicate id: already defined in "
                 "content/dicepool/characters.yaml"]:
        assert part in text, (part, text)


def test_a_missing_ruleset_file_is_reported(tmp_path):
    folder = copied(tmp_path)
    (folder / "ruleset.yaml").unlink()
    with pytest.raises(RulesetFileError, match="ruleset.yaml is missing"):
        load(folder)

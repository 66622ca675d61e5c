"""Hand edits of a save of the Dungeoneers version written as data
(content/dungeoneers) that the Python ruleset's own save refuses
are refused at open too, each in one line naming its key: an effect given by no actor
of the encounter (D24's grappler), a proficiency rank that is none (D12), an encounter
number past 999,999 or undeclared (D28's ambient arca), and what lies on the map that
the content lacks or that is off the grid (D16)."""

from __future__ import annotations

import pytest
import yaml

from shaper_gm.app import new_session
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.saves import read_save
from tests.rulesets.dungeoneers.test_data_examples import DATA

FIGHT = ("add freya --as freya --at B2", "add alberich --as alberich --at B3",
         "add gob --as goblin --at D2", "start")
GRAPPLED = {"name": "grappled", "source": "condition", "caster": "nobody", "mods": {},
            "until": "never"}


@pytest.fixture
def save(tmp_path) -> dict:
    s = new_session(ruleset=DATA, seed=1)
    for line in FIGHT:
        s.execute(line)
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def edited(data: dict, place: tuple, value) -> dict:
    target = data
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = value
    return data


@pytest.mark.parametrize("place, value, key, words", [
    (("actors", "alberich", "effects"), [GRAPPLED], "alberich.effects[0].caster",
     "unknown actor 'nobody'"),
    (("actors", "freya", "sheet", "proficiencies", "striking"), "godlike",
     "freya.sheet.proficiencies.striking", "unknown rank 'godlike'"),
    (("system",), {"lying": [], "numbers": [["ambient_arca", 10**9]]},
     "system.ambient_arca", ""),
    (("system",), {"lying": [], "numbers": [["luck", 3]]}, "system.numbers",
     "unknown encounter number 'luck'"),
    (("system",), {"lying": [["longbow", "C2", "freya"]], "numbers": []},
     "system.lying[0][0]", "unknown item 'longbow'"),
    (("system",), {"lying": [["dagger", "Z99", "freya"]], "numbers": []},
     "system.lying[0][1]", "Z99 is off the 8x8"),
])
def test_a_hand_edit_the_python_save_refuses_is_refused_naming_its_key(
        save, tmp_path, place, value, key, words):
    path = tmp_path / "edited.yaml"
    path.write_text(yaml.safe_dump(edited(save, place, value), sort_keys=False),
                    encoding="utf-8")
    with pytest.raises(SaveFormatError) as refused:
        read_save(path)
    message = str(refused.value)
    assert key in message and words in message, message
    assert "\n" not in message.strip()


def test_the_save_unedited_opens(save, tmp_path):
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(save, sort_keys=False), encoding="utf-8")
    assert set(read_save(path).state.actors) == {"freya", "alberich", "gob"}

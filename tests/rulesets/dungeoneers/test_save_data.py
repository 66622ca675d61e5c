"""Dungeoneers sheets and system data go through the generic save codec unchanged, and
a wrong value is refused naming its key path."""

from __future__ import annotations

import re

import pytest
import yaml

from shaper_gm.app import new_session
from shaper_gm.engine.situation import lookup
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.saves import read_save
from tests.rulesets.dungeoneers.records import data_of, encounter_data


def saved_and_opened(s, tmp_path):
    """The session's fight saved and opened again: the file's data and the state read."""
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    return yaml.safe_load(path.read_text(encoding="utf-8")), read_save(path).state


def test_a_full_sheet_round_trips(tmp_path):
    """Ported from the Python record's codec onto a save written and opened: the full
    sheet `add` made comes back the same, its weapons and its template's side saved."""
    s = new_session(ruleset="dungeoneers", seed=1)
    s.execute(OGRE)
    sheet = s.state.actors["ogre"].sheet
    assert all(lookup(sheet, key) for key in ("immune", "vulnerable", "speeds",
                                              "provisional"))
    data, state = saved_and_opened(s, tmp_path)
    saved = data["actors"]["ogre"]["sheet"]
    assert saved["weapons"] == ["maul", "dagger"]
    assert saved.get("group", saved.get("side")) == "party"     # alberich's, the template's
    assert state.actors["ogre"] == s.state.actors["ogre"]


FIGHT = ("add al --as alberich --at C3 --holding maul", "add gob --as goblin --at C4",
         "add freya --as freya --at D3", "add skel --as skeleton --at F5",
         "add bat --as giant-bat --at F6", "init freya skel al gob bat", "start",
         "ambient 3", "grapple freya gob --roll 6 --dodge 1", "ready al strike",
         "push skel bat F7 --ledge --react bat=grab-ledge --roll 4 --dodge 1 --grab 4")


def test_actor_and_encounter_system_data_round_trip(tmp_path):
    """Ported from the Python records' codec (ActorData, EncounterData) onto a save
    written and opened: what each creature holds, readies, grapples and hangs from, and
    the ambient arca, come back the same (D9, D22, D24, D28, D29)."""
    s = new_session(ruleset="dungeoneers", seed=1)
    for line in FIGHT:
        s.execute(line)
    _, state = saved_and_opened(s, tmp_path)
    for st in (s.state, state):
        al = data_of(st.actors["al"], st)
        assert (al.holding, al.readied) == (("maul",), "strike")
        assert data_of(st.actors["freya"], st).grappling == "gob"
        assert data_of(st.actors["gob"], st).grappled_by == "freya"
        assert data_of(st.actors["bat"], st).hanging
        assert encounter_data(st).ambient_arca == 3
    assert state == s.state


OGRE = ("add ogre --as alberich --name 'Big Ogre' --side enemies --at C3 --stat body=4 "
        "--stat armor=2 --stat wound_limit=14 --stat critical_threshold=4 "
        "--prof grappling=master --vulnerable H=2 --resist physical=1 --immune toxic "
        "--weapon maul --weapon dagger --holding dagger --spell firebolt "
        "--speed ground=1 --speed fly=2")
# a wrong value in the Python ruleset's layout (pairs as lists, group), and the same
# mistake in the data version's (pairs as a mapping, side): key, value, path, problem
WRONG = {
    "body": (("body", "three", ".sheet.body", "whole number"),) * 2,
    "proficiencies": (("proficiencies", [["grappling", 3]], ".sheet.proficiencies[0][1]",
                       "text"),
                      ("proficiencies", {"grappling": 3}, ".sheet.proficiencies.grappling",
                       "rank 3")),
    "speeds": (("speeds", {"ground": 1}, ".sheet.speeds", "list"),
               ("speeds", ["ground"], ".sheet.speeds", "mapping")),
    "group": (("group", 7, ".sheet.group", "text"), ("side", 7, ".sheet.side", "text")),
    "luck": (("luck", 2, ".sheet.luck", "key"),) * 2,
}


@pytest.mark.parametrize("mistake", list(WRONG))
def test_a_wrong_value_is_refused_naming_the_key(tmp_path, mistake):
    """Ported from the codec's from_data onto a save edited by hand and opened: the
    refusal names the key's path in the save and what is wrong."""
    s = new_session(ruleset="dungeoneers", seed=1)
    s.execute(OGRE)
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    sheet = data["actors"]["ogre"]["sheet"]
    key, value, where, problem = WRONG[mistake][isinstance(sheet["proficiencies"], dict)]
    sheet[key] = value
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(SaveFormatError) as refused:
        read_save(path)
    message = str(refused.value)
    assert f"actors.ogre{where}:" in message and problem in message, message


def test_wrong_system_data_is_refused_naming_the_key(tmp_path):
    """Ported from the Python records' codec onto a save edited by hand and opened: a
    ledge hold that is not true or false (the Python ruleset's record; the data version's
    hanging effect, its end not a moment) and an ambient arca that is no whole number
    (D28) are refused naming the key."""
    s = new_session(ruleset="dungeoneers", seed=1)
    for line in ("add al --as alberich --at C3", "add gob --as goblin --at C4", "start",
                 "ambient 3"):
        s.execute(line)
    data, _ = saved_and_opened(s, tmp_path)
    python = isinstance(data["actors"]["al"].get("system"), dict)
    hanging = ("hanging", "yes", "actors.al.system.hanging: should be true or false") \
        if python else ("effects", [{"name": "hanging", "source": "condition", "caster": None,
                                     "mods": {}, "until": "yes"}],
                        "actors.al.effects[0].until: 'yes' is not a moment")
    arca = (("ambient_arca", 1.5, "system.ambient_arca: should be a whole number") if python
            else ("numbers", [["ambient_arca", 1.5]],
                  "system.numbers[0][1]: should be a whole number"))
    for holder, (key, value, refused) in ((lambda d: d["actors"]["al"]["system"] if python
                                           else d["actors"]["al"], hanging),
                                          (lambda d: d["system"], arca)):
        edited = yaml.safe_load(yaml.safe_dump(data))
        holder(edited)[key] = value
        path = tmp_path / "edited.yaml"
        path.write_text(yaml.safe_dump(edited, sort_keys=False), encoding="utf-8")
        with pytest.raises(SaveFormatError, match=re.escape(refused)):
            read_save(path)

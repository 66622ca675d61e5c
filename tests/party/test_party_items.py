"""Items between fights: a member who dropped, threw or lost an item in one fight joins
the next without it, and with what it picked up, in every ruleset whose items last
(party.yaml `items: true`); the join's `add` line says so, and its save replays alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.party import store
from shaper_gm.persist import replay, saves

CONTENT = Path(__file__).resolve().parents[2] / "content"

# Each ruleset's first fight: who loses an item and who picks it up, and what each
# carries after it (what the second fight must start with).
FIGHTS = {
    "shaper": (("add monica --as monica --at C5", "add taylor --as taylor --at C5",
                "add raider --as raider --at B1", "init monica taylor raider", "start",
                "drop shield", "end", "pickup shield"),                       # S19
               {"monica": ("longsword", "greatsword"), "taylor": ("wand", "shield")}),
    "dungeoneers": (("add gob --as goblin --at A1 --side party", "add suori --as suori --at D2",
                     "init gob suori", "start", "act suori 1",
                     "strike gob suori --with spear --roll 6 --dodge 1 --pierce 6",  # D16
                     "interact suori --pickup spear"),                                # D22
                    {"gob": ("shortbow",), "suori": ("warhammer", "dagger", "spear")}),
    "timeslice": (("add kara --as kara --at B2", "add guard --as guard --at C2 --side party",
                   "init --roll kara=9,9 --roll guard=5,5", "start",
                   "attack guard --called weapon --roll 9,9 --defend 0,0"),     # T11
                  {"guard": (), "kara": ("sword", "knife")}),
}
# The data format's items (`add_items` keys): a GM's copy of Dungeoneers (written as
# data) whose party.yaml keeps items, its thrown spear leaving the goblin's lists by the
# action's `sheet` changes.
FIGHTS["dungeoneers-data"] = (FIGHTS["dungeoneers"][0], FIGHTS["dungeoneers"][1])


@pytest.fixture()
def saves_here(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir()
    folder = tmp_path / "rulesets" / "dungeoneers-data"
    shutil.copytree(CONTENT / "dungeoneers", folder)
    (folder / "party.yaml").write_text("items: true\n", encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
    return tmp_path


def carried(session) -> dict[str, tuple[str, ...]]:
    rs = session.ruleset_for(session.state)
    return {a: rs.carried(actor) for a, actor in session.state.actors.items()}


def first_fight(ruleset: str) -> dict[str, tuple[str, ...]]:
    lines, left = FIGHTS[ruleset]
    session = new_session(ruleset=ruleset, seed=1)
    for line in lines:
        session.execute(line)
    session.execute("party new items")
    session.execute("party add " + " ".join(left))
    session.execute("party keep")
    assert {m: carried(session)[m] for m in left} == left
    return left


@pytest.mark.parametrize("ruleset", list(FIGHTS))
def test_what_a_member_lost_or_picked_up_stays_so_in_the_next_fight(saves_here, ruleset):
    left = first_fight(ruleset)
    second = new_session(ruleset=ruleset, seed=2)
    second.execute("party join items")
    assert {m: carried(second)[m] for m in left} == left
    assert any("--lacks" in line for line in second.log)
    assert any("--carries" in line for line in second.log) == (ruleset != "timeslice")
    path = saves_here / "second.yaml"
    saves.write_save(second, path)
    assert replay.replay_save(path).ok                 # the save replays alone
    shown = second.execute("party show").view.text
    assert "without" in shown


def test_a_second_keep_compares_with_the_sheet_not_the_last_join(saves_here):
    """The member's add line is kept without --lacks/--carries: what it lacks is told
    against its sheet, fight after fight."""
    first_fight("shaper")
    second = new_session(ruleset="shaper", seed=2)
    second.execute("party join items --at monica=A1 --at taylor=A1")
    second.execute("party keep")
    kept = store.read_party("items").members
    assert (kept["monica"].add, kept["monica"].lacks) == ("add monica --as monica", ["shield"])
    assert (kept["taylor"].carries, kept["taylor"].lacks) == (["shield"], [])


def test_a_ruleset_whose_items_do_not_last_starts_from_the_sheet(saves_here, monkeypatch):
    folder = saves_here / "rulesets" / "dungeoneers-data"
    (folder / "party.yaml").write_text("items: false\n", encoding="utf-8")
    lines, _ = FIGHTS["dungeoneers-data"]
    session = new_session(ruleset="dungeoneers-data", seed=1)
    for line in lines:
        session.execute(line)
    session.execute("party new items")
    session.execute("party add gob")
    assert store.read_party("items").members["gob"].lacks == []


def test_add_lacks_and_carries_refuse_what_the_actor_cannot(saves_here):
    session = new_session(ruleset="shaper")
    for line, says in [("add x --as monica --lacks longbow",
                        "Monica carries no 'longbow' to come without; it carries: longsword"),
                       ("add x --as monica --carries frob", "Monica cannot carry 'frob'"),
                       # a second shield: no room for it (the data version's words)
                       ("add x --as monica --carries shield", "Monica cannot carry 'shield': "
                        "(not a weapon, or a second shield|no item its sheet has room for)")]:
        with pytest.raises(GmError, match=says):
            session.execute(line)
    assert list(session.state.actors) == []
    dicepool = new_session(ruleset="dicepool")      # its party keeps no items (party.yaml)
    for line in ("add x --as freya --lacks spear", "add x --as freya --lacks heavy-blow",
                 "add x --as freya --carries rally"):     # an ability is no item either
        with pytest.raises(GmError, match="^Dice pool has no items an actor loses or gains "
                                          "in a fight; drop --lacks and --carries$"):
            dicepool.execute(line)
    assert list(dicepool.state.actors) == []


def test_a_party_file_of_the_first_format_still_opens(saves_here):
    path = store.party_path("old")
    path.write_text("shaper_gm_party: 1\nname: old\nruleset: shaper\nmembers:\n"
                    "  josh: {name: Josh, add: add josh --as josh, hp: 6, resources: {},\n"
                    "         effects: [{name: cursed, mods: {attack: -1}}]}\nhistory: []\n",
                    encoding="utf-8")
    josh = store.read_party("old").members["josh"]
    assert (josh.hp, josh.effects, josh.lacks, josh.carries) == (
        6, [{"name": "cursed", "mods": {"attack": -1}}], [], [])
    session = new_session(ruleset="shaper")
    session.execute("party join old --at josh=A1")
    assert session.state.actors["josh"].hp == 6
    session.execute("party keep")                     # written again: the new format
    text = path.read_text(encoding="utf-8")
    assert text.startswith("shaper_gm_party: 2") and "lasting:" in text
    assert store.read_party("old").members["josh"].effects == josh.effects

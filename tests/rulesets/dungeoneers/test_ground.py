"""Things on the map (D16, D21, D22): a thrown weapon leaves the thrower's hand and sheet
and lies on its target's tile, shown under the map and the order table, until a
creature within `pickup_reach` picks it up with `interact --pickup`; undo, save, reopen
and replay give the same state, and a save from before reads as nothing lying about.
Moving onto a standing creature's tile is refused and `add --count` spreads; a flier
flies (engine/speeds.py, shared with time-slice)."""

from __future__ import annotations

import pytest

from shaper_gm.app import equip
from shaper_gm.commands import Session
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.replay import replay_save
from shaper_gm.shell.completion import complete
from tests.rulesets.dungeoneers.records import data_of, encounter_data
from tests.rulesets.dungeoneers.test_command_examples import fight
from tests.rulesets.dungeoneers.test_command_render import shown

# The goblin, its spear in hand, 3 tiles from Suori (beyond its threat range 1, within
# the spear's toss 3); Suori spends AP so the goblin is up.
SETUP = ("add gob --as goblin --at A1", "add suori --as suori --at D2 --side party",
         "init gob suori", "start", "act suori 1")
THROW = "strike gob suori --with spear --roll 6 --dodge 1 --pierce 6"


def thrown() -> Session:
    s = equip(Session())                               # with save and open
    for line in ("new --ruleset dungeoneers --seed 1", *SETUP, THROW):
        s.execute(line)
    return s


def test_a_thrown_weapon_leaves_the_hand_and_lies_on_the_targets_tile():
    s = fight(*SETUP)
    text = shown(s, THROW)
    gob = s.state.actors["gob"]
    assert data_of(gob).holding == () and "spear" not in gob.sheet.weapons
    assert encounter_data(s.state).lying == (("spear", "D2", "suori"),)
    assert "Goblin now holds nothing" in text and "Goblin's Spear lands on D2 (D16)" in text
    assert "On the ground: Spear (D2)" in shown(s, "map")
    assert "On the ground: Spear (D2)" in shown(s, "show")


def test_a_weapon_struck_with_in_melee_or_shot_stays_in_hand():
    s = fight("add gob --as goblin --at C2", "add suori --as suori --at D2 --side party",
              "init gob suori", "start", "act suori 1")
    s.execute("strike gob suori --with spear --roll 6 --dodge 1 --pierce 6")   # adjacent
    assert data_of(s.state.actors["gob"]).holding == ("spear",)
    assert encounter_data(s.state).lying == ()


def test_a_creature_on_or_next_to_the_tile_picks_it_up_for_one_interact():
    s = thrown()
    s.execute("act suori 3")                                    # the goblin is up again
    with pytest.raises(GmError, match=r"no spear lies within 1 tile of Goblin on A1; it "
                                      r"lies on D2 \(D22\); move to D2 or next to it first"):
        s.execute("interact gob --pickup spear")
    s.execute("place gob C1")                                  # next to D2 (a diagonal)
    assert [c.text for c in complete("interact gob --pickup ", s)] == ["spear"]
    before = s.state.actors["gob"].resource("ap")
    text = shown(s, "interact gob --pickup sp")
    gob = s.state.actors["gob"]
    assert "Goblin interacts: picks up spear (1 AP)" in text
    assert gob.resource("ap") == before - 1 and data_of(gob).holding == ("spear",)
    assert "spear" in gob.sheet.weapons and encounter_data(s.state).lying == ()
    assert "On the ground" not in shown(s, "map")
    with pytest.raises(GmError, match=r"no weapon lies on the map \(D22\)"):
        s.execute("interact gob --pickup spear")


def test_undo_save_reopen_and_replay_give_the_same_state(tmp_path):
    s = thrown()
    after = s.state
    s.execute("undo")
    assert encounter_data(s.state).lying == ()
    assert "spear" in data_of(s.state.actors["gob"]).holding
    s.execute("redo")
    assert s.state == after
    path = tmp_path / "thrown.yaml"
    s.execute(f"save {path}")
    assert "lying" in path.read_text()
    assert saves.read_save(path).state == after
    assert replay_save(path).ok
    fresh = Session()
    fresh.run_lines(s.log)
    assert fresh.state == after


def test_a_save_written_before_items_could_lie_about_opens_and_replays(tmp_path):
    s = thrown()
    s.execute("undo")
    path = tmp_path / "older.yaml"
    s.execute(f"save {path}")
    text = path.read_text()
    # nothing lies: the Python ruleset writes `lying: []`, the data version no system
    # record at all (`system: null`), as an older version wrote it already
    assert "  lying: []\n" in text or "\nsystem: null\n" in text
    path.write_text(text.replace("  lying: []\n", ""))      # as an older version wrote it
    assert saves.read_save(path).state == s.state
    assert replay_save(path).ok


def test_moving_onto_a_standing_creature_is_refused_and_add_count_spreads():
    s = fight("add suori --as suori --at B2", "add gob --as goblin --at C3 --count 3",
              "init suori", "start")
    tiles = sorted(a.zone for a in s.state.actors.values() if a.id != "suori")
    assert len(set(tiles)) == 3 and "C3" in tiles
    with pytest.raises(GmError, match=r"stands on C3: a tile holds one standing creature"):
        s.execute("move suori C3")


@pytest.mark.parametrize("wrong,problem", [
    ("- - spear\n  - D2", None), ("- - longbow\n  - D2", r"lying\[0\]\[0\]"),
    ("- - spear\n  - Z99", r"lying\[0\]\[1\]")])
def test_a_save_naming_an_unknown_weapon_or_tile_lying_about_is_refused(tmp_path, wrong,
                                                                      problem):
    s = thrown()
    path = tmp_path / "edited.yaml"
    s.execute(f"save {path}")
    text = path.read_text()
    start = text.index("  lying:\n") + len("  lying:\n")
    end = text.index("\n", text.index("- D2", start)) + 1
    listed = "".join(f"  {row}\n" for row in wrong.split("\n"))
    path.write_text(text[:start] + listed + text[end:])
    if problem is None:
        assert saves.read_save(path).state == s.state
        return
    with pytest.raises(Exception, match=problem):
        saves.read_save(path)


def test_a_dungeoneers_flier_flies_and_its_speeds_complete():
    s = fight("add suori --as suori --at B2", "add bat --as giant-bat --at E5",
              "init bat suori", "start", "act suori 1")
    assert [(c.text, c.meta) for c in complete("move bat C5 --speed ", s)] == [
        ("ground", "1 tile per move"), ("fly", "2 tiles per move")]
    assert "Giant Bat flies E5 → C5" in shown(s, "move bat C5 --speed fly")
    with pytest.raises(GmError, match=r"no travel speed 'fly'; Suori's speeds: ground \(D21\)"):
        s.execute("move suori B3 --speed fly")

"""Movement modes (T7, T17): content gives a creature `speeds` (units per move maneuver),
`move --speed MODE` moves at one of them (the first by default), a mode the actor lacks
is refused naming those it has, completion offers its own, the line says the mode
("Giant Bat flies B2 → E5") and the map marks a flier."""

from __future__ import annotations

import io

import pytest

from shaper_gm.commands import Session, new_session
from shaper_gm.errors import GmError
from shaper_gm.render.console import Renderer, make_console
from shaper_gm.shell.completion import complete

from .commands_kit import info

SETUP = ("add bat --as giant-bat --at B2", "add kara --as guard --at C2 --side party",
         "init bat --roll 9,9", "init kara --roll 0,0", "start")


def fight(*lines: str) -> Session:
    session = new_session(ruleset="timeslice", seed=1)
    for line in (*SETUP, *lines):
        session.execute(line)
    return session


def shown(session: Session, line: str) -> str:
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=100, color_system=None),
                        ruleset_for=session.ruleset_for)
    renderer.show(session.execute(line), session.state)
    return out.getvalue()


def test_the_content_gives_a_flier_its_speeds():
    s = fight()
    assert "fly 4, ground 1 units a move (T17)" in shown(s, "show bat")
    assert "ground 2 units a move (T17)" in shown(s, "show kara")    # none: move_units


def test_a_flier_flies_its_speed_per_move_and_the_line_says_so():
    s = fight()
    ts = s.state.actors["bat"].resource("ts")
    text = shown(s, "move bat E5 --speed fly")      # 3 units: 1 move at fly 4
    assert "Giant Bat flies B2 → E5 (3 units, 1 move, fly, 2 TS, T17)" in text
    assert s.state.actors["bat"].resource("ts") == ts - 2
    assert info(s, "bat").flying
    s.execute("move bat E3 --speed ground")          # 2 units: 2 moves at ground 1
    assert s.state.actors["bat"].resource("ts") == ts - 6
    assert not info(s, "bat").flying


def test_a_mode_the_actor_lacks_is_refused_naming_the_ones_it_has():
    s = fight()
    before = s.state
    with pytest.raises(GmError, match=r"^Giant Bat has no swim travel speed \(T17\); its "
                                      r"speeds: fly 4, ground 1$"):
        s.execute("move bat E5 --speed swim")
    assert s.state == before
    s.execute("pass bat")
    with pytest.raises(GmError, match=r"Guard has no fly travel speed \(T17\); its speeds: "
                                      r"ground 2"):
        s.execute("move kara C4 --speed fly")


def test_completion_offers_the_actors_own_speeds():
    s = fight()
    offered = [(c.text, c.meta) for c in complete("move bat E5 --speed ", s)]
    assert offered == [("fly", "4 units per move"), ("ground", "1 unit per move")]
    assert [c.text for c in complete("move kara C4 --speed ", s)] == ["ground"]


def test_a_flier_passes_over_whoever_stands_in_the_way_and_the_map_marks_it():
    s = fight()
    assert "flying" not in shown(s, "map")
    s.execute("move bat D2 --speed fly")             # over Kara on C2
    text = shown(s, "map")
    assert "bat ^" in text and "^ flying" in text
    assert "fly 4, ground 1 units a move (flying) (T17)" in shown(s, "show bat")
    s.execute("move bat C2 --speed fly")             # above Kara's unit
    assert s.state.actors["bat"].zone == s.state.actors["kara"].zone == "C2"


def test_save_and_replay_keep_the_flight(tmp_path):
    from shaper_gm.app import equip
    from shaper_gm.persist import saves
    from shaper_gm.persist.replay import replay_save
    s = equip(Session())
    for line in ("new --ruleset timeslice --seed 1", *SETUP, "move bat E5 --speed fly"):
        s.execute(line)
    path = tmp_path / "flight.yaml"
    s.execute(f"save {path}")
    assert saves.read_save(path).state == s.state
    assert replay_save(path).ok


@pytest.mark.parametrize("wanted", [None, "ground", "fly", "swim", "climb", "burrow"])
def test_a_move_takes_the_named_mode_or_the_first_else_names_those_it_has(wanted):
    """The giant bat's speeds are fly 4, ground 1 (units a move); B2 to E5 is 3 units."""
    s = fight()
    before, ts = s.state, s.state.actors["bat"].resource("ts")
    line = "move bat E5" + (f" --speed {wanted}" if wanted else "")
    if wanted not in (None, "ground", "fly"):
        with pytest.raises(GmError) as refused:
            s.execute(line)
        assert str(refused.value).endswith("its speeds: fly 4, ground 1")
        assert s.state == before
        return
    mode = wanted or "fly"                                   # the sheet's first
    s.execute(line)
    moves = {"fly": 1, "ground": 3}[mode]
    assert s.state.actors["bat"].resource("ts") == ts - 2 * moves
    assert info(s, "bat").flying == (mode == "fly")


def test_a_save_written_before_movement_modes_opens_and_replays(tmp_path):
    from shaper_gm.app import equip
    from shaper_gm.persist import saves
    from shaper_gm.persist.replay import replay_save
    s = equip(Session())
    for line in ("new --ruleset timeslice --seed 1", "add kara --as guard --at C2",
                 "add gob --as brute --at E5", "init kara --roll 9,9", "init gob --roll 0,0",
                 "start", "move kara D3"):
        s.execute(line)
    path = tmp_path / "older.yaml"
    s.execute(f"save {path}")
    text = path.read_text()
    # The Python sheets write an empty speeds list and flying: false; the data version's
    # hold neither (a sheet keeps only the keys its template and flags give), so its save is
    # already of the older shape.
    written = 2 if "      speeds: []\n" in text else 0
    assert text.count("      speeds: []\n") == written
    assert text.count("      flying: false\n") == written
    older = text.replace("      speeds: []\n", "").replace("      flying: false\n", "")
    path.write_text(older)                           # as an older version wrote it
    assert saves.read_save(path).state == s.state
    assert replay_save(path).ok

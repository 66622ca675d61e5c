"""The log of a Dungeoneers fight: every roll and answer written into its line, replayed
line by line to the same state; undo and redo; dice typed at the table."""

from __future__ import annotations

import re

from shaper_gm.commands import Session
from tests.rulesets.dungeoneers.conftest import Outcome
from tests.rulesets.dungeoneers.records import data_of
from tests.rulesets.dungeoneers.test_command_examples import fight

SETUP = tuple(f"add {who} --as {template} --at {tile} --stat wound_limit=40"
              + (" --weapon longsword --weapon dagger --holding longsword"
                 if template == "freya" else "")
              for who, template, tile in (("freya", "freya", "B2"),
                                          ("alberich", "alberich", "B3"),
                                          ("skeleton", "skeleton", "C2"),
                                          ("gob", "goblin", "C3"))) + (
    "init freya alberich skeleton gob", "start")
# Every play verb and GM tool, for whoever is up, the dice left to the generator:
# {foe} is a creature of another side, {tile} a free tile next to it.
FIGHT = ("interact --draw dagger", "strike {foe}", "ready strike", "power-strike {foe}",
         "interact --stow dagger", "ambient 1", "spellcast alberich firebolt {foe} --arca 1",
         "defend", "grapple {foe}", "push {foe} {tile} --ledge --react {foe}=grab-ledge",
         "push {foe} {tile}", "move {tile}", "sprint {tile}", "act 1 shouts",
         "react {foe} 1 ducks", "damage {foe} 2 --type B", "heal {foe} 1",
         "set {up} stress=5", "deep-breath", "focus", "set {up} arca=0", "focus",
         "grab-ledge {foe} --tiles 2", "strike {up} {foe}", "pass")
VERBS = {line.split()[0] for line in FIGHT}


def fill(state, template: str) -> str:
    up = state.turn or "freya"
    foes = [a for a in state.actors.values() if a.side != state.actors[up].side and not a.down]
    foe = foes[0] if foes else state.actors[up]
    taken = {a.zone for a in state.actors.values()}
    col, row = ord(foe.zone[0]) - 65, int(foe.zone[1:])
    near = [f"{chr(65 + c)}{r}" for c in (col - 1, col, col + 1) for r in (row - 1, row, row + 1)
            if 0 <= c < state.cols and 1 <= r <= state.rows]
    tile = next((t for t in near if t not in taken), foe.zone)
    return template.format(up=up, foe=foe.id, tile=tile)


def run_all(session, templates) -> set[str]:
    """Run what the rules allow for whoever is up; the verbs that went through."""
    from shaper_gm.errors import GmError
    done = set()
    for template in templates:
        try:
            session.execute(fill(session.state, template))
            done.add(template.split()[0])
        except GmError:
            pass
    return done


def test_a_fight_replays_from_its_log_to_the_same_state():
    went = set()
    for seed in range(1, 9):
        s = fight(*SETUP, seed=seed)
        for _ in range(3):
            went |= run_all(s, FIGHT)
        fresh = Session()
        fresh.run_lines(s.log)
        assert fresh.state == s.state and fresh.log == s.log
        for line in s.log:
            if line.startswith(("strike", "power-strike", "grapple", "push")):
                assert re.search(r"--roll \d+(,\d+)* --dodge \d+", line), line
            if line.startswith("push") and "--ledge" in line:
                assert re.search(r"--react \w+=(grab-ledge|none)", line), line
    assert went == VERBS, VERBS - went


def test_undo_and_redo_walk_the_history_exactly():
    s = fight(*SETUP, seed=8)
    run_all(s, FIGHT)
    states = [frame.after for frame in s.history]
    end, log = s.state, list(s.log)
    s.undo(3)
    assert s.state == states[-4] and s.log == log[:-3]
    s.redo(2)
    assert s.state == states[-2]
    s.redo(1)
    assert s.state == end and s.log == log
    s.undo(len(log) - 1)
    s.redo(len(log) - 1)
    assert s.state == end


def test_faces_for_a_pierce_check_that_never_happens_are_left_out():
    s = fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start")
    s.execute("strike suori skeleton --roll 1 --dodge 6 --pierce 6")       # 3 vs 7: a miss
    assert s.log[-1] == "strike suori skeleton --roll 1 --dodge 6"
    assert s.state.actors["skeleton"].resource("wounds") == 0


def test_a_push_past_a_ledge_asks_the_defender_and_logs_the_answer():
    s = fight("add suori --as suori --at B2", "add gob --as goblin --at C2", "start")
    s.execute("push suori gob D2 --ledge --roll 4 --dodge 1")            # nobody said: no grab
    assert s.log[-1] == "push suori gob D2 --ledge --roll 4 --dodge 1 --react gob=none"
    assert s.state.actors["gob"].zone == "D2"
    s.undo()
    s.execute("push suori gob D2 --ledge --react gob=grab-ledge --roll 4 --dodge 1 --grab 3")
    gob = s.state.actors["gob"]
    assert (gob.zone, data_of(gob).hanging, gob.resource("ap")) == ("C2", True, 5)   # D29


def test_dice_typed_at_the_table_are_logged_by_hand():
    s = fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start")
    s.execute("rolls suori manual")
    asked = []

    def asker(actor, what, count, sides, low=1):
        asked.append((actor, count, sides))
        return (5,) * count
    s.asker = asker
    result = s.execute("strike suori skeleton --dodge 1 --pierce 4")
    o = Outcome(result)                   # read by the Python outcome's names
    assert asked == [("suori", 1, 6)] and o.attack_total == 7
    assert s.log[-1] == "strike suori skeleton --dodge 1 --pierce 4 --roll 5 --by-hand roll"
    fresh = Session()
    fresh.run_lines(s.log)
    assert fresh.state == s.state

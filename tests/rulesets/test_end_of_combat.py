"""The end of a fight in every ruleset, typed as commands: the blow that leaves one side
standing says who won and when, turns stop (a cycling or most-AP order does not move
on), adding someone resumes the fight, and undo, saves and replay keep it exactly."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.replay import replay_save

# ruleset: (setup lines, the finishing blow, the turn line refused after it, a newcomer)
FIGHTS = {
    "shaper": (("add josh --as josh --side party --at B4",
                "add raider --as raider --side enemies --at B4", "init josh raider", "start",
                "set raider hp=1"),
               "damage raider 5 --direct", "end", "add gob --as raider --side enemies --at E1"),
    "timeslice": (("add kara --as kara --at B2", "add guard --as guard --at C2",
                   "add ren --as ren --at B3", "init kara guard ren", "start",
                   "set guard hp=1"),
                  "attack guard --roll 9,9 --defend 0,0", "end",
                  "add brute --as brute --at H8"),
    "dungeoneers": (("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                     "init freya skeleton", "start", "set skeleton wounds=5"),
                    "strike freya skeleton --roll 6 --dodge 1 --pierce 6", "pass freya",
                    "add gob --as goblin --at F5"),
    "dicepool": (("add freya --as freya --at A1", "add barry --as barry --at B2",
                  "init freya barry", "start"),
                 "attack barry --roll 6,6,6,6,6 --damage 8,8,8,8", "end",
                 "add wolf --as wolf --at I7"),
    "reactions": (("add ann --as duellist --side party --at B2 --name Ann",
                   "add bo --as duellist --at C2 --name Bo", "init ann bo", "start"),
                  "damage bo 60 --type true", "end", "add k --as knight --at H8"),
}


def played(ruleset: str):
    setup, _, _, _ = FIGHTS[ruleset]
    session = new_session(ruleset=ruleset, seed=11)
    for line in setup:
        session.execute(line)
    return session


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_the_finishing_blow_ends_the_fight_and_turns_stop(ruleset):
    s = played(ruleset)
    _, blow, refused, _ = FIGHTS[ruleset]
    round_ = s.state.round
    result = s.execute(blow)
    ended = [e for e in result.events if isinstance(e, ev.CombatEnded)]
    assert len(ended) == 1 and ended[0].winner == "party" and ended[0].round == round_
    after = result.events[result.events.index(ended[0]) + 1:]
    assert after == ()                                        # no turn or round after it
    assert s.state.over is not None and s.state.turn is None and s.state.up == ()
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as caught:
        s.execute(refused)
    assert f"the fight is over: party won in round {round_}" in caught.value.message
    assert "add someone or heal a downed actor" in caught.value.hint
    assert s.state is state and s.log == log


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_a_newcomer_resumes_it_and_undo_and_replay_are_exact(ruleset, tmp_path):
    s = played(ruleset)
    _, blow, _, newcomer = FIGHTS[ruleset]
    before = s.state
    s.execute(blow)
    over = s.state
    result = s.execute(newcomer)
    assert [type(e) for e in result.events].count(ev.CombatResumed) == 1
    assert s.state.over is None and s.state.turn is not None
    s.undo()
    assert s.state is over
    s.undo()
    assert s.state is before
    s.redo(2)
    path = tmp_path / f"{ruleset}.yaml"
    saves.write_save(s, path)
    assert saves.read_save(path).state == s.state
    report = replay_save(path)
    assert report.ok, report.message


def test_a_cycling_order_keeps_the_attackers_turn_until_it_resumes():
    s = played("timeslice")
    s.execute(FIGHTS["timeslice"][1])                  # Kara's attack: 3 of her 10 TS
    assert s.state.over.turn == "kara" and s.state.over.pending == "kara"
    s.execute(FIGHTS["timeslice"][3])
    assert s.state.turn == "kara"                       # she still has TS: her turn goes on


def test_the_most_ap_order_settles_who_is_up_only_when_it_resumes():
    s = played("dungeoneers")
    s.execute(FIGHTS["dungeoneers"][1])                  # Freya's strike: 3 of her 6 AP
    assert s.state.over.pending == "freya"
    result = s.execute(FIGHTS["dungeoneers"][3])         # a goblin with 6 AP joins
    up = [e for e in result.events if isinstance(e, ev.UpNext)]
    assert up and up[-1].up == ("gob",) and s.state.turn == "gob"

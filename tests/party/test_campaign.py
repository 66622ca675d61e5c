"""A campaign of two or three fights with rests between them, as hypothesis draws it:
the party file's history matches the saves (each fight once, its save, its log's length
and its result), each save replays alone, and each fight starts with what the party file
held (what the last fight left, after the rests)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.commands import identity
from shaper_gm.engine import ending
from shaper_gm.party import store
from shaper_gm.persist import replay, saves

# Per ruleset: the members' add lines (the first is up first), the foe's, the GM's changes
# a fight may make (member, number, its range) and the item the first member may drop.
CAMPAIGNS = {
    "shaper": ({"monica": "add monica --as monica", "josh": "add josh --as josh"},
               "add raider --as raider --at E5",
               (("monica", "hp", 1, 13), ("josh", "hp", 1, 13)), "shield"),
    "dungeoneers": ({"freya": "add freya --as freya", "alberich": "add alberich --as alberich"},
                    "add skeleton --as skeleton --at H8",
                    (("freya", "wounds", 0, 3), ("freya", "stress", 0, 2),
                     ("alberich", "wounds", 0, 3)), None),
    "d20": ({"brak": "add brak --as fighter --side party",
             "nim": "add nim --as rogue --side party"},
            "add gob --as goblin --at H8",
            (("brak", "hp", 1, 28), ("brak", "temp_hp", 0, 5), ("brak", "second_wind", 0, 1),
             ("nim", "hp", 1, 24), ("nim", "ammunition", 0, 20)), None),
}

fight = st.fixed_dictionaries({
    "changes": st.lists(st.tuples(st.integers(0, 4), st.integers(0, 30)), max_size=3),
    "drop": st.booleans(),
    "won": st.booleans(),                 # the foe is put out: the party keeps itself
    "rest": st.sampled_from([None, "short", "long"])})


def _numbers(actor, member) -> dict:
    """The actor's numbers that the party keeps of the member (HP, lasting resources)."""
    return {"hp": actor.hp, **{key: actor.resource(key) for key in member.resources}}


def _kept(member) -> dict:
    return {"hp": member.hp, **member.resources}


def play(folder: Path, ruleset: str, fights: list[dict]) -> None:
    members, foe, changes, item = CAMPAIGNS[ruleset]
    ids, foe_id = list(members), foe.split()[1]
    lost = False                                      # the first member dropped its item
    for n, drawn in enumerate(fights):
        session = new_session(ruleset=ruleset, seed=n)
        session.save_path = str(folder / f"fight-{n}.yaml")
        if n == 0:
            for i, line in enumerate(members.values()):
                session.execute(f"{line} --at A{i + 1}")
            session.execute("party new camp")
            session.execute("party add " + " ".join(ids))
        else:
            held = store.read_party("camp").members
            session.execute("new --party camp " + " ".join(f"--at {m}=A{i + 1}"
                                                               for i, m in enumerate(ids)))
            for m in ids:                             # it starts with what the file held
                assert _numbers(session.state.actors[m], held[m]) == _kept(held[m])
        session.execute(foe)
        session.execute(f"init {' '.join(ids)} {foe_id}")
        session.execute("start")
        rs = session.ruleset_for(session.state)
        assert not item or (item in rs.carried(session.state.actors[ids[0]])) != lost
        if item and drawn["drop"] and not lost:
            session.execute(f"drop {item}")           # left lying: lost to it (S19)
            lost = True
        for pick, value in drawn["changes"]:
            who, key, low, high = changes[pick % len(changes)]
            session.execute(f"set {who} {key}={low + value % (high - low + 1)}")
        if drawn["won"]:
            session.execute(f"remove {foe_id}")
        session.execute("party keep")
        saves.write_save(session, session.save_path)
        kept = store.read_party("camp").members
        for m in ids:
            assert _kept(kept[m]) == _numbers(session.state.actors[m], kept[m])
        assert kept[ids[0]].lacks == ([item] if lost else [])
        if drawn["rest"]:
            session.execute(f"rest {drawn['rest']}")


def check_history(folder: Path, count: int) -> None:
    history = store.read_party("camp").history
    assert [h["save"] for h in history] == [str(folder / f"fight-{n}.yaml")
                                            for n in range(count)]
    for entry in history:
        saved = saves.read_save(entry["save"])
        assert entry["entries"] == len(saved.log)
        assert entry["encounter"] == identity.of_line(saved.log[0])
        assert entry["result"] == (ending.result_text(saved.state) or
                                   f"unfinished, round {saved.state.round}")
        assert saved.party == "camp"
        assert replay.replay_save(entry["save"]).ok        # each save replays alone


@pytest.mark.parametrize("ruleset", list(CAMPAIGNS))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(fights=st.lists(fight, min_size=2, max_size=3))
def test_a_campaigns_history_matches_its_saves(ruleset, fights, monkeypatch):
    with tempfile.TemporaryDirectory() as folder:
        monkeypatch.setenv("SHAPER_GM_SAVES", folder)
        play(Path(folder), ruleset, fights)
        check_history(Path(folder), len(fights))

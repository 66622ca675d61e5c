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

# Per ruleset: the members' add lines, the foe's, and the GM's changes a fight may make
# (a number each: its key and range), and the item the first member (up first) may drop.
CAMPAIGNS = {
    "shaper": ({"monica": "add monica --as monica", "josh": "add josh --as josh"},
               "add raider --as raider --at E5", {"hp": (1, 13)}, "shield"),
    "dungeoneers": ({"freya": "add freya --as freya", "alberich": "add alberich --as alberich"},
                    "add skeleton --as skeleton --at H8", {"wounds": (0, 3), "stress": (0, 2)},
                    None),
}

fight = st.fixed_dictionaries({
    "changes": st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 13)),
                        max_size=3),
    "drop": st.booleans(),
    "won": st.booleans(),                 # the foe is put out: the party keeps itself
    "rest": st.sampled_from([None, "short", "long"])})


def _numbers(actor, keys) -> dict:
    return {key: actor.hp if key == "hp" else actor.resource(key) for key in keys}


def _member_numbers(member, keys) -> dict:
    return {key: member.hp if key == "hp" else member.resources.get(key, 0) for key in keys}


def play(folder: Path, ruleset: str, fights: list[dict]) -> None:
    members, foe, ranges, item = CAMPAIGNS[ruleset]
    ids, keys = list(members), list(ranges)
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
                assert _numbers(session.state.actors[m], keys) == _member_numbers(held[m], keys)
        session.execute(foe)
        session.execute(f"init {' '.join(ids)} {foe.split()[1]}")
        session.execute("start")
        rs = session.ruleset_for(session.state)
        assert not item or (item in rs.carried(session.state.actors[ids[0]])) != lost
        if item and drawn["drop"] and not lost:
            session.execute(f"drop {item}")           # left lying: lost to it (S19)
            lost = True
        for who, key, value in drawn["changes"]:
            low, high = ranges[keys[key % len(keys)]]
            session.execute(f"set {ids[who]} {keys[key % len(keys)]}="
                            f"{low + value % (high - low + 1)}")
        if drawn["won"]:
            session.execute(f"remove {foe.split()[1]}")
        session.execute("party keep")
        saves.write_save(session, session.save_path)
        kept = store.read_party("camp").members
        for m in ids:
            assert _member_numbers(kept[m], keys) == _numbers(session.state.actors[m], keys)
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

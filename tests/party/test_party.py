"""A party across two encounters in every ruleset: the second starts with exactly what the
first left, a rest gives back exactly what its ruleset says, each save replays alone,
and bad input changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.party import store
from shaper_gm.persist import replay, saves
from tests.view.kit import RULESETS, Table, demo_copy

# What the first fight does to the party (set by the GM, as any harm would leave it), and
# what each member must carry into the second.
HARM = {"shaper": ["set josh hp=6", "set monica hp=12"],
        "dungeoneers": ["set freya wounds=3 stress=2 arca=1", "set alberich wounds=1"],
        "timeslice": ["set kara hp=9"],
        "dicepool": ["set freya hp=8", "set kit hp=3"],
        "reactions": ["set ann hp=41"],
        "d20": ["set nim hp=11 ammunition=18", "set sera slot_1=1 temp_hp=5",
                "set brak hp=20 second_wind=0"]}


@pytest.fixture()
def saves_here(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir()
    return tmp_path


def first_fight(folder, ruleset: str) -> tuple[dict, list[str]]:
    """The demo with the party made, harmed and kept: (each member's numbers, members)."""
    table = Table(demo_copy(folder, ruleset))
    session = table.session
    members = [a.id for a in session.state.actors.values() if a.side == "party"]
    session.execute(f"party new {ruleset}-party")
    session.execute("party add " + " ".join(members))
    for line in HARM[ruleset]:
        session.execute(line)
    session.execute("party keep")
    left = {m: _numbers(session, m) for m in members}
    table.close()
    return left, members


def _numbers(session, actor_id: str) -> dict:
    actor = session.state.actors[actor_id]
    return {"hp": actor.hp, **actor.resource_map()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_second_fight_starts_with_what_the_first_left(saves_here, ruleset):
    left, members = first_fight(saves_here, ruleset)
    second = new_session(ruleset=ruleset, seed=5)
    zones = " ".join(f"--at {m}=A{n}" for n, m in enumerate(members, 1))
    second.execute(f"party join {ruleset}-party {zones}")
    kept = store.read_party(f"{ruleset}-party")
    lasting = {"hp", *next(iter(kept.members.values())).resources}
    for member in members:
        now = _numbers(second, member)
        assert {k: now[k] for k in lasting} == {k: left[member][k] for k in lasting}, member
        assert second.state.actors[member].zone == f"A{members.index(member) + 1}"
    path = saves_here / "second.yaml"
    saves.write_save(second, path)
    assert replay.replay_save(path).ok                 # the save replays alone
    assert not [line for line in second.log if line.startswith("party")]   # no party verb


REST = {   # (member, rest, the numbers the party file holds after it)
    "shaper": ("josh", "long", {"hp": 13}),
    "dungeoneers": ("freya", "long", {"wounds": 0, "stress": 0, "arca": 2}),
    "timeslice": ("kara", "short", {"hp": 11}),
    "dicepool": ("kit", "short", {"hp": 5}),
    "reactions": ("ann", "long", {"hp": 60}),
    "d20": ("sera", "long", {"hp": 24, "slot_1": 4, "slot_2": 2, "temp_hp": 0})}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_rest_gives_back_exactly_what_its_rules_say(saves_here, ruleset):
    first_fight(saves_here, ruleset)
    member, kind, expected = REST[ruleset]
    session = new_session(ruleset=ruleset)
    session.execute(f"party use {ruleset}-party")
    shown = session.execute(f"rest {kind}").view.text
    assert f"takes a {kind} rest" in shown
    after = store.read_party(f"{ruleset}-party").members[member]
    numbers = {"hp": after.hp, **after.resources}
    assert {k: numbers[k] for k in expected} == expected


def test_d20_short_rest_gives_back_second_wind_only(saves_here):
    first_fight(saves_here, "d20")
    session = new_session(ruleset="d20")
    session.execute("party use d20-party")
    session.execute("rest short")
    brak = store.read_party("d20-party").members["brak"]
    assert (brak.hp, brak.resources["second_wind"]) == (20, 1)


def test_the_party_keeps_itself_when_the_fight_ends_and_its_history_matches(saves_here):
    table = Table(demo_copy(saves_here, "shaper"))
    session = table.session
    session.execute("party new heroes")
    session.execute("party add josh monica taylor")
    session.execute("set josh hp=4")
    for enemy in ("raider", "crossbowman"):
        session.execute(f"damage {enemy} 99 --direct")
    result = session.execute("damage reaver 99 --direct")
    assert any("The party heroes keeps what this fight left" in getattr(e, "text", "")
               for e in result.events)
    table.close()
    party = store.read_party("heroes")
    assert party.members["josh"].hp == 4
    assert [h["result"] for h in party.history] == ["party won in round 1"]
    saved = saves.read_save(party.history[0]["save"])
    assert saved.party == "heroes" and len(saved.log) == party.history[0]["entries"]
    assert replay.replay_save(party.history[0]["save"]).ok
    recap = saves_here / "recap.md"
    reopened = Table(Path(party.history[0]["save"]))
    reopened.session.execute(f"export {recap}")
    reopened.close()
    assert "The party heroes fights (its file: heroes.party.yaml)." in recap.read_text()


def test_bad_input_is_one_line_and_writes_nothing(saves_here):
    first_fight(saves_here, "shaper")
    path = store.party_path("shaper-party")
    before = path.read_bytes()
    session = new_session(ruleset="shaper")
    cases = [("party add josh", "no party goes with this encounter"),
             ("party join nobody", "there is no party 'nobody'"),
             ("party new shaper-party", "exists already"),
             ("party frobnicate", "is not something a party does"),
             ("party new Bad_Name", "is not a party name"),
             ("rest nap", "no party goes with this encounter")]
    for line, says in cases:
        with pytest.raises(GmError, match=says):
            session.execute(line)
    other = new_session(ruleset="d20")
    with pytest.raises(GmError, match="the party shaper-party plays shaper; this encounter "
                                      "plays d20"):
        other.execute("party join shaper-party")
    session.execute("party use shaper-party")
    with pytest.raises(GmError, match="Shaper .* has no rest 'nap'"):
        session.execute("rest nap")
    with pytest.raises(GmError, match="no actor 'nobody-here'"):
        session.execute("party add nobody-here")
    assert path.read_bytes() == before
    for text, says in [(b"shaper_gm_party: 9\nname: x\n", "written by a newer shaper-gm"),
                       (b"{{{{ not yaml", "cannot be read as a party"),
                       (b"shaper_gm_party: 1\nname: x\n", "cannot be read as a party")]:
        path.write_bytes(text)
        with pytest.raises(GmError, match=says):
            session.execute("party keep")
        assert path.read_bytes() == text                  # never written over


@pytest.mark.slow
def test_two_shells_never_write_one_party_file_at_once(saves_here):
    import subprocess
    import sys
    first_fight(saves_here, "timeslice")
    path = store.party_path("timeslice-party")
    before = path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom shaper_gm.persist.lock import SaveLock\n"
         f"lock = SaveLock.acquire({str(path)!r})\nprint('held', flush=True)\ntime.sleep(30)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        session = new_session(ruleset="timeslice")
        session.execute("party use timeslice-party")
        with pytest.raises(GmError, match=r"in use|another shaper-gm|held") as refused:
            session.execute("rest long")
        assert "\n" not in str(refused.value)
        assert path.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


def test_history_follows_two_fights_and_each_save_replays_alone(saves_here):
    first_fight(saves_here, "reactions")
    session = new_session(ruleset="reactions", seed=9)
    session.execute("party join reactions-party --at ann=A1 --at cy=A2")
    session.execute("add bo --as duellist --side enemies --at H8")
    session.execute("start")
    session.execute("damage bo 999")
    path = saves_here / "saves" / "second.yaml"
    session.save_path = str(path)
    session.execute("party keep")
    saves.write_save(session, path)
    party = store.read_party("reactions-party")
    assert [h["entries"] for h in party.history] == [
        len(saves.read_save(h["save"]).log) for h in party.history]
    assert len(party.history) == 2 and party.history[1]["save"] == str(path)
    for fight in party.history:
        assert replay.replay_save(fight["save"]).ok

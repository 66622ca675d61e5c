"""`new --party NAME [--at ID=ZONE]...`: a new encounter the party joins, landing whole
(one undo step takes the join back) or not at all; and a party's join is one undo step
wherever it is made."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import replay, saves


@pytest.fixture()
def heroes(tmp_path, monkeypatch):
    """A Shaper party, Josh hurt and Monica without her shield."""
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path))
    s = new_session(ruleset="shaper", seed=1)
    for line in ("add josh --as josh --at B4", "add monica --as monica --at C5",
                 "add raider --as raider --at B1", "init monica josh raider", "start",
                 "drop shield", "set josh hp=5", "party new heroes", "party add josh monica",
                 "party keep"):
        s.execute(line)
    return tmp_path


def test_new_with_a_party_makes_the_encounter_and_brings_it_in(heroes):
    s = new_session(ruleset="dicepool")               # the party's ruleset is taken
    s.execute("new --party heroes --at josh=A1 --at monica=B2 --seed 4")
    assert s.state.ruleset == "shaper" and s.party == "heroes"
    assert s.log[0].startswith("new --seed 4 --ruleset shaper")
    assert s.log[1:] == ["add josh --as josh --at A1", "set josh hp=5",
                         "add monica --as monica --at B2 --lacks shield"]
    assert s.state.actors["josh"].hp == 5
    assert not s.state.actors["monica"].sheet.shield    # none (the data version's '')
    path = heroes / "fight.yaml"
    saves.write_save(s, path)
    assert replay.replay_save(path).ok
    s.execute("undo")                                 # one step: the whole join
    assert len(s.log) == 1 and not s.state.actors
    s.execute("redo")
    assert len(s.log) == 4 and s.state.actors["josh"].hp == 5


@pytest.mark.parametrize(("line", "says"), [
    ("new --party nobody", "there is no party 'nobody'"),
    ("new --party heroes --ruleset d20", "the party heroes plays shaper; this encounter "
                                         "plays d20"),
    ("new --party heroes --at zed=A1", "--at zed=A1: not a member and a zone"),
    ("new --party heroes --at josh=Z9", "Z9"),              # refused by the join's add line
    ("new --at josh=A1", "new --at places the members of a party")])
def test_a_refused_new_with_a_party_makes_no_encounter(heroes, line, says):
    s = new_session(ruleset="timeslice", seed=3)
    before = (list(s.log), s.state)
    with pytest.raises(GmError, match=says) as refused:
        s.execute(line)
    assert "\n" not in str(refused.value)
    assert (list(s.log), s.state) == before and s.party is None


def test_a_join_is_one_undo_step_in_a_fight_under_way(heroes):
    s = new_session(ruleset="shaper", seed=2)
    s.execute("add raider --as raider --at E5")
    s.execute("party join heroes --at josh=A1 --at monica=A2")
    assert len(s.log) == 5
    s.execute("undo")
    assert s.log[1:] == ["add raider --as raider --at E5"]
    s.execute("undo")
    assert len(s.log) == 1
    with pytest.raises(GmError, match="only 2 commands can be redone"):
        s.execute("redo 3")
    s.execute("redo 2")
    assert len(s.log) == 5 and set(s.state.actors) == {"raider", "josh", "monica"}

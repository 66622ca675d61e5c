"""Version-1 saves (written by shaper-gm before rulesets) open, replay and are written
back as version 2, unchanged in what they mean. The fixtures were written by that
version: the demo at its start, and after the whole source battle (saves/demo-fight.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.content.yamlio import load_yaml_file
from shaper_gm.persist import saves
from shaper_gm.persist.decode import VERSION, SaveFormatError
from shaper_gm.persist.replay import replay_save
from tests.encounter.conftest import engaged_with, pool
from tests.rulesets.twins import python_played

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
START, FOUGHT = FIXTURES / "v1-demo-start.yaml", FIXTURES / "v1-demo-fight.yaml"


@pytest.mark.parametrize("path", [START, FOUGHT], ids=["start", "fought"])
def test_a_version_1_save_opens_and_replays_to_its_state(path):
    assert load_yaml_file(path)["version"] == 1
    report = replay_save(path)
    assert report.ok, report.message


def test_a_version_1_save_means_what_it_said():
    raw = load_yaml_file(FOUGHT)
    session = saves.read_save(FOUGHT)
    state = session.state
    # the raider, the last enemy, is down: read today, the fight is over in Taylor's turn
    assert (state.round, state.over.turn, state.dice_position) == (
        raw["round"], raw["turn"], raw["dice_position"])
    assert (state.turn, state.over.winner, state.over.round) == (None, "party", 3)
    python = python_played(state.ruleset, "shaper")
    rs = session.ruleset_for(state)
    for actor_id, old in raw["actors"].items():
        actor = state.actors[actor_id]
        assert (actor.hp, actor.down, actor.zone) == (old["hp"], old["down"], old["zone"])
        assert actor.resource("sp") == old["sp"]
        # written as data: the pool is the Major, Minor and Free resources (S18), the SP
        # most the resource's maximum (S22, S29), the effects those the GM sees (the
        # uses of a skill this round, S24, are marks of its own)
        assert (actor.sheet.max_sp if python else rs.stat(actor.sheet, "sp_total")) == \
            old["max_sp"]
        assert (pool(actor) if python else {
            k: actor.resource(k) for k in ("major", "minor", "free")}) == old["pool"]
        assert (tuple(actor.system.holding) if python else tuple(actor.sheet.holding)) == \
            tuple(old["holding"])
        assert engaged_with(state, actor_id) == sorted(old["engaged_with"])
        assert [(e.name, e.until, e.mod("attack"), e.mod("absorb")) for e in actor.effects
                if python or not e.name.startswith("used-")] \
            == [(e["name"], e["until"], e["attack"], e["absorb"]) for e in old["effects"]]


def test_the_next_write_stores_the_current_version_and_reopens_equal(tmp_path):
    session = saves.read_save(FOUGHT)
    path = tmp_path / "upgraded.yaml"
    saves.write_save(session, path)
    assert load_yaml_file(path)["version"] == VERSION
    again = saves.read_save(path)
    assert again.state == session.state and again.log == session.log


def test_a_version_1_save_with_an_engagement_that_disagrees_is_refused(tmp_path):
    text = START.read_text(encoding="utf-8")
    path = tmp_path / "odd.yaml"
    path.write_text(text.replace("engaged_with: []", "engaged_with: [raider]", 1),
                    encoding="utf-8")
    if not python_played(load_yaml_file(START)["ruleset"], "shaper"):
        # written as data, a version-1 save opens to the state its log replays to: the
        # hand-edited engagement is never read, so Josh is engaged with nobody (S14)
        assert engaged_with(saves.read_save(path).state, "josh") == []
        return
    with pytest.raises(SaveFormatError) as err:
        saves.read_save(path)
    assert "engaged_with" in str(err.value)

"""G28 frightened (disadvantage while its source is in sight, and no move closer to it)
and the end of grappled (the grappler incapacitated, down or out of reach)."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesets.d20.conftest import demo, odds, refused

APART = ("place fang A12", "place gob-2 C12", "place grum J6", "place brak A1",
         "place sera C1", "place nim F6", "place gob-1 E12")


def names(fight, actor_id):
    return sorted(e.name for e in fight.state.actors[actor_id].effects)


def test_the_frightened_attack_at_disadvantage_and_may_not_come_closer():
    fight = demo(*APART, turn="nim")
    fight.execute("frighten grum nim")
    assert [(e.name, e.caster) for e in fight.state.actors["nim"].effects] == \
        [("frightened", "grum")]
    # 20 ft from Grum: G6 would be 15 ft
    assert "Nim is frightened: it may not move closer to what frightens it (G28)" in \
        refused(fight, "move G6")
    fight.execute("move F7")                                   # still 20 ft: allowed
    fight.execute("move E7")                                   # farther: allowed
    assert fight.state.actors["nim"].zone == "E7"
    fight.execute("place gob-1 E8")
    # shortsword +5 against AC 15 hits on 10-20: at disadvantage (11/20)^2
    assert odds(fight, "odds gob-1")["hit"] == Fraction(121, 400)


def grappled(fight):
    fight.execute("place gob-1 B2")
    fight.state = fight.state.with_(turn="brak", up=("brak",))
    fight.execute("grapple gob-1 --contest 15 --resist 2")     # 15 + 3 > 2 + 2
    assert [(e.name, e.caster) for e in fight.state.actors["gob-1"].effects] == \
        [("grappled", "brak")]


def test_grappled_ends_when_the_grappler_moves_out_of_reach():
    fight = demo(*APART, turn="brak")
    grappled(fight)
    fight.execute("move A2")                                   # still beside it
    assert names(fight, "gob-1") == ["grappled"]
    fight.execute("move A4 --react gob-1=none")               # 10 ft: out of reach
    assert names(fight, "gob-1") == []


def test_grappled_ends_when_the_grappler_is_incapacitated():
    fight = demo(*APART, turn="brak")
    grappled(fight)
    fight.execute("effect brak stunned --incapacitated 1")
    assert names(fight, "gob-1") == []


def test_an_ends_if_that_cannot_be_read_is_refused_at_load(tmp_path):
    import shutil

    import pytest

    from shaper_gm.content.schema import ContentError
    from shaper_gm.rulesets.data import build_from
    from tests.rulesets.d20.conftest import CONTENT
    folder = tmp_path / "d20"
    shutil.copytree(CONTENT, folder)
    conditions = folder / "conditions.yaml"
    conditions.write_text(conditions.read_text().replace(
        "distance > target.reach", "distance > > target.reach"))
    with pytest.raises(ContentError) as caught:
        build_from(folder)
    assert "conditions.yaml: line" in str(caught.value)
    assert "item 'grappled': key 'ends_if'" in str(caught.value)

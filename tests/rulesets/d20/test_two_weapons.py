"""G17 two-weapon fighting: `off-hand`, the bonus action attack with a light melee
weapon after the Attack action with one this turn, its damage without the ability
modifier."""

from __future__ import annotations

from tests.rulesets.d20.conftest import demo, refused

APART = ("place fang A12", "place gob-2 C12", "place grum E12", "place brak A1",
         "place sera E1", "place nim F6", "place gob-1 G6")


def test_the_off_hand_attack_follows_a_light_melee_attack_without_the_modifier():
    fight = demo(*APART, turn="nim")
    assert "Nim has not attacked with a light melee weapon this turn" in \
        refused(fight, "off-hand gob-1 --with dagger")
    # shortsword +5: 12 + 5 hits AC 15 for 2 + 3 (no ally beside the goblin, no sneak)
    fight.execute("attack gob-1 --with shortsword --attack 12 --damage 2")
    assert fight.state.actors["gob-1"].hp == 7 - 5
    assert "the Shortbow is not a light melee weapon (G17)" in \
        refused(fight, "off-hand gob-1 --with shortbow")
    # the dagger's 1d4+3 without Dex's +3: 1
    fight.execute("off-hand gob-1 --with dagger --attack 12 --damage 1")
    nim = fight.state.actors["nim"]
    assert fight.state.actors["gob-1"].hp == 2 - 1
    assert (nim.resource("action"), nim.resource("bonus")) == (0, 0)
    assert fight.log[-1] == "off-hand nim gob-1 --with dagger --attack 12 --damage 1"


def test_the_light_attack_lasts_the_turn_and_a_heavy_one_opens_none():
    fight = demo(*APART, "place brak F7", turn="brak")
    fight.execute("attack gob-1 --attack 2")                   # a longsword: not light
    assert "Brak has not attacked with a light melee weapon" in \
        refused(fight, "off-hand gob-1 --with javelin")
    fight.state = fight.state.with_(turn="nim", up=("nim",))
    fight.execute("attack gob-1 --with shortsword --attack 2")   # a miss opens it too
    assert "light-attack" in [e.name for e in fight.state.actors["nim"].effects]
    fight.execute("end")
    assert "light-attack" not in [e.name for e in fight.state.actors["nim"].effects]


def test_like_names_an_action_written_in_full(tmp_path):
    import shutil

    import pytest

    from shaper_gm.content.schema import ContentError
    from shaper_gm.rulesets.data import build_from
    from tests.rulesets.d20.conftest import CONTENT
    folder = tmp_path / "d20"
    shutil.copytree(CONTENT, folder)
    actions = folder / "actions.yaml"
    actions.write_text(actions.read_text().replace("  like: attack\n", "  like: atack\n"))
    with pytest.raises(ContentError) as caught:
        build_from(folder)
    assert "item 'off-hand': key 'like': expected the name of an action written in full" \
        " above or below, got 'atack'" in str(caught.value)

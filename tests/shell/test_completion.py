"""Completion as a pure function of the typed text and a real session."""

from __future__ import annotations

from shaper_gm.shell.completion import complete

JOSH_SKILLS = ["piercing-strike", "thread-the-needle", "longshot"]
MONICA_SKILLS = ["overswing", "step-up", "power-strike"]
ACTORS_JOSH_FIRST = ["josh", "crossbowman", "monica", "raider", "reaver", "taylor"]


def texts(text, session):
    return [c.text for c in complete(text, session)]


def test_verbs_and_aliases_complete_at_the_start(battle):
    assert texts("at", battle) == ["attack"]
    assert texts("ATT", battle) == ["attack"]
    assert texts("a", battle) == ["act", "add", "attack", "a"]
    (alias,) = complete("a", battle)[3:]
    assert alias.meta == "= attack" and alias.start == -1


def test_actor_id_completes_from_a_prefix(battle):
    (josh,) = complete("attack jo", battle)
    assert (josh.text, josh.start) == ("josh", -2)
    assert "Josh · party · B4 · HP 13/13" == josh.meta
    assert texts("attack JO", battle) == ["josh"]


def test_target_appears_once_it_is_added(party):
    assert texts("attack josh r", party) == []
    party.execute("add raider --as raider --side enemies --at B1")
    assert texts("attack josh r", party) == ["raider"]


def test_the_acting_actor_comes_first(battle):
    assert texts("attack ", battle) == ACTORS_JOSH_FIRST
    battle.execute("end")
    assert battle.state.turn == "raider"
    assert texts("show ", battle)[0] == "raider"


def test_comma_separated_targets_complete_their_last_element(battle):
    (c,) = complete("attack raider,cr", battle)
    assert (c.text, c.start) == ("crossbowman", -2)
    assert "raider" not in texts("attack raider,", battle)
    assert texts("attack raider,re", battle) == ["reaver"]


def test_zones_for_a_zone_position_zones_first(battle):
    assert texts("move C", battle) == ["C1", "C2", "C3", "C4", "C5", "crossbowman"]
    assert texts("move monica d", battle) == ["D1", "D2", "D3", "D4", "D5"]
    zones = complete("place josh C5", battle)
    assert [(z.text, z.meta) for z in zones] == [("C5", "monica, taylor")]
    assert texts("move c3 ", battle) == []          # c3 is no actor: nothing follows


def test_at_flag_offers_zones_of_the_grid(battle):
    assert texts("add goblin --at e", battle) == ["E1", "E2", "E3", "E4", "E5"]
    assert len(texts("add goblin --at ", battle)) == 25


def test_draw_offers_the_acting_actors_stowed_weapons(battle):
    assert texts("draw ", battle)[:2] == ["longbow", "dagger"]
    assert texts("draw monica ", battle) == ["longsword", "greatsword"]   # shield in hand
    assert texts("sheathe monica ", battle) == ["shield"]
    battle.execute("draw longbow")
    assert texts("draw ", battle)[:1] == ["dagger"]
    assert texts("sheathe l", battle) == ["longbow"]


def test_with_offers_weapons_in_hand_first_and_the_offensive_spell(battle):
    battle.execute("draw dagger")
    assert texts("attack raider --with ", battle) == ["dagger", "longbow", "spell"]
    assert texts("attack raider --with=lo", battle) == ["longbow"]
    (c,) = complete("attack raider --with=lo", battle)
    assert c.start == -2


def test_flags_after_dashes(battle):
    assert texts("attack --w", battle) == ["--with"]
    assert texts("attack raider --sp --s", battle) == ["--skill"]      # --sp is given
    assert texts("attack raider --skill x --s", battle) == ["--skill", "--sp"]
    assert texts("move --", battle) == []


def test_skill_flag_offers_the_attackers_skills(battle):
    assert texts("attack raider --skill ", battle) == JOSH_SKILLS
    assert texts("attack monica raider --skill ", battle) == MONICA_SKILLS
    assert texts("attack raider --skill p", battle) == ["piercing-strike"]


def test_skill_and_cast_offer_the_actors_skills_and_spells(battle):
    assert texts("skill ", battle)[:3] == JOSH_SKILLS
    assert texts("skill monica ", battle) == MONICA_SKILLS
    assert texts("skill monica step-up ", battle)[0] == "josh"        # then a target
    assert texts("cast taylor ", battle) == ["charm", "minion", "energy-shield", "spell"]
    assert texts("cast taylor c", battle) == ["charm"]
    assert texts("cast taylor charm --skill ", battle) == ["charm", "minion",
                                                           "energy-shield"]


def test_choices_named_by_the_verb(battle):
    assert texts("act ", battle)[:3] == ["major", "minor", "free"]
    assert texts("rolls josh ", battle) == ["manual", "auto"]
    assert texts("set josh h", battle) == ["hp="]
    assert texts("attack raider --ignore f", battle) == ["firing-into-melee"]
    assert texts("help at", battle) == ["attack"]


def test_library_values_when_the_actor_does_not_exist_yet(battle):
    assert texts("add g --as gob", battle) == ["goblin"]
    assert texts("add g --side ", battle) == ["enemies", "party"]
    assert "longsword" in texts("add g --weapon ", battle)
    assert texts("add g --skill pier", battle) == ["piercing-strike"]


def test_nothing_to_offer(battle):
    assert texts("xyzzy ", battle) == []
    assert texts("attack raider --roll ", battle) == []            # faces: typed, not chosen
    assert texts('act minor "pick up', battle) == []
    assert texts("end ", battle) == []

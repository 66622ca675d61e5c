"""Completion as a pure function of the typed text and a real session."""

from __future__ import annotations

from shaper_gm.shell.completion import complete

JOSH_SKILLS = ["piercing-strike", "thread-the-needle", "longshot"]
MONICA_SKILLS = ["overswing", "step-up", "power-strike"]
ACTORS_JOSH_FIRST = ["josh", "crossbowman", "monica", "raider", "reaver", "taylor"]
# Josh's targets with a longbow in hand, from B4: enemies in reach nearest first, then the
# one beyond max range (an attack with Disadvantage), then his allies.
JOSH_TARGETS = ["reaver", "raider", "crossbowman", "monica", "taylor"]


def texts(text, session):
    return [c.text for c in complete(text, session)]


def test_verbs_and_aliases_complete_at_the_start(battle):
    assert texts("at", battle) == ["attack"]
    assert texts("ATT", battle) == ["attack"]
    assert texts("a", battle) == ["act", "add", "attack", "a"]
    (alias,) = complete("a", battle)[3:]
    assert alias.meta == "= attack" and alias.start == -1


def test_actor_id_completes_from_a_prefix(battle):
    (josh,) = complete("show jo", battle)
    assert (josh.text, josh.start) == ("josh", -2)
    assert "Josh · party · B4 · HP 13/13" == josh.meta
    assert texts("show JO", battle) == ["josh"]
    (raider,) = complete("attack RA", battle)
    assert (raider.text, raider.start) == ("raider", -2)


def test_attack_offers_targets_in_reach_first_with_their_bands_never_the_attacker(battle):
    assert texts("attack jo", battle) == []                      # Josh does not attack Josh
    battle.execute("draw longbow")
    offered = complete("attack ", battle)
    assert [c.text for c in offered] == JOSH_TARGETS
    assert offered[0].meta == "Reaver · enemies · Medium · in Longbow range · HP 20/20"
    assert offered[2].meta == ("Crossbowman · enemies · Long+1 · beyond Longbow's max "
                               "range: Disadvantage · HP 10/10")
    battle.execute("damage reaver 99")
    assert texts("attack ", battle)[-1] == "reaver"                # the Down come last
    assert complete("attack ", battle)[-1].meta.endswith("· Down")


def test_engage_offers_who_is_in_the_zone_first(battle):
    (first, *_) = complete("engage ", battle)
    assert (first.text, first.meta) == ("reaver", "Reaver · enemies · Medium · move to "
                                                  "its zone first · HP 20/20")
    battle.execute("move B2")
    offered = complete("engage ", battle)
    assert (offered[0].text, offered[0].meta) == (
        "reaver", "Reaver · enemies · Close · can engage · HP 20/20")
    assert [c.text for c in offered] == ["reaver", "raider", "crossbowman", "monica", "taylor"]


def test_target_appears_once_it_is_added(party):
    assert texts("attack josh r", party) == []
    party.execute("add raider --as raider --side enemies --at B1")
    assert texts("attack josh r", party) == ["raider"]


def test_the_acting_actor_comes_first(battle):
    assert texts("show ", battle) == ACTORS_JOSH_FIRST
    assert texts("attack ", battle) == JOSH_TARGETS            # no weapon: bands decide
    battle.execute("end")
    assert battle.state.turn == "raider"
    assert texts("show ", battle)[0] == "raider"


def test_comma_separated_targets_complete_their_last_element(battle):
    (c,) = complete("attack raider,cr", battle)
    assert (c.text, c.start) == ("crossbowman", -2)
    assert "raider" not in texts("attack raider,", battle)
    assert texts("attack raider,re", battle) == ["reaver"]


def test_zones_for_a_zone_position_zones_first(battle):
    # Nearest first from Josh at B4, each with its band and the moves it costs (S12).
    assert texts("move C", battle) == ["C3", "C4", "C5", "C2", "C1", "crossbowman"]
    moves = complete("move C", battle)
    assert [m.meta for m in moves[1:4:2]] == ["Short · 1 move", "Medium · 2 moves"]
    assert moves[2].meta == "Short · 1 move · monica · taylor"
    assert texts("move monica d", battle) == ["D4", "D5", "D3", "D2", "D1"]
    zones = complete("place josh C5", battle)
    assert [(z.text, z.meta) for z in zones] == [("C5", "monica · taylor")]
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
    # No offensive spell: Josh has no Mentality to cast it with (S25).
    assert texts("attack raider --with ", battle) == ["dagger", "longbow"]
    assert texts("attack taylor raider --with ", battle) == ["wand", "spell"]   # Taylor can
    assert texts("attack raider --with=lo", battle) == ["longbow"]
    (c,) = complete("attack raider --with=lo", battle)
    assert c.start == -2


def test_flags_after_dashes(battle):
    assert texts("attack --w", battle) == ["--with"]
    assert texts("attack raider --sp --s", battle) == ["--skill"]      # --sp is given
    assert texts("attack raider --skill x --s", battle) == ["--skill", "--sp"]
    assert texts("move --", battle) == ["--verbose"]        # every action verb takes it


def test_skill_flag_offers_the_attackers_skills(battle):
    assert texts("attack raider --skill ", battle) == JOSH_SKILLS
    assert texts("attack monica raider --skill ", battle) == MONICA_SKILLS
    assert texts("attack raider --skill p", battle) == ["piercing-strike"]


def test_skill_and_cast_offer_the_actors_skills_and_spells(battle):
    assert texts("skill ", battle)[:3] == JOSH_SKILLS
    assert texts("skill monica ", battle) == MONICA_SKILLS
    assert "josh" in texts("skill monica step-up ", battle)       # then a target
    assert "monica" not in texts("skill monica step-up ", battle)
    assert texts("cast taylor ", battle) == ["charm", "minion", "energy-shield", "spell"]
    assert texts("cast taylor c", battle) == ["charm"]
    assert texts("cast taylor charm --skill ", battle) == ["charm", "minion",
                                                           "energy-shield"]
    (charm,) = complete("cast taylor ch", battle)
    assert charm.meta == "Charm · level 1 · 1 use left · Major or 1 SP"
    # Josh knows no spell and has no Mentality: only who else might cast.
    assert texts("cast ", battle) == ["crossbowman", "monica", "raider", "reaver", "taylor"]


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


def test_skills_used_up_this_round_come_last_saying_why(battle):
    for _ in range(4):
        battle.execute("end")
    battle.execute("cast minion")
    offered = complete("cast taylor ", battle)
    assert [c.text for c in offered] == ["charm", "energy-shield", "spell", "minion"]
    assert offered[-1].meta == ("Minion · level 1 · 0 uses left · Major or 1 SP · not now: "
                                "no uses left this round (S24)")

"""The d20 attack (G10-G14, G19-G23, G28) as content/d20/actions.yaml declares it, played
through the engine's pipeline and computed exactly from the same steps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.play import perform
from shaper_gm.engine.steps import distribution, exact
from tests.rulesets.d20.conftest import encounter, request, tape


def hit_chance(rs, state, actor, target, **flags):
    declared = rs.library.action("attack")
    facts = declared.facts(state, rs, request("attack", actor, target, **flags))[0]
    return distribution(exact(declared.steps, facts), lambda f: f["hit"]).get(True, 0)


@pytest.fixture
def duel(rs):
    return encounter(rs, ("fighter", "fighter", "party", "A1"), ("gob", "goblin", "enemies", "B1"))


def test_attack_roll_against_ac_with_advantage_and_disadvantage(rs, duel):
    # G10, G12: the goblin's +4 against the fighter's AC 18 needs a natural 14
    assert hit_chance(rs, duel, "gob", "fighter") == Fraction(7, 20)
    assert hit_chance(rs, duel, "gob", "fighter", advantage=True) == 1 - Fraction(13, 20) ** 2
    assert hit_chance(rs, duel, "gob", "fighter", disadvantage=True) == Fraction(7, 20) ** 2
    assert hit_chance(rs, duel, "gob", "fighter", advantage=True, disadvantage=True) == \
        Fraction(7, 20)


def test_improved_critical_hits_and_doubles_dice_on_19(rs, duel):
    # G11: the fighter crits on 19-20: 2d8 + 5, the number once; the goblin (7 HP) dies
    done = perform(duel, rs, rs.library.action("attack").action(),
                   request("attack", "fighter", "gob"), tape({"attack": [[19]],
                                                              "damage": [[3, 6]]}))
    result = done.outcome.results[0]
    assert (result.facts["critical"], result.facts["damage"]) == (True, 14)
    gob = done.state.actors["gob"]
    assert (gob.hp, gob.down, [e.name for e in gob.effects]) == (0, True, ["dead"])   # G22
    assert rs.down_word(gob) == "dead"


def test_a_player_character_at_zero_is_dying_and_unconscious(rs):
    state = encounter(rs, ("orc", "orc", "enemies", "A1"), ("rogue", "rogue", "party", "B1"))
    done = perform(state, rs, rs.library.action("attack").action(),
                   request("attack", "orc", "rogue"), tape({"attack": [[20]],
                                                           "damage": [[12, 12]]}))
    rogue = done.state.actors["rogue"]
    assert (rogue.hp, rogue.down) == (0, True)                             # G23
    assert sorted(e.name for e in rogue.effects) == ["dying", "unconscious"]
    assert rs.down_word(rogue) == "dying"
    healed, _ = rs.heal(done.state, "rogue", 3)
    after, _ = rs.after_change(healed)
    assert (after.actors["rogue"].hp, after.actors["rogue"].effects) == (3, ())   # G21


def test_resistance_and_vulnerability_by_damage_type(rs):
    # G19: the skeleton is vulnerable to bludgeoning: the cleric's mace doubles
    state = encounter(rs, ("cleric", "cleric", "party", "A1"),
                      ("bones", "skeleton", "enemies", "B1"))
    done = perform(state, rs, rs.library.action("attack").action(),
                   request("attack", "cleric", "bones"), tape({"attack": [[12]],
                                                              "damage": [[3]]}))
    assert done.outcome.results[0].facts["damage"] == 10         # (3 + 2) * 2
    assert done.state.actors["bones"].hp == 3


def test_conditions_give_advantage_and_critical_hits_near(rs, duel):
    prone = rs.library.item("conditions", "prone")
    from shaper_gm.engine.state import Effect
    gob = duel.actors["gob"]
    state = duel.with_actor(gob.with_(effects=(Effect("prone", mods=tuple(
        (k, v) for k, v in prone["mods"].items())),)))
    # G28 prone: attacks from within 5 ft at advantage; its own attacks at disadvantage
    assert hit_chance(rs, state, "fighter", "gob") == 1 - Fraction(9, 20) ** 2
    assert hit_chance(rs, state, "gob", "fighter") == Fraction(7, 20) ** 2


def test_out_of_reach_is_refused_before_anything_is_paid(rs):
    state = encounter(rs, ("fighter", "fighter", "party", "A1"),
                      ("gob", "goblin", "enemies", "D1"))
    with pytest.raises(RuleViolation) as caught:
        perform(state, rs, rs.library.action("attack").action(),
                request("attack", "fighter", "gob"), tape({}))
    assert caught.value.args[0] == ("Goblin is 15 ft away: out of the Longsword's reach and "
                                    "range (G13, G14)")
    assert state.actors["fighter"].resource("action") == 1


def test_long_range_gives_disadvantage_and_beyond_it_is_refused(rs):
    # G13: the shortbow's 80/320 ft; squares of 5 ft (G6)
    def at(square):
        return encounter(rs, ("gob", "goblin", "enemies", "A1"),
                         ("fighter", "fighter", "party", square), rows=99)
    assert hit_chance(rs, at("A17"), "gob", "fighter", with_="shortbow") == Fraction(7, 20)
    assert hit_chance(rs, at("A18"), "gob", "fighter", with_="shortbow") == \
        Fraction(7, 20) ** 2                                           # 85 ft
    with pytest.raises(RuleViolation) as caught:
        hit_chance(rs, at("A66"), "gob", "fighter", with_="shortbow")   # 325 ft
    assert "325 ft away" in caught.value.args[0]


def test_parry_turns_a_hit_by_two_or_less_into_a_miss_for_the_reaction(rs):
    """The bandit captain's Parry (the creature table's trait, G18's reaction): +2 AC
    against a melee hit it sees, for its reaction; asked only when it would matter."""
    from shaper_gm.engine.decisions import Decisions
    state = encounter(rs, ("brak", "fighter", "party", "A1"),
                      ("cap", "bandit-captain", "enemies", "B1"))
    declared = rs.library.action("attack")
    facts = declared.facts(state, rs, request("attack", "brak", "cap"))[0]
    parried = Decisions(declared=[("cap", "parry")])
    assert distribution(exact(declared.steps, facts), lambda f: f["hit"])[True] == \
        Fraction(11, 20)                                         # +5 against AC 15
    assert distribution(exact(declared.steps, facts, parried), lambda f: f["hit"])[True] == \
        Fraction(9, 20)                                          # against 17; 19-20 crit
    tape_ = tape({"attack": [[11]]})
    tape_.decisions = Decisions(declared=[("cap", "parry")])
    done = perform(state, rs, declared.action(), request("attack", "brak", "cap"), tape_)
    cap = done.state.actors["cap"]
    assert (cap.hp, cap.resource("reaction")) == (65, 0)
    assert done.others == ("cap",)                               # a reaction, off its turn


def test_parry_is_not_offered_against_a_hit_it_cannot_stop(rs):
    state = encounter(rs, ("brak", "fighter", "party", "A1"),
                      ("cap", "bandit-captain", "enemies", "B1"))
    done = perform(state, rs, rs.library.action("attack").action(),
                   request("attack", "brak", "cap"), tape({"attack": [[16]], "damage": [[4]]}))
    assert done.state.actors["cap"].resource("reaction") == 1
    assert done.state.actors["cap"].hp == 65 - 9


def test_the_outcome_line_says_hit_miss_or_critical_and_the_natural_rules_are_named():
    import io

    from shaper_gm.app import new_session
    from shaper_gm.render.console import Renderer, make_console
    session = new_session(ruleset="d20", seed=1)
    for line in ("add brak --as fighter --side party --at A1", "add gob --as goblin --at B1",
                 "init brak gob", "start"):
        session.execute(line)

    def shown(line: str) -> list[str]:
        out = io.StringIO()
        Renderer(make_console(out, width=100)).show(session.execute(line), session.state)
        session.execute("undo")
        return [row.strip() for row in out.getvalue().splitlines()]

    # +5 to hit against AC 15 (G10); a natural 1 misses, a natural 20 hits and doubles
    # the dice (G11): 2d8 [4, 5] + 5 = 14.
    missed = shown("attack gob --attack 1")
    assert missed[0] == "Fighter attacks Goblin: 6 vs AC 15: miss (Action)"
    assert "a natural 1 misses, whatever the total  G10" in missed
    hit = shown("attack gob --attack 12 --damage 4")
    assert hit[0].startswith("Fighter attacks Goblin: 17 vs AC 15: hit, ")
    crit = shown("attack gob --attack 20 --damage 4,5")
    assert crit[0] == ("Fighter attacks Goblin: 25 vs AC 15: critical hit, 14 slashing "
                       "damage (Action)")
    assert "a natural 20 hits, whatever the AC  G10" in crit


def test_an_attack_or_a_save_that_deals_nothing_says_so_alone():
    """A miss (G10) and a saved sacred flame (G25: no damage on a success) say what
    happened, never '0 radiant damage': Dex save 20 + 2 against DC 13 is saved; 2 + 2
    fails, and the 1d8 (a 5) lands: Goblin HP 7 → 2."""
    from shaper_gm.app import new_session
    from shaper_gm.render.text import describe_events
    s = new_session(ruleset="d20", seed=1)
    for line in ("add sera --as cleric --side party --at A1", "add gob --as goblin --at B1",
                 "init sera gob", "start"):
        s.execute(line)

    def said(line: str) -> list[str]:
        return describe_events(s.execute(line).events,
                               {a.id: a.name for a in s.state.actors.values()})
    assert said("sacred-flame gob --save 20") == [
        "Cleric calls sacred flame on Goblin: save 20 + 2 against DC 13: saved, no damage "
        "(Action)"]
    s.execute("undo")
    assert said("sacred-flame gob --save 2 --damage 5")[0] == (
        "Cleric calls sacred flame on Goblin: save 2 + 2 against DC 13: 5 radiant damage "
        "(Action)")

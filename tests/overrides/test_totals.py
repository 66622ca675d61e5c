"""Totals called out at the table (`--roll =14`) in every dice slot of every ruleset: the
total counts whole (the roll's bonuses in it), the breakdown and the log say it was
entered, a total is never an automatic result (S2) unless the GM says so with --auto,
replay is exact, and a bad total is refused in one line without changing anything."""

from __future__ import annotations

import pytest

from overrides.conftest import as_data, demo_lines, refuse, replayed, screen, session_of, swing

CLOSE_IN = "move G5"      # the dice-pool demo's Freya, next to Barry (P7: reach)


def outcome(result):
    """The attack outcome among a command's events (any ruleset but Shaper's: `swing`)."""
    found = [e.outcome for e in result.events if hasattr(e, "outcome")]
    assert len(found) == 1, result.events
    return found[0]


# --- Shaper (S2, S4-S7) ----------------------------------------------------------------

def shown(python: str, data: str) -> str:
    """What the breakdown says of a roll, in the words of whichever version plays Shaper:
    the Python ruleset's aligned rows (`attack   total 14 (entered)`), the data
    version's roll lines (`attack roll: total 14 (entered)`), the same total entered."""
    return data if as_data() else python


def test_shaper_every_slot_takes_a_total(demo):
    s = demo("shaper", "draw josh longbow")
    text = screen(s, "attack raider --roll =14 --evade =9 --damage =7 --defense =5")
    assert s.log[-1] == "attack josh raider --roll =14 --evade =9 --damage =7 --defense =5"
    o = swing(s.history[-1])
    target = o.targets[0]
    assert (o.attack.total, target.evasion.total, target.margin) == (14, 9, 5)
    assert target.hit and not target.critical
    assert o.attack.automatic is None and target.evasion.automatic is None
    r = target.result
    # 7 damage against Defense 5 less the longbow's Pierce 2 = 3: 4 taken (S7).
    assert (r.damage, r.defense, r.effective_defense, r.taken) == (7, 5, 3, 4)
    assert s.state.actors["raider"].hp == 14
    assert shown("attack   total 14 (entered), bonuses below in it",
                 "attack roll: total 14 (entered)") in text
    assert shown("evasion  total 9 (entered)", "evasion roll: total 9 (entered)") in text
    assert shown("damage   total 7 (entered)", "damage roll: total 7 (entered)") in text
    assert shown("Defense  total 5 (entered)", "Defense roll: total 5 (entered)") in text
    assert replayed(s).state == s.state


def test_shaper_total_moves_the_dice_as_faces_would(demo):
    """The generator skips the dice a total stands for, so later rolls do not shift."""
    by_total = demo("shaper", "draw josh longbow",
                    "attack raider --roll =14 --evade =9 --damage =7 --defense =5")
    by_faces = demo("shaper", "draw josh longbow",
                    "attack raider --roll 4,4,5 --evade 2,3,4 --damage 4 --defense 2")
    assert by_total.state.dice_position == by_faces.state.dice_position
    assert by_total.state.actors["raider"].hp == by_faces.state.actors["raider"].hp == 14


def test_shaper_top_total_is_not_an_automatic_success(demo):
    """S2: 19 is 3d6+1's top total, but only faces (or the GM) make an automatic result."""
    s = demo("shaper", "draw josh longbow")
    s.execute("attack raider --roll =19 --evade =18")
    o = swing(s.history[-1])
    assert o.attack.automatic is None and o.targets[0].evasion.automatic is None
    # hit by the totals, 19 ≥ 18 (S5): the Python outcome's hit_reason, the same facts
    assert (o.attack.total, o.targets[0].evasion.total, o.targets[0].hit) == (19, 18, True)
    s.execute("attack raider --roll =4 --evade =3")
    o = swing(s.history[-1])
    assert o.attack.automatic is None and o.targets[0].hit


def test_shaper_auto_declares_the_automatic_result(demo):
    s = demo("shaper", "draw josh longbow")
    text = screen(s, "attack raider --roll =10 --auto success --evade =18 --damage =6 "
                     "--defense =4")
    o = swing(s.history[-1])
    assert o.attack.automatic == "success"          # the hit's reason (S2, S5): 10 < 18
    assert o.targets[0].hit and o.targets[0].evasion.total == 18
    assert o.targets[0].margin == -8 and not o.targets[0].critical     # S6: margin first
    assert shown("total 10 (entered; automatic success by the GM, S2)",
                 "automatic success by the GM (S2)") in text
    assert s.log[-1] == ("attack josh raider --roll =10 --auto success --evade =18 "
                         "--damage =6 --defense =4")
    # The target's evasion, named by its id: an automatic success evades (S5).
    s.execute("attack raider --roll =19 --evade =5 --auto raider=success")
    o = swing(s.history[-1])
    assert not o.targets[0].hit                     # the miss's reason (S2, S5): 19 ≥ 5
    assert o.targets[0].evasion.automatic == "success" and o.attack.automatic is None
    s.execute("attack raider --roll =19 --auto failure --evade =5")
    assert not swing(s.history[-1]).targets[0].hit
    assert replayed(s).state == s.state


def test_shaper_critical_is_decided_by_the_totals(demo):
    """S6 is a margin of totals: a total decides it, and the damage total then includes
    the critical die (1d6+3 and 1d6: 5 to 15)."""
    s = demo("shaper", "draw josh longbow")
    s.execute("attack raider --roll =19 --evade =10 --damage =15 --defense =4")
    target = swing(s.history[-1]).targets[0]
    assert target.critical and target.margin == 9
    assert target.damage == 15 and target.result.taken == 13
    assert s.state.actors["raider"].hp == 5
    refuse(demo("shaper", "draw josh longbow"),     # the data version: whose roll it is
           "attack raider --roll =19 --evade =10 --damage =16",
           *(("--damage =16: the ", "damage roll of josh (1d6+1d6+3) totals 5 to 15")
             if as_data() else ("--damage =16: the damage (1d6+3+1d6) totals 5 to 15",)))


def test_shaper_flat_defense_for_a_target_without_armor(demo):
    """The crossbowman wears no armor (no Defense roll, S7): `--defense =2` is a flat
    Defense the GM gives it; the longbow's Pierce 2 cancels it."""
    s = demo("shaper", "draw josh longbow", "place crossbowman B1")
    text = screen(s, "attack crossbowman --roll =15 --evade =8 --damage =7 --defense =2")
    r = swing(s.history[-1]).targets[0].result
    assert (r.defense, r.effective_defense, r.taken) == (2, 0, 7)
    assert s.state.actors["crossbowman"].hp == 3
    assert shown("Defense  total 2 (entered)", "Defense: total 2 (entered)") in text
    assert s.log[-1].endswith("--defense =2")
    assert replayed(s).state == s.state
    refuse(demo("shaper", "draw josh longbow", "place crossbowman B1"),
           "attack crossbowman --roll =15 --evade =8 --damage =7 --defense 3",
           "crossbowman wears no armor, so it rolls no Defense (S7)", "=N for a flat Defense")


def test_gm_damage_takes_a_defense_total(demo):
    s = demo("shaper")
    s.execute("damage raider 9 --defense =6")
    assert s.state.actors["raider"].hp == 15
    assert s.log[-1] == "damage raider 9 --defense =6"
    refuse(demo("shaper"), "damage raider 9 --defense =10",     # whose roll, by its id
           "--defense =10: the Defense roll of raider (1d6+3) totals 4 to 9" if as_data()
           else "--defense =10: the Defense of Raider (1d6+3) totals 4 to 9")
    # Without armor there is no roll (S7): a total is a flat Defense, faces are refused.
    s.execute("damage crossbowman 5 --defense =2")
    assert s.state.actors["crossbowman"].hp == 7
    assert s.log[-1] == "damage crossbowman 5 --defense =2"
    refuse(s, "damage crossbowman 5 --defense 3", "Crossbowman wears no armor",
           "=N for a flat Defense")
    assert replayed(s).state == s.state


@pytest.mark.parametrize(("line", "fragments"), [
    ("attack raider --roll =", ("--roll =: no total after '='", "e.g. =14")),
    ("attack raider --roll =x", ("--roll =x: 'x' is not a whole number",)),
    # the roll, whose, its dice and what they total, in either version's words ("the
    # attack by josh", the data version's "the attack roll of josh")
    ("attack raider --roll =-3", ("--roll =-3: the attack", "josh (3d6+1) totals 4 to 19")),
    ("attack raider --roll =20", ("--roll =20: the attack", "josh (3d6+1) totals 4 to 19",
                                  "or the faces rolled")),
    ("attack raider --roll =14 --evade =2", ("--evade =2: the evasion",
                                             "raider (3d6) totals 3 to 18")),
    ("attack raider --roll =19 --evade =10 --damage =9 --defense =3",
     ("--defense =3: the Defense", "raider (1d6+3) totals 4 to 9")),
    ("attack raider --roll 5,5,3 --auto success",
     ("--auto success: Josh's attack roll was given as faces", "S2", "--roll =N")),
    ("attack raider --auto success", ("Josh's attack roll was rolled by the tool",)),
    ("attack raider --roll =14 --auto maybe", ("an automatic result is success or failure",)),
    ("attack raider --roll =14 --auto taylor=success", ("taylor rolls nothing in this attack",)),
    ("attack raider --roll =14 --evade =5 --damage =10 --defense =4 --auto raider=success",
     ("Raider's evasion", "given as faces")),
    ("attack raider --skill piercing-strike --roll =16 --evade =5 --damage =9", (
        ("--damage =9: this damage roll also rolls Pierce dice (1d6)", "give the faces"),
        ("--damage =9: the Piercing Strike roll of josh (1d6) needs its faces here, not a "
         "total", "give the 1 face rolled in --damage"))),
])
def test_shaper_bad_totals_are_refused(demo, line, fragments):
    s = demo("shaper", "draw josh longbow")
    if "auto raider=success" in line and "given as faces" in fragments:
        line = line.replace("--evade =5", "--evade 2,3,4")
    if isinstance(fragments[0], tuple):
        # (the Python ruleset's, the data version's): the same facts (S7: the Pierce die
        # needs its faces)
        from shaper_gm.places import data_rulesets
        fragments = fragments["shaper" in data_rulesets()]
    refuse(s, line, *fragments)


def test_shaper_one_damage_total_cannot_serve_critical_and_plain_targets(demo):
    """Overswing: one damage roll for both targets, the critical die only for the
    critical one (S6): a total cannot give both damages."""
    s = demo("shaper", "end", "draw monica longsword", "place monica B3", "place raider B3",
             "place reaver B3", "engage monica raider", "engage monica reaver")
    # the data version: the critical die (for the critical target alone) needs its faces
    refuse(s, "attack monica raider --skill overswing --sp --roll =19 --evade =10 --evade =15 "
              "--damage =9", "critical", "of monica (1d6) needs its faces here, not a total"
              if as_data() else "some targets take the critical die and some do not (S6)")


# --- Dungeoneers (D11, D14, D16, D18): every total already includes the score ----------

def test_dungeoneers_strike_with_totals(demo):
    s = demo("dungeoneers")
    text = screen(s, "strike suori skeleton --roll =6 --dodge =4 --pierce =5")
    o = outcome(s.history[-1])
    assert (o.attack_total, o.defense_total, o.pierce_total) == (6, 4, 5)
    assert s.state.actors["skeleton"].resource("wounds") == 4
    assert "total 6 (entered)" in text and "total 5 (entered)" in text
    assert s.log[-1] == "strike suori skeleton --roll =6 --dodge =4 --pierce =5"
    assert replayed(s).state == s.state


def test_dungeoneers_critical_hits_come_from_the_totals(demo):
    """D18: 8 against 3 excess 5, threshold 5: one critical, the wounds dealt twice."""
    s = demo("dungeoneers")
    s.execute("strike suori skeleton --roll =8 --dodge =3 --pierce =5")
    o = outcome(s.history[-1])
    assert o.criticals == 1
    assert s.state.actors["skeleton"].resource("wounds") == 8


def test_dungeoneers_refuses_a_total_the_roll_cannot_make(demo):
    refuse(demo("dungeoneers"), "strike suori skeleton --roll =1",     # the data version
           "--roll =1: the test roll", "(1d6+2) totals 3 to 8")      # adds "of suori"


# --- Time slices (T1, T2, T9, T10, T16): a total includes the stat bonus ------------------

def test_timeslice_attack_totals_include_the_bonuses(demo):
    """The sniper's [V] bonus is +1, Kara's parry +3: 12 against 9 hits (T9)."""
    s = demo("timeslice")
    text = screen(s, "attack sniper kara --roll =12 --defend =9")
    o = outcome(s.history[-1])
    assert (o.attack_total, o.defense_total, o.hit) == (12, 9, True)
    assert dice_totals(o) == (11, 6)
    assert s.state.actors["kara"].hp == 10            # rifle 6 less DR 2 (T12)
    assert "11 (of 12 entered)" in text and "6 (of 9 entered)" in text
    assert s.log[-1] == "attack sniper kara --roll =12 --defend =9 --defense parry"
    assert replayed(s).state == s.state


def dice_totals(o) -> tuple[int, int]:
    """An attack's dice before their bonuses (T2): the Python ruleset's rolls, else the
    data version's facts."""
    if hasattr(o, "attack_roll"):
        return o.attack_roll.total, o.defense_roll.total
    return int(o.attack_dice), int(o.defense_dice)


def test_timeslice_tie_goes_to_the_defender_with_totals(demo):
    s = demo("timeslice")
    s.execute("attack sniper kara --roll =9 --defend =9")
    assert not outcome(s.history[-1]).hit


def test_timeslice_surprise_takes_totals():
    lines = [line for line in demo_lines("timeslice")
             if not line.startswith(("surprise", "start"))]
    s = session_of(*lines, "surprise enemies --roll =13 --roll =4 --roll =11 "
                   "--notice =12 --notice =8 --notice 4,4")
    mark, failed = surprise_checks(s.history[-1])
    assert mark == 9
    assert failed == [False, True, False]
    assert replayed(s).state == s.state
    refuse(session_of(*lines), "surprise enemies --roll =25",
           "--roll =25: the ", " (2d10+2) totals 2 to 20")


def surprise_checks(result) -> tuple[int, list[bool]]:
    """A surprise's mark and who of the others failed (T16): the Python ruleset's
    outcome, else the facts of each [U] check the data version played."""
    facts = [dict(e.outcome.results[-1].facts) for e in result.events
             if getattr(getattr(e, "outcome", None), "results", None)]
    if not facts:
        o = outcome(result)
        return o.mark, [c.failed for c in o.notice]
    notice = [f for f in facts if "mark" in f]
    return int(notice[0]["mark"]), [bool(f["surprised"]) for f in notice]


def test_timeslice_refuses_an_impossible_total(demo):
    # the Python ruleset names it "the stat roll", the data version "the attack of
    # sniper": the same roll, its dice and the totals it can make
    refuse(demo("timeslice"), "attack sniper kara --roll =20",
           "--roll =20: the ", " (2d10+1) totals 1 to 19")


# --- Dice pool (P1, P3, P8, P9): the pool's total is its successes -------------------------

def test_dicepool_successes_and_damage_as_totals(demo):
    """3 successes of 5 dice against DT 2: margin 1, 2d8 damage; the total 9 includes
    Freya's +4 STR (P8); the 2 failures leave the pool (P9)."""
    s = demo("dicepool", CLOSE_IN)
    text = screen(s, "attack barry --roll =3 --damage =9")
    o = outcome(s.history[-1])
    assert (o.successes, o.failures, o.margin, o.damage_dice, o.damage) == (3, 2, 1, 2, 9)
    assert s.state.actors["barry"].hp == 3
    assert s.state.actors["freya"].resource("pool") == 3
    assert "3 successes (4+, entered)" in text
    assert "total 9 (entered, +4 STR in it)" in text
    assert "2 dice that failed leave the pool" in text
    assert s.log[-1] == "attack freya barry --roll =3 --damage =9"
    assert replayed(s).state == s.state


@pytest.mark.parametrize(("line", "why"), [
    ("attack barry --roll =6",                       # a data roll says whose it is
     "--roll =6: the pool of freya (successes) (5d6, 4+) totals 0 to 5"),
    ("attack barry --roll =3 --damage =21",
     "--damage =21: the damage of freya (2d8+4) totals 6 to 20"),
])
def test_dicepool_refuses_impossible_totals(demo, line, why):
    refuse(demo("dicepool", CLOSE_IN), line, why)


# --- Reactions (R3, R5): one d20 against a target, so its total is its face -----------------

def test_reactions_blocks_and_critical_as_totals(demo):
    s = demo("reactions", "move cy D3")
    text = screen(s, "attack bo --react bo=block --react bo=block --block =5 --block =11 "
                     "--crit =16")
    o = outcome(s.history[-1])
    assert "block 1 (1 reaction): d20 5 (entered) vs 12, failure" in text
    assert "block 2 (1 reaction): d20 11 (entered) vs 12, failure" in text
    assert o.critical and o.damage == 18
    assert s.state.actors["bo"].hp == 42
    assert "d20 5 (entered) vs 12, failure" in text
    assert "critical roll: d20 16 (entered) vs 15, success" in text
    assert s.log[-1] == ("attack cy bo --react bo=block --react bo=block --block =5 "
                         "--block =11 --crit =16")
    assert replayed(s).state == s.state
    refuse(demo("reactions"), "attack bo --crit =21",
           "--crit =21: the critical roll of cy (1d20) totals 1 to 20")

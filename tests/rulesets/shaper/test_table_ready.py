"""What a GM at a live table needs from Shaper (issue 22): mixed payment of skills,
item handling on the battlefield, free hands for spells, creation limits, the words of
results, attacks on allies, effects and GM overrides. Numbers worked from the rulings."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.render.text import describe_events
from tests.rulesets.shaper.conftest import battle as session
from tests.rulesets.shaper.conftest import replayed
from tests.rulesets.shaper.test_data_examples import gripped, holding
from tests.rulesets.twins import python_played


def lines(s: Session, command: str) -> list[str]:
    result = s.execute(command)
    return describe_events(result.events, {a.id: a.name for a in s.state.actors.values()})


def worded(python: list[str], data: list[str]) -> list[str]:
    """The lines of the Python ruleset, or those of the version written as data when it
    plays `shaper` (`--as-data shaper`): the same facts, a skill's use this round (S24)
    on a line of its own."""
    from shaper_gm.places import data_rulesets
    return data if "shaper" in data_rulesets() else python


# --- 1. a skill paid with any mix of Major actions and SP (S18, S23) -------------------

def test_a_skill_can_be_paid_with_sp_beside_others_paid_with_majors():
    """Josh (3 Major, 1 SP) spends a Major, then attacks with two skills: the attack and
    each skill cost a Major (S19, S23), 3 in all, and he has 2 left. Refused whole, with
    what it costs and what he has; then Piercing Strike paid with his 1 SP: 1 Major for
    the attack + 1 for Longshot = 2 Major, and 1 SP."""
    s = session("draw longbow", "act major aims")
    with pytest.raises(GmError) as refused:
        s.execute("attack raider --skill piercing-strike --skill longshot")
    text = str(refused.value)
    assert "costs 3 Major" in text and "has 2 Major" in text and "spent 3 of 3" not in text
    assert "--skill longshot:sp" in text
    out = lines(s, "attack raider --skill piercing-strike:sp --skill longshot "
                   "--roll 4,4,4 --evade 1,1,1 --damage 1,1,1 --defense 1")
    outcome = ("13 vs 3 (evasion automatic failure), critical hit; 5 damage, Defense 4 - "
               "Pierce 3 = 1 stops 1, 4 gets through, HP 18 → 14")
    assert out == worded(
        ["Josh attacks Raider with the longbow (Piercing Strike, Longshot; spent 2 Major and "
         f"1 SP): {outcome}"],
        [f"Josh attacks Raider with the longbow (piercing-strike, longshot, 2 Major, 1 SP): "
         f"{outcome}",
         "Josh gains used-piercing-strike (used_piercing_strike +1) (until the start of "
         "Josh's turn)",
         "Josh gains used-longshot (used_longshot +1) (until the start of Josh's turn)"])
    josh = s.state.actors["josh"]
    assert (josh.resource("major"), josh.resource("sp")) == (0, 0)
    assert "--skill piercing-strike:sp --skill longshot" in s.log[-1]
    assert replayed(s).state == s.state


def test_an_attacks_first_line_says_all_it_spent_whatever_paid_it():
    """S18, S19, S23: the attack's line names the whole cost, the skills included, in
    one phrase: the attack (Major) + Longshot (Major) = 2 Major; + Piercing Strike paid
    with SP: 2 Major and 1 SP; alone, (Major) as before. No line of its own per skill."""
    s = session("draw longbow")
    first = lines(s, "attack raider --skill longshot --roll 3,3,3 --evade 6,6,6")
    assert first == worded(
        ["Josh attacks Raider with the longbow (Longshot; spent 2 Major): 10 vs 18 (evasion "
         "automatic success), miss"],
        ["Josh attacks Raider with the longbow (longshot, 2 Major): 10 vs 18 (evasion "
         "automatic success), miss",
         "Josh gains used-longshot (used_longshot +1) (until the start of Josh's turn)"])
    s.execute("end")
    assert replayed(s).state == s.state


def test_a_spell_with_added_spell_skills_says_all_it_spent():
    """S25: Kim (Mentality 1) casts Charm with two spell skills added: 1 + 2 - 1 (the
    Mentality reduction) = 2 triggers, one paid with SP (`minion:sp`), one a Major."""
    s = new_session(seed=3)
    for line in ("add kim --level 4 --mentality 1 --skill charm --skill energy-shield "
                 "--skill minion --side party --at C5", "add monica --as monica --side party "
                 "--at C5", "init kim monica", "start"):
        s.execute(line)
    sp = s.state.actors["kim"].resource("sp")
    out = lines(s, "cast charm monica --skill energy-shield --skill minion:sp")
    assert out[0] == worded(
        "Kim uses Charm on Monica (Energy Shield, Minion; spent 1 SP and 1 Major)",
        "Kim uses Charm on Monica (energy-shield, minion, Major, 1 SP)")
    kim = s.state.actors["kim"]
    assert (kim.resource("major"), kim.resource("sp")) == (2, sp - 1)


def test_a_refusal_counts_only_what_was_spent_before_the_action():
    """S12, S18: Josh spends 2 Major; moving from B4 to E4 is 3 Short distances, 3 Major:
    refused whole, before any is paid, saying it costs 3 and he has 1 (not "spent 3 of 3
    Major", which a refusal met on the second part would have counted). Then a Minor
    paid by his last Major (S18) after his own Minor went on the longbow: a fourth action
    is refused with 1 of 1 Minor and 3 of 3 Major spent, in one phrase."""
    s = session("draw longbow", "act major aims", "act major waits")
    before = s.state
    with pytest.raises(GmError) as refused:
        s.execute("move E4")
    text = str(refused.value)
    assert text.startswith("this move costs 3 Major; Josh has 1 Major, 0 Minor") and \
        "spent" not in text and "\n" not in text
    assert s.state == before
    assert lines(s, "act minor ducks") == ["Josh: ducks (Major for a Minor)"]
    with pytest.raises(GmError) as refused:
        s.execute("act minor hides")
    assert str(refused.value).startswith(
        "no Minor action left and nothing that may pay for it (Major) (S18): Josh has spent "
        "1 of 1 Minor and 3 of 3 Major;")


# --- 2. switching, dropping and picking up items; thrown weapons lie on the field -------

def saved_and_read(s: Session, tmp_path) -> Session:
    from shaper_gm.persist.saves import read_save, write_save
    path = tmp_path / "fight.yaml"
    write_save(s, path)
    return read_save(path)


def test_switch_drop_and_pickup_cost_what_the_ruleset_lists(tmp_path):
    """S19: switch weapons is a Major; drop a held item is Free; pick up an item within
    Melee range (beside you) is a Minor. Monica (3 Major, 1 Minor, 1 Free) holds her
    shield: draw the longsword (Minor); the greatsword takes two hands, more than the
    longsword frees (S19a); drop the shield (Free), switch the longsword for the
    greatsword (Major); her hands are full for the shield; sheathe the greatsword (a
    Major paying for the Minor, S18); pick the shield up (another): no Major left."""
    s = session("end")
    drew = "Monica draws the longsword (Minor)"
    assert lines(s, "draw longsword") == [drew]
    with pytest.raises(GmError, match=r"greatsword needs more hands than the longsword"):
        s.execute("switch longsword greatsword")
    dropped = "Monica drops the shield (Free)"
    assert lines(s, "drop shield") == worded([dropped], [dropped, "Shield lands on C5, by Monica"])
    with pytest.raises(GmError, match=r"shield lies in C5 \(S19\).*pickup shield"):
        s.execute("draw shield")
    switched = "Monica switches the longsword for the greatsword (Major)"
    assert lines(s, "switch longsword greatsword") == [switched]
    with pytest.raises(GmError, match=r"hands are full \(greatsword\)"):
        s.execute("pickup shield")
    s.execute("sheathe greatsword")
    picked = "Monica picks up the shield (Major for a Minor)"
    assert lines(s, "pickup shield") == [picked]
    monica = s.state.actors["monica"]
    assert holding(s, "monica") == ("shield",)
    if python_played(s.state.ruleset, "shaper"):
        assert monica.system.away == ()          # nothing it carries lies elsewhere
    else:
        assert monica.sheet.shield == "shield"   # carried again (its sheet's shield)
    assert monica.resource("major") == 0 and s.state.system.lying == ()
    assert replayed(s).state == s.state
    after = s.state
    s.execute("undo 3")                  # the pickup, the sheathe and the switch
    assert holding(s, "monica") == ("longsword",)
    assert s.state.system.lying == (("shield", "C5", "monica"),)
    s.execute("redo 3")
    assert s.state == after
    assert saved_and_read(s, tmp_path).state == s.state


def test_a_thrown_weapon_lies_beside_its_target_and_is_picked_up_there(tmp_path):
    """A javelin (content: thrown) leaves Zed's hand and lies beside the raider in B3;
    from B4 Zed cannot reach it; in B3 it is within Close range, not Melee (Zed is not
    engaged with the raider): a Major (S19). Once engaged with the raider it is within
    Melee range: a Minor."""
    s = new_session(seed=5)
    for line in ("add zed --finesse 1 --weapon javelin --weapon longsword --side party "
                 "--at B4", "add raider --as raider --at B3", "init zed raider", "start",
                 "draw javelin"):
        s.execute(line)
    out = lines(s, "attack raider --roll 5,5,5 --evade 4,4,4 --damage 3 --defense 1")
    assert "Zed's javelin lies in B3 (S19)" in out
    assert s.state.system.lying == (("javelin", "B3", "raider"),)
    assert holding(s, "zed") == ()
    with pytest.raises(GmError, match="no javelin lies in B4; it lies in B3"):
        s.execute("pickup javelin")
    s.execute("move B3")
    from shaper_gm.shell.completion import complete
    cost = [o for o in complete("pickup ", s) if o.text not in s.state.actors]   # pickup <Tab>
    assert [(o.text, o.meta) for o in cost] == [("javelin", "B3 · Close · Major")]
    s.execute("end")
    s.execute("end")
    s.execute("engage raider")
    assert lines(s, "pickup javelin") == ["Zed picks up the javelin (Major for a Minor)"]
    assert holding(s, "zed") == ("javelin",)
    assert replayed(s).state == s.state
    assert saved_and_read(s, tmp_path).state == s.state


def test_an_item_picked_up_by_another_is_theirs_to_use():
    """The raider drops his longsword; Monica, beside him in his engagement, picks it up
    within Melee range (a Minor) and can attack with it; the raider cannot draw it. The
    data version says the same drop and pick-up, and where the longsword lies and is
    taken from on lines of their own (worded())."""
    s = session("end", "place monica B1", "engage monica raider", "end")
    dropped = "Raider drops the longsword (Free)"
    assert lines(s, "drop longsword") == worded([dropped], [
        dropped, "Longsword lands on B1, by Raider"])
    for _ in range(5):                   # Taylor, the crossbowman, the reaver; Josh
        s.execute("end")
    picked = "Monica picks up the longsword (Minor)"
    assert lines(s, "pickup longsword") == [picked]
    assert "longsword" in s.state.actors["monica"].sheet.weapons
    s.execute("attack raider --with longsword --roll 3,3,3 --evade 6,6,6")
    assert replayed(s).state == s.state


# --- 3. a free hand to cast (S19a); level-1 items (S27) ----------------------------------

def test_an_offensive_spell_needs_a_free_hand_or_a_held_focus():
    """S19a: two hands, both full (longsword and dagger): the offensive spell is refused;
    a dropped dagger frees a hand (Free). A held wand is a focus: casting with it and a
    longsword in hand is allowed (spell_free_hands: 1 in content, a focus counts)."""
    s = new_session(seed=3)
    for line in ("add kim --mentality 1 --weapon longsword --weapon dagger --holding longsword "
                 "--holding dagger --side party --at A1",
                 "add ula --mentality 1 --weapon longsword --weapon wand --holding longsword "
                 "--holding wand --side party --at A1",
                 "add raider --as raider --at A1", "init kim ula raider", "start"):
        s.execute(line)
    with pytest.raises(GmError) as refused:
        s.execute("cast spell raider --roll 3,3,3 --evade 6,6,6")
    assert "no free hand to cast (S19a)" in str(refused.value)
    assert "\n" not in str(refused.value)
    s.execute("drop dagger")
    s.execute("cast spell raider --roll 3,3,3 --evade 6,6,6")
    s.execute("end")
    s.execute("cast spell raider --roll 3,3,3 --evade 6,6,6")    # Ula: wand and longsword
    assert replayed(s).state == s.state


@pytest.mark.parametrize("flags", ["--weapon longsword --weapon dagger --shield",
                                   "--weapon longbow --weapon dagger --weapon spear"])
def test_a_level_1_actor_starts_with_two_weapons_or_a_weapon_and_a_shield(flags):
    """S27: three hand items at level 1 are refused at add, in one line; the same at level
    2 (a level the ruling does not limit) is accepted."""
    s = new_session(seed=3)
    with pytest.raises(GmError) as refused:
        s.execute(f"add zed --finesse 1 {flags}")
    assert "carries 3 items" in str(refused.value) and "(S27)" in str(refused.value)
    assert "\n" not in str(refused.value) and "zed" not in s.state.actors
    s.execute(f"add zed --level 2 --finesse 1 {flags}")
    assert "zed" in s.state.actors


# --- 4. automatic results on any basic roll; an Energy Shield partly used; bands ---------

def test_a_basic_roll_with_bonuses_still_shows_its_automatic_result():
    """S1, S2: 3d6 + bonuses is a basic roll; all sixes is an automatic success, all
    ones an automatic failure, whatever the bonus (6+6+6+2 = 20, 1+1+1-1 = 2)."""
    s = session()
    assert lines(s, "roll 3d6+2 --faces 6,6,6") == [
        "3d6+2: [6, 6, 6] + 2 = 20 (automatic success)"]
    assert lines(s, "roll 3d6-1 --faces 1,1,1") == [
        "3d6-1: [1, 1, 1] - 1 = 2 (automatic failure)"]
    assert "automatic" not in lines(s, "roll 2d6+2 --faces 6,6")[0]


def test_a_partly_used_energy_shield_says_what_it_has_left():
    """S7, S26: Energy Shield absorbs 2. Damage 2 against Defense [1] = 1: 1 gets
    through, 1 absorbed, 1 left to absorb, the shield stays; damage 4: 3 through, the
    last 1 absorbed, HP 13 - 2 = 11, and now it is used up."""
    s = session("cast taylor energy-shield --sp")
    out = lines(s, "damage taylor 2 --defense 1")
    # the damage's own line: the last (after the Defense roll's), or the data version's
    # first (its HP line after it)
    said = worded(out[-1:], out[:1])[0]
    assert said.endswith("1 gets through, 1 absorbed, 1 left to absorb, no HP lost")
    assert not any("used up" in line for line in out)
    assert s.state.actors["taylor"].effect_total("absorb") == 1
    out = lines(s, "damage taylor 4 --defense 1")
    assert "HP 13 → 11" in out[-2] and out[-1] == "Taylor's Energy Shield is used up"


def test_an_engaged_casters_foe_is_at_melee_range_another_in_its_zone_at_close():
    """S11: two actors in one zone are at Close range, at Melee range only in the same
    engagement; Taylor, engaged with the raider, casts at him (Melee) and at the reaver
    who stands in the zone unengaged (Close)."""
    from shaper_gm.rulesets.shaper.events import AttackResolved
    s = session("end", "end", "end", "place taylor B1", "engage taylor raider",
                "place reaver B1")
    at = []
    for target in ("raider", "reaver"):
        result = s.execute(f"cast spell {target} --roll 4,4,4 --evade 1,2,2 --damage 1 "
                           "--defense 1")
        at += [e.situation for e in result.events if isinstance(e, AttackResolved)]
    assert at == [("Raider: Melee, engaged (S11)",), ("Reaver: Close (max Close)",)]


# --- 5. attacking an ally takes --ally ---------------------------------------------------

def test_attacking_an_ally_is_refused_without_ally_and_says_how():
    """Josh and Monica are both party: the attack is refused in one line naming --ally,
    nothing is spent; with --ally it is an attack like any other, and replays."""
    s = session("draw longbow")
    before = s.state
    with pytest.raises(GmError) as refused:
        s.execute("attack monica")
    assert "Monica is on Josh's side (party)" in str(refused.value)
    assert "add --ally" in str(refused.value) and "\n" not in str(refused.value)
    assert s.state == before
    s.execute("attack monica --ally --roll 3,3,3 --evade 6,6,6")
    assert s.log[-1] == "attack josh monica --ally --roll 3,3,3 --evade 6,6,6"
    assert replayed(s).state == s.state


# --- 6. effects refresh; the GM's HP; one attack's target modifiers and Pierce -----------

def test_a_same_name_effect_refreshes_instead_of_stacking():
    """S26: a second Charm from Kim (Charm at level 2 may be used twice a round, S24)
    replaces the first: Monica's attack gains +1, not +2; a GM effect of the same name
    (any case) replaces the old one."""
    s = new_session(seed=3)
    for line in ("add kim --level 2 --mentality 1 --skill charm:2 --side party --at C5",
                 "add monica --as monica --side party --at C5", "init kim monica", "start"):
        s.execute(line)
    s.execute("cast charm monica")
    s.execute("cast charm monica")
    assert s.state.actors["monica"].effect_total("attack") == 1
    s.execute("effect monica blessed --attack 1")
    s.execute("effect monica Blessed --attack 2")
    assert [e.name for e in s.state.actors["monica"].effects] == ["Charm", "Blessed"]
    assert s.state.actors["monica"].effect_total("attack") == 3
    assert replayed(s).state == s.state


def test_the_gm_sets_max_hp_and_temporary_hp(tmp_path):
    """Monica: 13 HP. max_hp=20 then heal 10: 20 HP; max_hp=12: HP drops to 12.
    temp_hp=3 soaks after Defense (S7): damage 8, Defense [1] + 3 = 4, 4 through, 3
    soaked, HP 12 - 1 = 11, the temporary HP used up."""
    s = session("set monica max_hp=20", "heal monica 10")
    assert (s.state.actors["monica"].hp, s.state.actors["monica"].max_hp) == (20, 20)
    s.execute("set monica max_hp=12")
    assert (s.state.actors["monica"].hp, s.state.actors["monica"].max_hp) == (12, 12)
    assert lines(s, "set monica temp_hp=3") == ["Monica: temporary HP 0 → 3 (set by the GM)"]
    out = lines(s, "damage monica 8 --defense 1")
    assert "4 gets through, 3 absorbed, HP 12 → 11" in out[-2]
    assert out[-1] == "Monica's Temporary HP is used up"
    with pytest.raises(GmError, match="max_hp must be a whole number, 1 to"):
        s.execute("set monica max_hp=0")
    assert replayed(s).state == s.state
    assert saved_and_read(s, tmp_path).state == s.state


def test_one_attack_takes_target_side_modifiers_and_the_gms_pierce():
    """S3, S7: --target-adv makes the raider's lowest evasion die a 6: [1,2,3] -> 6+2+3
    = 11. --pierce 5 replaces the longbow's Pierce 2: Defense [6] + 3 = 9, 9 - 5 = 4
    stops 4 of 6 (damage [3] + 3), 2 through: HP 18 -> 16."""
    s = session("draw longbow")
    out = lines(s, "attack raider --pierce 5 --target-adv --roll 4,4,4 --evade 1,2,3 "
                   "--damage 3 --defense 6")
    line = ("Josh attacks Raider with the longbow (Major): 13 vs 11, hit; 6 damage, "
            "Defense 9 - Pierce 5 = 4 stops 4, 2 gets through, HP 18 → 16")
    assert out == [line]
    assert replayed(s).state == s.state


def test_effects_change_defense_and_advantage():
    """S3, S7, S26: Josh's effect adv 1 turns his lowest die to 6: [1,2,3] -> 6+2+3 + 1
    Finesse = 12; the raider's effect defense 2: Defense [6] + 3 + 2 = 11, - Pierce 2 =
    9, which stops all 6 damage. adv -2 is two Disadvantages: [4,5,6] -> 4+1+1 + 1 = 7."""
    s = session("draw longbow", "effect josh hawk --adv 1", "effect raider stone --defense 2")
    out = lines(s, "attack raider --roll 1,2,3 --evade 1,2,3 --damage 3 --defense 6")
    assert out[-1].endswith("12 vs 6, hit; 6 damage, Defense 11 - Pierce 2 = 9 stops all of "
                            "it, no HP lost")
    s.execute("effect josh hawk --adv -2")
    out = lines(s, "attack raider --roll 4,5,6 --evade 6,6,1")
    assert "7 vs 13, miss" in out[-1]
    assert replayed(s).state == s.state


def test_the_minion_bonus_is_a_choice_the_caster_is_offered():
    """S21, S28: Taylor (Mentality 1) summons a Minion (5 HP): by default it wears tier 1
    armor, as in the battle; --minion-bonus hp gives 5 + 3 x 1 = 8 HP instead, attack
    +1 a lasting bonus; the line names the choice and the others."""
    s = session("end", "end", "end")
    out = lines(s, "cast minion --minion-bonus hp")
    assert out[-worded(1, 3):] == worded(
        ["Taylor summons Taylor's Minion in C5 (S21, bonus: hp; or --minion-bonus "
         "armor|attack|evasion)"],
        ["Taylor uses Minion on Taylor (S21, bonus: hp; or --minion-bonus "
         "armor|attack|evasion, Major)",
         "Taylor's Minion (taylor-minion) joins the party at C5, 8 HP",
         "Taylor gains used-minion (used_minion +1) (until the start of Taylor's turn)"])
    minion = s.state.actors["taylor-minion"]
    assert (minion.max_hp, minion.sheet.armor or None) == (8, None)   # no armor ('')
    s.execute("set taylor major=3")
    s.execute("undo 2")
    s.execute("cast minion")
    assert s.state.actors["taylor-minion"].sheet.armor == "armor-t1"
    s.execute("undo")
    s.execute("cast minion --minion-bonus attack")
    assert s.state.actors["taylor-minion"].effect_total("attack") == 1
    with pytest.raises(GmError, match="Charm offers no bonus to choose"):
        s.execute("cast charm monica --minion-bonus hp")
    assert replayed(s).state == s.state


def test_switching_grip_takes_both_hands_for_the_two_handed_damage():
    """S19: switch grip is a Minor. Zed (Vigor 1) grips the spear (content: 1d6+2, in
    both hands 1d6+3): damage [3] + 3 + 1 Vigor = 7; both hands are full, so the dagger
    cannot be drawn; gripping it back in one hand (a Major for the Minor) frees one."""
    s = new_session(seed=5)
    for line in ("add zed --vigor 1 --weapon spear --weapon dagger --holding spear "
                 "--side party --at B3", "add raider --as raider --at B3", "init zed raider",
                 "start", "engage raider"):
        s.execute(line)
    both = "Zed grips the spear in both hands (Major for a Minor)"
    assert lines(s, "grip spear") == [both]
    out = lines(s, "attack raider --roll 4,4,4 --evade 1,2,2 --damage 3 --defense 1")
    assert "7 damage" in out[0]
    with pytest.raises(GmError, match=r"hands are full \(spear\)"):
        s.execute("draw dagger")
    one = "Zed grips the spear in one hand (Major for a Minor)"
    assert lines(s, "grip spear") == [one]
    assert gripped(s, "zed") == ()
    s.execute("end")
    s.execute("end")
    s.execute("draw dagger")
    with pytest.raises(GmError, match="the dagger has one grip"):
        s.execute("grip dagger")
    assert replayed(s).state == s.state


def test_completion_offers_the_new_verbs_arguments():
    """Completion: an item lying within reach with its range and cost (S11, S19), what
    is held for switch and grip, and the summon bonuses a caster may choose."""
    from shaper_gm.shell.completion import complete
    s = new_session(seed=5)
    for line in ("add zed --vigor 1 --weapon spear --weapon javelin --holding spear "
                 "--holding javelin --side party --at B3", "add raider --as raider --at B3",
                 "init zed raider", "start", "drop javelin"):
        s.execute(line)
    offered = [(c.text, c.meta) for c in complete("pickup ", s)]
    assert offered[0] == ("javelin", "B3 · Melee · Minor")
    assert [c.text for c in complete("switch ", s)][0] == "spear"
    assert [c.text for c in complete("grip ", s)][0] == "spear"
    assert [c.text for c in complete("cast zed minion --minion-bonus ", s)] == [
        "armor", "attack", "evasion", "hp"]


def test_draw_offers_what_free_hands_can_take_first():
    """`draw <Tab>` offers the stowed items the actor's free hands can take, then those
    they cannot, saying so (S19a): Josh holding his two-handed longbow has no hand for
    the dagger; with empty hands both fit."""
    s = new_session(seed=5)
    for line in ("add josh --as josh --side party --at B4", "add raider --as raider --at B3",
                 "init josh raider", "start"):
        s.execute(line)
    rs = s.ruleset_for(s.state)
    empty = rs.offers(s.state, "item", "josh", "draw")
    assert [(o.text, o.rank) for o in empty] == [("longbow", 0), ("dagger", 0)]
    s.execute("draw longbow")
    full = rs.offers(s.state, "item", "josh", "draw")
    assert [(o.text, o.rank) for o in full] == [("dagger", 1)]
    assert full[0].meta.endswith("not now: hands full")

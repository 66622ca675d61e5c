"""The source's worked 3-vs-3 battle ("Putting it All Together") played as commands.

Dice are given as faces so that every total the narrative states comes out. Where the
narrative contradicts itself or the rulings, the comment says which reading is taken;
where the rules force a different outcome, the test asserts what the rules give.
Readings already taken in content/*/source-battle.yaml: the raider is the first enemy
(tier 2 armor, 18 HP), the crossbowman the second (no armor, 10 HP, Finesse 1), the
reaver the third (Overswing, Retreat, tier 1 armor, 20 HP).
"""

from __future__ import annotations

from shaper_gm.engine.events import ActionSpent, EffectEnded, ResourceChanged
from tests.rulesets.twins import python_played

from .conftest import attack_outcome, engaged_with, events_of, refuse


def pool(session, actor_id: str) -> dict[str, int]:
    """Its Major, Minor and Free actions left (S18)."""
    actor = session.state.actors[actor_id]
    return {kind: actor.resource(kind) for kind in ("major", "minor", "free")}


def hp(session, actor_id: str) -> int:
    return session.state.actors[actor_id].hp


def spent(result) -> list:
    """(action, what paid for it) for each action a command spent; under the version
    written as data (`--as-data shaper`), which pays an action and the skills added to it
    as one payment, what paid each unit, in order (`paid_as` reads the pairs so)."""
    if python_played("shaper", "shaper"):
        return [(e.action, e.paid[0][0]) for e in events_of(result, ActionSpent)]
    return [payer for e in events_of(result, ActionSpent) for payer, n in e.paid
            for _ in range(n)]


def effects(session, actor_id: str) -> tuple:
    """Its effects, but the data version's marks of a skill's uses this round (S24,
    used-SKILL), which the Python ruleset counts apart."""
    return tuple(e for e in session.state.actors[actor_id].effects
                 if not e.name.startswith("used-"))


def defense_dice(session, actor) -> str:
    """Its armor's Defense dice (S7): the Python sheet's, or its armor item's under the
    version written as data."""
    if python_played("shaper", "shaper"):
        return actor.sheet.defense
    armor = session.ruleset_for(session.state).library.kind("armor")
    return armor[actor.sheet.armor]["defense"] if actor.sheet.armor else ""


def paid_as(pairs: list[tuple[str, str]]) -> list:
    """The (action, payer) pairs as `spent` reads them for the version playing."""
    if python_played("shaper", "shaper"):
        return pairs
    return [payer for _, payer in pairs]


def test_the_source_battle(battle):
    s = battle
    do = s.execute
    assert (s.state.round, s.state.turn) == (1, "josh")
    assert [a.max_hp for a in s.state.actors.values()] == [13, 13, 13, 18, 10, 20]

    # --- Round 1, Josh ------------------------------------------------------------
    # "pulling out your bow will require a Minor Action"
    assert spent(do("draw longbow")) == paid_as([("draw", "minor")])
    # The crossbowman is "1, 2, 3, 4 Short distances away": Long+1, one band beyond the
    # longbow's Long, so Disadvantage (S13); the odds view names it.
    odds = do("odds crossbowman").view
    assert any("beyond max range" in note for note in odds.assumed)
    # "the second furthest target which is at Long range": the raider.
    out = attack_outcome(do("attack raider --roll 4,5,5 --evade 3,2,3 --damage 3 --defense 5"))
    raider = out.target("raider")
    assert out.attack.total == 15 and out.plan.modifiers == ()     # 14 + 1 Finesse
    assert raider.evasion.total == 8 and raider.hit and not raider.critical
    # 6 damage, Pierce 2, "completely absorbed by the armor": Defense 8 (1d6+3).
    assert (raider.damage, raider.pierce, raider.result.defense) == (6, 2, 8)
    assert raider.result.taken == 0 and hp(s, "raider") == 18
    # Piercing Strike paid with a Major: 16 vs 16, ties go to the attacker (S5).
    result = do("attack raider --skill piercing-strike --roll 3,6,6 --evade 4,6,6 "
                "--damage 6,3 --defense 1")
    assert spent(result) == paid_as([("attack", "major"), ("skill", "major")])
    raider = attack_outcome(result).target("raider")
    assert attack_outcome(result).attack.total == 16 and raider.evasion.total == 16
    assert raider.hit and (not hasattr(raider, "hit_reason") or       # the data version
                           "16 ≥ 16" in raider.hit_reason)          # words no reason
    # 9 damage, Pierce 2 + 1d6 (3) = 5 cancels the Defense of 4: all 9 go through.
    assert (raider.damage, raider.pierce, raider.result.defense) == (9, 5, 4)
    assert raider.result.taken == 9 and hp(s, "raider") == 9
    assert pool(s, "josh") == {"major": 0, "minor": 0, "free": 1}   # "no more actions"
    assert s.state.actors["josh"].resource("sp") == 1                            # SP kept
    do("end")

    # --- Round 1, Monica ----------------------------------------------------------
    assert s.state.turn == "monica"
    assert spent(do("draw longsword")) == paid_as([("draw", "minor")])
    move = do("move D3")                       # "1, 2 short distances": a Medium move
    assert spent(move) == paid_as([("move", "major")] * 2)
    # Raising the shield is a Minor; with the Minor spent a Major pays for it (S18).
    assert spent(do("raise")) == paid_as([("raise_shield", "major")])
    assert pool(s, "monica") == {"major": 0, "minor": 0, "free": 1}
    do("end")

    # --- Round 1, the raider ------------------------------------------------------
    assert s.state.turn == "raider"
    # B1 to D3: 3 Short distances
    assert spent(do("move D3")) == paid_as([("move", "major")] * 3)
    do("engage monica")
    assert engaged_with(s.state, "monica") == ["raider"]
    assert pool(s, "raider") == {"major": 0, "minor": 0, "free": 1}   # "all of their actions"
    do("end")

    # --- Round 1, Taylor ----------------------------------------------------------
    assert s.state.turn == "taylor"
    # Charm reaches Close without the wand; Monica at D3 is Medium from C5 (S13).
    refuse(s, "cast charm monica", "Medium", "Close", "S13")
    do("draw wand")
    do("move C4")
    charm = do("cast charm monica")             # Short from C4 with the wand: in reach
    assert spent(charm) == paid_as([("skill", "major")])
    assert [(e.name, e.mod("attack"), e.mod("damage"), e.until)
            for e in effects(s, "monica")] == [
        ("Shield raised", 0, 0, "start:monica"), ("Charm", 1, 1, "start:taylor")]
    do("cast minion")
    minion = s.state.actors["taylor-minion"]
    assert (minion.summoner, minion.zone, defense_dice(s, minion)) == ("taylor", "C4", "1d6")
    assert pool(s, "taylor") == {"major": 0, "minor": 0, "free": 1}
    # The minion acts on Taylor's turn with its own pool: 1 Major, 1 Minor (S21).
    assert pool(s, "taylor-minion") == {"major": 1, "minor": 1, "free": 0}
    do("move taylor-minion D3")
    do("engage taylor-minion monica")
    assert engaged_with(s.state, "monica") == ["raider", "taylor-minion"]
    do("end")

    # --- Round 1, the crossbowman -------------------------------------------------
    assert s.state.turn == "crossbowman"
    do("draw crossbow")
    refuse(s, "attack taylor", "not loaded", "S19")
    # "load it": Minor paid by a Major
    assert spent(do("reload")) == paid_as([("reload", "major")])
    # Taylor answers with Energy Shield off her turn, paid with SP (S23).
    shield = do("cast taylor energy-shield --sp")
    assert spent(shield) == paid_as([("skill", "sp")])
    assert s.state.actors["taylor"].resource("sp") == 0
    out = attack_outcome(do("attack taylor --roll 6,6,6 --evade 2,3,5 --damage 5,5 --defense 6"))
    taylor = out.target("taylor")
    assert out.attack.automatic == "success" and out.attack.total == 19
    assert taylor.evasion.total == 10
    # "within the threshold": the margin, 19 - 10 (S6)
    assert taylor.hit and taylor.critical and out.attack.total - taylor.evasion.total == 9
    # 13 damage; Defense 6 less Pierce 4 = 2; 11 taken; Energy Shield absorbs 2: 9.
    assert (taylor.damage, taylor.result.defense, taylor.pierce) == (13, 6, 4)
    assert (taylor.result.taken, taylor.result.absorbed) == (11, 2)
    assert hp(s, "taylor") == 4
    assert effects(s, "taylor") == ()                               # the shield is used up
    do("reload")                                       # "their last action"
    assert pool(s, "crossbowman")["major"] == 0
    do("end")

    # --- Round 1, the reaver ------------------------------------------------------
    assert s.state.turn == "reaver"
    assert spent(do("move D3")) == paid_as([("move", "major")] * 2)
    do("engage monica")
    assert pool(s, "reaver")["major"] == 1              # "1 Major Action left"
    # With one Major left, Overswing is paid with SP. It attacks every engaged enemy:
    # Monica and the minion (the raider is on its side).
    result = do("attack monica --skill overswing --sp --roll 4,5,6 --evade 3,4,6 "
                "--evade 1,2,2 --damage 2,5 --defense 3 --defense 1")
    assert spent(result) == paid_as([("attack", "major"), ("skill", "sp")])
    out = attack_outcome(result)
    assert [t.id for t in out.targets] == ["monica", "taylor-minion"]
    monica, minion = out.targets
    assert out.attack.total == 16                       # 15 + 1 Vigor
    assert monica.evasion.total == 14                   # "13 and added 1 because I am blocking"
    assert minion.evasion.total == 5
    assert monica.hit and not monica.critical
    assert minion.hit and minion.critical               # margin 11
    # 7 damage (1d6+3 +1 Vigor +1 Overswing); the minion 5 more (the critical die).
    assert (monica.damage, minion.damage) == (7, 12)
    assert monica.result.defense == 6 and monica.result.taken == 1   # "I take 1"
    assert minion.result.defense == 1 and minion.result.down
    assert hp(s, "monica") == 12
    assert "taylor-minion" not in s.state.actors        # a Down summon is removed (S21)
    assert engaged_with(s.state, "monica") == ["raider", "reaver"]
    do("end")

    # --- Round 2, Josh ------------------------------------------------------------
    assert (s.state.round, s.state.turn) == (2, "josh")
    assert pool(s, "josh") == {"major": 3, "minor": 1, "free": 1}
    # Firing into Monica's engagement is Disadvantaged (S15) ...
    odds = do("odds reaver").view
    assert any("firing into melee" in note for note in odds.assumed)
    # ... and Thread the Needle (a Major) removes it. 14 hits; 8 damage with Pierce 2
    # breaks through all of its armor (Defense 2).
    out = attack_outcome(do("attack reaver --skill thread-the-needle --roll 3,4,6 "
                            "--evade 2,3,5 --damage 5 --defense 2"))
    reaver = out.target("reaver")
    assert out.plan.modifiers == () and out.attack.total == 14
    assert reaver.hit and reaver.damage == 8 and reaver.result.taken == 8
    assert hp(s, "reaver") == 12
    # The crossbowman is at Long+1; Longshot (paid with SP) adds a band, so it is at
    # max range: no Disadvantage, and +1 damage on the hit. 17 against 8 is a critical;
    # "5 plus 6 plus 3 plus 1": the longbow's 1d6+3, the critical die and Longshot.
    result = do("attack crossbowman --skill longshot --sp --roll 4,6,6 --evade 2,2,3 "
                "--damage 5,6")
    assert spent(result) == paid_as([("attack", "major"), ("skill", "sp")])
    out = attack_outcome(result)
    crossbowman = out.target("crossbowman")
    assert out.plan.modifiers == () and out.attack.total == 17
    assert crossbowman.evasion.total == 8 and crossbowman.critical
    assert crossbowman.damage == 15 and crossbowman.result.defense == 0   # no armor
    assert crossbowman.result.down and s.state.actors["crossbowman"].down
    assert s.state.actors["josh"].resource("sp") == 0
    do("end")

    # --- Round 2, Monica ----------------------------------------------------------
    assert s.state.turn == "monica"
    # Her raised shield ended at the start of her turn (S20); Charm lasts until Taylor's.
    assert [e.name for e in effects(s, "monica")] == ["Charm"]
    # Contradiction: "2d6 from my weapon, add 1d6, ... I rolled 16, add 2 for 18" and the
    # reaver "absorbs 9, taking 9". She holds the longsword (1d6+3) and a shield, and
    # Power Strike (the content's reading of the 1d6) would make this attack cost three
    # Majors and leave none for her second attack. We read the 1d6 as the critical die
    # (S6): 14 against an Evasion of 5. Tier 1 armor cannot absorb 9, so we keep the 9
    # taken: 15 damage (with Charm's +1) less a Defense of 6.
    # Overswing also targets the raider, still engaged with her; it evades (15 > 14).
    result = do("attack reaver --skill overswing --roll 3,4,5 --evade 1,2,2 --evade 4,5,6 "
                "--damage 4,5 --defense 6")
    out = attack_outcome(result)
    assert [t.id for t in out.targets] == ["reaver", "raider"]
    reaver, raider = out.targets
    assert out.attack.total == 14                        # 12 + 1 Vigor + 1 Charm
    assert reaver.hit and reaver.critical and not raider.hit
    assert reaver.damage == 15 and reaver.result.taken == 9
    assert hp(s, "reaver") == 3 and hp(s, "raider") == 9
    # Rules differ: the reaver spent its only SP on Overswing in round 1 and regains SP
    # only at the start of its own turn (S22), so it cannot Retreat now (S23). Monica
    # stays engaged with it, and Step Up is not needed.
    refuse(s, "skill reaver retreat --sp", "not enough SP", "S23")
    refuse(s, "skill reaver retreat", "not Reaver's turn", "S18", "--sp")
    # "I attack for 12 total" against 11: 8 damage (1d6+3 +1 Vigor +1 Charm), Defense 3,
    # 5 taken: "That's enough to drop it."
    out = attack_outcome(do("attack reaver --roll 2,3,5 --evade 2,4,5 --damage 3 --defense 3"))
    reaver = out.target("reaver")
    assert out.attack.total == 12 and reaver.evasion.total == 11 and reaver.hit
    assert reaver.damage == 8 and reaver.result.taken == 5
    assert s.state.actors["reaver"].down and engaged_with(s.state, "monica") == ["raider"]
    assert pool(s, "monica")["major"] == 0
    do("end")

    # --- Round 2, the raider ------------------------------------------------------
    assert s.state.turn == "raider"
    refuse(s, "move B4", "engaged", "S12")               # it must disengage first
    do("disengage")
    assert spent(do("move B4")) == paid_as([("move", "major")] * 2)   # Monica's zone to Josh's: 2
    # Rules differ: the narrative moves, engages and attacks without a Disengage. With
    # it (S12) the Engage's Minor is paid by the last Major, and the attack would be a
    # fourth Major: refused. The raider attacks Josh on its next turn instead.
    assert spent(do("engage josh")) == paid_as([("engage", "major")])
    refuse(s, "attack josh", "no Major action left", "S18")
    do("end")

    # --- Round 2, Taylor ----------------------------------------------------------
    result = s.history[-1]
    assert s.state.turn == "taylor"
    ended = [(e.actor, e.name) for e in events_of_frame(result, EffectEnded)]
    assert ("monica", "Charm") in ended                  # Charm ends as her turn starts
    assert [(e.actor, e.resource, e.before, e.after)
            for e in events_of_frame(result, ResourceChanged)] == [("taylor", "sp", 0, 1)]
    do("move B4")
    do("engage raider")
    assert engaged_with(s.state, "raider") == ["josh", "taylor"]
    # She casts in melee: she is in the engagement, so no firing-into-melee penalty (S15),
    # while the raider is Outnumbered: Disadvantage on its Evasion (S16).
    out = attack_outcome(do("cast spell raider --roll 1,2,4 --evade 3,4,6"))
    raider = out.target("raider")
    assert out.plan.modifiers == () and out.attack.total == 7
    assert [m.reason for m in raider.evasion_modifiers] == ["Outnumbered"]
    assert raider.evasion.total == 8 and not raider.hit           # "it got an 8"
    out = attack_outcome(do("cast spell raider --roll 3,4,6 --evade 1,1,4 --damage 5,3 "
                            "--defense 3"))
    raider = out.target("raider")
    assert out.attack.total == 13 and raider.evasion.total == 3 and raider.critical
    # 11 damage; Defense 6 halved for magic to 3 (S7); 8 taken; 1 HP left.
    assert raider.damage == 11 and raider.result.defense_after_magic == 3
    assert raider.result.taken == 8 and hp(s, "raider") == 1
    # Rules differ: the narrative's third cast is a fourth Major (move, two casts, and
    # the Engage's Minor is her own): refused.
    refuse(s, "cast spell raider", "no Major action left", "S18")
    do("end")

    # --- Round 3: the Down crossbowman and reaver are skipped (S8) ------------------
    assert (s.state.round, s.state.turn) == (3, "josh")
    do("end")
    do("end")
    assert s.state.turn == "raider"
    # The raider's attack the narrative gives in round 2: 11 against Josh's 11 hits;
    # 7 damage and Josh wears no armor.
    out = attack_outcome(do("attack josh --roll 3,4,4 --evade 2,3,5 --damage 4"))
    josh = out.target("josh")
    assert out.attack.total == 11 and josh.evasion.total == 11 and josh.hit
    assert josh.damage == 7 and josh.result.defense == 0 and hp(s, "josh") == 6
    do("end")
    # Taylor's last cast: 13 hits, 5 damage, the raider's last HP.
    out = attack_outcome(do("cast spell raider --roll 3,4,6 --evade 3,4,5 --damage 2 "
                            "--defense 2"))
    assert out.target("raider").hit and out.target("raider").damage == 5
    assert all(a.down for a in s.state.actors.values() if a.side == "enemies")
    assert {a.id: a.hp for a in s.state.actors.values()} == {
        "josh": 6, "monica": 12, "taylor": 4, "raider": 0, "crossbowman": 0, "reaver": 0}


def events_of_frame(frame, kind):
    return [e for e in frame.events if isinstance(e, kind)]

"""Attack resolution against the source's worked examples (S5-S7), played as attacks
with the dice given (`--roll`, `--evade`, `--damage`, `--defense`) and read off the
attack's outcome (tests/encounter/conftest.py's `attack_outcome`) and the log."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.render.text import describe_events
from tests.encounter.conftest import attack_outcome

# A target's sheet: `t` 10 HP in tier 1 armor (Defense 1d6) unless given.
T = "--hp 10 --armor armor-t1"


def fight(attacker: str, *targets: str, draw: str = "longsword", engage: bool = True,
          first: tuple[str, ...] = ()):
    """`a` (`attacker`: its sheet flags) beside each target (`ID SHEET`), its weapon
    drawn and, unless not `engage`, engaged with each; `a` to act (after `first`'s
    lines, played on the first target's turn ahead of it)."""
    s = new_session(seed=1)
    ids = [t.split()[0] for t in targets]
    order = [*ids[:1], "a", *ids[1:]] if first else ["a", *ids]
    for line in (f"add a {attacker} --side party --at B2",
                 *(f"add {t} --side enemies --at B{3 if not engage else 2}" for t in targets),
                 f"init {' '.join(order)}", "start", *first, *(("end",) if first else ()),
                 *((f"draw a {draw}",) if draw else ()),
                 *((f"engage a {i}" for i in ids) if engage else ())):
        s.execute(line)
    return s


SHOWN: list[str] = []


def attack(s, line: str):
    """The attack's outcome; its screen line kept in SHOWN[-1] (the verdict's words)."""
    result = s.execute(line)
    names = {a.id: a.name for a in s.state.actors.values()}
    SHOWN.append(" ".join(describe_events(result.events, names)))
    return attack_outcome(result)


def given(s) -> str:
    """The attack's faces as its log line keeps them."""
    return s.log[-1][s.log[-1].index(" --roll"):]


def test_longsword_attack_hits_14_vs_11():
    # Source: 5+5+3 = 13, +1 Vigor = 14 (the text misprints the sum as 5+3+3+1) vs 6+2+3 = 11.
    s = fight("--vigor 1 --weapon longsword", f"goblin {T}")
    out = attack(s, "attack a goblin --roll 5,5,3 --evade 6,2,3 --damage 2 --defense 4")
    t = out.target("goblin")
    assert out.attack.total == 14
    assert t.evasion.total == 11
    assert t.hit and "14 vs 11" in SHOWN[-1] and "hit" in SHOWN[-1]      # 14 ≥ 11 (S5)
    assert out.attack.total - t.evasion.total == 3 and not t.critical
    assert given(s) == " --roll 5,5,3 --evade 6,2,3 --damage 2 --defense 4"


def test_longsword_damage_vs_armor_and_pierce():
    # 1d6+3 rolling 2 = 5 vs armor Defense 1d6 rolling 4 -> 1 damage; with Pierce 2 -> 3.
    s = fight("--weapon longsword", f"you {T}")
    t = attack(s, "attack a you --roll 4,4,4 --evade 4,4,4 --damage 2 --defense 4") \
        .target("you")
    assert t.hit and t.evasion.total == 12                     # the source: 12 vs 12 hits
    assert t.damage == 5 and t.defense.total == 4
    assert t.result.taken == 1 and t.result.hp_after == 9
    s = fight("--weapon longsword", f"you {T}")
    t = attack(s, "attack a you --pierce 2 --roll 4,4,4 --evade 4,4,4 --damage 2 "
                  "--defense 4").target("you")
    assert t.result.effective_defense == 2
    assert t.result.taken == 3


def test_spell_halves_defense():
    # 7 magic damage vs a Defense roll of 7 -> 3 -> 4 damage. The offensive spell (the
    # content's 1d6+3, magic) rolling 4, bare-handed (S25); tier 2 armor's 1d6+3 rolling 4
    # is the Defense of 7.
    s = fight("--mentality 1", "goblin --hp 10 --armor armor-t2", draw="", engage=False)
    out = attack(s, "cast a spell goblin --roll 5,5,5 --evade 3,3,4 --damage 4 "
                    "--defense 4")
    r = out.target("goblin").result
    assert (r.damage, r.defense, r.defense_after_magic, r.taken) == (7, 7, 3, 4)


def test_critical_threshold_adds_critical_die():
    # 6+6+5+2 = 19 vs 3+3+4 = 10: margin 9, critical: weapon 2+3, critical die 4.
    s = fight("--weapon longsword", "t --hp 20")
    out = attack(s, "attack a t --bonus 2 --roll 6,6,5 --evade 3,3,4 --damage 2,4")
    t = out.target("t")
    assert out.attack.total == 19 and t.evasion.total == 10 and t.critical
    assert t.damage == 9 and t.result.hp_after == 11           # the critical die: 9 - 5
    assert s.log[-1].endswith("--roll 6,6,5 --evade 3,3,4 --damage 2,4")
    # Margin 8 is not critical: no critical die is rolled at all.
    s = fight("--weapon longsword", "t --hp 20")
    t = attack(s, "attack a t --bonus 2 --roll 6,6,5 --evade 3,3,5 --damage 2").target("t")
    assert 19 - t.evasion.total == 8 and not t.critical
    assert t.damage == 5
    before = s.state
    with pytest.raises(GmError):        # a critical die given for a non-critical hit
        s.execute("attack a t --bonus 2 --roll 6,6,5 --evade 3,3,5 --damage 2,4")
    assert s.state == before


def test_automatic_success_while_disadvantaged():
    # 6,6,6 with Disadvantage: total 1+6+6 = 13, still an automatic success (S2).
    s = fight("--weapon longsword", "t --hp 20")
    out = attack(s, "attack a t --dis --roll 6,6,6 --evade 5,5,5 --damage 1")
    t = out.target("t")
    assert out.attack.automatic == "success" and out.attack.total == 13
    assert t.hit and "(automatic success), hit" in SHOWN[-1]          # S2, S5
    assert out.attack.total - t.evasion.total == -2 and not t.critical
    # Critical only when the margin also reaches 9: 13 vs 4 yes, 13 vs 5 no.
    s = fight("--weapon longsword", "t --hp 20")
    t = attack(s, "attack a t --dis --roll 6,6,6 --evade 1,1,2 --damage 1,1").target("t")
    assert t.critical and 13 - t.evasion.total == 9
    s = fight("--weapon longsword", "t --hp 20")
    t = attack(s, "attack a t --dis --roll 6,6,6 --evade 1,2,2 --damage 1").target("t")
    assert not t.critical and 13 - t.evasion.total == 8


def test_automatic_failure_always_misses():
    s = fight("--weapon longsword", "t --hp 20 --armor armor-t1")
    out = attack(s, "attack a t --bonus 20 --roll 1,1,1 --evade 3,3,3")
    t = out.target("t")
    assert out.attack.total == 23 and not t.hit
    assert "(automatic failure), miss" in SHOWN[-1]                   # S2, S5
    assert t.result is None and t.damage is None
    assert s.state.actors["t"].hp == 20
    assert given(s) == " --roll 1,1,1 --evade 3,3,3"


def test_evasion_automatic_results():
    s = fight("--weapon longsword", "t --hp 20")
    out = attack(s, "attack a t --bonus 5 --roll 6,6,5 --evade 6,6,6")
    assert out.attack.total == 22 and not out.target("t").hit
    assert "automatic success" in SHOWN[-1] and "miss" in SHOWN[-1]   # the evasion's (S2, S5)
    # An evasion automatic failure is hit even when its total is higher.
    s = fight("--weapon longsword", "t --hp 20 --finesse 1")
    s.execute("effect t ward --evasion 4")               # with Finesse 1: +5 in all
    out = attack(s, "attack a t --roll 2,2,2 --evade 1,1,1 --damage 1")
    assert out.target("t").evasion.total == 8 and out.attack.total == 6
    assert out.target("t").hit
    assert "automatic failure" in SHOWN[-1] and "hit" in SHOWN[-1]    # the evasion's (S2, S5)


def test_ties_go_to_the_attacker():
    s = fight("--weapon longsword", "t --hp 20")
    out = attack(s, "attack a t --roll 4,4,4 --evade 3,4,5 --damage 1")
    assert out.target("t").hit and out.attack.total - out.target("t").evasion.total == 0


def test_crossbow_critical_with_energy_shield():
    # Automatic success 19 vs Evasion 10: critical. 13 damage, Defense 6, Pierce 4 -> 11,
    # Energy Shield absorbs 2 -> 9 taken; Taylor has 13 HP. The crossbow's 1d6+3 and
    # Pierce 4 as the longsword's 1d6+3 with --pierce 4; +1 Finesse as --bonus 1.
    s = fight("--weapon longsword", "taylor --as taylor")
    s.execute("cast taylor energy-shield --sp")
    out = attack(s, "attack a taylor --bonus 1 --pierce 4 --roll 6,6,6 --evade 3,3,4 "
                    "--damage 5,5 --defense 6")
    t = out.target("taylor")
    assert out.attack.total == 19 and t.critical
    r = t.result
    assert (t.damage, r.defense, t.pierce, r.effective_defense, r.taken, r.absorbed) == \
        (13, 6, 4, 2, 11, 2)
    assert r.hp_after == 4 and not r.down
    assert s.state.actors["taylor"].effect_total("absorb") == 0


def test_hp_floor_and_down():
    s = fight("--weapon greatsword", "t --hp 3", draw="greatsword")
    r = attack(s, "attack a t --roll 5,5,5 --evade 3,3,3 --damage 6,6").target("t").result
    assert r.taken == 12 and r.hp_after == 0 and r.down
    assert s.state.actors["t"].hp == 0


def test_miss_rolls_no_damage_or_defense_for_that_target():
    # Two targets (Overswing, a Vigor skill): the first is missed, the second hit; only
    # the second rolls Defense. 3+3+3+1 Vigor = 10 vs 15 and 6; the damage 2+3, +1 Vigor,
    # +1 Overswing = 7 (the Python plan's 4+3 without them) vs Defense 2: 5 taken.
    s = fight("--vigor 1 --weapon longsword --skill overswing", f"t1 {T}", f"t2 {T}")
    out = attack(s, "attack a t1,t2 --skill overswing --sp --roll 3,3,3 --evade 5,5,5 "
                    "--evade 1,2,3 --damage 2 --defense - --defense 2")
    assert not out.target("t1").hit and out.target("t1").result is None
    assert out.target("t2").result.taken == 5
    assert s.log[-1].endswith("--evade 5,5,5 --evade 1,2,3 --damage 2 "
                              "--defense - --defense 2")


def test_shared_damage_roll_with_one_critical_target():
    # Overswing on two targets: one damage roll (2+3, +1 Vigor, +1 Overswing = 7); the
    # critical die (5) is rolled once and counts only for the critical minion.
    s = fight("--vigor 1 --weapon longsword --skill overswing", "monica --as monica",
              "minion --hp 5 --armor armor-t1", first=("raise monica",))
    out = attack(s, "attack a monica,minion --skill overswing --sp --roll 5,5,5 "
                    "--evade 4,4,5 --evade 1,2,2 --damage 2,5 --defense 3 --defense 1")
    monica, minion = out.target("monica"), out.target("minion")
    assert out.attack.total == 16 and monica.evasion.total == 14 and minion.evasion.total == 5
    assert monica.hit and not monica.critical and monica.damage == 7
    assert minion.critical and minion.damage == 12
    assert monica.result.taken == 1 and monica.result.hp_after == 12
    assert minion.result.down


def test_skill_dice_follow_weapon_and_critical_dice():
    # --damage lists weapon dice, then critical dice, then skill dice, then pierce dice:
    # Josh's longbow (1d6+3, Pierce 2) with Piercing Strike (+1d6 Pierce per Finesse).
    s = fight("--finesse 1 --weapon longbow --skill piercing-strike", "t --hp 40 "
              "--armor armor-t2", draw="longbow", engage=False)
    out = attack(s, "attack a t --skill piercing-strike --roll 6,6,5 "
                    "--evade 1,1,2 --damage 1,2,4 --defense 6")
    t = out.target("t")
    assert t.critical and t.damage == 6 and t.pierce == 6      # longbow Pierce 2 + 4
    assert t.result.effective_defense == 3 and t.result.taken == 3

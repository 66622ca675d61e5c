"""The dice-pool rulings written as data (tests/fixtures/rulesets/dicepool-data) against
the Python ruleset: the rulings' and README's examples played by the same commands on
both give the same numbers, the same breakdown lines (label, value, ruling) and the same
pools and hit points; the odds of an attack are the same exact fractions; the pool roll
and `at()` the data needs refuse their mistakes in one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.errors import GmError
from tests.oddsread import flat
from tests.replaying import replayed

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets"
DATA = "dicepool-data"
DUEL = ("add freya --as freya --at A1", "add barry --as barry --at B2", "init freya barry",
        "start")
# Barry with AC 9 (DT 8 for Freya): a miss whatever she rolls. The Python tests write
# `set barry ac=9`; a ruleset written as data sets resources only, so `add --stat`.
TOUGH = ("add freya --as freya --at A1", "add barry --as barry --at B2 --stat ac=9",
         "init freya barry", "start")


@pytest.fixture
def both(monkeypatch):
    """The same commands on the Python ruleset and on the data version."""
    from shaper_gm.app import new_session
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))

    def start(*lines: str, setup=DUEL):
        sessions = []
        for ruleset in ("dicepool", DATA):
            s = new_session(ruleset=ruleset, seed=1)
            for line in (*setup, *lines):
                s.execute(line)
            sessions.append(s)
        return sessions
    return start


def notes(result) -> list[tuple[str, object, str]]:
    """The played action's breakdown: each line, its value and its ruling."""
    found = [e.outcome for e in result.events if hasattr(e, "outcome")
             and hasattr(e.outcome, "notes")]
    assert len(found) == 1
    return [(n.label, n.value, n.rule) for n in found[0].notes]


def kept(s) -> dict[str, tuple]:
    """What the rules keep of each actor: hit points, pool, actions left, where."""
    return {a.id: (a.hp, a.resource("pool"), a.resource("actions"), a.zone, a.down)
            for a in s.state.actors.values()}


def same(python, data, line: str) -> list[tuple[str, object, str]]:
    """`line` played on both: the same breakdown, log line and actors after it."""
    lines = notes(python.execute(line)), notes(data.execute(line))
    assert lines[0] == lines[1]
    assert python.log[-1] == data.log[-1]
    assert kept(python) == kept(data)
    return lines[0]


# --- the rulings' and the issue's examples ------------------------------------------

def test_pool_5_rolling_4_6_2_5_1_against_dt_2_hits_margin_1_two_damage_dice(both):
    python, data = both()
    lines = same(python, data, "attack barry --roll 4,6,2,5,1 --damage 3,7")
    assert ("DT", 2, "P7") in lines and ("successes (4+)", 3, "P1") in lines
    assert ("damage dice: margin 1 + proficiency 1", "2d8", "P8") in lines
    assert ("damage", 3 + 7 + 4, "P8") in lines                 # + STR 4 (P8)
    assert kept(data)["freya"][1] == 3 and data.state.actors["barry"].hp == 0
    assert data.log[-1] == "attack freya barry --roll 4,6,2,5,1 --damage 3,7"
    assert replayed(data).state == data.state


def test_a_templates_side_is_the_actors_and_the_last_one_down_ends_the_fight(both):
    python, data = both("attack barry --roll 6,6,6,6,6 --damage 8,8,8,8")
    assert [a.side for a in data.state.actors.values()] == ["party", "enemies"]
    assert data.state.over == python.state.over is not None
    for s in (python, data):
        with pytest.raises(GmError, match="the fight is over: party won in round 1"):
            s.execute("end")


def test_a_turn_with_no_actions_ends_with_the_pool_grown_by_con(both):
    python, data = both("end")
    assert kept(python) == kept(data)
    assert data.state.actors["freya"].resource("pool") == 5 + 2        # CON 2 (P4)
    assert data.state.turn == python.state.turn == "barry"


def test_two_attacks_in_one_turn_draw_on_the_same_shrinking_pool(both):
    python, data = both(setup=TOUGH)
    assert ("pool left", 2, "P3") in same(python, data, "attack barry --roll 6,1,1,4,2")
    lines = same(python, data, "attack barry --roll 5,3")
    assert ("pool dice rolled (of 2)", 2, "P3") in lines and ("pool left", 1, "P3") in lines
    for s in (python, data):
        with pytest.raises(GmError, match="needs 1 action; Freya has 0 left"):
            s.execute("attack barry --roll 6")


def test_p1_faces_of_4_or_more_succeed(both):
    python, data = both(setup=TOUGH)
    lines = same(python, data, "attack barry --roll 1,3,4,5,6")
    assert ("successes (4+)", 3, "P1") in lines
    assert ("failure dice leave the pool", -2, "P9") in lines
    for s in (python, data):
        with pytest.raises(GmError, match="out of range 1-6"):
            s.execute("attack barry --roll 7,1,1,1,1")


def test_p3_dice_n_rolls_part_of_the_pool_and_the_rest_stays(both):
    python, data = both(setup=TOUGH)
    lines = same(python, data, "attack barry --dice 2 --roll 1,5")
    assert ("pool dice rolled (of 5)", 2, "P3") in lines and ("pool left", 4, "P3") in lines
    assert data.log[-1] == "attack freya barry --dice 2 --roll 1,5"


def test_p4_p9_the_pool_refills_by_con_at_each_turn_end_after_its_failures_leave(both):
    python, data = both("attack barry --roll 6,1,1,4,2 --damage 1", "end",
                        "attack freya --roll 6,1,1,6 --damage 7", "end")
    assert kept(python) == kept(data)
    assert data.state.actors["freya"].resource("pool") == 5 - 3 + 2       # P9, P4
    assert data.state.actors["barry"].resource("pool") == 4 - 2 + 1
    assert data.state.actors["freya"].hp == 14 - (7 + 3)                  # d10 + STR 3
    assert replayed(data).state == data.state


def test_a_called_out_count_of_successes_plays_the_same(both):
    python, data = both()
    lines = same(python, data, "attack barry --roll =4 --damage =9")
    assert ("successes (4+)", 4, "P1") in lines


# --- prepare (P11) ------------------------------------------------------------------
# The Python verb takes the condition in words and --against ATTACKER; the data version
# names the attacker as its target (`prepare barry`): the attacks after it are the same.
PREPARED = {"dicepool": "prepare if Barry swings his halberd at me, I dodge --against barry",
            DATA: "prepare barry"}


def prepared(both, *lines):
    python, data = both()
    for s, ruleset in ((python, "dicepool"), (data, DATA)):
        s.execute(PREPARED[ruleset])
        for line in lines:
            s.execute(line)
    return python, data


def test_p11_a_dodge_raises_ac_by_half_dex_against_the_named_attacker_once(both):
    python, data = prepared(both, "end")
    lines = same(python, data, "attack freya --roll 6,6,6,1 --damage 4")
    assert ("prepared dodge, half DEX", 1, "P11") in lines and ("DT", 3, "P7") in lines
    again = same(python, data, "attack freya --roll 6,1,1")        # used up: that one only
    assert ("DT", 2, "P7") in again and all(rule != "P11" for _, _, rule in again)
    assert replayed(data).state == data.state


def test_p11_the_dodge_ends_as_the_preparers_next_turn_starts(both):
    python, data = prepared(both, "end", "end")                   # Barry never attacked
    python.execute("end")
    data.execute("end")                                           # Barry's turn again
    lines = same(python, data, "attack freya --roll 6,6,1,1,1 --damage 4")
    assert ("DT", 2, "P7") in lines


def test_p11_the_odds_read_the_prepared_dodge(both):
    python, data = prepared(both, "end")
    ours, theirs = flat(data.execute("odds freya").view), flat(python.execute("odds freya").view)
    for key in ("hit", "down", "margin", "damage", "pool_left"):
        assert getattr(ours, key) == getattr(theirs, key), key


# --- wield (P6, P7) -----------------------------------------------------------------
# The Python verb names the weapon (`wield dagger`); the data version picks it as any
# action picks its item (`wield --with dagger`): the attack after it is the same.

def test_p7_an_attack_uses_the_weapon_in_hand_and_wield_changes_it(both):
    python, data = both()
    for s in (python, data):
        with pytest.raises(GmError, match="a basic attack uses the weapon in hand .P7."):
            s.execute("attack barry --with dagger --roll 6,6,6,6,6")
    python.execute("wield dagger")
    data.execute("wield --with dagger")
    assert data.state.actors["freya"].sheet["holding"] == "dagger"
    ours, theirs = flat(data.execute("odds barry").view), flat(python.execute("odds barry").view)
    assert ours.damage == theirs.damage and ours.hit == theirs.hit     # the dagger's d4
    lines = same(python, data, "attack barry --roll 6,6,1,1,1 --damage 2")
    assert ("damage stat DEX", 2, "P8") in lines                  # the dagger's DEX
    assert replayed(data).state == data.state


# --- abilities (P12) ----------------------------------------------------------------
# The Python verb names the ability as a word (`ability rally`); the data version picks
# it as its item (`ability --with rally`): the numbers are the same.
THREE = ("add freya --as freya --at A1", "add barry --as barry --at B2",
         "add odo --as odo --at C3", "init freya barry odo", "start")


KIT = ("add freya --as freya --at A1", "add barry --as barry --at B2",
       "add kit --as kit --at C3", "init freya barry kit", "start")


def used(python, data, python_line: str, data_line: str):
    lines = notes(python.execute(python_line)), notes(data.execute(data_line))
    assert lines[0] == lines[1]
    assert kept(python) == kept(data)
    return lines[0]


def test_p12_rally_is_a_pool_test_that_discards_one_more_die(both):
    python, data = both(setup=THREE)
    lines = used(python, data, "ability rally --roll 6,1,4,2,5",
                 "ability --with rally --roll 6,1,4,2,5")
    assert ("dice discarded by the ability", -1, "P12") in lines
    assert ("pool left", 2, "P3") in lines                       # 5 - 2 failures - 1
    assert data.state.actors["freya"].resource("actions") == 1


def test_p4_p12_a_reaction_ability_off_its_turn_pays_a_reaction_and_refills_con(both):
    python, data = both(setup=THREE)
    lines = used(python, data, "ability odo parry --dt 2 --roll 6,6,1",
                 "ability odo --with parry --dt 2 --roll 6,6,1")
    assert ("reaction roll: CON dice added", 3, "P4") in lines
    assert data.state.actors["odo"].resource("reactions") == 0
    assert data.state.actors["odo"].resource("pool") == 3 - 1 + 3
    assert replayed(data).state == data.state


def test_p12_an_ability_that_augments_an_attack_is_not_used_alone(both):
    python, data = both(setup=THREE)
    for s, line in ((python, "ability heavy-blow"), (data, "ability --with heavy-blow")):
        with pytest.raises(GmError, match=r"Heavy Blow augments a basic attack \(P12\)"):
            s.execute(line)


def test_p12_heavy_blow_adds_two_damage_dice_and_discards_one_more_die(both):
    python, data = both(setup=THREE)
    lines = same(python, data, "attack barry --ability heavy-blow --roll 6,6,6,1,1 "
                               "--damage 1,2,3,4")
    assert ("damage dice: margin 1 + proficiency 1 + ability 2", "4d8", "P12") in lines
    assert ("dice discarded by the ability", -1, "P12") in lines
    assert replayed(data).state == data.state


def test_p12_steady_aim_takes_two_actions_and_lowers_the_dt_by_one(both):
    python, data = both("end", "end", setup=KIT)                  # Kit's turn
    lines = same(python, data, "attack barry --ability steady-aim --roll 6,1,1,1 --damage 3")
    assert ("ability", -1, "P12") in lines and ("DT", 1, "P7") in lines
    assert data.state.actors["kit"].resource("actions") == 0


def test_p12_an_ability_the_sheet_lacks_or_that_augments_nothing_is_refused(both):
    python, data = both(setup=THREE)
    for s in (python, data):                  # the wording differs: each names it
        with pytest.raises(GmError, match="parry"):
            s.execute("attack barry --ability parry --roll 6")
        with pytest.raises(GmError, match=r"(Rally|rally).* does not augment an attack \(P12\)"):
            s.execute("attack barry --ability rally --roll 6")


WOLF = ("add freya --as freya --at A1", "add wolf --as wolf --at B2",
        "add kit --as kit --at C3", "init freya wolf kit", "start")


def test_p12_passive_abilities_add_to_the_sheets_numbers(both):
    python, data = both(setup=WOLF)                  # tough hide: AC 2 + 1
    lines = same(python, data, "attack wolf --roll 6,6,1,1,1 --damage 1")
    assert ("defender's AC", 3, "P7") in lines
    for s in (python, data):                          # fleet foot: 10 + 2 m
        s.execute("end")
        s.execute("end")
        s.execute("move I9")                          # six diagonal steps: 12 m
    assert kept(python) == kept(data) and data.state.actors["kit"].zone == "I9"


# --- moving (P10) -------------------------------------------------------------------

def test_p10_a_diagonal_step_costs_2_m_and_a_move_takes_an_action(both):
    python, data = both("move D4")                 # three diagonal steps: 6 m
    assert kept(python) == kept(data)
    assert data.state.actors["freya"].zone == "D4"
    assert data.state.actors["freya"].resource("actions") == 1
    for s in (python, data):                        # 1 diagonal + 7 straight: 9 m, then
        with pytest.raises(GmError) as caught:      # 6 + 5 = 11 m from D4 to J9
            s.execute("move J9")
        assert caught.value.message == ("J9 is 11 m from Freya, who moves 10 m per "
                                        "movement action (P10; a diagonal step costs 2 m)")
    python.execute("move E9")
    data.execute("move E9")
    assert kept(python) == kept(data) and python.log[-1] == data.log[-1] == "move freya E9"
    assert replayed(data).state == data.state


def test_p10_barrys_heavy_armor_speed_of_8_m_limits_his_move(both):
    python, data = both("end", "move B9")                                  # 7 m
    assert kept(python) == kept(data) and data.state.actors["barry"].zone == "B9"
    for s in (python, data):
        with pytest.raises(GmError, match="J1 is 16 m from Barry the Guard, who moves 8 m"):
            s.execute("move J1")


# --- the README's demo ---------------------------------------------------------------

def test_the_demo_set_up_rolls_the_same_order_and_builds_the_same_pools(monkeypatch):
    """saves/dicepool-demo.txt: `init` rolls 2d6 + DEX for everyone (P5), `start` builds
    each pool from the weapon in hand (P2)."""
    from shaper_gm.app import new_session
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))
    demo = Path(__file__).resolve().parents[3] / "saves" / "dicepool-demo.txt"
    lines = [line for line in demo.read_text().splitlines()
             if line and not line.startswith("#")]
    played = []
    for ruleset in ("dicepool", DATA):
        s = new_session(ruleset=ruleset, seed=1)
        for line in lines:
            s.execute(line.replace("--ruleset dicepool", f"--ruleset {ruleset}"))
        played.append(s)
    python, data = played
    assert data.state.order == python.state.order
    assert [(a.initiative, a.side) for a in data.state.actors.values()] == \
        [(a.initiative, a.side) for a in python.state.actors.values()]
    assert kept(data) == kept(python)
    assert kept(data)["freya"][1] == 4 + 1 and kept(data)["kit"][1] == 3 + 1  # P2


# --- odds ---------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "odds barry", "odds barry --dice 3", "odds barry --dice 1",
    "odds barry freya --dice 2",             # off his turn: CON 1 back at once (P4)
])
def test_the_odds_of_an_attack_are_the_same_exact_fractions(both, line):
    python, data = both()
    ours, theirs = flat(data.execute(line).view), flat(python.execute(line).view)
    for key in ("hit", "down", "margin", "damage", "pool_left"):
        assert getattr(ours, key) == getattr(theirs, key), key
    assert ours.mean_damage == theirs.mean_damage
    assert data.log[-1] == "start"                          # odds change nothing


# --- the vocabulary the data needs: its mistakes, one line each ---------------------

def broken(tmp_path, monkeypatch, old: str, new: str) -> Path:
    """A copy of the fixture with one text replaced, its rulesets folder set."""
    folder = tmp_path / "dp"
    shutil.copytree(FOLDER / DATA, folder)
    actions = folder / "actions.yaml"
    text = actions.read_text()
    assert old in text
    actions.write_text(text.replace(old, new, 1))
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(tmp_path))
    return folder


def test_failures_without_success_on_is_refused_at_load(tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    broken(tmp_path, monkeypatch, "      success_on: success_on\n", "")
    s = new_session(ruleset="dicepool", seed=1)
    with pytest.raises(GmError) as caught:
        s.execute("new --ruleset dp")
    assert "key 'steps[6].failures': only a pool roll (with success_on) counts failures" \
        in caught.value.message
    assert "\n" not in caught.value.message


def test_a_pool_of_two_kinds_of_dice_refuses_the_attack_and_changes_nothing(
        tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    broken(tmp_path, monkeypatch, "- roll: times(dice, pool_die)",
           "- roll: times(dice, pool_die) + 1")
    s = new_session(ruleset="dp", seed=1)
    for line in DUEL:
        s.execute(line)
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as caught:
        s.execute("attack barry --roll 4,6,2,5,1")
    assert "a pool is dice of one kind and no number, not '5d6+1'" in caught.value.message
    assert s.state is state and s.log == log


def test_at_of_no_mapping_refuses_the_attack_in_one_line(tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    broken(tmp_path, monkeypatch, "proficiency: at(actor.proficiencies, item.id, 0)",
           "proficiency: at(actor.ac, item.id, 0)")
    s = new_session(ruleset="dp", seed=1)
    for line in DUEL:
        s.execute(line)
    with pytest.raises(GmError) as caught:
        s.execute("attack barry --roll 4,6,2,5,1")
    assert "at() reads a mapping, not 3" in caught.value.message
    assert "\n" not in caught.value.message


def test_held_without_an_item_is_refused_at_load(tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    broken(tmp_path, monkeypatch, "  cost: {actions: 1}\n  given: {travel: travel",
           "  cost: {actions: 1}\n  held: holding\n  given: {travel: travel")
    s = new_session(ruleset="dicepool", seed=1)
    with pytest.raises(GmError) as caught:
        s.execute("new --ruleset dp")
    assert ("item 'move': key 'held': only an action with an item: names the sheet key "
            "holding the one it uses without --with") in caught.value.message


def test_a_sheet_change_without_a_value_is_refused_at_load(tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    broken(tmp_path, monkeypatch, "name: holding, value: weapon}", "name: holding}")
    s = new_session(ruleset="dicepool", seed=1)
    with pytest.raises(GmError) as caught:
        s.execute("new --ruleset dp")
    assert "item 'wield': key 'apply[0].sheet.value': missing (required)" \
        in caught.value.message


def test_item_mods_of_no_item_file_is_refused_at_load(tmp_path, monkeypatch):
    from shaper_gm.app import new_session
    folder = broken(tmp_path, monkeypatch, "wield:", "wield:")
    ruleset = folder / "ruleset.yaml"
    ruleset.write_text(ruleset.read_text().replace("item_mods: [abilities]",
                                                   "item_mods: [abilitys]"))
    s = new_session(ruleset="dicepool", seed=1)
    with pytest.raises(GmError) as caught:
        s.execute("new --ruleset dp")
    assert "key 'item_mods': no item file abilitys.yaml for item_mods 'abilitys'" \
        in caught.value.message

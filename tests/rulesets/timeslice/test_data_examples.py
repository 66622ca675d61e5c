"""The time-slice rulings written as data (content/timeslice/), played through the
commands: the README's short fight and the rulings' examples give these HP, TS and
states, line for line, these breakdowns, refusals and odds' fractions: the numbers the
Python ruleset gave, kept as fixed values since it was deleted.

What the data version does not play yet (and why the format cannot say it today): the
breakdown's number column; the surprise's one line for the side (each check is told).
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError

# README, "Time slices": Kara (V 13, mail DR 2), Ida (U 13, a medical kit), the guard
# (Q 10 U 11 V 11, mail DR 2, a spear of reach 2).
README = (
    "add kara --as kara --at B2",
    "add ida --as ida --at A3",
    "add guard --as guard --at C2",
    "init --roll kara=6,3 --roll ida=7,1 --roll guard=5,5",
    "start",
    "attack guard --roll 7,8 --defend 2,5",   # 15 + 3 = 18 vs parry 7 + 1 = 8: HP 12 → 9
    "attack guard --roll 3,4 --defend 4,5",   # 10 vs 10: the defender wins (T9)
    "end",                                    # Kara keeps 4 TS for the next pass (T5)
    "attack kara --called head --roll 9,9 --defend 0,1",   # 18 + 1 - 4 = 15 vs 1 + 3 = 4
    "damage kara 20",                         # 0 HP: unconscious and dying (T13)
    "end",
    "tend kara",                              # Ida, 3 TS: Kara stops dying (T14)
)


@pytest.fixture
def play():
    """`play(*lines)`: a session of the time slices (seed 1) run through `lines`."""
    def start(*lines):
        s = new_session(ruleset="timeslice", seed=1)
        for line in lines:
            s.execute(line)
        return s
    return start


def condition(s, actor_id: str) -> str:
    """up, unconscious, dying or dead (T13, T14): the conditions of zero HP."""
    names = {e.name for e in s.state.actors[actor_id].effects}
    return next((c for c in ("dead", "dying", "unconscious") if c in names), "up")


def numbers(s) -> str:
    """Each side's combatants with their HP, TS and state (down when its state is not up,
    else marked), then whose turn and which round:
    `party: kara 14hp 7ts up; enemies: guard 9hp 10ts up; turn: kara, round 1`."""
    sides: dict[str, list[str]] = {}
    for a, x in s.state.actors.items():
        state = condition(s, a)
        mark = "" if x.down == (state != "up") else " (down)" if x.down else " (not down)"
        sides.setdefault(x.side, []).append(f"{a} {x.hp}hp {x.resource('ts')}ts {state}{mark}")
    told = "; ".join(f"{side}: {', '.join(actors)}" for side, actors in sides.items())
    return f"{told}; turn: {s.state.turn}, round {s.state.round}"


def refused(s, line: str) -> tuple[str, str]:
    """The words and hint `line` is refused with; it changes nothing."""
    before = s.state
    with pytest.raises(GmError) as refusal:
        s.execute(line)
    assert s.state == before
    return refusal.value.message, refusal.value.hint


TRIO = "party: kara {}, ida {}; enemies: guard {}; turn: {}"


def test_the_readme_fight_gives_these_numbers_after_every_line(play):
    # by hand: the guard 12 - (5 - 2) = 9, 7 TS; Kara 14 - (5 + 2 - 2) = 9, then 20 - 2
    # = 18 more: 0 HP, unconscious (tended: no longer dying), 4 TS; Ida 10 - 3 = 7 TS
    fresh = "12hp 10ts up"
    after = [
        "party: kara 14hp 10ts up; turn: None, round 0",
        "party: kara 14hp 10ts up, ida 12hp 10ts up; turn: None, round 0",
        TRIO.format("14hp 10ts up", fresh, fresh, "None, round 0"),
        TRIO.format("14hp 10ts up", fresh, fresh, "None, round 0"),
        TRIO.format("14hp 10ts up", fresh, fresh, "kara, round 1"),
        TRIO.format("14hp 7ts up", fresh, "9hp 10ts up", "kara, round 1"),
        TRIO.format("14hp 4ts up", fresh, "9hp 10ts up", "kara, round 1"),
        TRIO.format("14hp 4ts up", fresh, "9hp 10ts up", "guard, round 1"),
        TRIO.format("9hp 4ts up", fresh, "9hp 7ts up", "guard, round 1"),
        TRIO.format("0hp 4ts dying", fresh, "9hp 7ts up", "guard, round 1"),
        TRIO.format("0hp 4ts dying", fresh, "9hp 7ts up", "ida, round 1"),
        TRIO.format("0hp 4ts unconscious", "12hp 7ts up", "9hp 7ts up", "ida, round 1"),
    ]
    s = play()
    for line, expected in zip(README, after, strict=True):
        s.execute(line)
        assert numbers(s) == expected, line


def breakdown(result) -> list[str]:
    """An attack's breakdown, each line's label, number and ruling (its closing line, a
    note of its own labelled ▸, left out)."""
    from shaper_gm.engine.events import Played
    played = next(e for e in result.events if isinstance(e, Played))
    return [" = ".join(str(part) for part in (n.label, n.value) if part is not None)
            + f" ({n.rule})" for n in played.outcome.notes if n.label != "▸"]


@pytest.mark.parametrize("line, lines, guard", [
    ("attack guard --roll 7,8 --defend 2,5",
     ["attack dice = 15 (T1, T2)", "[V] bonus = 3 (T2, T9)", "attack total = 18 (T9)",
      "defense: parry (T10)", "parry dice = 7 (T1, T2)", "[V] bonus = 1 (T2, T10)",
      "defense total = 8 (T10)", "hit: 18 > 8 = 10 (T9)", "Sword = 5 (T12)",
      "damage = 5 (T12)", "DR = 2 (T12)", "damage after DR = 3 (T12)", "HP = 9 (T12)"],
     "9hp 10ts up"),
    ("attack guard --called head --roll 9,0 --defend 0,0 --defense brace",
     ["attack dice = 9 (T1, T2)", "[V] bonus = 3 (T2, T9)", "called shot: head = -4 (T11)",
      "attack total = 8 (T9)", "defense: brace (T10)", "brace dice = 0 (T1, T2)",
      "[U] bonus = 1 (T2, T10)", "defense total = 1 (T10)", "hit: 8 > 1 = 7 (T9)",
      "Sword = 5 (T12)", "called shot: head = 2 (T11)", "damage = 7 (T12)", "DR = 2 (T12)",
      "damage after DR = 5 (T12)", "HP = 7 (T12)"],
     "7hp 10ts up"),
    ("attack guard --called limb --roll 5,5 --defend 5,5 --defense dodge",
     ["attack dice = 10 (T1, T2)", "[V] bonus = 3 (T2, T9)", "called shot: limb = -2 (T11)",
      "attack total = 11 (T9)", "defense: dodge (T10)", "dodge dice = 10 (T1, T2)",
      "[Q] bonus = 0 (T2, T10)", "defense total = 10 (T10)", "hit: 11 > 10 = 1 (T9)",
      "Sword = 5 (T12)", "damage = 5 (T12)", "DR = 2 (T12)", "damage after DR = 3 (T12)",
      "HP = 9 (T12)"],
     "9hp 8ts up"),
])
def test_an_attack_breaks_down_into_these_lines(play, line, lines, guard):
    s = play(*README[:5])
    assert breakdown(s.execute(line)) == lines
    assert numbers(s) == TRIO.format("14hp 7ts up", "12hp 10ts up", guard, "kara, round 1")


@pytest.mark.parametrize("choose", ["--defense brace", "--react guard=brace"])
def test_the_kind_a_defender_rolled_stands_for_its_next_defense(play, choose):
    """T10: the guard's best is parry ([V] +1 beats [Q] +0, ties [U] +1 to the first
    listed); once it braces, its next defense is a brace too, until it names another."""
    s = play(*README[:5])
    lines = (f"attack guard --roll 5,5 --defend 5,5 {choose}",
             "attack guard --roll 5,5 --defend 5,5",
             "attack guard --roll 0,0 --defend 0,0 --react guard=dodge")
    assert [breakdown(s.execute(line))[3] for line in lines] == \
        ["defense: brace (T10)", "defense: brace (T10)", "defense: dodge (T10)"]
    assert numbers(s) == TRIO.format("14hp 1ts up", "12hp 10ts up", "3hp 10ts up",
                                     "kara, round 1")


def test_a_limb_shot_takes_2_ts_and_a_head_shot_adds_2_damage(play):
    """T11: limb -2 to the attack, the target loses 2 TS; head -4, +2 damage."""
    s = play(*README[:5], "attack guard --called limb --roll 9,9 --defend 0,0",
             "end", "attack kara --called head --roll 9,9 --defend 0,0")
    # the guard: 12 - (5 - 2) = 9 HP, 10 - 2 = 8 TS, then 3 for its attack: 5;
    # Kara 14 - (5 + 2 - 2): spear 5, head +2, mail DR 2
    assert numbers(s) == TRIO.format("9hp 7ts up", "12hp 10ts up", "9hp 5ts up",
                                     "guard, round 1")


def test_a_non_player_at_zero_hp_dies_and_a_player_is_dying(play):
    """T13: a non-player combatant at 0 HP dies; a player character is unconscious and
    dying."""
    s = play(*README[:5], "damage guard 14", "damage kara 16")
    assert numbers(s) == TRIO.format("0hp 10ts dying", "12hp 10ts up", "0hp 10ts dead",
                                     "None, round 1")


def test_a_nonlethal_blow_leaves_a_non_player_unconscious(play):
    """T13: at 0 HP a non-player dies unless the damage was nonlethal; a player character
    is dying either way."""
    s = play(*README[:5], "add sniper --as sniper --at D2",
             "damage guard 12",                                  # 12 - DR 2: 2 HP
             "attack guard --roll 9,9 --defend 0,0 --nonlethal",   # 5 - 2: 0 HP
             "damage sniper 30 --nonlethal", "damage kara 30 --nonlethal")
    assert numbers(s) == ("party: kara 0hp 7ts dying, ida 12hp 10ts up; enemies: guard 0hp "
                          "10ts unconscious, sniper 0hp 9ts unconscious; turn: None, round 1")


def test_add_npc_and_player_say_what_zero_hp_brings(play):
    """T13: `add --npc` makes a non-player of a player template, dead at 0 HP; `--player`
    a player character of the default sheet, dying at 0 HP; both together are refused."""
    s = play(*README[:3], "add bob --as kara --npc --at D2 --side enemies",
             "add zed --player --at D3 --side party",
             "init --roll kara=6,3 --roll ida=7,1 --roll guard=5,5 --roll bob=0,0 "
             "--roll zed=0,0", "start", "damage bob 30", "damage zed 30")
    assert numbers(s) == ("party: kara 14hp 10ts up, ida 12hp 10ts up, zed 0hp 10ts dying; "
                          "enemies: guard 12hp 10ts up, bob 0hp 10ts dead; turn: kara, round 1")
    assert refused(s, "add amy --player --npc") == (
        "--player and --npc contradict each other (T13)", "give one of them")


def test_passes_and_round_end_go_alike(play):
    """T5, T6: `end` keeps the rest of the TS for the next pass, `pass` gives it up, a
    turn whose TS is spent ends by itself, and a new round refills every TS."""
    s = play(*README[:5])
    for line, kara, ida, guard, turn in (
            ("attack guard --roll 0,0 --defend 9,9", 7, 10, 10, "kara"),
            ("end", 7, 10, 10, "guard"),                          # Kara: 7 left
            ("pass", 7, 10, 0, "ida"),                            # the guard
            ("move B4", 7, 8, 0, "ida"), ("move A1", 7, 4, 0, "ida"),
            ("end", 7, 4, 0, "kara"),                             # Ida: 8, 4
            ("attack guard --roll 0,0 --defend 9,9", 4, 4, 0, "kara"),     # Kara: 4 left
            ("attack guard --roll 0,0 --defend 9,9", 1, 4, 0, "kara"),
            ("end", 1, 4, 0, "ida"),                              # 1 left
            ("move A3", 1, 2, 0, "ida"), ("end", 1, 2, 0, "kara"),  # Ida: 2
            ("pass", 0, 2, 0, "ida"),                             # Kara
            ("move A4", 10, 10, 10, "kara")):           # Ida: 0, the round ends: round 2
        s.execute(line)
        assert numbers(s) == TRIO.format(
            f"14hp {kara}ts up", f"12hp {ida}ts up", f"12hp {guard}ts up",
            f"{turn}, round {2 if line == 'move A4' else 1}"), line


@pytest.mark.parametrize("line, said", [
    ("attack kara", ("Kara cannot attack itself (T9)", "name another target")),
    ("attack brute", ("Brute is 8 units away; the Sword reaches 1 (T17)",
                      "move kara closer first")),
    ("attack guard --called knee", ("no called shot 'knee'", "known: head, limb, weapon")),
    ("attack guard --defense duck", ("no defense 'duck'", "known: brace, dodge, parry")),
    ("move B2", ("Kara is already at B2 (T17)", "name another unit")),
    ("tend guard", ("Kara has no medical-kit to tend with (T14)",
                    "tend with someone who carries one")),
    ("attack dead", ("Dead is dead (T13, T14): nothing can attack it", "pick another target")),
    ("attack bare --defense parry",
     ("Bare cannot parry: a parry needs a held weapon and it holds none (T10)",
      "it can: dodge, brace")),
])
def test_refusals_say_why_and_change_nothing(play, line, said):
    """T9: not itself; T17: 8 units away, the sword reaches 1; T11: no such called shot;
    T10: no such defense; T17: where it stands; T14: no medical kit; T13: nothing attacks
    the dead; T10: a parry needs a held weapon."""
    s = play(*README[:3], "add brute --as brute --at J10",
             "add dead --as guard --at D2 --name Dead", "add bare --at B1",
             "init --roll kara=6,3 --roll ida=7,1 --roll guard=5,5 --roll brute=0,0 "
             "--roll dead=0,0 --roll bare=0,0", "start", "damage dead 14")
    assert refused(s, line) == said


def test_hand_faces_read_0_to_9(play):
    """T1: a face of 0 is taken, a 10 refused, before anything is paid."""
    s = play(*README[:5])
    with pytest.raises(GmError) as refusal:
        s.execute("attack guard --roll 10,0 --defend 0,0")
    assert "0" in refusal.value.message and "9" in refusal.value.message
    assert s.state.actors["kara"].resource("ts") == 10
    s.execute("attack guard --roll 0,0 --defend 0,0")      # 0 + 3 vs 0 + 1: a hit
    assert numbers(s) == TRIO.format("14hp 7ts up", "12hp 10ts up", "9hp 10ts up",
                                     "kara, round 1")


def exact_odds(s, line: str) -> dict[str, Fraction]:
    """The JSON's chances and HP lost, by name."""
    found = json.loads(s.execute(f"{line} --json").view.text)["targets"][0]
    return {**{key: Fraction(found[key]["exact"]) for key in ("hit", "miss", "down")},
            **{f"hp-{k}": Fraction(v["exact"]) for k, v in found["taken"]["values"].items()},
            "mean": Fraction(found["taken"]["mean_exact"]), "of": found["harm"]["of"]}


# The chance to hit and the HP a hit takes, by attacker, target, called shot and defense
# (- for none): a miss takes none, and nothing drops the target.
ODDS = {
    "kara guard": {"- -": "1199/2000 3", "- dodge": "1657/2500 3", "- brace": "1199/2000 3",
                   "head -": "843/2500 5", "head dodge": "801/2000 5",
                   "head brace": "843/2500 5", "limb -": "933/2000 3",
                   "limb dodge": "1067/2000 3", "limb brace": "933/2000 3"},
    "kara sniper": {"- -": "1067/2000 4", "- dodge": "1067/2000 4",
                    "- brace": "1657/2500 4", "head -": "139/500 6", "head dodge": "139/500 6",
                    "head brace": "801/2000 6", "limb -": "801/2000 4",
                    "limb dodge": "801/2000 4", "limb brace": "1067/2000 4"},
    "ren guard": {"- -": "933/2000 4", "- dodge": "1067/2000 4", "- brace": "933/2000 4",
                  "head -": "28/125 6", "head dodge": "139/500 6", "head brace": "28/125 6",
                  "limb -": "843/2500 4", "limb dodge": "801/2000 4",
                  "limb brace": "843/2500 4"},
    "ren sniper": {"- -": "801/2000 5", "- dodge": "801/2000 5", "- brace": "1067/2000 5",
                   "head -": "22/125 7", "head dodge": "22/125 7", "head brace": "139/500 7",
                   "limb -": "139/500 5", "limb dodge": "139/500 5",
                   "limb brace": "801/2000 5"},
    "brute guard": {"- -": "1067/2000 5", "- dodge": "1199/2000 5", "- brace": "1067/2000 5",
                    "head -": "139/500 7", "head dodge": "843/2500 7",
                    "head brace": "139/500 7", "limb -": "801/2000 5",
                    "limb dodge": "933/2000 5", "limb brace": "801/2000 5"},
    "brute sniper": {"- -": "933/2000 6", "- dodge": "933/2000 6", "- brace": "1199/2000 6",
                     "head -": "28/125 8", "head dodge": "28/125 8",
                     "head brace": "843/2500 8", "limb -": "843/2500 6",
                     "limb dodge": "843/2500 6", "limb brace": "933/2000 6"},
}


@pytest.mark.parametrize("attacker, target, called, defense", [
    *product(["kara", "ren", "brute"], ["guard", "sniper"], [None, "head", "limb"],
             [None, "dodge", "brace"]),
])
def test_the_odds_of_an_attack_are_these_fractions(play, attacker, target, called, defense):
    """The chance to hit, to drop the target and each HP lost, exactly."""
    s = play(f"add {attacker} --as {attacker} --at B2", f"add {target} --as {target} --at C2")
    line = " ".join(filter(None, (f"odds {attacker} {target}",
                                  called and f"--called {called}",
                                  defense and f"--defense {defense}")))
    hit, taken = ODDS[f"{attacker} {target}"][f"{called or '-'} {defense or '-'}"].split()
    p = Fraction(hit)
    assert exact_odds(s, line) == {"hit": p, "miss": 1 - p, "down": 0, "hp-0": 1 - p,
                                   f"hp-{taken}": p, "mean": p * int(taken), "of": "taken"}


def test_the_readme_odds_are_801_in_2000(play):
    """README: after the short fight, Ida's pistol (4, U 13 V 10) against the guard (parry
    [V] +1, DR 2) hits 801/2000 and takes 2 HP when it does."""
    odds = exact_odds(play(*README), "odds guard")
    assert (odds["hit"], odds["hp-2"]) == (Fraction(801, 2000), Fraction(801, 2000))


def test_the_readme_fight_saves_reopens_and_replays_to_the_same_state(play, tmp_path):
    """The save opens again to the same state, and its log replays."""
    from shaper_gm.persist import saves
    from shaper_gm.persist.replay import replay_save
    s = play(*README)
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    assert replay_save(path).ok
    assert saves.read_save(path).state == s.state


def test_a_weapon_not_in_hand_is_drawn_first_for_1_ts(play):
    """T7: Kara holds her sword as the fight starts; the knife she carries is drawn (1 TS)
    before it attacks with it, and stays in hand for the next attack."""
    s = play(*README[:5])
    with pytest.raises(GmError, match=r"^Kara is not holding the Knife \(T7\); "
                                      r"draw it first \(1 TS\): draw kara knife$"):
        s.execute("attack guard --with knife --roll 7,8 --defend 2,5")
    s.execute("draw kara knife")
    s.execute("attack guard --with knife --roll 7,8 --defend 2,5")
    s.execute("attack guard --roll 1,1 --defend 0,0 --defense brace")   # the knife
    # 10 - 1 - 3 - 3 = 3 TS; the guard 12 - (3 - 2) - (3 - 2) = 10 (a knife, 3 damage)
    assert numbers(s) == TRIO.format("14hp 3ts up", "12hp 10ts up", "10hp 10ts up",
                                     "kara, round 1")


def test_an_unarmed_defender_cannot_parry_and_its_best_is_another_kind(play):
    """T10: a combatant holding no weapon has no parry; its best expected total is taken
    among the other kinds (its [V] 14 would make a parry its best)."""
    s = play("add kara --as kara --at B2", "add bare --at B3 --stat v=14",
             "init --roll kara=6,3 --roll bare=0,0", "start")
    assert breakdown(s.execute("attack bare --roll 5,5 --defend 5,5")) == [
        "attack dice = 10 (T1, T2)", "[V] bonus = 3 (T2, T9)", "attack total = 13 (T9)",
        "defense: dodge (T10)", "dodge dice = 10 (T1, T2)", "[Q] bonus = 0 (T2, T10)",
        "defense total = 10 (T10)", "hit: 13 > 10 = 3 (T9)", "Sword = 5 (T12)",
        "damage = 5 (T12)", "DR = 0 (T12)", "damage after DR = 5 (T12)", "HP = 5 (T12)"]
    assert numbers(s) == "party: kara 14hp 7ts up; enemies: bare 5hp 10ts up; turn: kara, round 1"


def test_an_unarmed_defender_answering_parry_is_refused(play):
    """T10: `--react bare=parry` is refused, nothing changed."""
    s = play("add kara --as kara --at B2", "add bare --at B3",
             "init --roll kara=6,3 --roll bare=0,0", "start")
    message, _ = refused(s, "attack bare --react bare=parry --roll 5,5 --defend 5,5")
    assert "a parry needs a held weapon and it holds none (T10)" in message


def dying_left(s, actor_id: str) -> int | None:
    """Seconds left on a dying character's timer (T14), None when it is not dying."""
    actor = s.state.actors[actor_id]
    if "dying" not in {e.name for e in actor.effects}:
        return None
    return 300 - actor.sheet.dying_spent


def test_a_dying_timer_runs_6_seconds_a_round_and_kills_at_5_minutes(play):
    """T14, T15: Kara, dying, loses a round's 6 seconds as each round goes by; 50 rounds
    (5 minutes) and she is dead, in the same command."""
    s = play(*README[:5], "damage kara 20")
    for round_ in range(2, 52):
        while s.state.round < round_:
            s.execute("pass")
        expected = 300 - 6 * (round_ - 1)
        assert numbers(s) == TRIO.format(f"0hp 0ts {'dying' if expected else 'dead'}",
                                         "12hp 10ts up", "12hp 10ts up",
                                         f"guard, round {round_}"), round_
        assert dying_left(s, "kara") == (expected or None)


def test_a_tended_character_that_falls_again_has_a_whole_timer(play):
    """T14: tending stops the timer; a character dying again starts at 5 minutes."""
    s = play(*README[:5], "damage kara 20")
    while s.state.round < 3:
        s.execute("pass")
    while s.state.turn != "ida":
        s.execute("end")
    for line in ("tend kara", "heal kara 3", "damage kara 20"):
        s.execute(line)
    assert dying_left(s, "kara") == 300
    assert numbers(s) == TRIO.format("0hp 0ts dying", "12hp 7ts up", "12hp 10ts up",
                                     "ida, round 3")


@pytest.mark.parametrize("line, where, ts", [
    ("move bat J10 --speed fly", "J10", 12 - 3 * 2),     # 9 units: 3 moves of 4 (T17)
    ("move bat F5", "F5", 12 - 2 * 2),                   # its first mode: fly, 5 units
    ("move bat B1 --speed ground", "B1", 12 - 1 * 2),    # 1 unit a move on the ground
    ("move bat D4 --speed ground", "D4", 12 - 3 * 2),
])
def test_a_move_goes_by_the_movement_mode_named(play, line, where, ts):
    """T7, T17: `--speed MODE` reads the mode's units per move off the sheet's speeds."""
    s = play("add kara --as kara --at B2", "add bat --as giant-bat --at A1",
             "init --roll kara=6,3 --roll bat=9,9", "start", line)
    assert numbers(s) == ("party: kara 14hp 10ts up; enemies: bat 7hp "
                          f"{ts}ts up; turn: bat, round 1")
    assert s.state.actors["bat"].zone == where


@pytest.mark.parametrize("line, said", [
    ("move bat E5 --speed swim", "Giant Bat has no swim travel speed (T17)"),
    ("move kara C3 --speed fly", "Kara has no fly travel speed (T17)"),
])
def test_a_mode_not_on_the_sheet_is_refused(play, line, said):
    s = play("add kara --as kara --at B2", "add bat --as giant-bat --at A1",
             "init --roll kara=6,3 --roll bat=9,9", "start")
    assert refused(s, line)[0] == said


def test_an_attack_or_damage_on_a_dying_character_takes_a_minute_off_its_timer(play):
    """T14: an attack on a dying character rolls nothing and takes a minute off its
    timer, and so does the GM's damage; at 0 it is dead, in the same command."""
    s = play(*README[:5], "damage kara 20", "end", "attack kara")
    assert dying_left(s, "kara") == 240
    for left in (240, 180, 120, 60, 0):
        if left < 240:
            s.execute("damage kara 3")
        assert numbers(s) == TRIO.format(f"0hp 10ts {'dying' if left else 'dead'}",
                                         "12hp 7ts up", "12hp 10ts up", "ida, round 1"), left
        assert dying_left(s, "kara") == (left or None)


def test_an_attack_on_a_dying_character_breaks_down_into_these_lines(play):
    s = play(*README[:5], "damage kara 20", "end")
    assert breakdown(s.execute("attack kara")) == ["the target is dying: no roll (T14)",
                                                   "dying timer, minutes = 4 (T14)"]


@pytest.mark.parametrize("line", ["attack kara --called head", "attack kara --defense brace"])
def test_an_attack_on_a_dying_character_takes_no_called_shot_nor_defense(play, line):
    s = play(*README[:5], "damage kara 20", "end")
    assert refused(s, line) == (
        "Kara is dying: an attack on it rolls nothing and takes a minute off its timer (T14)",
        "drop --called and --defense")


def test_healing_a_dying_character_adds_a_minute_a_point_and_the_rest_is_hp(play):
    """T14: each point of healing adds a minute to a dying character's timer; the points
    that would take it above 5 minutes become HP and it stops dying, still unconscious
    and down until the GM wakes it (`heal_wakes: false`)."""
    s = play(*README[:5], "damage kara 20", "damage kara 3", "damage kara 3")
    for line, left in (("heal kara 1", 240), ("heal kara 1", 300)):
        s.execute(line)
        assert numbers(s) == TRIO.format("0hp 10ts dying", "12hp 10ts up", "12hp 10ts up",
                                         "guard, round 1"), line
        assert dying_left(s, "kara") == left
    for line in ("damage kara 3", "heal kara 4"):          # 1 on the timer, 3 HP
        s.execute(line)
    assert numbers(s) == TRIO.format("3hp 10ts unconscious", "12hp 10ts up", "12hp 10ts up",
                                     "guard, round 1")
    assert dying_left(s, "kara") is None


@pytest.mark.parametrize("lines, kara", [
    (("heal kara 4", "wake kara"), ("4hp 10ts unconscious", "4hp 10ts up")),   # woken
    (("heal kara 4", "damage kara 20"), ("4hp 10ts unconscious", "0hp 10ts dying")),
    (("stabilise kara",), ("0hp 10ts unconscious",)),
    (("stabilise kara", "heal kara 2", "wake kara"),
     ("0hp 10ts unconscious", "2hp 10ts unconscious", "2hp 10ts up")),
])
def test_one_healed_from_0_hp_stays_down_until_the_gm_wakes_it(play, lines, kara):
    """T14 (`heal_wakes: false`): healed above 0 HP a character stays unconscious and
    down until `wake`; losing its HP again it is dying anew; `stabilise` stops the timer
    as tending does."""
    played_on_dying_kara(play, lines, kara)


def played_on_dying_kara(play, lines, kara) -> None:
    """`lines` played after Kara is brought to 0 HP; Kara's HP, TS and condition after
    each as `kara` says."""
    s = play(*README[:5], "damage kara 20")
    for line, expected in zip(lines, kara, strict=True):
        s.execute(line)
        assert numbers(s) == TRIO.format(expected, "12hp 10ts up", "12hp 10ts up",
                                         "guard, round 1"), line


@pytest.mark.parametrize("lines, kara", [
    (("set kara hp=5",), ("5hp 10ts unconscious",)),                        # stops dying
    (("set kara hp=5", "wake kara"), ("5hp 10ts unconscious", "5hp 10ts up")),
    (("set kara hp=5", "set kara hp=0"),
     ("5hp 10ts unconscious", "0hp 10ts dying")),                          # dying anew
    (("set kara hp=0",), ("0hp 10ts dying",)),                              # nothing changes
])
def test_hp_set_above_0_stops_a_characters_dying(play, lines, kara):
    """T14: the GM's `set ACTOR hp=N` above 0 on a dying character stops its dying, still
    unconscious; set to 0 again, it is dying anew (T13)."""
    played_on_dying_kara(play, lines, kara)


def test_hp_set_on_the_dead_is_refused(play):
    """T13, T14: the dead keep 0 HP."""
    s = play(*README[:5], "damage guard 30")
    assert refused(s, "set guard hp=5") == ("Guard is dead (T13, T14): its HP stay at 0",
                                            "undo what killed it, or add it again")


@pytest.mark.parametrize("line, said", [
    ("wake kara", ("Kara is at 0 HP and cannot wake (T13, T14)", "heal kara first")),
    ("wake guard", ("Guard is awake", "nothing to do")),
    ("stabilise guard", ("Guard is not dying (T14)",
                         "only the dying stop dying; heal restores HP")),
    ("wake", ("wake: expected wake ACTOR", "type help wake for examples")),
    ("stabilise", ("stabilise: expected stabilise ACTOR", "type help stabilise for examples")),
])
def test_waking_and_stabilising_refusals_say_why(play, line, said):
    s = play(*README[:5], "damage kara 20")
    assert refused(s, line) == said


@pytest.mark.parametrize("line, said", [
    ("heal guard 2", ("Guard has all 12 HP and is not dying: there is nothing to heal (T14)",
                      "heal someone hurt, or wake guard")),
    ("heal dead 2", ("Dead is dead (T13, T14): nothing can heal it", "pick another target")),
    ("heal kara 0", ("healing must be at least 1 point, not 0 (T14)", "e.g. heal ida 4")),
])
def test_healing_refusals_say_why_and_change_nothing(play, line, said):
    s = play(*README[:3], "add dead --as guard --at D2 --name Dead",
             "init --roll kara=6,3 --roll ida=7,1 --roll guard=5,5 --roll dead=0,0",
             "start", "damage dead 14")
    assert refused(s, line) == said


def test_waiting_counts_down_every_dying_timer(play):
    """T15: the GM lets time pass (`wait 2` minutes, `wait 30s`); each dying timer loses
    it, and at 0 the character is dead."""
    s = play(*README[:5], "wait 1", "damage kara 20")
    for line, left, guard_ts, turn in (
            ("wait 2", 180, 10, "guard"), ("wait 30s", 150, 10, "guard"),
            ("wait 0.1", 144, 10, "guard"), ("pass", 144, 0, "ida"),
            ("wait 1s", 143, 0, "ida"), ("wait 3", None, 0, "ida")):
        s.execute(line)
        assert numbers(s) == TRIO.format(f"0hp 10ts {'dying' if left else 'dead'}",
                                         "12hp 10ts up", f"12hp {guard_ts}ts up",
                                         f"{turn}, round 1"), line
        assert dying_left(s, "kara") == left, line


WHAT_A_TIME_IS = "write minutes, e.g. wait 2 or wait 0.5, or seconds, e.g. wait 30s"


@pytest.mark.parametrize("line, said", [
    ("wait 0", ("'0' is not a whole, positive number of seconds (T15)",
                "e.g. wait 2 or wait 30s")),
    ("wait soon", ("'soon' is not a time (T15)", WHAT_A_TIME_IS)),
    ("wait -2", ("'-2' is not a time (T15)", WHAT_A_TIME_IS)),
    ("wait 0.5s", ("'0.5s' is not a whole, positive number of seconds (T15)",
                   "e.g. wait 2 or wait 30s")),
])
def test_a_time_that_is_none_is_refused(play, line, said):
    s = play(*README[:5], "damage kara 20")
    assert refused(s, line) == said


@pytest.mark.parametrize("line, assumed", [
    ("odds kara guard",
     ["attack 2d10 read 0-9 (T1, T2): [V] bonus +3 (T2, T9), effects +0 (T9), called shot "
      "none (T11)", "Guard rolls the kind declared or standing (none), else its best "
      "expected total (T10): dodge [Q] +0, parry [V] +1, brace [U] +1, effects included",
      "damage Sword 5, called shot +0, effects 0, GM bonus 0, less DR 2 (T11, T12)"]),
    ("odds kara guard --called head --defense brace",
     ["attack 2d10 read 0-9 (T1, T2): [V] bonus +3 (T2, T9), effects +0 (T9), called shot "
      "head -4 (T11)", "Guard rolls the kind declared or standing (brace), else its best "
      "expected total (T10): dodge [Q] +0, parry [V] +1, brace [U] +1, effects included",
      "damage Sword 5, called shot +2, effects 0, GM bonus 0, less DR 2 (T11, T12)"]),
    ("odds guard kara --called limb --defense dodge",
     ["attack 2d10 read 0-9 (T1, T2): [V] bonus +1 (T2, T9), effects +0 (T9), called shot "
      "limb -2 (T11)", "Kara rolls the kind declared or standing (dodge), else its best "
      "expected total (T10): dodge [Q] +1, parry [V] +3, brace [U] +0, effects included",
      "damage Spear 5, called shot +0, effects 0, GM bonus 0, less DR 2 (T11, T12)"]),
])
def test_the_odds_say_the_numbers_they_assume(play, line, assumed):
    """The odds' assumptions (the view's lines, the JSON's `assumed`): the attack's
    bonuses, the defender's and the damage less DR, with their rulings."""
    s = play("add kara --as kara --at B2", "add guard --as guard --at C2")
    assert json.loads(s.execute(f"{line} --json").view.text)["assumed"] == assumed


def shown(s, line: str) -> str:
    """What a line prints, as the shell prints it."""
    import io

    from shaper_gm.render.console import Renderer, make_console
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=100, color_system=None),
                        ruleset_for=s.ruleset_for)
    renderer.show(s.execute(line), s.state)
    return out.getvalue()


@pytest.mark.parametrize("line, said", [
    ("move bat E5 --speed fly", "Giant Bat flies A1 → E5 (4 units, 1 move, fly, 2 TS, T17)"),
    ("move bat J10", "Giant Bat flies A1 → J10 (9 units, 3 moves, fly, 6 TS, T17)"),
    ("move bat B1 --speed ground", "Giant Bat moves A1 → B1 (1 unit, 1 move, 2 TS, T17)"),
])
def test_a_flier_flies_and_the_map_marks_it(play, line, said):
    """T17: a move in the air reads "flies", and the map marks the flier with its legend
    until it moves on the ground again."""
    s = play("add kara --as kara --at B2", "add bat --as giant-bat --at A1",
             "init --roll kara=6,3 --roll bat=9,9", "start")
    assert said in shown(s, line)
    flying = "flies" in said
    drawn = shown(s, "map")
    assert (" ^ " in drawn, "^ flying (moved with --speed fly)" in drawn) == (flying, flying)
    if flying:                               # back on the ground: no mark, no legend
        s.execute("end")
        s.execute("move kara C2")
        s.execute("end")
        s.execute(f"move bat --speed ground {'E6' if 'E5' in line else 'J9'}")
        assert "^" not in shown(s, "map")


SURPRISE = ("add kara --as kara --at B2", "add guard --as guard --at C2",
            "add ren --as ren --at B3", "add ida --as ida --at A3",
            "add sniper --as sniper --at J9",
            "init --roll kara=9,9 --roll guard=5,5 --roll ren=0,0 --roll ida=0,1 "
            "--roll sniper=3,3")
FIVE = "party: kara 14hp {}ts up, ren 11hp {}ts up, ida 12hp {}ts up; enemies: guard 12hp " \
       "10ts up, sniper 9hp {}ts up; turn: {}"


@pytest.mark.parametrize("line, ts, turn", [
    # the guard 8 and the sniper 6 + 2 = 8: mark 8; Kara 10, Ren 11, Ida 0 + 3 = 3
    ("surprise enemies --roll 4,4 --roll 3,3 --notice 5,5 --notice 5,5 --notice 0,0",
     (10, 11, 0, 9), "kara"),
    # the guard 18, the sniper 20: mark 19; all three short of it
    ("surprise enemies --roll 9,9 --roll 9,9 --notice 9,9 --notice 0,0 --notice 1,1",
     (0, 0, 0, 9), "guard"),
    # Kara, Ren and Ida spring it: 19 + 3 + 1 = 23 / 3 = 7; the guard 8, the sniper 6
    ("surprise party --roll 9,9 --roll 1,1 --roll 0,1 --notice 4,4 --notice 2,2",
     (10, 11, 10, 0), "kara"),
])
def test_a_surprise_leaves_the_surprised_without_ts_in_round_1(play, line, ts, turn):
    """T16: each of the surprising side rolls [Q]; each of the others rolls [U] against
    their average, rounded down, and short of it gains no TS in round 1; from round 2 on
    everyone gains TS as usual."""
    s = play(*SURPRISE, line, "start")
    assert numbers(s) == FIVE.format(*ts, f"{turn}, round 1")
    while s.state.round < 2:
        s.execute("pass")
    assert numbers(s) == FIVE.format(10, 11, 10, 9, "kara, round 2")
    assert all(x.resource("ts") == x.sheet.ts_max for x in s.state.actors.values())


def test_the_readme_surprise_catches_ida(play):
    s = play(*SURPRISE[:4], "init --roll kara=9,9 --roll guard=5,5 --roll ren=0,0 "
             "--roll ida=0,1",
             "surprise enemies --roll 4,4 --notice 5,5 --notice 5,5 --notice 0,0", "start")
    assert numbers(s) == ("party: kara 14hp 10ts up, ren 11hp 11ts up, ida 12hp 0ts up; "
                          "enemies: guard 12hp 10ts up; turn: kara, round 1")


@pytest.mark.parametrize("setup, line", [
    ((*SURPRISE, "start"), "surprise enemies"),      # T16: before the fight starts
    (SURPRISE, "surprise goblins"),                  # no such side
    (("add guard --as guard --at C2", "add sniper --as sniper --at J9"),
     "surprise enemies"),                            # nobody outside the enemies
])
def test_a_surprise_that_cannot_be_is_refused_and_changes_nothing(play, setup, line):
    refused(play(*setup), line)


@pytest.mark.parametrize("line, kind", [
    ("odds kara guard", "parry"), ("odds kara guard --defense brace", "brace"),
    ("odds guard kara --defense dodge", "dodge"), ("odds kara brute", "brace"),
])
def test_the_odds_name_the_kind_of_defense_rolled(play, line, kind):
    """T10: the odds say which kind of defense roll they weigh (the JSON's `defense`):
    the declared one, else the defender's best."""
    s = play("add kara --as kara --at B2", "add guard --as guard --at C2",
             "add brute --as brute --at B3")
    assert json.loads(s.execute(f"{line} --json").view.text)["defense"] == kind


@pytest.mark.parametrize("line, total", [("roll 2d10 --faces 0,9", 9), ("roll 1d6 --faces 6", 6),
                                         ("roll 2d10+3 --faces 0,0", 3)])
def test_the_gms_roll_reads_a_d10_0_to_9(play, line, total):
    """T1: a d10 reads 0-9 in the GM's own rolls too; other dice as usual."""
    from shaper_gm.engine.events import DiceRolled
    rolled = next(e for e in play().execute(line).events if isinstance(e, DiceRolled))
    assert rolled.roll.total == total


@pytest.mark.parametrize("line, flag", [("roll 1d10 --faces 10", "faces"),
                                        ("attack guard --roll 1,10", "roll"),
                                        ("attack guard --roll 1,1 --defend 10,0", "defend")])
def test_a_10_for_a_d10_is_refused(play, line, flag):
    s = play(*README[:5])
    with pytest.raises(GmError) as refusal:
        s.execute(line)
    assert (refusal.value.message, refusal.value.hint) == (
        f"--{flag}: 10 is not a face here: a d10 reads 0-9, its 0 is 0, not 10 (T1)",
        f"give faces from 0 to 9, e.g. --{flag} 0,7")


def test_the_fights_clock_runs_a_round_s_6_seconds_and_the_time_waited(play):
    """T15: each round that ends adds 6 seconds, `wait` the time waited."""
    s = play(*README[:5])
    for line, seconds, ts, turn in (
            ("wait 30s", 30, (10, 10, 10), "kara, round 1"),
            ("end", 30, (10, 10, 10), "guard, round 1"),
            ("pass", 30, (10, 10, 0), "ida, round 1"),
            ("pass", 30, (10, 0, 0), "kara, round 1"),
            ("pass", 36, (10, 10, 10), "kara, round 2"),
            ("wait 2", 156, (10, 10, 10), "kara, round 2")):
        s.execute(line)
        assert s.ruleset_for(s.state).fight_seconds(s.state) == seconds, line
        kara, ida, guard = ts
        assert numbers(s) == TRIO.format(f"14hp {kara}ts up", f"12hp {ida}ts up",
                                         f"12hp {guard}ts up", turn), line


DEMO_SAVE = Path(__file__).resolve().parents[3] / "saves" / "timeslice-demo.yaml"


def python_save(tmp_path, edit=None):
    """saves/timeslice-demo.yaml, written by the Python ruleset, with `edit` made to its
    data."""
    import yaml
    data = yaml.safe_load(DEMO_SAVE.read_text())
    if edit:
        edit(data)
    path = tmp_path / "demo.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_the_python_rulesets_demo_save_opens_and_replays(tmp_path):
    """older_saves: the armor it names is kept, its DR in the sheet's (T12), the weapon
    in hand is the sheet's (T7); the log replays to the very state it holds."""
    from shaper_gm.persist.replay import replay_save
    from shaper_gm.persist.saves import read_save
    path = python_save(tmp_path)
    assert replay_save(path).ok
    kara = read_save(path).state.actors["kara"]
    assert (kara.sheet["dr"], kara.sheet["holding"], kara.resource("ts")) == (2, "sword", 0)
    assert kara.sheet["armor"] == "mail"


def test_an_older_saves_conditions_timer_defense_and_surprise_read_as_the_data_versions(
        tmp_path):
    """What the Python ruleset kept of a combatant reads as the data version keeps it:
    a dying condition as unconscious and dying, the seconds left as those run (T13, T14),
    a weapon knocked away among those dropped at its feet (T11), the defense rolled last
    as the one that stands (T10), the surprised of a round not yet started as surprised
    (T16)."""
    from shaper_gm.persist.saves import read_save

    def edit(data):
        kara, guard = data["actors"]["kara"], data["actors"]["guard"]
        kara["system"].update(condition="dying", dying_left=240, dropped=["knife"])
        guard["system"].update(defense="brace", flying=True)
        data["round"], data["system"]["surprise_round"] = 0, 1
        data["system"]["surprised"] = ["ida"]
        data["system"]["seconds"] = 42
    state = read_save(python_save(tmp_path, edit)).state
    kara, guard = state.actors["kara"], state.actors["guard"]
    assert [e.name for e in kara.effects] == ["unconscious", "dying"]
    assert (kara.sheet["dying_spent"], kara.sheet["weapons"], kara.sheet["dropped"]) == \
        (60, ("sword", "knife"), ("knife",))
    assert [e.name for e in guard.effects] == ["stands-brace", "flying"]
    assert [e.name for e in state.actors["ida"].effects] == ["surprised"]
    assert state.system.numbers == (("seconds", 42),)

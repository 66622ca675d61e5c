"""What the screen says must be true (issue 14): damage and healing say what happened,
odds stop at the target's HP, a shield's bonus is offered before it is raised, pips
agree with their legend, melee reads Melee, dice prompts name each die."""

from __future__ import annotations

from shaper_gm.app import new_session
from shaper_gm.render import Renderer
from tests.oddsread import flat

from .conftest import output, plain_console


def play(lines, *, width: int = 100):
    """A fresh session through `lines`; returns (session, text of the last line)."""
    session = new_session(seed=5)
    text = ""
    for line in lines:
        result = session.execute(line)
        console = plain_console(width)
        Renderer(console).show(result, session.state)
        text = output(console)
    return session, text


SHAPER = ["add kira --as josh --name Kira --side party --at B4 --armor armor-t2",
          "add finn --name Finn --side party --at B4 --hp 10",
          "add raider --as raider --side enemies --at B3",
          "init kira finn raider", "start"]


# --- damage and healing say what happened ---------------------------------------------

def test_shaper_damage_says_what_defense_stopped_then_the_hp_change():
    _, text = play([*SHAPER, "damage kira 9 --pierce 1 --defense 6"])
    lines = text.splitlines()
    damage = "9 damage to Kira: Defense 9 - Pierce 1 = 8 stops 8, 1 gets through, HP 13 → 12"
    # the Defense roll on a line before it, or (the data version) in its breakdown
    assert lines[:2] == ["Defense of Kira: [6] + 3 = 9", damage] or \
        (lines[0] == damage and "  Defense roll: [6] + 3 = 9" in lines)
    assert "takes 9 damage" not in text


def test_shaper_heal_says_what_it_healed_and_when_max_hp_capped_it():
    _, text = play([*SHAPER, "set finn hp=3", "heal finn 4"])
    assert text.strip() == "Finn: HP 3 → 7, healed 4"
    _, text = play([*SHAPER, "set finn hp=7", "heal finn 5"])
    assert text.strip() == "Finn: HP 7 → 10, healed 3 (5, capped at max HP)"


def test_direct_damage_past_zero_says_how_much_came_off():
    _, text = play([*SHAPER, "set finn hp=4", "damage finn 9 --direct"])
    assert text.splitlines()[0] == "Finn: HP 4 → 0, 4 of 9 damage (direct)"


REACTIONS = ["new --ruleset reactions --seed 3",
             "add ann --as duellist --side party --at B2 --name Ann",
             "add bo --as duellist --at C2 --name Bo", "init ann bo", "start"]


def test_reactions_damage_and_heal_say_what_happened():
    _, text = play([*REACTIONS, "set bo hp=10", "damage bo 9"])
    lines = text.splitlines()
    assert lines[0] == ("9 physical damage to Bo (GM): armor 6 stops 6, 3 gets through, "
                        "health 10 → 7")
    assert lines[-1] == "Bo: HP 10 → 7, 3 of 9 physical damage"
    _, text = play([*REACTIONS, "set bo hp=57", "heal bo 50"])
    assert text.strip() == "Bo: HP 57 → 60, healed 3 (50, capped at max HP)"
    _, text = play([*REACTIONS, "set bo hp=5", "damage bo 20 --direct"])
    assert "Bo: HP 5 → 0, 5 of 20 direct damage" in text.splitlines()


def test_dicepool_damage_and_heal_say_what_happened():
    lines = ["new --ruleset dicepool --seed 3", "add freya --as freya --at B5",
             "add barry --as barry --at H5", "init freya barry", "start"]
    _, text = play([*lines, "set barry hp=4", "damage barry 9"])
    assert text.splitlines()[0] == "Barry the Guard: HP 4 → 0, 4 of 9 GM damage (P8)"
    _, text = play([*lines, "set barry hp=10", "heal barry 5"])
    assert text.strip() == "Barry the Guard: HP 10 → 12, healed 2 (5, capped at max HP)"


def test_timeslice_heal_says_what_it_healed():
    lines = ["new --ruleset timeslice --seed 3", "add kara --as kara --at C8",
             "add brute --as brute --at E5", "init kara brute", "start"]
    _, text = play([*lines, "set kara hp=10", "heal kara 2"])
    assert text.strip() == "Kara: HP 10 → 12, healed 2"
    _, text = play([*lines, "set kara hp=10", "heal kara 9"])
    assert text.strip() == "Kara: HP 10 → 14, healed 4 (9, capped at max HP)"


# --- odds stop at the target's HP and give the chance to drop it ---------------------

def test_shaper_odds_hp_lost_stops_at_the_targets_hp_and_gives_down():
    s, text = play([*SHAPER, "set raider hp=3", "draw longbow", "odds raider"])
    view = flat(s.execute("odds raider").view)
    assert max(view.hp_lost) == 3 and view.start == 3
    # every hit that gets 3 or more past Defense drops it: the 3-row is the Down chance
    assert view.down == view.hp_lost[3] > 0
    lines = text.splitlines()
    assert lines[1] == "▸ Raider (3 HP)"
    assert lines[4].startswith(f"  Down      {view.down.numerator}/")
    assert lines[4].endswith("(dropped to 0 HP, S8)")
    assert lines[5].startswith("  HP lost   mean ") and " of its 3 " in lines[5]
    import json
    found = json.loads(s.execute("odds raider --json").view.text)["targets"][0]
    assert max(int(k) for k in found["hp_lost"]["values"]) == 3
    assert found["harm"] == {"of": "hp_lost", "resource": "hp", "before": 3, "limit": None}
    assert found["down"] == found["hp_lost"]["values"]["3"]


def test_timeslice_odds_hp_lost_stops_at_the_targets_hp():
    lines = ["new --ruleset timeslice --seed 3", "add kara --as kara --at C8",
             "add brute --as brute --at C7", "init kara brute", "start", "set brute hp=2"]
    s, text = play([*lines, "odds brute"])
    view = flat(s.execute("odds brute").view)
    assert list(view.taken) == [0, 2] and view.down == view.taken[2] > 0
    assert f"  down      {view.down.numerator}/{view.down.denominator} = " in text
    assert "HP lost   mean" in text and " of its 2 " in text and "after DR" in text


def test_dicepool_odds_separate_damage_dealt_from_hp_lost():
    lines = ["new --ruleset dicepool --seed 3", "add freya --as freya --at B5",
             "add barry --as barry --at B6", "init freya barry", "start", "set barry hp=2"]
    s, text = play([*lines, "odds barry"])
    view = flat(s.execute("odds barry").view)
    assert max(view.hp_lost) == 2 and max(view.damage) > 2
    assert view.hp_lost[2] == view.down
    assert "  damage    mean " in text and " (dealt, P8)" in text
    assert "  HP lost   mean " in text and " of its 2  (HP stop at 0, P8)" in text


def test_dungeoneers_odds_give_the_chance_to_reach_the_wound_limit():
    s = new_session(seed=5)
    for line in open("saves/dungeoneers-demo.txt", encoding="utf-8"):
        if line.strip() and not line.startswith("#") and line.strip() != "order":
            s.execute(line)
    s.execute("set skeleton wounds=6")
    view = flat(s.execute("odds freya skeleton").view)
    assert view.down == sum(p for w, p in view.wounds.items() if w >= 2)
    console = plain_console(100)
    Renderer(console).show(s.execute("odds freya skeleton"), s.state)
    assert (f"  down      {view.down.numerator}/{view.down.denominator} = "
            in output(console)) and "(wounds 6 of 8 reach the limit, D19)" in output(console)


# --- the shield: what raising gives, and what is active --------------------------------

def _row(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label)).rstrip()


def test_show_offers_the_shields_bonus_before_a_raise_and_says_when_it_is_active():
    lines = ["add mona --as monica --side party --at B4 --name Mona",
             "add raider --as raider --side enemies --at B3", "init mona raider", "start"]
    _, text = play([*lines, "show mona"], width=160)
    assert _row(text, "Shield") == ("Shield     Shield, held, not raised: raise it (Minor) "
                                    "for +1 Evasion until the start of its next turn (S20)")
    assert _row(text, "Evasion") == "Evasion    +0"
    _, text = play([*lines, "raise", "show mona"], width=160)
    assert _row(text, "Shield") == ("Shield     Shield, raised: +1 Evasion active until the "
                                    "start of Mona's turn (S20)")
    assert _row(text, "Evasion") == "Evasion    +0, +1 from effects (Shield raised)"
    _, text = play([*lines, "sheathe shield", "show mona"], width=160)
    assert _row(text, "Shield") == ("Shield     Shield, not in hand: draw it, then raise it "
                                    "(Minor) for +1 Evasion (S19a, S20)")


# --- action pips agree with their legend ---------------------------------------------

def _pips(text: str, name: str) -> str:
    row = next(line for line in text.splitlines() if line[2:].startswith(name + " "))
    return " ".join(p for p in row.split() if set(p) <= set("●○"))


def test_a_waiting_actors_pool_reads_as_left_and_a_finished_turn_as_spent():
    _, text = play([*SHAPER, "order"])
    assert "● action left this round, ○ spent or lapsed (Major Minor Free)" in \
        " ".join(text.split())
    assert _pips(text, "Kira") == _pips(text, "Finn") == _pips(text, "Raider") == "●●● ● ●"
    _, text = play([*SHAPER, "draw longbow", "end"])
    assert _pips(text, "Kira") == "○○○ ○ ○"        # its turn is over: lapsed (S18)
    assert _pips(text, "Finn") == _pips(text, "Raider") == "●●● ● ●"
    _, text = play([*SHAPER, "end", "show raider"], width=120)
    assert _row(text, "Actions") == ("Actions    ●●● ● ●  Major 3 Minor 1 Free 1 (its turn "
                                     "is still to come)")
    _, text = play([*SHAPER, "end", "show kira"], width=120)
    assert _row(text, "Actions") == ("Actions    ○○○ ○ ○  Major 0 Minor 0 Free 0 (its turn "
                                     "is over: spent or lapsed)")
    _, text = play([*SHAPER, "draw longbow", "show kira"], width=120)
    assert _row(text, "Actions") == "Actions    ●●● ○ ●  Major 3 Minor 0 Free 1"


# --- a melee attack reads Melee; spell damage is the spell's -----------------------------

def test_a_melee_attack_reads_melee_not_a_distance_band():
    _, text = play([*SHAPER, "place raider B4", "draw dagger", "engage raider",
                    "attack raider --roll 5,5,5 --evade 3,4,4 --damage 3 --defense 1"])
    lines = text.splitlines()
    assert lines[1] == "  range    Raider: Melee, engaged (S11)"
    assert "             dagger 1d6+1: [3] + 1 = 4" in lines
    assert "Close" not in text


def test_spell_damage_is_labelled_with_the_spell():
    lines = ["add tay --as taylor --name Tay --side party --at B4",
             "add raider --as raider --side enemies --at B4", "init tay raider", "start",
             "cast spell raider --roll 6,6,5 --evade 1,2,2 --damage 4,3 --defense 2"]
    _, text = play(lines)
    rows = text.splitlines()
    assert "  range    Raider: Close (max Close)" in rows
    assert "             spell 1d6+3: [4] + 3 = 7" in rows
    assert not any("weapon 1d6" in row for row in rows)

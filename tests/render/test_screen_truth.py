"""What the screen says must be true (issue 14): damage and healing say what happened,
odds stop at the target's HP, a shield's bonus is offered before it is raised, pips
agree with their legend, melee reads Melee, dice prompts name each die."""

from __future__ import annotations

from shaper_gm.app import new_session
from shaper_gm.render import Renderer

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
    assert lines[0] == "Defense of Kira: [6] + 3 = 9"
    assert lines[1] == ("9 damage to Kira: Defense 9 - Pierce 1 = 8 stops 8, 1 gets through, "
                        "HP 13 → 12")
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


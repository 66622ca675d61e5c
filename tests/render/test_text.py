"""One-line texts of events, with spends folded into what they paid for."""

from __future__ import annotations

from dataclasses import dataclass

from shaper_gm.engine import events as ev
from shaper_gm.render.text import Names, describe, describe_events, fold_costs
from shaper_gm.rulesets.shaper import events as sev

NAMES = Names({"josh": "Josh", "monica": "Monica", "raider": "Raider", "taylor": "Taylor"},
              band=("Close", "Short", "Medium", "Long").__getitem__)


def test_lines_for_the_everyday_events():
    assert describe(ev.ActionSpent("josh", "draw", (("minor", 1),), (("minor", 1),)), NAMES) == \
        "Josh spends a Minor action (draw)"
    assert describe(ev.ActionSpent("josh", "draw", (("minor", 1),), (("major", 1),)), NAMES) == \
        "Josh spends a Major action for a Minor (draw)"
    assert describe(ev.RoundStarted(2), NAMES) == "Round 2 begins"
    assert describe(ev.TurnStarted("josh", 2), NAMES) == "Josh's turn"
    assert describe(ev.WentDown("raider", "Down", "S8"), NAMES) == "Raider is Down (S8)"
    assert describe(ev.TurnEnded("josh", (("major", 2), ("free", 1)), "S18"), NAMES) == \
        "Josh's turn ends; unused 2 Major, 1 Free lapse (S18)"
    assert describe(ev.TurnEnded("josh", (("actions", 1),), "P6"), NAMES) == \
        "Josh's turn ends; unused 1 Action lapses (P6)"
    assert describe(ev.TurnEnded("josh", (("actions", 2),), "P6"), NAMES) == \
        "Josh's turn ends; unused 2 Actions lapse (P6)"


def test_a_move_names_its_band_and_cost():
    events = [ev.ActionSpent("monica", "move", (("major", 1),), (("major", 1),)),
              ev.ActionSpent("monica", "move", (("major", 1),), (("major", 1),)),
              sev.Moved("monica", "C5", "D3", 2)]
    assert describe_events(events, NAMES) == ["Monica moves C5 → D3 (Medium, 2 Major)"]
    # without the ruleset's bands the distance is given in steps
    assert describe_events(events, {"monica": "Monica"}) == \
        ["Monica moves C5 → D3 (2 steps, 2 Major)"]


def test_a_spend_nothing_claims_keeps_its_own_line():
    spent = ev.ActionSpent("josh", "pickup_close", (("major", 1),), (("major", 1),))
    drawn = sev.ItemChanged("monica", "drew", "longsword")     # another actor's event
    assert fold_costs([spent, drawn]) == [(spent, ""), (drawn, "")]
    assert describe_events([spent, ev.ActionSpent("josh", "skill", (("sp", 1),), (("sp", 1),))],
                           NAMES) == ["Josh spends a Major action (pickup_close)",
                                      "Josh spends 1 SP (skill)"]


def test_unknown_events_and_unknown_ids_still_read():
    @dataclass(frozen=True)
    class Shouted:
        actor: str

    assert describe(Shouted("josh"), NAMES) == "Josh: Shouted"
    assert describe(ev.TurnStarted("ghost", 1), NAMES) == "ghost's turn"
    assert describe(object(), None) == "object"


def test_damage_line_shows_the_pipeline():
    from shaper_gm.rulesets.shaper.damage import damage_pipeline
    result = damage_pipeline(5, 1, absorb=2, hp=13)
    assert describe(sev.DamageTaken("taylor", result), NAMES) == \
        "5 damage to Taylor: Defense 1 stops 1, 4 gets through, 2 absorbed, HP 13 → 11"
    magic = damage_pipeline(7, 9, magic=True, pierce=2, hp=4)
    assert describe(sev.DamageTaken("raider", magic), NAMES) == \
        "7 damage to Raider: Defense 9 halved 4 - Pierce 2 = 2 stops 2, 5 gets through, " \
        "HP 4 → 0, Down"
    stopped = damage_pipeline(6, 8, pierce=2, hp=18)
    assert describe(sev.DamageTaken("raider", stopped), NAMES) == \
        "6 damage to Raider: Defense 8 - Pierce 2 = 6 stops all of it, no HP lost"
    bare = damage_pipeline(7, None, hp=13)
    assert describe(sev.DamageTaken("josh", bare), NAMES) == \
        "7 damage to Josh: no Defense, 7 gets through, HP 13 → 6"


def test_a_declared_template_names_actors_words_items_and_drops_empty_details():
    from shaper_gm.render.text import template

    @dataclass(frozen=True)
    class Drew:
        actor: str
        target: str
        weapon: str
        why: str = ""

    words = template("{actor!n} draws the {weapon!i} on {target!n}", "{why}", "{cost}", "X1")
    assert words(Drew("josh", "raider", "long-bow"), NAMES, "Minor") == \
        "Josh draws the long bow on Raider (Minor, X1)"
    assert words(Drew("ghost", "josh", "axe", "in a hurry"), NAMES) == \
        "ghost draws the axe on Josh (in a hurry, X1)"
    assert template("{actor!n} waits")(Drew("josh", "", ""), NAMES) == "Josh waits"
    assert words(Drew("josh", "raider", "axe", None), NAMES) == "Josh draws the axe on Raider (X1)"

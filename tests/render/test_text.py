"""One-line texts of events, with spends folded into what they paid for."""

from __future__ import annotations

from dataclasses import dataclass

from shaper_gm.app import new_session
from shaper_gm.engine import events as ev
from shaper_gm.render.text import Names, describe, describe_events, fold_costs
from tests.rulesets.twins import python_played

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


def told(session, command: str) -> list[str]:
    """The lines `command` prints, named as the screen names them (its ruleset's bands)."""
    result = session.execute(command)
    band = getattr(session.ruleset_for(session.state), "band_name", None)
    return describe_events(result.events, Names.of(session.state, band=band))


def test_a_move_names_its_band_and_cost():
    """Ported onto commands (the Python ruleset's Moved event aside): Monica's move of
    Medium distance costs 2 Major (S10, S12)."""
    s = new_session(seed=1)
    for line in ("add monica --as monica --at C5", "add raider --as raider --side enemies "
                 "--at A1", "init monica raider", "start"):
        s.execute(line)
    result = s.execute("move monica D3")
    band = getattr(s.ruleset_for(s.state), "band_name", None)
    assert describe_events(result.events, Names.of(s.state, band=band)) == \
        ["Monica moves C5 → D3 (Medium, 2 Major)"]
    if python_played(s.state.ruleset, "shaper"):
        # without the ruleset's bands the distance is given in steps (the same move's
        # events, its two Major spends and the Moved event)
        assert describe_events(result.events, {"monica": "Monica"}) == \
            ["Monica moves C5 → D3 (2 steps, 2 Major)"]


@dataclass(frozen=True)
class Drew:
    """An event that claims the spends of its own actor's draw (`pays_for`)."""
    actor: str
    item: str

    def pays_for(self) -> tuple[str, ...]:
        return ("draw",)


def test_a_spend_nothing_claims_keeps_its_own_line():
    spent = ev.ActionSpent("josh", "pickup_close", (("major", 1),), (("major", 1),))
    drawn = Drew("monica", "longsword")     # another actor's event
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
    """Ported onto the GM's damage command (S7): Defense from effects, absorbing, magic
    halving Defense, Pierce, Defense that stops all of it, and no Defense at all."""
    s = new_session(seed=1)
    for line in ("add taylor --name Taylor --side party --at C5 --hp 13",
                 "add raider --name Raider --side enemies --at B1 --hp 4",
                 "add guard --name Guard --side enemies --at B1 --hp 18",
                 "add josh --name Josh --side party --at B4 --hp 13",
                 "init josh taylor raider guard", "start",
                 "effect taylor ward --absorb 2 --defense 1", "effect raider plate --defense 9",
                 "effect guard plate --defense 8"):
        s.execute(line)

    def damage(command: str) -> str:
        return next(text for text in told(s, command) if " damage to " in text)
    assert damage("damage taylor 5") == \
        "5 damage to Taylor: Defense 1 stops 1, 4 gets through, 2 absorbed, HP 13 → 11"
    assert damage("damage raider 7 --magic --pierce 2") == \
        "7 damage to Raider: Defense 9 halved 4 - Pierce 2 = 2 stops 2, 5 gets through, " \
        "HP 4 → 0, Down"
    assert damage("damage guard 6 --pierce 2") == \
        "6 damage to Guard: Defense 8 - Pierce 2 = 6 stops all of it, no HP lost"
    assert damage("damage josh 7") == "7 damage to Josh: no Defense, 7 gets through, HP 13 → 6"


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

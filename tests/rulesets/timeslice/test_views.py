"""What the GM sees of a time-slice fight: every event in words, every attack and surprise
broken down with its rulings, the order table with TS, conditions and timers, `show`,
`odds`, the toolbar and the recap; never a class name in place of a line."""

from __future__ import annotations

import io

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.render.console import Renderer, make_console
from shaper_gm.render.recap import recap_markdown
from shaper_gm.render.tables import layout_for
from shaper_gm.shell.status import toolbar_text

from .commands_kit import session

# The engine's events, the Python ruleset's (named, as the data version has none of its
# own), and the views'
EVENT_NAMES = [cls.__name__ for cls in vars(ev).values()
               if isinstance(cls, type) and issubclass(cls, ev.Event)] + \
              ["Resolved", "AttackResolved", "SurpriseRolled", "Dying", "KnockedOut", "Died",
               "TimerChanged", "TimerRanOut", "StoppedDying", "Woke", "TimePassed",
               "WeaponDropped", "WeaponDrawn", "Tended", "Moved", "SurpriseDeclared",
               "PassStarted", "Passed", "RoundEnded", "AttackOddsView", "Outcome("]

LINES = (
    "add kara --as kara --at B2", "add guard --as guard --at C2", "add ren --as ren --at B3",
    "add ida --as ida --at A3",
    "init --roll kara=9,9 --roll guard=5,5 --roll ren=0,0 --roll ida=0,1",
    "surprise enemies --roll 4,4 --notice 5,5 --notice 5,5 --notice 0,0",
    "start",
    "attack guard --roll 7,8 --defend 2,5",
    "attack guard --roll 3,4 --defend 4,5",
    "attack guard --called weapon --roll 9,9 --defend 0,0",
    "end",
    "draw spear",
    "damage kara 30",
    "attack kara",
    "odds ren",
    "show kara",
    "order",
    "map",
    "move D2",
    "wait 30s",
    "pass",
    "pass",
    "end",
    "end",
    "tend kara",
    "help attack",
)


def shown_lines(s, lines) -> dict[str, str]:
    """What each line prints, as the shell prints it."""
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=100, color_system=None),
                        ruleset_for=s.ruleset_for)
    shown = {}
    for line in lines:
        start = out.tell()
        try:
            renderer.show(s.execute(line), s.state)
        except Exception as exc:            # a refusal is shown as the shell shows it
            renderer.error(exc)
        shown[line] = shown.get(line, "") + out.getvalue()[start:]
    return shown


@pytest.fixture(scope="module")
def played():
    s = session()
    return s, shown_lines(s, LINES)


def test_no_event_or_view_falls_back_to_its_class_name(played):
    _, shown = played
    text = "".join(shown.values())
    assert "error:" not in text, text
    for name in EVENT_NAMES:
        assert name not in text, name


def test_an_attack_is_broken_down_number_by_number_with_its_rulings(played):
    text = played[1]["attack guard --roll 7,8 --defend 2,5"]
    for expected in ("Kara attacks Guard with the sword (3 TS)", "[7, 8] = 15  T1, T2",
                     "[V] bonus", "+3  T2, T9", "attack total", "18  T9", "defense: parry",
                     "[2, 5] = 7", "defense total", "hit: 18 > 8", "margin +10", "DR",
                     "damage after DR", "12 → 9", "▸ hit: 3 HP lost"):
        assert expected in text, expected
    tie = played[1]["attack guard --roll 3,4 --defend 4,5"]
    assert "miss: 10 ties 10, the defender wins" in tie
    assert "▸ miss: a tie goes to the defender (T9)" in tie
    dropped = played[1]["attack guard --called weapon --roll 9,9 --defend 0,0"]
    assert "called shot: weapon" in dropped and "drops its spear (T11)" in dropped


def test_the_surprise_is_broken_down(played):
    text = played[1]["surprise enemies --roll 4,4 --notice 5,5 --notice 5,5 --notice 0,0"]
    for expected in ("The enemies spring a surprise (T16)", "Guard [Q]", "[4, 4] +0 = 8",
                     "average [Q], rounded down", "Ren [U]", "≥ 8: not surprised",
                     "Ida [U]", "< 8: surprised",
                     "Round 1 is a surprise round: Ida gains no TS in it (T16)"):
        assert expected in text, expected
    assert "0/10 surprised" in played[1]["start"]


def test_the_order_table_shows_ts_conditions_the_pass_and_the_dying_timer(played):
    text = played[1]["order"]
    for expected in ("TS", "Held", "Condition", "dying, 4 min left", "pass 1: Guard acts",
                     "(T5, T6)", "Kara dies in 4 min (T14)", "fight time 0:00 (T15)"):
        assert expected in text, expected


def test_show_gives_the_whole_sheet_with_the_timer(played):
    text = played[1]["show kara"]
    for expected in ("Kara  party, player character", "unconscious and dying: 4 min left",
                     "[Q] 11 (+1)", "[V] 13 (+3)", "parry +3", "DR          2 (Mail shirt 2)",
                     "Sword: damage 5, reach 1 (in hand)", "TS"):
        assert expected in text, expected


def test_odds_show_exact_fractions_and_what_they_assume(played):
    text = played[1]["odds ren"]
    assert "Odds: Guard attacks Ren with the Spear" in text and "hit" in text
    assert "/2500 = " in text and "Assumed:" in text and "T10" in text


def test_tending_and_time_are_told(played):
    assert "Ida tends Kara (3 TS, T14)" in played[1]["tend kara"]
    assert "Kara stops dying at 0 HP, still unconscious" in played[1]["tend kara"]
    assert "Time passes: 0:00 → 0:30" in played[1]["wait 30s"]
    assert "Guard passes (gives up 3 TS, T6)" in played[1]["pass"]


def test_the_tool_says_when_a_dying_timer_runs_out():
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "add ren --as ren --at B3", "init guard kara ren", "start", "damage kara 30")
    text = shown_lines(s, ["wait 5"])["wait 5"]
    assert "Kara's dying timer has run out (T14, T15)" in text
    assert "Kara dies (the dying timer ran out (T14))" in text


def test_the_toolbar_gives_the_acting_combatants_ts_and_with_the_state_every_timer():
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "add ren --as ren --at B3", "init guard kara ren", "start", "damage kara 30")
    assert "TS 10/10 · spear in hand" in toolbar_text(s, None)
    rs = s.ruleset_for(s.state)
    guard = s.state.actors["guard"]
    assert layout_for(s.state, rs).toolbar_text(guard, rs) == "TS 10/10 · spear in hand"
    assert layout_for(s.state, rs).toolbar_text(guard, rs, s.state).endswith(
        "pass 1 · Kara dying 5 min")


def test_the_recap_reads_every_line(played):
    s, _ = played
    text = recap_markdown(s.history, s.state)
    for name in EVENT_NAMES:
        assert name not in text, name
    assert "Kara attacks Guard with the sword (3 TS): 18 vs parry 8, hit" in text

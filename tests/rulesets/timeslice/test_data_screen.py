"""What the screen shows of the time slices, written as data (content/timeslice/
screen.yaml): an attack's line in the rulings' words, the order table's TS column and
legend, and `show ACTOR`'s rows."""

from __future__ import annotations

import io

from shaper_gm.app import new_session
from shaper_gm.render import Renderer, make_console
from shaper_gm.render.tables import layout_for

FIGHT = ("add kara --as kara --at B2", "add ida --as ida --at A3",
         "add guard --as guard --at C2",
         "init --roll kara=6,3 --roll ida=7,1 --roll guard=5,5", "start")


def shown(monkeypatch, *lines: str) -> str:
    """What the shell prints for the README's set-up and `lines`, 100 columns."""
    s = new_session(ruleset="timeslice", seed=1)
    file = io.StringIO()
    renderer = Renderer(make_console(file=file, width=100, color_system=None),
                        ruleset_for=s.ruleset_for)
    for line in (*FIGHT, *lines):
        renderer.show(s.execute(line), s.state)
    return file.getvalue()


def test_an_attack_reads_its_totals_and_harm_with_capitals_kept(monkeypatch):
    text = shown(monkeypatch, "attack guard --roll 7,8 --defend 2,5",
                 "attack guard --roll 3,4 --defend 4,5")
    assert ("Kara attacks Guard with the sword (3 TS): 18 vs parry 8, hit: 3 damage after "
            "DR 2, HP 12 → 9") in text                # the weapon as the Python lines say it
    assert ("Kara attacks Guard with the sword (3 TS): 10 vs parry 10, miss: a tie goes to "
            "the defender (T9)") in text
    assert "  [V] bonus  +1  T2, T10" in text              # its number, as the Python's
    assert "  ▸ miss: a tie goes to the defender (T9)" in text


def test_the_order_table_and_show_give_ts(monkeypatch):
    text = shown(monkeypatch, "attack guard --roll 7,8 --defend 2,5", "show kara")
    assert "TS " in text and " 7/10 " in text                    # the TS column
    assert "TS: time slices left this round (T3)" in text         # the legend
    for row in ("TS          7/10 (back to 10 each round, T3)",     # as the Python show's
                "Stats       [Q] 11 (+1)  [U] 10 (+0)  [V] 13 (+3)",
                "DR          2 (Mail shirt 2) (T12)",                     # T12: its armor
                "Weapons     Sword: damage 5, reach 1 (in hand)"):
        assert row in text


def test_time_passing_and_the_fights_clock_are_told(monkeypatch):
    """T15: `wait` says how the clock moved, a round's end adds its 6 seconds, and the
    order table's caption gives the fight's time."""
    text = shown(monkeypatch, "wait 30s", "order")
    assert "Time passes: 0:00 → 0:30 (T15)" in text
    assert "fight time 0:30 (T15)" in " ".join(text.split())
    text = shown(monkeypatch, "pass", "pass", "pass")
    assert "Time passes: 0:00 → 0:06 (T15)" in text


def test_the_tables_values_fill_its_held_and_condition_columns(monkeypatch):
    """The screen's `table.values`: the Held and Condition columns read the actor
    (T7, T13), and the toolbar the weapon in hand and the pass (T5)."""
    text = shown(monkeypatch, "damage kara 20", "order")
    assert "Held" in text and "Condition" in text
    rows = [line.split() for line in text.splitlines() if line.strip().startswith("Kara")]
    assert rows[-1][6:11] == ["sword", "dying,", "5", "min", "left"]     # T14: its timer
    s = new_session(ruleset="timeslice", seed=1)
    for line in FIGHT:
        s.execute(line)
    rs = s.ruleset_for(s.state)
    toolbar = layout_for(s.state, rs).toolbar_text(s.state.actors["kara"], rs, s.state)
    assert toolbar == "TS 10/10 · sword in hand · pass 1"


def test_a_dying_characters_timer_is_told_under_the_table_and_in_the_toolbar(monkeypatch):
    """T14: a dying character's minutes left, from `timers` in ruleset.yaml."""
    text = " ".join(shown(monkeypatch, "damage kara 20", "attack kara",    # no dice (T14)
                          "order").split())
    assert "Kara dies in 4 min (T14)" in text
    s = new_session(ruleset="timeslice", seed=1)
    for line in (*FIGHT, "damage kara 20"):
        s.execute(line)
    rs = s.ruleset_for(s.state)
    toolbar = layout_for(s.state, rs).toolbar_text(s.state.actors["guard"], rs, s.state)
    assert toolbar.endswith(" · pass 1 · Kara dying 5 min")

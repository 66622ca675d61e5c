"""`log` gives each entry's outcome in one line; `redo` prints what it applied again,
as it was printed the first time."""

from __future__ import annotations

from shaper_gm.persist import saves
from shaper_gm.render import Renderer
from shaper_gm.render.text import Names, outcome_line

from .conftest import output, plain_console

HIT = "attack raider --roll 4,5,5 --evade 2,3,3 --damage 6 --defense 1"


def shown(result, state, width: int = 200) -> str:
    console = plain_console(width)
    Renderer(console).show(result, state)
    return output(console)


def test_log_gives_each_entry_with_what_it_did(session):
    session.execute("draw longbow")
    session.execute(HIT)
    session.execute("end")
    text = shown(session.execute("log 3"), session.state)
    assert text.splitlines() == [
        "10  draw josh longbow  → Josh draws the longbow (Minor)",
        f"11  attack josh raider {HIT.split(' ', 2)[2]}  → 15 vs 8, hit; 9 damage, "
        "Defense 4 - Pierce 2 = 2 stops 2, 7 gets through, HP 18 → 11",
        "12  end  → Josh's turn ends; Monica's turn",
    ]


def test_an_outcome_is_one_line_without_the_turns_lapses_and_refills(session):
    session.execute("draw longbow")
    result = session.execute("end")
    names = Names.of(session.state)
    assert outcome_line(result.events, names) == "Josh's turn ends; Monica's turn"
    assert "\n" not in outcome_line(session.history[1].events, names)


def test_log_recalls_the_outcomes_of_entries_opened_from_a_save(session, tmp_path):
    session.execute("draw longbow")
    session.execute(HIT)
    path = tmp_path / "fight.yaml"
    saves.write_save(session, path)
    opened = saves.read_save(path)
    assert opened.history[-2].events == ()                    # not kept in the save
    text = shown(opened.execute("log 2"), opened.state)
    assert "10  draw josh longbow  → Josh draws the longbow (Minor)" in text
    assert "→ 15 vs 8, hit; 9 damage" in text


def test_redo_prints_what_it_applied_again_as_it_was_first_printed(session):
    session.execute("draw longbow")
    first = shown(session.execute(HIT), session.state)
    session.execute("undo")
    redone = shown(session.execute("redo"), session.state)
    head, rest = redone.split("\n", 1)
    assert head == f"Redid: attack josh raider {HIT.split(' ', 2)[2]}"
    assert rest == first
    # the full breakdown: Raider's verdict (the Python ruleset's ▸ row, the data version's
    # head line) and its indented rows
    assert "Raider: hit, 7 HP lost (HP 18 → 11)" in rest or \
        rest.startswith("Josh attacks Raider with the longbow (Major): hit, 7 HP lost (HP 18 → 11)")
    assert rest.splitlines()[1].startswith("  ")


def test_undo_still_names_only_the_lines_it_took_back(session):
    session.execute("draw longbow")
    session.execute(HIT)
    text = shown(session.execute("undo 2"), session.state)
    assert text.splitlines() == [f"Undid: attack josh raider {HIT.split(' ', 2)[2]}",
                                 "Undid: draw josh longbow"]

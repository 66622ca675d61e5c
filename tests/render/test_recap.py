"""The Markdown recap of a fight."""

from __future__ import annotations

from shaper_gm.render.recap import recap_markdown


def test_recap_has_rounds_turns_attacks_and_standings(battle):
    battle.execute("attack raider --roll 4,5,5 --evade 3,3,3 --damage 6 --defense 2")
    text = recap_markdown(battle.history, battle.state)
    assert text.startswith("# Fight recap\n\nShaper rules, a 5x5 battlefield, seed 1.\n")
    for heading in ("## Setup", "## Round 1", "### Josh's turn", "### Reaver's turn",
                    "## Round 2", "## Final standings"):
        assert f"\n{heading}\n" in text
    assert text.index("## Round 1") < text.index("### Monica's turn") < text.index("## Round 2")
    assert ("- Josh attacks Raider with the longbow (Major): 15 vs 8, hit; 6 damage, "
            "Defense 9 - Pierce 2 = 7 stops all of it, no HP lost\n") in text
    # without the ruleset's bands, in steps; the data version's line names its band
    assert "- Monica moves C5 → B3 (2 steps, 2 Major)\n" in text or \
        "- Monica moves C5 → B3 (Medium, 2 Major)\n" in text
    assert "### Crossbowman's turn\n\n- No actions.\n" in text
    assert "| Raider (raider) | enemies | 12/18 | B3 |  |\n" in text
    assert "\n\n\n" not in text


def test_recap_takes_line_event_pairs_and_bands(battle):
    frames = [(f.line, f.events) for f in battle.history]
    bands = ("Close", "Short", "Medium", "Long").__getitem__
    text = recap_markdown(frames, battle.state, band=bands)
    assert "- Monica moves C5 → B3 (Medium, 2 Major)\n" in text
    # entries loaded from a save without their events still show as their log line
    assert "- `end`" in recap_markdown([("end", ())], battle.state)


def test_a_recap_exported_as_a_turn_begins_ends_on_the_last_thing_that_happened(session):
    session.execute("end")                               # Monica's turn begins: nothing yet
    text = recap_markdown(session.history, session.state)
    assert "### Monica's turn" not in text
    assert text.split("\n## Final standings\n")[0].rstrip().endswith("### Josh's turn\n\n"
                                                                     "- No actions.")
    assert "| Monica (monica) | party | 13/13 | C5 | acting |" in text


def test_the_recap_of_a_won_fight_ends_with_the_result_and_standings(session):
    for enemy in ("crossbowman", "reaver"):
        session.execute(f"damage {enemy} 99 --direct")
    session.execute("set raider hp=1")
    session.execute("damage raider 3 --direct")          # the last enemy falls
    text = recap_markdown(session.history, session.state)
    assert ("- **The fight is over in round 1: party won (Josh, Monica, Taylor "
            "standing)**\n") in text
    tail = text.split("\n## Result\n", 1)[1]
    assert tail.startswith("\nParty won in round 1; still standing: Josh, Monica, Taylor.\n"
                           "\n## Final standings\n")
    assert "acting" not in text and "## Round 2" not in text
    assert "| Raider (raider) | enemies | 0/18 | B1 | Down |" in tail


def test_enemies_removed_from_the_fight_end_it_in_the_recap_too(session):
    session.execute("remove crossbowman")
    session.execute("remove reaver")
    session.execute("remove raider")                     # the enemies leave: party won
    text = recap_markdown(session.history, session.state)
    assert "\nParty won in round 1; still standing: Josh, Monica, Taylor.\n" in text

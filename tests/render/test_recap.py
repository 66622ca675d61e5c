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
    assert "- Monica moves C5 → B3 (2 steps, 2 Major)\n" in text
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

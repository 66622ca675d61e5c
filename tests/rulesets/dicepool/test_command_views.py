"""What the GM sees in a dice-pool fight: breakdowns that give every number with its
ruling and say which dice left the pool, the pool in the order table, the toolbar and
`show`, the odds, and one-line texts for the recap; never a class name."""

from __future__ import annotations

from shaper_gm.render.recap import recap_markdown
from shaper_gm.render.text import Names, describe_events
from shaper_gm.shell.status import toolbar_text
from tests.rulesets.dicepool.commands import fight, shown

OWN_TYPES = ("AttackResolved", "TestResolved", "AbilityUsed", "Prepared", "PreparationUsed",
             "PreparationEnded", "Moved", "Wielded", "AttackOdds", "AttackOutcome",
             "PoolTestOutcome", "AttackCtx", "PoolTest")


def no_class_names(text: str) -> None:
    """No fallback line (``Freya: Moved``, ``Moved (1 action)``) nor repr (``Moved(``)."""
    for raw in text.splitlines():
        line = raw.strip()
        for name in OWN_TYPES:
            fallback = (line == name or line.endswith(f": {name}") or f": {name} (" in line
                        or line.startswith(f"{name} (") or f"{name}(" in line)
            assert not fallback, f"{name} printed as a class name: {line!r}"


def test_the_attack_breakdown_gives_every_number_its_ruling_and_the_dice_that_left():
    s = fight()
    out = shown(s, "attack barry --roll 4,6,2,5,1 --damage 3,7")
    no_class_names(out)
    for part in ("Freya attacks Barry the Guard with the longsword (1 action)",
                 "AC 3 - proficiency 1 = 2  P7",
                 "5 of 5 dice: [4✓, 6✓, 2, 5✓, 1] = 3 successes (4+)  P1, P3",
                 "3 successes ≥ DT 2, margin 1  P7",
                 "2d8 (margin 1 + proficiency 1): [3, 7] = 10, +4 STR = 14  P8",
                 "Barry the Guard 12 → 0, down  P8",
                 "5 → 3: failures [2, 1] leave the pool  P3, P9"):
        assert part in out, part


def test_a_partial_roll_an_ability_and_a_reaction_refill_are_explained():
    s = fight("set barry ac=9", "attack barry --ability heavy-blow --dice 3 --roll 6,1,2")
    out = shown(s, "log 1")
    assert "heavy-blow" in out
    s = fight("end", "prepare I shove whoever comes near", "end")
    out = shown(s, "react barry action shove --dt 1 --roll 6,1,2,5,3")
    no_class_names(out)
    assert "Barry the Guard tests shove against DT 1 (a prepared reaction, P11)" in out
    assert "5 → 2: failures [1, 2, 3] leave the pool  P3, P9" in out
    assert "2 → 3: +1 die (CON) right after a roll outside its turn  P4" in out
    s = fight("set barry ac=9")
    out = shown(s, "attack barry --ability heavy-blow --dice 3 --roll 6,1,2")
    assert "(Heavy Blow, 1 action)" in out
    assert "5 → 2: failures [1, 2] leave the pool  P3, P9" in out
    assert "2 not rolled stay in the pool  P3" in out
    assert "1 more die discarded by the ability  P12" in out


def test_the_order_table_and_the_toolbar_show_every_pool():
    s = fight()
    out = shown(s, "order")
    no_class_names(out)
    assert "Pool" in out and "5 (+2)" in out and "4 (+1)" in out
    assert "order by init (2d6 + DEX) or the GM (P5)" in out
    s.execute("attack barry --roll 6,6,1,1,6 --damage 1,1")
    assert toolbar_text(s, None) == (" round 1 · Freya's turn · pool 3 dice · actions 1/2 · "
                                     "holds Longsword · next: Barry the Guard")
    s.execute("prepare I dodge --against barry")
    assert "prepared: dodge barry" in toolbar_text(s, None)


def test_show_gives_the_pool_how_it_was_built_and_what_refills_it():
    s = fight("prepare if Barry swings at me, I dodge --against barry")
    out = shown(s, "show freya")
    no_class_names(out)
    for part in ("5 dice of d6, 4+ succeeds (P1)",
                 "built 5 when the fight starts: STR 4 + Longsword proficiency 1 (P2)",
                 "+2 CON at the end of each of its turns (P4)",
                 "1 of 2 left this turn (P6)", "moves 10 m per action (P10)",
                 "STR 4, DEX 2, CON 2", "a prepared dodge adds 1 (P11)",
                 "Longsword: STR pool, d8 + STR damage, proficiency 1, versatile (in hand)",
                 "Heavy Blow (1 action, P12)",
                 "a dodge against Barry the Guard: “if Barry swings at me, I dodge”"):
        assert part in out, part


def test_the_odds_view_gives_fractions_and_three_distributions():
    s = fight()
    out = shown(s, "odds barry --dice 2")
    no_class_names(out)
    for part in ("Odds: Freya attacks Barry the Guard with the Longsword",
                 "2 of 5 pool dice against DT 2", "hit       1/4 = 25.0%", "margin",
                 "pool left", "damage", "HP lost"):
        assert part in out, part


def test_every_event_has_a_line_of_its_own_for_the_recap():
    s = fight("prepare I dodge --against barry", "move B1", "end",
              "attack freya --roll 6,6,6,1 --damage 2", "end",
              "wield dagger", "ability rally --roll 6,6,1,1,1,1,1", "end", "end",
              "act action shout --dt 0 --dice 1 --roll 3")
    lines = [text for frame in s.history for text in describe_events(frame.events,
                                                                     Names.of(s.state))]
    no_class_names("\n".join(lines))
    joined = "\n".join(lines)
    assert "Freya prepares a dodge against Barry the Guard" in joined
    assert "Freya moves A1 → B1 (1 of 10 m, 1 action)" in joined
    assert "Barry the Guard dodges" not in joined
    assert "Freya dodges as prepared: +1 AC against Barry the Guard's attack" in joined
    assert "Freya tests Rally: 2 successes vs DT 2, success" in joined
    no_class_names(recap_markdown(s.history, s.state))


def test_an_abilitys_pool_test_says_each_line_with_its_numbers():
    """Rally's breakdown (P3, P9, P12): the test, the dice, what left the pool and what
    the ability discarded, each a line with its numbers, none a bare label."""
    out = shown(fight(), "ability rally --roll 6,6,1,1,1")
    for part in ("Freya tests Rally against DT 2  P3",
                 "5 of 5 dice: [6✓, 6✓, 1, 1, 1] = 2 successes (4+)  P1, P3",
                 "5 → 1: failures [1, 1, 1] leave the pool  P3, P9",
                 "1 more die discarded by the ability  P12",
                 "2 successes ≥ DT 2, margin 0  P7"):
        assert part in out, part
    assert "  dice discarded by the ability" not in out

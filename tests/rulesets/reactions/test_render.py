"""What the GM sees of a reactions fight: every event in words (never a class name),
each attack's and the GM's damage's numbers with their rulings, the order table and the
toolbar in the ruleset's words, `show ACTOR` and the odds view."""

from __future__ import annotations

import io
import re

from shaper_gm.render import Renderer, make_console
from shaper_gm.render.tables import layout_for
from shaper_gm.render.text import Names, describe_events
from tests.rulesets.reactions.conftest import session

CLASS_NAMES = re.compile(r"\b(Resolved|AttackResolved|DamageResolved|Moved|ShieldRaised|"
                         r"ShieldSoaked|ShieldExpired|ReactionTaken|AttackOdds|Outcome)\b")


def shown(s, *lines: str) -> str:
    """What the shell prints for `lines`, 100 columns, no colour."""
    file = io.StringIO()
    renderer = Renderer(make_console(file=file, width=100, color_system=None),
                        ruleset_for=s.ruleset_for)
    for line in lines:
        renderer.show(s.execute(line), s.state)
    text = file.getvalue()
    assert not CLASS_NAMES.search(text), text
    return text


def test_an_attack_shows_every_number_with_its_ruling():
    s = session()
    text = shown(s, "attack bo --react bo=block --react bo=block --block 5 --block 11 --crit 16")
    assert "Ann attacks Bo with the Duelling sword (Action): critical hit, 28 damage" in text
    for step in ("block 1 (1 reaction): d20 5 vs 12, failure", "block 2 (1 reaction): d20 11 "
                 "vs 12, failure", "critical roll: d20 16 vs 16, success",
                 "power 24 + critical bonus 10", "- physical armor 6", "health 60 - 28"):
        assert step in text
    for rule in ("R1", "R3", "R5", "R6", "R8"):
        assert f"  {rule}" in text
    assert "Bo loses 2 Reactions (2 → 0, R2)" in text


def test_a_dodge_a_block_and_the_notes_on_what_went_unused():
    s = session(setup=("add ann --as duellist --side party --at B2 --name Ann",
                       "add bo --as duellist --at F2 --name Bo", "init ann bo", "start"))
    text = shown(s, "attack bo --with hex --react bo=dodge --dodge 15 --crit 9 --to F3")
    assert "dodged, no damage" in text and "Bo dodges F2 → F3 (1 m, R4)" in text
    assert "--crit left unused: a dodged attack makes no critical roll" in text
    s = session()
    text = shown(s, "attack bo --with spell --react bo=block --react bo=block --block 12 "
                    "--block 3 --crit 15")
    assert "hit, blocked, 10 damage" in text and "- block bonus 8" in text
    assert "1 more declared reaction not needed: the block succeeded" in text


def test_shields_reactions_moves_and_the_gms_damage_read_as_words():
    s = session(setup=("add ann --as duellist --side party --at B2 --name Ann",
                       "add bo --as skeleton --at C2 --name Bo", "init bo ann", "start"))
    text = shown(s, "shield", "end", "react bo 1 shouts a warning", "end", "move D2",
                 "damage bo 3 --type magical", "damage ann 7")
    assert "Bo raises the Buckler: shield 0 → 10 (Action, R12)" in text
    assert "Bo moves C2 → D2 (1 m, Move, R10)" in text
    assert "Bo reacts: shouts a warning (1 reaction, 1 → 0 left, R11)" in text
    assert "Bo's shield (10 left) lapses at the start of its turn (R12)" in text
    assert "3 magical damage to Bo (GM): 3 gets through, health 24 → 21" in text
    assert ("7 physical damage to Ann (GM): armor 6 stops 6, 1 gets through, "
            "health 60 → 59") in text


def test_the_order_table_and_the_toolbar_speak_the_rulesets_words():
    s = session("move B3")
    text = shown(s, "order")
    for header in ("Turn", "Reactions", "Shield", "Zone"):
        assert header in text
    assert "Init" not in text          # the order was set by hand: no one has a number
    assert "Init" in shown(session("init --roll ann=17 --roll bo=9"), "order")
    flat = re.sub(r"\s+", " ", text)
    assert "2/2" in text and "reactions refill at one's own turn (R11)" in flat
    rs = s.ruleset_for(s.state)
    bar = layout_for(s.state, rs).toolbar_text(s.state.actors["ann"], rs)
    assert bar == "move 0/1 · action 1/1 · reactions 2/2 · shield 0"


def test_show_gives_the_whole_sheet():
    s = session("effect bo stone-skin --physical_armor 4")
    text = shown(s, "show bo")
    for part in ("Health", "60/60", "physical 10, magical 6, block "
                 "bonus 8 (R6)", "block 12+ (9/20), dodge 15+ (3/10), critical 16+ (1/4) "
                 "+10", "Duelling sword: physical, power 24, range 1 m", "stone-skin",
                 "Reactions   2/2"):
        assert part in text, part


def test_the_odds_view_shows_fractions_and_percentages():
    s = session()
    text = shown(s, "odds bo --react bo=block --react bo=block")
    assert "blocked   279/400 = 69.8%" in text and "critical  1/4 = 25.0%" in text
    assert "121/1600" in text and "Assumed: critical 16+ on a d20 (1/4)" in text


def test_the_recap_describes_every_event_of_a_fight():
    s = session(setup=("add ann --as duellist --side party --at B2 --name Ann",
                       "add bo --as skeleton --at C2 --name Bo", "init bo ann", "start"))
    events = []
    for line in ("shield", "move D2", "end", "move C2",
                 "attack bo --react bo=block --block 20 --crit 20", "end", "react ann 1 ducks",
                 "damage ann 4 --type true"):
        events += s.execute(line).events
    lines = describe_events(events, Names.of(s.state))
    assert not any(CLASS_NAMES.search(line) for line in lines), lines
    assert "Ann attacks Bo with the Duelling sword (physical 24, Action): block 20 vs 14 " \
           "succeeds; critical 20 vs 16, power 34; block bonus 4; 26 damage (armor 4), shield " \
           "soaks 10, health 24 → 8" in lines

"""What the GM sees of a Dungeoneers fight: breakdowns with every number and ruling,
the order table with every creature's AP and who is up and why, the sheet, the odds,
the toolbar; never a class name in place of a line."""

from __future__ import annotations

import io
import re

from shaper_gm.render.console import Renderer, make_console
from shaper_gm.render.recap import recap_markdown
from shaper_gm.render.tables import layout_for
from shaper_gm.shell.status import toolbar_text
from tests.rulesets.dungeoneers.test_command_examples import fight

CLASS_NAMES = re.compile(r"\b(ActionResolved|ActionTaken|StrikeOutcome|ContestOutcome|"
                         r"CheckOutcome|SpellOutcome|RestoreOutcome|UpNext|Passed|Reacted|"
                         r"TallyChanged|RoundRefilled|Moved|ConditionStarted|ConditionEnded|"
                         r"HoldingChanged|AmbientArcaChanged|ActionReadied|ReadiedCleared|"
                         r"StrikeOdds|Resolved|Contest|SpellCast)\b")
SETUP = ("add freya --as freya --at B2", "add alberich --as alberich --at B3",
         "add suori --as suori --at C3", "add skeleton --as skeleton --at C2",
         "add gob --as goblin --at D2", "init freya alberich suori skeleton gob")


def shown(session, line: str, width: int = 100) -> str:
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=width, color_system=None),
                        ruleset_for=session.ruleset_for)
    renderer.show(session.execute(line), session.state)
    text = out.getvalue()
    assert not CLASS_NAMES.search(text), text
    return text


def test_the_start_says_who_is_up_and_why():
    s = fight(*SETUP)
    text = shown(s, "start")
    assert "Every creature has 6 AP (D1, D6)" in text
    assert "Up: Freya, Alberich, Suori (tie at 6 AP between sides: party's body total 7 " \
           "beats the others (party 7, enemies 3) (D5); tied inside party: any of them " \
           "may act (D4))" in " ".join(text.split())


def test_a_strike_shows_every_number_with_its_ruling():
    s = fight(*SETUP, "start")
    text = shown(s, "strike suori skeleton --roll 4 --dodge 3 --pierce 3")
    for expected in ("Suori strikes Skeleton with the Warhammer: 6 vs 4, hit; 4 wounds (B) "
                     "(3 AP)", "Suori rolls [striking: trained] + finesse 2", "[4] + 2 = 6",
                     "Skeleton rolls [dodging: trained] + finesse 1", "[3] + 1 = 4",
                     "pierce check [d6] + body 2 vs armor value 5: pierced", "[3] + 2 = 5",
                     "D14, D16", "wounds: Warhammer 1 + body 2", "each application after "
                     "vulnerability(1)", "D20", "Skeleton takes 4 wounds (0 → 4 of 8"):
        assert expected in text, expected


def test_every_other_action_has_its_line():
    s = fight(*SETUP, "start")
    lines = [  # (command, what the GM reads)
        ("grapple freya skeleton --roll 6 --dodge 1", "Freya grapples Skeleton: 8 vs 3, "
                                                       "grappling"),    # dodge 1 + body 2
        ("ready alberich strike", "Alberich readies strike until the round ends (1 AP, D9)"),
        ("push suori gob E2 --ledge --react gob=grab-ledge --roll 4 --dodge 1 --grab 4",
         "Goblin checks [1d4] + dexterity 3 vs 6: success"),
        ("act skeleton 1 rattles", "Skeleton: rattles (1 AP)"),
        ("act alberich 1 hums", "Alberich: hums (1 AP)"),
        ("move gob D1", "Goblin moves D2 → D1 (1 tile, ground, 1 AP)"),     # tied: D4
        ("react suori 1 ducks", "Suori reacts: ducks (1 AP, 4 → 3 left, D8)"),
        ("set freya stress=5", "Freya: stress 0 → 5 (set by the GM)"),
        ("damage skeleton 3 --type P", "Skeleton takes 1 wound (0 → 1 of 8, the GM, D19)"),
        ("heal skeleton 1", "Skeleton heals 1 wound (1 → 0 of 8, the GM, D19)"),
        ("ambient 2", "Ambient arca 0 → 2 (the GM, D28)"),
        ("pass skeleton", "Skeleton passes (gives up 5 AP, D7)"),
    ]
    for line, expected in lines:
        assert expected in shown(s, line), line


def test_spells_restoration_and_sprint():
    s = fight("add alberich --as alberich --at B3", "add skeleton --as skeleton --at C3",
              "add freya --as freya --at A1", "start", "ambient 1")
    text = shown(s, "spellcast alberich firebolt skeleton --arca 1 --roll 5 --resist 1")
    for expected in ("Alberich casts Firebolt at Skeleton: 8 vs 1, hit, 1 critical hit; "
                     "6 wounds (3 AP)", "arca: baseline 1 (1 ambient), extra 1",
                     "Ambient arca 1 → 0 (Firebolt, D28)", "Alberich spends 1 arca"):
        assert expected in text, expected
    text = shown(s, "sprint freya A3")
    assert "Freya sprints A1 → A3 (2 tiles, ground, 1 AP)" in text
    assert "Freya gains 1 stress (0 → 1, sprint, D26)" in text
    s.execute("act skeleton 2 waits")
    s.execute("set freya stress=6")
    assert "Freya takes a deep breath: stress 6 → 4 (2 AP)" in shown(s, "deep-breath freya")


def test_the_order_table_the_sheet_the_odds_and_the_toolbar():
    s = fight(*SETUP, "start", "act freya 2 waits")
    text = shown(s, "order")
    flat = " ".join(text.split())
    for expected in ("AP", "Wounds", "Stress", "Arca", "Holding", "●●●●○○ 4",
                     "up: Alberich (default), Suori: tie at 6 AP between sides",
                     "body totals party 7, enemies 3 (D5)"):
        assert expected in flat, expected
    sheet = shown(s, "show freya")
    for expected in ("striking trained (d6)", "dodging expert (d8)", "armor value 4",
                     "Longsword: 2 S, pierce d8 (in hand)", "0/12 (down at the limit, D19)"):
        assert expected in sheet, expected
    odds = shown(s, "odds suori skeleton")
    assert "Odds: Suori strikes Skeleton with the Warhammer" in odds
    assert re.search(r"hit\s+\d+/\d+ = [\d.]+%", odds) and "critical hits" in odds
    rs = s.ruleset_for(s.state)
    layout = layout_for(s.state, rs)
    actor = s.state.actors[s.state.turn]
    assert layout.toolbar_text(actor, rs) == "AP 6/6 · wounds 0/10 · stress 0/3 · arca 6/6"
    full = layout.toolbar_text(actor, rs, s.state)     # with the state: the others' AP
    assert full.removeprefix("Alberich: ") == (
        "AP 6/6 · wounds 0/10 · stress 0/3 · arca 6/6 · AP: Freya 4 Suori 6 Skeleton 6 Goblin 6")
    toolbar = toolbar_text(s, "saves/dungeoneers-demo.yaml")
    assert toolbar.count("up: ") == 1 and "up: Alberich, Suori" in toolbar     # once


def test_the_recap_reads_as_prose():
    s = fight(*SETUP, "start", "strike suori skeleton --roll 4 --dodge 3 --pierce 3",
              "pass freya")
    text = recap_markdown(s.history, s.state)
    assert not CLASS_NAMES.search(text), text
    assert "Suori strikes Skeleton with the Warhammer: 6 vs 4, hit; 4 wounds (B)" in text

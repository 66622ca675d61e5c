"""The Renderer on real results: plain output off a terminal, errors, every view."""

from __future__ import annotations

import io
import re

from shaper_gm.commands.viewdata import Message
from shaper_gm.errors import GmError
from shaper_gm.render import Renderer, make_console

from .conftest import output, plain_console

ANSI = re.compile(r"\x1b\[")
COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-7]|38|9[0-7])[;m]")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_output_that_is_not_a_terminal_has_no_escape_codes(battle, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    file = io.StringIO()
    renderer = Renderer(make_console(file))
    for line in ("attack raider --roll 4,5,5 --evade 3,3,3 --damage 6 --defense 2", "map",
                 "order", "end"):
        renderer.show(battle.execute(line), battle.state)
    renderer.error(GmError("it is not Josh's turn", "it is Monica's turn"))
    text = file.getvalue()
    assert "⚔1 engaged" in text
    # Raider's verdict: its ▸ row, or the data version's line
    assert "Raider: hit, 6 HP lost" in text or \
        "Raider with the longbow (Major): hit, 6 HP lost" in text
    assert not ANSI.search(text)


def test_a_terminal_gets_colour_unless_no_color(battle, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    coloured = FakeTerminal()
    Renderer(make_console(coloured, color_system="standard")).show(battle.execute("map"),
                                                                   battle.state)
    assert COLOUR.search(coloured.getvalue())
    monkeypatch.setenv("NO_COLOR", "1")
    plain = FakeTerminal()
    Renderer(make_console(plain, color_system="standard")).show(battle.execute("map"),
                                                                battle.state)
    assert "monica" in plain.getvalue() and not COLOUR.search(plain.getvalue())


def test_error_is_one_line_and_its_hint():
    console = plain_console()
    Renderer(console).error(GmError("Monica is engaged with raider (S12)",
                                    "disengage first (Minor action, S14)"))
    assert output(console) == ("error: Monica is engaged with raider (S12)\n"
                               "  → disengage first (Minor action, S14)\n")
    console = plain_console()
    Renderer(console).error(ValueError("bad"))
    assert output(console) == "error: bad\n"


def test_a_new_turn_prints_the_turn_order(battle, render):
    text = render(battle.execute("end"), battle.state)
    assert text.startswith("Josh's turn ends; unused 3 Major, 1 Minor, 1 Free lapse (S18)\n"
                           "Monica's turn\nRound 2")
    assert "▶ Monica" in text


def test_every_view_renders(battle, render):
    texts = {line: render(battle.execute(line), battle.state)
             for line in ("show josh", "log 2", "help", "help attack", "odds josh raider",
                          "rolls josh manual")}
    assert "Longbow 1d6+3, Pierce 2, ranged (held)" in texts["show josh"]
    assert "Piercing Strike 1: 1 of 1 uses left this round (S24)" in texts["show josh"]
    assert re.search(r"^\d+  engage reaver monica  → Reaver engages Monica, joining Raider "
                     r"\(Minor\)$", texts["log 2"], re.M)
    assert "attack     attack: one roll" in texts["help"]
    assert "(also a, hit, shoot)" in texts["help"]
    assert texts["help attack"].startswith("attack [ATTACKER] TARGET[,TARGET...]")
    assert "Rules: S2 Automatic results · S3 Edge and Advantage · S4 Manual dice" in \
        texts["help attack"]
    assert "--evade FACES" in texts["help attack"]
    assert "Josh's dice are now asked for" in texts["rolls josh manual"]
    odds = texts["odds josh raider"]
    assert "Odds: Josh attacks Raider" in odds
    assert "Assumed: disadvantage: firing into melee" in odds
    assert re.search(r"hit\s+\d+/\d+ = \d+\.\d%", odds)


def test_undo_and_redo_name_the_lines(battle, render):
    battle.execute("damage crossbowman 3 --direct")
    assert render(battle.execute("undo"), battle.state) == \
        "Undid: damage crossbowman 3 --direct\n"
    assert render(battle.execute("redo"), battle.state) == \
        "Redid: damage crossbowman 3 --direct\nCrossbowman: HP 10 → 7, 3 damage (direct)\n"


def test_unknown_things_do_not_crash(battle):
    class Strange:
        events = (object(),)
        view = ("a", "tuple")

    console = plain_console()
    renderer = Renderer(console)
    renderer.show(Strange(), battle.state)
    renderer.show(type("R", (), {"events": (), "view": Message("hello")})(), None)
    assert output(console) == "object\n('a', 'tuple')\nhello\n"

"""Every ruleset's demo fight, played on at 80 columns, reads as a GM wants: no line
wider than the screen, an order-table row per actor on one line whatever has happened,
no id where a name belongs, no internal key (`defense_boon`) and no broken plural ("1
Actions", "1 of 1 dice", "face(s)", "enemies's", "1 Bonu")."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.render.console import Renderer, make_console
from tests.render.test_order_fits import DEMOS, drawn

SAVES = Path(__file__).resolve().parents[2] / "saves"
ATTACK = {"shaper": "attack", "dungeoneers": "strike", "timeslice": "attack",
          "dicepool": "attack", "reactions": "attack", "d20": "attack"}
WIDTH, COMMANDS = 80, 60
INTERNAL_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")
BROKEN = re.compile(r"\w\(s\)|\b1 dice\b|s's\b|\bBonu\b|reaches reach")


def played(ruleset: str) -> tuple[object, list[str], list[list[str]]]:
    """The demo played on: each actor up strikes the nearest foe it can, else ends its
    turn; what the GM saw at 80 columns, and the order table now and then."""
    session = read_save(SAVES / DEMOS[ruleset])
    out = io.StringIO()
    renderer = Renderer(make_console(out, width=WIDTH), ruleset_for=session.ruleset_for)
    tables = []

    def run(line: str) -> bool:
        try:
            result = session.execute(line)
        except GmError:
            return False
        out.write(f"> {line}\n")
        renderer.show(result, session.state)
        return True

    for count in range(COMMANDS):
        state = session.state
        if state.over is not None:
            break
        if count % 10 == 0:
            tables.append(drawn(session, WIDTH))
        me, rs = state.actors[state.turn], session.ruleset_for(state)
        foes = sorted((a for a in state.actors.values() if a.side != me.side and not a.down),
                      key=lambda a: rs.distance(me.zone, a.zone))
        if not any(run(f"{ATTACK[ruleset]} {foe.id}") for foe in foes):
            if not run("end"):
                run("pass")
    for actor in list(session.state.actors.values()):       # the end, and the recap line
        if actor.side != session.state.actors[session.state.order[0]].side:
            run(f"damage {actor.id} 999 --direct")
    tables.append(drawn(session, WIDTH))
    return session, out.getvalue().splitlines(), tables


@pytest.fixture(scope="module", params=sorted(DEMOS))
def fight(request):
    return request.param, *played(request.param)


def prose(lines: list[str]) -> list[str]:
    """What the program said: the commands typed (`> ...`) aside."""
    return [line for line in lines if not line.startswith("> ")]


def test_nothing_is_wider_than_the_screen_and_every_row_is_one_line(fight):
    ruleset, session, lines, tables = fight
    assert [line for line in lines if len(line) > WIDTH] == []
    for table in tables:
        rule = next(i for i, line in enumerate(table) if line.startswith("──"))
        rows = table[rule + 1:rule + 1 + len(session.state.actors)]
        for actor in session.state.actors.values():
            assert sum(row[2:].startswith(actor.name) for row in rows) == 1, (actor.id, rows)


def test_no_broken_plural_and_no_internal_key(fight):
    ruleset, session, lines, _ = fight
    said = prose(lines)
    assert [line for line in said if BROKEN.search(line)] == []
    assert [line for line in said if INTERNAL_KEY.search(line)] == []
    rs = session.ruleset_for(session.state)
    plurals = [s.title for s in rs.resources if s.title.endswith("s") and not s.title.isupper()]
    one = re.compile(r"\b1 (" + "|".join(map(re.escape, plurals)) + r")\b", re.IGNORECASE) \
        if plurals else None
    assert one is None or [line for line in said if one.search(line)] == []


def test_names_not_ids_in_what_the_program_says(fight):
    ruleset, session, lines, _ = fight
    renamed = [a.id for a in session.state.actors.values() if a.name != a.id]
    assert renamed                        # "josh" is the id, "Josh" the name
    bare = [re.compile(r"(?<![\w(-])" + re.escape(i) + r"(?![\w)-])") for i in renamed]
    said = [line for line in prose(lines) if not line.lstrip().startswith("→")]
    assert [line for line in said if any(b.search(line) for b in bare)] == []

"""Distances agree everywhere (D16, D21): a strike's range, a move's length and the
completion menu's notes count tiles the same way, the content's `diagonal_cost` included,
so a GM never sees "1 tile away" on a target the rules then call 2 tiles away."""

from __future__ import annotations

import shutil

import pytest

from shaper_gm.commands import new_session
from shaper_gm.errors import GmError
from shaper_gm.places import content_path
from shaper_gm.shell.completion import complete


@pytest.fixture
def diagonal_two(tmp_path, monkeypatch):
    """The content with a diagonal step counting 2 tiles (D21's other reading): its
    most_diagonals 0 (past none, a diagonal is two straight steps; the Python ruleset's
    diagonal_cost 2)."""
    copy = tmp_path / "content"
    shutil.copytree(content_path(), copy)
    numbers = copy / "dungeoneers" / "ruleset.yaml"
    text = numbers.read_text(encoding="utf-8")
    numbers.write_text(text + "most_diagonals: 0\n", encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(copy))
    session = new_session(ruleset="dungeoneers", seed=1)
    for line in ("add freya --as freya --at B2", "add skeleton --as skeleton --at C3",
                 "init freya skeleton", "start"):
        session.execute(line)
    return session


def note(session, line: str, text: str) -> str:
    return next(c.meta for c in complete(line, session) if c.text == text)


def test_a_diagonal_neighbour_is_two_tiles_to_strike_to_move_and_in_the_menu(diagonal_two):
    s = diagonal_two
    numbers = s.ruleset_for(s.state).library.numbers
    assert getattr(numbers, "diagonal_cost", None) == 2 or numbers["most_diagonals"] == 0
    with pytest.raises(GmError, match=r"Skeleton is 2 tiles away, beyond Freya's threat "
                                      r"range 1"):
        s.execute("strike freya skeleton")
    with pytest.raises(GmError, match=r"C1 is 2 tiles from B2; move at Ground \(1\) "
                                      r"covers 1 \(D21\)"):
        s.execute("move freya C1")
    assert "2 tiles away" in note(s, "strike freya ", "skeleton")
    assert note(s, "move freya ", "C1").startswith("2 tiles · sprint")
    assert note(s, "move freya ", "B1").startswith("1 tile · ")
    s.execute("move freya B3")                       # one straight step: 1 tile
    assert s.state.actors["freya"].zone == "B3"

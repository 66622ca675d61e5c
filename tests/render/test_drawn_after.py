"""`table: {drawn_after: round}` (screen.yaml): the order table follows a command by
itself only as a round begins and as the fight ends; after any other turn change the
event lines say what changed and who is up next. Any other value is refused at load."""

from __future__ import annotations

import io
import textwrap

import pytest

from shaper_gm.commands import new_session
from shaper_gm.content import folders
from shaper_gm.content.schema import ContentError
from shaper_gm.render.console import Renderer, make_console
from shaper_gm.render.screenfile import read_screen


def shown(session, line: str) -> str:
    out = io.StringIO()
    Renderer(make_console(out, width=100), ruleset_for=session.ruleset_for).show(
        session.execute(line), session.state)
    return out.getvalue()


def test_dungeoneers_draws_the_table_as_a_round_begins_not_after_each_action():
    s = new_session(ruleset="dungeoneers", seed=1)
    for line in ("add freya --as freya --at B2", "add skeleton --as skeleton --at E5",
                 "init freya skeleton"):
        s.execute(line)
    assert "▶ Freya" in shown(s, "start")                          # round 1 begins
    after = shown(s, "act freya 6 waits")
    assert "Up: Skeleton" in after and "▶ Skeleton" not in after     # no table
    assert "Round 2 begins" in (text := shown(s, "act skeleton 6 waits"))
    assert "▶ Freya" in text                                        # round 2: the table


def test_a_value_other_than_turn_or_round_is_refused(tmp_path, monkeypatch):
    root = tmp_path / "content"
    monkeypatch.setenv(folders.ENV_VAR, str(root))
    (root / "dungeoneers").mkdir(parents=True)
    (root / "dungeoneers" / "screen.yaml").write_text(textwrap.dedent("""\
        table:
          drawn_after: action
        """), encoding="utf-8")
    folders._declaration.cache_clear()
    try:
        with pytest.raises(ContentError) as refused:
            read_screen("dungeoneers")
    finally:
        folders._declaration.cache_clear()
    assert any("item 'table': key 'drawn_after': expected one of turn, round" in line
               for line in refused.value.errors), refused.value.errors

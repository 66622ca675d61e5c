"""An actions file compiled whole once is not compiled whole again each time its ruleset
opens: its steps are made when an action is first played or weighed
(`engine.later_steps`). The mark that it passed is kept under the file's bytes and the
engine that compiled it (`content.yamlcache.passed_before`), so an edited file is
checked whole again, and so is every file after the engine changes."""

from __future__ import annotations

import pytest

from shaper_gm.content.yamlcache import remember_passed
from shaper_gm.engine.later_steps import Later
from shaper_gm.errors import GmError
from shaper_gm.rulesets.data import actions_file
from shaper_gm.rulesets.data.library import RulesetFileError, load
from tests.rulesets.declared.duel import duel_copy, duel_fight

STRIKE = "strike rook --roll 6,6 --damage 4,5"
ODDS = "odds rook --json"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _steps(folder) -> dict[str, object]:
    return {name: declared.steps for name, declared in load(folder).actions}


def test_a_file_compiled_whole_before_makes_its_steps_when_played(tmp_path, cache):
    folder = duel_copy(tmp_path)
    first = dict(load(folder).actions)
    assert not any(any(late) for late in _made_late(first).values())
    assert len(list(cache.glob("*.ok"))) == 1               # the mark that it passed
    again = dict(load(folder).actions)
    assert set(_made_late(again).values()) == {(True, True, True, True)}
    assert {name: _made(declared) for name, declared in again.items()} == \
        {name: _made(declared) for name, declared in first.items()}


def _made_late(actions) -> dict[str, tuple[bool, ...]]:
    """For each action: whether its steps, requirements, given facts and checks wait."""
    return {name: tuple(isinstance(part, Later) for part in
                        (declared.steps, declared.requires, declared.given, declared.checks))
            for name, declared in actions.items()}


def _made(declared) -> tuple:
    """What an action's parts came to, as far as text can tell."""
    return ([step.name for step in declared.steps],
            [(need.test.text, need.refuse, need.hint) for need in declared.requires],
            [(name, expr.text) for name, expr in declared.given],
            [(need.test.text, need.refuse) for need in declared.checks])


def test_a_fight_weighs_and_plays_alike_on_steps_made_late(tmp_path, cache, monkeypatch):
    folder = duel_copy(tmp_path)
    whole = duel_fight(folder.parent, monkeypatch)
    late = duel_fight(folder.parent, monkeypatch)
    strike = dict(late.ruleset_for(late.state).library.actions)["strike"]
    assert isinstance(strike.steps, Later)
    assert late.execute(ODDS).view.text == whole.execute(ODDS).view.text   # made to weigh
    struck, struck_late = whole.execute(STRIKE), late.execute(STRIKE)
    assert struck_late.events == struck.events and struck.events
    assert late.log[1:] == whole.log[1:]                    # (each its own encounter id)
    assert late.state.actors == whole.state.actors


def test_an_edited_file_is_checked_whole_again(tmp_path, cache):
    folder = duel_copy(tmp_path)
    _steps(folder)                                           # marked as it was
    actions = folder / "actions.yaml"
    actions.write_text(actions.read_text().replace("hit: total >=", "hit: totl >=", 1))
    with pytest.raises(RulesetFileError, match="totl"):
        load(folder)
    assert len(list(cache.glob("*.ok"))) == 1               # no mark for the broken one


def test_an_engine_changed_since_checks_every_file_whole(tmp_path, cache, monkeypatch):
    folder = duel_copy(tmp_path)
    _steps(folder)
    monkeypatch.setattr(actions_file, "_compiler", lambda: b"another engine")
    assert all(isinstance(steps, tuple) for steps in _steps(folder).values())


def test_with_the_cache_off_every_opening_compiles_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_CACHE", "off")
    folder = duel_copy(tmp_path)
    _steps(folder)
    assert all(isinstance(steps, tuple) for steps in _steps(folder).values())


def test_a_step_that_cannot_be_made_late_is_refused_in_one_line(tmp_path, cache, monkeypatch):
    """Only a file changed under its mark gets here: the strike is refused, nothing
    changes, and the GM is told how to find every mistake."""
    folder = duel_copy(tmp_path)
    actions = folder / "actions.yaml"
    actions.write_text(actions.read_text().replace("hit: total >=", "hit: totl >=", 1))
    remember_passed(actions, actions_file._compiler())          # marked regardless
    fight = duel_fight(folder.parent, monkeypatch)
    before = fight.state
    with pytest.raises(GmError, match="cannot be read.*totl") as refused:
        fight.execute(STRIKE)
    assert "check-ruleset" in refused.value.hint
    assert fight.state == before

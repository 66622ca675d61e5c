"""The ruleset is built from its numbers alone; items, skills and sheets are read on
first use, and a library that cannot be read then refuses that command, clearly. The
Python loader's tests: its default folder is the checkout's content/shaper, the Python
version's until the switch, whatever SHAPER_GM_CONTENT names (`--as-data shaper`
points it at the data version)."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper.content import loader


@pytest.fixture
def fresh_cache(monkeypatch):
    monkeypatch.delenv("SHAPER_GM_CONTENT", raising=False)
    loader.clear_cache()
    yield
    loader.clear_cache()


def test_a_command_that_needs_no_item_reads_only_the_numbers(fresh_cache):
    session = new_session(seed=7)
    session.execute("roll 3d6")
    assert loader._load_numbers.cache_info().currsize == 1
    assert loader._load.cache_info().currsize == 0
    session.execute("add goblin --as bandit")
    assert loader._load.cache_info().currsize == 1
    assert session.state.actors["goblin"].sheet.weapons


def test_an_unreadable_item_file_refuses_the_command_that_needs_it(content_copy, monkeypatch,
                                                                   fresh_cache):
    (content_copy / "shaper" / "weapons" / "broken.yaml").write_text("club: [1, 2\n")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(content_copy))
    session = new_session(seed=7)
    session.execute("roll 3d6")                       # the numbers are fine
    before = session.state
    with pytest.raises(CommandError) as refused:
        session.execute("add goblin --as bandit")
    assert refused.value.message.startswith(
        "the content library cannot be read: content/shaper/weapons/broken.yaml: line 2")
    assert "SHAPER_GM_CONTENT" in refused.value.hint
    assert session.state is before and len(session.history) == 1


@pytest.mark.parametrize("numbers, problem", [
    (None, "content/shaper/ruleset.yaml: missing: the ruleset's numbers"),
    ("", "content/shaper/ruleset.yaml: empty: the ruleset's numbers"),
    ("grid: [5, 5\n", "content/shaper/ruleset.yaml: item 'shaper': line 2"),
])
def test_numbers_that_cannot_be_read_stop_the_build(content_copy, numbers, problem,
                                                    fresh_cache):
    path = content_copy / "shaper" / "ruleset.yaml"
    if numbers is None:
        path.unlink()
    else:
        path.write_text(numbers)
    with pytest.raises(loader.ContentError) as failed:
        loader.load_numbers(content_copy)
    assert failed.value.errors[0].startswith(problem)


def test_the_numbers_alone_equal_the_librarys(fresh_cache):
    assert loader.load_numbers() == loader.load_library().rulesets["shaper"]


def test_several_unreadable_files_are_one_line_that_counts_the_rest(content_copy, monkeypatch,
                                                                     fresh_cache):
    for name in ("a", "b", "c"):
        (content_copy / "shaper" / "weapons" / f"{name}.yaml").write_text("club: [1, 2\n")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(content_copy))
    session = new_session(seed=7)
    with pytest.raises(CommandError) as refused:
        session.execute("add goblin --as bandit")
    message = refused.value.message
    assert message.startswith("the content library cannot be read: "
                              "content/shaper/weapons/a.yaml: line 2")
    assert message.endswith(" (and 2 more)") and "\n" not in message


def _without_terms(content_copy, words=""):
    """The copy's ruleset.yaml as a GM's folder written before `terms` had it (with
    `words` in their place, if given)."""
    path = content_copy / "shaper" / "ruleset.yaml"
    text = path.read_text()
    path.write_text(text[:text.index("\nterms:")] + "\n" + words)


def test_a_folder_written_before_terms_speaks_shapers_words(content_copy, monkeypatch,
                                                            fresh_cache):
    _without_terms(content_copy)
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(content_copy))
    assert loader.load_numbers(content_copy).terms == loader.load_numbers().terms
    session = new_session(seed=7)
    ruleset = session.ruleset_for(session.state)
    assert (ruleset.term("down"), ruleset.term("cell")) == ("Down", "zone")
    shown = session.execute("help add").view.verbs[0]
    assert shown.rules == "S27-S29"
    assert shown.examples[0] == "add josh --as josh --at A5"
    session.execute("add goblin --as bandit --at D1")     # the items load too


def test_a_folder_naming_some_words_keeps_them_and_takes_the_rest(content_copy, fresh_cache):
    _without_terms(content_copy, "terms:\n  down: Out\n")
    words = dict(loader.load_numbers(content_copy).terms)
    assert words["down"] == "Out" and words["cell"] == "zone"
    assert dict(loader.load_library(content_copy).rulesets["shaper"].terms) == words


def test_a_folder_written_before_kinds_yaml_is_read_by_the_shipped_one(content_copy,
                                                                        fresh_cache):
    (content_copy / "shaper" / "kinds.yaml").unlink()
    _without_terms(content_copy)
    library = loader.load_library(content_copy)
    assert library.weapons == loader.load_library().weapons
    assert library.rulesets["shaper"] == loader.load_numbers()

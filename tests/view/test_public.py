"""What the player view publishes: hidden actors nowhere, enemies' health in words and no
number of theirs, the party's numbers, whose turn and who is next, for every ruleset."""

from __future__ import annotations

import json
import re
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.content.schema import ContentError
from shaper_gm.errors import GmError
from shaper_gm.view.watch import Watcher
from shaper_gm.view.words import DEFAULT_HEALTH, parse, view_words
from tests.docs_errors import assert_docs_and_cases_agree, errors_section, shown
from tests.view.kit import RULESETS, Table, demo_copy, published

# One enemy of each demo, hidden in each test below, and one enemy left in sight.
ENEMIES = {"shaper": ("reaver", "raider"), "dungeoneers": ("gob", "skeleton"),
           "timeslice": ("guard", "brute"), "dicepool": ("wolf", "raider"),
           "reactions": ("bones-1", "bo"), "d20": ("grum", "fang")}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_demo_is_published_with_its_order_and_turn(tmp_path, ruleset):
    path = demo_copy(tmp_path, ruleset)
    data = published(path)
    table = Table(path)
    state = table.session.state
    table.close()
    assert [a["name"] for a in data["actors"]] == [state.actors[a].name for a in state.order]
    assert data["acting"] == state.actors[state.turn].name
    assert [a["name"] for a in data["actors"] if a["acting"]] == [data["acting"]]
    assert data["round"] == state.round == 1
    assert data["next"]
    assert (data["cols"], data["rows"]) == (state.cols, state.rows)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hidden_actor_is_nowhere_and_enemies_show_no_numbers(tmp_path, ruleset):
    hidden, seen = ENEMIES[ruleset]
    path = demo_copy(tmp_path, ruleset)
    table = Table(path)
    state = table.session.state
    name = state.actors[hidden].name
    table.play(f"hide {hidden}")
    table.close()
    body = Watcher(path)
    assert body.look()
    text = body.body.decode()
    assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assert not re.search(rf"\b{re.escape(hidden)}\b", text), hidden
    data = json.loads(text)
    enemy = next(a for a in data["actors"] if a["name"] == state.actors[seen].name)
    assert enemy["health"] == view_words(table.session.ruleset_for(state)).health[0]
    assert not any(ch.isdigit() for _, value in enemy["numbers"] for ch in value)
    if state.actors[seen].hp is not None:
        assert str(state.actors[seen].hp) not in json.dumps(enemy)
    party = [a for a in data["actors"] if a["party"]]
    assert party and all(a["numbers"] for a in party)


def test_enemy_health_words_follow_the_hp_lost():
    """Raider has 18 HP: unhurt at 18, hurt from 17 to 10, bloodied at 9 or fewer, then
    the ruleset's word for down."""
    import shutil
    import tempfile
    from pathlib import Path
    folder = Path(tempfile.mkdtemp())
    try:
        path = demo_copy(folder, "shaper")
        table = Table(path)
        seen = []
        for hp in (18, 17, 10, 9, 1):
            table.play(f"set raider hp={hp}")
            seen.append(_health(published(path), "Raider"))
        table.play("damage raider 1 --direct")
        seen.append(_health(published(path), "Raider"))
        table.close()
    finally:
        shutil.rmtree(folder)
    assert seen == ["unhurt", "hurt", "hurt", "bloodied", "bloodied", "down"]


def _health(data: dict, name: str) -> str:
    return next(a["health"] for a in data["actors"] if a["name"] == name)


def test_wounds_count_as_harm_where_the_ruleset_says_so(tmp_path):
    """Dungeoneers declares `harm: wounds`: a skeleton with a 6-wound limit is wounded at
    1 to 2, badly wounded at 3 or more."""
    path = demo_copy(tmp_path, "dungeoneers")
    table = Table(path)
    limit = int(published(path)["actors"][0]["numbers"][1][1].split("/")[1])
    assert limit == 12                                    # Freya's own limit, as shown
    words = []
    for wounds in (1, 5, 6):
        table.play(f"set freya wounds={wounds}")
        words.append(next(a["health"] for a in published(path)["actors"]
                          if a["name"] == "Freya"))
    table.close()
    assert words == ["wounded", "wounded", "badly wounded"]


def test_the_feed_says_results_in_words_for_enemies(tmp_path):
    path = demo_copy(tmp_path, "shaper")
    watcher = Watcher(path)
    watcher.look()
    table = Table(path)
    table.play("draw longbow",
               "attack raider --skill piercing-strike --roll 3,6,6 --evade 4,6,6 --damage 6,3 "
               "--defense 1")
    assert watcher.look()
    lines = [e["text"] for e in json.loads(watcher.body)["feed"]]
    assert lines[-2:] == ["Josh attacks Raider (hit)", "Raider is bloodied"]
    table.play("undo")
    assert watcher.look()
    lines = [e["text"] for e in json.loads(watcher.body)["feed"]]
    assert "Josh attacks Raider (hit)" not in lines
    table.play("attack raider --roll 1,1,2 --evade 4,6,6")
    watcher.look()
    lines = [e["text"] for e in json.loads(watcher.body)["feed"]]
    assert lines[-1] == "Josh attacks Raider (miss)"
    table.close()


def test_the_feed_gives_the_party_numbers_and_a_declared_verdict(tmp_path):
    path = demo_copy(tmp_path, "d20")
    watcher = Watcher(path)
    watcher.look()
    table = Table(path)
    table.play("move fang D7", "attack fang nim --attack 15 --damage 2,2")
    table.close()
    assert watcher.look()
    lines = [e["text"] for e in json.loads(watcher.body)["feed"]]
    # the bite: 2d4+2 = 2 + 2 + 2
    assert lines[-2:] == ["Fang attacks Nim (hit)", "Nim: HP 24 → 18"]


def test_lines_about_an_actor_hidden_later_leave_the_feed(tmp_path):
    path = demo_copy(tmp_path, "shaper")
    watcher = Watcher(path)
    watcher.look()
    table = Table(path)
    table.play("draw longbow", "attack raider --roll 3,6,6 --evade 4,6,6 --damage 6 "
               "--defense 1", "hide raider")
    table.close()
    watcher.look()
    assert "Raider" not in watcher.body.decode()


def _mistakes(data, ruleset=None) -> list[str]:
    """The lines a view.yaml holding `data` prints: read alone, or for `ruleset`."""
    try:
        if ruleset is None:
            parse(data, "content/x/view.yaml")
        else:
            with patch("shaper_gm.view.words.declaration",
                       lambda *_: ("content/x/view.yaml", data)):
                view_words(ruleset)
    except ContentError as exc:
        return list(exc.errors)
    return []


def test_view_yaml_mistakes_are_one_line_each_and_as_documented(tmp_path):
    table = Table(demo_copy(tmp_path, "dungeoneers"))
    rs = table.session.ruleset_for(table.session.state)
    table.close()
    assert parse(None, "v").health == DEFAULT_HEALTH
    assert view_words(rs).harm == "wounds"
    cases = [(_mistakes(data, ruleset), says) for data, ruleset, says in [
        ([], None, "expected a mapping"),
        ({"colour": 1}, None, "'colour' is not a key"),
        ({"health": ["a", "b"]}, None, "three words"),
        ({"public_columns": "Engaged"}, None, "order-table column"),
        ({"harm": ["wounds"]}, None, "harm must be one name"),
        ({"verdict": ""}, None, "verdict must be one name"),
        ({"public_columns": ["Wounds", "Hp"]}, rs, "no column 'Hp'"),   # HP: not a column
        ({"harm": "hp"}, rs, "harm names no resource of Dungeoneers")]]
    for lines, _ in cases:
        assert len(lines) == 1 and lines[0].startswith("content/x/view.yaml: "), lines
    left_out = {"FILE: what is wrong": "the shape of every line",
                "cannot show PATH: ...": "how `view` says it"}
    assert_docs_and_cases_agree(shown(errors_section("## view.yaml"), left_out), cases)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_shipped_view_file_reads(tmp_path, ruleset):
    table = Table(demo_copy(tmp_path, ruleset))
    words = view_words(table.session.ruleset_for(table.session.state))
    table.close()
    assert len(words.health) == 3


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(["hide", "reveal", "damage", "heal"]),
                                st.sampled_from(["raider", "reaver", "crossbowman"])),
                      max_size=8))
def test_whatever_the_gm_hides_and_harms_no_hidden_name_or_enemy_hp_is_served(
        tmp_path_factory, steps):
    """Any run of hide, reveal, damage and heal: the served state never names a hidden
    actor (not in the order, the feed or a column) nor holds an enemy's HP."""
    path = demo_copy(tmp_path_factory.mktemp("fight"), "shaper")
    watcher = Watcher(path)
    watcher.look()
    table = Table(path)
    for verb, who in steps:
        line = f"{verb} {who}" + (" 4 --direct" if verb == "damage" else
                                  " 2" if verb == "heal" else "")
        try:
            table.play(line)
        except GmError:
            continue                       # hidden already, shown already: refused
        watcher.look()
        text = watcher.body.decode()
        state = table.session.state
        for actor in state.actors.values():
            if actor.hidden:
                assert not re.search(rf"\b{actor.name}\b", text), (steps, actor.name)
        served = json.loads(text)["actors"]
        for actor in served:
            if not actor["party"]:
                assert actor["numbers"] == [] or all(
                    not any(c.isdigit() for c in value) for _, value in actor["numbers"])
    table.close()

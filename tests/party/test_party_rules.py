"""party.yaml: every shipped file reads, a rest's changes stay within the maximum, and
each mistake is one line, as docs/rulesets.md lists them."""

from __future__ import annotations

from unittest.mock import patch

import pytest

from shaper_gm.app import new_session
from shaper_gm.content.schema import ContentError
from shaper_gm.party.rules import changed, party_rules
from tests.docs_errors import assert_docs_and_cases_agree, errors_section, shown
from tests.view.kit import RULESETS


def ruleset(name: str):
    session = new_session(ruleset=name)
    return session.ruleset_for(session.state)


@pytest.mark.parametrize("name", RULESETS)
def test_every_shipped_file_reads_and_has_a_long_rest(name):
    rules = party_rules(ruleset(name))
    assert rules.rest("long") is not None and rules.rest("short") is not None


def test_a_change_never_passes_the_maximum():
    assert [changed(3, "max", 13), changed(3, "gain 4", 13), changed(11, "gain 4", 13),
            changed(9, "0", 13), changed(2, "gain 5", None)] == [13, 7, 13, 0, 7]


def _lines(data) -> list[str]:
    with patch("shaper_gm.party.rules.declaration",
               lambda *_: ("content/x/party.yaml", data)):
        try:
            party_rules(ruleset("dungeoneers"))
        except ContentError as exc:
            return list(exc.errors)
    return []


def test_mistakes_are_one_line_each_as_documented():
    cases = [(_lines(data), says) for data, says in [
        ([], "expected a mapping"), ({"lasting": [], "naps": {}}, "expected a mapping"),
        ({"lasting": ["mana"]}, "lasting must list resources of Dungeoneers"),
        ({"rests": {"nap": 3}}, "rests.nap: expected a mapping"),
        ({"rests": {"short": {"mana": "max"}}}, "'mana' is not HP"),
        ({"rests": {"short": {"hp": "lots"}}}, "expected max, gain N or N, got 'lots'"),
        ({"items": "yes please"}, "items: expected true or false, got 'yes please'")]]
    for lines, _ in cases:
        assert len(lines) == 1 and lines[0].startswith("content/x/party.yaml: "), lines
    left_out = {"FILE: what is wrong": "the shape of every line"}
    assert_docs_and_cases_agree(shown(errors_section("## party.yaml"), left_out), cases)

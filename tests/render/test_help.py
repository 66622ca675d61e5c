"""`help VERB` in every ruleset: every flag described, nothing broken mid-token, and each
ruling cited by its code and short title."""

from __future__ import annotations

import re

import pytest

from shaper_gm.app import new_session
from shaper_gm.render import Renderer
from shaper_gm.render.plugins import ruling_titles
from shaper_gm.render.views import RULE_CODE, ruling_words, usage_words

from .conftest import output, plain_console

RULESETS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions")
# The rulings each ruleset's file defines (the contract's table of rulesets).
RULINGS = {"shaper": ("S", 29), "dungeoneers": ("D", 29), "timeslice": ("T", 17),
           "dicepool": ("P", 12), "reactions": ("R", 12)}


def session_of(ruleset: str):
    s = new_session(seed=1)
    if ruleset != "shaper":
        s.execute(f"new --ruleset {ruleset}")
    return s


def help_text(session, verb: str, width: int) -> str:
    console = plain_console(width)
    Renderer(console).show(session.execute(f"help {verb}"), session.state)
    return output(console)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_flag_of_every_verb_has_a_description(ruleset):
    registry = session_of(ruleset).registry
    missing = [f"{verb.name} --{spec.name}" for verb in registry.verbs.values()
               for spec in verb.flags if not spec.help.strip()]
    assert missing == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("width", [60, 80, 120])
def test_help_never_breaks_a_usage_group_or_a_flag_value_mid_token(ruleset, width):
    s = session_of(ruleset)
    for verb in s.registry.verbs.values():
        text = help_text(s, verb.name, width)
        lines = [line.strip() for line in text.splitlines()]
        for word in usage_words(verb.usage):
            if len(word) < width - 4:
                assert any(word in line for line in lines), (verb.name, word)
        for spec in (f for f in verb.flags if f.kind != "bool"):
            for piece in re.findall(r"[^|,]+[|,]?", spec.metavar):
                assert any(piece in line for line in lines), (verb.name, spec.name, piece)


def test_help_effect_keeps_each_until_moment_whole():
    text = help_text(session_of("shaper"), "effect", 80)
    rows = [line.rstrip() for line in text.splitlines()]
    # the flag column as wide as the longest flag (the version written as data has longer
    # ones, --used-thread-the-needle N): each moment whole on its row, beside its words
    at = next(n for n, row in enumerate(rows) if row.startswith("  --until start:ID|end:ID| "))
    assert " ".join(rows[at].split()[2:]).startswith("when it ends: the start or end of ID's")
    assert rows[at + 1].startswith("    round|rounds:N|used_up| ")
    assert " ".join(rows[at + 1].split()[1:]).startswith(("round's end, after N",
                                                         "this round's end, after N"))
    assert rows[at + 2].split()[0] == "never" and rows[at + 2].startswith("    never ")


def test_rulings_are_shown_with_their_short_titles():
    text = help_text(session_of("shaper"), "attack", 100)
    flat = " ".join(text.split())
    assert "Rules: S2 Automatic results · S3 Edge and Advantage · S4 Manual dice · S5 Hit · " \
           "S6 Critical hit · S7 Damage pipeline · S8 Down · S11 Close and Melee" in flat
    assert "S23 Triggering a skill · S24 Skill uses · S25 Spells" in flat
    assert ruling_words("S19-S20", ruling_titles("shaper")) == \
        ["S19 Action costs", "S19a In hand", "S20 Shield"]
    assert ruling_words("X1, odd", {}) == ["X1", "odd"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_titles_each_of_its_rulings_and_every_code_a_verb_cites(ruleset):
    titles = ruling_titles(ruleset)
    letter, count = RULINGS[ruleset]
    assert {f"{letter}{n}" for n in range(1, count + 1)} <= set(titles)
    assert all(title.strip() for title in titles.values())
    for verb in session_of(ruleset).registry.verbs.values():
        for word in ruling_words(verb.rules, titles) if verb.rules else ():
            code, _, title = word.partition(" ")
            assert RULE_CODE.fullmatch(code) and title, (verb.name, word)

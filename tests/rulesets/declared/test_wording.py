"""A declared action's outcome line may be chosen among alternatives and headed by words
after the target's name; its spare rule may word each slot's unused faces; its
refusals may word faces given for rolls it never made. Every one is a key of the data
(docs/rulesets.md), refused with a one-line error when malformed."""

from __future__ import annotations

import pytest

from shaper_gm.engine.declared_records import Outcome
from shaper_gm.engine.declaring import compile_action
from shaper_gm.engine.events import Played
from shaper_gm.engine.stepkit import Facts, VocabError
from shaper_gm.render.resolved import resolved_line

LINES = [{"when": "dodged", "text": "dodged, no damage"},
         {"when": "critical", "text": "critical hit, {damage} damage"},
         {"text": "hit, {damage} damage", "aside": "{damage} dealt", "rule": "R6"}]


def _action(**raw):
    return compile_action("attack", {"target": "other", "words": "attacks",
                                     "given": {"damage": "3", "dodged": "0",
                                               "critical": "0", "weapon": "'Sword'"},
                                     **raw})


@pytest.mark.parametrize("dodged, critical, said", [
    (True, True, "dodged, no damage"), (False, True, "critical hit, 7 damage"),
    (False, False, "hit, 7 damage")])
def test_the_first_alternative_whose_when_holds_is_the_line(dodged, critical, said):
    declared = _action(line=LINES)
    result = declared.result(Facts({"target": "bo", "damage": 7, "dodged": dodged,
                                    "critical": critical}))
    assert result.line == said
    assert (result.aside, result.rule) == (("7 dealt", "R6") if said.startswith("hit")
                                           else ("", ""))


def _shown(declared, facts, cost="Action"):
    outcome = Outcome("attack", "ann", (declared.result(Facts(facts)),))
    event = Played("ann", outcome, action="attack", words="attacks")
    return resolved_line(event, lambda who: who.title(), cost)


def test_a_heading_puts_the_cost_before_the_line():
    declared = _action(line=LINES[:2], heading="with the {weapon}")
    assert _shown(declared, {"target": "bo", "damage": 7, "dodged": False,
                             "critical": True, "weapon": "Sword"}) == \
        "Ann attacks Bo with the Sword (Action): critical hit, 7 damage"


def test_paid_last_puts_the_cost_after_the_outcome_a_heading_or_not():
    declared = _action(line=LINES, heading="with the {weapon}", paid_last=True)
    assert _shown(declared, {"target": "bo", "damage": 7, "dodged": False,
                             "critical": False, "weapon": "Sword"}) == \
        "Ann attacks Bo with the Sword: hit, 7 damage (7 dealt, Action, R6)"
    assert _shown(declared, {"target": "bo", "damage": 7, "dodged": True,
                             "critical": False, "weapon": "Sword"}) == \
        "Ann attacks Bo with the Sword: dodged, no damage (Action)"


def test_without_a_heading_the_line_reads_as_before_with_aside_and_rule_bracketed():
    plain = _action(line="{damage} damage")
    assert _shown(plain, {"target": "bo", "damage": 7}) == "Ann attacks Bo: 7 damage (Action)"
    said = _action(line=LINES[2:])
    assert _shown(said, {"target": "bo", "damage": 7}) == \
        "Ann attacks Bo: hit, 7 damage (7 dealt, Action, R6)"


@pytest.mark.parametrize("raw, where, message", [
    ({"line": 3}, "attack.line", "expected the outcome's words, or a list of"),
    ({"line": []}, "attack.line", "expected the outcome's words, or a list of"),
    ({"line": [{"when": "dodged"}]}, "attack.line[0]", "(text required)"),
    ({"line": [{"text": "x", "colour": "red"}]}, "attack.line[0]", "(text required)"),
    ({"line": [{"text": "x", "rule": 5}]}, "attack.line[0]", "to be words"),
    ({"line": [{"text": "x", "when": "dodged +"}]}, "attack.line[0].when", ""),
    ({"heading": 4}, "attack.heading", "expected words after the target's name"),
    ({"paid_last": "yes"}, "attack.paid_last", "expected true or false, got 'yes'"),
    ({"spare": {"when": "dodged", "unused": 3}}, "attack.spare.unused", "SLOT: TEXT"),
    ({"refusals": {"unrolled": {"hint": "x"}}}, "attack.refusals.unrolled", "refuse required"),
])
def test_a_malformed_wording_is_refused_naming_where(raw, where, message):
    with pytest.raises(VocabError) as err:
        _action(**raw)
    assert err.value.where == where and message in err.value.message


def test_a_resource_words_its_own_lapse_and_only_its_lapse():
    from shaper_gm.engine.events import ResourceChanged
    from shaper_gm.engine.resources import ResourceSpec
    from shaper_gm.engine.turns import _lapsed
    from shaper_gm.render.text import describe_events
    spec = ResourceSpec("shield", "Shield", lapse="turn_start", rule="R12",
                        lapsed="{actor}'s shield ({amount} left) lapses")
    assert _lapsed(spec, "turn_start", 0) == spec.lapsed
    assert _lapsed(spec, "turn_end", 0) == "" and _lapsed(spec, "turn_start", 3) == ""
    said = ResourceChanged("bo", "shield", 10, 0, rule="R12", said=spec.lapsed)
    plain = ResourceChanged("bo", "shield", 10, 0, rule="R12")
    names = lambda who: who.title()          # noqa: E731
    assert describe_events([said, plain], names) == [
        "Bo's shield (10 left) lapses (R12)", "Bo loses 10 Shield (10 → 0, R12)"]

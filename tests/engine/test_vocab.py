"""Resolution steps written as data (engine/vocab.py): played and run for exact odds
alike, with the numbers the d20 rulings (G10-G12, G19) demand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.engine.expr import compile_expr
from shaper_gm.engine.stepkit import Facts, VocabError
from shaper_gm.engine.steps import PlayTape, distribution, exact, play
from shaper_gm.engine.vocab import compile_steps

ATTACK = [
    {"roll": "d20", "slot": "attack", "into": "natural", "who": "attacker",
     "keep_higher": "advantage", "keep_lower": "disadvantage", "what": "attack roll"},
    {"set": {"total": "natural + bonus",
             "hit": "natural == 20 or (natural != 1 and total >= ac)",
             "critical": "natural == 20"}},
    {"when": "hit", "roll": "weapon + damage_bonus", "slot": "damage", "into": "damage",
     "double_dice": "critical"},
    {"when": "not hit", "set": {"damage": "0"}},
    {"reduce": "damage", "type": "damage_type", "resist": "resist",
     "vulnerable": "vulnerable", "immune": "immune"},
    {"note": "{damage} {damage_type} damage", "value": "damage", "rule": "G11"},
]
GIVEN = ("attacker", "advantage", "disadvantage", "bonus", "ac", "weapon", "damage_bonus",
         "damage_type", "resist", "vulnerable", "immune")
STEPS = compile_steps(ATTACK, GIVEN, keep=("hit", "critical", "damage"))


def facts(**changes) -> Facts:
    base = dict(attacker="ann", advantage=False, disadvantage=False, bonus=5, ac=15,
                weapon=compile_expr("1d8").value({}), damage_bonus=3,
                damage_type="slashing", resist=(), vulnerable=(), immune=())
    return Facts({**base, **changes})


def hit_chance(**changes) -> Fraction:
    return distribution(exact(STEPS, facts(**changes)), lambda f: f["hit"])[True]


def test_an_attack_roll_hits_on_total_against_ac():
    assert hit_chance() == Fraction(11, 20)                      # G10: 10..20 of 20


def test_advantage_and_disadvantage_keep_the_higher_or_lower_of_two_d20():
    assert hit_chance(advantage=True) == 1 - Fraction(9, 20) ** 2 == Fraction(319, 400)
    assert hit_chance(disadvantage=True) == Fraction(11, 20) ** 2       # G12
    assert hit_chance(advantage=True, disadvantage=True) == Fraction(11, 20)   # cancel


def test_natural_one_always_misses_and_natural_twenty_always_hits():
    assert hit_chance(bonus=30, ac=10) == Fraction(19, 20)       # G10
    assert hit_chance(bonus=0, ac=30) == Fraction(1, 20)


def test_a_critical_hit_rolls_the_damage_dice_twice_and_the_number_once():
    final = exact(STEPS, facts())
    mean = sum(p * f["damage"] for f, p in final.items())
    # natural 10-19 hit for 1d8+3 (mean 15/2), natural 20 for 2d8+3 (mean 12): G11
    assert mean == Fraction(10, 20) * Fraction(15, 2) + Fraction(1, 20) * 12
    assert max(f["damage"] for f in final) == 19


@pytest.mark.parametrize("lists, after", [
    ({"resist": ("slashing",)}, 3),
    ({"vulnerable": ("slashing",)}, 14),
    ({"resist": ("slashing",), "vulnerable": ("slashing",)}, 6),   # halve, then double
    ({"immune": ("slashing",), "vulnerable": ("slashing",)}, 0),
    ({"resist": ("fire",)}, 7),
])
def test_resistance_vulnerability_and_immunity(lists, after):
    # G19; faces: attack 12 (a hit, no critical), damage 4 + 3 = 7
    tape = PlayTape(lambda slot, i, who: GivenFaces({"attack": [12], "damage": [4]}[slot]))
    played = play(STEPS, facts(**lists), tape)
    assert (played["hit"], played["damage"]) == (True, after)


def test_played_faces_with_advantage_keep_the_higher_and_notes_say_so():
    faces = {"attack": [7, 16], "damage": [2]}
    tape = PlayTape(lambda slot, i, who: GivenFaces(faces[slot]))
    played = play(STEPS, facts(advantage=True), tape)
    assert (played["natural"], played["total"], played["damage"]) == (16, 21, 5)
    assert tape.notes[0].label == "attack roll: [7, 16] keep highest = 16"
    assert tape.notes[-1].label == "5 slashing damage"


def test_a_quiet_roll_leaves_its_line_to_a_later_note():
    steps = compile_steps([{"roll": "d20", "slot": "block", "into": "face", "quiet": True},
                           {"note": "block: d20 {face}", "value": "face", "rule": "R3"}], ())
    tape = PlayTape(lambda slot, i, who: GivenFaces([13]))
    play(steps, Facts(), tape)
    assert [(note.label, note.value) for note in tape.notes] == [("block: d20 13", 13)]
    with pytest.raises(VocabError, match="true or false"):
        compile_steps([{"roll": "d20", "slot": "a", "into": "x", "quiet": "yes"}], ())


def test_a_natural_twenty_given_doubles_the_dice_a_player_then_enters():
    faces = {"attack": [20], "damage": [8, 1]}
    tape = PlayTape(lambda slot, i, who: GivenFaces(faces[slot]))
    played = play(STEPS, facts(), tape)
    assert (played["critical"], played["damage"]) == (True, 12)


def test_played_and_exact_agree_over_seeded_resolutions():
    rng = DiceRng(7)
    tape_for = lambda: PlayTape(lambda slot, i, who: RolledFaces(rng))   # noqa: E731
    runs = [play(STEPS, facts(advantage=True), tape_for())["damage"] for _ in range(2000)]
    exact_mean = sum(p * f["damage"] for f, p in exact(STEPS, facts(advantage=True)).items())
    assert abs(sum(runs) / len(runs) - float(exact_mean)) < 0.35


def test_exact_odds_drop_what_no_later_step_reads():
    final = exact(STEPS, facts())
    assert all(set(f) <= {"hit", "critical", "damage"} for f in final)
    assert len(final) <= 2 * 20            # merged: hit/miss by damage, not by face


@pytest.mark.parametrize("steps, where, says", [
    ([{"set": {"x": "y + 1"}}], "steps[0]", "reads 'y', which nothing before it gives"),
    ([{"roll": "d20", "slot": "a"}], "steps[0].into", "missing"),
    ([{"roll": "2d6", "slot": "a", "into": "x", "keep_higher": "true"}], "steps[0].roll",
     "one die"),
    ([{"set": {"x": "1"}, "note": "hi"}], "steps[0]", "exactly one of"),
    ([{"set": {"x": "1"}, "colour": "red"}], "steps[0].colour", "no such key"),
    ([{"set": {"x": "1d6"}}], "steps[0].set.x", "dice are rolled by a roll step"),
    ([{"set": {"X": "1"}}], "steps[0].set", "expected a name"),
    ([{"set": {"x": "max("}}], "steps[0].set.x", "ends too soon"),
    ([{"reduce": "x"}], "steps[0].type", "missing"),
    (["roll"], "steps[0]", "expected a step"),
])
def test_a_step_that_cannot_be_made_is_refused_naming_where(steps, where, says):
    with pytest.raises(VocabError) as caught:
        compile_steps(steps, ("given",))
    assert caught.value.where == where
    assert says in caught.value.message


def test_an_interrupt_point_asks_who_it_names_and_odds_read_the_declared_answer():
    from shaper_gm.engine.decisions import Decisions
    steps = compile_steps([
        {"roll": "d20", "slot": "attack", "into": "natural"},
        {"set": {"hit": "natural >= 10"}},
        {"when": "hit", "ask": "block", "who": "target", "into": "blocked",
         "prompt": "{target} may block"},
        {"set": {"hit": "hit and not blocked"}},
    ], ("target",), keep=("hit", "blocked"))
    start = Facts({"target": "bo"})
    assert distribution(exact(steps, start), lambda f: f["hit"])[True] == Fraction(11, 20)
    blocking = Decisions(declared=[("bo", "block")])
    assert distribution(exact(steps, start, blocking), lambda f: f["hit"]) == {False: 1}
    tape = PlayTape(lambda slot, i, who: GivenFaces([4]))
    played = play(steps, start, tape)
    assert (played["hit"], played["blocked"]) == (False, False)      # not offered: a miss
    assert tape.decisions.made == []


# -- an ask with several answers, and a bounded repeat (the reactions rulings R2, R3) --

REACTING = [
    {"set": {"left": "reactions", "done": "false", "blocked": "false", "dodged": "false"}},
    {"repeat": {"at_most": 3, "while": "not done", "steps": [
        {"ask": {"block": "left >= 1", "dodge": "left >= 2"}, "who": "target",
         "into": "answer", "prompt": "{target} may react ({left} left)", "rule": "R2"},
        {"when": "answer == 'block'", "roll": "d20", "slot": "block", "into": "face"},
        {"when": "answer == 'dodge'", "roll": "d20", "slot": "dodge", "into": "face"},
        {"when": "answer != 'none'",
         "set": {"blocked": "answer == 'block' and face >= 12",
                 "dodged": "answer == 'dodge' and face >= 15",
                 "left": "left - if(answer == 'dodge', 2, 1)"}},
        {"set": {"done": "answer == 'none' or blocked or dodged"}},
    ]}},
]
REACTS = compile_steps(REACTING, ("target", "reactions"), keep=("blocked", "dodged", "left"))


def reacting(reactions: int = 3) -> Facts:
    return Facts({"target": "bo", "reactions": reactions})


def react_odds(*answers: str, reactions: int = 3) -> dict:
    from shaper_gm.engine.decisions import Decisions
    declared = Decisions(declared=[("bo", answer) for answer in answers])
    return exact(REACTS, reacting(reactions), declared)


def react_play(faces: dict, *answers: str, reactions: int = 3) -> tuple[Facts, PlayTape]:
    from shaper_gm.engine.decisions import Decisions
    tape = PlayTape(lambda slot, i, who: GivenFaces([faces[slot][i]]),
                    Decisions(declared=[("bo", answer) for answer in answers]))
    return play(REACTS, reacting(reactions), tape), tape


def test_a_repeat_tries_again_on_the_same_slot_until_a_try_succeeds():
    # --react bo=block --react bo=block --block 4,13: 4 < 12 fails, 13 >= 12 succeeds
    played, tape = react_play({"block": [4, 13]}, "block", "block")
    assert (played["blocked"], played["left"]) == (True, 1)
    assert tape.decisions.made == [("bo", "block"), ("bo", "block")]
    assert [roll.total for _, roll in tape.rolls] == [4, 13]


def test_a_repeat_stops_when_its_while_fails_and_never_runs_past_at_most():
    played, tape = react_play({"block": [4]}, "block", "none")      # stops reacting
    assert (played["blocked"], played["left"]) == (False, 2)
    assert tape.decisions.made == [("bo", "block"), ("bo", "none")]
    played, tape = react_play({"block": [1, 2, 3]}, "block", "block", "block")
    assert (played["blocked"], played["left"]) == (False, 0)        # 3 rounds at most
    assert len(tape.decisions.made) == 3


def test_odds_of_repeated_tries_are_the_declared_tries_exactly():
    blocked = distribution(react_odds("block", "block"), lambda f: f["blocked"])
    # R3: a block succeeds on 12-20 of a d20 (9/20); two tries fail both 11/20 * 11/20
    assert blocked[True] == 1 - Fraction(11, 20) ** 2 == Fraction(279, 400)
    dodged = distribution(react_odds("dodge"), lambda f: f["dodged"])
    assert dodged[True] == Fraction(6, 20)                          # 15-20 of 20
    assert distribution(react_odds(), lambda f: f["blocked"]) == {False: 1}


def test_play_and_odds_agree_face_by_face_over_two_tries():
    won = sum(react_play({"block": [a, b]}, "block", "block")[0]["blocked"]
              for a in range(1, 21) for b in range(1, 21))
    assert Fraction(won, 400) == distribution(react_odds("block", "block"),
                                              lambda f: f["blocked"])[True]


def test_each_answer_is_offered_only_while_its_when_holds():
    from shaper_gm.engine.errors import RuleViolation
    with pytest.raises(RuleViolation, match="'dodge' is not an answer bo can give here"):
        react_play({"dodge": [20]}, "dodge", reactions=1)     # R2: a dodge costs 2
    played, tape = react_play({}, reactions=0)
    assert played["answer"] == "none" and tape.decisions.made == []    # nobody asked
    played, tape = react_play({"dodge": [3], "block": [2]}, "dodge", "block")
    assert (played["dodged"], played["blocked"], played["left"]) == (False, False, 0)
    assert tape.decisions.made == [("bo", "dodge"), ("bo", "block")]   # then 0: not asked


@pytest.mark.parametrize("steps, where, says", [
    ([{"repeat": {"while": "true", "steps": [{"set": {"x": "1"}}]}}],
     "steps[0].repeat.at_most", "missing"),
    ([{"repeat": {"at_most": 0, "while": "true", "steps": [{"set": {"x": "1"}}]}}],
     "steps[0].repeat.at_most", "from 1 to 12"),
    ([{"repeat": {"at_most": 13, "while": "true", "steps": [{"set": {"x": "1"}}]}}],
     "steps[0].repeat.at_most", "never loops"),
    ([{"repeat": {"at_most": "given", "while": "true", "steps": [{"set": {"x": "1"}}]}}],
     "steps[0].repeat.at_most", "whole number"),
    ([{"repeat": {"at_most": 2, "steps": [{"set": {"x": "1"}}]}}],
     "steps[0].repeat.while", "missing"),
    ([{"repeat": {"at_most": 2, "while": "true", "steps": []}}],
     "steps[0].repeat.steps", "at least one step"),
    ([{"repeat": {"at_most": 2, "while": "true", "until": "x", "steps": []}}],
     "steps[0].repeat.until", "no such key"),
    ([{"repeat": {"at_most": 2, "while": "x", "steps": [{"set": {"x": "1"}}]}}],
     "steps[0]", "reads 'x'"),
    ([{"repeat": {"at_most": 2, "while": "true", "steps": [
        {"repeat": {"at_most": 2, "while": "true", "steps": [{"set": {"x": "1"}}]}}]}}],
     "steps[0].repeat.steps[0].repeat", "holds no repeat"),
    ([{"repeat": {"at_most": 2, "while": "true", "steps": [{"set": {"x": "y"}}]}}],
     "steps[0].repeat.steps[0]", "reads 'y'"),
    ([{"ask": [], "who": "given", "into": "a"}], "steps[0].ask", "at least one answer"),
    ([{"ask": ["block", "none"], "who": "given", "into": "a"}], "steps[0].ask", "'none'"),
    ([{"ask": ["block", "block"], "who": "given", "into": "a"}], "steps[0].ask", "once"),
    ([{"ask": {"block": "left >"}, "who": "given", "into": "a"}], "steps[0].ask.block",
     "ends too soon"),
    ([{"ask": {"block": {"when": "true", "why": "x"}}, "who": "given", "into": "a"}],
     "steps[0].ask.block.why", "no such key"),
    ([{"ask": {"block": {"refuse": 3}}, "who": "given", "into": "a"}],
     "steps[0].ask.block.refuse", "refuse's words"),
    ([{"ask": {"block": {"hint": ["x"]}}, "who": "given", "into": "a"}],
     "steps[0].ask.block.hint", "hint's words"),
    ([{"ask": ["block"], "unknown": "no", "who": "given", "into": "a"}],
     "steps[0].unknown", "expected {refuse: TEXT, hint: TEXT}"),
    ([{"ask": ["block"], "unknown": {"when": "true", "refuse": "x"}, "who": "given",
       "into": "a"}], "steps[0].unknown", "expected {refuse: TEXT, hint: TEXT}"),
    ([{"ask": {"block": {"requires": []}}, "who": "given", "into": "a"}],
     "steps[0].ask.block.requires", "a list of {when, refuse, hint}"),
    ([{"ask": {"block": {"requires": [{"refuse": "x"}]}}, "who": "given", "into": "a"}],
     "steps[0].ask.block.requires", "a list of {when, refuse, hint}"),
    ([{"ask": {"block": {"requires": [{"when": "true"}], "when": "true"}}, "who": "given",
       "into": "a"}], "steps[0].ask.block.requires", "alone in the answer"),
    ([{"ask": {"block": {"requires": [{"when": "true", "refuse": 3}]}}, "who": "given",
       "into": "a"}], "steps[0].ask.block.requires[0].refuse", "refuse's words"),
])
def test_a_repeat_or_ask_that_cannot_work_is_refused_naming_where(steps, where, says):
    with pytest.raises(VocabError) as caught:
        compile_steps(steps, ("given",))
    assert caught.value.where == where
    assert says in caught.value.message


def test_a_single_answer_ask_still_gives_a_truth_and_a_list_gives_the_answer():
    from shaper_gm.engine.decisions import Decisions
    for ask, into in (("parry", True), (["parry", "duck"], "parry")):
        steps = compile_steps([{"ask": ask, "who": "target", "into": "said"}], ("target",))
        tape = PlayTape(lambda slot, i, who: GivenFaces([1]),
                        Decisions(declared=[("bo", "parry")]))
        assert play(steps, Facts({"target": "bo"}), tape)["said"] == into


def test_an_answer_not_offered_is_refused_in_the_words_it_declares_in_play_and_odds():
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.errors import RuleViolation
    steps = compile_steps([{"ask": {"parry": {"when": "armed", "refuse": "{target} is unarmed",
                                              "hint": "duck"},
                                    "duck": True}, "who": "target", "into": "said"}],
                          ("target", "armed"))
    start = Facts({"target": "bo", "armed": False})
    parrying = [("bo", "parry")]
    with pytest.raises(RuleViolation, match="^bo is unarmed$") as caught:
        play(steps, start, PlayTape(lambda slot, i, who: GivenFaces([1]),
                                    Decisions(declared=parrying)))
    assert caught.value.hint == "duck"
    with pytest.raises(RuleViolation, match="^bo is unarmed$"):
        exact(steps, start, Decisions(declared=parrying))
    armed = play(steps, start.with_values(armed=True),
                 PlayTape(lambda slot, i, who: GivenFaces([1]), Decisions(declared=parrying)))
    assert armed["said"] == "parry"


def test_a_repeats_rolls_count_as_a_repeated_slot():
    from shaper_gm.engine.declaring import _slots
    assert dict(_slots(REACTING, 1)) == {"block": True, "dodge": True}


@given(at_most=st.integers(1, 4), limit=st.integers(1, 14),
       faces=st.lists(st.integers(1, 6), min_size=4, max_size=4))
@settings(max_examples=60, deadline=None)
def test_a_repeat_plays_as_a_loop_bounded_by_at_most(at_most, limit, faces):
    """Rolls d6s into a total while it is under `limit`, at most `at_most` times: played
    as that loop plays, and its exact odds are the loop's over every face."""
    from itertools import product
    steps = compile_steps([
        {"set": {"total": "0", "rolls": "0"}},
        {"repeat": {"at_most": at_most, "while": "total < limit", "steps": [
            {"roll": "d6", "slot": "die", "into": "face"},
            {"set": {"total": "total + face", "rolls": "rolls + 1"}}]}},
    ], ("limit",), keep=("total", "rolls"))

    def loop(faces):
        total = rolls = 0
        while rolls < at_most and total < limit:
            total, rolls = total + faces[rolls], rolls + 1
        return total, rolls
    tape = PlayTape(lambda slot, i, who: GivenFaces([faces[i]]))
    played = play(steps, Facts({"limit": limit}), tape)
    assert (played["total"], played["rolls"]) == loop(faces)
    assert len(tape.rolls) == loop(faces)[1]
    expected: dict = {}
    for each in product(range(1, 7), repeat=at_most):
        expected[loop(each)] = expected.get(loop(each), 0) + Fraction(1, 6 ** at_most)
    odds = distribution(exact(steps, Facts({"limit": limit})),
                        lambda f: (f["total"], f["rolls"]))
    assert odds == expected


PAYING = [{"ask": {"block": {"requires": [
    {"when": "blockable", "refuse": "{target} cannot block this", "hint": "dodge"},
    {"when": "left >= 1", "refuse": "{target} has {left} left", "hint": "pay less"}]},
    "dodge": {"when": "left >= 2", "refuse": "{target} has {left}, a dodge costs 2"}},
    "who": "target", "into": "said"}]


@pytest.mark.parametrize("blockable, left, says", [
    (False, 3, "bo cannot block this"), (True, 0, "bo has 0 left"),
    (False, 0, "bo cannot block this"),          # the first test that fails words it
])
def test_an_answer_requiring_several_things_is_refused_in_the_words_of_the_first_missing(
        blockable, left, says):
    """Asked or not (with no answer offered at all, nobody is asked, but a declared
    answer is still refused in its words, in play and in odds alike)."""
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.errors import RuleViolation
    steps = compile_steps(PAYING, ("target", "blockable", "left"))
    start = Facts({"target": "bo", "blockable": blockable, "left": left})
    with pytest.raises(RuleViolation, match=f"^{says}$"):
        play(steps, start, PlayTape(lambda slot, i, who: GivenFaces([1]),
                                    Decisions(declared=[("bo", "block")])))
    with pytest.raises(RuleViolation, match=f"^{says}$"):
        exact(steps, start, Decisions(declared=[("bo", "block")]))
    nobody = PlayTape(lambda slot, i, who: GivenFaces([1]))
    assert play(steps, start, nobody)["said"] == "none"
    assert nobody.decisions.made == ([] if left < 2 else [("bo", "none")])   # none offered


def test_an_ask_its_steps_when_skips_takes_no_answer_and_refuses_none():
    """A step's own `when` closed: nobody is asked and a declared answer waits for an
    ask that is (d20's parry, asked only when it would matter)."""
    from shaper_gm.engine.decisions import Decisions
    steps = compile_steps([{**PAYING[0], "when": "left > 5"}], ("target", "blockable", "left"))
    tape = PlayTape(lambda slot, i, who: GivenFaces([1]), Decisions(declared=[("bo", "block")]))
    assert play(steps, Facts({"target": "bo", "blockable": True, "left": 0}), tape)["said"] \
        == "none"


def test_an_answer_the_ask_never_has_is_refused_in_its_unknown_words():
    """`unknown`: a declared answer that is none of the ask's, with `{answer}` the one
    given; an answer it has but does not offer keeps its own words."""
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.errors import RuleViolation
    steps = compile_steps([{**PAYING[0], "unknown": {"refuse": "{target}: no {answer} here",
                                                     "hint": "block or dodge"}}],
                          ("target", "blockable", "left"))
    start = Facts({"target": "bo", "blockable": True, "left": 3})
    for run in (lambda d: play(steps, start, PlayTape(lambda *_: GivenFaces([1]), d)),
                lambda d: exact(steps, start, d)):
        with pytest.raises(RuleViolation, match="^bo: no parry here$") as caught:
            run(Decisions(declared=[("bo", "parry")]))
        assert caught.value.hint == "block or dodge"
    with pytest.raises(RuleViolation, match="^bo has 0 left$"):
        play(steps, start.with_values(left=0),
             PlayTape(lambda *_: GivenFaces([1]), Decisions(declared=[("bo", "block")])))

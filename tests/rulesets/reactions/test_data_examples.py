"""The reactions rulings written as data (tests/fixtures/rulesets/reactions-data): the
source's examples A-D played through commands with the numbers R6 demands, the dodge
of R4, the shield of R7 and R12, and the odds of R2-R5 worked out by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.errors import GmError
from tests.replaying import replayed

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets"
DUEL = ("add ann --as duellist --side party --at B2 --name Ann",
        "add bo --as duellist --at C2 --name Bo", "init ann bo", "start")


@pytest.fixture
def data_session(monkeypatch):
    from shaper_gm.app import new_session
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))

    def start(*lines: str, setup=DUEL):
        s = new_session(ruleset="reactions-data", seed=1)
        for line in (*setup, *lines):
            s.execute(line)
        return s
    return start


def breakdown(result) -> list[tuple[str, str]]:
    """The played attack's breakdown: each line and its ruling."""
    from shaper_gm.engine.events import Played
    played = next(e for e in result.events if isinstance(e, Played))
    return [(note.label, note.rule) for note in played.outcome.notes]


def test_a_two_failed_physical_blocks_then_a_critical_deal_28(data_session):
    s = data_session()
    result = s.execute("attack bo --with duelling-sword --react bo=block --react bo=block "
                       "--block 5 --block 11 --crit 16")
    assert breakdown(result) == [                  # the Python ruleset's lines, in order
        ("Duelling sword: range 1 m, defender 1 m away", "R1"),
        ("physical attack, power", "R1"),
        ("block 1 (1 reaction): d20 5 vs 12, failure", "R3"),
        ("block 2 (1 reaction): d20 11 vs 12, failure", "R3"),
        ("critical roll: d20 16 vs 16, success", "R5"),
        ("power 24 + critical bonus 10", "R5"),
        ("- physical armor 6", "R6"), ("damage", "R6"), ("health 60 - 28", "R8")]
    bo = s.state.actors["bo"]
    assert (bo.hp, bo.resource("reactions")) == (60 - 28, 0)     # R6: 24 + 10 - 6
    assert s.state.actors["ann"].resource("action") == 0
    assert replayed(s).state == s.state


def test_b_a_dodge_with_two_reactions_avoids_everything_and_leaves_the_tile(data_session):
    s = data_session(setup=("add ann --as duellist --side party --at B2 --name Ann",
                            "add bo --as duellist --at F2 --name Bo", "init ann bo",
                            "start"))
    s.execute("attack bo --with hex-pistol --react bo=dodge --dodge 15 --to f3")  # 4 m
    bo = s.state.actors["bo"]
    assert (bo.hp, bo.zone, bo.resource("reactions")) == (60, "F3", 0)
    assert "--crit" not in s.log[-1]                          # the steps stop (R4)
    assert s.log[-1] == "attack ann bo --with hex-pistol --react bo=dodge --dodge 15 --to F3"
    assert replayed(s).state == s.state


def test_b_without_a_tile_the_dodge_goes_farthest_from_the_attacker(data_session):
    s = data_session("attack bo --react bo=dodge --dodge 18")
    # R4: within 1 of C2, the free tiles farthest (2) from Ann on B2: D1, D2, D3;
    # reading order takes D1
    assert (s.state.actors["bo"].zone, s.state.actors["bo"].hp) == ("D1", 60)
    assert s.log[-1].endswith("--dodge 18 --to D1")           # the log names it
    assert replayed(s).state == s.state


def test_c_one_successful_magical_block_and_no_critical_deal_10(data_session):
    s = data_session("attack bo --with spellblade --react bo=block --block 12 --crit 15")
    assert s.state.actors["bo"].hp == 50                      # R6: 24 - 6 - 8
    assert s.state.actors["bo"].resource("reactions") == 1
    assert replayed(s).state == s.state


def test_d_the_second_of_two_physical_blocks_succeeds_and_a_critical_deals_20(data_session):
    s = data_session("attack bo --react bo=block --react bo=block --block 3 --block 17 "
                     "--crit 20")
    assert s.state.actors["bo"].hp == 40                      # R6: 24 + 10 - 6 - 8
    assert s.state.actors["bo"].resource("reactions") == 0
    assert replayed(s).state == s.state


def test_c_with_a_second_block_declared_it_is_never_tried_nor_paid(data_session):
    """R2: the defender tries until one succeeds; the log keeps what happened."""
    s = data_session()
    result = s.execute("attack bo --with spellblade --react bo=block --react bo=block "
                       "--block 12 --block 4 --crit 15")
    assert s.state.actors["bo"].hp == 50 and s.state.actors["bo"].resource("reactions") == 1
    assert s.log[-1] == ("attack ann bo --with spellblade --react bo=block --block 12 "
                         "--crit 15")
    assert ("1 more declared reaction not needed: the block succeeded", "R2") in \
        breakdown(result)
    assert ("--block: 1 face left unused: never rolled", "R2") in breakdown(result)
    assert replayed(s).state == s.state


def test_a_dodged_attack_leaves_its_critical_face_out_of_the_log(data_session):
    s = data_session("attack bo --react bo=dodge --dodge 18 --crit 5 --to D2")
    assert s.log[-1] == "attack ann bo --react bo=dodge --dodge 18 --to D2"    # R4, R5


def test_faces_for_tries_nobody_made_are_refused_while_none_succeeded(data_session):
    s = data_session()
    with pytest.raises(GmError, match="--block given twice"):
        s.execute("attack bo --react bo=block --block 5 --block 6 --crit 3")


def test_a_true_attack_cannot_be_blocked_but_a_shield_soaks_it(data_session):
    s = data_session(setup=("add bo --as knight --at C2 --name Bo",
                            "add ann --as wraith --side party --at B2 --name Ann",
                            "init bo ann", "start"))
    s.execute("shield")                                       # the tower shield: 20
    s.execute("end")
    assert s.state.actors["bo"].resource("shield") == 20
    with pytest.raises(GmError, match=r"a true attack cannot be blocked, only dodged \(R2\)"):
        s.execute("attack bo --type true --react bo=block --block 20")
    # R6: true damage 8 + 0 ignores armor; R7: the shield soaks all of it
    s.execute("attack bo --type true --crit 3")
    bo = s.state.actors["bo"]
    assert (bo.hp, bo.resource("shield")) == (50, 12)
    s.execute("end")                                          # R12: gone at its turn
    assert s.state.actors["bo"].resource("shield") == 0


def test_a_dodge_it_cannot_pay_for_is_refused_in_the_rulings_words(data_session):
    s = data_session("set bo reactions=1")
    with pytest.raises(GmError, match=r"Bo's dodge 1 needs 2 reactions; it has 1 left "
                                      r"\(R2, R11\)") as caught:
        s.execute("attack bo --react bo=dodge --react bo=block")
    assert "a block costs 1, a dodge 2" in caught.value.hint
    with pytest.raises(GmError, match=r"Bo's dodge 1 needs 2 reactions"):
        s.execute("odds bo --react bo=dodge")                # odds refuse it alike


@pytest.mark.parametrize("line, says", [                  # the Python ruleset's words
    ("attack bo --type fire", r"'fire' is no attack type \(R1\)"),
    ("attack bo --power -2", r"power -2 is negative \(R1\)"),
    ("attack bo --react bo=dodge --to B2", r"B2 is taken \(R4\)"),
    ("attack bo --react bo=dodge --to E4", r"more than 1 tile from Bo \(R4\)"),
    ("move C2", r"C2 is taken \(R10\)"),
    ("move H2", r"H2 is 6 m away; Ann moves up to 5 m \(R10\)"),
    ("move B2", r"already on B2"),
    ("shield", r"^Ann has no shield to raise \(R12\)"),    # shield: null on its sheet
])
def test_a_refusal_is_one_line_and_changes_nothing(data_session, line, says):
    s = data_session()
    before, log = s.state, list(s.log)
    with pytest.raises(GmError, match=says) as caught:
        s.execute(line)
    assert "\n" not in str(caught.value)
    assert (s.state, s.log) == (before, log)


def test_a_true_weapon_cannot_be_blocked_and_the_shield_soaks_first(data_session):
    s = data_session(setup=("add bo --as knight --at C2 --name Bo",
                            "add ann --as wraith --side party --at B2 --name Ann",
                            "init bo ann", "start", "shield", "end"))
    before = s.state
    with pytest.raises(GmError, match=r"a true attack cannot be blocked, only dodged \(R2\)"):
        s.execute("attack bo --react bo=block")              # the soul touch is true
    assert s.state == before
    s.execute("attack bo --power 24 --crit 1")
    bo = s.state.actors["bo"]
    assert (bo.resource("shield"), bo.hp) == (0, 50 - 4)     # R7: 24: 20 soaked, 4 to health


def test_reactions_refill_at_the_start_of_the_defenders_own_turn(data_session):
    s = data_session("attack bo --react bo=dodge --dodge 2 --crit 1", "end")
    assert s.state.actors["bo"].resource("reactions") == 2      # R11


def test_a_pass_keeps_the_reactions_left(data_session):
    s = data_session("end")                                   # Bo's turn
    result = s.execute("pass")
    from shaper_gm.engine.events import Passed
    passed = next(e for e in result.events if isinstance(e, Passed))
    assert "reactions" not in dict(passed.given_up)           # R11: kept for Ann's turn
    s.execute("attack bo --react bo=dodge --dodge 2 --crit 1")
    assert s.state.actors["bo"].resource("reactions") == 0    # and spent there


def test_odds_of_two_declared_blocks_and_a_critical(data_session):
    s = data_session()
    odds = json.loads(s.execute("odds bo --react bo=block --react bo=block --json")
                      .view.text)["targets"][0]
    # R3: a block succeeds on 12-20 (9/20); two tries both fail 11/20 * 11/20
    assert Fraction(odds["blocked"]["exact"]) == 1 - Fraction(121, 400)
    assert Fraction(odds["critical"]["exact"]) == Fraction(5, 20)   # 16-20
    # R6: 24 - 6 (- 8 blocked) (+ 10 critical)
    blocked = Fraction(279, 400)
    mean = (blocked * 10 + (1 - blocked) * 18) + Fraction(5, 20) * 10
    assert Fraction(odds["damage"]["mean_exact"]) == mean


@pytest.mark.parametrize("setup, line, declared, shield, true", [
    ((), "odds bo", (), 0, False),
    ((), "odds bo --with spellblade --react bo=block", ("block",), 0, False),
    ((), "odds ann bo --react bo=block --react bo=block", ("block", "block"), 0, False),
    ((), "odds bo --with hex-pistol --react bo=dodge", ("dodge",), 0, False),
    (("set bo shield=10",), "odds bo --react bo=block --react bo=dodge",
     ("block", "dodge"), 10, False),
    (("set bo shield=12",), "odds bo --type true --react bo=dodge", ("dodge",), 12, True),
])
def test_odds_match_brute_force_over_every_face(data_session, setup, line, declared, shield,
                                                true):
    """The Python ruleset's odds test (test_commands_odds.py) over the data ruleset:
    every chance and spread against brute force over every d20 face (R2-R8)."""
    from tests.oddsread import chance, mean, values
    from tests.rulesets.reactions.test_odds import DUELLIST, brute_force
    reactions = sum(2 if r == "dodge" else 1 for r in declared)
    s = data_session(*setup, setup=("add ann --as duellist --side party --at B2",
                                    f"add bo --as duellist --at C2 --stat reactions={reactions}",
                                    "init ann bo", "start"))
    log = list(s.log)
    result = s.execute(line + " --json")
    data = json.loads(result.view.text)["targets"][0]
    totals, damage, lost = brute_force(declared, **DUELLIST, shield=shield, true=true)
    assert [chance(data[k]) for k in ("dodged", "blocked", "critical")] == [
        totals["dodged"], totals["blocked"], totals["critical"]]
    assert chance(data["hit"]) == 1 - totals["dodged"]
    assert values(data["damage"]) == damage
    assert values(data["health_lost"]) == lost
    assert mean(data["damage"]) == sum(k * p for k, p in damage.items())
    assert data["target"] == "bo" and s.log == log and result.line is None


def test_the_python_rulesets_demo_save_replays_and_plays_on_the_data_ruleset(
        data_session, tmp_path):
    """Step one of opening old saves: the demo save the Python ruleset wrote, its
    ruleset renamed, opens with every sheet as saved and replays to the same state."""
    from shaper_gm.commands.session import Session
    from shaper_gm.persist.replay import replay_save
    from shaper_gm.persist.saves import read_save
    demo = (Path(__file__).resolve().parents[3] / "saves" / "reactions-demo.yaml").read_text()
    path = tmp_path / "demo.yaml"
    path.write_text(demo.replace("ruleset: reactions\n", "ruleset: reactions-data\n")
                    .replace("--ruleset reactions ", "--ruleset reactions-data "))
    assert replay_save(path).ok
    s = Session()
    s.run_lines(list(read_save(path).log))
    s.execute("attack cy bo --with firebolt --react bo=block --block 20 --crit 1")
    assert s.state.actors["bo"].hp == 60 - (16 - 6 - 8)       # R6: magical armor, block


@pytest.mark.parametrize("line, says, hint", [
    ("attack ann", "Ann cannot attack itself (R1)", "name a foe"),
    ("attack bo --with laser", "no weapon or spell 'laser' (R1)", "--with WEAPON"),
    ("attack bo --with war-axe", "Ann has no War axe (R1)", "--with WEAPON"),   # a knight's
    ("shield", "Ann has no shield to raise (R12)", "take another action"),
    ("attack bo --react bo=parry", "--react bo=parry: no such reaction (R2)", "bo=dodge"),
    ("odds bo --react bo=parry", "--react bo=parry: no such reaction (R2)", "bo=dodge"),
])
def test_the_shared_checks_refuse_in_the_rulesets_words(data_session, line, says, hint):
    """`refusals:` words the engine's own checks (itself, an item lacked, unknown, none)
    with the ruling they apply, as the Python ruleset worded them; nothing changes."""
    s = data_session()
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as err:
        s.execute(line)
    assert err.value.message == says and hint in err.value.hint
    assert s.state is state and s.log == log



@pytest.mark.parametrize("line, says", [          # the Python ruleset's words (R2, R11)
    ("attack bo --react bo=dodge --react bo=block --dodge 18",   # a dodge that succeeds
     "Bo's block 2 needs 1 reaction; it has 0 left (R2, R11)"),
    ("attack bo --react bo=dodge --react bo=block --dodge 3",    # or fails
     "Bo's block 2 needs 1 reaction; it has 0 left (R2, R11)"),
    ("attack bo --react bo=block --react bo=block --react bo=block --block 13",
     "Bo's block 3 needs 1 reaction; it has 0 left (R2, R11)"),
    ("odds bo --react bo=dodge --react bo=dodge",
     "Bo's dodge 2 needs 2 reactions; it has 0 left (R2, R11)"),
])
def test_reactions_it_cannot_pay_for_all_are_refused_before_anything_is_rolled(
        data_session, line, says):
    """R2: the reactions are declared before anything is rolled; all of them must be
    paid for as if every try failed, whether or not one succeeds (a success only
    leaves the rest unneeded)."""
    s = data_session()
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as err:
        s.execute(line)
    assert err.value.message == says
    assert s.state is state and s.log == log


@settings(max_examples=30, deadline=None)
@given(answers=st.lists(st.sampled_from(["block", "dodge"]), min_size=1, max_size=4),
       seed=st.integers(0, 2**16))
def test_declared_reactions_are_played_exactly_when_all_could_be_paid(answers, seed):
    """R2, R11: a duellist has 2 reactions; a block costs 1, a dodge 2. Whatever the dice
    (any seed), the attack is refused exactly when the declared reactions cost more
    than 2 in all, and a refusal changes nothing."""
    from unittest import mock

    from shaper_gm.app import new_session
    with mock.patch.dict("os.environ", {"SHAPER_GM_RULESETS": str(FOLDER)}):
        s = new_session(ruleset="reactions-data", seed=seed)
        for line in DUEL:
            s.execute(line)
    state = s.state
    line = "attack bo " + " ".join(f"--react bo={answer}" for answer in answers)
    cost = sum(2 if answer == "dodge" else 1 for answer in answers)
    if cost > 2:
        with pytest.raises(GmError, match=r"needs \d reactions?; it has \d left \(R2, R11\)"):
            s.execute(line)
        assert s.state is state
    else:
        s.execute(line)
        assert s.state.actors["bo"].resource("reactions") >= 0


def test_odds_list_the_declared_reactions_and_the_numbers_they_assume(data_session):
    """`odds:` `answers` and `assumes`: the JSON's `reactions` (the Python ruleset's
    key) and the view's assumptions, each with its ruling. A duellist blocks on 12+ of
    a d20: 9 faces of 20 (R3); Ann's critical 16+: 5 of 20, bonus 10 (R5)."""
    s = data_session()
    log = list(s.log)
    view = s.execute("odds bo --react bo=block --react bo=block").view
    assert "block 12+ (9/20 each, 1 reaction) (R2, R3)" in view.assumed
    assert "critical 16+ on a d20 (1/4), bonus 10 (R3, R5)" in view.assumed
    assert "physical armor 6, block bonus 8 (R6)" in view.assumed
    data = json.loads(s.execute("odds bo --react bo=block --react bo=block --json").view.text)
    assert data["reactions"] == ["block", "block"]
    assert json.loads(s.execute("odds bo --json").view.text)["reactions"] == []
    assert s.log == log


@pytest.mark.parametrize("line, says", [           # ruleset.yaml `ranges`, R3, R8, R10
    ("add cy --stat block=0", r"^--stat block=0 is out of range: .*1 .* 21 \(R3: a d20 target"),
    ("add cy --stat critical=22", r"critical=22 is out of range: .*1 .* 21 \(R3"),
    ("add cy --stat speed=-1", r"^--stat speed=-1 is out of range: .* at least 0 .*\(R10\)"),
    ("add cy --hp 0", r"^--hp 0 is out of range: .* at least 1 .*\(R8\)"),
])
def test_add_refuses_sheet_numbers_outside_their_declared_ranges(data_session, line, says):
    s = data_session(setup=())
    log = list(s.log)
    with pytest.raises(GmError, match=says):
        s.execute(line)
    assert s.state.actors == {} and s.log == log


def test_add_hp_sets_the_number_hit_points_read(data_session):
    """`hp: health`: `--hp 5` gives health 5 (not a sheet key `hp` nothing reads)."""
    s = data_session("add cy --hp 5 --stat block=21", setup=())
    cy = s.state.actors["cy"]
    assert (cy.hp, cy.max_hp, cy.sheet["health"], cy.sheet["block"]) == (5, 5, 5, 21)

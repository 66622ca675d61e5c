"""T10: a defender's kind of defense roll is a standing choice: chosen once (asked in
the shell, or its best by default), kept for every later attack without asking again,
changed by `--defense KIND` or a `--react ID=KIND` answer; a save written before it was
kept reads it back from its log."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.persist import replay, saves
from tests.rulesets.timeslice.commands_kit import info, run, session, told
from tests.rulesets.timeslice.conftest import AttackRequest, attack
from tests.rulesets.timeslice.test_attack import duel

FACES = {"roll": [(0, 0)], "defend": [(0, 0)]}


def standing(fight, actor_id: str):
    return fight.info(actor_id).defense


def test_t10_asked_once_then_kept_without_asking(fight):
    duel(fight)
    asked = []

    def asker(ask):
        asked.append(ask.point)
        return "brace"

    assert fight.do(attack, AttackRequest("kara", "guard"), FACES, asker=asker).defense == \
        "brace"
    assert asked == ["defense"] and standing(fight, "guard") == "brace"
    out = fight.do(attack, AttackRequest("kara", "guard"), FACES, asker=asker)
    assert out.defense == "brace" and asked == ["defense"]          # not asked again


def test_t10_a_flag_or_an_answer_changes_the_standing_choice(fight):
    duel(fight)
    fight.do(attack, AttackRequest("kara", "guard", defense="dodge"), FACES)
    assert standing(fight, "guard") == "dodge"
    fight.do(attack, AttackRequest("kara", "guard"), FACES, declared=[("guard", "brace")])
    assert standing(fight, "guard") == "brace"
    assert fight.do(attack, AttackRequest("kara", "guard"), FACES).defense == "brace"


OLDER = Path(__file__).resolve().parents[2] / "fixtures" / \
    "timeslice-before-standing-defense.yaml"


def test_a_save_written_before_the_standing_choice_reads_it_back_from_its_log():
    """A save the Python version wrote before it kept the standing choice (version 3,
    its actors' records without `defense`; made by its `attack kara guard --defense
    dodge`, then `--defense brace`): the guard's reads back as brace from the log, kara
    has none, and the log replays to the saved state (the data version: older_saves'
    from_log)."""
    reopened = saves.read_save(OLDER)
    standing = [info(reopened, actor_id).defense for actor_id in ("guard", "kara")]
    assert standing == ["brace", None]
    assert replay.replay_save(OLDER).ok


def test_t10_the_standing_choice_is_kept_without_a_line_of_its_own():
    """The attack's own line names the defense rolled; keeping it as the defender's
    standing choice, or changing it, adds no outcome line (the mark is the rules' own)."""
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "init kara guard", "start")
    first = run(s, "attack guard --defense dodge --roll 1,1 --defend 1,1")
    again = run(s, "attack guard --defense brace --roll 1,1 --defend 1,1")
    assert info(s, "guard").defense == "brace"
    lines = told(s, first) + told(s, again)
    assert any("vs dodge" in line for line in lines) and any("vs brace" in line for line in lines)
    assert not [line for line in lines if "stands-" in line]

"""T10: a defender's kind of defense roll is a standing choice: chosen once (asked in
the shell, or its best by default), kept for every later attack without asking again,
changed by `--defense KIND` or a `--react ID=KIND` answer; a save written before it was
kept reads it back from its log."""

from __future__ import annotations

import yaml

from shaper_gm.commands import new_session
from shaper_gm.persist import replay, saves
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


def test_a_save_written_before_the_standing_choice_reads_it_back_from_its_log(tmp_path):
    session = new_session(ruleset="timeslice", seed=3)
    for line in ("add kara --as kara --at C3", "add guard --as guard --at C4",
                 "init kara guard", "start", "attack kara guard --defense dodge",
                 "attack kara guard --defense brace --roll 1,1"):
        session.execute(line)
    assert session.state.actors["guard"].system.defense == "brace"
    path = tmp_path / "new.yaml"
    saves.write_save(session, path)
    data = saves.read_data(path)
    for raw in data["actors"].values():                      # as an older version wrote it
        del raw["system"]["defense"]
    old = tmp_path / "old.yaml"
    old.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    reopened = saves.read_save(old)
    assert reopened.state.actors["guard"].system.defense == "brace"
    assert reopened.state.actors["kara"].system.defense is None
    assert replay.replay_save(old).ok

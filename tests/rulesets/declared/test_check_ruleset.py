"""`shaper-gm check-ruleset PATH`: a ruleset folder's every mistake in one line each, or
what it declares."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.app.check_ruleset import FAILED, OK, UNUSABLE, check_ruleset

DUEL = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets" / "duel"


def checked(path) -> tuple[int, list[str], list[str]]:
    out, err = [], []
    return check_ruleset(str(path), out.append, err.append), out, err


def test_a_good_folder_lists_its_resources_verbs_and_slots():
    code, out, err = checked(DUEL)
    assert (code, err) == (OK, [])
    assert out[0] == "Duel (duel): ok, rules U1-U4"
    assert "  strike [ACTOR] TARGET [--with WEAPON] [--roll FACES] [--damage FACES]" in out
    assert "    dice slots: --roll, --damage" in out
    assert "  step [ACTOR] TILE" in out
    assert out[-2:] == ["templates: ash, rook", "items: duellists 2"]


def test_every_mistake_is_listed_and_nothing_plays(tmp_path):
    folder = tmp_path / "duel"
    shutil.copytree(DUEL, folder)
    ruleset = folder / "ruleset.yaml"
    ruleset.write_text(ruleset.read_text().replace("grid: 8x8", "grid: 8x8\ncolour: red"))
    actions = folder / "actions.yaml"
    actions.write_text(actions.read_text().replace("total: rolled + skill",
                                                   "total: rolled + + skill")
                       .replace("cost: {steps: travel}", "cost: {steps: far}"))
    (folder / "duellists.yaml").write_text("ash: 3\n")
    code, out, err = checked(folder)
    assert code == FAILED and out == []
    assert any("ruleset.yaml" in line and "colour" in line and "unknown key" in line
               for line in err)
    assert any("actions.yaml" in line and "strike" in line and "steps[1].set.total" in line
               for line in err)
    assert any("actions.yaml" in line and "step" in line and "'far'" in line for line in err)
    assert any("duellists.yaml" in line and "ash" in line for line in err)
    assert err[-1] == "4 mistakes: nothing of duel was played"


def test_a_folder_that_is_no_ruleset_is_refused(tmp_path):
    assert checked(tmp_path / "nowhere")[0] == UNUSABLE
    code, _, err = checked(tmp_path)
    assert code == UNUSABLE and "no actions.yaml here" in err[0]


def test_an_answer_that_could_provoke_answers_without_end_is_refused(tmp_path):
    folder = tmp_path / "duel"
    shutil.copytree(DUEL, folder)
    actions = folder / "actions.yaml"
    loop = ("  provokes:\n    - {answer: follow, when: 'true', action: step}\n")
    actions.write_text(actions.read_text().replace("  to: cell\n", "  to: cell\n" + loop))
    code, _, err = checked(folder)
    assert code == FAILED
    assert "'step' provokes answers itself" in err[0]


def test_a_mistake_names_its_line(tmp_path):
    folder = tmp_path / "duel"
    shutil.copytree(DUEL, folder)
    actions = folder / "actions.yaml"
    text = actions.read_text()
    actions.write_text(text.replace("total: rolled + skill", "total: rolled + + skill"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "total: rolled" in row)
    code, _, err = checked(folder)
    assert code == FAILED
    assert f"duel/actions.yaml: line {line}: item 'strike': key 'steps[1].set.total': " \
        in err[0]



@pytest.mark.parametrize("ranges, says", [
    ("vigour: {min: 5, max: 2}", "key 'ranges.vigour': max 2 is below min 5"),
    ("skill: {least: 1}", "key 'ranges.skill': expected {min: N, max: N, rule: TEXT}"),
])
def test_a_range_that_cannot_hold_a_number_is_refused_naming_its_line(tmp_path, ranges, says):
    folder = tmp_path / "duel"
    shutil.copytree(DUEL, folder)
    ruleset = folder / "ruleset.yaml"
    ruleset.write_text(ruleset.read_text().replace("grid: 8x8",
                                                   f"grid: 8x8\nranges:\n  {ranges}"))
    code, _, err = checked(folder)
    assert code == FAILED
    assert "duel/ruleset.yaml: line 9: " + says in err[0]

"""`export` names the ruleset as its rules do, and its standings use the ruleset's own
columns and words: the dying, the unconscious and the dead are told apart (time-slice),
wounds and stress stand where other rulesets have hit points (dungeoneers)."""

from __future__ import annotations

import shutil
from pathlib import Path

from shaper_gm.app import equip
from shaper_gm.persist.saves import read_save

SAVES = Path(__file__).resolve().parents[2] / "saves"


def exported(tmp_path, ruleset: str, *lines: str) -> str:
    save = tmp_path / f"{ruleset}.yaml"
    shutil.copy(SAVES / f"{ruleset}-demo.yaml", save)
    session = equip(read_save(save))                 # with the file verbs
    for line in lines:
        session.execute(line)
    session.execute(f"export {tmp_path / 'recap.md'}")
    return (tmp_path / "recap.md").read_text(encoding="utf-8")


def standing(text: str, actor: str) -> list[str]:
    row = next(line for line in text.splitlines() if line.startswith(f"| {actor} "))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_time_slice_standings_say_dying_and_dead_and_the_header_names_the_rules(tmp_path):
    text = exported(tmp_path, "timeslice", "damage kara 30", "damage guard 30")
    assert text.startswith("# Fight recap: Time slices (Combat Basics)\n")
    head = standing(text, "Actor")
    kara, guard = standing(text, "Kara (kara)"), standing(text, "Guard (guard)")
    assert head[-1] == "Standing" and kara[-1] == "Dying" and guard[-1] == "Dead"
    assert kara[head.index("Condition")].startswith("dying")


def test_dungeoneers_standings_show_wounds_and_stress_not_hit_points(tmp_path):
    text = exported(tmp_path, "dungeoneers")
    head = standing(text, "Actor")
    assert "HP" not in head and {"Wounds", "Stress"} <= set(head)
    freya = standing(text, "Freya (freya)")
    assert (freya[head.index("Wounds")], freya[head.index("Stress")]) == ("0/12", "0/4")

"""Completion offers only what the acting actor has (issue 22): its own weapons and
abilities, in hand first, never the content's whole list; a carried weapon a strike
cannot use yet says why."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.persist.saves import read_save
from shaper_gm.shell.completion import complete

SAVES = Path(__file__).resolve().parents[2] / "saves"


def offered(save: str, line: str, items) -> list[tuple[str, str]]:
    session = read_save(SAVES / save)
    return [(c.text, c.meta) for c in complete(line, session) if c.text in items]


def test_dice_pool_offers_freyas_weapons_and_abilities_only():
    library = read_save(SAVES / "dicepool-demo.yaml").ruleset_for(
        read_save(SAVES / "dicepool-demo.yaml").state).library
    weapons, abilities = set(library.kind("weapons")), set(library.kind("abilities"))
    assert [t for t, _ in offered("dicepool-demo.yaml", "wield ", weapons)] == \
        ["dagger", "longsword"]
    assert [t for t, _ in offered("dicepool-demo.yaml", "attack barry --with ", weapons)] \
        == ["dagger", "longsword"]
    assert [t for t, _ in offered("dicepool-demo.yaml", "ability ", abilities)] == \
        ["heavy-blow", "rally"]


def test_dungeoneers_offers_the_weapon_in_hand_first_and_says_why_not_the_other():
    items = {"longsword", "dagger", "fist", "warhammer", "maul", "spear", "shortbow"}
    assert offered("dungeoneers-demo.yaml", "strike skeleton --with ", items) == [
        ("longsword", "Longsword · in hand"),
        ("dagger", "Dagger · not now: draw it first (interact, 1 AP)")]
    assert offered("dungeoneers-demo.yaml", "interact x --draw ", items) == [
        ("dagger", "Dagger")]
    assert offered("dungeoneers-demo.yaml", "interact x --stow ", items) == [
        ("longsword", "Longsword")]


def test_time_slices_offer_the_attackers_own_weapons_to_attack_with():
    assert [t for t, _ in offered("timeslice-demo.yaml", "attack ren --with ",
                                  {"rifle", "knife", "sword", "maul", "spear", "pistol"})] \
        == ["rifle", "knife"]

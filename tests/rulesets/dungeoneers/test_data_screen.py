"""What the screen shows of Dungeoneers written as data (content/dungeoneers/
screen.yaml): a strike's line, the order table's AP, wounds, stress and arca columns
and legend, `show ACTOR`'s rows, and what lies on the map."""

from __future__ import annotations

import io

from shaper_gm.app import new_session
from shaper_gm.render import Renderer, make_console

FIGHT = ("add suori --as suori --at B2", "add alberich --as alberich --at B3",
         "add skeleton --as skeleton --at C2", "add gob --as goblin --at E2", "start")


def shown(monkeypatch, *lines: str) -> str:
    """What the shell prints for the set-up and `lines`, 100 columns."""
    s = new_session(ruleset="dungeoneers", seed=1)
    file = io.StringIO()
    renderer = Renderer(make_console(file=file, width=100, color_system=None),
                        ruleset_for=s.ruleset_for)
    for line in (*FIGHT, *lines):
        renderer.show(s.execute(line), s.state)
    return file.getvalue()


def test_a_strike_reads_its_totals_and_wounds(monkeypatch):
    text = shown(monkeypatch, "strike suori skeleton --roll 4 --dodge 3 --pierce 3")
    assert "Suori strikes Skeleton with the Warhammer: 6 vs 4, hit; 4 wounds (B) (3 AP)" \
        in text
    assert "wounds: Warhammer 1 + body 2" in text and "D19" in text


def test_the_order_table_and_show_give_ap_stress_and_arca(monkeypatch):
    text = shown(monkeypatch, "strike suori skeleton --roll 4 --dodge 3 --pierce 3",
                 "order", "show alberich")
    assert "AP " in text and " ●●●○○○ 3 " in text                 # the AP column
    assert "body totals party " in text and "(D5)" in text         # the legend
    assert "AP: ● left, ○ spent" in text
    header = next(line for line in text.splitlines() if line.startswith("Name"))
    assert header.split() == ["Name", "Side", "AP", "Wounds", "Stress", "Arca", "Zone",
                              "Holding"]                         # no HP column (D19)
    assert " 0/3 " in text and " warhammer " in text              # stress of capacity, held
    flat = " ".join(text.split())
    for row in ("AP ●●●●●● 6 of 6 (D1, D2)", "Wounds 0/10 (down at the limit, D19)",
                "Defence armor value 3, critical threshold 5, threat range 1 (D16, D18)",
                "Stress 0/3 (capacity = endurance, D26)", "Arca 6/6 (2 x wisdom, D27)",
                "Proficiency dodging trained (d6), spellcraft expert (d8), the rest "
                "untrained (D12)", "Weapons Maul: 3 B, pierce d8",
                "Spells Firebolt: 3 AP, 1 arca"):
        assert row in flat
    assert " 4/8 " in text                                        # the Wounds column


def test_a_thrown_weapon_is_told_as_it_lands_and_under_the_map(monkeypatch):
    text = shown(monkeypatch, "pass suori", "pass alberich",
                 "strike gob suori --with spear --roll 1 --dodge 6", "map", "order")
    assert "Goblin's Spear lands on B2 (D16)" in text                 # its lay says:
    assert text.count("On the ground: Spear (B2)") == 2          # under the map, the order


def test_stress_and_arca_changes_are_told_in_their_own_verbs(monkeypatch):
    """A resource's `told:` verbs, its label and the change's reason (D26, D27, D28)."""
    text = shown(monkeypatch, "ambient 1", "pass suori",
                 "spellcast alberich firebolt skeleton --arca 1 --roll 5 --resist 1",
                 "sprint skeleton D2")
    flat = " ".join(text.split())
    for expected in ("Alberich casts Firebolt at Skeleton: 8 vs 1, hit, 1 critical hit; "
                     "6 wounds (3 AP)", "Ambient arca 1 → 0 (Firebolt, D28)",
                     "Alberich spends 1 arca (6 → 5, Firebolt, D27)",
                     "Skeleton sprints C2 → D2 (1 tile, ground, 1 AP)",
                     "Skeleton gains 1 stress (0 → 1, sprint, D26)"):
        assert expected in flat, expected

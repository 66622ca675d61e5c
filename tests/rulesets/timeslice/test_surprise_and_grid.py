"""T16 surprise rounds and T17 units: moves across the grid."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.grid import cell_name
from shaper_gm.errors import GmError

from .commands_kit import surprised, told
from .conftest import (
    ActRequest,
    Fight,
    MoveRequest,
    SurpriseRequest,
    act,
    move,
    ruleset_with,
    surprise,
)


def ambushed(result) -> SimpleNamespace:
    """A surprise's checks (T16): the facts of each check played (its side's [Q] totals,
    then each other's [U])."""
    from shaper_gm.engine.events import Played
    played = [e.outcome for e in result.events if isinstance(e, Played)]
    facts = [(o.actor, dict(o.results[-1].facts)) for o in played]
    notice = [(a, f["total"], bool(f["surprised"])) for a, f in facts if "mark" in f]
    return SimpleNamespace(
        quick=[SimpleNamespace(total=f["total"]) for _, f in facts if "mark" not in f],
        mark=next(f["mark"] for _, f in facts if "mark" in f),
        notice=[SimpleNamespace(actor=a, total=n, failed=s) for a, n, s in notice],
        surprised=tuple(a for a, _, s in notice if s),
        notes=tuple(n for o in played for n in o.notes))


def ambush(fight):
    fight.add("guard", "guard", side="foes").add("sniper", "sniper", side="foes")
    fight.add("kara", "kara").add("ren", "ren").add("ida", "ida")
    return fight


def test_t16_one_member_fails_and_starts_the_surprise_round_with_0_ts(fight):
    ambush(fight)
    # The guard's [Q] 10: 6+6+0 = 12; the sniper's [Q] 12: 5+4+2 = 11; average 11.5 -> 11.
    # Kara [U] 10: 5+5 = 10 < 11 fails; Ren [U] 11: 5+5+1 = 11 holds; Ida [U] 13: 0+0+3 fails.
    out = ambushed(fight.do(surprise, SurpriseRequest("foes"),
                            {"roll": [(6, 6), (5, 4)], "notice": [(5, 5), (5, 5), (0, 0)]}))
    assert [c.total for c in out.quick] == [12, 11] and out.mark == 11
    assert [(c.actor, c.total, c.failed) for c in out.notice] == [
        ("kara", 10, True), ("ren", 11, False), ("ida", 3, True)]
    assert out.surprised == ("kara", "ida")
    assert [n.label for n in out.notes][2:4] == ["average [Q], rounded down",
                                                 "Kara [U] < 11: surprised"]
    assert all("T16" in n.rule for n in out.notes)
    assert surprised(fight.session) == ["ida", "kara"]
    fight.start()
    assert [fight.ts(a) for a in ("guard", "sniper", "kara", "ren", "ida")] == [10, 9, 0, 11, 0]
    assert [(e.before, e.after) for e in fight.events_of(ev.ResourceChanged)
            if (e.actor, e.resource) == ("kara", "ts")] == [(10, 0)]     # surprised (T16)
    for actor_id in ("guard", "sniper", "ren"):            # the round: nobody else acts
        assert fight.state.turn == actor_id
        fight.do(act, ActRequest(actor_id, fight.ts(actor_id), "act"))
    assert fight.state.round == 2                           # from now on, TS as usual
    assert [fight.ts(a) for a in ("guard", "sniper", "kara", "ren", "ida")] == [10, 9, 10, 11, 10]


def test_t16_surprise_only_before_the_fight_and_with_two_groups(fight):
    fight.add("kara", "kara")
    with pytest.raises(GmError, match=r"no (group|side) 'foes'"):
        fight.do(surprise, SurpriseRequest("foes"))
    with pytest.raises(GmError, match=r"nobody outside party to surprise \(T16\)"):
        fight.do(surprise, SurpriseRequest("party"))
    fight.add("guard", "guard", side="foes").start()
    with pytest.raises(GmError, match=r"a surprise (round )?starts the fight \(T16\)"):
        fight.do(surprise, SurpriseRequest("foes"))


def test_t17_units_and_diagonal_steps(library):
    small = Fight(cols=5, rows=5)
    small.add("kara", "kara", zone="c3")
    assert small.actor("kara").zone == "C3" and cell_name((27, 0)) == "AB1"
    with pytest.raises(GmError, match=r"F1 is off the 5x5 battlefield \(T17\)"):
        small.add("zed", zone="F1")
    with pytest.raises(GmError, match=r"'9x' is not a unit \(T17\)"):
        small.add("zed", zone="9x")
    small.add("ann", zone=" b4")
    assert small.actor("ann").zone == "B4"
    for fight, units, moves in ((Fight(), 3, 2),                  # diagonal steps count 1
                                (Fight(ruleset_with(library, diagonal_size=2)), 5, 3)):
        fight.add("kara", "kara", zone="A1").add("guard", "guard", side="foes", zone="J10")
        fight.start().do(move, MoveRequest("kara", "D3"))
        assert any(f"A1 → D3 ({units} units, {moves} moves" in line
                   for line in told(fight.session, fight.result))
        assert fight.ts("kara") == 10 - 2 * moves


def test_t17_moves_cost_2_ts_per_2_units(fight):
    fight.add("kara", "kara", zone="A1").add("guard", "guard", side="foes", zone="J10").start()
    fight.do(move, MoveRequest("kara", "D3"))             # 3 units: 2 moves
    assert "Kara moves A1 → D3 (3 units, 2 moves, 4 TS, T17)" in told(fight.session,
                                                                       fight.result)
    assert fight.actor("kara").zone == "D3" and fight.ts("kara") == 6
    fight.do(move, MoveRequest("kara", "E4"))              # 1 unit: 1 move
    assert fight.ts("kara") == 4
    with pytest.raises(GmError, match=r"already at E4 \(T17\)"):
        fight.do(move, MoveRequest("kara", "e4"))
    with pytest.raises(GmError, match=r"move needs 6 TS; Kara has 4 left"):
        fight.do(move, MoveRequest("kara", "J9"))


def test_t17_an_unplaced_actor_cannot_move(fight):
    """Through the commands an unplaced combatant never gets a turn to move on: the fight
    does not start until every combatant stands on a unit (T17)."""
    fight.add("kara", "kara", placed=False).add("guard", "guard", side="foes")
    with pytest.raises(GmError, match=r"not on the battlefield yet: kara"):
        fight.start()

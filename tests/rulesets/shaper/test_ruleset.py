"""Shaper's rules as a session plays them: costs, distances and bands, initiative, the
action pool and SP, and the source's skill examples as attacks with the dice given
(read off the attack's outcome, tests/encounter/conftest.py's `attack_outcome`)."""

import pytest

from shaper_gm.app import new_session
from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from tests.encounter.conftest import attack_outcome, pool


def session(*lines: str):
    s = new_session(seed=1)
    for line in lines:
        s.execute(line)
    return s


def spent(result) -> list[tuple[str, tuple]]:
    return [(e.action, e.paid) for e in result.events if isinstance(e, ev.ActionSpent)]


def test_costs_are_the_rulesets():
    s = session("add josh --as josh --side party --at B2", "add raider --as raider --at B2",
                "init josh raider", "start")
    assert spent(s.execute("engage josh raider")) == [("engage", (("minor", 1),))]
    s.execute("draw josh longbow")
    assert spent(s.execute("attack raider --roll 4,4,4 --evade 6,6,5")) == \
        [("attack", (("major", 1),))]
    before = s.state
    with pytest.raises(GmError):
        s.execute("teleport josh E5")
    assert s.state == before


def test_distance_and_bands():
    s = session("add josh --as josh --side party --at A1", "add far --hp 15 --at E5",
                "init josh far", "start", "draw josh longbow")
    with pytest.raises(GmError, match=r"Far is at Long\+4"):     # A1 to E5: 7, Long+4
        s.execute("odds josh far")
    done = s.execute("move josh C2")                   # a move action a step (S12): 2
    assert sum(dict(paid)["major"] for _, paid in spent(done)) == 2
    before = s.state
    with pytest.raises(GmError):                       # G7 is off the 5x5 grid
        s.execute("place josh G7")
    assert s.state == before


def test_initiative_and_order():
    s = session("add josh --finesse 1 --weapon longbow --side party --at A1",
                "add monica --vigor 1 --weapon longsword --side party --at B1",
                "init josh --roll 3,4,5", "init monica --roll 4,4,5", "start")
    # 3+4+5 +1 Finesse = 13, 4+4+5 = 13: a tie, higher Finesse goes first (S17).
    assert s.state.order[:2] == ("josh", "monica")
    s = session("add josh --finesse 1 --weapon longbow --side party --at A1",
                "add monica --vigor 1 --weapon longsword --side party --at B1",
                "init monica --roll 4,4,5", "init josh --roll 3,4,5", "start")
    assert s.state.order[:2] == ("josh", "monica")


def test_pool_and_sp():
    s = session("add josh --finesse 1 --weapon longbow --side party --at A1",
                "add raider --as raider --at E5", "init josh raider", "start")
    assert pool(s.state.actors["josh"]) == {"major": 3, "minor": 1, "free": 1}
    # S22 is the SP resource's refill: + Regen at the start of the turn, capped at Total SP.
    s.execute("set josh sp=0")
    s.execute("end")
    s.execute("end")
    assert s.state.actors["josh"].resource("sp") == 1
    s.execute("end")
    s.execute("end")
    assert s.state.actors["josh"].resource("sp") == 1


def test_josh_piercing_strike():
    # Attack 3,6,6 +1 Finesse = 16 vs Evasion 16: hit. 6+3 = 9 damage, Pierce 2 + 1d6 (3).
    s = session("add josh --finesse 1 --weapon longbow --skill piercing-strike "
                "--side party --at A1", "add enemy-2 --armor armor-t2 --hp 15 --at D1",
                "init josh enemy-2", "start", "draw josh longbow")
    result = s.execute("attack enemy-2 --skill piercing-strike --roll 3,6,6 --evade 5,5,6 "
                       "--damage 6,3 --defense 2")
    assert [a for a, _ in spent(result)].count("attack") == 1   # one skill beside it
    out = attack_outcome(result)
    assert not out.plan.modifiers                               # Long: in range
    t = out.target("enemy-2")
    assert out.attack.total == 16 and t.hit and t.damage == 9 and t.pierce == 5
    assert t.result.effective_defense == 0 and t.result.taken == 9   # armor fully negated


def reasons(modifiers) -> list[str]:
    """Each modifier's reason in words (the data version's flag word read alike)."""
    return [m.reason.replace("-", " ").lower() for m in modifiers]


THREADING = ("add josh --level 3 --finesse 1 --weapon longbow --skill thread-the-needle "
             "--skill longshot --side party --at A1",
             "add monica --as monica --side party --at C1",
             "add enemy-3 --hp 10 --at C1", "add crossbow --hp 15 --at E1",
             "init josh monica enemy-3 crossbow", "start", "end", "engage monica enemy-3",
             "end", "end", "end")


def test_thread_the_needle_and_longshot():
    s = session(*THREADING, "draw josh longbow")
    out = attack_outcome(s.execute("attack enemy-3 --roll 4,4,4 --evade 1,1,2"))
    assert reasons(out.plan.modifiers) == ["firing into melee"]          # S15
    s = session(*THREADING, "draw josh longbow")
    out = attack_outcome(s.execute("attack enemy-3 --skill thread-the-needle "
                                   "--roll 4,4,4 --evade 1,1,2"))
    assert out.plan.modifiers == ()
    # The crossbow enemy at Long+1: Longshot extends the range and adds 1 damage at max.
    # Critical (17 vs 8): 1d6+3 (5) + critical 1d6 (6) + 1 Longshot = 15; no armor.
    s = session(*THREADING, "draw josh longbow")
    out = attack_outcome(s.execute("attack crossbow --skill longshot --roll 5,5,6 "
                                   "--evade 2,3,3 --damage 5,6"))
    assert out.plan.modifiers == ()
    assert out.target("crossbow").critical and out.target("crossbow").damage == 15
    assert out.target("crossbow").result.down
    s = session(*THREADING)
    with pytest.raises(GmError, match="(?i)longbow"):          # not holding the Longbow
        s.execute("attack crossbow --with longbow --skill longshot")


def test_overswing_adds_engaged_enemies_and_outnumbered():
    s = session("add enemy-3 --vigor 1 --weapon longsword --skill overswing --at C3",
                "add enemy-1 --weapon longsword --at C3",
                "add monica --as monica --side party --at C3",
                "add minion --hp 5 --armor armor-t1 --side party --at C3",
                "init monica minion enemy-3 enemy-1", "start", "raise monica",
                "engage monica enemy-3", "end", "engage minion enemy-3", "end",
                "draw enemy-3 longsword")
    result = s.execute("attack monica --skill overswing --sp --roll 5,5,5 --evade 4,4,5 "
                       "--evade 1,2,2 --damage 2,5 --defense 3 --defense 1")
    out = attack_outcome(result)
    monica = out.target("monica")
    assert [t.id for t in out.targets] == ["monica", "minion"]
    assert [(p.amount, p.rule) for p in monica.evasion_bonus] == [(1, "S20")]
    assert monica.evasion_modifiers == ()
    # Vigor + Overswing: 2+3 +2 = 7.
    assert monica.damage == 7 and monica.result.taken == 1
    assert out.target("minion").damage == 12 and out.target("minion").result.down
    # Minion down: Monica alone against two enemies is Outnumbered (S16).
    s.execute("end")
    s.execute("draw enemy-1 longsword")
    s.execute("engage enemy-1 monica")
    out = attack_outcome(s.execute("attack enemy-1 monica --roll 4,4,4 --evade 4,4,4 "
                                   "--damage 1 --defense 1"))
    assert reasons(out.target("monica").evasion_modifiers) == ["outnumbered"]   # S16
    before = s.state
    with pytest.raises(GmError, match=r"Down \(S8\)"):
        s.execute("attack enemy-1 minion")
    assert s.state == before


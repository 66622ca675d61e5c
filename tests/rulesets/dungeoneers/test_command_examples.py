"""The source's worked examples typed as commands, with the same dice given as flags
(issue #10, "Done when"): the round with Freya, Alberich and the skeleton, Suori's
strike, the critical hits, deep breath; and D13's other reading through the content."""

from __future__ import annotations

import pytest

from shaper_gm.commands import Session, new_session
from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.conftest import Outcome


def fight(*lines: str, seed: int = 1, content=None) -> Session:
    """A session of Dungeoneers, or of `content`: a GM's own copy (its ruleset's id), or
    the Python ruleset's library with numbers changed."""
    if content is None or isinstance(content, str):
        session = new_session(ruleset=content or "dungeoneers", seed=seed)
    else:
        session = Session(content=content)
        session.execute(f"new --ruleset dungeoneers --seed {seed}")
    for line in lines:
        session.execute(line)
    return session


def d13_content(tmp_path, monkeypatch):
    """The Dungeoneers content with score_as_dice switched on (D13): a GM's own copy of
    its folder with score_as_dice: 1 (its ruleset's id)."""
    import shutil

    from shaper_gm import places
    from shaper_gm.content.folders import content_root
    folder = tmp_path / "rulesets" / "dungeoneers-d13"
    shutil.copytree(content_root() / "dungeoneers", folder)
    ruleset = folder / "ruleset.yaml"
    ruleset.write_text(ruleset.read_text().replace("score_as_dice: 0 ", "score_as_dice: 1 "))
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
    places._found.cache_clear()
    return "dungeoneers-d13"


def ap(session: Session, *ids: str) -> tuple[int, ...]:
    return tuple(session.state.actors[a].resource("ap") for a in ids)


def outcome(result) -> Outcome:
    """What the command resolved, read by the Python outcome's names (conftest.Outcome)."""
    return Outcome(result)


SOURCE_ROUND = ("add freya --as freya --at B2", "add alberich --as alberich --at B3",
                "add skeleton --as skeleton --at C2", "init freya alberich skeleton", "start")


def test_the_source_round_step_by_step():
    s = fight(*SOURCE_ROUND)
    rs = s.ruleset_for(s.state)
    # Everyone at 6: the party's body total 5 beats the skeleton's 2 (D5); Freya and
    # Alberich tie inside the party (D4), so both are up and Freya is the default.
    assert (s.state.up, s.state.turn) == (("freya", "alberich"), "freya")
    why = rs.turn_order.explain(s.state, rs)
    assert "party's body total 5 beats the others (party 5, enemies 2) (D5)" in why
    assert "tied inside party: any of them may act (D4)" in why
    steps = [  # (command, who is up after, AP of Freya, Alberich, skeleton)
        ("act alberich 3 steps up", ("freya",), (6, 3, 6)),    # tie with the skeleton: D5
        ("act freya 2 draws a bead", ("skeleton",), (4, 3, 6)),
        ("act skeleton 4 rattles forward", ("freya",), (4, 3, 2)),
        ("act freya 1 feints", ("freya", "alberich"), (3, 3, 2)),   # tied inside (D4)
        ("act 1 feints again", ("alberich",), (2, 3, 2)),   # the default: Freya goes first
        ("act alberich 2 mutters", ("freya",), (2, 1, 2)),   # tie with the skeleton: D5
        ("act freya 2 lunges", ("skeleton",), (0, 1, 2)),
        ("act skeleton 2 swings", ("alberich",), (0, 1, 0)),
    ]
    for line, up, left in steps:
        result = s.execute(line)
        assert (line, s.state.up) == (line, up)
        assert ap(s, "freya", "alberich", "skeleton") == left
        assert s.state.round == 1
        told = [e for e in result.events if isinstance(e, ev.UpNext)]
        assert told and told[-1].up == up
    assert s.log[-4] == "act freya 1 'feints again'"        # the default actor, written
    between = [e for e in s.history[-3].events if isinstance(e, ev.UpNext)][-1]
    assert "party's body total 5 beats the others" in between.why
    # The skeleton's swing draws Alberich's 1-AP reaction; Freya has nothing left (D8).
    before = s.state
    with pytest.raises(GmError, match=r"react needs 1 AP; Freya has 0 left \(D1, D2, D8\)"):
        s.execute("react freya 1 parries")
    assert s.state is before
    result = s.execute("react alberich 1 parries the blow")
    assert any(isinstance(e, ev.RoundEnded) and e.round == 1 for e in result.events)
    assert s.state.round == 2 and ap(s, "freya", "alberich", "skeleton") == (6, 6, 6)
    assert s.state.up == ("freya", "alberich")


def test_suoris_strike_on_the_skeleton():
    """Hit 4+2 vs 3+1; pierce 3+2 vs armor value 5; 1 + 2 = 3 bludgeoning wounds, 4 after
    the skeleton's vulnerability(1)."""
    s = fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start")
    line = "strike suori skeleton --roll 4 --dodge 3 --pierce 3"
    o = outcome(s.execute(line))
    assert (o.attack_total, o.defense_total, o.hit) == (6, 4, True)
    assert (o.pierce_total, o.armor, o.pierced) == (5, 5, True)
    assert (o.base_wounds, o.damage_type, o.each, o.wounds) == (3, "B", 4, 4)
    assert s.state.actors["skeleton"].resource("wounds") == 4
    assert s.log[-1] == line


@pytest.mark.parametrize("vulnerable,expected", [(False, (4, 8, 12)), (True, (5, 10, 15))])
def test_the_critical_examples(vulnerable, expected):
    """1d6+3 vs 1d6+3: 9 vs 4 is one critical hit (wounds twice); 1d6+4+1d4 vs 1d6+3:
    14 vs 4 is two (three times). A 1-wound weapon and body 3 deal 4 / 8 / 12 wounds,
    5 / 10 / 15 against vulnerability(1) (D18, D20)."""
    cases = [(3, "", "5", 0), (3, "", "6", 1), (4, " --boon 1", "6,4", 2)]
    dealt = []
    for finesse, boon, faces, criticals in cases:
        s = fight(f"add attacker --as suori --stat finesse={finesse} --stat body=3 --at B2",
                  "add defender --side enemies --stat finesse=3 --stat armor=0 "
                  "--stat wound_limit=40 --prof dodging=trained --at C2"
                  + (" --vulnerable B=1" if vulnerable else ""), "start")
        o = outcome(s.execute(f"strike attacker defender{boon} --roll {faces} --dodge 1 "
                              "--pierce 1"))
        assert o.criticals == criticals and o.base_wounds == 4
        dealt.append(o.wounds)
    assert tuple(dealt) == expected


def test_deep_breath_at_stress_5_with_capacity_4():
    s = fight("add freya --as freya --at B2", "add skeleton --as skeleton --at C3", "start",
              "set freya stress=4")
    before = s.state
    with pytest.raises(GmError, match=r"Freya has 4 stress, not above its capacity 4: no "
                                      r"deep breath \(D26\)"):
        s.execute("deep-breath freya")
    assert s.state is before
    s.execute("set freya stress=5")
    o = outcome(s.execute("deep-breath"))
    assert (o.before, o.after, o.limit) == (5, 3, 4)
    assert s.state.actors["freya"].resource("stress") == 3 and ap(s, "freya") == (4,)


def test_score_as_dice_reads_finesse_2_as_2d6(tmp_path, monkeypatch):
    """D13's other reading, switched on in a GM's own copy of the content: Suori rolls
    2d6 to hit and 2d6 (body 2) to pierce."""
    content = d13_content(tmp_path, monkeypatch)
    s = fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start",
              content=content)
    o = outcome(s.execute("strike suori skeleton --roll 4,2 --dodge 5 --pierce 1,4"))
    assert (o.attack_total, o.defense_total, o.pierce_total, o.wounds) == (6, 5, 5, 4)
    with pytest.raises(GmError, match=r"--roll: .*needs 2"):
        fight("add suori --as suori --at B2", "add skeleton --as skeleton --at C2", "start",
              content=content).execute("strike suori skeleton --roll 4")

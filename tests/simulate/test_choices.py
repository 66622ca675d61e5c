"""A simulated actor's choices: inside another's action it answers what the engine asks
(a reaction, a parry) by expected value, from the same odds the `odds` verb gives, where
the ruleset's default would take nothing; on its turn it makes its most damaging attack
(Dungeoneers' power strike over its strike, a Shaper skill)."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.app import new_session
from shaper_gm.engine.decisions import Ask
from shaper_gm.persist.saves import read_save
from shaper_gm.simulate.choices import Chooser
from shaper_gm.simulate.runner import played, scratch
from tests.view.kit import SAVES


def fight(ruleset: str, a: str, b: str, *lines: str):
    session = new_session(ruleset=ruleset, seed=1)
    for line in (f"add a --as {a} --side party --at A1", f"add b --as {b} --side enemies --at B1",
                 *lines, "init a b", "start"):
        session.execute(line)
    return session


def expected_loss(session, line: str) -> Fraction:
    dist = session.execute(line).view.targets[0].harm_dist
    return sum((v * p for v, p in dist.items()), Fraction(0))


def test_a_duellist_takes_the_reaction_that_saves_it_the_most():
    session = fight("reactions", "duellist", "duellist")
    loss = {answer: expected_loss(session, f"odds a b --react b={answer}")
            for answer in ("none", "block", "dodge")}
    assert loss["dodge"] < loss["block"] < loss["none"]        # R2-R4: none is the default
    run, _ = played(session, 1, "focus-fire")
    assert run.log[0].startswith("attack a b ") and "--react b=dodge" in run.log[0]


def test_the_bandit_captain_parries_a_hit_it_can_turn():
    session = fight("d20", "orc", "bandit-captain")
    answers = [word for seed in range(12) for line in played(session, seed, "focus-fire")[0].log
               for word in line.split() if word.startswith("b=")]
    assert answers and set(answers) == {"b=parry"}               # G18: never the default


def test_what_no_odds_weigh_and_a_tie_take_the_default():
    session = fight("reactions", "duellist", "duellist")
    chooser = Chooser(scratch(session, session.state))
    ask = Ask("b", "react", ("none", "block", "dodge"), "none")
    chooser.playing(None)                                 # a move: no odds weigh it
    assert chooser(ask) == "none" and chooser.away == 0
    chooser.playing("odds a b")
    assert chooser(Ask("a", "react", ("none", "block"), "none")) == "none"   # a is not hit
    chooser.playing("odds a b")
    assert chooser(ask) == "dodge" and chooser.away == 1


def test_an_actor_makes_its_most_damaging_attack():
    session = fight("dungeoneers", "goblin", "goblin")
    strike = expected_loss(session, "odds a b")
    power = expected_loss(session, "odds a b --power")
    assert power > strike                                       # D17: an extra wound
    run, _ = played(session, 1, "focus-fire")
    assert run.log[0].startswith("power-strike a b ")


def test_shaper_weighs_the_skills_it_may_attack_with():
    run, _ = played(read_save(SAVES / "demo.yaml"), 1, "focus-fire")
    assert any(line.startswith("attack ") and " --skill " in line for line in run.log)


def test_the_runs_of_a_group_share_their_answers(monkeypatch):
    """An answer weighed in one run of a group is read by the next (runner.WEIGHED_RUNS):
    the same fight played again with the group's weighings weighs nothing anew, with a
    new group's it weighs again, and its lines are the same either way."""
    from shaper_gm.simulate import choices
    weighings = []
    weigh = choices.Chooser._weighed

    def counted(self, ask, state):
        weighings.append(ask.actor)
        return weigh(self, ask, state)

    monkeypatch.setattr(choices.Chooser, "_weighed", counted)
    session = fight("reactions", "duellist", "duellist")
    group: dict = {}
    first, _ = played(session, 3, "focus-fire", group)
    asked = len(weighings)
    again, _ = played(session, 3, "focus-fire", group)
    assert asked > 0 and len(weighings) == asked
    anew, _ = played(session, 3, "focus-fire", {})
    assert len(weighings) == 2 * asked
    assert first.log == again.log == anew.log

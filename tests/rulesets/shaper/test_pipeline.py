"""Shaper on the engine's one pipeline: its play verbs are declared engine Actions run by
`engine.play.perform`, its attack is engine Steps, its dice come through the shared
slots, and its log lines are written from the resolved request."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Action
from shaper_gm.errors import GmError
from shaper_gm.render.text import describe_events
from tests.replaying import replayed
from tests.rulesets.shaper.conftest import battle as session
from tests.rulesets.twins import python_played

# Monica in melee with the raider and the reaver, on her turn.
MELEE = ("end", "draw monica longsword", "place monica B3", "place raider B3",
         "place reaver B3", "engage monica raider", "engage monica reaver")


def test_every_play_verb_is_a_declared_engine_action():
    """Each play verb the session knows (its `help`) is an engine Action of the play
    group, logged."""
    s = session()
    for name in ("attack", "cast", "skill", "move", "engage", "disengage", "draw",
                 "sheathe", "raise", "reload"):
        verb = s.execute(f"help {name}").view.verbs[0]
        assert isinstance(verb.action, Action), name
        assert (verb.group, verb.logged) == ("play", True), name


def test_a_move_runs_through_the_pipeline_a_major_a_step():
    """S12, S18: Josh moves B4 → D4, two Short distances, a Major each: 2 of his 3. The
    Python ruleset's pipeline pays each as its step runs (two payments of 1 Major), the
    version written as data the move's cost at once (one of 2). Monica's move, off her
    turn, is refused."""
    s = session()
    done = s.execute("move D4")
    spent = [e for e in done.events if isinstance(e, ev.ActionSpent)]
    if python_played(s.state.ruleset, "shaper"):
        assert [(e.action, e.paid) for e in spent] == [("move", (("major", 1),))] * 2
    assert {e.action for e in spent} == {"move"}
    assert sum(dict(e.paid)["major"] for e in spent) == 2
    assert s.state.actors["josh"].zone == "D4" and s.state.actors["josh"].resource("major") == 1
    before = s.state
    with pytest.raises(GmError, match=r"it is not Monica's turn \(S18\)"):
        s.execute("move monica C4")
    assert s.state == before


def test_a_target_that_rolls_no_defense_keeps_its_place_in_the_log():
    """Overswing: the raider is missed (no Defense roll), the reaver hit; the log keeps
    the raider's place with '-' so replay gives the reaver its own faces (S4, S7)."""
    s = session(*MELEE)
    s.execute("attack raider --skill overswing --sp --roll 3,3,3 --evade 6,6,5 "
              "--evade 1,1,2 --damage 2")
    assert s.log[-1] == ("attack monica raider --skill overswing --sp --roll 3,3,3 "
                         "--evade 6,6,5 --evade 1,1,2 --damage 2 --defense - --defense 1")
    assert replayed(s).state == s.state


def test_resolved_words_are_logged_as_the_rules_read_them():
    s = session("draw josh longbow")
    s.execute("attack rai --with longb --skill pierc --roll 4,4,5 --evade 2,3,4 "
              "--damage 4,1 --defense 2")
    assert s.log[-1] == ("attack josh raider --with longbow --skill piercing-strike "
                         "--roll 4,4,5 --evade 2,3,4 --damage 4,1 --defense 2")
    assert replayed(s).state == s.state


def test_act_folds_its_cost_into_its_own_line():
    s = session()
    result = s.execute("act minor picks up the key")
    names = {a.id: a.name for a in s.state.actors.values()}
    assert describe_events(result.events, names) == ["Josh: picks up the key (Minor)"]

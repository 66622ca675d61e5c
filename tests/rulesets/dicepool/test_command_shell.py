"""The shell's side of a dice-pool fight: completion offers the ruleset's words, dice may
be typed at the table and are logged, the toolbar before the fight, and the protocol
members the shared layers call (`act`, `react`, costs, removal)."""

from __future__ import annotations

import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.play import perform
from shaper_gm.engine.request import Request
from shaper_gm.shell.completion import complete
from shaper_gm.shell.status import toolbar_text
from tests.rulesets.dicepool.commands import DUEL, fight, replayed


def offered(session, text: str) -> list[str]:
    return [c.text for c in complete(text, session)]


def test_completion_offers_actors_weapons_abilities_templates_costs_and_fields():
    s = fight()
    assert offered(s, "attack ") == ["barry"]            # never Freya, who attacks
    assert offered(s, "attack barry --with ") == ["dagger", "longsword"]   # hers alone
    assert "heavy-blow" in offered(s, "attack barry --ability h")
    assert offered(s, "add zed --as b") == ["barry"]
    assert offered(s, "act ")[:3] == ["action", "1", "2"]
    assert "pool=" in offered(s, "set freya ") and "str=" in offered(s, "set freya ")
    assert "dagger" in offered(s, "wield d")
    assert offered(s, "move J1") == ["J1", "J10"]


def test_dice_typed_at_the_table_are_logged_and_replay():
    s = fight()
    asked = []

    def asker(actor, what, count, sides, low=1):
        asked.append((actor, what, count, sides))
        return (6,) * count if what == "pool" else (1,) * count
    s.asker = asker
    s.execute("rolls freya manual")
    s.execute("attack barry")
    assert asked == [("freya", "pool", 5, 6), ("freya", "damage", 4, 8)]
    assert s.log[-1] == ("attack freya barry --roll 6,6,6,6,6 --damage 1,1,1,1 "
                         "--by-hand damage,roll")
    replayed(s)


def test_the_toolbar_before_the_fight():
    s = fight(start=False)
    assert toolbar_text(s, None) == " setup · 2 actors · start begins round 1"


def test_the_shared_act_and_react_members_speak_dice_pool():
    from shaper_gm.rulesets.dicepool.actions import ACT, REACT  # not ported yet
    s = fight("end", "prepare when she comes, I strike", "end")
    rs = s.ruleset_for(s.state)
    assert rs.act_cost("action") and rs.act_cost("2") and rs.act_cost("major") is None
    assert rs.cost_words() == ["action", "1", "2"]
    state = perform(s.state, rs, ACT, Request("act", (("actor", "freya"), ("cost", "action"),
                                                      ("text", "shout")))).state
    assert state.actors["freya"].resource("actions") == 1
    strike = Request("react", (("actor", "barry"), ("cost", "action"), ("text", "strike")))
    state = perform(state, rs, REACT, strike).state
    assert state.actors["barry"].system.prepared == ()
    with pytest.raises(RuleViolation, match="P11"):
        perform(state, rs, REACT, strike)


def test_removing_an_attacker_ends_the_dodges_against_it():
    from shaper_gm.rulesets.dicepool.events import PreparationEnded  # not ported yet
    s = fight("prepare I dodge --against barry", "end", "end",
              setup=(*DUEL, "add kit --as kit --at C5", "init freya barry kit"))
    assert s.state.turn == "kit" and s.state.actors["freya"].system.prepared
    result = s.execute("remove barry")
    assert s.state.actors["freya"].system.prepared == ()
    assert any(isinstance(e, PreparationEnded) and e.why == "barry left the fight (P11)"
               for e in result.events)

"""The shell's side of a dice-pool fight: completion offers the ruleset's words, dice may
be typed at the table and are logged, the toolbar before the fight, and the protocol
members the shared layers call (`act`, `react`, costs, removal)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
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
        return (6,) * count if what == "pool of freya" else (1,) * count
    s.asker = asker
    s.execute("rolls freya manual")
    s.execute("attack barry")          # a data action's roll says whose it is
    assert asked == [("freya", "pool of freya", 5, 6), ("freya", "damage of freya", 4, 8)]
    assert s.log[-1] == ("attack freya barry --roll 6,6,6,6,6 --damage 1,1,1,1 "
                         "--by-hand damage,roll")
    replayed(s)


def test_the_toolbar_before_the_fight():
    s = fight(start=False)
    assert toolbar_text(s, None) == " setup · 2 actors · start begins round 1"


def test_the_shared_act_and_react_members_speak_dice_pool():
    """The shared members the act verbs read, and act and react through the commands
    (the Python ACT and REACT actions are the data version's act and react)."""
    s = fight("end", "prepare when she comes, I strike", "end")
    rs = s.ruleset_for(s.state)
    assert rs.act_cost("action") and rs.act_cost("2") and rs.act_cost("major") is None
    assert rs.cost_words() == ["action", "1", "2", "3", "4", "5", "6", "actions"]
    s.execute("act freya action shout")
    assert s.state.actors["freya"].resource("actions") == 1
    s.execute("react barry action strike")
    assert "prepared" not in {e.name for e in s.state.actors["barry"].effects}
    with pytest.raises(GmError, match="P11"):
        s.execute("react barry action strike")


def test_removing_an_attacker_ends_the_dodges_against_it():
    """A dodge is an effect the attacker it names holds (dodge-vs-freya): it leaves the
    fight with him."""
    s = fight("prepare I dodge --against barry", "end", "end",
              setup=(*DUEL, "add kit --as kit --at C5", "init freya barry kit"))
    dodges = {e.name for a in s.state.actors.values() for e in a.effects}
    assert s.state.turn == "kit" and dodges == {"dodge-vs-freya"}
    s.execute("remove barry")
    assert not {e.name for a in s.state.actors.values() for e in a.effects}

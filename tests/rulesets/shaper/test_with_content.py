"""The rules core against the real content library, whichever version plays `shaper`."""

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.content.shipped import Shipped


def test_every_character_and_creature_is_valid():
    """Each template of the shipped content is added (`add x --as ID`) with its HP,
    whichever version plays `shaper` (content/shipped.py)."""
    shipped = Shipped()
    for template in (*shipped.characters, *shipped.creatures):
        assert shipped.added(template).max_hp > 0, template


def test_source_characters():
    """Josh and Taylor as the source battle plays them, through commands (whichever
    version plays `shaper`): Josh's ranged attack +1 and evasion +1 (Finesse 1, S28),
    Taylor's 13 HP (1 Vigor) and her added spell skill a Major cheaper (Mentality 1,
    S25), a turn's 3 Major, 1 Minor, 1 Free (S18); A1 to E5 is 7 Short distances (S10)
    and 4 is Long+1 (S10, S13)."""
    from tests.encounter.conftest import attack_outcome
    from tests.rulesets.shaper.conftest import battle
    s = battle("draw longbow")
    josh = s.state.actors["josh"]
    assert {k: josh.resource(k) for k in ("major", "minor", "free")} == {
        "major": 3, "minor": 0, "free": 1}                   # the Minor drew the longbow
    shot = attack_outcome(s.execute("attack raider --roll 2,2,2 --evade 2,2,2 --damage 1 "
                                    "--defense 1"))
    assert shot.attack.total == 6 + 1                        # Finesse: ranged attack +1
    assert s.state.actors["taylor"].max_hp == 13             # "I have 13 HP" (1 Vigor)
    s.execute("end")                                         # Monica's turn: 3, 1, 1
    monica = s.state.actors["monica"]
    assert {k: monica.resource(k) for k in ("major", "minor", "free")} == {
        "major": 3, "minor": 1, "free": 1}
    s.execute("end")                                         # the raider's turn
    s.execute("place raider B4")
    s.execute("engage raider josh")
    swing = attack_outcome(s.execute("attack raider josh --roll 2,2,2 --evade 2,2,2"))
    assert swing.target("josh").evasion.total == 6 + 1      # Finesse: evasion +1
    far = battle("place josh A1", "place monica E5")
    with pytest.raises(GmError, match="costs 7 Major"):     # 4 + 4 - 1 diagonal free
        far.execute("move josh E5")
    at_four = battle("place monica A5", "end", "end", "end", "place taylor A1")
    with pytest.raises(GmError, match="Monica is at Long\\+1; Charm reaches Close"):
        at_four.execute("cast taylor charm monica")
    s.execute("end")                                         # Taylor's turn
    s.execute("cast taylor energy-shield --skill charm")
    assert s.state.actors["taylor"].resource("major") == 2  # 1 + 1 added - 1 Mentality

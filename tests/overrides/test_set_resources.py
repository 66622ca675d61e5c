"""`set ACTOR RESOURCE=N` for every resource each ruleset tracks: the GM overrules the
action economy, the change is logged like any command, undone, and replayed exactly."""

from __future__ import annotations

import pytest

from overrides.conftest import RULESETS, refuse, replayed

# (ruleset, actor, resource, value): every resource each ruleset tracks (commands.md,
# "Saves of every ruleset"), set on an actor of its demo.
CASES = [
    ("shaper", "raider", "major", 1), ("shaper", "josh", "major", 2),
    ("shaper", "josh", "minor", 0), ("shaper", "josh", "free", 0),
    ("shaper", "josh", "sp", 0),
    ("dungeoneers", "skeleton", "ap", 2), ("dungeoneers", "freya", "wounds", 3),
    ("dungeoneers", "freya", "stress", 2), ("dungeoneers", "alberich", "arca", 1),
    ("timeslice", "kara", "ts", 4),
    ("dicepool", "freya", "pool", 2), ("dicepool", "freya", "actions", 1),
    ("dicepool", "odo", "reactions", 0),
    ("reactions", "ann", "reactions", 1), ("reactions", "bo", "shield", 7),
    ("reactions", "ann", "move", 0), ("reactions", "ann", "action", 0),
]


def test_every_tracked_resource_is_covered(demo):
    for ruleset in RULESETS:
        s = demo(ruleset)
        names = set(s.ruleset_for(s.state).resource_names())
        covered = {resource for rs, _, resource, _ in CASES if rs == ruleset}
        assert names == covered, (ruleset, names - covered)


@pytest.mark.parametrize(("ruleset", "actor", "resource", "value"), CASES)
def test_set_resource_is_logged_undone_and_replayed(demo, ruleset, actor, resource, value):
    s = demo(ruleset)
    before = s.state.actors[actor].resource(resource)
    assert before != value
    result = s.execute(f"set {actor} {resource}={value}")
    assert s.state.actors[actor].resource(resource) == value
    assert s.log[-1] == f"set {actor} {resource}={value}"
    assert result.line == s.log[-1]
    assert replayed(s).state == s.state
    s.execute("undo")
    assert s.state.actors[actor].resource(resource) == before


@pytest.mark.parametrize(("ruleset", "line", "why"), [
    ("shaper", "set raider major=4", "major must be 0 to 3 for Raider"),
    ("shaper", "set josh sp=2", "sp must be 0 to 1 for Josh"),
    ("shaper", "set josh minor=x", "minor must be a whole number"),
    ("dungeoneers", "set skeleton ap=7", "ap must be 0 to 6 for Skeleton"),
    ("timeslice", "set kara ts=11", "ts must be 0 to 10 for Kara"),
    ("dicepool", "set freya actions=3", "actions must be 0 to 2 for Freya"),
    ("dicepool", "set freya pool=-1", "pool must be 0 to 999,999 for Freya"),
    ("reactions", "set ann reactions=3", "reactions must be 0 to 2 for Ann"),
    ("reactions", "set ann action=2", "action must be 0 to 1 for Ann"),
])
def test_out_of_range_is_refused(demo, ruleset, line, why):
    refuse(demo(ruleset), line, why)


def test_shaper_extra_major_lets_the_actor_attack_again(demo):
    """The source battle breaks the action economy: the GM gives back a Major."""
    s = demo("shaper", "draw josh longbow", "attack raider --roll 3,3,3 --evade 4,4,4",
             "attack raider --roll 3,3,3 --evade 4,4,4")
    assert s.state.actors["josh"].resource("major") == 1
    s.execute("attack raider --roll 3,3,3 --evade 4,4,4")
    refuse(s, "attack raider --roll 3,3,3 --evade 4,4,4", "no Major action left")
    s.execute("set josh major=1")
    s.execute("attack raider --roll 3,3,3 --evade 4,4,4")
    assert s.state.actors["josh"].resource("major") == 0


def test_dungeoneers_ap_set_works_out_who_is_up(demo):
    """D3: after `set`, the creature with the most AP left is up."""
    s = demo("dungeoneers")
    assert s.state.up[:3] == ("freya", "alberich", "suori")
    s.execute("set freya ap=2")
    s.execute("set alberich ap=2")
    s.execute("set suori ap=2")
    assert s.state.up[0] in ("skeleton", "gob")
    assert "freya" not in s.state.up

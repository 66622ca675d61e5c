"""screen.yaml's `table.groups_by: KEY` (render/groups_by.py): the map's groups are the
actors up sharing a value of the sheet key, on two sides or more (Shaper's engagements,
S14)."""

from __future__ import annotations

from types import SimpleNamespace

from shaper_gm.render.groups_by import grouped_by


def actor(actor_id: str, side: str, engagement: str, down: bool = False):
    return SimpleNamespace(id=actor_id, side=side, down=down, sheet={"engagement": engagement})


def test_groups_are_those_up_sharing_the_key_on_two_sides_or_more():
    state = SimpleNamespace(actors={a.id: a for a in (
        actor("monica", "party", "1"), actor("raider", "enemies", "1"),
        actor("reaver", "enemies", "1"), actor("josh", "party", ""),
        actor("zed", "party", "2"), actor("gob", "enemies", "2", down=True),
        actor("ann", "party", "3"), actor("bo", "party", "3"))})
    assert grouped_by("engagement")(state) == [("monica", "raider", "reaver")]

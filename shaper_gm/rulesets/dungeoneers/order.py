"""Who acts next: the most AP left (D3), ties shared inside a group (D4), ties between
groups to the higher body total (D5); the round ends when everyone is at 0 (D6).

The engine's `MostRemaining` does all of it, including the settle after a reaction
(D8: a reaction ends no turn) and the reason it gives for who is up; this names the
resource, the group number and the rulings."""

from __future__ import annotations

from shaper_gm.engine.orders import MostRemaining

RULES = {"turn": "D2", "in_group": "D4", "between_groups": "D5"}


class ApOrder(MostRemaining):
    """MostRemaining on AP, ties between groups on the body total."""

    def __init__(self) -> None:
        super().__init__("ap", "body", dict(RULES))

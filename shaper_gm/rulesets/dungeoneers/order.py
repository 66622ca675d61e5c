"""Who acts next: the most AP left (D3), ties shared inside a group (D4), ties between
groups to the higher body total (D5); the round ends when everyone is at 0 (D6)."""

from __future__ import annotations

from shaper_gm.engine.state import Encounter
from shaper_gm.engine.turns import MostRemaining

RULES = {"turn": "D2", "in_group": "D4", "between_groups": "D5"}


class ApOrder(MostRemaining):
    """MostRemaining on AP and body, plus reactions that are not turns (D8)."""

    def __init__(self) -> None:
        super().__init__("ap", "body", dict(RULES))

    def after_reaction(self, state: Encounter, rs, actor_id: str) -> tuple[Encounter, list]:
        """D8: a reaction gives no turn, so none ends; only who is up may change."""
        return self._settle(state, rs, [])

    def choose(self, state: Encounter, rs) -> tuple[tuple[str, ...], str]:
        """As MostRemaining, and the why also names a tie inside the winning group when
        groups tied too (D4 after D5)."""
        up, why = super().choose(state, rs)
        if len(up) > 1 and "tied inside" not in why:
            side = state.actors[up[0]].side
            why += f"; tied inside {side}: any of them may act {self._rule('in_group')}"
        return up, why

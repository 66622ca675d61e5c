"""The one interface the encounter talks to, so another ruleset can be swapped in.

Each method's arguments and results are the implementing ruleset's own frozen data
(for Shaper: `ActorStats`, `AttackPlan`, `AttackOutcome`, ...); the encounter stores
and passes them along without looking inside more than it must. Every refusal is a
`RuleViolation`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Ruleset(Protocol):
    id: str

    # Turn economy -------------------------------------------------------------------
    def new_pool(self, stats: Any) -> dict[str, int]:
        """The actions an actor has at the start of its turn."""
        ...

    def pay(self, pool: Mapping[str, int], kind: str, *, who: str = "",
            full: Mapping[str, int] | None = None) -> tuple[dict[str, int], str]:
        """Spend one `kind` action: (new pool, kind actually spent)."""
        ...

    def cost(self, action: str) -> str:
        """The pool kind an action costs (e.g. "attack" -> "major")."""
        ...

    def start_turn_sp(self, stats: Any, sp: int) -> int:
        """Skill resource after the start-of-turn refresh."""
        ...

    # Turn order ---------------------------------------------------------------------
    def initiative(self, stats: Any, source: Any, mods: Any = None) -> Any:
        """Roll an actor's turn-order roll from `source` (rolled or given faces)."""
        ...

    def order_key(self, stats: Any, roll: Any) -> tuple:
        """Sort key: ascending order = acting order."""
        ...

    # Creation -----------------------------------------------------------------------
    def create_actor(self, **fields: Any) -> Any:
        ...

    def stats_from_sheet(self, sheet: Any, **overrides: Any) -> Any:
        ...

    # Resolution ---------------------------------------------------------------------
    def resolve_attack(self, plan: Any, targets: Sequence[Any], dice: Any) -> Any:
        ...

    def apply_damage(self, damage: int, defense: int | None, *, magic: bool = False,
                     pierce: int = 0, absorb: int = 0, hp: int) -> Any:
        ...

    # Battlefield --------------------------------------------------------------------
    def parse_zone(self, text: str, cols: int | None = None,
                   rows: int | None = None) -> tuple[int, int]:
        ...

    def distance(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> int:
        ...

    def band_name(self, steps: int) -> str:
        ...

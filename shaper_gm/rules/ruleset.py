"""The one interface the encounter talks to, so another ruleset can be swapped in.

Every method here is one the encounter or the command layer calls; nothing else of a
ruleset is reached from outside `rules/`. Arguments and results are the implementing
ruleset's own frozen data (for Shaper: `ActorStats`, `PreparedAttack`, `AttackOutcome`,
...), which the encounter stores and passes along. Every refusal is a `RuleViolation`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Ruleset(Protocol):
    id: str
    numbers: Any                      # the ruleset's numbers, from content/rulesets/

    # Turn economy and costs ---------------------------------------------------------------
    def new_pool(self, stats: Any) -> dict[str, int]:
        """The actions an actor has at the start of its turn."""

    def pay(self, pool: Mapping[str, int], kind: str, *, who: str = "",
            full: Mapping[str, int] | None = None) -> tuple[dict[str, int], str]:
        """Spend one `kind` action: (new pool, kind actually spent)."""

    def cost(self, action: str) -> str:
        """The pool kind an action costs (e.g. "attack" -> "major")."""

    def start_turn_sp(self, stats: Any, sp: int) -> int:
        """The skill resource after the start-of-turn refresh."""

    def spend_sp(self, current: int, *, times: int = 1, who: str = "") -> int:
        """Pay `times` skill triggers from the skill resource; what is left."""

    # Actors and turn order ---------------------------------------------------------------
    def stats_for(self, library: Any, id: str, name: str, sheet: Any,
                  overrides: Mapping[str, Any]) -> Any:
        """An actor's fixed numbers from a template and overrides, or the creation rules."""

    def initiative(self, stats: Any, source: Any, mods: Any = None) -> Any:
        """An actor's turn-order roll, its faces from `source` (rolled or given)."""

    def order_tiebreak(self, stats: Any) -> int:
        """What settles equal turn-order rolls (higher first)."""

    # Hands and items ------------------------------------------------------------------------
    hands: int

    def hands_needed(self, library: Any, item: str) -> int:
        ...

    # Skills and spells ------------------------------------------------------------------------
    def check_trigger(self, stats: Any, skill: Any, level: int, *, moment: str,
                      shield_raised: bool = False, who: str = "") -> None:
        ...

    def check_uses(self, skill: Any, level: int, used: int, *, who: str = "") -> None:
        ...

    def spell_cost(self, added: int, reduction: int) -> Any:
        ...

    def spell_range(self, holding: Sequence[str]) -> int:
        ...

    def effect_scale(self, per: str | None, stats: Any, level: int) -> int:
        ...

    # Attacks and damage -------------------------------------------------------------------------
    def field_view(self, actors: Sequence[tuple], names: Mapping[str, str]) -> Any:
        """The battlefield as the situational rules read it."""

    def target_plan(self, stats: Any, view: Any, **situation: Any) -> Any:
        ...

    def prepare_attack(self, attacker: Any, weapon: Any, targets: Sequence[Any], view: Any,
                       **choices: Any) -> Any:
        """Check an attack against the rules and the battlefield; nothing is rolled."""

    def dice(self, *, attack: Any, damage: Any, evasion: Sequence[Any],
             defense: Sequence[Any]) -> Any:
        """One dice source per roll slot of an attack."""

    def resolve_attack(self, plan: Any, targets: Sequence[Any], dice: Any) -> Any:
        ...

    def odds(self, prepared: Any) -> list:
        """Exact odds per target of a prepared attack."""

    def defense_roll(self, stats: Any, source: Any) -> Any:
        ...

    def apply_damage(self, damage: int, defense: int | None, *, magic: bool = False,
                     pierce: int = 0, absorb: int = 0, hp: int) -> Any:
        ...

    # Battlefield ---------------------------------------------------------------------------------
    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        ...

    def parse_zone(self, text: str, cols: int | None = None,
                   rows: int | None = None) -> tuple[int, int]:
        ...

    def distance(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> int:
        ...

    def band_name(self, steps: int) -> str:
        ...

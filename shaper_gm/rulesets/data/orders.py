"""`turn_order:` of a ruleset written as data: which of the engine's turn orders
(`engine.orders`) it plays, checked at load.

- `{kind: fixed}` (the default): initiative order, a turn lasts until `end`.
- `{kind: passes, resource: NAME}`: initiative order in passes; a turn may end with NAME
  left for a later pass, and the round ends when nobody has any (time slices, T5-T6).
- `{kind: most, resource: NAME, group_stat: NAME}`: after every action whoever has the
  most NAME left acts next; ties between sides go to the higher side total of
  `group_stat` (Dungeoneers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.orders import FixedOrder, TurnOrder

KINDS = ("fixed", "passes", "most")
KEYS = {"fixed": ("kind",), "passes": ("kind", "resource"),
        "most": ("kind", "resource", "group_stat")}
SHAPE = ("expected {kind: fixed}, {kind: passes, resource: NAME} or "
         "{kind: most, resource: NAME, group_stat: NAME}")
OPTIONAL = {"most": ("rules",)}     # the rulings its reasons cite (Dungeoneers' D3-D7)
RULE_KEYS = ("turn", "in_group", "between_groups", "pass", "next")


def turn_order_spec(value: Any) -> Mapping[str, str]:
    """The checked `turn_order:` mapping (a `content.schema` field check)."""
    from shaper_gm.content.schema import Bad, snake_name
    if not isinstance(value, Mapping) or value.get("kind") not in KINDS:
        raise Bad(f"{SHAPE}, got {value!r}")
    keys, optional = KEYS[value["kind"]], OPTIONAL.get(value["kind"], ())
    missing = [key for key in keys if key not in value]
    extra = sorted(str(key) for key in value if key not in (*keys, *optional))
    if missing or extra:
        raise Bad(f"a {value['kind']} order takes {', '.join(keys)}"
                  + (f" (and {', '.join(optional)})" if optional else "")
                  + (f"; missing {', '.join(missing)}" if missing else "")
                  + (f"; no key {', '.join(extra)}" if extra else ""))
    spec = {key: (value[key] if key == "kind" else snake_name(value[key])) for key in keys}
    if "rules" in value:
        spec["rules"] = _rules(value["rules"])
    return spec


def _rules(value: Any) -> tuple[tuple[str, str], ...]:
    """`rules: {in_group: D4, between_groups: D5, ...}`: the ruling each reason cites."""
    from shaper_gm.content.schema import Bad
    if not isinstance(value, Mapping) or not all(
            key in RULE_KEYS and isinstance(text, str) for key, text in value.items()):
        raise Bad(f"rules: expected a mapping of {', '.join(RULE_KEYS)} to rulings, "
                  f"got {value!r}")
    return tuple((str(key), text) for key, text in value.items())


def turn_order(spec: Mapping[str, str] | None) -> TurnOrder:
    """The engine's turn order that `spec` names (fixed without one)."""
    kind = (spec or {}).get("kind", "fixed")
    if kind == "passes":
        from shaper_gm.engine.cycling_passes import CyclingPasses
        return CyclingPasses(spec["resource"])        # type: ignore[index]
    if kind == "most":
        from shaper_gm.engine.most_remaining import MostRemaining
        return MostRemaining(spec["resource"], spec["group_stat"],   # type: ignore[index]
                             dict(spec.get("rules") or ()))
    return FixedOrder()

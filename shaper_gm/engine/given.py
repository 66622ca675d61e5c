"""An action's given facts worked out as they are read: what a check before a line is
tried needs (`Declared.check`, what completion offers), without the facts nobody reads.

A given expression reads the situation alone, never another given, so a fact worked
out late is the fact worked out early: the checks read the same values either way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from shaper_gm.engine.declared_records import fault
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.situation import REQUEST_HEADS, Situation


class Given(Mapping[str, Any]):
    """The ids of the actor and target, the destination, then each `given` fact, worked
    out once when first read; a name it does not give is a KeyError (a ChainMap reads
    the situation next)."""

    def __init__(self, situation: Situation,
                 given: Mapping[str, Compiled] | Sequence[tuple[str, Compiled]],
                 action: str) -> None:
        self._situation, self._action = situation, action
        self._given = given if isinstance(given, Mapping) else by_name(given)
        self._known: dict[str, Any] = dict(situation.ids)
        if situation.destination is not None:
            self._known["destination"] = situation.destination

    def __getitem__(self, name: str) -> Any:
        if name not in self._known:
            expr = self._given[name]
            try:
                self._known[name] = expr.run(self._situation)
            except ExprError as exc:
                raise fault(f"{self._action}: given.{name}", exc) from None
        return self._known[name]

    def all(self) -> dict[str, Any]:
        """Every fact, the given ones in their declared order (their faults in it)."""
        known = {name: self._known[name] for name in self._situation.ids}
        if self._situation.destination is not None:
            known["destination"] = self._situation.destination
        done, situation = self._known, self._situation
        for name, expr in self._given.items():      # each worked out here, in place
            if name in done:
                known[name] = done[name]
                continue
            try:
                known[name] = done[name] = expr.run(situation)
            except ExprError as exc:
                raise fault(f"{self._action}: given.{name}", exc) from None
        return known

    def __iter__(self) -> Iterator[str]:
        return iter({**self._known, **self._given})

    def __len__(self) -> int:
        return len({**self._known, **self._given})


_BY_NAME: dict[int, tuple[Sequence[tuple[str, Compiled]], dict[str, Compiled]]] = {}


def by_name(given: Sequence[tuple[str, Compiled]]) -> dict[str, Compiled]:
    """An action's declared given facts by name, made once per declaration (an action's
    facts are worked out several times a turn: its price, its checks, its play). Read
    it only."""
    found = _BY_NAME.get(id(given))
    if found is None or found[0] is not given:      # held, so its id stays its own
        if len(_BY_NAME) > 1024:
            _BY_NAME.clear()
        found = _BY_NAME[id(given)] = (given, dict(given))
    return found[1]


_READS_REQUEST: dict[int, tuple[Any, tuple[str, ...]]] = {}


def request_names(action: Any) -> tuple[str, ...]:
    """The names a declared action's expressions that decide its checks, facts and
    price (`requires`, `given`, `checks`, `cost`) read of the request's own words (a
    flag, a word, the cost word's price, how many targets it names): what they find of
    one situation holds for every request naming the same actor, target, item and
    destination with these the same (`engine.seen`). Worked out once per declaration."""
    found = _READS_REQUEST.get(id(action))
    if found is None or found[0] is not action:
        exprs = [need.test for need in (*action.requires, *action.checks)]
        exprs += [expr for _, expr in (*action.given, *action.cost) if hasattr(expr, "names")]
        if len(_READS_REQUEST) > 1024:
            _READS_REQUEST.clear()
        found = _READS_REQUEST[id(action)] = (action, tuple(sorted(
            {name for expr in exprs for name in expr.names if name.startswith(REQUEST_HEADS)})))
    return found[1]

"""A `show ACTOR` sheet's values, and the order table's, written as expressions
(docs/rulesets.md, screen.yaml): ``values: {KEY: EXPRESSION}`` in the language of a
ruleset's actions, each worked out about the actor shown as an action's expressions are
(``actor.X``, ``rules.X``, ``library.KIND``), and in a row drawn once per item,
``item.X`` too. A ruleset written as data has no functions: this is how its rows and
columns read what a template cannot (the weapon in hand's fields, a number kept per
weapon, a dying character's minutes left)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from shaper_gm.content.schema import Bad, show
from shaper_gm.engine.errors import ExprError, RuleViolation
from shaper_gm.engine.expr import Compiled, compile_expr

SHOWING = "show"            # the verb the values are worked out for: nothing is played


class ExprValues:
    """The sheet's values: (actor, view[, item]) -> the mapping ``{values.KEY}`` reads."""

    def __init__(self, exprs: Mapping[str, Compiled]) -> None:
        self.exprs = dict(exprs)

    def __call__(self, actor: Any, view: Any, item: Any = None) -> Mapping[str, Any]:
        return _Worked(self.exprs, actor, view, item)


class _Worked(Mapping[str, Any]):
    """Each value worked out when a template reads it; one its actor cannot give (a
    sheet without the key it reads) reads as nothing, so its row or part is left out."""

    def __init__(self, exprs: Mapping[str, Compiled], actor: Any, view: Any,
                 item: Any) -> None:
        self.exprs, self.actor, self.view, self.item = exprs, actor, view, item

    def __getitem__(self, key: str) -> Any:
        from shaper_gm.engine.request import Request
        from shaper_gm.engine.situation import Situation
        situation = Situation(self.view.state, self.view.ruleset,
                              Request(SHOWING, (("actor", self.actor.id),)), item=self.item)
        try:
            return self.exprs[key].value(situation)
        except (ExprError, KeyError, TypeError, RuleViolation):
            return None

    def __iter__(self) -> Iterator[str]:
        return iter(self.exprs)

    def __len__(self) -> int:
        return len(self.exprs)


def values_field(named: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`sheet.values`: a function's name (`named` checks it), or a mapping of a key (a
    name of lowercase letters, digits and `_`) to an expression."""
    def check(value: Any):
        if not isinstance(value, Mapping):
            return named(value)
        exprs: dict[str, Compiled] = {}
        for key, text in value.items():
            if not (isinstance(key, str) and key.isidentifier() and key == key.lower()):
                raise Bad(f"expected a value's name of lowercase letters, digits and '_', "
                          f"got {show(key)}")
            try:
                exprs[key] = compile_expr(text)
            except ExprError as exc:
                raise Bad(f"value {key!r}: {exc}") from None
        return ExprValues(exprs)
    return check


def table_values(values: Any, actor: Any, state: Any, rs: Any) -> Any:
    """What ``{values.KEY}`` reads in an order-table column or a toolbar part: the
    table's `values` about `actor` (nothing without the fight's state)."""
    if not values:
        return None
    if state is None:
        return dict
    from types import SimpleNamespace
    return lambda: values(actor, SimpleNamespace(state=state, ruleset=rs))

"""ruleset.yaml's `add_requires`: tests of an actor `add` makes, over its new sheet,
each refused in its own words and nothing added (a ruleset's creation rules: the
points a level allows, say). A test reads ``actor.X`` (the new
sheet's values, those `derived:` works out too), ``rules.X``, ``library.KIND`` and
``template_kind``: the item file of the template it was added from, '' without one
(the GM's creatures are exempt: ``template_kind == 'creatures' or ...``). Its `fields:
{NAME: EXPR}` are worked out, reading the same, when it fails, for its words to read."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterator, Mapping
from typing import Any

from shaper_gm.content.schema import Bad
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import ExprError, compile_expr
from shaper_gm.engine.stepkit import fill

SHAPE = "{test: EXPR, refuse: TEXT, hint: TEXT} (test and refuse required)"   # and fields


def add_requires(value: Any) -> tuple[tuple[Any, str, str], ...]:
    """The list, each test compiled (a mistake refused at load, naming the entry)."""
    if not isinstance(value, list):
        raise Bad(f"expected a list of {SHAPE}, got {value!r}")
    out = []
    for i, one in enumerate(value):
        if not isinstance(one, Mapping) or set(one) - {"test", "refuse", "hint", "fields"} or \
                not {"test", "refuse"} <= set(one) or not isinstance(one["refuse"], str):
            raise Bad(f"expected {SHAPE}, got {one!r}", f"[{i}]")
        test = _read(one["test"], f"[{i}].test")
        fields = one.get("fields", {})
        if not isinstance(fields, Mapping):
            raise Bad(f"expected {SHAPE}, got {one!r}", f"[{i}]")
        worked = tuple((str(name), _read(expr, f"[{i}].fields.{name}"))
                       for name, expr in fields.items())
        out.append((test, one["refuse"], str(one.get("hint", "")), worked))
    return tuple(out)


def _read(text: Any, at: str) -> Any:
    """An add test's expression, compiled; one reading what an add test cannot read is
    refused, naming where."""
    try:
        test = compile_expr(str(text))
    except ExprError as exc:
        raise Bad(str(exc), at) from None
    bad = sorted(n for n in test.names if n.partition(".")[0] not in
                 ("actor", "rules", "library", "template_kind"))
    if bad:
        raise Bad(f"reads {bad[0]!r}: an add test reads actor.X, rules.X, library.KIND "
                  "and template_kind", at)
    return test


class _NewActor(Mapping[str, Any]):
    """What an add test reads, worked out as it is read."""

    def __init__(self, rs: Any, sheet: Any, kind: str, name: str) -> None:
        self.rs, self.sheet, self.kind, self.name = rs, sheet, kind, name

    def __getitem__(self, name: str) -> Any:
        head, _, rest = name.partition(".")
        if name == "actor.name" and self.name:
            return self.name                  # the name it is added under
        if head == "actor" and rest:
            return self.rs.stat(self.sheet, rest) if rest in self.rs.derived or \
                rest in ("hp", "max_hp") else self.sheet.get(rest)
        if head == "rules" and rest:
            return self.rs.library.numbers[rest]
        if head == "library" and rest:
            return self.rs.library.kind(rest)
        if name == "template_kind":
            return self.kind
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def check_new(rs: Any, sheet: Any, template: Any, name: str = "") -> None:
    """Each `add_requires` test of the new actor's sheet: the first that fails refuses
    the add (a RuleViolation in its words); `actor.name` reads `name`, the name it is
    added under."""
    tests = rs.library.numbers.get("add_requires") or ()
    if not tests:
        return
    kind = next((k for k in rs.library.templates if template is not None and
                 rs.library.kind(k).get(template.get("id")) is template), "")
    env = _NewActor(rs, sheet, kind, name)
    for test, refuse, hint, fields in tests:
        if not test.run(env):
            said = ChainMap({name: expr.run(env) for name, expr in fields}, env)
            raise RuleViolation(fill(refuse, said), fill(hint, said) if hint else "")

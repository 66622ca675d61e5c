"""What the declared steps share (`engine.vocab`, `engine.asking`, the changes and the
provoked answers): the facts they read and write, their one error, names and
expressions checked as they load, {name} fields filled in, a step's `when` guard."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.errors import ExprError
from shaper_gm.engine.steps import Step

if TYPE_CHECKING:      # expressions are compiled by what declares them, not on import
    from shaper_gm.engine.expr import Compiled

NO = "none"                  # the answer of someone who does not take what is offered
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*")
FIELD = re.compile(r"\{([a-z_][a-z0-9_.]*)\}")      # a {name} a text fills in


def fill(text: str, env: Mapping[str, Any]) -> str:
    """`text` with each ``{name}`` replaced by that value of `env` (left as written when
    `env` has none): notes, prompts, refusals and outcome lines alike. A list of values
    reads as its items joined by commas (``maul, dagger``), a mapping as its keys."""
    parts = _fields(text)             # words, a name, words, ...: split once per text
    if len(parts) == 1:
        return text
    out = [parts[0]]
    for at in range(1, len(parts), 2):
        try:
            got = env[parts[at]]
        except (KeyError, ExprError):
            out.append("{" + parts[at] + "}")
        else:
            out.append(got if type(got) is str else ", ".join(map(str, got))
                       if isinstance(got, tuple | list | Mapping) else str(got))
        out.append(parts[at + 1])
    return "".join(out)


@lru_cache(maxsize=4096)
def _fields(text: str) -> tuple[str, ...]:
    return tuple(FIELD.split(text))


# A step made from its declaration, the names it reads and the names it writes.
Made = tuple[Step, frozenset[str], frozenset[str]]


class Entered(int):
    """A total called out at the table: a number like any other, which a note or a
    line writes ``5 (entered)`` (a quiet roll's note gives its face that way)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{int(self)} (entered)"


class VocabError(ValueError):
    """A declared step that cannot be made; `where` locates it (``steps[2].into``)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class Facts(Mapping[str, Any]):
    """An immutable mapping of names to values: what the steps know, and the sheets and
    items of a ruleset written as data. Equal facts are one situation to exact odds, so
    they hash by content."""

    __slots__ = ("_values", "_hash")

    def __init__(self, values: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        self._values = dict(values)
        self._hash: int | None = None

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def get(self, name: str, default: Any = None) -> Any:       # no KeyError raised and
        return self._values.get(name, default)                  # caught, as Mapping's

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __getattr__(self, name: str) -> Any:
        """A key read as an attribute (`sheet.name`), as the shared layers read sheets."""
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._values.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Facts):
            return self._values == other._values
        return NotImplemented

    def __repr__(self) -> str:
        return f"Facts({self._values!r})"

    @classmethod
    def owning(cls, values: dict[str, Any]) -> Facts:
        """Facts over `values`, a dict made for them alone (kept, not copied)."""
        made = cls.__new__(cls)
        made._values, made._hash = values, None
        return made

    def with_values(self, **values: Any) -> Facts:
        return Facts.owning({**self._values, **values})

    def without(self, names: tuple[str, ...]) -> Facts:
        """These facts without `names` (the same facts when none of them is here)."""
        values = self._values
        if not any(name in values for name in names):
            return self
        kept = dict(values)
        for name in names:
            kept.pop(name, None)
        return Facts.owning(kept)

    def only(self, names: frozenset[str], order: tuple[str, ...] = ()) -> Facts:
        """These facts without what no later step reads (exact odds merge more); `order`,
        the names in a fixed order, is walked instead of the facts when shorter."""
        values = self._values
        if order and len(order) < len(values):
            return Facts.owning({k: values[k] for k in order if k in values})
        return Facts.owning({k: v for k, v in values.items() if k in names})


def expression(value: Any, at: str) -> Compiled:
    from shaper_gm.engine.expr import compile_expr
    try:
        return compile_expr(value)
    except ExprError as exc:
        raise VocabError(at, str(exc)) from None


def checked_name(value: Any, at: str) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise VocabError(at, f"expected a name (lowercase letters, digits, '_' and '.'), "
                             f"got {value!r}")
    return value


def _required_names(declared: Mapping[str, Any], at: str, *keys: str) -> tuple[str, ...]:
    """The names these keys of a step give, each required."""
    for key in keys:
        if key not in declared:
            raise VocabError(f"{at}.{key}", "missing (required)")
    return tuple(checked_name(declared[key], f"{at}.{key}") for key in keys)


def _guard(declared: Mapping[str, Any], at: str) -> Compiled | None:
    return expression(declared["when"], f"{at}.when") if "when" in declared else None


def _guarded(name: str, guard: Compiled | None, body: Any) -> Step:
    if guard is None:
        return Step(body, name)
    test = guard.run

    def run(facts: Facts, tape: Any) -> Facts:
        after: Facts = body(facts, tape) if test(facts) else facts
        return after
    return Step(run, name)


def _reads(*exprs: Compiled | None) -> frozenset[str]:
    return frozenset().union(*(e.names for e in exprs if e is not None))

"""An action as requested: the verb, its positional words by role, its flags, all
resolved (ids for prefixes, canonical zones, checked choices). The engine's pipeline
and a ruleset's steps read it; the command layer writes the log line from it
(`commands.logline`), the way a chess move is written from the move and not from what
was typed.

Roles are the verb's positional slots (`actor`, `target`, `targets`, `zone`, `text`,
...); once the action has run, its flags also hold every slot's faces and every
decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record


@record
class Request:
    verb: str
    # (role, value) in the verb's usage order; a list is several words (`init a b`), a
    # tuple one comma-separated word (`attack x a,b`)
    args: tuple[tuple[str, Any], ...] = ()
    flags: tuple[tuple[str, Any], ...] = ()    # (flag, value) in the verb's flag order

    # --- reading ------------------------------------------------------------------
    def arg(self, role: str, default: Any = None) -> Any:
        return next((value for name, value in self.args if name == role), default)

    def get(self, flag: str, default: Any = None) -> Any:
        return next((value for name, value in self.flags if name == flag), default)

    @property
    def actor(self) -> str | None:
        actor: str | None = self.arg("actor")
        return actor

    @property
    def acting(self) -> str:
        """The actor of a request resolved for an action, which always names one."""
        actor = self.actor
        if actor is None:
            raise RuleViolation(f"{self.verb}: nobody to act", f"name the actor: {self.verb} ID")
        return actor

    @property
    def target(self) -> str | None:
        found: str | None = self.arg("target")
        if found is None:
            targets: Sequence[str] | None = self.arg("targets")
            return targets[0] if targets else None
        return found

    @property
    def targets(self) -> tuple[str, ...]:
        many = self.arg("targets")
        if many is not None:
            return tuple(many)
        one = self.arg("target")
        return (one,) if one is not None else ()

    # --- building -----------------------------------------------------------------
    def with_flags(self, values: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> Request:
        """These flags set: one already there keeps its place, a new one goes last, and
        None or an empty list drops one."""
        merged = dict(self.flags)
        merged.update(values)
        kept = tuple((k, v) for k, v in merged.items() if v is not None and v != []
                     and v != ())
        return Request(self.verb, self.args, kept)

    def with_args(self, **values: Any) -> Request:
        """Roles given new values (in place), others unchanged."""
        return Request(self.verb, tuple((k, values.get(k, v)) for k, v in self.args),
                       self.flags)

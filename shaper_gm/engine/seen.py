"""What one encounter state shows an action, worked out once for that state.

A simulated action is checked (what the offers rank first), priced (whether it can be
paid for) and played, each on the same state and mostly the same request; states are
immutable records, so what a situation reads of one state (an actor's numbers, the
distance, an item's fields) and what an action's checks find of one request hold for as
long as that state is the one asked about. Both are kept here for the last state and
ruleset asked about, and dropped when either changes:

- `flag`: what a request's flag reads, the same from state to state;
- `reads`: what situations of the same actor, target, item and destination read that
  does not depend on the request's words (`engine.situation`);
- `targets`: an action's situations for one request (`engine.declared`);
- `verdict`: for one of them, its given facts (`engine.given`) and which of its checks
  already held, shared by the requests naming the same actor, target, item and
  destination when none of the action's expressions reads the request's own words (a
  check of the offers, without `--with`, and the line played with the first item named).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shaper_gm.engine.errors import ExprError, RuleViolation


class _Kept:
    """The state and ruleset last asked about, and what is kept of them: a memo, like
    `functools.lru_cache`'s, that changes no answer (each is what working it out anew
    gives)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.rs: Any = None
        self.reads: dict[tuple[Any, ...], tuple[Any, dict[str, Any]]] = {}
        self.targets: dict[tuple[Any, ...], tuple[Any, list[Any]]] = {}
        self.verdicts: dict[tuple[Any, ...], tuple[Any, Verdict]] = {}
        self.flags: dict[tuple[Any, str], Any] = {}     # kept from state to state

    def flags_of(self, rs: Any) -> dict[tuple[Any, str], Any]:
        """The flags read of requests by the ruleset `rs` (none kept of another)."""
        if rs is not self.rs:
            self.of(None, rs)
        elif len(self.flags) > MAX_FLAGS:
            self.flags = {}
        return self.flags

    def of(self, state: Any, rs: Any) -> _Kept:
        """Itself, what was kept of another state or ruleset dropped."""
        if rs is not self.rs:
            self.flags = {}
        if state is not self.state or rs is not self.rs:
            self.state, self.rs = state, rs
            self.reads, self.targets, self.verdicts = {}, {}, {}
        return self


_KEPT = _Kept()
MAX_FLAGS = 4096            # flags read of requests kept, before they are let go


def flag(rs: Any, request: Any, name: str, read: Callable[[], Any]) -> Any:
    """What `flag.NAME` reads of `request` (`read`), kept for equal requests from state
    to state: a request's flags are read the same whatever the encounter holds."""
    kept = _KEPT.flags_of(rs)
    try:
        key = (request, name)
        if key in kept:
            return kept[key]
    except TypeError:                   # a flag holding a list: read each time
        return read()
    value = kept[key] = read()
    return value


def reads(state: Any, rs: Any, actor: str, target: str | None, item: Any,
          destination: str | None) -> dict[str, Any]:
    """The names read so far by situations of `state` with this actor, target, item
    and destination, to their values (the item is kept with them, so its id stays its
    own while it is part of the key)."""
    kept = _KEPT.of(state, rs).reads
    key = (actor, target, id(item), destination)
    found = kept.get(key)
    if found is None:
        found = kept[key] = (item, {})
    return found[1]


class Verdict:
    """One target's given facts (worked out as they are read) and which of the action's
    checks were found to hold: `required` (its `requires`), `checked` (its `checks` and
    the cells it names), `price` (its cost)."""

    __slots__ = ("given", "required", "checked", "price")

    def __init__(self, given: Any) -> None:
        self.given = given
        self.required = self.checked = False
        self.price: dict[str, int] | None = None


def targets(action: Any, state: Any, rs: Any, request: Any,
            made: Callable[[], list[Any]]) -> list[Any]:
    """The action's situations for `request` on `state`, `made` once; a request that
    cannot be a key (a flag holding a list) is made anew each time, as a refusal is."""
    kept = _KEPT.of(state, rs).targets
    try:
        key = (id(action), request)
        found = kept.get(key)
    except TypeError:
        return made()
    if found is None:
        found = kept[key] = (action, made())    # the action held: its id stays its own
    return found[1]


def verdict(action: Any, situation: Any, words: tuple[str, ...],
            given: Callable[[Any], Any]) -> Verdict:
    """The action's verdict on `situation` (its `given` facts of it), made once for its
    state, actor, target, item and destination and what it reads of the request's
    words (`words`, each read here: one that cannot be read, or be a key, makes it anew,
    read where it was)."""
    kept = _KEPT.of(situation.state, situation.rs).verdicts
    try:
        key = (id(action), situation.ids["actor"], situation.ids.get("target"),
               id(situation.item), situation.destination,
               *(situation[name] for name in words))
        found = kept.get(key)
    except (TypeError, KeyError, ExprError, RuleViolation):
        return Verdict(given(situation))
    if found is None:                   # the action and item held with it: ids their own
        found = kept[key] = ((action, situation.item), Verdict(given(situation)))
    return found[1]

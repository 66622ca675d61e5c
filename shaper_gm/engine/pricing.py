"""An action's price read from its ruleset's content (`numbers.cost`), at the time it
is taken: every ruling's number stays a content value the GM can change."""

from __future__ import annotations


def priced(action: str, resource: str | None = None):
    """The `Action.cost` of `action`: `{resource: numbers.cost(action)}`, or, with no
    resource, the mapping the content gives for it."""
    if resource is None:
        return lambda acting: acting.rs.numbers.cost(action)
    return lambda acting: {resource: acting.rs.numbers.cost(action)}

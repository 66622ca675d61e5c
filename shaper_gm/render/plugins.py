"""Where the render layer finds a ruleset's screen: the `SCREEN` its views module declares.

A ruleset's event and view types live in `shaper_gm.rulesets.ID.*`; its views module,
`shaper_gm.rulesets.ID.views`, declares one `Screen`: the one-line text and the
breakdown of its own events, the renderers of its own views, its order-table `Layout`
and its `show ACTOR` sheet. Importing that module only defines them; the render layer
reads the declaration (once, cached) and never writes a ruleset's renderers into a
table of its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import field
from functools import lru_cache
from typing import Any

from shaper_gm.records import record

RULESETS = "shaper_gm.rulesets."


class ByType(dict):
    """event or view type -> its renderer; in a views module, ``@LINES.of(Moved)`` above
    a function adds it."""

    def of(self, cls: type) -> Callable[[Callable], Callable]:
        def add(render: Callable) -> Callable:
            self[cls] = render
            return render
        return add


@record
class Screen:
    """All a ruleset draws on its own (the rest is the generic renderers')."""

    lines: Mapping[type, Callable[..., str]] = field(default_factory=dict)  # (e, names, cost)
    events: Mapping[type, Callable[..., Any]] = field(default_factory=dict)  # breakdowns
    views: Mapping[type, Callable[..., Any]] = field(default_factory=dict)  # (view, names)
    layout: Any = None            # render.tables.Layout: columns, legend, toolbar, map groups
    sheet: Any = None             # render.views.Sheet: its `show ACTOR` rows


NONE = Screen()


def package_of(cls: type) -> str:
    """``reactions`` for a type defined anywhere in `shaper_gm.rulesets.reactions`."""
    module = getattr(cls, "__module__", "") or ""
    if not module.startswith(RULESETS):
        return ""
    return module[len(RULESETS):].split(".", 1)[0]


@lru_cache(maxsize=64)
def screen(ruleset_id: str) -> Screen:
    """The screen a ruleset's views module declares (NONE when it has none)."""
    if not ruleset_id:
        return NONE
    try:
        module = importlib.import_module(f"{RULESETS}{ruleset_id}.views")
    except (ModuleNotFoundError, ValueError):
        return NONE
    return getattr(module, "SCREEN", NONE)


def declared(kind: str, cls: type) -> Callable[..., Any] | None:
    """What the ruleset that defines `cls` declares for it: its one-line text (`lines`),
    its breakdown (`events`) or, for a view of its own, its renderer (`views`)."""
    return getattr(screen(package_of(cls)), kind).get(cls)


def ruling_titles(ruleset_id: str) -> dict[str, str]:
    """A ruleset's ruling codes and their short titles, in the order of its rulings file
    (its `rulings` module's TITLES), or nothing when it has none."""
    try:
        module = importlib.import_module(f"{RULESETS}{ruleset_id}.rulings")
    except (ModuleNotFoundError, ValueError):
        return {}
    return dict(getattr(module, "TITLES", {}))

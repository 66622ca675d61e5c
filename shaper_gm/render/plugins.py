"""Where the render layer finds a ruleset's screen: its `content/ID/screen.yaml`.

A ruleset's event and view types live in `shaper_gm.rulesets.ID.*`; its screen file
declares the one-line text and the breakdown of its own events, its order-table
`Layout`, its `show ACTOR` sheet and its words (screenfile.py reads it), naming the
functions of its views module, `shaper_gm.rulesets.ID.views`, where a text needs code.
The render layer reads the screen the first time it meets the ruleset (once, cached)
and never writes a ruleset's renderers into a table of its own.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import field
from functools import lru_cache
from typing import Any

from shaper_gm.places import data_rulesets
from shaper_gm.records import record

RULESETS = "shaper_gm.rulesets."


@record
class Screen:
    """All a ruleset draws on its own (the rest is the generic renderers')."""

    lines: Mapping[type, Callable[..., str]] = field(default_factory=dict)  # (e, names, cost)
    events: Mapping[type, Callable[..., Any]] = field(default_factory=dict)  # breakdowns
    views: Mapping[type, Callable[..., Any]] = field(default_factory=dict)  # (view, names)
    layout: Any = None            # render.tables.Layout: columns, legend, toolbar, map groups
    sheet: Any = None             # render.views.Sheet: its `show ACTOR` rows
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)   # its words


NONE = Screen()


def package_of(cls: type) -> str:
    """``reactions`` for a type defined anywhere in `shaper_gm.rulesets.reactions`."""
    module = getattr(cls, "__module__", "") or ""
    if not module.startswith(RULESETS):
        return ""
    return module[len(RULESETS):].split(".", 1)[0]


@lru_cache(maxsize=64)
def screen(ruleset_id: str) -> Screen:
    """The screen a ruleset declares (NONE when it has none); a ContentError when its
    screen file has mistakes."""
    try:
        package = bool(ruleset_id) and \
            importlib.util.find_spec(f"{RULESETS}{ruleset_id}") is not None
    except (ModuleNotFoundError, ValueError):
        package = False
    if not package and ruleset_id not in data_rulesets():
        return NONE                       # no ruleset of that id, or one of the tests'
    from shaper_gm.render.screenfile import read_screen
    return read_screen(ruleset_id) or NONE


def declared(kind: str, cls: type) -> Callable[..., Any] | None:
    """What the ruleset that defines `cls` declares for it: its one-line text (`lines`),
    its breakdown (`events`) or, for a view of its own, its renderer (`views`)."""
    return getattr(screen(package_of(cls)), kind).get(cls)


def ruling_titles(ruleset_id: str) -> dict[str, str]:
    """A ruleset's ruling codes and their short titles, in the order of its rulings file
    (its `rulings` module's TITLES; a ruleset written as data: its ruleset.yaml's
    `rulings`), or nothing when it has none."""
    from shaper_gm.engine import registry
    if ruleset_id in registry.written_as_data():
        return dict(registry.build(ruleset_id).library.numbers.get("rulings") or ())
    try:
        module = importlib.import_module(f"{RULESETS}{ruleset_id}.rulings")
    except (ModuleNotFoundError, ValueError):
        return {}
    return dict(getattr(module, "TITLES", {}))

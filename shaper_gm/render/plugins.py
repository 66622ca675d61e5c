"""Loading a ruleset's screen code when its events or views first need drawing.

A ruleset's event types live in `shaper_gm.rulesets.ID.events` (or another of its
modules); its renderers in `shaper_gm.rulesets.ID.views`, which registers them with
the tables here on import. The render layer never imports a ruleset by name: it
derives the views module from the type it meets, once.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

RULESETS = "shaper_gm.rulesets."


@lru_cache(maxsize=64)
def load_views_for(cls: type) -> bool:
    """Import the views module of the ruleset that defines `cls`; True if there is one."""
    module = getattr(cls, "__module__", "") or ""
    if not module.startswith(RULESETS):
        return False
    package = module[:len(RULESETS)] + module[len(RULESETS):].split(".", 1)[0]
    try:
        importlib.import_module(f"{package}.views")
    except ModuleNotFoundError:
        return False
    return True


def ruling_titles(ruleset_id: str) -> dict[str, str]:
    """A ruleset's ruling codes and their short titles, in the order of its rulings file
    (its `rulings` module's TITLES), or nothing when it has none."""
    try:
        module = importlib.import_module(f"{RULESETS}{ruleset_id}.rulings")
    except (ModuleNotFoundError, ValueError):
        return {}
    return dict(getattr(module, "TITLES", {}))


def load_views(ruleset_id: str) -> None:
    """Import a ruleset's views module by id (before drawing its tables)."""
    try:
        importlib.import_module(f"{RULESETS}{ruleset_id}.views")
    except ModuleNotFoundError:
        pass

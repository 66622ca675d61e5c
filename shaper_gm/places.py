"""Where shaper-gm finds its content on disk, and the rulesets written as data there.

The content folder is $SHAPER_GM_CONTENT, else the checkout's `content/`, else the one
installed with the package. A folder in it (or in $SHAPER_GM_RULESETS, a GM's own
rulesets) that holds an `actions.yaml` is a ruleset written as data: the folder's name
is its id, and no Python of its own serves it.
"""

from __future__ import annotations

import os
from pathlib import Path

CONTENT_VAR = "SHAPER_GM_CONTENT"
RULESETS_VAR = "SHAPER_GM_RULESETS"
MARKER = "actions.yaml"


def content_path(root: str | Path | None = None) -> Path:
    """`root`, else $SHAPER_GM_CONTENT, else the checkout's `content/`, else the
    package's; resolved, not checked."""
    if root is None and os.environ.get(CONTENT_VAR):
        root = os.environ[CONTENT_VAR]
    if root is None:
        here = Path(__file__).resolve()
        checkout = here.parents[1]
        in_checkout = (checkout / "pyproject.toml").is_file() and (checkout / "content").is_dir()
        root = checkout / "content" if in_checkout else here.parent / "_content"
    return Path(root).expanduser().resolve()


def data_rulesets() -> dict[str, Path]:
    """Every ruleset written as data, by id: the content folder's first, then the GM's
    own (one with the id of a shipped ruleset is not taken)."""
    found: dict[str, Path] = {}
    extra = os.environ.get(RULESETS_VAR, "")
    for base in (content_path(), *(Path(p).expanduser() for p in extra.split(os.pathsep) if p)):
        try:
            folders = sorted(base.iterdir())
        except OSError:
            continue
        for folder in folders:
            if folder.name not in found and (folder / MARKER).is_file():
                found[folder.name] = folder
    return found

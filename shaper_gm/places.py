"""Where shaper-gm finds its content on disk, and the rulesets written as data there.

The content folder is $SHAPER_GM_CONTENT, else the checkout's `content/`, else the one
installed with the package. A folder in it (or in $SHAPER_GM_RULESETS, a GM's own
rulesets) that holds an `actions.yaml` is a ruleset written as data: the folder's name
is its id, and no Python of its own serves it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

CONTENT_VAR = "SHAPER_GM_CONTENT"
RULESETS_VAR = "SHAPER_GM_RULESETS"
MARKER = "actions.yaml"


def content_path(root: str | Path | None = None) -> Path:
    """`root`, else $SHAPER_GM_CONTENT, else the shipped content; resolved, not
    checked."""
    if root is None and os.environ.get(CONTENT_VAR):
        root = os.environ[CONTENT_VAR]
    return Path(root if root is not None else shipped_path()).expanduser().resolve()


def shipped_path() -> Path:
    """The content that comes with the program: the checkout's `content/`, else the
    one installed with the package."""
    here = Path(__file__).resolve()
    checkout = here.parents[1]
    in_checkout = (checkout / "pyproject.toml").is_file() and (checkout / "content").is_dir()
    return checkout / "content" if in_checkout else here.parent / "_content"


def data_rulesets() -> dict[str, Path]:
    """Every ruleset written as data, by id: the content folder's first, then the GM's
    own. Looked for once per content folder and $SHAPER_GM_RULESETS."""
    return dict(_found(content_path(), os.environ.get(RULESETS_VAR, "")))


@lru_cache(maxsize=8)
def _found(content: Path, extra: str) -> tuple[tuple[str, Path], ...]:
    found: dict[str, Path] = {}
    for base in (content, *(Path(p).expanduser() for p in extra.split(os.pathsep) if p)):
        try:
            folders = sorted(base.iterdir())
        except OSError:
            continue
        for folder in folders:
            if folder.name not in found and (folder / MARKER).is_file():
                found[folder.name] = folder
    return tuple(found.items())

"""The whole test run keeps parsed content in a folder of its own, never the user's
cache (`content/yamlcache.py`); programs the tests start inherit it."""

from __future__ import annotations

import os
import tempfile


def pytest_configure(config) -> None:
    if "SHAPER_GM_CACHE" not in os.environ:
        os.environ["SHAPER_GM_CACHE"] = tempfile.mkdtemp(prefix="shaper-gm-cache-")

"""Fixtures for content tests: a scratch copy of the shipped library to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SHIPPED = Path(__file__).resolve().parents[4] / "content"


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A copy of the shipped content under tmp_path/content, safe to edit."""
    root = tmp_path / "content"
    shutil.copytree(SHIPPED, root)
    return root

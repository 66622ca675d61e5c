"""The renderer the shell, `run` and `replay` print with: the render layer's, on a
console that has colour only on a terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any


def make_renderer(file: IO[str] | None = None, *,
                  ruleset_for: Callable[[Any], Any] | None = None) -> Any:
    """A `Renderer` printing to `file` (standard output by default); `ruleset_for` (e.g.
    `session.ruleset_for`) lets it name distance bands and show spent actions."""
    from shaper_gm.render.console import Renderer, make_console
    return Renderer(make_console(file), ruleset_for=ruleset_for)


def say(renderer: Any, text: str) -> None:
    """A plain line from the shell itself (recovery notice, a re-asked die)."""
    renderer.console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)

"""Turning results into text: the only package that imports rich."""

from shaper_gm.render.console import Renderer, make_console
from shaper_gm.render.text import Names, describe, describe_events

__all__ = ["Names", "Renderer", "describe", "describe_events", "make_console"]

"""Turning results into text: the only package that imports rich.

The names below load their modules on first use, so that a module of this package that
needs no rich (escape.py) can be imported without it.
"""

from importlib import import_module

_HOMES = {"Renderer": "console", "make_console": "console", "Names": "text",
          "describe": "text", "describe_events": "text"}

__all__ = ["Names", "Renderer", "describe", "describe_events", "make_console"]


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""What view commands hand to the render layer: plain data, no formatting."""

from __future__ import annotations

from typing import Any

from shaper_gm.records import record


@record
class Message:
    text: str


@record
class HistoryMoved:
    """undo / redo: the lines taken back or applied again, newest first for undo; for
    redo, each line's events as they happened (empty when not known)."""

    lines: tuple[str, ...]
    redo: bool
    events: tuple[tuple, ...] = ()
    rerolled: str | None = None   # `undo --reroll`: the `reroll N` line it logged


@record
class ActorView:
    state: Any
    actor: str
    library: Any
    ruleset: Any


DETAILS = ("brief", "full")          # how much of each breakdown the screen prints


@record
class Explained:
    """`why`: a command's events, to be drawn with every roll, number and ruling."""

    line: str
    events: tuple = ()


@record
class DetailsChosen:
    """`details brief|full`: how much of each breakdown the screen prints from now on."""

    mode: str


@record
class OrderView:
    state: Any
    brief: bool = False      # drawn as a turn begins: the rows from the acting actor on


@record
class MapView:
    state: Any
    ruleset: Any


@record
class LogView:
    lines: tuple[str, ...]
    first: int                    # number of the first line shown (1-based)
    events: tuple[tuple, ...] = ()    # each line's events; () where not known


@record
class HelpView:
    verbs: tuple[Any, ...]        # registry Verbs
    detail: bool                  # one verb in full, or the list
    ruleset: str = ""             # whose rulings the verbs cite (their titles are shown)


@record
class FileWritten:
    path: str
    what: str                     # save | export
    note: str = ""

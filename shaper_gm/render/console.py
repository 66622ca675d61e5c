"""The one place output reaches the screen: a rich Console and a Renderer around it.

`Renderer.show(result, state)` prints what a command did (its events, each attack in
full) and what it asked to see (its view). Events and views are looked up in the
type -> renderer tables below, then in what their ruleset's screen declares
(plugins.py); anything unknown still gets a plain line, never a crash.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import IO, Any

from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.text import Text

from shaper_gm.commands import viewdata as vd
from shaper_gm.content.schema import ContentError
from shaper_gm.engine import events as ev
from shaper_gm.engine.odds import Odds
from shaper_gm.render import breakdown
from shaper_gm.render.escape import escape_controls
from shaper_gm.render.plugins import declared
from shaper_gm.render.text import Names, describe, fold_costs

# Events after which someone else may act: the order table follows them.
TURN_CHANGES = (ev.TurnStarted, ev.UpNext, ev.PassStarted, ev.CombatEnded)

class SafeConsole(Console):
    """A rich Console that shows control characters in text as escapes (see escape.py)
    and, when the reader of a pipe goes away (`run x | head -1`), drops the rest of
    the output quietly instead of exiting."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            segment if segment.control else
            Segment(escape_controls(segment.text), segment.style, segment.control)
            for segment in buffer)

    def on_broken_pipe(self) -> None:
        self.quiet = True
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass


def make_console(file: IO[str] | None = None, **options: Any) -> Console:
    """A console that writes plain text (no colour, no cursor movement) unless `file`
    (standard output by default) is a terminal; NO_COLOR turns colour off everywhere."""
    if os.environ.get("NO_COLOR"):
        options.setdefault("no_color", True)
    return SafeConsole(file=file, highlight=False, emoji=False, soft_wrap=False, **options)


RulesetFor = Callable[[Any], Any]


class Renderer:
    """Prints command results and errors on one console.

    `names` adds id -> name entries to those the states provide (e.g. actors that have
    since left the fight); `ruleset_for(state)` (e.g. `session.ruleset_for`) lets the
    renderer name distance bands and show spent actions as ○.
    """

    def __init__(self, console: Console | None = None, *,
                 names: Mapping[str, str] | None = None,
                 ruleset_for: RulesetFor | None = None, details: str | None = None) -> None:
        self.console = console if console is not None else make_console()
        self.known: dict[str, str] = dict(names or {})
        self.ruleset_for = ruleset_for
        # brief: an event's headline lines only (`why` draws the rest); the GM's setting
        chosen = details or os.environ.get("SHAPER_GM_DETAILS", "").strip().lower()
        self.details = chosen if chosen in vd.DETAILS else "full"

    # --- entry points ---------------------------------------------------------------
    def show(self, result, state) -> None:
        """Print a command's events, then the turn order if a turn began, then its view."""
        names = self.names(state)
        events = tuple(getattr(result, "events", ()) or ())
        for event in events:                        # remember who was there
            if isinstance(event, ev.ActorAdded):
                self.known[event.actor] = event.name
        names = self.names(state)
        full = self.details == "full" or getattr(result, "verbose", False)
        for event, cost in fold_costs(events):
            drawn = self.event(event, names, cost)
            self.print(drawn if full else self.headlines(drawn))
        if any(isinstance(e, TURN_CHANGES) for e in events) and state is not None:
            if not isinstance(getattr(result, "view", None), vd.OrderView) \
                    and self.table_follows(state, events):
                self.print(self.view(vd.OrderView(state, brief=True), names))
        view = getattr(result, "view", None)
        if view is not None:
            self.print(self.view(view, names))

    def table_follows(self, state, events) -> bool:
        """After a turn change, unless the ruleset draws the table only as a round
        begins (and the fight ends): then the event lines say what changed and who is
        up next."""
        from shaper_gm.render.tables import layout_for  # rich's tables: drawn next anyway
        if layout_for(state, self.ruleset(state)).drawn_after == "turn":
            return True
        return any(isinstance(e, ev.RoundStarted | ev.CombatEnded) for e in events)

    def headlines(self, drawn: RenderableType) -> RenderableType:
        """What `details brief` prints of an event: its lines that are not indented (the
        verdict; a breakdown's rows are indented under it)."""
        from rich.segment import Segments
        lines = self.console.render_lines(drawn, pad=False, new_lines=True)
        return Segments([segment for line in lines
                         if not "".join(s.text for s in line).startswith(" ")
                         for segment in line])

    def show_order(self, state) -> None:
        """The turn order, as the GM sees it on opening a fight that has one."""
        if state is not None and state.order:
            self.print(self.view(vd.OrderView(state, brief=True), self.names(state)))

    def error(self, exc: BaseException) -> None:
        """``error: MESSAGE`` and, on its own line, ``  → hint``; red on a terminal."""
        message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
        hint = getattr(exc, "hint", "")
        self.console.print(Text(f"error: {message}", style="bold red"))
        if hint:
            self.console.print(Text(f"  → {hint}", style="red"))

    def print(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    # --- lookups ----------------------------------------------------------------------
    def names(self, state) -> Names:
        if state is not None:
            self.known.update({a.id: a.name for a in state.actors.values()})
        band = None
        if state is not None:
            band = getattr(self.ruleset(state), "band_name", None)
        return Names.of(known=self.known, band=band)

    def ruleset(self, state):
        """The state's ruleset: the session's, or else built from the shipped content."""
        if state is None:
            return None
        if self.ruleset_for is not None:
            return self.ruleset_for(state)
        return default_ruleset(state.ruleset)

    # --- renderables --------------------------------------------------------------------
    def event(self, event, names: Names, cost: str = "") -> RenderableType:
        render = EVENT_RENDERERS.get(type(event)) or declared("events", type(event))
        try:
            if render is not None:
                return render(event, names, cost)
        except MemoryError:
            raise               # too big to draw is not malformed: the caller says so
        except Exception:       # a malformed event falls back to its one-line text
            pass
        return Text(describe(event, names, cost))

    def redone(self, view, names: Names) -> RenderableType:
        """``Redid: LINE`` and then what it did, as when it was first applied."""
        out: list[RenderableType] = []
        events = view.events or ((),) * len(view.lines)
        for line, happened in zip(view.lines, events, strict=True):
            out.append(Text(f"Redid: {line}"))
            out += [self.event(event, names, cost) for event, cost in fold_costs(happened)]
        return Group(*out)

    def view(self, view, names: Names) -> RenderableType:
        try:
            if isinstance(view, vd.OrderView | vd.MapView):
                from shaper_gm.render import tables  # rich's tables: when first drawn
                if isinstance(view, vd.OrderView):
                    return tables.order_table(view.state, self.ruleset(view.state), view.brief,
                                              width=self.console.width)
                return tables.map_grid(view.state, self.ruleset(view.state))
            if isinstance(view, vd.HistoryMoved) and view.redo:
                return self.redone(view, names)
            if isinstance(view, vd.Explained):
                return Group(Text(f"Why: {view.line}", style="dim"),
                             *(self.event(e, names, cost) for e, cost in fold_costs(view.events)))
            if isinstance(view, vd.DetailsChosen):
                self.details = view.mode
                return Text("Breakdowns: " + ("the verdict lines only; why shows the last "
                                              "in full" if view.mode == "brief" else "in full"))
            render = VIEW_RENDERERS.get(type(view)) or declared("views", type(view))
            if render is not None:
                return render(view, names)
        except (MemoryError, ContentError):
            raise               # too big to draw, or a screen file with mistakes: not malformed
        except Exception:
            pass
        return Text(view if isinstance(view, str) else repr(view))


@lru_cache(maxsize=8)
def default_ruleset(ruleset_id: str):
    from shaper_gm.engine import registry
    return registry.build(ruleset_id)


def _turn_line(event, names: Names, cost: str) -> Text:
    return Text(describe(event, names, cost), style="bold")


def _resolved(event, names: Names, cost: str) -> RenderableType:
    from shaper_gm.render.resolved import resolved_breakdown
    return resolved_breakdown(event, names, cost)


EVENT_RENDERERS: dict[type, Callable[[Any, Names, str], RenderableType]] = {
    ev.DiceRolled: lambda e, n, cost: breakdown.roll_breakdown(e),
    ev.Played: _resolved,
    ev.RoundStarted: _turn_line,
    ev.TurnStarted: _turn_line,
    ev.WentDown: lambda e, n, cost: Text(describe(e, n, cost), style="bold red"),
    ev.CombatEnded: _turn_line,
    ev.CombatResumed: _turn_line,
}


def _views():
    from shaper_gm.render import views  # rich's tables: when a view is first drawn
    return views


def _odds_view(odds, names: Names) -> RenderableType:
    from shaper_gm.render.odds import odds_view  # rich's tables: when odds are first drawn
    return odds_view(odds, names)


VIEW_RENDERERS: dict[type, Callable[[Any, Names], RenderableType]] = {
    vd.ActorView: lambda v, n: _views().actor_sheet(v),
    vd.LogView: lambda v, n: _views().log_lines(v, n),
    vd.HelpView: lambda v, n: _views().help_view(v),
    Odds: lambda v, n: _odds_view(v, n),
    vd.HistoryMoved: lambda v, n: _views().history_moved(v),
    vd.Message: lambda v, n: _views().message(v),
    vd.FileWritten: lambda v, n: _views().file_written(v),
}

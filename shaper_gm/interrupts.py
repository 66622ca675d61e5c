"""Where a stop signal may cut the program short: anywhere but in a landing.

A command works out its result from an immutable encounter and only lands it at the
end: the session takes the new state and log line, a file is written. Stopping it
before it lands changes nothing, however long it has run; stopping a landing half-way
could leave half of it. So the code that lands runs in `landing()`, and a stop that
arrives there waits until the landing is whole.

The shell and scripts own the signal handlers (`shell.signals`); a handler calls
`arrived(signum)`, which raises `Interrupted` at once outside a landing, or keeps the
signal and raises it as the outermost landing ends.
"""

from __future__ import annotations

import signal

__all__ = ["Interrupted", "arrived", "landing"]


class Interrupted(KeyboardInterrupt):
    """A stop signal (Ctrl-C, SIGTERM, SIGHUP) cut the program short where it stood."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


_depth = 0                      # landings in progress (they nest)
_kept: int | None = None        # a signal that came during one


def arrived(signum: int) -> None:
    """What a stop signal does: raise Interrupted now, or once the landing is whole."""
    global _kept
    if _depth:
        if _kept is None:
            _kept = signum
        return
    raise Interrupted(signum)


class landing:
    """`with landing():` runs its body whole: a stop signal inside it is acted on as the
    outermost landing ends (unless something else is already ending the program)."""

    def __enter__(self) -> landing:
        global _depth
        _depth += 1
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        global _depth, _kept
        _depth -= 1
        if _depth == 0 and _kept is not None:
            signum, _kept = _kept, None
            if kind is None or issubclass(kind, Exception):
                raise Interrupted(signum) from exc
        return False

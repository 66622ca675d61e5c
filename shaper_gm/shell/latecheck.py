"""The check that an opened save's log rebuilds its state, run once the prompt is drawn.

Opening a save re-runs the tail of its log (persist.replay.check_tail) so that a log
that does not rebuild the state is told at once and the first undo is instant. The
first screen does not need it: the shell runs it once its prompt is drawn, or before
the first command when that comes sooner (shell.app, `Shell._catch_up`), and the
warning, if any, is told once.
"""

from __future__ import annotations

from collections.abc import Callable


class LateCheck:
    def __init__(self, check: Callable[[], str | None]) -> None:
        """`check`: how the log fails to rebuild the state, in words, or None."""
        self._check = check
        self._ran = False
        self._said: str | None = None

    def run(self) -> None:
        """Run the check, the first time only."""
        if self._ran:
            return
        self._ran = True
        try:
            self._said = self._check()
        except Exception as exc:            # a bug in the check must not cost the shell
            self._said = (f"the save's log could not be checked ({type(exc).__name__}: "
                          f"{exc}), so undo past where it was opened may fail")

    @property
    def pending(self) -> bool:
        """Not run yet, or run with a warning not yet told."""
        return not self._ran or self._said is not None

    def untold(self) -> str | None:
        """The warning, the first time it is asked for once the check ran."""
        said, self._said = self._said, None
        return f"Warning: {said}." if said else None

"""The check that an opened save's log rebuilds its state, run once the prompt is drawn.

Opening a save re-runs the tail of its log (persist.replay.check_tail) so that a log
that does not rebuild the state is told at once and the first undo is instant. The
first screen does not need it: the shell draws its prompt first, then runs the check
on a thread while the GM types, and says above the prompt if the log diverges. The
check changes the session's history, so before a command runs, or the shell ends, it
is waited for (or run there, if the prompt never started it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class LateCheck:
    def __init__(self, check: Callable[[], str | None]) -> None:
        """`check`: the divergence of the log, said in words, or None."""
        self._check = check
        self._started = False
        self._finished = threading.Event()
        self._said: str | None = None
        self._told = False

    def start_on_thread(self) -> None:
        """Run the check on a thread of its own (once)."""
        if not self._started:
            self._started = True
            threading.Thread(target=self._run, name="log check", daemon=True).start()

    def _run(self) -> None:
        try:
            self._said = self._check()
        except Exception as exc:            # a bug in the check must not cost the shell
            self._said = (f"the save's log could not be checked ({type(exc).__name__}: "
                          f"{exc}), so undo past where it was opened may fail")
        finally:
            self._finished.set()

    @property
    def started(self) -> bool:
        return self._started

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    def wait(self) -> None:
        """Until the check is done: run here when it never started."""
        if not self._started:
            self._started = True
            self._run()
        self._finished.wait()

    def untold(self) -> str | None:
        """The warning once the check is done, the first time it is asked for."""
        if not self.finished or self._told or not self._said:
            return None
        self._told = True
        return f"Warning: {self._said}."

"""Signals during runs and commands: stop between lines, never in the middle of one.

`StopSignals` (for `run` and piped `open`) turns SIGINT, SIGTERM and SIGHUP into a
request the runner checks between lines, so the state reached stays whole and can be
saved; a second signal interrupts at once. `HeldInterrupts` (for the shell) keeps
Ctrl-C from cutting a command's output or its save short: it is noted and reported
after the command, and the shell carries on.
"""

from __future__ import annotations

import signal
import threading

STOPPING = ("SIGINT", "SIGTERM", "SIGHUP")


class StopSignals:
    def __init__(self) -> None:
        self.signal: int | None = None
        self._saved: dict[int, object] = {}

    @property
    def name(self) -> str:
        return signal.Signals(self.signal).name if self.signal is not None else ""

    def pending(self) -> bool:
        return self.signal is not None

    def _handle(self, signum, frame) -> None:
        if self.signal is not None:
            raise KeyboardInterrupt          # asked twice: stop now
        self.signal = signum

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for name in STOPPING:
                number = getattr(signal, name, None)
                if number is not None:
                    self._saved[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for number, handler in self._saved.items():
            signal.signal(number, handler)


class HeldInterrupts:
    """Within `with`, Ctrl-C (SIGINT) is noted in `.caught` instead of raised."""

    def __init__(self) -> None:
        self.caught = False
        self._saved = None

    def _handle(self, signum, frame) -> None:
        self.caught = True

    def __enter__(self) -> HeldInterrupts:
        if threading.current_thread() is threading.main_thread():
            self._saved = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        if self._saved is not None:
            signal.signal(signal.SIGINT, self._saved)

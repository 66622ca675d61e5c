"""Stop signals during runs and commands: cut short at once, never in a landing.

Within `StopSignals` (a whole `run`, piped `open`, or one shell command), the first of
SIGINT, SIGTERM or SIGHUP cuts the work in hand short at once, unless it is landing
(see `shaper_gm.interrupts`), in which case it waits for the landing to be whole. What
was cut short changed nothing: a command lands only at its end. Later signals are
noted only: what is left to do is write what was reached, and that must not be cut.
"""

from __future__ import annotations

import signal
import threading

from shaper_gm.interrupts import arrived

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
            return                       # already stopping: let it finish writing
        self.signal = signum
        arrived(signum)

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

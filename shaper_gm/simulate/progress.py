"""The progress line a long simulation draws on a terminal, rewritten in place on
standard error (standard output stays the summary's) and wiped when the runs end."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

WIDTH = 24                 # the bar's cells: the whole line stays within 64 columns


@contextmanager
def progress_line(total: int) -> Iterator[Callable[[int], None] | None]:
    """A function telling how many of `total` runs are done, or None off a terminal."""
    if not sys.stderr.isatty():
        yield None
        return

    def show(done: int) -> None:
        filled = WIDTH * done // total
        sys.stderr.write(f"\rsimulating [{'█' * filled}{' ' * (WIDTH - filled)}] "
                         f"{done:,}/{total:,} · Ctrl-C stops")
        sys.stderr.flush()
    try:
        yield show
    finally:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()

"""Scripts of shell commands: reading them safely and running them line by line.

A script is UTF-8 text, one command a line; `#` starts a comment (at the start of a
word, outside quotes) and blank lines are skipped. Line numbers in errors are the
file's own, comments and blanks included.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from shaper_gm.errors import GmError
from shaper_gm.interrupts import Interrupted
from shaper_gm.records import record


class ScriptError(Exception):
    """The script cannot be read as text at all: nothing in it is run."""


@record
class Failure:
    number: int
    line: str
    error: GmError


def strip_comment(line: str) -> str:
    """The line without its comment: `#` at the start of a word, outside quotes."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.strip()


MAX_SCRIPT_BYTES = 16 * 1024 * 1024


def read_script(name: str, stdin: IO[bytes] | None = None) -> list[tuple[int, str]]:
    """(line number, command) pairs of the script at `name` ('-' = standard input): a
    regular file, or the input stream, of at most MAX_SCRIPT_BYTES."""
    from shaper_gm.files import FileRefused, read_capped, read_stream_capped
    label = "standard input" if name == "-" else name
    try:
        if name == "-":
            data = read_stream_capped(stdin or sys.stdin.buffer, MAX_SCRIPT_BYTES, label,
                                      "script")
        else:
            data = read_capped(Path(name), MAX_SCRIPT_BYTES, "script")
    except FileRefused as exc:
        raise ScriptError(f"{exc.message}; {exc.hint}") from None
    except OSError as exc:
        raise ScriptError(f"{label}: cannot be read ({exc.strerror}); check the path and "
                          "its permissions") from None
    return parse_script(data, label)


def parse_script(data: bytes, label: str) -> list[tuple[int, str]]:
    if b"\x00" in data:
        line = data[:data.index(b"\x00")].count(b"\n") + 1
        raise ScriptError(f"{label}: line {line} holds a NUL byte, so this is not a text "
                          "script; nothing was run")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ScriptError(f"{label}: line {line} is not valid UTF-8 (byte "
                          f"0x{data[exc.start]:02x}); save the script as UTF-8; "
                          "nothing was run") from None
    out = []
    for number, raw in enumerate(text.split("\n"), 1):     # editor line numbers
        command = strip_comment(raw.rstrip("\r"))
        if command:
            out.append((number, command))
    return out


def out_of_memory(result: Any) -> GmError:
    """A MemoryError as one line: before the command landed (no result yet, or a view)
    it changed nothing."""
    if result is None or result.line is None:
        return GmError("not enough memory to work out this command; nothing changed",
                       "ask for less at once (fewer dice, a smaller view)")
    return GmError("the command ran, but printing its result needed more memory than "
                   "there is", "log shows what it did")


def run_script(session: Any, lines: list[tuple[int, str]], show: Callable[[Any], None],
               fail: Callable[[Failure], None], *, keep_going: bool = False,
               done: Callable[[], None] | None = None,
               stop: Callable[[], bool] | None = None) -> list[Failure]:
    """Run each line; a refused line is reported through `fail` and changes nothing.
    `done` runs after each completed line (an autosave's commit); an exception from it
    ends the run. Stops at the first failure unless `keep_going`, at `quit`, and before
    any line once `stop()` says so (a signal came)."""
    failures = []
    for number, line in lines:
        if stop is not None and stop():
            break
        result, before = None, session.state
        try:
            result = session.execute(line)
            if result.verb != "quit":
                show(result)
        except Interrupted as cut:            # a stop signal: the caller says where
            cut.line, cut.landed = number, session.state is not before
            raise
        except (GmError, MemoryError) as exc:
            if isinstance(exc, MemoryError):
                exc = out_of_memory(result)
            failure = Failure(number, line, exc)
            failures.append(failure)
            fail(failure)
            if not keep_going:
                break
            continue
        if result.verb == "quit":
            break
        if done is not None:
            try:
                done()
            except Exception:
                break
    return failures

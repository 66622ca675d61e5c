"""An encounter's identity: a random id its `new` writes into the log's first line.

Two fights that both began with `new --seed 1` are told apart by it, so no write
takes one for the other (persist/replace.py). It lives in the first log line
(`new ... --id 3f9c0e51a2b47d86`), the one line of a log nothing undoes, so a save, its
journal and a replay of its log all carry it, and a script that starts with that line
continues that encounter. A save written before encounters had one is given one
derived from its log (`derived`): the same each time that file is read, until a write
stores it.
"""

from __future__ import annotations

import os
import re

from shaper_gm.commands.args import split_line
from shaper_gm.errors import CommandError, excerpt

FLAG = "id"
LENGTH = 16                          # hex digits: 64 random bits
_FORM = re.compile(f"^[0-9a-f]{{{LENGTH}}}$")


def fresh() -> str:
    """A new identity from the system's random source (as unpredictable as `secrets`,
    without importing it: start-up matters)."""
    return os.urandom(LENGTH // 2).hex()


def checked(text: str) -> str:
    """An identity as typed (`new --id HEX`), or CommandError."""
    if not _FORM.match(text.lower()):
        raise CommandError(f"--{FLAG} {excerpt(text)!r} is not an encounter id: it is "
                           f"{LENGTH} hex digits (0-9, a-f)",
                           "leave --id out: new makes one (a save's first log line has it)")
    return text.lower()


def opening(line: str) -> dict[str, str] | None:
    """A `new` line's flags by name (every flag of `new` takes a value), or None when
    the line is no `new`: what two first lines are compared by, whatever order their
    flags were typed in."""
    try:
        words = split_line(line)
    except CommandError:
        return None
    if not words or words[0].lower() != "new":
        return None
    flags: dict[str, str] = {}
    rest = iter(words[1:])
    for word in rest:
        if word.startswith("--"):
            name, sep, value = word[2:].partition("=")
            flags.setdefault(name, value if sep else next(rest, ""))
    return flags


def of_line(line: str) -> str | None:
    """The identity a log's first line carries, or None (not a `new`, or none given)."""
    value = (opening(line) or {}).get(FLAG, "").lower()
    return value if _FORM.match(value) else None


def first_difference(a: list[str], b: list[str]) -> int | None:
    """The first entry (1-based) where two logs differ, comparing them as far as the
    shorter goes (a first line by its flags), or None where they agree."""
    for number, (x, y) in enumerate(zip(a, b, strict=False), 1):
        if x != y and (number > 1 or opening(x) != opening(y)):
            return number
    return None


def derived(ruleset: str, log: list[str]) -> str:
    """The identity of a save written before encounters had one: a digest of its
    ruleset and log, so two copies of one old save are one encounter, and two old
    fights are two unless every line of them is the same."""
    import hashlib  # only an older save needs it
    text = "\n".join([ruleset, *log])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:LENGTH]


def carried(log: list[str], ruleset: str) -> list[str]:
    """`log` with its first line carrying an identity (`derived` when it has none)."""
    if not log or of_line(log[0]) is not None:
        return log
    return [f"{log[0]} --{FLAG} {derived(ruleset, log)}", *log[1:]]

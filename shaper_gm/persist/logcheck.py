"""A log never runs a file command nor reads a file (spec: Save files): a save or
journal whose log holds one is damaged, refused on open as replay would refuse it.

Only the lines a quick scan of the whole log marks as suspects (a file verb's name at
the start, a flag that reads a file anywhere, or quoting, which may spell either) are
parsed, so a 10,000-entry log is checked in about a millisecond; the scan may mark too
many, never too few. A suspect is judged as the command it parses to, the way replay
reads it (`commands.session.parse_line`), never by its text.
"""

from __future__ import annotations

import re

from shaper_gm.commands.registry import FILE_VERBS
from shaper_gm.commands.session import FileInLog, parse_line
from shaper_gm.errors import GmError


class LogReadsFiles(GmError):
    """A log line that is a file command, or reads a file."""


def check_log_lines(registry, log: list[str], where: str, first: int = 1) -> None:
    """Raise LogReadsFiles for the first such line; `first` is the number of `log[0]`."""
    pattern = _scan(registry)
    for index in _suspects(log, pattern):
        _check(registry, log[index], f"{where}: log entry {index + first}")


_made: dict[int, tuple] = {}


def _scan(registry) -> re.Pattern:
    """What marks a suspect line: a file verb's name at its start, a flag that reads a
    file anywhere, or a quote or backslash anywhere (quoting may spell either)."""
    made = _made.get(id(registry))
    if made is None or made[0] is not registry:
        words = set(FILE_VERBS) | {alias for alias, name in registry.by_alias.items()
                                   if registry.verbs[name].takes_file}
        flags = {f"--{spec.name}" for verb in registry.verbs.values() for spec in verb.flags
                 if spec.reads_file}
        starts = "|".join(re.escape(w) for w in sorted(words))
        anywhere = "|".join(re.escape(f) for f in sorted(flags))
        pattern = re.compile(rf"^[^\S\n]*(?:{starts})(?=\s|$)|['\"\\]"
                             + (f"|{anywhere}" if anywhere else ""), re.M | re.I)
        made = _made[id(registry)] = (registry, pattern)
        if len(_made) > 16:
            _made.pop(next(iter(_made)))
    return made[1]


def _check(registry, line: str, where: str) -> None:
    """The line as the command it parses to (as replay reads it), not as its text."""
    try:
        parse_line(registry, line, replaying=True)
    except FileInLog as exc:
        if exc.command is not None:
            raise LogReadsFiles(f"{where} is the file command {exc.command!r}",
                                "a log never runs file commands; the save is damaged") from None
        raise LogReadsFiles(f"{where} reads a file ({exc.read})",
                            "a log never reads files; the save is damaged") from None
    except GmError:
        return                      # not a readable line: replaying it refuses it


def _suspects(log: list[str], pattern: re.Pattern):
    """Indexes of the lines that may be file commands or read files, in order."""
    text = "\n".join(log)
    if text.count("\n") != max(len(log) - 1, 0):
        yield from range(len(log))     # a line holds a line break: look at each
        return
    index, at, last = 0, 0, -1
    for found in pattern.finditer(text):
        index += text.count("\n", at, found.start())
        at = found.start()
        if index != last:
            last = index
            yield index

"""A log never runs a file command nor reads a file (spec: Save files): a save or
journal whose log holds one is damaged, refused on open as replay would refuse it.

Only the lines a quick scan of the whole log marks as suspects (a file verb's name at
the start, or a flag that reads a file anywhere) are parsed, so a 10,000-entry log is
checked in about a millisecond; the scan may mark too many, never too few.
"""

from __future__ import annotations

import re

from shaper_gm.commands.args import file_read, parse_args, split_line
from shaper_gm.commands.registry import FILE_VERBS
from shaper_gm.errors import GmError


class LogReadsFiles(GmError):
    """A log line that is a file command, or reads a file."""


def check_log_lines(registry, log: list[str], where: str, first: int = 1) -> None:
    """Raise LogReadsFiles for the first such line; `first` is the number of `log[0]`."""
    words, flags, pattern = _marks(registry)
    for index in _suspects(log, pattern):
        _check(registry, log[index], f"{where}: log entry {index + first}", words, flags)


_made: dict[int, tuple] = {}


def _marks(registry) -> tuple[set[str], set[str], re.Pattern]:
    """The registry's file verbs, flags that read files, and the scan for either."""
    made = _made.get(id(registry))
    if made is None or made[0] is not registry:
        words = set(FILE_VERBS) | {alias for alias, name in registry.by_alias.items()
                                   if registry.verbs[name].takes_file}
        flags = {f"--{spec.name}" for verb in registry.verbs.values() for spec in verb.flags
                 if spec.reads_file}
        starts = "|".join(re.escape(w) for w in sorted(words))
        anywhere = "|".join(re.escape(f) for f in sorted(flags))
        pattern = re.compile(rf"^[^\S\n]*(?:{starts})(?=\s|$)"
                             + (f"|{anywhere}" if anywhere else ""), re.M | re.I)
        made = _made[id(registry)] = (registry, words, flags, pattern)
        if len(_made) > 16:
            _made.pop(next(iter(_made)))
    return made[1], made[2], made[3]


def _check(registry, line: str, where: str, words: set[str], flags: set[str]) -> None:
    word = line.split(maxsplit=1)[0].lower() if line.strip() else ""
    if word in words:
        raise LogReadsFiles(f"{where} is the file command {word!r}",
                            "a log never runs file commands; the save is damaged")
    verb = registry.by_alias.get(word)
    if verb is None or not any(flag in line for flag in flags):
        return
    read = _file_read(registry.verbs[verb], line)
    if read is not None:
        raise LogReadsFiles(f"{where} reads a file ({read})",
                            "a log never reads files; the save is damaged")


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


def _file_read(verb, line: str) -> str | None:
    try:
        tokens = split_line(line)
        parsed = parse_args(verb.name, tokens[1:], verb.flags)
    except GmError:
        return None                 # not a readable line: replaying it refuses it
    return file_read(parsed, verb.flags)

"""Safe YAML in and out: the package's one door to YAML files and texts.

Only plain data (mappings, lists, strings, numbers, booleans, null) is ever built. A
file that parsed well once comes back from the parse cache (`yamlcache`) as JSON, so
PyYAML (`yamlparse`), whose import is a large part of a command's start-up, is imported
only when a text must really be parsed or written as block YAML; one-line YAML (a
journal line) is written as JSON, which YAML reads.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from shaper_gm.content.yamlblock import block_yaml


class YamlError(ValueError):
    """A YAML text that is not well-formed plain data.

    ``line`` and ``column`` are 1-based (0 when unknown); ``path`` holds the mapping keys
    and list indexes leading to the offending node, when they could be found.
    """

    def __init__(self, origin: str, problem: str, line: int = 0, column: int = 0,
                 path: tuple[str | int, ...] = ()) -> None:
        self.origin = origin
        self.problem = problem
        self.line = line
        self.column = column
        self.path = path
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(f"{origin}: {where}{problem}")


class Marked(dict):
    """A file's top mapping, with `lines`: the line (1-based) where each key path
    (``("dagger", "power")``, a list's index as its digits) is written, so that a
    message about an item's key can name its line."""

    lines: dict[tuple[str, ...], int]


def load_yaml_text(text: str, *, origin: str, lines: bool = False) -> object:
    """Parse one YAML document of plain data; `origin` names it in errors. With `lines`,
    a top mapping comes as `Marked`, holding the line of every key path."""
    from shaper_gm.content import yamlparse
    return yamlparse.load_yaml_text(text, origin=origin, lines=lines)


def load_yaml_data(text: str, *, origin: str) -> object:
    """Parse large plain data (a save) in bounded memory (see `yamlparse`)."""
    from shaper_gm.content import yamlparse
    return yamlparse.load_yaml_data(text, origin=origin)


def dump_yaml(data: object) -> str:
    """Plain data to block-style YAML, keys in their given order."""
    simple = block_yaml(data)
    if simple is not None:
        return simple
    from shaper_gm.content import yamlparse
    return yamlparse.dump_yaml(dict(data) if isinstance(data, Marked) else data)


MAX_YAML_FILE_BYTES = 4 * 1024 * 1024


def load_yaml_file(path: str | Path, origin: str | None = None, *,
                   lines: bool = False) -> object:
    """Read and parse a UTF-8 YAML file (a regular file of at most 4 MiB, never waited
    on); errors name it as `origin` (by default its path); `lines` as `load_yaml_text`."""
    from shaper_gm.files import FileRefused, read_capped
    path = Path(path)
    origin = str(path) if origin is None else origin
    try:
        raw = read_capped(path, MAX_YAML_FILE_BYTES, "YAML file")
    except FileRefused as exc:
        raise YamlError(origin, _unnamed(exc.message, path)) from None

    def parse() -> object:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise YamlError(origin, f"not UTF-8 text ({exc.reason})") from None
        return load_yaml_text(text, origin=origin, lines=lines)
    from shaper_gm.content import yamlcache
    return yamlcache.parsed(raw, parse, lines=lines, marks=_marks_of, restore=_marked)


def _unnamed(message: str, path: Path) -> str:
    """A refused file's message without its path (`it is a folder, ...`): the error's
    origin names the file already, as the GM knows it."""
    return message.replace(f" at {path}", "").replace(str(path), "it")


def _marks_of(data: object) -> list | None:
    """A `Marked` file's lines as JSON keeps them: [[key path], line] pairs."""
    if not isinstance(data, Marked):
        return None
    return [[list(path), line] for path, line in data.lines.items()]


def _marked(data: object, found: object) -> object:
    """The data, with the lines a cached file kept put back (`Marked`)."""
    if not isinstance(data, dict) or not isinstance(found, list):
        return data
    marked = Marked(data)
    marked.lines = {tuple(path): line for path, line in found}
    return marked


# Characters YAML does not allow raw, or reads as line breaks: escaped in one-line data.
# Compiled on first use: the ranges make it a slow pattern to compile, and most lines
# are ASCII, where JSON has already escaped all of them but DEL.
_NOT_RAW = ("[^\x09\x0a\x0d\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
            "|[\u2028\u2029]")


@lru_cache(maxsize=1)
def _not_raw() -> re.Pattern[str]:
    return re.compile(_NOT_RAW)


def dump_yaml_line(data: object) -> str:
    """Plain data (str keys) as one line of YAML: JSON, which YAML reads as flow style,
    with every character YAML would not take raw written as an escape. Many times faster
    than PyYAML's own dumper."""
    text = json.dumps(data, ensure_ascii=False, separators=(", ", ": "))
    if text.isascii():
        return text.replace("\x7f", "\\u007f")
    return _not_raw().sub(lambda m: f"\\u{ord(m.group()):04x}", text)

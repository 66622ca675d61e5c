"""Splitting a command line into positional words and typed flags.

What a command means once resolved is a `Request`; its log line is written from that
(`commands.logline`), never from the parsed words.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import field

from shaper_gm.dice.errors import DiceInputError
from shaper_gm.dice.sources import read_roll
from shaper_gm.dice.totals import EnteredTotal
from shaper_gm.errors import CommandError
from shaper_gm.records import record

MAX_LINE = 2000
KINDS = ("bool", "int", "text", "faces")   # faces: FACES or =TOTAL (a dice slot)
MAX_SEED = 999_999_999                 # nine digits: what an int flag can carry


def ascii_digits(text: str) -> bool:
    """A non-empty run of 0-9. `str.isdigit()` also says yes to '²' or '٣', which
    `int()` then refuses or reads as another number."""
    return text.isascii() and text.isdigit()


@record
class FlagSpec:
    name: str                     # without the dashes
    kind: str = "bool"            # bool | int | text | faces
    repeat: bool = False
    help: str = ""
    metavar: str = ""
    completes: str = ""           # what completion offers: actor | zone | item | skill | ...
    choices: tuple[str, ...] = ()  # the values it takes, when they are a fixed few
    reads_file: bool = False       # a value that names_a_file() is read from disk

    @property
    def flag(self) -> str:
        return f"--{self.name}"


def flag(name: str, kind: str = "bool", *, repeat: bool = False, help: str = "",
         metavar: str = "", completes: str = "", choices: tuple[str, ...] = (),
         reads_file: bool = False) -> FlagSpec:
    assert kind in KINDS, kind
    return FlagSpec(name, kind, repeat, help, metavar or kind.upper(), completes, choices,
                    reads_file)


# Any verb that resolves an action: this one command's whole breakdown, whatever
# `details` says. The session takes it off before the verb runs, so it is never logged.
VERBOSE = flag("verbose", help="print this command's full breakdown, whatever `details` "
                               "says (not logged)")

ODDS_JSON = flag("json", help='the same as JSON: each chance a number and its exact "n/d", '
                              'each distribution whole with its mean')


def names_a_file(value: str) -> bool:
    """A flag value that is a path rather than a name: `x.yaml`, `./x`, `~/x`, `a/b`."""
    return (value.endswith((".yaml", ".yml")) or "/" in value
            or value.startswith((".", "~")))


def file_read(parsed: Parsed, specs: tuple[FlagSpec, ...]) -> str | None:
    """The first `--flag PATH` of `parsed` that would read a file, as typed, or None."""
    for spec in specs:
        if not spec.reads_file:
            continue
        value = parsed.flags.get(spec.name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and names_a_file(item):
                return f"--{spec.name} {item}"
    return None


@record(frozen=False)
class Parsed:
    verb: str
    words: list[str]
    flags: dict[str, object] = field(default_factory=dict)

    def get(self, name: str, default=None):
        return self.flags.get(name, default)


def quote(word: str) -> str:
    return shlex.quote(word) if word and not _plain(word) else (word or "''")


def _plain(word: str) -> bool:
    return all(ch.isalnum() or ch in "-_.,:=+/" for ch in word)


# A line with no quote, no backslash and no blank but the space: shlex splits it at spaces.
_UNQUOTED = re.compile(r"[^'\"\\\s]*(?: +[^'\"\\\s]+)* *")


def split_line(line: str) -> list[str]:
    if len(line) > MAX_LINE:
        raise CommandError(f"line is {len(line)} characters long (limit {MAX_LINE})",
                           "split it into several commands")
    if "\x00" in line:
        raise CommandError("line holds a NUL character", "retype the command")
    if _UNQUOTED.fullmatch(line):     # most lines: words and spaces, read as shlex would
        return line.split()
    try:
        return shlex.split(line, comments=False, posix=True)
    except ValueError as exc:
        raise CommandError(f"cannot read the line: {exc}", "close the quote") from None


def parse_slot(text: str, flag_name: str) -> tuple[int, ...] | EnteredTotal:
    """A dice slot's value: the faces rolled (`5,5,3`) or the total called out (`=14`),
    read as the dice prompt reads them (`dice.sources.read_roll`)."""
    try:
        return read_roll(text, f"--{flag_name}")
    except DiceInputError as exc:
        raise CommandError(exc.message, exc.hint) from None


def dashed(key: str) -> str:
    """A key as a flag names it: words joined by dashes (`defense_boon` ->
    `defense-boon`)."""
    return key.replace("_", "-")


def parse_args(verb: str, tokens: list[str], specs: tuple[FlagSpec, ...]) -> Parsed:
    by_name = {spec.name: spec for spec in specs}
    parsed = Parsed(verb, [])
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.startswith("--") and len(token) > 2:
            name, _, inline = token[2:].partition("=")
            if name not in by_name and dashed(name) in by_name:
                name = dashed(name)         # --defense_boon, as older logs wrote it
            spec = by_name.get(name)
            if spec is None:
                known = ", ".join(f"--{n}" for n in by_name) or "none"
                raise CommandError(f"{verb}: unknown flag --{name}", f"its flags: {known}")
            if spec.kind == "bool":
                if inline:
                    raise CommandError(f"{verb}: --{name} takes no value", f"write --{name}")
                value: object = True
            else:
                if inline:
                    raw = inline
                elif i + 1 < len(tokens) and not tokens[i + 1].startswith("--"):
                    i += 1
                    raw = tokens[i]
                else:
                    raise CommandError(f"{verb}: --{name} needs a value",
                                       f"write --{name} {spec.metavar}")
                value = convert_flag(verb, spec, raw)
            if spec.repeat:
                parsed.flags.setdefault(name, []).append(value)
            elif name in parsed.flags:
                raise CommandError(f"{verb}: --{name} given twice", "give it once")
            else:
                parsed.flags[name] = value
        else:
            parsed.words.append(token)
        i += 1
    return parsed


def convert_flag(verb: str, spec: FlagSpec, raw: str) -> object:
    """A flag's value as typed, in its kind: a whole number, faces, or the text."""
    if spec.kind == "int":
        text = raw.strip()
        body = text[1:] if text[:1] in "+-" else text
        if not ascii_digits(body) or len(body) > 9:
            raise CommandError(f"{verb}: --{spec.name} needs a whole number, got {raw!r}",
                               f"e.g. --{spec.name} 2")
        return int(text)
    if spec.kind == "faces":
        return parse_slot(raw, spec.name)
    return raw

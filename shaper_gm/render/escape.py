"""Text from names and files is shown, never obeyed: by a terminal, or by Markdown.

A shared save can hold a name such as `\x1b]0;pwned\x07\x1b[2J`: printed raw it would
retitle or clear the GM's terminal (or a log file viewed later). Every character in
Unicode's control category (C0, DEL, C1) except the newline is written as an escape
such as `\x1b`; the save keeps the text as typed.

In a Markdown recap a name is text too: `escape_markdown` writes a line break as `\n`
and backslash-escapes whatever Markdown could read as structure (emphasis, code,
links, HTML, table cells; a heading, quote or list where a line could start; an
autolink), so the recap's headings, lists and tables are the recap's own.
"""

from __future__ import annotations

import re

_NAMED = {"\t": "\\t", "\r": "\\r"}
_TABLE = {code: _NAMED.get(chr(code), f"\\x{code:02x}")
          for code in [*range(0x00, 0x20), *range(0x7F, 0xA0)] if code != 0x0A}


def escape_controls(text: str) -> str:
    """`text` with every control character but the newline written as an escape."""
    return text.translate(_TABLE)


# Escaped wherever they stand: inline structure (emphasis, code, HTML and autolinks,
# entities, table cells, strikethrough, the escape itself).
_INLINE = {ord(c): f"\\{c}" for c in "\\`*_<>&|~"}
_ONE_LINE = {**_TABLE, 0x0A: "\\n", **_INLINE}
# A link needs `](`, `][` or a `[label]:` definition, which must open a line (or a list
# item); GitHub also links `www.`, `http://` and `a@b` by themselves. So `[` and `]`
# stay as typed elsewhere, and a bracketed note such as `[GM damage bonus +2]` reads
# the same in the file as on the page. (Whoever writes escaped text puts no `(`, `[`
# or `:` right after it.)
_LINKS = re.compile(r"(?i)\](?=[(\[:])|(?<=www)\.|:(?=//)|@")
# What makes a block where a line starts: heading, quote, list item, setext underline,
# thematic break, link definition.
_LINE_START = re.compile(r"\A([#>+=\[-]|\d{1,9}(?=[.)]))")


def escape_markdown(text: str) -> str:
    """`text` as Markdown that shows exactly it, on one line, anywhere inline."""
    text = text.translate(_ONE_LINE)
    text = _LINKS.sub(lambda m: f"\\{m.group()}", text)
    stripped = text.lstrip(" ")
    text = "&#32;" * (len(text) - len(stripped)) + stripped   # no indented code
    return _LINE_START.sub(_escape_start, text)


def _escape_start(match: re.Match) -> str:
    found = match.group()
    return f"{found}\\" if found[0].isdigit() else f"\\{found}"


def markdown_code(text: str) -> str:
    """`text` as a Markdown code span: shown as typed, its control characters and line
    breaks as escapes, fenced by more backticks than it holds in a row."""
    text = escape_controls(text).replace("\n", "\\n")
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    spaced = text[:1] == text[-1:] == " " and text.strip()      # one would be dropped
    pad = " " if text[:1] == "`" or text[-1:] == "`" or spaced else ""
    return f"{fence}{pad}{text}{pad}{fence}"

"""Control characters from names and texts are shown, never obeyed.

A shared save can hold a name such as `\x1b]0;pwned\x07\x1b[2J`: printed raw it would
retitle or clear the GM's terminal (or a log file viewed later). Every character in
Unicode's control category (C0, DEL, C1) except the newline is written as an escape
such as `\x1b`; the save keeps the text as typed.
"""

from __future__ import annotations

_NAMED = {"\t": "\\t", "\r": "\\r"}
_TABLE = {code: _NAMED.get(chr(code), f"\\x{code:02x}")
          for code in [*range(0x00, 0x20), *range(0x7F, 0xA0)] if code != 0x0A}


def escape_controls(text: str) -> str:
    """`text` with every control character but the newline written as an escape."""
    return text.translate(_TABLE)

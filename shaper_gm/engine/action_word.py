"""`word: NAME` of an action written as data: one word of its own, after the actor, read
as the flag NAME (`with`, the item, or a text flag of the action): Dungeoneers'
`spellcast alberich firebolt gob` (`--with firebolt`) and `ready freya strike`
(`--action strike`). The verb reads it (`rulesets/data/words.py`); this checks it."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import VocabError, expression

ITEM = "with"                  # the word names the action's item, as --with does


def compile_word(raw: Any, at: str, item: str | None, flags: tuple[Any, ...]) -> str:
    """The flag the word stands for; refused unless it is `with` on an action with an
    item, or a text or whole-number flag the action declares."""
    texts = [f.name for f in flags if f.kind in ("text", "int")]
    if raw == ITEM and item is not None or isinstance(raw, str) and raw in texts:
        return str(raw)
    takes = ", ".join([*([ITEM] if item is not None else []), *texts]) or "none here"
    raise VocabError(at, f"expected the flag its word stands for: with (an action with an "
                         f"item) or one of its text or number flags ({takes}), got {raw!r}")


def compile_second(raw: Any, at: str, word: str | None, flags: tuple[Any, ...]) -> str:
    """`second_word: FLAG`: a text flag read from a second word after `word`'s."""
    texts = [f.name for f in flags if f.kind == "text" and f.name != word]
    if word is not None and isinstance(raw, str) and raw in texts:
        return raw
    if word is None:
        raise VocabError(at, "only an action with word: the flag a second word after its "
                             "word stands for")
    raise VocabError(at, f"expected the text flag its second word stands for, other than "
                         f"word's ({', '.join(texts) or 'none here'}), got {raw!r}")


def compile_self_when(raw: Any, at: str, target: str | None, word: str | None) -> Compiled:
    """`self_when: EXPR`: with no target named, the actor is its own target when the item
    its word names makes EXPR hold (`item.X`: Dungeoneers' `spellcast alberich mend`, a
    spell of range self, D28), or the flag's word it reads (`flag.NAME` of `word: NAME`:
    Shaper's `cast taylor energy-shield`, S26). Only on an action with a target and a
    word."""
    if target is None or word is None:
        raise VocabError(at, "only an action with a target and word: with: when the item "
                             "its word names makes its actor its own target")
    test = expression(raw, at)
    own = "item." if word == ITEM else f"flag.{word}"
    other = sorted(name for name in test.names if not name.startswith(own))
    if other and word == ITEM:
        raise VocabError(at, f"reads {other[0]!r}: it reads the item named, item.X")
    if other:
        raise VocabError(at, f"reads {other[0]!r}: it reads its word, {own}")
    return test

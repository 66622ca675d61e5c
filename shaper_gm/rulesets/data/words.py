"""The word an action written as data reads as a flag (`word: with`, `word: action`):
one optional positional after the actor, read as `--with` or the flag would be, and
handed on as that flag (`spellcast alberich firebolt gob` is `spellcast alberich gob
--with firebolt`; the log writes the flag). Given with the flag, it is no word."""

from __future__ import annotations

from typing import Any

from shaper_gm.commands.acting import read_request, resolve_flag
from shaper_gm.engine.action_word import ITEM
from shaper_gm.engine.declared import Declared


def worded(declared: Declared, positionals: tuple[str, ...]) -> dict[str, Any]:
    """The verb's positionals, with the word after the actor, its usage word and the
    reading that makes it the flag; an action without `word:` keeps its own."""
    if declared.word is None:
        return {"positionals": positionals}
    role, shown = _role(declared)
    at = 1 if positionals[:1] == ("actor?",) else 0
    with_word = (*positionals[:at], f"{role}?", *positionals[at:])

    def parse(ctx: Any) -> Any:
        if ctx.parsed.get(declared.word) is not None:       # --with given: no word
            return read_request(ctx, positionals)
        request = read_request(ctx, with_word)
        said = request.arg(role)
        if said is None:
            return request
        spec = ctx.verb.flag(declared.word)
        value = said if spec is None else resolve_flag(ctx, spec, said, request.actor)
        args = tuple((name, value) for name, value in request.args if name != role)
        return type(request)(request.verb, args, request.flags).with_flags(
            {declared.word: value})
    return {"positionals": with_word, "words": {role: shown}, "parse": parse}


def _role(declared: Declared) -> tuple[str, str]:
    """(the positional's role, its usage word): an item is read from the actor's list
    of that name (`spells`, SPELL), a flag as typed (`action`, its metavar)."""
    if declared.word == ITEM:
        kind = str(declared.item)
        return kind, kind.rstrip("s").upper()
    flag = next(f for f in declared.flags if f.name == declared.word)
    return flag.name, flag.metavar or flag.name.upper()

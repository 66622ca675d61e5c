"""The word an action written as data reads as a flag (`word: with`, `word: action`):
one optional positional after the actor, read as `--with` or the flag would be, and
handed on as that flag (`spellcast alberich firebolt gob` is `spellcast alberich gob
--with firebolt`; the log writes the flag). Given with the flag, it is no word. A
`second_word` follows it, read as its own text flag (`swap kit bow dagger`:
`--for dagger`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.commands.acting import read_request, resolve_flag
from shaper_gm.commands.args import convert_flag
from shaper_gm.engine.action_word import ITEM
from shaper_gm.engine.declared import Declared
from shaper_gm.engine.situation import carried_items


def worded(declared: Declared, positionals: tuple[str, ...]) -> dict[str, Any]:
    """The verb's positionals, with the word after the actor, its usage word and the
    reading that makes it the flag; an action without `word:` keeps its own."""
    if declared.word is None:
        return {"positionals": positionals}
    role, shown = _role(declared)
    second = declared.second_word
    at = 1 if positionals[:1] == ("actor?",) else 0
    own = (f"{role}?", *((f"{second}?",) if second else ()))
    with_word = (*positionals[:at], *own, *positionals[at:])

    def parse(ctx: Any) -> Any:
        if ctx.parsed.get(declared.word) is not None:       # --with given: no word
            return read_request(ctx, positionals)
        words = with_word if second is None or ctx.parsed.get(second) is None else \
            (*positionals[:at], f"{role}?", *positionals[at:])
        request = read_request(ctx, words)
        flags = {}
        for name, flag_name in ((role, declared.word), (second, second)):
            said = request.arg(name) if name else None
            if said is not None:
                spec = ctx.verb.flag(flag_name)
                flags[flag_name] = said if spec is None else \
                    convert_flag(ctx.verb.name, spec, said) if spec.kind == "int" else \
                    resolve_flag(ctx, spec, said, request.actor)
        if not flags:
            return _own_target(ctx, declared, request)
        args = tuple((name, value) for name, value in request.args
                     if name not in (role, second))
        return _own_target(ctx, declared, type(request)(request.verb, args,
                                                        request.flags).with_flags(flags))
    return {"positionals": with_word, "parse": parse, "words": {
        role: shown, **({second: _shown(declared, second)} if second else {})}}


def role(declared: Declared) -> str:
    """The positional the word is read from."""
    return _role(declared)[0]


def _role(declared: Declared) -> tuple[str, str]:
    """(the positional's role, its usage word): an item is read from the actor's list
    of that name (`spells`, SPELL), a flag as typed (`action`, its metavar)."""
    if declared.word == ITEM:
        kind = str(declared.item)
        return kind, kind.rstrip("s").upper()
    return declared.word, _shown(declared, declared.word)


def _shown(declared: Declared, name: str) -> str:
    """A text or number flag's usage word, its metavar."""
    flag = next(f for f in declared.flags if f.name == name)
    return flag.metavar or flag.name.upper()


def _own_target(ctx: Any, declared: Declared, request: Any) -> Any:
    """No target named, and the item named (or the flag's word) makes `self_when` hold:
    the actor is its own target (`spellcast alberich mend`, D28); else the request goes
    on as it is."""
    if declared.self_when is None or request.arg("target") is not None:
        return request
    actor = request.actor or ctx.state.turn
    if actor not in ctx.state.actors:
        return request
    if declared.word != ITEM:                # the flag's word: flag.NAME
        word = declared.word
        if not declared.self_when.value({f"flag.{word}": request.get(word)}):
            return request
        return _with_target(request, actor)
    kind = str(declared.item)
    item = carried_items(ctx.state.actors[actor], kind).get(request.get(ITEM) or "")
    if isinstance(item, str):                # an id: the content's item of that kind
        item = ctx.ruleset.library.kind(kind).get(item)
    if not isinstance(item, Mapping):
        return request
    if not declared.self_when.value({f"item.{k}": v for k, v in item.items()}):
        return request
    return _with_target(request, actor)


def _with_target(request: Any, actor: str) -> Any:
    args = tuple((role, value) for role, value in request.args if role != "target")
    return type(request)(request.verb, (*args, ("target", actor)), request.flags)

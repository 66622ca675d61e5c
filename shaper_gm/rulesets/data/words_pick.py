"""`word_actions` (ruleset.yaml): a verb whose own word (its action's `word:` flag) picks
another action to play. `word_actions: {cast: {spell: attack}}`: `cast taylor spell
raider --roll 3,4,6` plays `attack taylor raider --with spell` (Shaper's offensive spell,
S25, an attack of an item of its own), while `cast taylor charm monica` plays `cast`. The
word is handed on as the picked action's `--with` when it has an item, else dropped;
the picked action's flags and dice join the verb's, and the log keeps the line as the
GM typed it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Ctx
from shaper_gm.engine.action_word import ITEM
from shaper_gm.engine.errors import RuleViolation


def word_actions(value: Any) -> Mapping[str, Mapping[str, str]]:
    """ruleset.yaml's `word_actions`, checked as the rest of the file is."""
    import re
    name = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
    if not isinstance(value, Mapping) or not all(
            isinstance(picks, Mapping) and picks and name.match(str(verb)) and all(
                isinstance(w, str) and isinstance(a, str) and name.match(w) and name.match(a)
                for w, a in picks.items()) for verb, picks in value.items()):
        raise Bad(f"expected VERB: {{WORD: ACTION}}: the action a verb's word plays, e.g. "
                  f"cast: {{spell: attack}}, got {value!r}")
    return {str(verb): dict(picks) for verb, picks in value.items()}


def check(here: Ctx, good: Mapping[str, Any], actions: Mapping[str, Any]) -> None:
    """Each verb is an action with a word of its own; each action it picks is declared."""
    for verb, picks in (good.get("word_actions") or {}).items():
        declared = actions.get(verb)
        if declared is None or declared.word is None or declared.word == ITEM:
            here.error(f"word_actions.{verb}", f"expected an action of actions.yaml whose "
                                               f"word is one of its flags (word:), got {verb!r}")
            continue
        for word, name in picks.items():
            if name not in actions or name == verb:
                here.error(f"word_actions.{verb}.{word}", f"no action {name!r} in "
                                                          "actions.yaml other than the verb's")


def picks(rs: Any, verb: str) -> dict[str, Any]:
    """The actions `verb`'s words pick, by word (declared)."""
    table = dict(rs.library.numbers.get("word_actions") or {})
    return {word: rs.library.action(name) for word, name in (table.get(verb) or {}).items()}


def joined(declared: Any, picked: Mapping[str, Any]) -> tuple[tuple, dict]:
    """The flags (by name, the verb's own first) and slots the picked actions add."""
    own = {f.name for f in declared.flags} | {"with"}
    flags: dict[str, Any] = {}
    slots: dict[str, bool] = {}
    for other in picked.values():
        for f in other.flags:
            if f.name not in own:
                flags.setdefault(f.name, f)
        for slot, repeats in other.slots:
            slots[slot] = slots.get(slot, False) or repeats
    return tuple(flags.values()), slots


def picker(rs: Any, declared: Any):
    """(ctx, request) -> (action, request): the action the word picks, on the request it
    reads (the word as its --with); the verb's own action otherwise."""
    picked = picks(rs, declared.name)
    actions = {word: other.action() for word, other in picked.items()}
    more, dice = joined(declared, picked)
    theirs = {f.name: w for w, other in picked.items() for f in more if f in other.flags}
    theirs.update((slot, w) for w, other in picked.items() for slot, _ in other.slots
                  if slot in dice and slot not in theirs)

    def pick(request: Any) -> tuple[Any, Any]:
        word = request.get(declared.word)
        other = picked.get(str(word)) if word is not None else None
        if other is None:
            given = next((name for name, _ in request.flags if name in theirs), None)
            if given is not None:           # what only a picked action reads
                w = theirs[given]
                raise RuleViolation(f"--{given} belongs to {picked[w].what} ({declared.name} "
                                    f"{w}); {word} is not one", f"drop --{given}")
            return None, request
        flags = tuple((k, v) for k, v in request.flags if k != declared.word)
        flags += (("with", word),) if other.item is not None else ()
        return actions[str(word)], type(request)(request.verb, request.args, flags)
    return pick

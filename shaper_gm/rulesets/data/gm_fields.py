"""ruleset.yaml's `gm_fields`: fields the GM's `set ACTOR FIELD=N` reaches beyond the
shared ones and the sheet numbers. `{sets: max_hp, least: N, said: WORDS}`: the actor's
most HP, at least `least` (default 1), its HP above it dropping to it (Shaper's `set
monica max_hp=12`: `Monica: max HP 13 → 12 (set by the GM)`); `{effect: NAME, key: KEY,
said: WORDS}`: the effect NAME giving KEY the number, lasting until used up (the key
the ruleset's `used_up_key` spends), given anew each time, 0 taking it away (Shaper's
temporary HP, `set monica temp_hp=3`, an effect `Temporary HP` of `absorb`). `said`:
the words its line names it by (default the field's name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad

KEYS = ("sets", "least", "effect", "key", "said")
SETS = ("max_hp",)
EXPECTED = ("expected {sets: max_hp, least: N, said: WORDS} or {effect: NAME, key: KEY, "
            "said: WORDS}")


def gm_field(value: Any) -> Mapping[str, Any]:
    """One entry, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) - set(KEYS) or \
            ("sets" in value) == ("effect" in value) or \
            "sets" in value and (value["sets"] not in SETS or "key" in value) or \
            "effect" in value and not (isinstance(value["effect"], str)
                                       and isinstance(value.get("key"), str)) or \
            not isinstance(value.get("least", 1), int) or \
            not isinstance(value.get("said", ""), str):
        raise Bad(f"{EXPECTED}, got {value!r}")
    return dict(value)


def declared(library: Any) -> dict[str, Mapping[str, Any]]:
    return dict(library.numbers.get("gm_fields") or ())


def set_gm_field(rs: Any, state: Any, target: str, key: str, value: str) -> Any:
    """The change `set ACTOR KEY=N` makes, or None: no field of `gm_fields`."""
    spec = declared(rs.library).get(key)
    if spec is None:
        return None
    from shaper_gm.commands.args import ascii_digits
    from shaper_gm.engine import events as ev
    from shaper_gm.engine import limits
    from shaper_gm.engine.state import Effect
    from shaper_gm.errors import CommandError
    low = int(spec.get("least", 1)) if "sets" in spec else 0
    text = value.strip()
    if not ascii_digits(text) or len(text) > 7 or not low <= int(text) <= limits.MAX_NUMBER:
        raise CommandError(f"{key} must be a whole number, {limits.span(low, None)}; got "
                           f"{text[:20]!r}", f"e.g. {key}=12")
    number, said = int(text), str(spec.get("said") or key)
    actor = state.actors[target]
    if "sets" in spec:
        state = state.with_actor(actor.with_(max_hp=number, hp=min(actor.hp, number)))
        return state, [ev.FieldSet(target, said, actor.max_hp, number)]
    name, mod = str(spec["effect"]), str(spec["key"])
    before = next((e.mod(mod) for e in actor.effects if e.name == name), 0)
    kept = tuple(e for e in actor.effects if e.name != name)
    added = (Effect(name, "gm", None, ((mod, number),), "used_up"),) if number else ()
    state = state.with_actor(actor.with_(effects=(*kept, *added)))
    return state, [ev.FieldSet(target, said, before, number)]

"""The roll step of the declared vocabulary (`engine.vocab`): dice rolled into a fact,
kept higher or lower, doubled on a critical, or a pool's successes counted
(`engine.pooling`); a total called out at the table stays a number that says so."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from shaper_gm.engine.declared_result import declare_spec, declared_result
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.faces import face_names, faces_text, lead_of, led
from shaper_gm.engine.mixing import Weighed
from shaper_gm.engine.pinning import pin_keys, pinned_spec
from shaper_gm.engine.pooling import pool_names, pool_spec, rolled_pool
from shaper_gm.engine.stepkit import (
    FIELD,
    Entered,
    Facts,
    Made,
    VocabError,
    _guard,
    _guarded,
    _reads,
    _required_names,
    checked_name,
    expression,
    fill,
)
from shaper_gm.engine.zero_faces import from_zero, zero_switch

_ONE_DIE = re.compile(r"1?d(\d+)", re.IGNORECASE)


def _roll_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    dice = expression(declared["roll"], f"{at}.roll")
    slot, into = _required_names(declared, at, "slot", "into")
    who = checked_name(declared["who"], f"{at}.who") if "who" in declared else None
    shown = face_names(declared, at, "success_on" in declared)     # faces: NAME
    lead = lead_of(declared, at)            # what the table hears before its dice
    what = str(declared.get("what", slot))     # {NAME} filled from the facts
    worded = FIELD.search(what) is not None
    flags = {key: expression(declared[key], f"{at}.{key}") for key in
             ("keep_higher", "keep_lower", "double_dice", "success_on", "after")
             if key in declared}
    failures = pool_names(declared, at)
    pins, automatic = pin_keys(declared, at)       # dice pinned: engine.pinning
    declare = declare_spec(declared, at)    # a result declared for a total called out
    one_die = _ONE_DIE.fullmatch(dice.text)
    sides = int(one_die.group(1)) if one_die else 0
    if ("keep_higher" in flags or "keep_lower" in flags) and not one_die:
        raise VocabError(f"{at}.roll", "keep_higher and keep_lower roll one die twice: "
                                       f"the roll must be one die (1d20, say), not {dice.text!r}")
    guard = _guard(declared, at)
    higher = flags["keep_higher"].run if "keep_higher" in flags else None
    lower = flags["keep_lower"].run if "keep_lower" in flags else None
    double = flags["double_dice"].run if "double_dice" in flags else None
    pool = flags["success_on"].run if "success_on" in flags else None
    after = flags["after"].run if "after" in flags else None

    once, quiet = declared.get("once", False), declared.get("quiet", False)
    follows = declared.get("follows", False)  # its faces after the slot's last roll's
    zero = zero_switch(declared, at)         # T1: every die reads 0 to sides - 1
    for key, value in (("once", once), ("quiet", quiet), ("follows", follows)):
        if not isinstance(value, bool):
            raise VocabError(f"{at}.{key}", f"expected true or false, got {value!r}")

    # What the roll's spec is made of: in exact odds, every branch of every situation
    # alike in these rolls the same spec, made once (the second roll under each first total).
    spec_names = tuple(sorted({name.partition(".")[0] for name in _reads(
        dice, *(pin[1] for pin in pins), *(flags[k] for k in ("double_dice", "after")
                                            if k in flags))}))
    made_specs: dict[Any, Any] = {}

    def body(facts: Facts, tape: Any) -> Facts:
        if once and into in facts:
            return facts                     # rolled for an earlier target
        what_now = fill(what, facts) if worded else what
        # whose roll, where a total called out for it is refused ("the critical roll of cy")
        named = f"{what_now} of {facts[who]}" if who and not tape.exact else what_now
        if pool is not None:                     # successes counted (engine.pooling)
            return rolled_pool(tape, slot, pool_spec(dice.dice(facts), pool(facts), named),
                               facts[who] if who else None, quiet, facts, (into, *failures),
                               shown)
        key = _inputs(named, facts, spec_names) if tape.exact else None
        spec = made_specs.get(key) if key is not None else None
        if spec is None:
            if pins or automatic:
                spec = pinned_spec(dice.dice(facts), pins, facts, named)
                spec = from_zero(spec) if zero else spec
            else:                                # read from zero as it is made (cached)
                spec = _plain_spec(dice, facts, double is not None and bool(double(facts)),
                                   named, after(facts) if after is not None else 0, zero)
            if key is not None:
                if len(made_specs) >= 256:
                    made_specs.clear()
                made_specs[key] = spec
        if lead is not None and not tape.exact:  # the label carries it (not cached)
            spec = replace(spec, what=led(named, lead, facts))
        if higher is not None or lower is not None:
            up = higher is not None and bool(higher(facts))
            down = lower is not None and bool(lower(facts))
            if up != down:                       # both together cancel
                spec = _keep_spec(sides, up, named)
        again = follows and getattr(tape, "rolled", None) and tape.rolled(slot) > 0
        rolled = tape.roll(slot, spec, facts[who] if who else None,
                           index=tape.placed(slot) - 1 if again else None)
        if not tape.exact and not quiet:
            tape.note(f"{what_now}: {rolled}", rolled.total)
        total = rolled.total if getattr(rolled, "entered", None) is None \
            else Entered(rolled.total)
        faces = dict(zip(shown, (faces_text(rolled),), strict=False))
        if automatic:
            result = rolled.automatic or "" if declare is None else declared_result(
                declare, facts, isinstance(total, Entered), rolled.automatic or "",
                lambda: faces_came(tape, slot))
            return facts.with_values(**{into: total, automatic: result}, **faces)
        return facts.with_values(**{into: total}, **faces)
    reads = _reads(dice, guard, *flags.values(), *(pin[1] for pin in pins),
                   *([declare[0]] if declare else [])) | \
        (frozenset({who}) if who else frozenset()) | \
        (frozenset({lead[0]}) if lead else frozenset()) | frozenset(FIELD.findall(what))
    made = {into, *failures, *shown, *([automatic] if automatic else [])}
    step = _guarded("roll", guard, body)
    if pool is None and not pins and not automatic:      # a sum: it may roll as a mixture
        step = Weighed(step.fn, step.name, sums=True)
    return step, reads, frozenset(made)


def faces_came(tape: Any, slot: str) -> str:
    """How the faces of the slot's last roll came: given by the GM or rolled."""
    given_at = getattr(tape, "given_at", None)
    given = given_at(slot, tape.placed(slot) - 1) if given_at is not None else None
    return "rolled by the tool" if given is None else "given as faces"


def _inputs(named: str, facts: Facts, names: tuple[str, ...]) -> Any:
    """The roll's name and the values its spec reads, as a key; None when one of them
    cannot be one."""
    key = (named, *(facts.get(name) for name in names))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _plain_spec(dice: Compiled, facts: Facts, doubled: bool, what: str, after: int,
                zero: bool = False) -> Any:
    rolled = dice.dice(facts)
    return _sum_spec((rolled.doubled() if doubled else rolled).text(), what, after, zero)


@lru_cache(maxsize=256)
def _sum_spec(text: str, what: str, after: int = 0, zero: bool = False) -> Any:
    from shaper_gm.dice.specs import SumRoll
    spec = SumRoll.of(text, what, after)
    return from_zero(spec) if zero else spec


@lru_cache(maxsize=64)
def _keep_spec(sides: int, highest: bool, what: str) -> Any:
    from shaper_gm.dice.keep import KeepRoll
    return KeepRoll(sides, 2, highest, what)

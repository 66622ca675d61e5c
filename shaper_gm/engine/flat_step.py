"""The flat step of the declared vocabulary (`engine.vocab`): a number the GM may call
out for a dice slot where the rules roll nothing (`--defense =2` for a target without
armor: a flat Defense), else a number the facts give.

``flat: SLOT`` with ``into: NAME`` (required), ``who``, ``else: EXPR`` (its value when
the GM gives none, 0 unless given), ``what`` (the breakdown's row of a number given,
``Defense: total 2 (entered)``, ``{NAME}`` from the facts), and ``refuse`` / ``hint``:
the words for faces given there, where nothing is rolled (``{NAME}`` from the facts,
``{faces}`` the faces as given); without them, ``--SLOT 3: nothing is rolled here``.
It takes the slot's place as a roll of it would (the k-th target's); odds never have a
number given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.errors import RuleViolation
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

FLAT_KEYS = {"flat", "into", "who", "else", "what", "refuse", "hint", "when"}


def flat_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    slot = checked_name(declared["flat"], f"{at}.flat")
    (into,) = _required_names(declared, at, "into")
    who = checked_name(declared["who"], f"{at}.who") if "who" in declared else None
    otherwise = expression(declared["else"], f"{at}.else") if "else" in declared else None
    texts = {key: declared.get(key, "") for key in ("what", "refuse", "hint")}
    for key, text in texts.items():
        if not isinstance(text, str):
            raise VocabError(f"{at}.{key}", f"expected words, got {text!r}")
    what = texts["what"] or slot
    refuse = texts["refuse"] or f"--{slot} {{faces}}: nothing is rolled here"
    hint = texts["hint"] or f"give --{slot} =N for a number, or leave it out"
    guard = _guard(declared, at)

    def body(facts: Facts, tape: Any) -> Facts:
        base = otherwise.run(facts) if otherwise is not None else 0
        if tape.exact:                      # odds: the GM calls out nothing
            return facts.with_values(**{into: base})
        given_at = getattr(tape, "given_at", None)
        given = given_at(slot, tape.placed(slot)) if given_at is not None else None
        if isinstance(given, tuple):        # faces, where nothing is rolled
            said = {**facts, "faces": ",".join(map(str, given))}
            raise RuleViolation(fill(refuse, said), fill(hint, said))
        called = tape.flat(slot, facts[who] if who else None)
        if called is None:
            return facts.with_values(**{into: base})
        tape.note(f"{fill(what, facts)}: total {called} (entered)", called)
        return facts.with_values(**{into: Entered(called)})
    fields = frozenset(FIELD.findall(f"{what} {refuse} {hint}")) - {"faces"}
    reads = _reads(otherwise, guard) | fields | (frozenset({who}) if who else frozenset())
    return _guarded("flat", guard, body), reads, frozenset({into})

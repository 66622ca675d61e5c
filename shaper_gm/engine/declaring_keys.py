"""Keys of a declared action compiled for `engine.declaring`: how its words name its
item or target (`item_word`, `target_flag`, `target_optional`), and of its `odds:` what
is read before anything is rolled, `given` (`roll  3 of 5 pool dice`), and how its
spreads are shown, `labels` (a spread's column title and note)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import VocabError, checked_name, expression

GIVEN_KEYS = {"key", "value", "text", "note"}


def truth(raw: Mapping[str, Any], key: str, at: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise VocabError(f"{at}.{key}", f"expected true or false, got {value!r}")
    return value


def worded_target(raw: Mapping[str, Any], at: str, item: Any, target: Any, count: int,
                  to_cell: bool) -> tuple[bool, str | None, bool]:
    """`item_word`, `target_flag` and `target_optional`, each checked against the keys
    it needs."""
    item_word = truth(raw, "item_word", at)
    if item_word and (item is None or target is not None or to_cell):
        raise VocabError(f"{at}.item_word", "only an action with an item: and no target or "
                                            "cell names it by a word")
    target_flag = checked_name(raw["target_flag"], f"{at}.target_flag") \
        if "target_flag" in raw else None
    if target_flag is not None and (target is None or count != 1):
        raise VocabError(f"{at}.target_flag", "only an action with one target: names the "
                                              "flag that names it")
    target_optional = truth(raw, "target_optional", at)
    if target_optional and target_flag is None:
        raise VocabError(f"{at}.target_optional", "only an action whose target a flag names "
                                                  "(target_flag:) may go without one")
    return item_word, target_flag, target_optional


def odds_labels(raw: Any, at: str, spreads: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """`odds: labels:` SPREAD: {label, note}, a spread's column title and its note (or a
    chance's label and note, its `{NAME}` from the facts the steps start from)."""
    if not isinstance(raw, Mapping) or any(k not in spreads or not isinstance(v, Mapping)
                                           or set(v) - {"label", "note"} for k, v in raw.items()):
        raise VocabError(at, f"expected SPREAD: {{label, note}} ({', '.join(spreads)})")
    return tuple((k, str(v.get("label", "")), str(v.get("note", ""))) for k, v in raw.items())


def odds_given(raw: Any, at: str) -> tuple[tuple[str, Compiled | None, str, str], ...]:
    """`odds: given:`: each `{key, value, text, note}` (key required; value an expression
    over the action's facts, text `{NAME}` from them)."""
    if not isinstance(raw, list):
        raise VocabError(at, "expected a list of {key, value, text, note}")
    out = []
    for i, fact in enumerate(raw):
        here = f"{at}[{i}]"
        if not isinstance(fact, Mapping) or "key" not in fact or set(fact) - GIVEN_KEYS:
            raise VocabError(here, "expected {key: NAME, value: EXPR, text: TEXT, note: TEXT} "
                                   "(key required)")
        out.append((checked_name(fact["key"], f"{here}.key"),
                    expression(fact["value"], f"{here}.value") if "value" in fact else None,
                    str(fact.get("text", "")), str(fact.get("note", ""))))
    return tuple(out)

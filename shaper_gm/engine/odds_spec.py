"""An action's `odds:` key compiled (`engine.declaring`): what `odds` reads of the
facts its steps end with, and what it tells besides (`engine.declared_odds`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.declared_records import OddsSpec, Requirement
from shaper_gm.engine.declaring_keys import odds_given, odds_labels
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.odds_limits import odds_limits
from shaper_gm.engine.stepkit import VocabError, checked_name, expression

ODDS_KEYS = {"words", "chances", "spreads", "harm", "resource", "start", "assumes",
             "answers", "facts", "given", "labels", "limits", "limit", "flag", "requires"}


def compile_odds(raw: Any, at: str) -> OddsSpec:
    """`odds:`: what the odds of an action read of its final facts (`chances`,
    `spreads`, `facts`; `harm` the spread its damage is), and what they tell besides."""
    if not isinstance(raw, Mapping) or set(raw) - ODDS_KEYS or "harm" not in raw:
        raise VocabError(at, f"expected a mapping of {', '.join(sorted(ODDS_KEYS))} "
                             "(harm required)")

    def named(key: str) -> tuple[tuple[str, Compiled], ...]:
        table = raw.get(key, {})
        if not isinstance(table, Mapping):
            raise VocabError(f"{at}.{key}", "expected NAME: EXPR pairs")
        return tuple((checked_name(k, f"{at}.{key}"), expression(v, f"{at}.{key}.{k}"))
                     for k, v in table.items())
    spreads = named("spreads")
    if not isinstance(raw["harm"], str) or raw["harm"] not in dict(spreads):
        raise VocabError(f"{at}.harm", f"expected one of the spreads "
                                       f"({', '.join(dict(spreads)) or 'none'})")
    assumes = raw.get("assumes", [])
    if not isinstance(assumes, list) or not all(isinstance(text, str) for text in assumes):
        raise VocabError(f"{at}.assumes", "expected a list of texts ({NAME} from the facts)")
    answers = raw.get("answers")
    if answers is not None and (not isinstance(answers, Mapping) or "key" not in answers
                                or set(answers) - {"key", "note"}):
        raise VocabError(f"{at}.answers", "expected {key: NAME, note: TEXT} (key required)")
    chances = named("chances")
    return OddsSpec(str(raw.get("words", "")), chances, spreads, str(raw["harm"]),
                    str(raw.get("resource", "hp")),
                    expression(raw["start"], f"{at}.start") if "start" in raw else None,
                    tuple(assumes),
                    (checked_name(answers["key"], f"{at}.answers.key"),
                     str(answers.get("note", ""))) if answers is not None else None,
                    named("facts"), odds_given(raw.get("given", []), f"{at}.given"),
                    odds_labels(raw.get("labels", {}), f"{at}.labels",
                                {**dict(spreads), **dict(chances)}),
                    odds_limits(raw.get("limits", []), f"{at}.limits"),
                    limit=expression(raw["limit"], f"{at}.limit") if "limit" in raw else None,
                    flag=checked_flag(raw["flag"], f"{at}.flag") if "flag" in raw else "",
                    requires=odds_requires(raw.get("requires", []), f"{at}.requires"))


def odds_requires(raw: Any, at: str) -> tuple[Requirement, ...]:
    """`requires:` what the odds alone need of the facts the steps start from, refused
    in its words before any work (the time slices' attack on the dying rolls nothing, so
    it has no odds, T14; play takes it)."""
    if not isinstance(raw, list) or not all(
            isinstance(one, Mapping) and {"test", "refuse"} <= set(one)
            and not set(one) - {"test", "refuse", "hint"} for one in raw):
        raise VocabError(at, "expected a list of {test: EXPR, refuse: TEXT, hint: TEXT} "
                             "(test and refuse required)")
    return tuple(Requirement(expression(one["test"], f"{at}[{i}].test"), str(one["refuse"]),
                             str(one.get("hint", ""))) for i, one in enumerate(raw))


def checked_flag(raw: Any, at: str) -> str:
    """`flag: NAME`: `odds --NAME` names this action's odds, as `--action` does."""
    if not isinstance(raw, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", raw) or \
            raw in ("action", "json", "with"):
        raise VocabError(at, "expected a flag's name of lowercase letters, digits and '-', "
                             f"other than action, json and with, got {raw!r}")
    return raw


def requires_read(odds: OddsSpec | None, facts: frozenset[str], at: str) -> None:
    """Each of the odds' `requires` tests reads only facts the action starts from."""
    for index, need in enumerate(odds.requires if odds is not None else ()):
        unknown = sorted(name for name in need.test.names if name.partition(".")[0] not in facts)
        if unknown:
            raise VocabError(f"{at}[{index}].test", f"reads {unknown[0]!r}, which is no fact "
                                                    "of the action (give it under given:)")

"""An automatic result the GM declares for a total called out at the table (`declare` on
a roll step with `automatic`): the faces decide an automatic result (all tops, all
ones), so a roll entered as its total (`--roll =14`) has none unless the GM says which,
and a declared one on faces given or rolled is refused (`--auto`).

``declare: {result: EXPR, refuse: TEXT, hint: TEXT}``: `result` is read from the facts
before the roll, `''` for none, else `success` or `failure`; with a total called out
the step's `automatic` fact is it; with faces, a result that is not `''` is refused in
`refuse` and `hint` (`{NAME}` filled in from the facts, `{result}` the one declared,
`{how}` how the faces came: `given as faces` or `rolled by the tool`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import Facts, VocabError, expression, fill

SHAPE = "{result: EXPR, refuse: TEXT, hint: TEXT} (result and refuse required)"
RESULTS = ("", "success", "failure")


def declare_spec(declared: Mapping[str, Any], at: str
                 ) -> tuple[Compiled, str, str] | None:
    """The step's `declare`, checked as the ruleset loads (it needs `automatic`)."""
    if "declare" not in declared:
        return None
    raw = declared["declare"]
    if not isinstance(raw, Mapping) or set(raw) - {"result", "refuse", "hint"} or \
            not {"result", "refuse"} <= set(raw) or \
            not all(isinstance(raw.get(k, ""), str) for k in ("refuse", "hint")):
        raise VocabError(f"{at}.declare", f"expected {SHAPE}, got {raw!r}")
    if "automatic" not in declared:
        raise VocabError(f"{at}.declare", "only a roll with automatic: the fact a declared "
                                          "result goes into")
    return expression(raw["result"], f"{at}.declare.result"), raw["refuse"], \
        str(raw.get("hint", ""))


def declared_result(spec: tuple[Compiled, str, str], facts: Facts, entered: bool,
                    rolled: str, how: Callable[[], str] = lambda: "") -> str:
    """The roll's automatic result: the one declared for a total called out, else the
    faces' (`rolled`); one declared on faces is refused."""
    run, refuse, hint = spec
    result = run.run(facts)
    if result in (None, 0, False):
        result = ""
    if result not in RESULTS:
        raise RuleViolation(f"an automatic result is success or failure, not {result!r}",
                            "declare success or failure")
    if result and not entered:
        came = how()
        raise RuleViolation(
            fill(refuse.replace("{result}", result).replace("{how}", came), facts),
            fill(hint.replace("{result}", result).replace("{how}", came), facts)
            if hint else "")
    return result if entered else rolled

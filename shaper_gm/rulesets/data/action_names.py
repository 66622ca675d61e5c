"""What an action of actions.yaml names that another file declares: the conditions its
changes give (conditions.yaml), and the numbers its summary reads (`{rules.NAME}`,
ruleset.yaml). A name mistyped is refused at load, not shown in play or in `help`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Ctx
from shaper_gm.engine.declared import Declared
from shaper_gm.rulesets.data.summaries import RULES_FIELD, WORDED


def actions_named(in_actions: Ctx, actions: tuple[tuple[str, Declared], ...],
                  conditions: Mapping[str, Any], good: Mapping[str, Any]) -> None:
    """Every name the actions read is declared (`good`: ruleset.yaml's keys read)."""
    _conditions_declared(in_actions, actions, conditions)
    _summaries_read(in_actions, actions, good)


def _conditions_declared(in_actions: Ctx, actions: tuple[tuple[str, Declared], ...],
                         conditions: Mapping[str, Any]) -> None:
    """Every condition an action's `condition` change gives is an item of
    conditions.yaml (a name holding facts, `{NAME}`, is known only in play)."""
    known = ", ".join(sorted(conditions)) or "none"
    for name, declared in actions:
        for index, entry in enumerate(declared.apply):
            if entry.kind == "condition" and "{" not in entry.name \
                    and entry.name not in conditions:
                in_actions.at(in_actions.file, name).error(
                    f"apply[{index}].condition.name", f"no condition {entry.name!r} in "
                    f"conditions.yaml (conditions: {known})")


def _summaries_read(in_actions: Ctx, actions: tuple[tuple[str, Declared], ...],
                    good: Mapping[str, Any]) -> None:
    """Every `{rules.NAME}` of a summary is a number of ruleset.yaml, or one of its keys
    (`diagonal_size`)."""
    numbers = dict(good.get("numbers") or ())
    for name, declared in actions:
        for read, word in RULES_FIELD.findall(declared.help.summary or ""):
            if read not in numbers and read not in good:
                in_actions.at(in_actions.file, name).error(
                    "summary", f"no number {read!r} in ruleset.yaml "
                               f"(numbers: {', '.join(numbers) or 'none'})")
            elif word and word not in WORDED:
                in_actions.at(in_actions.file, name).error(
                    "summary", f"{{rules.{read}|{word}}}: no words {word!r} (known: "
                               f"{', '.join(WORDED)})")

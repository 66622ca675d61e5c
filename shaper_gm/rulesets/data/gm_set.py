"""`set ACTOR hp=N` played by the action the ruleset's `set_hp_action` names: on the
actor itself, `flag.amount` the hit points asked (already within 0 and its maximum),
nothing paid, no dice; its requires refuse in its words (the time slices' dead keep 0
HP, T13, T14), its changes say what follows (a dying character set above 0 stops dying,
T14). Its outcome is told when its line says something (an empty line leaves it to the
HP line)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.rulesets.data.adding import played_by_gm


def gm_set_hp(rs: Any, state: Any, target: str, hp: int) -> Any:
    """The action `set_hp_action` names, played on `target` with `flag.amount` `hp`."""
    done = played_by_gm(rs, state, "set", "set_hp_action", target, hp)
    return done.state, [replace(e, action="set") if isinstance(e, ev.Played) else e
                        for e in done.events if not _unsaid(e)]


def _unsaid(event: Any) -> bool:
    """Its outcome when its line is empty: the changes' own lines say it all."""
    return isinstance(event, ev.Played) and not any(r.line for r in event.outcome.results)

"""ruleset.yaml's `timers`: a count down an actor holds (a dying character's minutes,
for one), told under the order table and in the toolbar while it runs. Each entry is
`{when, left, caption, toolbar, rule}`: `when` and `left` expressions about the actor
(`actor.X`, `rules.X`), the seconds left while `when` holds; `caption` and `toolbar`
texts with `{name}` (the actor's) and `{minutes}` (the seconds left in minutes: 4, 4.9)
filled in. The caption also says how a turn order in passes stands (`pass 1: Bo acts;
2 with AP left (RULE)`), and the toolbar which pass it is, then the fight's time and the
timers (`fight time 0:30 (RULE)`, `Bo dies in 4 min (RULE)`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, mapping_of, snake_name, text
from shaper_gm.engine.clock import minutes
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import ExprError, compile_expr
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.stepkit import fill

TIMER = {"when": Field(text, required=True), "left": Field(text, required=True),
         "caption": Field(text, required=True), "toolbar": Field(text), "rule": Field(text)}
SHOWING = "show"            # the verb the timers are worked out for: nothing is played


def _timer(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or set(value) - set(TIMER) or \
            not {"when", "left", "caption"} <= set(value):
        raise Bad("expected {when: EXPR, left: EXPR, caption: TEXT, toolbar: TEXT, rule: "
                  "TEXT} (when, left and caption required)")
    out = {name: TIMER[name].check(item) for name, item in value.items()}
    for key in ("when", "left"):
        try:
            out[key] = compile_expr(out[key])
        except ExprError as exc:
            raise Bad(f"{key}: {exc}") from None
    return out


timers_spec = mapping_of(snake_name, _timer)


class Timers:
    """The caption's and the toolbar's notes of a ruleset written as data."""

    library: Any
    turn_order: Any
    term: Callable[[str], str]
    clock_notes: Callable[[Encounter], list[str]]

    def running(self, state: Encounter) -> list[tuple[Mapping[str, Any], str, int]]:
        """(timer, actor's name, seconds left) of every timer running, actor by actor."""
        from shaper_gm.engine.situation import Situation
        timers = [dict(timer) for _, timer in self.library.numbers.get("timers") or ()]
        out: list[tuple[Mapping[str, Any], str, int]] = []
        for actor_id, actor in state.actors.items() if timers else ():   # none: no actor read
            situation = Situation(state, self, Request(SHOWING, (("actor", actor_id),)))
            for timer in timers:
                try:
                    if timer["when"].value(situation):
                        out.append((timer, actor.name, int(timer["left"].value(situation))))
                except (ExprError, KeyError, TypeError, RuleViolation):
                    continue        # an actor its expressions cannot read runs none
        return out

    def _passes(self, state: Encounter) -> str:
        if self.turn_order.kind != "passes" or state.turn is None:
            return ""
        said = str(self.turn_order.explain(state, self))
        rules = ", ".join(rule for rule in (self.term("passes_rule"),
                                            self.term("round_end_rule")) if rule)
        return said + (f" ({rules})" if said and rules else "")

    def caption_notes(self, state: Encounter) -> list[str]:
        """The order table's caption: the pass, the fight's time, the timers running."""
        notes = [self._passes(state), *self.clock_notes(state)]
        for timer, name, left in self.running(state):
            rule = f" ({timer['rule']})" if timer.get("rule") else ""
            notes.append(fill(timer["caption"], {"name": name, "minutes": minutes(left)})
                         + rule)
        return [note for note in notes if note]

    def toolbar_notes(self, state: Encounter) -> list[str]:
        """The toolbar's: which pass it is, the timers running."""
        notes = [f"pass {state.passes}"] if self.turn_order.kind == "passes" else []
        return notes + [fill(timer["toolbar"], {"name": name, "minutes": minutes(left)})
                        for timer, name, left in self.running(state) if timer.get("toolbar")]

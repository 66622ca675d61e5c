"""ruleset.yaml's `clock`: the fight's own time, one of the encounter's numbers
(`encounter_numbers:`) counted in whole seconds. Each round adds a number of the rules as
it ends (`round: round_seconds`: a round stands for 6 seconds) and `wait` adds the time
waited; `wait` says how it moved (`Time passes: 0:00 → 0:30 (RULE)`) and the order
table's caption gives it (`fight time 0:30 (RULE)`). A fight without a clock keeps no
time of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, snake_name, text
from shaper_gm.engine.clock import clock_text
from shaper_gm.engine.events import Told
from shaper_gm.engine.laying import number_changed, number_of
from shaper_gm.engine.state import Change, Encounter

CLOCK = {"number": Field(snake_name, required=True), "round": Field(snake_name),
         "rule": Field(text)}


def clock_spec(value: Any) -> Mapping[str, Any]:
    """The checked `clock:` mapping (content.schema.Bad if it cannot be read)."""
    if not isinstance(value, Mapping) or set(value) - set(CLOCK) or "number" not in value:
        raise Bad("expected {number: ENCOUNTER_NUMBER, round: NUMBER, rule: TEXT} "
                  "(number required)")
    return {name: CLOCK[name].check(item) for name, item in value.items()}


def check(here: Any, good: Mapping[str, Any]) -> None:
    """The clock's number is one of the encounter's, its round one of the rules'."""
    spec = good.get("clock")
    if not spec:
        return
    kept = dict(good.get("encounter_numbers") or ())
    if spec["number"] not in kept:
        here.error("clock.number", f"no encounter number {spec['number']!r} "
                                   f"(encounter_numbers: {', '.join(kept) or 'none'})")
    numbers = dict(good.get("numbers") or ())
    if "round" in spec and spec["round"] not in numbers:
        here.error("clock.round", f"no number {spec['round']!r} "
                                  f"(numbers: {', '.join(numbers) or 'none'})")


class FightClock:
    """The clock of a ruleset written as data (`clock:`), read from its library."""

    library: Any

    def _clock(self) -> Mapping[str, Any] | None:
        spec = self.library.numbers.get("clock")
        return dict(spec) if spec else None

    def fight_seconds(self, state: Encounter) -> int | None:
        """The fight's time in seconds (None: the ruleset keeps no clock)."""
        spec = self._clock()
        return None if spec is None else number_of(state, self, spec["number"])

    def time_passes(self, state: Encounter, seconds: int) -> Change:
        """The clock `seconds` on (nothing without a clock)."""
        spec = self._clock()
        if spec is None or seconds <= 0:
            return state, []
        before = number_of(state, self, spec["number"])
        state, _ = number_changed(state, self, spec["number"], seconds, "")
        rule = f" ({spec['rule']})" if spec.get("rule") else ""
        return state, [Told(f"Time passes: {clock_text(before)} → "
                            f"{clock_text(before + seconds)}{rule}")]

    def on_round_end(self, state: Encounter) -> Change:
        """A round's seconds (`round:`) as it ends."""
        spec = self._clock()
        if spec is None or "round" not in spec:
            return state, []
        return self.time_passes(state, int(self.library.numbers[spec["round"]]))

    def clock_notes(self, state: Encounter) -> list[str]:
        """The order table's caption: the fight's time."""
        seconds = self.fight_seconds(state)
        if seconds is None:
            return []
        rule = self._clock().get("rule")           # type: ignore[union-attr]
        return [f"fight time {clock_text(seconds)}" + (f" ({rule})" if rule else "")]

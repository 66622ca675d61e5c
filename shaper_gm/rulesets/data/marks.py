"""`map_marks` (ruleset.yaml): a mark on the map beside an actor holding an effect or
condition of that name, and a legend line saying what it means (time slices' flier:
``flying: {mark: "^", legend: "flying (moved with --speed fly)"}``, T17)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad

MARK_KEYS = ("mark", "legend")


def map_mark(value: Any) -> Mapping[str, str]:
    """One entry of `map_marks`, checked as the rest of ruleset.yaml is."""
    if not isinstance(value, Mapping) or set(value) != set(MARK_KEYS) or \
            not all(isinstance(value[key], str) and value[key].strip() for key in MARK_KEYS):
        raise Bad("expected {mark: TEXT, legend: TEXT} (both required)")
    if len(value["mark"]) > 3:
        raise Bad(f"a mark is at most 3 characters, got {value['mark']!r}")
    return value


class MapMarks:
    """What the map asks of a ruleset written as data: its marks and their legend."""

    library: Any

    def _marks(self) -> Mapping[str, Mapping[str, str]]:
        return dict(self.library.numbers.get("map_marks") or ())

    def map_mark(self, actor: Any) -> str:
        """The marks of the effects it holds, in the order `map_marks` names them."""
        held = {effect.name for effect in actor.effects}
        return "".join(spec["mark"] for name, spec in self._marks().items() if name in held)

    def map_notes(self, state: Any) -> list[str]:
        """A legend line for each mark some actor on the map bears."""
        held = {effect.name for actor in state.actors.values() if actor.zone
                for effect in actor.effects}
        return [f"{spec['mark']} {spec['legend']}" for name, spec in self._marks().items()
                if name in held]

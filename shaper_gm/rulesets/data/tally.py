"""ruleset.yaml's `harm_tally: {name, rule}`: the harm an actor has taken, counted up to
its hit point maximum (Dungeoneers' wounds up to the wound limit, D19). Hit points stay
what the rules change; the tally is their other side, set by hand as `set ACTOR
wounds=N` and told so (`Skeleton: wounds 0 → 5 (set by the GM)`)."""

from __future__ import annotations

from typing import Any

from shaper_gm.content.schema import Bad
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Change, Encounter


def harm_tally(value: Any) -> dict[str, Any]:
    """`harm_tally: {name: NAME, rule: TEXT}`, checked."""
    name = value.get("name") if isinstance(value, dict) else None
    if not isinstance(name, str) or not name.isidentifier() or not name.islower() or \
            set(value) - {"name", "rule"} or not isinstance(value.get("rule", ""), str):
        raise Bad("expected {name: NAME (lowercase letters, digits, '_'), rule: TEXT}")
    return value


class HarmTally:
    """`set ACTOR NAME=N` for a ruleset that counts harm up (`harm_tally:`)."""

    library: Any

    def _tally(self) -> tuple[str, str]:
        spec = self.library.numbers.get("harm_tally") or {}
        return str(spec.get("name", "")), str(spec.get("rule", ""))

    def kept_tally(self) -> tuple[str, str] | None:
        """(name, rule) when a resource of the tally's name keeps it: harm past 0 hit
        points is counted there too, past the maximum (engine.harm.tallied)."""
        name, rule = self._tally()
        resources = getattr(self, "resources", ())
        return (name, rule) if name and any(r.name == name for r in resources) else None

    @property
    def hp_shown(self) -> bool:
        """Completion names no hit points beside an actor when a kept tally says its harm
        (wounds counted up to a limit)."""
        return self.kept_tally() is None

    def settable_fields(self) -> tuple[str, ...]:
        """The tally in place of the hit points: the GM sets the harm taken, and the hit
        points follow (`set ACTOR hp=N` is refused, as a field it cannot set)."""
        name, _ = self._tally()
        own: tuple[str, ...] = super().settable_fields()  # type: ignore[misc]
        return (name, *(field for field in own if field not in ("hp", name))) if name else own

    def set_field(self, state: Encounter, target: str, key: str, value: str
                  ) -> Change | None:
        """The tally set by hand: hit points of the maximum less it, down at the
        maximum; a tally past the maximum is refused (hit points stop at 0)."""
        name, rule = self._tally()
        if not name or key != name:
            return None
        actor = state.actors[target]
        top = actor.max_hp or 0
        cited = f" ({rule})" if rule else ""
        if not value.isascii() or not value.isdigit() or len(value) > 7:
            raise RuleViolation(f"{name} must be a whole number, got {value[:20]!r}",
                                f"e.g. {name}=5")
        if int(value) > top:
            raise RuleViolation(f"{name} must be 0 to {top} for {actor.name}{cited}",
                                "pick a value in range")
        before = actor.resource(name) if self.kept_tally() else top - (actor.hp or 0)
        state, events = self.set_hp(state, target, top - int(value))  # type: ignore[attr-defined]
        told = [ev.FieldSet(target, name, before, int(value)) if isinstance(e, ev.HpChanged)
                else e for e in events]
        return state, told

"""What the GM's shared verbs reach of a data ruleset's sheets beyond the shared fields:
`set ACTOR NAME=N` of a sheet number (`rulesets.data.numbers`). A save's sheets kept
under the ruleset's older keys are read by `rulesets.data.older` (`older_sheets:`)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Encounter


class SheetFields(RulesetBase):
    """`DataRuleset`'s sheet fields for `set`."""

    library: Any
    sheet_numbers: tuple[str, ...]

    def settable_fields(self) -> tuple[str, ...]:
        from shaper_gm.rulesets.data.gm_fields import declared
        shared = super().settable_fields()
        return (*shared, *(name for name in self.sheet_numbers if name not in shared),
                *(name for name in declared(self.library) if name not in shared))

    def set_field(self, state: Encounter, target: str, key: str, value: str) -> Any:
        """`set ACTOR NAME=N` of a sheet number that is no shared field (a resource of
        that name is set as one): rulesets.data.numbers."""
        from shaper_gm.rulesets.data.gm_fields import set_gm_field
        from shaper_gm.rulesets.data.numbers import set_number
        own = set_gm_field(self, state, target, key, value)      # gm_fields: max_hp=N
        if own is not None:
            return own
        if key in RulesetBase.settable_fields(self) or key not in self.sheet_numbers:
            return super().set_field(state, target, key, value)   # a tally's (harm_tally)
        return set_number(self, state, target, key, value)

    def reserved_ids(self) -> tuple[str, ...]:
        """Words no actor may be called, as verbs read them otherwise: its resources and
        what `act` takes as a cost (the dice pool's `act action TEXT`, `act 2 TEXT`)."""
        return tuple(dict.fromkeys((*self.resource_names(), *self.cost_words())))

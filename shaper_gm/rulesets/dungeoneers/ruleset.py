"""`DungeoneersRuleset`: the Dungeoneers rules behind the engine's ruleset interface.

Every number comes from the content library (`content/dungeoneers/`). The play verbs
live in their own modules (`actions.py` lists them); this class answers what the engine,
the commands and the views ask of any ruleset: resources, turn order, sheets, hooks,
and the GM's damage and heal tools in wounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dungeoneers import grid
from shaper_gm.rulesets.dungeoneers.events import ReadiedCleared
from shaper_gm.rulesets.dungeoneers.harm import Defenses, dealt, defenses, heal_wounds, take_wounds
from shaper_gm.rulesets.dungeoneers.models import (
    RANKS,
    SHEET_NUMBERS,
    ActorData,
    EncounterData,
    Library,
    Sheet,
)
from shaper_gm.rulesets.dungeoneers.order import ApOrder
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of, with_data

# Modifier keys an `effect` may carry: boon on the creature's own tests, boon on its
# dodging tests (D23's defensive uses it), extra wounds on its strikes, armor value.
EFFECT_KEYS = ("boon", "defense_boon", "wounds", "armor")
# Numbers the resources read that the sheet does not hold as such (D26, D27).
DERIVED = ("arca_max", "stress_capacity")


class DungeoneersRuleset(RulesetBase):
    id = "dungeoneers"
    name = "Dungeoneers"
    rules = "D1-D29"
    has_hp = False                           # D19: wounds up to a limit instead
    sheet_numbers = SHEET_NUMBERS
    effect_keys = EFFECT_KEYS

    def __init__(self, library: Library) -> None:
        self.library = library
        self.numbers = library.numbers
        self.name = self.numbers.name
        self.resources = (
            ResourceSpec("ap", "AP", max=self.numbers.ap_per_round, refill="round_start",
                         off_turn=True, rule="D1, D2, D8"),
            ResourceSpec("wounds", "wounds", max="wound_limit", start=0, rule="D19"),
            ResourceSpec("stress", "stress", start=0, rule="D26"),
            ResourceSpec("arca", "arca", max="arca_max", rule="D27"),
        )
        self.turn_order = ApOrder()

    # --- sheets -------------------------------------------------------------------------
    def stat(self, sheet: Any, key: str) -> int:
        if key == "arca_max":                                        # D27
            return self.numbers.arca_per_wisdom * int(sheet.wisdom)
        if key == "stress_capacity":                                 # D26
            return int(getattr(sheet, self.numbers.stress_capacity_score))
        return super().stat(sheet, key)

    def make_actor(self, actor_id: str, name: str | None, side: str | None,
                   zone: str | None, template: str | None, numbers: Mapping[str, int],
                   extra: Mapping[str, Any]) -> Actor:
        """A creature from a template (or the default sheet) with the GM's overrides."""
        sheet = self._template(template)
        sheet = self._with_numbers(sheet, numbers)
        sheet = self._with_extra(sheet, extra or {})
        sheet = sheet.with_(name=name or sheet.name)
        tile = grid.canonical(zone) if zone else None
        values = resources.starting(self.resources, sheet, self.stat)
        return Actor(id=actor_id, name=sheet.name, side=side or sheet.group or "enemies",
                     sheet=sheet, zone=tile, resources=values,
                     system=ActorData(holding=sheet.holding), template=template)

    def _template(self, template: str | None) -> Sheet:
        if template is None:
            return self.library.default_sheet
        found = self.library.creatures.get(template)
        if found is None:
            known = ", ".join(sorted(self.library.creatures)) or "none"
            raise RuleViolation(f"no Dungeoneers creature {template!r}", f"known: {known}")
        return found

    def _with_numbers(self, sheet: Sheet, numbers: Mapping[str, int]) -> Sheet:
        changes = {}
        for key, value in numbers.items():
            name = key.lower()
            if name not in SHEET_NUMBERS:
                raise RuleViolation(f"--stat {key}: not a Dungeoneers sheet number",
                                    f"sheet numbers: {', '.join(SHEET_NUMBERS)}")
            low = 1 if name in ("wound_limit", "critical_threshold") else 0
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise RuleViolation(f"--stat {name}={value}: expected a whole number of at "
                                    f"least {low}", f"e.g. --stat {name}={max(low, 2)}")
            changes[name] = value
        return sheet.with_(**changes)

    def _with_extra(self, sheet: Sheet, extra: Mapping[str, Any]) -> Sheet:
        """`--prof NAME=RANK`, `--vulnerable|--resist TYPE=N`, `--immune TYPE` (D12, D20)."""
        known = ("prof", "vulnerable", "resist", "immune")
        for key in extra:
            if key not in known:
                raise RuleViolation(f"--{key} is not a Dungeoneers flag",
                                    f"flags: {', '.join('--' + k for k in known)}")
        prof = dict(sheet.proficiencies)
        for skill, rank in dict(extra.get("prof", {})).items():
            if rank not in RANKS:
                raise RuleViolation(f"--prof {skill}={rank}: not a proficiency rank (D12)",
                                    f"ranks: {', '.join(RANKS)}")
            prof[skill.lower()] = rank
        vulnerable = dict(sheet.vulnerable)
        resist = dict(sheet.resist)
        for table, given, flag in ((vulnerable, extra.get("vulnerable", {}), "vulnerable"),
                                   (resist, extra.get("resist", {}), "resist")):
            for kind, amount in dict(given).items():
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                    raise RuleViolation(f"--{flag} {kind}={amount}: expected N of 0 or more "
                                        "(D20)", f"e.g. --{flag} {kind}=1")
                table[self._damage_entry(kind, flag)] = amount
        immune = list(sheet.immune)
        for kind in extra.get("immune", ()):
            entry = self._damage_entry(kind, "immune")
            if entry not in immune:
                immune.append(entry)
        return sheet.with_(
            proficiencies=tuple(prof.items()),
            vulnerable=tuple((k, n) for k, n in vulnerable.items() if n),
            resist=tuple((k, n) for k, n in resist.items() if n), immune=tuple(immune))

    def _damage_entry(self, text: str, flag: str) -> str:
        types = self.numbers.damage_types
        code = types.code_of(text)
        if code is not None:
            return code
        if text.lower() in types.known():
            return text.lower()
        raise RuleViolation(f"--{flag} {text}: not a damage type or category (D20)",
                            f"types: {', '.join(types.known())}")

    def initial_system(self) -> EncounterData:
        """A new encounter's Dungeoneers data: the ambient arca from content (D28)."""
        return EncounterData(ambient_arca=self.numbers.ambient_arca)

    # --- turn order -----------------------------------------------------------------------
    def initiative(self, actor: Actor, source: Any):
        raise RuleViolation("Dungeoneers rolls no initiative: the most AP acts next (D3)",
                            "set the listing order with init ID ID ... (it settles D4 and "
                            "D5 defaults), then start")

    def order_tiebreak(self, actor: Actor) -> int:
        """D5: between groups the higher body (total) goes first."""
        return actor.sheet.body

    def explain(self, state: Encounter) -> str:
        return self.turn_order.explain(state, self)

    def side_total(self, state: Encounter, side: str) -> int:
        """D5: the body total of a group's creatures that are not down."""
        return self.turn_order.side_total(state, self, side)

    def on_round_end(self, state: Encounter) -> tuple[Encounter, list]:
        """D9: a round's end clears every readied action."""
        events, changed = [], []
        for actor in state.actors.values():
            held = data_of(actor).readied
            if held:
                changed.append(with_data(actor, readied=None))
                events.append(ReadiedCleared(actor.id, held, f"round {state.round} ended (D9)"))
        return (state.with_actors(changed) if changed else state), events

    # --- GM tools ---------------------------------------------------------------------------
    def damage(self, state: Encounter, target_id: str, amount: int,
               options: Mapping[str, Any] | None = None) -> tuple[Encounter, list]:
        """Deal wounds as a hit would: of a type (D20), repeated per critical (D18);
        `direct` skips D20."""
        options = dict(options or {})
        if amount < 0:
            raise RuleViolation("damage is 0 or more wounds", "use heal to remove wounds")
        target = actor_of(state, target_id)
        kind = options.get("type")
        code = None
        if kind:
            code = self.numbers.damage_types.code_of(str(kind))
            if code is None:
                raise RuleViolation(f"{kind!r} is not a damage type (D20)",
                                    f"types: {', '.join(self.numbers.damage_types.codes())}")
        criticals = int(options.get("criticals", 0))
        if criticals < 0:
            raise RuleViolation("critical hits are counted from 0 (D18)", "give 0 or more")
        guard = (Defenses() if options.get("direct") else
                 defenses(self.numbers.damage_types, target.sheet, code))
        _, wounds = dealt(amount, criticals, guard)
        state, events = take_wounds(state, target.id, wounds, "the GM",
                                    target.sheet.wound_limit)
        return self._settle(state, events)

    def heal(self, state: Encounter, target_id: str, amount: int) -> tuple[Encounter, list]:
        """Remove wounds (D19)."""
        if amount < 0:
            raise RuleViolation("heal removes 0 or more wounds", "use damage to add wounds")
        target = actor_of(state, target_id)
        state, events = heal_wounds(state, target.id, amount, "the GM",
                                    target.sheet.wound_limit)
        return self._settle(state, events)

    def _settle(self, state: Encounter, events: list) -> tuple[Encounter, list]:
        """A creature down or back up may change who is up (D3, D19)."""
        if state.round < 1 or state.turn is None:
            return state, events
        if all(actor.down for actor in state.actors.values()):
            return state.with_(up=(), turn=None), events
        state, settled = self.turn_order.after_reaction(state, self, "")
        return state, events + settled

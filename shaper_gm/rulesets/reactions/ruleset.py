"""`ReactionsRuleset`: the reactions rules (R1-R12) behind the engine's ruleset interface,
every number read from the content's `Numbers`, and its words for the shared verbs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.dice import DiceSource, Roll, add, parse, roll
from shaper_gm.engine import grid, limits, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.names import match_one
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.rulesets.reactions import harm
from shaper_gm.rulesets.reactions.events import Moved, ShieldExpired
from shaper_gm.rulesets.reactions.models import ARMOR_OF, SHEET_NUMBERS, TURN, Library

# Modifiers an `effect` may carry: each adds to the sheet number of the same name, and
# `power` to the power of the creature's attacks. Lower targets make rolls easier (R3).
EFFECT_KEYS = ("power", "physical_armor", "magical_armor", "block_bonus", "block", "dodge",
               "critical", "critical_bonus")
ADD_FLAGS = ("weapon", "weapons", "shield")       # `add --weapon ITEM...`, `--shield ITEM`


def resource_specs(numbers: Any) -> tuple[ResourceSpec, ...]:
    """R10: the turn's move and action; R11: reactions; R12: a raised shield, which
    lapses in `on_turn_start` (it reports it)."""
    per_turn = dict(numbers.per_turn)
    return (
        *(ResourceSpec(name, name, max=per_turn.get(name, 0), refill="turn_start",
                       lapse="turn_end", rule="R10", hard_max=True) for name in TURN),
        ResourceSpec("reactions", "reactions", max="reactions", refill="turn_start",
                     off_turn=True, kept_on_pass=True, rule="R11"),
        ResourceSpec("shield", "shield", start=0, rule="R12"),
    )


class ReactionsRuleset(RulesetBase):
    id = "reactions"
    sheet_numbers = SHEET_NUMBERS
    effect_keys = EFFECT_KEYS

    def __init__(self, library: Library) -> None:
        from shaper_gm.content.kinds import env_of
        self.library = library
        self.numbers = library.numbers
        self.sheet_type = library.kinds.record("Sheet")   # saves: all an actor carries
        self.sheet_ranges = library.kinds.sheet_numbers("Sheet", env_of(self.numbers))
        self.name = self.numbers.name
        self.terms = dict(self.numbers.terms)          # its words for the shared verbs
        self.rules = self.numbers.rules
        self.resources = resource_specs(self.numbers)
        self.turn_order = FixedOrder()                       # R9

    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid_cols, self.numbers.grid_rows)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """Tiles for a move: metres away, taken or free, and within speed or not (R10)."""
        actor = state.actors.get(subject) if subject else None
        if slot == "target" and verb in ("attack", "odds") and actor is not None:
            from shaper_gm.engine.offers import checked_targets
            from shaper_gm.engine.request import Request
            from shaper_gm.rulesets.reactions.attack import prepare
            return checked_targets(state, self, actor, lambda target: prepare(
                state, self, Request("attack", (("actor", actor.id), ("target", target)))))
        if slot != "zone" or verb != "move" or actor is None or not actor.zone:
            return None
        from shaper_gm.engine.offers import tile_offers
        here = self.cell_of(state, actor.id)
        taken = grid.occupied(state, but=[actor.id])
        speed = self.number(actor, "speed")

        def note(name: str) -> tuple[int, str]:
            tile = self.cell(state, name)
            metres = grid.steps(here, tile) * self.numbers.metres_per_tile
            if tile == here:
                return 0, "here"
            if tile in taken:
                return metres, f"{metres} m · taken"
            if metres > speed:
                return metres, f"{metres} m · beyond {actor.name}'s {speed} m"
            return metres, f"{metres} m · the turn's move"
        return tile_offers(state, note)

    def templates(self) -> dict[str, Any]:
        """The content's creatures, which `add --as` names."""
        return dict(self.library.creatures)

    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None):
        """Creatures, weapons and spells, shields by unique prefix. A content weapon the
        attacker lacks is taken as named: the rules refuse it by name (R1)."""
        attacks = [aid for aid, _ in self.library.attacks]
        kinds = {"template": ("creature", "creatures", list(self.templates())),
                 "attack": ("weapon or spell", "weapons and spells", attacks),
                 "shield": ("shield", "shields", [sid for sid, _ in self.library.shields])}
        if kind in kinds:
            what, plural, known = kinds[kind]
            return match_one(word, known, what, f"{plural}: {', '.join(known)}")
        if kind == "weapon" and actor_id in state.actors:
            if word.lower() in attacks:
                return word.lower()
            actor = state.actors[actor_id]
            carried = list(actor.sheet.weapons)
            return match_one(word, carried, "weapon or spell",
                             f"{actor.name} carries: {', '.join(carried) or 'nothing'} (R1)")
        return super().resolve_word(state, kind, word, actor_id)

    # Sheets --------------------------------------------------------------------------
    def stat(self, sheet: Any, key: str) -> int:
        if key in ("hp", "health"):
            return sheet.health
        if key not in SHEET_NUMBERS:
            raise RuleViolation(f"no sheet number {key!r} in this ruleset",
                                f"sheet numbers: {', '.join(SHEET_NUMBERS)}, hp")
        return getattr(sheet, key)

    def number(self, actor: Actor, key: str) -> int:
        """A sheet number with the actor's effects on it."""
        return self.stat(actor.sheet, key) + actor.effect_total(key)

    def armor(self, actor: Actor, attack_type: str) -> int:
        """R6: the armor that meets this type; true damage meets none."""
        key = ARMOR_OF.get(attack_type)
        return max(0, self.number(actor, key)) if key else 0

    def actor_of(self, state: Encounter, actor_id: str) -> Actor:
        if actor_id not in state.actors:
            known = ", ".join(sorted(state.actors)) or "nobody yet"
            raise RuleViolation(f"no actor {actor_id!r} in this encounter", f"actors: {known}")
        return state.actors[actor_id]

    def make_actor(self, spec: Any, zone: str | None) -> Actor:
        """An actor from a creature template (or the default sheet) with `--stat NAME=N`
        and `--hp N` overrides (`spec.numbers`), and `weapons`/`shield` from the add
        flags (`spec.extra`); its reactions full, no shield raised (R11, R12)."""
        template = spec.template
        if isinstance(template, str):
            found = self.library.creature(template)
            if found is None:
                known = ", ".join(cid for cid, _ in self.library.creatures)
                raise RuleViolation(f"no creature {template!r} in the reactions content",
                                    f"creatures: {known}")
            template = found
        name = spec.name or (template.name if template is not None
                             else spec.id.replace("-", " ").title())
        sheet = template if template is not None else replace(
            self.numbers.default_sheet, id="", name=name)
        sheet = replace(sheet, **self._checked_numbers(dict(spec.numbers)),
                        **self._checked_extra(dict(spec.extra)))
        values = resources.starting(self.resources, sheet, self.stat)
        return Actor(id=spec.id, name=name, side=spec.side or "enemies", sheet=sheet,
                     hp=sheet.health, max_hp=sheet.health, zone=zone, resources=values,
                     template=template.id if template is not None else None)

    def _checked_numbers(self, numbers: Mapping[str, int]) -> dict[str, int]:
        given = {"health" if key == "hp" else key: value for key, value in numbers.items()}
        return self.sheet_ranges.typed(given, what="reactions")

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        """An actor of a save names only the content's weapons, spells and shields, and
        holds every sheet number in the range `add --stat` accepts."""
        attacks, shields = dict(self.library.attacks), dict(self.library.shields)
        at = f"{where}.sheet"
        sheet = actor.sheet
        self.sheet_ranges.check_saved(at, sheet)
        for i, item in enumerate(sheet.weapons):
            limits.known(f"{at}.weapons[{i}]", item, attacks, "weapon or spell (R1)")
        if sheet.shield is not None:
            limits.known(f"{at}.shield", sheet.shield, shields, "shield (R12)")

    def _checked_extra(self, extra: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in extra.items():
            if key not in ADD_FLAGS:
                raise RuleViolation(f"add has no {key!r} here",
                                    "the reactions ruleset's add flags: --weapon ITEM, "
                                    "--shield [ITEM], --stat NAME=N, --hp N")
            if key in ("weapon", "weapons"):
                items = tuple(value)
                for item in items:
                    if self.library.attack(item) is None:
                        known = ", ".join(aid for aid, _ in self.library.attacks)
                        raise RuleViolation(f"no weapon or spell {item!r} (R1)",
                                            f"weapons and spells: {known}")
                out["weapons"] = items
            else:
                out["shield"] = self._shield_id(value)
        return out

    def _shield_id(self, value: Any) -> str | None:
        if value is None or value is False:
            return None
        shield_id = self.numbers.default_shield if value is True else value
        if shield_id is None or self.library.shield(shield_id) is None:
            known = ", ".join(sid for sid, _ in self.library.shields)
            raise RuleViolation(f"no shield {shield_id!r} (R12)", f"shields: {known}")
        return shield_id

    # Turn order (R9) -----------------------------------------------------------------
    def initiative(self, actor: Actor, source: DiceSource) -> Roll:
        """R9: the initiative die + the creature's initiative bonus; higher goes first."""
        expr = add(parse(f"1d{self.numbers.initiative_die}"), self.stat(actor.sheet,
                                                                        "initiative"))
        return roll(expr, source, what=f"initiative of {actor.name}")

    def order_tiebreak(self, actor: Actor) -> int:
        """Ties in initiative go to the higher initiative bonus."""
        return self.stat(actor.sheet, "initiative")

    # Turn hooks ----------------------------------------------------------------------
    def on_turn_start(self, state: Encounter, actor_id: str) -> Change:
        """R12: a shield lasts until the start of its owner's next turn."""
        actor = state.actors[actor_id]
        amount = actor.resource("shield")
        if self.numbers.shield_expires != "turn_start" or amount <= 0:
            return state, []
        return state.with_actor(actor.with_resource("shield", 0)), [ShieldExpired(actor_id, amount)]

    react_resource = "reactions"          # R11

    def cost_words(self) -> list[str]:
        """What `act` spends: the turn's action or its move (R10)."""
        return [s.name for s in self.resources if not s.off_turn and s.max]

    def act_cost(self, word: str) -> dict[str, int] | None:
        word = word.lower()
        return {word: 1} if word in self.cost_words() else None

    def after_change(self, state: Encounter, before: Encounter | None = None) -> Change:
        """R10: one creature a tile. A creature back on its feet where another now stands
        steps to the nearest free tile."""
        events = []
        for actor in list(state.actors.values()):
            was = before.actors.get(actor.id) if before is not None else None
            if was is None or not was.down or actor.down:
                continue
            tile = grid.nearest_free(state, actor.id)
            if tile is None:
                continue
            name = grid.cell_name(tile)
            metres = grid.steps(self.cell_of(state, actor.id), tile) * \
                self.numbers.metres_per_tile
            events.append(Moved(actor.id, actor.zone, name, metres,
                                "back on its feet, its tile taken (R10)", True))
            state = state.with_actor(actor.with_(zone=name))
        return state, events

    damage = harm.gm_damage           # the GM's tools (R6-R8)
    heal = harm.gm_heal

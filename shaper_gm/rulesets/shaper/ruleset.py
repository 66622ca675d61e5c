"""`ShaperRuleset`: the Shaper rules behind the engine's ruleset interface (S1-S29)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.commands.args import ascii_digits, names_a_file
from shaper_gm.content.schema import ContentError
from shaper_gm.dice import DiceSource, Roll, basic_roll, parse
from shaper_gm.engine import events as ev
from shaper_gm.engine import grid, ground
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper import carrying as kept_items
from shaper_gm.rulesets.shaper import model, saves, situation
from shaper_gm.rulesets.shaper.content.models import SHEET, Library
from shaper_gm.rulesets.shaper.creation import ActorStats, create_actor, stats_from_sheet
from shaper_gm.rulesets.shaper.model import SP

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers

# What `add --stat NAME=N` and `set` may change on a Shaper sheet.
SHEET_NUMBERS = SHEET.names
# The modifiers an effect may carry (S26).
# `defense` adds to the holder's Defense (S7); `adv` gives its attack rolls Advantage
# (a negative amount: Disadvantage, S3).
EFFECT_KEYS = ("attack", "damage", "evasion", "absorb", "defense", "adv")


def resource_specs(numbers: RulesetNumbers) -> tuple[ResourceSpec, ...]:
    """S18: each action kind is full at the start of the turn and lapses at its end, a
    lesser one paid by a greater (`substitutions`); S22: SP regains its Regen at the start
    of the turn, up to Total SP; S23: SP pays off-turn."""
    subs = dict(numbers.substitutions)
    kinds = tuple(ResourceSpec(kind, kind.capitalize(), max=kind, start=0, refill="turn_start",
                               lapse="turn_end", paid_by=tuple(subs.get(kind, ())), rule="S18")
                  for kind in numbers.pool.as_dict())
    sp = ResourceSpec(SP, "SP", max="max_sp", refill="turn_start", refill_by="sp_regen",
                      off_turn=True, rule="S22")
    return (*kinds, sp)


class ShaperRuleset(RulesetBase):
    """Shaper, every number read from `RulesetNumbers` (S1-S29)."""

    rules = "S1-S29"
    sheet_type = ActorStats
    actor_system_type = model.ShaperActor
    encounter_system_type = model.ShaperField
    effect_keys = EFFECT_KEYS
    sheet_numbers = SHEET_NUMBERS
    sheet_ranges = SHEET                  # their ranges (content, add --stat, a save)
    migrations = {1: saves.v1_to_v2}
    def __init__(self, numbers: RulesetNumbers, library: Library | None = None, *,
                 load_library: Callable[[], Library] | None = None) -> None:
        self.numbers = numbers
        self._library = library                  # None: read on first use, see `library`
        self._load_library = load_library or Library     # none given: an empty library
        self.id = numbers.id
        self.name = numbers.name
        self.terms = dict(numbers.terms)          # its words (ruleset.yaml `terms`)
        self.resources = resource_specs(numbers)
        self.turn_order = FixedOrder()                  # S17

    @property
    def library(self) -> Library:
        """The content library. Built with `load_library`, the ruleset reads it on first
        use, so a command that needs no item, skill or sheet does not wait for them; a
        library that cannot be read then refuses that command, naming the problem."""
        if self._library is None:
            try:
                self._library = self._load_library()
            except ContentError as exc:
                raise CommandError(f"the content library cannot be read: {exc.summary()}",
                                   "nothing changed; fix content/ or set SHAPER_GM_CONTENT "
                                   "to a content folder") from None
        return self._library

    @property
    def grid(self) -> tuple[int, int]:
        return (self.numbers.grid_cols, self.numbers.grid_rows)           # S9

    def stat(self, sheet: ActorStats, key: str) -> int:
        """A sheet number; an action kind reads the actor's own pool (S18, S21)."""
        if key in self.kinds() or (sheet.pool and key in sheet.pool.as_dict()):
            return self.new_pool(sheet).get(key, 0)
        return int(getattr(sheet, key, 0) or 0)

    # Turn economy (S18, S19, S22) ---------------------------------------------------------
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.numbers.pool.as_dict())

    def new_pool(self, stats: ActorStats | None = None) -> dict[str, int]:
        """A fresh turn's pool: the ruleset's (S18), or a creature's own (a summon's, S21)."""
        own = stats.pool if stats is not None else None
        return (own or self.numbers.pool).as_dict()

    def cost(self, action: str) -> str:
        """The action kind an action costs (S19)."""
        costs = dict(self.numbers.costs)
        if action not in costs:
            raise RuleViolation(f"no cost listed for {action!r} (S19)",
                                f"use one of: {', '.join(sorted(costs))}, or `act major|minor|"
                                f"free TEXT`")
        return costs[action]

    def act_cost(self, word: str) -> dict[str, int] | None:
        word = word.lower()
        return {word: 1} if word in self.kinds() else None

    def cost_words(self) -> list[str]:
        return list(self.kinds())

    def reserved_ids(self) -> tuple[str, ...]:
        return self.kinds()                     # `act minor ...` reads them

    def admit_off_turn(self, state: Encounter, actor_id: str, action, request):
        """S23: a skill, or a utility spell, paid with SP may be used off-turn."""
        from shaper_gm.engine.actions import Admission
        attack = action.name == "cast" and request.arg("spell") in self.library.spells
        if action.name in ("skill", "cast") and request.get("sp") and not attack:
            return Admission(state)
        return None

    def refuse_payment(self, actor: Actor, spec: ResourceSpec, left: Mapping[str, int]):
        """S18: no action of a kind left, nor any kind that may pay for it."""
        if spec.name == SP:
            return None
        kind, full = spec.name, self.new_pool(actor.sheet)
        payers = (kind, *spec.paid_by)
        spent = f"{actor.name} has spent " + " and ".join(
            f"{max(0, full.get(k, 0) - left.get(k, 0))} of {full.get(k, 0)} {k.capitalize()}"
            for k in payers)
        others = ", ".join(o.capitalize() for o in spec.paid_by)
        also = f" and nothing that may pay for it ({others})" if others else ""
        return RuleViolation(f"no {kind.capitalize()} action left{also} (S18): {spent}",
                             "end the turn (end); skills can still be paid with SP (--sp)")

    # The engine's moments (S8, S14, S21, S23, S24) ----------------------------------------
    def on_turn_start(self, state: Encounter, actor_id: str) -> Change:
        """S24: skill uses count per the actor's round, which restarts with its turn (and
        its summons', which act in it, S21)."""
        members = [actor_id, *state.summons_of(actor_id)]
        changed = [model.with_own(state.actors[m], skill_uses=()) for m in members
                   if model.own(state.actors[m]).skill_uses]
        return (state.with_actors(changed) if changed else state), []

    def on_round_end(self, state: Encounter) -> Change:
        """A disengagement can be answered only in the round it happened (S23)."""
        if not model.field(state).left:
            return state, []
        return model.with_left(state, frozenset()), []

    def on_down(self, state: Encounter, actor_id: str) -> Change:
        """S8: Down leaves every engagement; S21: a summon is removed when Down."""
        state, events = model.leave(state, actor_id, "Down")
        if state.actors[actor_id].summoner is not None:
            state = state.without_actor(actor_id)
            events.append(ev.ActorRemoved(actor_id))
        state, settled = model.settle(state)
        return state, events + settled

    def on_removed(self, state: Encounter, actor_id: str) -> Change:
        state, _ = model.leave(state, actor_id, "")
        return model.settle(state)

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Change:
        """A GM's `place` elsewhere takes the actor out of its engagement (S14)."""
        events: list = []
        if state.actors[actor_id].zone != before:
            state, events = model.leave(state, actor_id, "placed elsewhere")
        state, settled = model.settle(state)
        return state, events + settled

    # Setting up (S17, S27-S29) -----------------------------------------------------------
    def new_system(self) -> model.ShaperField:
        return model.ShaperField()

    def templates(self) -> dict:
        return {**self.library.creatures, **self.library.characters}

    def sheet_for(self, state: Encounter, flags: dict) -> tuple[Any, dict]:
        """A content template, or a sheet file the GM points at: the file's content goes
        into the logged line (`--sheet`), so the log never reads a file."""
        from shaper_gm.rulesets.shaper.content import loader
        name = flags.get("as")
        found = self.library.template(name.lower()) if name else None
        if name and found is None and names_a_file(name):
            sheet, text = loader.sheet_as_logged(name, self.library)
            return sheet, {**{k: v for k, v in flags.items() if k != "as"}, "sheet": text}
        if found is not None:
            return found, flags
        if flags.get("sheet") and not name:
            return loader.logged_sheet(flags["sheet"], self.library), flags
        return super().sheet_for(state, flags)

    carried, carrying = kept_items.carried, kept_items.carrying     # S19: a party's items

    def make_actor(self, spec, zone: str | None) -> Actor:
        """An actor from a template with the GM's overrides, or by the creation rules
        (S27-S29): full HP and SP, the pool empty until its turn (S18, S22)."""
        sheet = spec.template
        hp = dict(spec.numbers).get("hp")
        if hp is not None and hp < 1:
            raise RuleViolation(f"--hp {hp}: an actor starts with 1 HP or more (S27)",
                                "e.g. --hp 12")
        name = spec.name or (sheet.name if sheet else spec.id.replace("-", " ").title())
        fields = {**dict(spec.numbers), **self._overrides(dict(spec.extra)), "id": spec.id,
                  "name": name}
        stats = stats_from_sheet(self.numbers, self.library, sheet, **fields) if sheet \
            else create_actor(self.numbers, self.library, **fields)
        side = spec.side or (sheet.side if sheet and sheet.side else "enemies")
        unloaded = tuple(w for w in stats.weapons
                         if (item := self.library.weapons.get(w)) is not None and item.reload)
        values = {**dict.fromkeys(self.new_pool(stats), 0), SP: stats.max_sp}
        return Actor(id=spec.id, name=name, side=side, sheet=stats, hp=stats.max_hp,
                     max_hp=stats.max_hp, zone=zone, resources=tuple(values.items()),
                     system=model.ShaperActor(holding=stats.holding, unloaded=unloaded),
                     template=sheet.id if sheet else None)

    def _overrides(self, extra: dict) -> dict:
        """`add`'s Shaper flags as creation reads them: abilities, level, items, skills."""
        out = {key: extra[key] for key in ("level", "vigor", "finesse", "mentality", "armor",
                                          "hp") if extra.get(key) is not None}
        if extra.get("weapon"):
            out["weapons"] = tuple(w.lower() for w in extra["weapon"])
        if extra.get("shield"):
            shields = sorted(self.library.shields)
            if not shields:
                raise CommandError("the content has no shield",
                                   "add one under content/shaper/shields")
            out["shield"] = "shield" if "shield" in shields else shields[0]
        if isinstance(out.get("armor"), str):
            out["armor"] = out["armor"].lower()
        if extra.get("skill"):
            out["skills"] = {}
            for entry in extra["skill"]:
                sid, _, level = entry.lower().partition(":")
                if level and not (ascii_digits(level) and len(level) <= 4):
                    raise CommandError(f"--skill {entry!r}: the level must be a number",
                                       "e.g. --skill longshot:2")
                out["skills"][sid] = int(level) if level else 1
        if extra.get("holding"):
            out["holding"] = tuple(extra["holding"])
        return out

    def create_actor(self, **fields: Any) -> ActorStats:
        return create_actor(self.numbers, self.library, **fields)

    def initiative(self, who: Actor | ActorStats, source: DiceSource, mods=None) -> Roll:
        from shaper_gm.dice.modifiers import NO_MODIFIERS
        name = (who.sheet if isinstance(who, Actor) else who).name
        return basic_roll(source, bonus=self.order_tiebreak(who), mods=mods or NO_MODIFIERS,
                          basic_expr=self.numbers.basic_roll, what=f"initiative of {name}")

    def order_tiebreak(self, who: Actor | ActorStats) -> int:
        """S17: the ability the ruleset names adds to the turn-order roll and breaks its
        ties."""
        stats = who.sheet if isinstance(who, Actor) else who
        return stats.ability(self.numbers.turn_order_ability)

    # Words only Shaper knows ------------------------------------------------------------
    def resolve_word(self, state: Encounter, kind: str, word: str, actor_id: str | None) -> Any:
        """An item, skill or spell of the actor (`draw ITEM`, `skill SKILL`, `cast
        SPELL`); a flag's item or skill goes on lowercased, for its action to check."""
        from shaper_gm.engine.names import match_one
        actor = state.actors.get(actor_id) if actor_id else None
        if kind == "lying-item":                    # anywhere: a refusal says where (S19)
            lying = ground.items(model.lying(state))
            if not lying:
                raise CommandError("no item lies on the battlefield",
                                   "items lie where they were dropped or thrown")
            return match_one(word, lying, "item", f"lying: {', '.join(lying)}")
        if kind in ("item", "held-item", "skill", "spell") and actor is not None:
            stats = actor.sheet
            pool = {"item": list(stats.carried),
                    "held-item": list(model.holding(actor)),
                    "skill": [s for s, _ in stats.skills],
                    "spell": [*(s for s, _ in stats.skills), *self.library.spells]}[kind]
            if kind in ("item", "held-item"):
                if not pool:
                    verb = "holds" if kind == "held-item" else "carries"
                    raise CommandError(f"{actor.name} {verb} nothing",
                                       "add weapons with add --weapon")
                return match_one(word, pool, "item", f"{actor.name}: {', '.join(pool)}")
            return match_one(word, pool, f"skill of {actor.name}",
                             f"{actor.name}'s skills: {', '.join(pool) or 'none'}")
        return super().resolve_word(state, kind, word, actor_id)

    def roll_modifiers(self, text: str, flags: Mapping[str, Any]):
        """A basic roll (3d6 + bonuses, S1) also judges automatic results on its natural
        dice (S2); modifiers act (S3)."""
        from shaper_gm.rulesets.shaper.modifiers import FLAGS, Modifiers
        mods = Modifiers.of(f for f in FLAGS if flags.get(f))
        basic = bool(text) and parse(text).dice_terms == \
            parse(self.numbers.basic_roll).dice_terms
        return mods, basic

    # Damage by the GM (S7, S8) -------------------------------------------------------------
    def damage(self, state: Encounter, target: str, amount: int, options: Mapping) -> Change:
        """`damage TARGET N`: through the target's Defense as a hit (S7), or `--direct`."""
        from shaper_gm.rulesets.shaper.damage import gm_damage
        return gm_damage(state, self, target, amount, options)

    def settable_fields(self) -> tuple[str, ...]:
        return (*super().settable_fields(), "max_hp", "temp_hp")

    def set_field(self, state: Encounter, target: str, key: str, value: str):
        """`set ACTOR max_hp=N` and `temp_hp=N` (damage.set_hit_points)."""
        from shaper_gm.rulesets.shaper.damage import set_hit_points
        return set_hit_points(state, self, target, key, value)

    # Battlefield (S9-S14) ----------------------------------------------------------------
    def canonical_zone(self, text: str, cols: int, rows: int) -> str:
        """A zone as typed ("b4") checked against the grid, as the tool writes it (S9)."""
        return grid.canonical(text, cols, rows, rule="S9")

    def distance(self, a: str, b: str) -> int:
        return situation.steps(self.numbers, self.cell_named(a), self.cell_named(b))

    @staticmethod
    def cell_named(text: str):
        return grid.cell_from_name(text, rule="S9")

    def band_name(self, steps: int) -> str:
        return situation.band_name(steps, self.numbers.band_names)

    def spell_range(self, holding) -> int:
        """Bands a spell reaches: the base spell range plus held foci (a wand, S13)."""
        return self.numbers.base_spell_range + situation.focus_bands(self.library, holding)

    def offers(self, state: Encounter, slot: str, subject: str | None, verb: str):
        """What completion offers for `slot` now (targets in reach first, with bands)."""
        from shaper_gm.rulesets.shaper.offers import offers
        return offers(self, state, slot, subject, verb)

    def offered_first(self, state: Encounter, slot: str, subject: str | None, verb: str,
                      text: str) -> bool | None:
        """A target is ranked alone (`offers.first_target`); other slots as offers say."""
        from shaper_gm.rulesets.shaper.offers import TARGET_SLOTS, first_target
        actor = state.actors.get(subject) if subject else None
        if slot in TARGET_SLOTS and actor is not None:
            return first_target(self, state, actor, verb, text)
        return super().offered_first(state, slot, subject, verb, text)

    def map_notes(self, state: Encounter) -> list[str]:
        """Lines under the map: the items lying on the battlefield (S19)."""
        from shaper_gm.rulesets.shaper.views import lying_text
        return [text] if (text := lying_text(state)) else []

    # Saves ----------------------------------------------------------------------------
    def save_extras(self, state: Encounter, actor: Actor) -> dict:
        return saves.extras(state, actor)

    def save_extras_touched(self, before: Encounter, after: Encounter) -> frozenset[str]:
        return saves.touched(before, after)

    def check_extras(self, state: Encounter, actor: Actor, raw, where: str) -> None:
        saves.check_extras(state, actor, raw, where)
        saves.check_references(actor, self.library, where)     # only actors name content

    def check_references(self, state: Encounter, where: str) -> None:
        saves.check_engagements(state, where)


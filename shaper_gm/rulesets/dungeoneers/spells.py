"""Spellcast (D18, D27, D28) and the encounter's ambient arca: `_spell_plan` checks a
cast and builds its spell attack's `rules.Contest` before anything is paid; `_spellcast`
pays the arca (ambient first) and plays the attack's steps with `--roll` and `--resist`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import Note, play
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.actions import paid, taped
from shaper_gm.rulesets.dungeoneers.events import (
    ActionResolved,
    AmbientArcaChanged,
    Cost,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.rules import (
    SLOT_RESIST,
    SPELL_STEPS,
    Contest,
    change_wounds,
    contest,
    dealt,
    defenses,
    encounter_data,
    side_of,
)


@record
class SpellCast:
    """A spellcast (D28), checked before anything is paid; played, its outcome."""

    actor: str
    spell: Any
    target: str
    arca_ambient: int             # baseline paid from the encounter's ambient arca
    arca_caster: int              # the rest of the baseline and the extra, from the caster
    extra_arca: int
    test: Contest | None          # the spell attack (None: it has none)
    hit: bool = False
    wounds: int = 0
    effect: str = ""              # what it does on a hit, for the GM
    cost: Cost | None = None
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()

    @property
    def attack(self) -> bool:
        return self.test is not None

    @property
    def attack_total(self) -> int | None:
        return self.test.attack_total if self.test else None

    @property
    def defense_total(self) -> int | None:
        return self.test.defense_total if self.test else None

    @property
    def criticals(self) -> int:
        return self.test.criticals if self.test else 0


def ambient_arca(state: Encounter, rs) -> int:
    return encounter_data(state, rs.numbers.ambient_arca).ambient_arca


def set_ambient_arca(state: Encounter, rs, amount: int, why: str = "the GM"):
    """The encounter's ambient arca set by the GM, or paid by a spell (D28)."""
    if amount < 0:
        raise RuleViolation("ambient arca cannot be negative (D28)", "give 0 or more")
    data = encounter_data(state, rs.numbers.ambient_arca)
    return (state.with_(system=data.with_(ambient_arca=amount)),
            [AmbientArcaChanged(data.ambient_arca, amount, why)])


def _in_range(state: Encounter, rs, caster: Actor, target: Actor, spell: Any) -> None:
    if spell.range == "self":
        if target.id != caster.id:
            raise RuleViolation(f"{spell.name} has range self: only {caster.name} (D28)",
                                "cast it without a target")
        return
    tiles = rs.tiles_apart(state, caster.id, target.id)
    reach = caster.sheet.threat_range if spell.range == "reach" else spell.tiles
    if tiles > reach:
        what = f"reach ({reach})" if spell.range == "reach" else f"{reach} tiles"
        raise RuleViolation(f"{target.name} is {tiles} tiles away; {spell.name} reaches "
                            f"{what} (D28)", "move closer first, or choose a nearer target")


def _spell_plan(acting: Acting) -> SpellCast:
    """Check a spellcast against D27-D28 and build its contest (no AP, no dice): the
    baseline arca comes first from the ambient arca, the rest and any extra from the
    caster; a spell attack is `[spellcraft] + mind vs [its skill] + spirit` (D18)."""
    state, rs, request, numbers = acting.state, acting.rs, acting.request, acting.rs.numbers
    caster = state.actors[acting.actor]
    spell = rs.library.spells.get(request.arg("spell-id"))
    if spell is None or spell.id not in caster.sheet.spells:
        raise RuleViolation(f"{caster.name} has no spell {request.arg('spell-id')!r} (D28)",
                            f"its spells: {', '.join(caster.sheet.spells) or 'none'}")
    target_id = request.target or (caster.id if spell.range == "self" else None)
    if target_id is None:
        raise RuleViolation(f"{spell.name} needs a target (D28)", "name the target")
    target = state.actors[target_id]
    if target.down:
        raise RuleViolation(f"{target.name} is down (D19)", "choose another target")
    _in_range(state, rs, caster, target, spell)
    extra = request.get("arca") or 0
    if extra < 0 or (extra and spell.extra_arca is None):
        raise RuleViolation(f"{spell.name} takes no extra arca (D28)" if extra > 0 else
                            "extra arca is counted from 0 (D28)", "cast it with --arca 0")
    ambient = min(ambient_arca(state, rs), spell.arca)
    owed, have = spell.arca - ambient + extra, caster.resource("arca")
    if owed > have:
        raise RuleViolation(f"{spell.name} needs {owed} arca from {caster.name} (baseline "
                            f"{spell.arca}, {ambient} of it ambient, extra {extra}); it has "
                            f"{have} (D27, D28)", "focus to regain arca (D27), or spend "
                            "less extra arca")
    tried = None
    if spell.attack:
        boon = (extra if spell.extra_arca == "boon" else 0) + caster.effect_total("boon")
        more = extra if spell.extra_arca == "wounds" else 0
        tried = contest(
            rs, caster, side_of(numbers, caster.name, caster.sheet, "spellcraft", "mind", boon),
            target, side_of(numbers, target.name, target.sheet, spell.attack, "spirit",
                            target.effect_total("defense_boon")),
            "D28", critical=True, threshold=caster.sheet.critical_threshold,
            defense_slot=SLOT_RESIST, base_wounds=spell.wounds + more,
            wound_parts=f"{spell.name} {spell.wounds}"
            + (f" + extra arca {more}" if more else ""), damage_type=spell.damage_type,
            guard=defenses(numbers.damage_types, target.sheet, spell.damage_type))
    return SpellCast(caster.id, spell, target.id, ambient, owed, extra, tried)


def _spellcast(acting: Acting) -> Done:
    """D28: pay arca, make the spell attack if it has one, deal what it deals."""
    cast, rs, tape = acting.plan, acting.rs, acting.tape
    spell, state = cast.spell, acting.state
    events: list = []
    if cast.arca_ambient:
        state, events = set_ambient_arca(
            state, rs, ambient_arca(state, rs) - cast.arca_ambient, spell.name)
    if cast.arca_caster:
        caster = state.actors[acting.actor]
        arca = caster.resource("arca")
        state = state.with_actor(caster.with_resource("arca", arca - cast.arca_caster))
        events.append(TallyChanged(caster.id, "arca", arca, arca - cast.arca_caster,
                                   spell.name))
    tape.note(f"arca: baseline {spell.arca} ({cast.arca_ambient} ambient), extra "
              f"{cast.extra_arca}", cast.arca_caster, "D28")
    if cast.test is not None:
        test = play(SPELL_STEPS, cast.test, tape)
        hit, wounds = bool(test.hit), test.wounds
    else:           # no spell attack: it takes effect; its wounds meet D20 only
        guard = defenses(rs.numbers.damage_types, state.actors[cast.target].sheet,
                         spell.damage_type)
        test, hit, wounds = None, True, dealt(spell.wounds, 0, guard)[1]
        tape.note(f"{spell.name} takes effect (no spell attack)", wounds, "D28")
    hurt: list = []
    if wounds:
        state, hurt = change_wounds(state, rs, cast.target, wounds, spell.name)
    if hit and spell.effect:
        tape.note(f"on a hit: {spell.effect}", None, "D28")
    outcome = replace(cast, test=test, hit=hit, wounds=wounds,
                      effect=spell.effect if hit else "",
                      cost=paid(acting, "spellcast", spell.cost), **taped(tape))
    event = ActionResolved(acting.actor, outcome, action="spellcast")
    # `--arca 0` is no extra arca: the log leaves it out
    return Done(state, (*events, event, *hurt), outcome,
                logged=(("arca", cast.extra_arca or None),))


SPELLCAST = Action("spellcast", _spellcast,
                   lambda acting: {"ap": acting.plan.spell.cost}, _spell_plan,
                   what="a spellcast", phrase="cast")

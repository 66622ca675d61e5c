"""Spellcast (D28) and the encounter's ambient arca.

The baseline arca is paid first from the ambient arca, the rest and any extra arca from
the caster (at most twice its wisdom, D27). Extra arca is chosen before the roll and
spent whatever the roll; what it buys is the spell's content. A spell attack is the
test `[spellcraft] + mind vs [the spell's skill] + spirit`, tagged Critical (D18).
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.attacks import distance_to
from shaper_gm.rulesets.dungeoneers.events import (
    ActionResolved,
    AmbientArcaChanged,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.flow import able, begin, finish
from shaper_gm.rulesets.dungeoneers.harm import dealt, defenses, take_wounds
from shaper_gm.rulesets.dungeoneers.models import Spell
from shaper_gm.rulesets.dungeoneers.outcomes import SpellOutcome
from shaper_gm.rulesets.dungeoneers.rolls import side_of, ties_to_actor
from shaper_gm.rulesets.dungeoneers.state import actor_of, encounter_data
from shaper_gm.rulesets.dungeoneers.steps import SLOT_RESIST, SPELL, Contest


@record
class SpellRequest:
    actor: str | None
    spell: str
    target: str | None = None
    extra_arca: int = 0           # D28: chosen before the roll


@record
class SpellPlan:
    caster: str
    spell: Spell
    target: str
    ambient: int                  # baseline paid from the ambient arca
    from_caster: int              # the rest of the baseline and the extra
    contest: Contest | None       # None: no spell attack


def ambient_arca(state: Encounter, rs) -> int:
    return encounter_data(state, rs.numbers.ambient_arca).ambient_arca


def set_ambient_arca(state: Encounter, rs, amount: int):
    """The GM sets the encounter's ambient arca (D28)."""
    if amount < 0:
        raise RuleViolation("ambient arca cannot be negative (D28)", "give 0 or more")
    before = ambient_arca(state, rs)
    data = encounter_data(state, rs.numbers.ambient_arca).with_(ambient_arca=amount)
    return state.with_(system=data), [AmbientArcaChanged(before, amount, "the GM")]


def _in_range(rs, caster: Actor, target: Actor, spell: Spell) -> None:
    if spell.range == "self":
        if target.id != caster.id:
            raise RuleViolation(f"{spell.name} has range self: only {caster.name} (D28)",
                                "cast it without a target")
        return
    tiles = distance_to(rs, caster, target)
    reach = caster.sheet.threat_range if spell.range == "reach" else spell.tiles
    if tiles > reach:
        what = f"reach ({reach})" if spell.range == "reach" else f"{reach} tiles"
        raise RuleViolation(f"{target.name} is {tiles} tiles away; {spell.name} reaches "
                            f"{what} (D28)", "move closer first, or choose a nearer target")


def plan_spell(state: Encounter, rs, request: SpellRequest) -> SpellPlan:
    """Check a spellcast against D27-D28 and build its contest (no AP, no dice)."""
    numbers = rs.numbers
    caster = actor_of(state, request.actor)
    able(caster, "cast")
    spell = rs.library.spells.get(request.spell)
    if spell is None or spell.id not in caster.sheet.spells:
        known = ", ".join(caster.sheet.spells) or "none"
        raise RuleViolation(f"{caster.name} has no spell {request.spell!r} (D28)",
                            f"its spells: {known}")
    target_id = request.target or (caster.id if spell.range == "self" else None)
    if target_id is None:
        raise RuleViolation(f"{spell.name} needs a target (D28)", "name the target")
    target = actor_of(state, target_id, "target")
    if target.down:
        raise RuleViolation(f"{target.name} is down (D19)", "choose another target")
    _in_range(rs, caster, target, spell)
    extra = request.extra_arca
    if extra < 0 or (extra and spell.extra_arca is None):
        raise RuleViolation(f"{spell.name} takes no extra arca (D28)" if extra > 0 else
                            "extra arca is counted from 0 (D28)", "cast it with --arca 0")
    ambient = min(ambient_arca(state, rs), spell.arca)
    owed = spell.arca - ambient + extra
    have = caster.resource("arca")
    if owed > have:
        raise RuleViolation(f"{spell.name} needs {owed} arca from {caster.name} (baseline "
                            f"{spell.arca}, {ambient} of it ambient, extra {extra}); it has "
                            f"{have} (D27, D28)", "focus to regain arca (D27), or spend "
                            "less extra arca")
    contest = None
    if spell.attack:
        boon = (extra if spell.extra_arca == "boon" else 0) + caster.effect_total("boon")
        attack = side_of(numbers, caster.name, caster.sheet, "spellcraft", "mind", boon)
        defense = side_of(numbers, target.name, target.sheet, spell.attack, "spirit",
                            target.effect_total("defense_boon"))
        more = extra if spell.extra_arca == "wounds" else 0
        contest = Contest(
            actor=caster.id, defender=target.id, attack=attack.expr,
            attack_label=attack.label, defense=defense.expr, defense_label=defense.label,
            rule="D28", actor_wins_ties=ties_to_actor(numbers), critical=True,
            threshold=caster.sheet.critical_threshold, defense_slot=SLOT_RESIST,
            base_wounds=spell.wounds + more,
            wound_parts=f"{spell.name} {spell.wounds}" + (f" + extra arca {more}" if more
                                                          else ""),
            damage_type=spell.damage_type,
            guard=defenses(numbers.damage_types, target.sheet, spell.damage_type))
    return SpellPlan(caster.id, spell, target.id, ambient, owed, contest)


def spellcast(state: Encounter, rs, request: SpellRequest, tape):
    """D28: pay arca, make the spell attack if it has one, deal what it deals."""
    plan = plan_spell(state, rs, request)
    spell = plan.spell
    begun = begin(state, rs, plan.caster, "spellcast", spell.cost)
    state, events = begun.state, list(begun.events)
    caster = state.actors[plan.caster]
    state, paid = _pay_arca(state, rs, caster, plan)
    events += paid
    tape.note(f"arca: baseline {spell.arca} ({plan.ambient} ambient), extra "
              f"{request.extra_arca}", plan.from_caster, "D28")
    if plan.contest is not None:
        done = play(SPELL, plan.contest, tape)
    else:
        done = _no_attack(state, rs, plan, tape)
    hurt: list = []
    if done.wounds:
        target = state.actors[plan.target]
        state, hurt = take_wounds(state, target.id, done.wounds, f"{spell.name}",
                                  target.sheet.wound_limit)
    if done.hit and spell.effect:
        tape.note(f"on a hit: {spell.effect}", None, "D28")
    outcome = SpellOutcome(
        actor=plan.caster, spell=spell.id, target=plan.target, arca_ambient=plan.ambient,
        arca_caster=plan.from_caster, extra_arca=request.extra_arca,
        attack=plan.contest is not None, attack_total=done.attack_total,
        defense_total=done.defense_total, hit=bool(done.hit), criticals=done.criticals,
        wounds=done.wounds, effect=spell.effect if done.hit else "", cost=begun.cost,
        notes=tuple(tape.notes), rolls=tuple(tape.rolls))
    events += [ActionResolved(plan.caster, outcome, action="spellcast"), *hurt]
    state, settled = finish(state, rs, plan.caster, begun.cost)
    return state, events + settled, outcome


def _pay_arca(state: Encounter, rs, caster: Actor, plan: SpellPlan):
    events: list = []
    if plan.ambient:
        before = ambient_arca(state, rs)
        data = encounter_data(state, rs.numbers.ambient_arca)
        state = state.with_(system=data.with_(ambient_arca=before - plan.ambient))
        events.append(AmbientArcaChanged(before, before - plan.ambient, plan.spell.name))
    if plan.from_caster:
        values = caster.resource_map()
        before = values["arca"]
        values["arca"] = before - plan.from_caster
        state = state.with_actor(caster.with_resources(values))
        events.append(TallyChanged(caster.id, "arca", before, values["arca"],
                                         plan.spell.name))
    return state, events


def _no_attack(state: Encounter, rs, plan: SpellPlan, tape) -> Contest:
    """A spell without a spell attack takes effect; its wounds, if any, meet D20 only."""
    spell = plan.spell
    target = state.actors[plan.target]
    guard = defenses(rs.numbers.damage_types, target.sheet, spell.damage_type)
    _, wounds = dealt(spell.wounds, 0, guard) if spell.wounds else (0, 0)
    tape.note(f"{spell.name} takes effect (no spell attack)", wounds, "D28")
    return replace(Contest(plan.caster, plan.target, None, "", None, "", "D28"), hit=True,
                   wounds=wounds)


"""Attacks in a live encounter: who, with what, at whom, for what cost (S5-S7, S13-S16).

The rules core judges and rolls; this module reads the situation off the state,
pays the actions, and writes the outcome back into the state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.play import check_able, require_turn
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import harm, model, reactions
from shaper_gm.rulesets.shaper.attack import GM, Overruled
from shaper_gm.rulesets.shaper.charge import spend, spend_sp
from shaper_gm.rulesets.shaper.events import AttackResolved, DamageTaken, SkillUsed
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.situation import IGNORABLE

# What the GM's --damage-bonus is called in the damage breakdown.
GM_DAMAGE_BONUS = "GM damage bonus"


@record
class AttackRequest:
    attacker: str
    targets: tuple[str, ...]
    weapon: str | None = None             # None: the weapon in hand
    skills: tuple[str, ...] = ()
    use_sp: bool = False                  # pay the skills with SP (S23)
    modifiers: tuple[Mod, ...] = ()       # the GM's --edge/--adv/...
    bonus: int = 0
    ignore: tuple[str, ...] = ()          # automatic modifiers the GM overrules
    damage_bonus: int = 0                 # the GM's bonus to this attack's damage
    only: bool = False                    # a skill adding targets takes just the named ones


def field_view(state: EncounterState, rs):
    """The rules core's read-only picture of the battlefield, each actor's part made
    when the rules first read it: an attack in a fight of a thousand costs what it
    looks at."""
    return rs.field_view(_Placements(state, rs), _Names(state), _Groups(state))


def _group_key(group: frozenset[str] | None) -> str | None:
    return ",".join(sorted(group)) if group else None


class _Placements(Mapping):
    """Each actor's placement, made on first use."""

    def __init__(self, state: EncounterState, rs) -> None:
        self._state, self._rs, self._made = state, rs, {}

    def __getitem__(self, actor_id: str):
        made = self._made.get(actor_id)
        if made is None:
            actor = self._state.actors[actor_id]
            group = _group_key(model.engagement_of(self._state, actor_id))
            made = self._made[actor_id] = self._rs.placement(actor.zone, actor.side, group,
                                                             actor.down)
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._state.actors)

    def __len__(self) -> int:
        return len(self._state.actors)


class _Names(Mapping):
    """Each actor's display name, by id."""

    def __init__(self, state: EncounterState) -> None:
        self._actors = state.actors

    def __getitem__(self, actor_id: str) -> str:
        return self._actors[actor_id].name

    def __iter__(self) -> Iterator[str]:
        return iter(self._actors)

    def __len__(self) -> int:
        return len(self._actors)


class _Groups(Mapping):
    """Each engagement's members (its key: the sorted ids), in the actors' order."""

    def __init__(self, state: EncounterState) -> None:
        self._state = state

    def __getitem__(self, key: str) -> tuple[str, ...]:
        group = next((g for g in model.engagements(self._state) if _group_key(g) == key), None)
        if group is None:
            raise KeyError(key)
        return tuple(a for a in self._state.actors if a in group)

    def __iter__(self) -> Iterator[str]:
        return (_group_key(g) for g in model.engagements(self._state))

    def __len__(self) -> int:
        return len(model.engagements(self._state))


def default_weapon(state: EncounterState, library, actor_id: str) -> str:
    actor = state.actors[actor_id]
    for item in model.holding(actor):
        weapon = library.weapons.get(item)
        if weapon is not None and weapon.kind in ("melee", "ranged"):
            return item
    if actor.sheet.mentality > 0 and library.spells:
        return next(iter(library.spells))
    raise RuleViolation(f"{actor.name} holds no weapon (S19a)",
                        "draw one first (Minor), or name it with --with")


def target_plan(state: EncounterState, rs, view, target_id: str):
    target = state.actors[target_id]
    shield_up = model.shield_raised(target)
    evasion = [Part(e.mod("evasion"), e.name, "S26") for e in target.effects
               if e.mod("evasion") and e.source != "shield"]
    return rs.target_plan(target.sheet, view, hp=target.hp, shield_raised=shield_up,
                          evasion=evasion, absorb=harm.absorb_available(state, target_id))


def prepare(state: EncounterState, rs, library, request: AttackRequest, *,
            check_turn: bool = True):
    """Check the attack against the rules and the battlefield; nothing is spent yet.
    `odds` prepares without the turn check, to price an attack before it is made."""
    attacker = state.actors[request.attacker]
    if check_turn:
        require_turn(state, rs, request.attacker, "an attack")
    check_able(state, rs, request.attacker)
    unknown = [i for i in request.ignore if i not in IGNORABLE]
    if unknown:
        raise RuleViolation(f"cannot ignore {unknown[0]!r}",
                            f"--ignore takes {', '.join(IGNORABLE)}")
    weapon = request.weapon or default_weapon(state, library, request.attacker)
    if weapon in model.unloaded(attacker):
        raise RuleViolation(f"{attacker.name}'s {weapon} is not loaded (S19)",
                            "reload it first (Minor): reload")
    for target_id in request.targets:
        if target_id == request.attacker:
            raise RuleViolation(f"{attacker.name} cannot attack itself", "name another target")
        if state.actors[target_id].down:
            raise RuleViolation(f"{state.actors[target_id].name} is Down (S8) and cannot be "
                                "targeted", "pick another target, or heal it first")
    view = field_view(state, rs)
    plans = [target_plan(state, rs, view, t) for t in request.targets]
    extra = {e: target_plan(state, rs, view, e) for e in model.engaged_with(state, request.attacker)
             if state.actors[e].side != attacker.side and e not in request.targets}
    effects = attacker.effects
    attack_parts = [Part(e.mod("attack"), e.name, "S26") for e in effects if e.mod("attack")]
    damage_parts = [Part(e.mod("damage"), e.name, "S26") for e in effects if e.mod("damage")]
    if request.bonus:
        attack_parts.append(Part(request.bonus, "GM bonus", ""))
    if request.damage_bonus:
        damage_parts.append(Part(request.damage_bonus, GM_DAMAGE_BONUS, ""))
    prepared = rs.prepare_attack(
        attacker.sheet, weapon, plans, view, skill_ids=request.skills,
        held=model.holding(attacker), attack_parts=attack_parts, damage_parts=damage_parts,
        modifiers=request.modifiers, extra_targets=extra,
        shield_raised=model.shield_raised(attacker), only=request.only)
    return _without_ignored(prepared, request.ignore)


def _without_ignored(prepared, ignore: tuple[str, ...]):
    """Lift the automatic modifiers the GM overrules (`--ignore`); each stays in the plan
    as overruled, so the breakdown and the recap say so. One that does not apply to this
    attack changes nothing (older logs hold such lines)."""
    if not ignore:
        return prepared
    reasons = {IGNORABLE[i] for i in ignore}
    plan = prepared.plan
    plan = replace(plan, modifiers=tuple(m for m in plan.modifiers if m.reason not in reasons),
                   overruled=(*plan.overruled, *(Overruled(m, GM) for m in plan.modifiers
                                                 if m.reason in reasons)))
    targets = tuple(replace(t, evasion_modifiers=tuple(m for m in t.evasion_modifiers
                                                      if m.reason not in reasons),
                            overruled=tuple(Overruled(m, GM) for m in t.evasion_modifiers
                                            if m.reason in reasons))
                    for t in prepared.targets)
    return replace(prepared, plan=plan, targets=targets)


def pay(state: EncounterState, rs, library, request: AttackRequest,
        prepared) -> tuple[EncounterState, list]:
    """The attack's Major, then each skill trigger by Major or SP (S19, S23-S25)."""
    actor_id = request.attacker
    state, events = spend(state, rs, actor_id, "attack")
    triggers = prepared.skill_triggers
    if triggers:
        if request.use_sp:
            state, paid = spend_sp(state, rs, actor_id, "skill", times=triggers)
        else:
            state, paid = spend(state, rs, actor_id, "skill", times=triggers)
        events += paid
    actor = state.actors[actor_id]
    uses = dict(model.own(actor).skill_uses)
    for sid in prepared.plan.skills:
        rs.check_uses(library.skills[sid], actor.sheet.skill_level(sid), uses.get(sid, 0),
                      who=actor.name)
        uses[sid] = uses.get(sid, 0) + 1
        events.append(SkillUsed(actor_id, sid))
    return state.with_actor(model.with_own(actor, skill_uses=tuple(sorted(uses.items())))), events


def with_answers(state: EncounterState, rs, prepared):
    """Each target's reaction skills that may answer this attack (S20, S23, S24)."""
    weapon = prepared.plan.weapon
    targets = tuple(replace(t, targeted=reactions.options(rs, state, t.id, weapon,
                                                          reactions.TARGETED),
                            on_hit=reactions.options(rs, state, t.id, weapon, reactions.ON_HIT))
                    for t in prepared.targets)
    return replace(prepared, targets=targets)


def pay_answers(state: EncounterState, rs, outcome) -> tuple[EncounterState, list]:
    """A target that answered with a skill pays 1 SP for it and uses it (S23, S24)."""
    events: list = []
    for target in outcome.targets:
        for skill_id in target.reactions:
            state, paid = spend_sp(state, rs, target.id, "skill")
            actor = state.actors[target.id]
            uses = dict(model.own(actor).skill_uses)
            uses[skill_id] = uses.get(skill_id, 0) + 1
            state = state.with_actor(model.with_own(actor, skill_uses=tuple(sorted(uses.items()))))
            events += [*paid, SkillUsed(target.id, skill_id, None,
                                        f"answering {outcome.attacker}'s attack")]
    return state, events


def attack(state: EncounterState, rs, library, request: AttackRequest,
           dice, decisions=None) -> tuple[EncounterState, list, object]:
    """Resolve and apply an attack. `dice` builds the rules core's Dice bundle from the
    target ids (so the caller decides where each slot's faces come from); `decisions`
    answers the targets' reaction interrupts."""
    prepared = with_answers(state, rs, prepare(state, rs, library, request))
    state, events = pay(state, rs, library, request, prepared)
    ids = tuple(t.id for t in prepared.targets)
    outcome = rs.resolve_attack(prepared.plan, prepared.targets, dice(ids), decisions)
    situation = tuple(f"{state.actors[t].name}: Melee, engaged (S11)" if r.melee else
                      f"{state.actors[t].name}: {r.band} (max {r.max_band})"
                      for t, r in zip(ids, prepared.ranges, strict=False))
    events.append(AttackResolved(request.attacker, outcome, situation))
    state, answered = pay_answers(state, rs, outcome)
    events += answered
    weapon = prepared.plan.weapon
    if weapon.reload:
        actor = state.actors[request.attacker]
        state = state.with_actor(model.with_own(actor,
                                                unloaded=(*model.unloaded(actor), weapon.id)))
    for target in outcome.targets:
        if target.result is not None and target.id in state.actors:
            state, applied = harm.apply_result(state, rs, target.id, target.result)
            events += [e for e in applied if not isinstance(e, DamageTaken)]
    return state, events, outcome

"""Skills and utility spells used on their own, on the actor's turn or off it (S21-S26).

Skills that add to an attack (Piercing Strike, Longshot, Overswing, ...) go through
`attack --skill`; this module applies the rest from the effect vocabulary: lasting
bonuses, absorption, summons, engaging and disengaging. `prepare` checks (S23-S25),
the engine pays 1 Major or 1 SP per trigger (`cost`), `resolve` applies.
"""

from __future__ import annotations

from shaper_gm.encounter import setup
from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor as ActorState
from shaper_gm.engine.state import Effect
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import actions, model, skills
from shaper_gm.rulesets.shaper.events import SkillUsed, Summoned

ATTACK_ONLY = {"on_attack", "on_critical"}
LASTING = {"attack_bonus": "attack", "damage_bonus": "damage", "evasion_bonus": "evasion"}


@record
class Use:
    """A skill use the rules allow: the skill, its level, its target and its triggers."""

    skill: object
    level: int
    target: str | None
    triggers: int                  # 1 Major or 1 SP each (S23, S25)
    by_sp: int = 0                 # added spell skills paid with SP (`--skill NAME:sp`)


def prepare(acting: Acting, added: tuple[str, ...] = (), by_sp: tuple[bool, ...] = ()) -> Use:
    """Everything S21-S25 refuse, before anything is paid. `added`: spell skills added to
    a cast (S25)."""
    state, rs, request = acting.state, acting.rs, acting.request
    actor = state.actors[acting.actor]
    skill = rs.library.skills.get(request.arg("skill") or request.arg("spell"))
    level = actor.sheet.skill_level(skill.id)
    if level < 1:
        known = ", ".join(s for s, _ in actor.sheet.skills) or "none"
        raise RuleViolation(f"{actor.name} does not know {skill.name} (S24)",
                            f"{actor.name}'s skills: {known}")
    if set(skill.primary) <= ATTACK_ONLY:
        raise RuleViolation(f"{skill.name} is used as part of an attack (S23)",
                            f"attack TARGET --skill {skill.id}")
    if skills.is_reaction_skill(skill):
        raise RuleViolation(f"{skill.name} answers an attack from inside it, for that attack "
                            "alone (S23)", f"when the attack comes: --react "
                            f"{actor.id}={skill.id}, or answer the shell when it asks")
    skills.check_trigger(rs.numbers, actor.sheet, skill, level, moment=skill.primary[0],
                         shield_raised=model.shield_raised(actor), who=actor.name)
    target_id = _target(state, rs, actor, skill, request.arg("target"))
    _check_answers(state, actor, skill, target_id)
    triggers = 1
    for sid in added:
        extra = rs.library.skills.get(sid)
        if extra is None or not extra.is_spell:
            raise RuleViolation(f"{sid!r} is not a spell skill (S25)",
                                "only spell skills can be added to a cast")
    if added:
        triggers += skills.spell_cost(len(added), actor.sheet.spell_cost_reduction).paid_added
    marked = min(sum(by_sp), triggers - 1)        # the cast itself is paid by --sp alone
    if request.get("sp") or marked:
        skills.sp_cost(rs.numbers, actor, triggers if request.get("sp") else marked,
                       on_turn=not acting.reaction)
    elif acting.reaction:
        raise RuleViolation(f"it is not {actor.name}'s turn (S18): off-turn a skill is paid "
                            "with SP", f"add --sp (S23): {actor.name} has "
                                       f"{actor.resource('sp')} SP")
    skills.check_uses(skill, level, model.uses(actor, skill.id), who=actor.name)
    _check_bonus(skill, request.get("minion-bonus"))
    return Use(skill, level, target_id, triggers, marked)


def cost(acting: Acting):
    """1 Major or 1 SP per trigger (S23), each shown on its own; refused whole, before
    anything is paid, when the actor cannot pay it all."""
    use, sp = acting.plan, bool(acting.request.get("sp"))
    parts = skills.trigger_cost(acting.rs, use.triggers, True if sp else use.by_sp)
    if not acting.reaction and not sp:
        skills.check_affordable(acting.rs, acting.state.actors[acting.actor], parts,
                                use.skill.name, hint=f"pay with SP: add --sp, or "
                                f"--skill NAME{skills.SP_MARK} for an added spell skill")
    return parts


def resolve(acting: Acting) -> Done:
    state, rs, use = acting.state, acting.rs, acting.plan
    actor = state.actors[acting.actor]
    state = state.with_actor(skills.with_uses(actor, (use.skill.id,)))
    state, applied = _apply(state, rs, actor.id, use.skill, use.level, use.target,
                            acting.request.get("minion-bonus"))
    added = [s.lower() for s in acting.request.get("skill") or ()]   # a cast's (S25)
    with_ = ", ".join(rs.library.skills[sid].name for sid in skills.paid_words(added)[0]
                      if sid in rs.library.skills)
    return Done(state, (SkillUsed(actor.id, use.skill.id, use.target, with_), *applied),
                logged=(("skill", added),) if added else ())


ARMOR = "armor"          # a summon's default bonus: the skill's armor (S28)


def bonus_choices(skill) -> tuple[str, ...]:
    """What a summoning skill offers its summon per Mentality point (S21, S28)."""
    return tuple(c for e in skill.effects if e.type == "summon" for c in _offered(e))


def _offered(effect) -> tuple[str, ...]:
    return ((ARMOR,) if effect.armor_per_mentality else ()) + tuple(dict(effect.bonuses))


def _check_bonus(skill, choice: str | None) -> None:
    offered = bonus_choices(skill)
    if choice is not None and choice not in offered:
        raise RuleViolation(f"--minion-bonus {choice}: {skill.name} offers "
                            f"{', '.join(offered) or 'no bonus to choose'} (S21, S28)",
                            f"e.g. cast {skill.id} --minion-bonus {offered[-1]}" if offered
                            else "drop --minion-bonus")


def _check_answers(state, actor, skill, target_id: str | None) -> None:
    """A reaction that re-engages (Step Up) answers a foe that disengaged from its user
    this round (S23); without that, its trigger has not happened."""
    if "reaction" not in skill.primary or target_id is None:
        return
    if any(e.type == "engage" for e in skill.effects) and \
            not model.left_from(state, target_id, actor.id):
        target = state.actors[target_id]
        raise RuleViolation(f"{skill.name} answers a foe disengaging from {actor.name} (S23): "
                            f"{target.name} has not disengaged from {actor.name} this round",
                            f"use it right after {target.name} disengages")


def _target(state, rs, actor: ActorState, skill, word: str | None) -> str | None:
    kind = skill.target
    if kind in ("self", "none"):
        if word not in (None, actor.id):
            raise RuleViolation(f"{skill.name} acts on its user, not on {word}",
                                f"skill {skill.id} without a target")
        return actor.id if kind == "self" else None
    if word is None:
        # Step Up: the one enemy that just left the actor's engagement is not tracked, so
        # the GM names the target; Retreat and the like need none.
        raise RuleViolation(f"{skill.name} needs a target ({kind})", f"skill {skill.id} TARGET")
    target = state.actors[word]
    if target.down:
        raise RuleViolation(f"{target.name} is Down (S8)", "pick someone still standing")
    if kind == "ally" and target.side != actor.side:
        raise RuleViolation(f"{skill.name} targets an ally; {target.name} is on {target.side}",
                            "name someone on your side")
    if kind == "enemy" and target.side == actor.side:
        raise RuleViolation(f"{skill.name} targets an enemy; {target.name} is on your side",
                            "name an enemy")
    reach = rs.spell_range(model.holding(actor)) if skill.range == "spell" else \
        skill.range if isinstance(skill.range, int) else None
    if reach is not None:
        steps = rs.distance(actor.zone, target.zone)
        if steps > reach:
            raise RuleViolation(
                f"{target.name} is at {rs.band_name(steps)}; {skill.name} reaches "
                f"{rs.band_name(reach)} (S13)",
                "move closer, or draw a wand to extend spell range" if skill.range == "spell"
                else "move closer")
    return word


def _until(state: EncounterState, duration: str, caster: str, target: str) -> str:
    if duration.startswith("rounds:"):
        return f"round:{max(state.round, 1) + int(duration.split(':')[1]) - 1}"
    return {"start_of_caster_turn": f"start:{caster}", "end_of_caster_turn": f"end:{caster}",
            "start_of_target_turn": f"start:{target}", "end_of_target_turn": f"end:{target}",
            "end_of_round": f"round:{max(state.round, 1)}",
            "used_up": "used_up"}.get(duration, "never")


def _apply(state, rs, actor_id: str, skill, level: int, target_id: str | None,
           choice: str | None = None) -> tuple[EncounterState, list]:
    actor = state.actors[actor_id]
    events: list = []
    bonuses = {"attack": 0, "damage": 0, "evasion": 0, "absorb": 0}
    for effect in skill.effects:
        n = skills.scale(effect.per, actor.sheet, level)
        if effect.type in LASTING:
            bonuses[LASTING[effect.type]] += effect.amount * n
        elif effect.type == "absorb":
            bonuses["absorb"] += effect.amount * n
        elif effect.type == "summon":
            state, summoned = summon(state, rs, actor_id, effect, choice)
            events += summoned
        elif effect.type == "engage":
            if target_id is None:
                raise RuleViolation(f"{skill.name} engages a target", f"skill {skill.id} TARGET")
            actions.check_engage(state, actor_id, target_id)
            state, engaged = actions.engage_now(state, actor_id, target_id)
            events += engaged
        elif effect.type == "disengage":
            actions.check_engaged(state, actor_id)
            state, left = actions.disengage_now(state, actor_id, why=skill.name)
            events += left
    if any(bonuses.values()):
        holder = target_id or actor_id
        until = _until(state, "used_up" if bonuses["absorb"] and not (
            bonuses["attack"] or bonuses["damage"] or bonuses["evasion"]) else skill.duration,
            actor_id, holder)
        effect = Effect(skill.name, skill.id, actor_id,
                        tuple((k, v) for k, v in bonuses.items() if v), until)
        target = state.actors[holder]
        kept = tuple(e for e in target.effects if e.name != effect.name)   # refreshed (S26)
        state = state.with_actor(target.with_(effects=(*kept, effect)))
        events.append(ev.EffectAdded(holder, effect))
    return state, events


def summon(state: EncounterState, rs, caster_id: str, effect,
           choice: str | None = None) -> tuple[EncounterState, list]:
    """A summon joins its caster's side and zone and acts on the caster's turn (S21);
    per Mentality point it gets the skill's armor or the bonus the caster chose (S28)."""
    caster = state.actors[caster_id]
    sheet = rs.library.creatures[effect.creature]
    base = f"{caster_id}-{sheet.id}"
    new_id, n = base, 1
    while new_id in state.actors:
        n += 1
        new_id = f"{base}-{n}"
    overrides: dict = {}
    points, choice = caster.sheet.mentality, choice or ARMOR
    lasting = ()
    if choice == ARMOR and effect.armor_per_mentality and points > 0:
        overrides["armor"] = effect.armor_per_mentality   # S28: Mentality adds its bonus
    elif choice == "hp" and points > 0:
        overrides["hp"] = (sheet.hp or 1) + dict(effect.bonuses)["hp"] * points
    elif choice != ARMOR and points > 0:
        lasting = (Effect(f"{caster.name}'s bonus", "summon", caster_id,
                          ((choice, dict(effect.bonuses)[choice] * points),), "never"),)
    name = f"{caster.name}'s {sheet.name}" + (f" {n}" if n > 1 else "")
    spec = setup.NewActor(new_id, sheet, caster.side, caster.zone, name,
                          extra=tuple(overrides.items()))
    state, events = setup.add_actor(state, rs, spec)
    minion = state.actors[new_id]
    minion = minion.with_(summoner=caster_id, effects=(*minion.effects, *lasting)).with_resources(
        {**minion.resource_map(), **rs.new_pool(minion.sheet)})
    order = [a for a in state.order if a != new_id]
    at = order.index(caster_id) + 1
    while at < len(order) and state.actors[order[at]].summoner == caster_id:
        at += 1
    order.insert(at, new_id)
    state = state.with_actor(minion).with_(order=tuple(order))
    others = [c for c in _offered(effect) if c != choice]
    offer = f"bonus: {choice}" + (f"; or --minion-bonus {'|'.join(others)}" if others else "")
    return state, [*events, Summoned(new_id, caster_id, caster.zone,
                                     offer if points > 0 else "")]

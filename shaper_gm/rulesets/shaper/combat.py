"""The attack action (S5-S7, S13-S16, S19, S23-S25): who, with what, at whom, for what
cost. `prepare` reads the situation off the state and checks everything the rules
refuse; the engine pays (`cost`); `resolve` plays the steps (`pipeline.py`) and writes
the outcome back into the state. `odds` prepares the same way, without the dice.

The request's flags: `with`, `skill`, `sp`, `edge`/`pressured`/`adv`/`dis`, `bonus`,
`damage-bonus`, `only`, `ignore`, `auto`; the dice slots and `--react` answers come
through the tape.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.dice.totals import AUTOMATIC
from shaper_gm.engine.actions import Acting, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.lazy import LazyMap
from shaper_gm.engine.names import match_one
from shaper_gm.engine.play import spend
from shaper_gm.engine.state import Encounter
from shaper_gm.errors import CommandError
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import model, skills
from shaper_gm.rulesets.shaper.attack import DEFENSE, EVADE, GM, Overruled
from shaper_gm.rulesets.shaper.damage import absorb_available, apply_result
from shaper_gm.rulesets.shaper.events import AttackResolved, DamageTaken, ItemLanded, SkillUsed
from shaper_gm.rulesets.shaper.modifiers import FLAGS, MODIFIER_ALIASES
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.pipeline import resolve_attack
from shaper_gm.rulesets.shaper.prepare import AttackRules, PreparedAttack
from shaper_gm.rulesets.shaper.situation import IGNORABLE
from shaper_gm.words import plural

GM_DAMAGE_BONUS = "GM damage bonus"       # the GM's --damage-bonus in the breakdown


@record
class Aimed:
    """An attack the rules allow, ready to pay and play."""

    prepared: PreparedAttack
    weapon: str | None                    # the --with item, resolved (None: not given)
    skills: tuple[str, ...]               # the --skill ids, resolved
    by_sp: tuple[bool, ...] = ()          # each --skill paid with SP (`NAME:sp`, S23)
    declared: tuple = ()                  # --auto: (actor, verdict, whose roll) (S2)
    auto: tuple[str, ...] = ()            # --auto as the log writes it


def field_view(state: Encounter, rs):
    """The rules' read-only picture of the battlefield, each actor's part made when the
    rules first read it: an attack in a fight of a thousand costs what it looks at."""
    from shaper_gm.rulesets.shaper.situation import FieldView, Placement

    def placement(actor_id: str) -> Placement:
        actor = state.actors[actor_id]
        zone = rs.cell_named(actor.zone) if actor.zone else (0, 0)
        return Placement(zone, actor.side, _group_key(model.engagement_of(state, actor_id)),
                         actor.down)

    def members(key: str) -> tuple[str, ...]:
        """An engagement's members (its key: the sorted ids), in the actors' order."""
        group = next((g for g in model.engagements(state) if _group_key(g) == key), None)
        if group is None:
            raise KeyError(key)
        return tuple(a for a in state.actors if a in group)

    return FieldView(LazyMap(placement, lambda: state.actors),
                     LazyMap(lambda actor_id: state.actors[actor_id].name, lambda: state.actors),
                     LazyMap(members, lambda: [_group_key(g) for g in model.engagements(state)]))


def _group_key(group: frozenset[str] | None) -> str | None:
    return ",".join(sorted(group)) if group else None


def default_weapon(state: Encounter, library, actor_id: str) -> str:
    actor = state.actors[actor_id]
    for item in model.holding(actor):
        weapon = library.weapons.get(item)
        if weapon is not None and weapon.kind in ("melee", "ranged"):
            return item
    if actor.sheet.mentality > 0 and library.spells:
        return next(iter(library.spells))
    raise RuleViolation(f"{actor.name} holds no weapon (S19a)",
                        "draw one first (Minor), or name it with --with")


def effect_parts(actor, key: str, but: str | None = None) -> list[Part]:
    """What the actor's effects add to `key` (S26), each with its name; `but`: a source
    whose effects count elsewhere."""
    return [Part(e.mod(key), e.name, "S26") for e in actor.effects
            if e.mod(key) and e.source != but]


def target_plan(state: Encounter, rs, view, target_id: str, request=None):
    """A target's Evasion and Defense; `request`'s `--target-adv` and the like give its
    evasion a modifier for this attack alone (S3)."""
    target = state.actors[target_id]
    evasion = effect_parts(target, "evasion", but="shield")   # a raised shield is S20's
    plan = AttackRules(rs).target_plan(target.sheet, view, hp=target.hp,
                                       shield_raised=model.shield_raised(target),
                                       evasion=evasion,
                                       absorb=absorb_available(state, target_id))
    given = tuple(Mod(MODIFIER_ALIASES[f], "GM", "S3") for f in FLAGS
                  if request is not None and request.get(f"target-{f}"))
    return replace(plan, evasion_modifiers=(*plan.evasion_modifiers, *given),
                   defense_bonus=(*plan.defense_bonus, *effect_parts(target, "defense")))


def effect_modifiers(actor) -> tuple[Mod, ...]:
    """The actor's effects' Advantage on its attack rolls (`adv N`; a negative N is
    Disadvantage), one modifier per point, each named after its effect (S3, S26)."""
    return tuple(Mod("advantage" if e.mod("adv") > 0 else "disadvantage", e.name, "S26")
                 for e in actor.effects for _ in range(abs(e.mod("adv"))))


def aim(state: Encounter, rs, request, spell: str | None = None) -> Aimed:
    """Check the attack against the rules and the battlefield; nothing is spent yet.
    `spell`: the offensive spell a `cast` attacks with."""
    library = rs.library
    attacker = state.actors[request.actor]
    ignore = tuple(i.lower() for i in request.get("ignore") or ())
    unknown = [i for i in ignore if i not in IGNORABLE]
    if unknown:
        raise RuleViolation(f"cannot ignore {unknown[0]!r}",
                            f"--ignore takes {', '.join(IGNORABLE)}")
    given = None
    if spell is None and request.get("with"):
        carried = [*attacker.sheet.weapons, *library.spells]
        given = match_one(request.get("with"), carried, "weapon",
                          f"{attacker.name} carries: {', '.join(carried)}")
    weapon = spell or given or default_weapon(state, library, attacker.id)
    if weapon in model.gripped(attacker):          # in both hands: its two-handed damage
        found = library.weapons[weapon]
        weapon = replace(found, damage=found.two_handed, hands=2)
    own_skills = [s for s, _ in attacker.sheet.skills]
    words, by_sp = skills.paid_words(request.get("skill"))
    chosen = tuple(match_one(word, own_skills, "skill",
                             f"skills: {', '.join(own_skills) or 'none'}")
                   for word in words)
    if getattr(weapon, "id", weapon) in model.unloaded(attacker):
        raise RuleViolation(f"{attacker.name}'s {weapon} is not loaded (S19)",
                            "reload it first (Minor): reload")
    for target_id in request.targets:
        if target_id == attacker.id:
            raise RuleViolation(f"{attacker.name} cannot attack itself", "name another target")
        if state.actors[target_id].down:
            raise RuleViolation(f"{state.actors[target_id].name} is Down (S8) and cannot be "
                                "targeted", "pick another target, or heal it first")
    view = field_view(state, rs)
    plans = [target_plan(state, rs, view, t, request) for t in request.targets]
    extra = {e: target_plan(state, rs, view, e, request)
             for e in model.engaged_with(state, attacker.id)
             if state.actors[e].side != attacker.side and e not in request.targets}
    attack_parts = effect_parts(attacker, "attack")
    damage_parts = effect_parts(attacker, "damage")
    if request.get("bonus"):
        attack_parts.append(Part(request.get("bonus"), "GM bonus", ""))
    if request.get("damage-bonus"):
        damage_parts.append(Part(request.get("damage-bonus"), GM_DAMAGE_BONUS, ""))
    prepared = AttackRules(rs).prepare_attack(
        attacker.sheet, weapon, plans, view, skill_ids=chosen, held=model.holding(attacker),
        attack_parts=attack_parts, damage_parts=damage_parts,
        modifiers=(*effect_modifiers(attacker),
                   *(Mod(MODIFIER_ALIASES[f], "GM", "S3") for f in FLAGS if request.get(f))),
        extra_targets=extra, shield_raised=model.shield_raised(attacker),
        gripped=model.gripped(attacker),
        only=bool(request.get("only")))
    for target_id in request.targets:
        target = state.actors[target_id]
        if target.side == attacker.side and not request.get("ally"):
            raise RuleViolation(f"{target.name} is on {attacker.name}'s side ({target.side})",
                                "to attack an ally on purpose, add --ally")
    prepared = _with_answers(state, rs, _without_ignored(prepared, ignore))
    return Aimed(_with_pierce(prepared, request.get("pierce")), given, chosen, by_sp)


def _with_pierce(prepared, pierce: int | None):
    """`--pierce N`: the GM's Pierce for this attack instead of the weapon's; skills
    still add theirs (S7)."""
    if pierce is None:
        return prepared
    if pierce < 0:
        raise CommandError("--pierce cannot be negative", "e.g. --pierce 2")
    plan = prepared.plan
    plan = replace(plan, weapon=replace(plan.weapon, pierce=0),
                   pierce_bonus=(Part(pierce, "Pierce set by the GM", "S7"), *plan.pierce_bonus))
    return replace(prepared, plan=plan)


def _without_ignored(prepared, ignore: tuple[str, ...]):
    """Lift the automatic modifiers the GM overrules (`--ignore`); each stays in the plan
    as overruled, so the breakdown and the recap say so. One that does not apply to this
    attack changes nothing (older logs hold such lines)."""
    if not ignore:
        return prepared
    reasons = {IGNORABLE[i] for i in ignore}

    def split(mods):
        return (tuple(m for m in mods if m.reason not in reasons),
                tuple(Overruled(m, GM) for m in mods if m.reason in reasons))
    kept, lifted = split(prepared.plan.modifiers)
    plan = replace(prepared.plan, modifiers=kept, overruled=(*prepared.plan.overruled, *lifted))
    targets = tuple(replace(t, evasion_modifiers=split(t.evasion_modifiers)[0],
                            overruled=split(t.evasion_modifiers)[1]) for t in prepared.targets)
    return replace(prepared, plan=plan, targets=targets)


def _with_answers(state: Encounter, rs, prepared):
    """Each target's reaction skills that may answer this attack (S20, S23, S24)."""
    weapon = prepared.plan.weapon
    return replace(prepared, targets=tuple(
        replace(t, targeted=skills.reaction_options(rs, state, t.id, weapon, skills.TARGETED),
                on_hit=skills.reaction_options(rs, state, t.id, weapon, skills.ON_HIT))
        for t in prepared.targets))


# --- the action -----------------------------------------------------------------------

def prepare(acting: Acting, spell: str | None = None) -> Aimed:
    """`aim`, and what this attack's dice, answers and payment must agree with."""
    state, rs, request = acting.state, acting.rs, acting.request
    aimed = aim(state, rs, request, spell)
    ids = [t.id for t in aimed.prepared.targets]
    attacker = state.actors[request.actor]
    tape = acting.tape
    for slot in (EVADE, DEFENSE):
        given = tape.given(slot) if tape is not None else 0
        if given > len(ids):
            raise CommandError(f"--{slot} given {given} times for {plural(len(ids), 'target')}",
                               f"give --{slot} once per target, in target order")
    declared, logged = _automatic(state, request, attacker.id, ids)
    triggers = _by_sp(aimed, request)
    if triggers:
        skills.sp_cost(rs.numbers, attacker, triggers, on_turn=True)
    uses = dict(model.own(attacker).skill_uses)
    for sid in aimed.prepared.plan.skills:
        skills.check_uses(rs.library.skills[sid], attacker.sheet.skill_level(sid),
                          uses.get(sid, 0), who=attacker.name)
        uses[sid] = uses.get(sid, 0) + 1
    return replace(aimed, declared=declared, auto=logged)


def _automatic(state: Encounter, request, who: str, ids: list[str]):
    """`--auto [ID=]success|failure`: whose entered total is an automatic result (S2);
    without ID, the attacker's. Written back with the id resolved."""
    from shaper_gm.commands.resolve import actor as resolve_actor
    out: dict[str, str] = {}
    for entry in request.get("auto") or ():
        word, sep, verdict = entry.rpartition("=")
        verdict = verdict.strip().lower()
        if verdict not in AUTOMATIC:
            raise CommandError(f"--auto {entry!r}: an automatic result is success or failure",
                               "e.g. --auto success, or --auto raider=failure for its evasion")
        actor = resolve_actor(state, word) if sep else who
        if actor in out:
            raise CommandError(f"--auto names {actor} twice", "give one verdict per roll")
        out[actor] = verdict
    stray = [a for a in out if a != who and a not in ids]
    if stray:
        raise CommandError(f"--auto {stray[0]}=...: {stray[0]} rolls nothing in this attack",
                           f"name the attacker ({who}) or a target: {', '.join(ids)}")
    names = {a: state.actors[a].name for a in out}
    declared = tuple((a, v, f"{names[a]}'s attack roll" if a == who else f"{names[a]}'s evasion")
                     for a, v in out.items())
    return declared, tuple(f"{a}={v}" if a != who else v for a, v in out.items())


def _by_sp(aimed: Aimed, request) -> int:
    """How many of the attack's paid skill triggers SP pays: all with --sp, else one per
    `--skill NAME:sp` (S23)."""
    triggers = aimed.prepared.skill_triggers
    return triggers if request.get("sp") else min(sum(aimed.by_sp), triggers)


def cost(acting: Acting):
    """The attack's action, then each skill trigger: a Major, or SP (--sp, or `--skill
    NAME:sp` for one), each paid and shown on its own (S19, S23, S25); refused whole,
    before anything is paid, when the actor cannot pay it all."""
    rs, aimed = acting.rs, acting.plan
    triggers = aimed.prepared.skill_triggers
    parts = (("attack", {rs.cost("attack"): 1}),
             *skills.trigger_cost(rs, triggers, _by_sp(aimed, acting.request)))
    if not acting.reaction:
        by_major = tuple(s for s, sp in zip(aimed.skills, aimed.by_sp, strict=False)
                         if not sp and not acting.request.get("sp"))
        skills.check_affordable(rs, acting.state.actors[acting.actor], parts,
                                "this attack", by_major)
    return parts


def resolve(acting: Acting) -> Done:
    """Play the attack on the paid state and write its outcome into the encounter."""
    state, rs, tape, aimed = acting.state, acting.rs, acting.tape, acting.plan
    prepared, actor_id = aimed.prepared, acting.actor
    events: list = []            # the skills are named, and paid, on the attack's line
    state = state.with_actor(skills.with_uses(state.actors[actor_id], prepared.plan.skills))
    ids = tuple(t.id for t in prepared.targets)
    outcome = resolve_attack(rs.numbers, prepared.plan, prepared.targets, tape, aimed.declared)
    for i, target in enumerate(outcome.targets):
        faces = tape.given_at(DEFENSE, i)
        if target.hit and target.result is not None and target.defense is None \
                and isinstance(faces, tuple):
            raise CommandError(f"--defense {','.join(map(str, faces))}: {target.id} wears no "
                               "armor, so it rolls no Defense (S7)",
                               "give - for it, or =N for a flat Defense")
    tape.drop_unused(DEFENSE)          # a miss rolls no Defense: its faces are left out
    situation = tuple(f"{state.actors[t].name}: Melee, engaged (S11)" if r.melee else
                      f"{state.actors[t].name}: {r.band} (max {r.max_band})"
                      for t, r in zip(ids, prepared.ranges, strict=False))
    events.append(AttackResolved(actor_id, outcome, situation))
    answered = []
    for target in outcome.targets:
        for skill_id in target.reactions:   # an answer is paid off-turn, with SP (S23)
            state, paid = spend(state, rs, target.id, "skill",
                                {"sp": rs.numbers.skill_sp_cost}, on_turn=False)
            state = state.with_actor(skills.with_uses(state.actors[target.id], (skill_id,)))
            events += [*paid, SkillUsed(target.id, skill_id, None,
                                        f"answering {actor_id}'s attack")]
            answered.append(target.id)
    weapon = prepared.plan.weapon
    if weapon.reload:
        actor = state.actors[actor_id]
        state = state.with_actor(model.with_own(actor,
                                                unloaded=(*model.unloaded(actor), weapon.id)))
    if weapon.thrown and weapon.id in model.holding(state.actors[actor_id]):
        from shaper_gm.rulesets.shaper.ground import thrown
        state = thrown(state, actor_id, weapon.id, ids[0])
        events.append(ItemLanded(actor_id, weapon.id, state.actors[ids[0]].zone))
    for target in outcome.targets:
        if target.result is not None and target.id in state.actors:
            state, applied = apply_result(state, rs, target.id, target.result)
            events += [e for e in applied if not isinstance(e, DamageTaken)]
    logged = (("with", aimed.weapon),
              ("skill", skills.logged_words(aimed.skills, aimed.by_sp) or None),
              ("auto", list(aimed.auto) or None))
    return Done(state, tuple(events), outcome, others=tuple(answered), logged=logged)

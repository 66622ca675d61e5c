"""Skills, SP and spell costs (S22-S25), and the skills that answer an attack from inside
it (S20, S23, S24): a Targeted skill (Shield Block, Parry) is declared by the target
before its evasion roll, an On Hit skill (Hardy) once the hit is known; each applies to
that attack alone, is paid with SP (S23) and counts as a use (S24). The attack's steps
ask the target; the answer comes from `--react ID=SKILL`, the shell, or "none"."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.content.models import ABILITIES
from shaper_gm.rulesets.shaper.parts import Part, total

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers, Skill, Weapon

_ONE_ACTION = 1   # a cast, or one added spell skill, is one action (S25)


@record
class SkillEffects:
    """What the skills applied to one attack add up to. Dice are expressions, one
    entry per die group (``per`` scaling repeats the group)."""

    attack_bonus: tuple[Part, ...] = ()
    damage_bonus: tuple[Part, ...] = ()
    pierce_bonus: tuple[Part, ...] = ()
    evasion_bonus: tuple[Part, ...] = ()
    attack_dice: tuple[str, ...] = ()
    damage_dice: tuple[str, ...] = ()
    pierce_dice: tuple[str, ...] = ()
    evasion_dice: tuple[str, ...] = ()
    defense_dice: tuple[str, ...] = ()
    range_bands: int = 0
    absorb: int = 0
    remove_disadvantage: tuple[str, ...] = ()
    extra_targets: tuple[str, ...] = ()

    def __add__(self, other: SkillEffects) -> SkillEffects:
        return SkillEffects(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                               for f in fields(self)})


def scale(effect_per: str | None, stats: object, level: int) -> int:
    """The multiplier of an effect's amount or dice count (`per`)."""
    if effect_per is None:
        return 1
    if effect_per == "skill_level":
        return level
    if effect_per in ABILITIES:
        return getattr(stats, effect_per)
    raise ValueError(f"unknown effect scale {effect_per!r}")


def condition_met(when: str, weapon_kind: str | None, at_max_range: bool) -> bool:
    if when == "always":
        return True
    if when == "at_max_range":
        return at_max_range
    return when == weapon_kind   # melee | ranged | spell


_DICE_FIELD = {"attack": "attack_dice", "damage": "damage_dice", "pierce": "pierce_dice",
               "evasion": "evasion_dice", "defense": "defense_dice"}
_BONUSES = ("attack_bonus", "damage_bonus", "pierce_bonus", "evasion_bonus")


def collect_effects(skill: Skill, level: int, stats: object, *, weapon_kind: str | None = None,
                    at_max_range: bool = False, rule: str = "S23") -> SkillEffects:
    """Sum one skill's effects that apply to this attack (conditions checked against the
    weapon kind and whether the target is at max range)."""
    acc: dict[str, object] = {}

    def add(name: str, value: tuple) -> None:
        acc[name] = acc.get(name, ()) + value

    for eff in skill.effects:
        if not condition_met(eff.when, weapon_kind, at_max_range):
            continue
        n = scale(eff.per, stats, level)
        if eff.type in _BONUSES and eff.amount * n:
            add(eff.type, (Part(eff.amount * n, skill.name, rule),))
        elif eff.type == "extra_dice" and eff.dice and n > 0:
            add(_DICE_FIELD[eff.roll or "damage"], (eff.dice,) * n)
        elif eff.type == "range_bands":
            acc["range_bands"] = acc.get("range_bands", 0) + eff.amount * n
        elif eff.type == "absorb":
            acc["absorb"] = acc.get("absorb", 0) + eff.amount * n
        elif eff.type == "remove_disadvantage" and eff.source:
            add("remove_disadvantage", (eff.source,))
        elif eff.type == "extra_targets" and eff.targets:
            add("extra_targets", (eff.targets,))
    return SkillEffects(**acc)


def check_trigger(numbers: RulesetNumbers, stats: object, skill: Skill, level: int, *,
                  moment: str, weapon: Weapon | None = None, shield_raised: bool = False,
                  who: str = "") -> None:
    """Refuse a skill whose triggers do not fit this moment (S23, S25).

    `moment` is a primary trigger: "on_attack" when it is added to an attack being
    declared, "anytime" when used on its own, "on_hit", "targeted", ...
    """
    who = who or getattr(stats, "name", "") or "the actor"
    if level < 1:
        raise RuleViolation(f"{who} does not know {skill.name} (S24)",
                            "add it to the actor's skills first")
    primary = set(skill.primary)
    if moment not in primary and not primary & {"anytime", "reaction"}:
        wanted = " or ".join(p.replace("_", " ") for p in skill.primary)
        how = "add it to an attack (attack --skill)" if "on_attack" in primary else \
            "use it when its trigger happens"
        raise RuleViolation(f"{skill.name} triggers {wanted}, not {moment.replace('_', ' ')} "
                            f"(S23)", how)
    secondary = set(skill.secondary)
    kinds = secondary & {"melee", "ranged"}
    if weapon is not None:
        if weapon.kind == "spell" and not skill.is_spell:
            raise RuleViolation(f"{skill.name} is not a spell: an offensive spell only gains "
                                f"from spell skills (S25)", "attack with a weapon instead")
        if skill.is_spell and weapon.kind != "spell" and moment == "on_attack":
            raise RuleViolation(f"{skill.name} is a spell: it is cast, or added to a cast "
                                f"spell, not to a {weapon.name} attack (S25)",
                                "cast it on its own, or attack --with spell")
        if kinds and weapon.kind not in kinds:
            raise RuleViolation(f"{skill.name} needs a {' or '.join(sorted(kinds))} attack; "
                                f"{weapon.name} is {weapon.kind} (S23)",
                                f"attack with a {' or '.join(sorted(kinds))} weapon")
    if "block" in secondary and not shield_raised:
        raise RuleViolation(f"{skill.name} is a Block skill: it needs a raised shield (S20)",
                            "raise the shield first (Minor)")
    if skill.is_spell and stats_value(stats, "mentality") < numbers.spell_min_mentality:
        raise RuleViolation(f"{skill.name} is a spell: spells need Mentality "
                            f"{numbers.spell_min_mentality}; {who} has "
                            f"{stats_value(stats, 'mentality')} (S25)",
                            "only actors with Mentality can cast")
    for ability in secondary & set(ABILITIES):
        if stats_value(stats, ability) < 1:
            raise RuleViolation(f"{skill.name} draws on {ability.capitalize()}; {who} has 0 "
                                f"{ability.capitalize()} (S23)", "pick another skill")


def stats_value(stats: object, ability: str) -> int:
    return int(getattr(stats, ability, 0))


def check_uses(skill: Skill, level: int, used: int, *, who: str = "") -> None:
    """A skill may be used once per round per level in it (S24)."""
    if used >= level:
        who = who or "the actor"
        raise RuleViolation(f"{skill.name} already used {used} of {level} times this round "
                            f"(S24)", f"its count restarts at the start of {who}'s turn")


@record
class SpellCost:
    """S25: the cast (1) plus 1 per added spell skill, reduced by Mentality, never below
    the cast itself; the reduction removes added costs first."""

    added: int
    free_added: int
    paid_added: int               # each costs 1 Major or 1 SP (S23)

    @property
    def total(self) -> int:
        return _ONE_ACTION + self.paid_added


def spell_cost(added: int, reduction: int) -> SpellCost:
    free = max(0, min(added, reduction))
    return SpellCost(added=added, free_added=free, paid_added=added - free)


def spend_sp(numbers: RulesetNumbers, current: int, *, times: int = 1, who: str = "") -> int:
    """Pay `times` skill triggers with SP (S23); returns the SP left."""
    need = numbers.skill_sp_cost * times
    if current < need:
        who = who or "the actor"
        raise RuleViolation(f"not enough SP (S23): {who} has {current}, needs {need}",
                            "pay with a Major action instead (drop --sp)")
    return current - need


def sp_cost(numbers: RulesetNumbers, actor, times: int, *, on_turn: bool) -> dict[str, int]:
    """What `times` skill triggers paid with SP cost (S23), refused when the actor has
    too little; off its turn only SP can pay (S18)."""
    try:
        spend_sp(numbers, actor.resource("sp"), times=times, who=actor.name)
    except RuleViolation as exc:
        if on_turn:
            raise
        raise RuleViolation(exc.message, f"off {actor.name}'s turn only SP can pay; SP "
                                         f"regenerates at the start of {actor.name}'s turn "
                                         "(S22)") from None
    return {"sp": numbers.skill_sp_cost * times}


def trigger_cost(rs, triggers: int, with_sp: bool | int) -> tuple:
    """`triggers` skill triggers paid, each shown on its own (S23, S25): with SP (all of
    them when `with_sp` is True, else that many), the rest a Major each."""
    by_sp = triggers if with_sp is True else min(int(with_sp), triggers)
    sp = (("skill", {"sp": rs.numbers.skill_sp_cost}),) * by_sp
    return (*sp, *(("skill", {rs.cost("skill"): 1}),) * (triggers - by_sp))


SP_MARK = ":sp"          # `--skill NAME:sp`: this skill is paid with SP (S23)


def paid_words(words) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """`--skill` words as (skill words, whether each is paid with SP): `NAME:sp` pays
    that one skill with SP, the others a Major each (S23)."""
    names, by_sp = [], []
    for word in words or ():
        name, sep, how = str(word).rpartition(":")
        if sep and how.lower() == SP_MARK[1:]:
            names.append(name)
            by_sp.append(True)
        else:
            names.append(str(word))
            by_sp.append(False)
    return tuple(names), tuple(by_sp)


def logged_words(ids, by_sp) -> list[str]:
    return [f"{sid}{SP_MARK}" if sp else sid for sid, sp in zip(ids, by_sp, strict=True)]


def check_affordable(rs, actor, parts: tuple, what: str, sp_able: tuple[str, ...] = (),
                     hint: str = "", rule: str = "S18, S23") -> None:
    """Refuse, before anything is paid, a cost the actor cannot pay in full, saying what
    it needs and what it has (S18, S23); parts paid one by one would otherwise read as
    if the first ones had been spent already. `sp_able`: skills paid with a Major that
    `--skill NAME:sp` could pay with SP instead."""
    if len(parts) < 2:
        return                   # one part: the engine's refusal says it as it is
    total: dict[str, int] = {}
    for _, part in parts:
        for kind, n in part.items():
            total[kind] = total.get(kind, 0) + n
    if affordable(rs, actor, total):
        return
    have = actor.resource_map()
    need = " and ".join(f"{n} {_label(k)}" for k, n in total.items())
    left = ", ".join(f"{have.get(k, 0)} {_label(k)}" for k in (*rs.kinds(), model.SP))
    sp = have.get(model.SP, 0)
    hint = hint or (f"pay a skill with SP instead (--skill {sp_able[-1]}:sp, {sp} SP left), "
            "or end the turn (end)" if sp_able and sp >= rs.numbers.skill_sp_cost
            else "end the turn (end), or attack with fewer skills")
    raise RuleViolation(f"{what} costs {need}; {actor.name} has {left} left ({rule})", hint)


def affordable(rs, actor, cost) -> bool:
    """Whether the actor could pay `cost` now, on its turn, by the payer rules (S18)."""
    from shaper_gm.engine import resources
    try:
        resources.pay(rs.resources, actor.resource_map(), cost, action="", who=actor.name,
                      on_turn=True)
    except RuleViolation:
        return False
    return True


def _label(kind: str) -> str:
    return "SP" if kind == model.SP else kind.capitalize()


def with_uses(actor, skill_ids: Iterable[str]):
    """The actor with one more use this round of each skill in `skill_ids` (S24)."""
    uses = dict(model.own(actor).skill_uses)
    for sid in skill_ids:
        uses[sid] = uses.get(sid, 0) + 1
    return model.with_own(actor, skill_uses=tuple(sorted(uses.items())))


# --- reaction skills: answers inside an attack (S20, S23, S24) ---------------------------
TARGETED, ON_HIT = "targeted", "on_hit"


@record
class Answer:
    """What one reaction skill adds to the attack it answers."""

    skill: str
    name: str
    evasion: int = 0              # to the target's evasion roll (Targeted)
    defense_dice: str = ""        # to the target's Defense roll (On Hit)


def reaction_options(rs, state: Encounter, target_id: str, weapon,
                     moment: str) -> tuple[Answer, ...]:
    """The reaction skills `target_id` may answer this attack with at `moment`: known,
    uses left this round, its trigger met (a raised shield for a Block skill, a melee
    attack for Parry), and SP to pay."""
    target = state.actors[target_id]
    if target.down or target.resource("sp") < rs.numbers.skill_sp_cost:
        return ()
    out = []
    for skill_id, level in target.sheet.skills:
        skill = rs.library.skills.get(skill_id)
        if skill is None or moment not in skill.primary or model.uses(target, skill_id) >= level:
            continue
        try:
            check_trigger(rs.numbers, target.sheet, skill, level, moment=moment, weapon=weapon,
                          shield_raised=model.shield_raised(target), who=target.name)
        except RuleViolation:
            continue
        found = collect_effects(skill, level, target.sheet, weapon_kind=weapon.kind)
        out.append(Answer(skill_id, skill.name, total(found.evasion_bonus),
                          "+".join(found.defense_dice)))
    return tuple(out)


def is_reaction_skill(skill) -> bool:
    """Skills used only as an answer inside an attack."""
    return bool(set(skill.primary) & {TARGETED, ON_HIT}) and \
        not set(skill.primary) - {TARGETED, ON_HIT}

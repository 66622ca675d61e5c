"""Skills that answer an attack from inside it (S20, S23, S24).

A Targeted skill (Shield Block, Parry) is declared by the target before its evasion
roll; an On Hit skill (Hardy) once the hit is known. Each applies to that attack alone,
is paid with SP (the target is off its turn, S23) and counts as a use of the skill in
the target's round (S24). The attack's steps ask the target (an interrupt point); the
answer comes from `--react ID=SKILL`, the shell, or "none".
"""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.parts import total
from shaper_gm.rulesets.shaper.skills import check_trigger, collect_effects

TARGETED, ON_HIT = "targeted", "on_hit"
NONE = "none"


@record
class Answer:
    """What one reaction skill adds to the attack it answers."""

    skill: str
    name: str
    evasion: int = 0              # to the target's evasion roll (Targeted)
    defense_dice: str = ""        # to the target's Defense roll (On Hit)


def options(rs, state: Encounter, target_id: str, weapon, moment: str) -> tuple[Answer, ...]:
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

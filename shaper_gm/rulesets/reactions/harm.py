"""Damage and healing on the encounter: the end of an attack (R6-R8) and the GM's
`damage` and `heal` tools, which run the very same damage steps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.harm import damage_note, healed_note, set_hp
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.steps import PlayTape, play
from shaper_gm.rulesets.reactions.events import DamageResolved, ShieldSoaked
from shaper_gm.rulesets.reactions.models import ATTACK_TYPES
from shaper_gm.rulesets.reactions.steps import HARM, Strike


def harm_to(rs, defender: Actor, attacker: str, attack_type: str, power: int,
            **more: Any) -> Strike:
    """A Strike of `power` at `defender`, with what its harm steps read of it (R6-R8):
    its armor against the type, its shield, its health."""
    return Strike(attacker=attacker, defender=defender.id, attack_type=attack_type,
                  power=power, armor=rs.armor(defender, attack_type),
                  shield=defender.resource("shield"),
                  shield_soaks=soaks(rs.numbers, attack_type),
                  health=defender.hp or 0, min_damage=rs.numbers.min_damage,
                  defender_name=defender.name, **more)


def soaks(numbers: Any, attack_type: str) -> bool:
    """R7: whether an active shield soaks damage of this type."""
    return numbers.shield_soaks == "all" or attack_type == "true"


def apply_harm(state: Encounter, ctx: Strike, why: str) -> Change:
    """Write a finished Strike's shield and health onto the defender."""
    actor = state.actors[ctx.defender]
    events: list = []
    values = actor.resource_map()
    if ctx.soaked:
        before = values.get("shield", 0)
        values["shield"] = before - ctx.soaked
        events.append(ShieldSoaked(actor.id, ctx.soaked, before, values["shield"]))
    changed = actor.with_resources(values).with_(hp=ctx.health_after,
                                                 down=actor.down or ctx.down)
    events.append(ev.HpChanged(actor.id, actor.hp or 0, ctx.health_after, why))
    if ctx.down and not actor.down:
        events.append(ev.WentDown(actor.id, "down", "R8"))
    return state.with_actor(changed), events


def gm_damage(rs, state: Encounter, target_id: str, amount: int,
              options: Mapping[str, Any]) -> Change:
    """`damage TARGET N [--type T] [--direct]`: N damage of a type through armor and the
    shield like a hit without a block (R6-R8); `direct` takes it straight off health."""
    unknown = set(options) - {"type", "direct"}
    if unknown:
        raise RuleViolation(f"damage has no option {', '.join(sorted(unknown))} here",
                            "use --type physical|magical|true or --direct")
    if amount < 0:
        raise RuleViolation(f"damage {amount} is negative", "use heal to give health back")
    if options.get("direct") and options.get("type"):
        raise RuleViolation("--direct skips armor and shield, so --type does not apply",
                            "drop --type, or drop --direct")
    attack_type = options.get("type") or "physical"
    if attack_type not in ATTACK_TYPES:
        raise RuleViolation(f"{attack_type!r} is no attack type (R1)",
                            f"use one of {', '.join(ATTACK_TYPES)}")
    direct = bool(options.get("direct"))
    actor = rs.actor_of(state, target_id)
    ctx = harm_to(rs, actor, "gm", attack_type, amount, total_power=amount, direct=direct)
    tape = PlayTape(_no_dice)
    if direct:
        ctx = replace(ctx, armor=0, shield=0)
        tape.note("direct: no armor, no shield", amount, "R8")
    ctx = play(HARM, ctx, tape)
    kind = "direct" if direct else attack_type
    state, events = apply_harm(state, ctx, damage_note(amount, ctx.health, ctx.health_after,
                                                       f"{kind} damage"))
    return state, [DamageResolved(actor.id, replace(ctx, notes=tuple(tape.notes))), *events]


def gm_heal(rs, state: Encounter, target_id: str, amount: int) -> Change:
    """`heal TARGET N`: health back up to the maximum; a down creature above 0 is up."""
    if amount < 0:
        raise RuleViolation(f"heal {amount} is negative", "use damage to take health away")
    actor = rs.actor_of(state, target_id)
    before = actor.hp or 0
    after = min(actor.max_hp or 0, before + amount)
    return set_hp(state, rs, actor.id, after, healed_note(amount, before, after))


def _no_dice(slot: str, index: int, who: str | None):
    raise AssertionError(f"the damage steps roll nothing, yet asked for {slot}")

"""Hit points for rulesets that have them: set, heal, go down, come back."""

from __future__ import annotations

from typing import Any, Protocol

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Change, Encounter


class DownRules(Protocol):
    """What hit points reaching 0 asks of a ruleset: its word for down, and what follows."""

    def term(self, key: str) -> str: ...
    def down_word(self, actor: Actor) -> str: ...
    def on_down(self, state: Encounter, actor_id: str) -> Change: ...


def healed_note(amount: int, before: int, after: int) -> str:
    """``healed 5``, or ``healed 3 (5, capped at max HP)`` when the maximum held it back."""
    gained = after - before
    if gained == amount:
        return f"healed {amount}"
    return f"healed {gained} ({amount}, capped at max HP)"


def damage_note(amount: int, before: int, after: int, what: str = "damage") -> str:
    """``9 damage``, or ``4 of 9 damage`` when less came off (HP stop at 0)."""
    lost = before - after
    return f"{amount} {what}" if lost == amount else f"{lost} of {amount} {what}"


def set_hp(state: Encounter, rs: DownRules, actor_id: str, hp: int, why: str, *,
           exact: bool = False, told: str = "") -> Change:
    """Set HP directly (a GM's direct damage, heal or set); down and revival follow.
    `hp` may be asked below 0 or over the maximum: hit points stop there, but a harm
    tally the ruleset keeps (`tallied`) counts the harm past 0 too, which later changes
    start from unless `exact` (the GM's own hit points, set by hand); `told`: the
    change's reason in the tally's words."""
    actor = state.actors[actor_id]
    if actor.hp is None:
        raise RuleViolation(f"{actor.name} has no hit points",
                            "its ruleset tracks harm its own way")
    counted = tallied(rs, actor, hp, exact, told)
    hp = max(0, min(hp, actor.max_hp if actor.max_hp is not None else hp))
    events: list[ev.Event] = [ev.HpChanged(actor_id, actor.hp, hp, why)]
    if counted:                     # hit points follow the tally, past 0 kept there
        hp = max(0, counted[3] - counted[2])
        events = [ev.HpChanged(actor_id, actor.hp, hp, why, counted)]
        state = state.with_actor(actor.with_resource(counted[0], counted[2]))
    state = state.with_actor(state.actors[actor_id].with_(hp=hp))
    kept = kept_down(rs, actor)          # down with hit points (unconscious, T14)
    if hp == 0 and (not actor.down or (kept and actor.hp > 0)):
        state, downed = go_down(state, rs, actor_id)
        events += downed
    elif hp > 0 and actor.down and not kept:
        state = state.with_actor(state.actors[actor_id].with_(down=False))
        events.append(ev.Revived(actor_id))
    return state, events


def tallied(rs: object, actor: Actor, hp: int, exact: bool, told: str) -> tuple[Any, ...]:
    """(tally, before, after, limit, rule, told) when the ruleset counts harm up in a
    resource (`kept_tally`: Dungeoneers' wounds, D19): the harm past 0 hit points it
    already holds stays past it, so a creature struck beyond its limit heals from there;
    () when it keeps none."""
    kept = getattr(rs, "kept_tally", None)
    found = kept() if kept is not None else None
    if not found or actor.max_hp is None or actor.hp is None:
        return ()
    name, rule = found
    before = actor.resource(name)
    past = 0 if exact else max(0, before - (actor.max_hp - actor.hp))
    after = max(0, actor.max_hp - hp + past)
    return name, before, after, actor.max_hp, rule, told


def kept_down(rs: object, actor: Actor) -> bool:
    """Whether the ruleset keeps the actor down whatever its hit points (`keeps_down`:
    time slices' unconscious, healed from 0 HP and not yet woken, T14)."""
    keeps = getattr(rs, "keeps_down", None)
    return bool(keeps(actor)) if keeps is not None else False


def go_down(state: Encounter, rs: DownRules, actor_id: str) -> Change:
    """The actor is out of the fight; its ruleset says what follows (leaving a melee,
    a summon vanishing, ...)."""
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(down=True))
    state, followed = rs.on_down(state, actor_id)
    # "down", or "dying", "dead"; an actor its fall removed (a summon) is as it was
    word = rs.down_word(state.actors.get(actor_id, actor.with_(down=True)))
    return state, [ev.WentDown(actor_id, word, rs.term("down_rule")), *followed]


def reduced(amount: int, damage_type: Any, resist: Any, vulnerable: Any,
            immune: Any) -> tuple[int, str]:
    """Damage of a type meeting a target's immunities, resistances and vulnerabilities
    (lists of types): immunity makes it 0, resistance halves it rounding down, then
    vulnerability doubles it; and what happened, in words ("" when nothing did)."""
    if damage_type in immune:
        return 0, f"immune to {damage_type}"
    why = []
    if damage_type in resist:
        amount, why = amount // 2, [f"resistant to {damage_type}: halved"]
    if damage_type in vulnerable:
        amount, why = amount * 2, [*why, f"vulnerable to {damage_type}: doubled"]
    return amount, ", then ".join(why)

"""Harm and its clock (T12-T15): HP loss, 0 HP, the dying timer, healing, tending, time.

Shared by attacks and the GM's `damage`, `heal` and `wait`. Every function takes the
encounter and returns the new one with its events; timers and the clock are seconds.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.clock import minutes
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.harm import healed_note
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice.models import (
    DEAD,
    DYING,
    UNCONSCIOUS,
    UP,
    ActorData,
    EncounterData,
)


def dying_seconds(numbers: Any) -> int:
    """T14: the dying timer a character starts with, in seconds."""
    return numbers.dying_minutes * 60


def info(actor: Actor) -> ActorData:
    return actor.system if isinstance(actor.system, ActorData) else ActorData()


def fight(state: Encounter) -> EncounterData:
    return state.system if isinstance(state.system, EncounterData) else EncounterData()


def dying_timers(state: Encounter) -> list[tuple[str, int]]:
    """(actor, seconds left) for every dying character, for `show` and the toolbar (T15)."""
    return [(a.id, info(a).dying_left or 0) for a in state.actors.values()
            if info(a).condition == DYING]


def _with_info(actor: Actor, data: ActorData, **changes) -> Actor:
    return actor.with_(system=data, down=data.condition != UP, **changes)


def refuse_dead(actor: Actor, doing: str) -> None:
    if info(actor).condition == DEAD:
        raise RuleViolation(f"{actor.name} is dead (T13, T14): nothing can {doing} it",
                            "pick another target")


# --- HP loss and 0 HP (T12, T13) --------------------------------------------------------

def lose_hp(state: Encounter, numbers: Any, target_id: str, taken: int, *,
            nonlethal: bool, why: str) -> Change:
    """Take `taken` HP (after DR, T12) off a living, not-dying target; at 0 HP a player
    character is unconscious and dying, anyone else dead, or unconscious when the
    damage was nonlethal (T13)."""
    actor = state.actors[target_id]
    data = info(actor)
    if taken <= 0:
        return state, []
    after = max(0, (actor.hp or 0) - taken)
    events: list = []
    if after != actor.hp:
        events.append(ev.HpChanged(target_id, actor.hp or 0, after, why))
    if after > 0:
        return state.with_actor(actor.with_(hp=after)), events
    if actor.sheet.player:
        data = data.with_(condition=DYING, dying_left=dying_seconds(numbers))
        events.append(tev.Dying(target_id, dying_seconds(numbers),
                                "a player character at 0 HP is dying (T13)"))
    elif nonlethal:
        if data.condition == UNCONSCIOUS:
            return state.with_actor(actor.with_(hp=after)), events
        data = data.with_(condition=UNCONSCIOUS)
        events.append(tev.KnockedOut(target_id, "nonlethal damage: unconscious, alive (T13)"))
    else:
        data = data.with_(condition=DEAD, dying_left=None)
        events.append(tev.Died(target_id, "a non-player combatant at 0 HP dies (T13)"))
    if not actor.down:
        events.insert(len(events) - 1, ev.WentDown(target_id))
    return state.with_actor(_with_info(actor, data, hp=after)), events


# --- the dying timer (T14, T15) ---------------------------------------------------------

def shorten_timer(state: Encounter, target_id: str, seconds: int, why: str) -> Change:
    """Take `seconds` off a dying character's timer; at 0 it dies (T14)."""
    actor = state.actors[target_id]
    data = info(actor)
    before = data.dying_left or 0
    after = max(0, before - seconds)
    events: list = [tev.TimerChanged(target_id, before, after, why)]
    if after > 0:
        return state.with_actor(actor.with_(system=data.with_(dying_left=after))), events
    data = data.with_(condition=DEAD, dying_left=None)
    events += [tev.TimerRanOut(target_id), tev.Died(target_id, "the dying timer ran out (T14)")]
    return state.with_actor(_with_info(actor, data)), events


def attack_dying(state: Encounter, numbers: Any, target_id: str, why: str) -> Change:
    """T14: an attack on a dying character takes a minute off its timer."""
    return shorten_timer(state, target_id, numbers.attack_on_dying_minutes * 60, why)


def wait(state: Encounter, seconds: int) -> Change:
    """T15: the GM lets time pass."""
    return pass_time(state, seconds, f"waited {minutes(seconds)} min (T15)")


def pass_time(state: Encounter, seconds: int, why: str) -> Change:
    """T15: the clock moves on and every dying timer counts down with it while the fight
    lasts; once it is over the timers, which count the fight's time, stop (T14)."""
    if seconds <= 0:
        raise RuleViolation(f"time only moves forward (T15): {minutes(seconds)} minutes",
                            "wait a positive time, e.g. wait 2")
    clock = fight(state)
    events: list = [tev.TimePassed(clock.seconds, clock.seconds + seconds, why)]
    state = state.with_(system=clock.with_(seconds=clock.seconds + seconds))
    if state.over is not None:
        return state, events
    for actor_id, actor in list(state.actors.items()):
        if info(actor).condition == DYING:
            state, changed = shorten_timer(state, actor_id, seconds, why)
            events += changed
    return state, events


# --- healing, tending, waking (T14) ------------------------------------------------------

def heal(state: Encounter, numbers: Any, target_id: str, amount: int,
         why: str = "") -> Change:
    """Heal `amount` points. A dying character gains a timer minute per point; points
    past the timer's start become HP and it stops dying (T14). Healed from 0 HP it
    stays unconscious unless `heal_wakes`. `why` names the HP change; by default it
    says what was healed and whether the maximum held it back."""
    actor = state.actors[target_id]
    refuse_dead(actor, "heal")
    if amount <= 0:
        raise RuleViolation(f"healing must be at least 1 point, not {amount} (T14)",
                            "e.g. heal ida 4")
    data = info(actor)
    if data.condition != DYING and (actor.hp or 0) >= (actor.max_hp or 0):
        raise RuleViolation(f"{actor.name} has all {actor.max_hp} HP and is not dying: there is "
                            "nothing to heal (T14)", f"heal someone hurt, or wake {actor.id}")
    events: list = []
    points = amount
    if data.condition == DYING:
        per_point = numbers.heal_minutes_per_point * 60
        left = data.dying_left or 0
        room = dying_seconds(numbers) - left
        for_timer = min(points, -(-room // per_point))        # a point partly used counts
        timer = min(dying_seconds(numbers), left + for_timer * per_point)
        points -= for_timer
        if timer != left:
            events.append(tev.TimerChanged(target_id, left, timer,
                                           f"healed {for_timer}: +1 minute a point (T14)"))
        if points == 0:
            return state.with_actor(actor.with_(system=data.with_(dying_left=timer))), events
        data = data.with_(condition=UNCONSCIOUS, dying_left=None)
        events.append(tev.StoppedDying(target_id, min(points, actor.max_hp or points),
                                       f"{points} healing past the timer's start becomes HP "
                                       "(T14)"))
    before = actor.hp or 0
    after = min(actor.max_hp or before + points, before + points)
    note = healed_note(points, before, after)
    if points != amount:
        note += f", after {amount - points} on the timer"
    return _raise_hp(state, numbers, actor, data, after, events, why or note, "healed from 0 HP")


def set_hp(state: Encounter, numbers: Any, target_id: str, hp: int, why: str) -> Change:
    """The GM sets HP by hand: lower runs T13 as damage would (0 HP: dying or dead);
    higher on a dying character stops its dying (T14), unconscious unless `heal_wakes`."""
    actor = state.actors[target_id]
    if info(actor).condition == DEAD:
        raise RuleViolation(f"{actor.name} is dead (T13, T14): its HP stay at 0",
                            "undo what killed it, or add it again")
    before = actor.hp or 0
    if hp <= before:
        if hp == before:
            return state, []
        return lose_hp(state, numbers, target_id, before - hp, nonlethal=False, why=why)
    data = info(actor)
    events: list = []
    if data.condition == DYING:
        data = data.with_(condition=UNCONSCIOUS, dying_left=None)
        events.append(tev.StoppedDying(target_id, hp, "its HP set above 0 (T14)"))
    return _raise_hp(state, numbers, actor, data, hp, events, why, "HP above 0")


def _raise_hp(state: Encounter, numbers: Any, actor: Actor, data: ActorData, after: int,
              events: list, why: str, woke_why: str) -> Change:
    """HP up to `after`. Back above 0 HP an unconscious combatant wakes at once only with
    `heal_wakes` (T14); else the GM wakes it."""
    before = actor.hp or 0
    if after != before:
        events.append(ev.HpChanged(actor.id, before, after, why))
    if data.condition == UNCONSCIOUS and before == 0 and after > 0 and numbers.heal_wakes:
        data = data.with_(condition=UP)
        events += [tev.Woke(actor.id, f"{woke_why}, heal_wakes (T14)"), ev.Revived(actor.id)]
    return state.with_actor(_with_info(actor, data, hp=after)), events


def stop_dying(state: Encounter, target_id: str, why: str) -> Change:
    """T14: tended (or stabilised by the GM), it stops dying and stays at 0 HP,
    unconscious."""
    actor = state.actors[target_id]
    if info(actor).condition != DYING:
        raise RuleViolation(f"{actor.name} is not dying (T14)",
                            "only the dying stop dying; heal restores HP")
    data = info(actor).with_(condition=UNCONSCIOUS, dying_left=None)
    return (state.with_actor(_with_info(actor, data)),
            [tev.StoppedDying(target_id, actor.hp or 0, why)])


def wake(state: Encounter, target_id: str, why: str = "the GM wakes it (T14)") -> Change:
    """The GM wakes an unconscious combatant that has HP again (T14's `heal_wakes` off)."""
    actor = state.actors[target_id]
    data = info(actor)
    refuse_dead(actor, "wake")
    if data.condition == DYING or (data.condition == UNCONSCIOUS and not actor.hp):
        raise RuleViolation(f"{actor.name} is at 0 HP and cannot wake (T13, T14)",
                            f"heal {actor.id} first")
    if data.condition == UP:
        raise RuleViolation(f"{actor.name} is awake", "nothing to do")
    data = data.with_(condition=UP)
    return (state.with_actor(_with_info(actor, data)),
            [tev.Woke(target_id, why), ev.Revived(target_id)])

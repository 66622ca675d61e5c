"""The S7 damage pipeline, shared by attacks and the GM's `damage` command, and its
result applied to a live actor: absorption used up, HP, and Down with its consequences
(S7, S8, S26)."""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.dice import Roll, parse
from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine import events as ev
from shaper_gm.engine import harm, limits
from shaper_gm.engine.harm import go_down
from shaper_gm.engine.state import Change, Effect, Encounter
from shaper_gm.engine.steps import Note
from shaper_gm.errors import CommandError
from shaper_gm.records import record
from shaper_gm.rulesets.shaper.events import DamageTaken

_MAGIC_DIVISOR = 2   # S7: magic halves Defense, rounded down


@record
class DamageResult:
    damage: int
    defense: int                  # Defense roll total with bonuses (0 without armor)
    magic: bool
    defense_after_magic: int
    pierce: int
    effective_defense: int
    taken: int                    # after Defense, before absorption
    absorbed: int
    absorb_left: int
    hp_before: int
    hp_after: int
    down: bool
    steps: tuple[Note, ...] = ()

    @property
    def hp_lost(self) -> int:
        return self.hp_before - self.hp_after


def damage_pipeline(damage: int, defense: int | None, *, magic: bool = False,
                    pierce: int = 0, absorb: int = 0, hp: int) -> DamageResult:
    """damage -> Defense -> magic halves -> Pierce -> taken -> absorb -> HP (S7, S8).

    `defense` is the Defense roll total with its bonuses, or None without armor.
    """
    damage = max(0, damage)
    steps = [Note("damage", damage, "S7")]
    raw = 0 if defense is None else defense
    steps.append(Note("Defense" if defense is not None else "Defense (no armor)", raw, "S7"))
    halved = raw // _MAGIC_DIVISOR if magic else raw
    if magic:
        steps.append(Note("Defense halved (magic)", halved, "S7"))
    effective = max(0, halved - pierce)
    if pierce:
        steps.append(Note(f"Defense after Pierce {pierce}", effective, "S7"))
    taken = max(0, damage - effective)
    steps.append(Note("damage after Defense", taken, "S7"))
    absorbed = min(max(0, absorb), taken)
    if absorb:
        steps.append(Note("absorbed", absorbed, "S7"))
    hp_after = max(0, hp - (taken - absorbed))
    steps.append(Note("HP", hp_after, "S8" if hp_after == 0 else "S7"))
    return DamageResult(damage=damage, defense=raw, magic=magic, defense_after_magic=halved,
                        pierce=pierce, effective_defense=effective, taken=taken,
                        absorbed=absorbed, absorb_left=max(0, absorb) - absorbed,
                        hp_before=hp, hp_after=hp_after, down=hp_after == 0,
                        steps=tuple(steps))


# --- on a live actor ---------------------------------------------------------------

ABSORB = "absorb"


def absorb_available(state: Encounter, actor_id: str) -> int:
    return state.actors[actor_id].effect_total(ABSORB)


def apply_result(state: Encounter, rs, actor_id: str, result) -> Change:
    """Apply a DamageResult: absorption spent, HP, and Down (S7, S8)."""
    actor = state.actors[actor_id]
    effects, ended = _spend_absorb(actor.effects, result.absorbed)
    events: list = [DamageTaken(actor_id, result)]
    events += [ev.EffectEnded(actor_id, e.name, "used up") for e in ended]
    state = state.with_actor(actor.with_(hp=result.hp_after, effects=effects))
    if result.hp_after == 0 and not actor.down:
        state, downed = go_down(state, rs, actor_id)
        events += downed
    return state, events


def _spend_absorb(effects: tuple[Effect, ...],
                  amount: int) -> tuple[tuple[Effect, ...], list[Effect]]:
    """Take `amount` from absorbing effects in order: (the effects kept, a partly used
    one with what it has left; the `used_up` effects spent whole, which end) (S26)."""
    out, ended = [], []
    for effect in effects:
        have = effect.mod(ABSORB)
        if amount > 0 and have > 0:
            used = min(amount, have)
            amount -= used
            effect = effect.with_mod(ABSORB, have - used)
            if have - used == 0 and effect.until == "used_up":
                ended.append(effect)
                continue
        out.append(effect)
    return tuple(out), ended


# --- the GM's damage ------------------------------------------------------------------

def gm_damage(state: Encounter, rs, target: str, amount: int, options) -> tuple:
    """`damage TARGET N`: through the target's Defense roll as a hit's damage (S7), or
    straight off HP with `--direct`."""
    actor = state.actors[target]
    if options.get("direct"):
        if options.get("magic") or options.get("pierce") or options.get("defense"):
            raise CommandError("--direct skips Defense, so --magic, --pierce and --defense "
                               "do not apply", "drop them, or drop --direct")
        after = max(0, actor.hp - amount)
        return harm.set_hp(state, rs, target, after, harm.damage_note(
            amount, actor.hp, after, "damage (direct)"))
    pierce = options.get("pierce") or 0
    if pierce < 0:
        raise CommandError("--pierce cannot be negative", "e.g. --pierce 2")
    tape, defense = options["tape"], None
    if actor.sheet.defense is not None:
        spec = SumRoll.of(actor.sheet.defense, f"Defense of {actor.sheet.name}")
        defense = tape.roll("defense", spec, target)
    elif (flat := tape.flat("defense", target)) is not None:
        # No armor, no roll (S7): the GM's `--defense =N` is a flat Defense.
        defense = Roll(expr=parse("0"), dice=(), constant=0, total=flat, entered=flat)
    elif tape.given_at("defense", 0):
        raise CommandError(f"{actor.name} wears no armor: there is no Defense roll (S7)",
                           "drop --defense, or give =N for a flat Defense")
    bonus = actor.effect_total("defense")         # effects on the Defense (S7, S26)
    if bonus and defense is None:
        defense = Roll(expr=parse("0"), dice=(), constant=0, total=0)
    result = damage_pipeline(amount, defense.total + bonus if defense else None,
                             magic=bool(options.get("magic")), pierce=pierce,
                             absorb=absorb_available(state, target), hp=actor.hp)
    state, events = apply_result(state, rs, target, result)
    if defense is not None:
        events.insert(0, ev.DiceRolled(f"Defense of {actor.name}", defense))
    return state, events


# --- the GM's hit points: maximum and temporary ----------------------------------------

TEMPORARY_HP = "Temporary HP"


def set_hit_points(state: Encounter, rs, target: str, key: str, value: str) -> Change | None:
    """`set ACTOR max_hp=N` (HP above it drop to it) and `set ACTOR temp_hp=N`:
    temporary HP soak damage after Defense like any absorbing effect (S7), until used
    up; 0 takes them away. None: a field the shared `set` handles."""
    from shaper_gm.commands.args import ascii_digits
    if key not in ("max_hp", "temp_hp"):
        return None
    actor = state.actors[target]
    low = 1 if key == "max_hp" else 0
    text = value.strip()
    if not ascii_digits(text) or len(text) > 7 or not low <= int(text) <= limits.MAX_NUMBER:
        raise CommandError(f"{key} must be a whole number, {limits.span(low, None)}; got "
                           f"{text[:20]!r}", f"e.g. {key}=12")
    number = int(text)
    if key == "max_hp":
        hp = min(actor.hp, number)
        sheet = replace(actor.sheet, max_hp=number)
        state = state.with_actor(actor.with_(max_hp=number, hp=hp, sheet=sheet))
        return state, [ev.FieldSet(target, "max HP", actor.max_hp, number)]
    before = next((e.mod(ABSORB) for e in actor.effects if e.name == TEMPORARY_HP), 0)
    kept = tuple(e for e in actor.effects if e.name != TEMPORARY_HP)      # refreshed
    added = (Effect(TEMPORARY_HP, "gm", None, ((ABSORB, number),), "used_up"),) if number \
        else ()
    state = state.with_actor(actor.with_(effects=(*kept, *added)))
    return state, [ev.FieldSet(target, "temporary HP", before, number)]

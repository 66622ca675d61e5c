"""`attack ATTACKER TARGET` (T9-T14): the rules checked, the steps played, the harm done.

`prepare` checks everything the rules refuse and builds the `Swing` the steps read;
`ATTACK` is the action the engine runs (it pays, then `resolve` plays the `SWING` steps
and writes the result onto the encounter); `odds.py` runs the same `prepare` and steps
over exact distributions. The request's flags: `with`, `called`, `defense`, `nonlethal`,
`damage-bonus`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.clock import minutes
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import carried
from shaper_gm.engine.play import spend
from shaper_gm.engine.steps import Note, play, step
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.events import AttackResolved, WeaponDropped
from shaper_gm.rulesets.timeslice.models import DEAD, DYING, UP
from shaper_gm.rulesets.timeslice.rolls import stat_spec, with_bonus

# Dice slots (commands.md): --roll is the attacker's two faces, --defend the defender's.
SLOT_ATTACK, SLOT_DEFEND = "roll", "defend"
NO_DEFENSE = "none"

Part = Note                          # (label, amount, ruling)


def _total(parts: tuple[Part, ...]) -> int:
    return sum(part.value for part in parts)


@record
class DefenseOption:
    """A defense kind the defender can use now, with its bonuses (T10) and cost (T8)."""

    kind: str
    parts: tuple[Part, ...]           # stat bonus, effects
    cost: int = 0

    @property
    def bonus(self) -> int:
        return _total(self.parts)


@record
class Swing:
    """An attack: what the steps read, what they fill, and once played (`resolve`)
    every number of it with the steps' notes, for the breakdown and the log."""

    attacker: str
    target: str
    weapon: str
    called: str | None
    nonlethal: bool
    stat_roll: Any                    # the spec of a stat roll (T2)
    attack_parts: tuple[Part, ...]    # [V] bonus, effects, called shot (T9, T11)
    defenses: tuple[DefenseOption, ...]
    default_defense: str
    damage_parts: tuple[Part, ...]    # weapon, called shot, effects (T11, T12)
    dr: int
    hp_before: int
    no_defense_total: int = 0
    prompt: str = ""
    settled: bool = False             # T10: the defender's standing choice, not asked again
    # filled by the steps
    attack_roll: Any = None
    attack_total: int = 0
    defense: str = ""
    defense_roll: Any = None
    defense_total: int = 0
    hit: bool = False
    damage: int = 0
    taken: int = 0
    hp_after: int = 0
    # filled once played
    notes: tuple[Note, ...] = ()
    effects: tuple[str, ...] = ()     # what a called shot did on the hit (T11)
    result: str = ""                  # "", "dying", "unconscious", "dead" (T13)

    def option(self, kind: str) -> DefenseOption | None:
        return next((d for d in self.defenses if d.kind == kind), None)


def _noted(tape, parts: tuple[Part, ...]) -> int:
    for part in parts:
        tape.note(*part)
    return _total(parts)


@step(forget=("attack_roll",))
def roll_attack(ctx: Swing, tape) -> Swing:
    """T9: the attacker's `[V]` roll plus its bonuses (T2: 2d10 read 0-9 + stat - 10)."""
    rolled = tape.roll(SLOT_ATTACK, with_bonus(ctx.stat_roll, _total(ctx.attack_parts)),
                       ctx.attacker)
    tape.note("attack dice", rolled.total, "T1, T2")
    total = rolled.total + _noted(tape, ctx.attack_parts)
    tape.note("attack total", total, "T9")
    return replace(ctx, attack_roll=rolled, attack_total=total)


@step()
def choose_defense(ctx: Swing, tape) -> Swing:
    """T10: the defender chooses a kind; by default its best expected total."""
    options = tuple(d.kind for d in ctx.defenses) or (NO_DEFENSE,)
    kind = tape.decide(Ask(ctx.target, "defense", options, ctx.default_defense,
                           ctx.prompt, "T10", settled=ctx.settled))
    tape.note(f"defense: {kind}", None, "T10")
    return replace(ctx, defense=kind)


@step(forget=("defense_roll",))
def roll_defense(ctx: Swing, tape) -> Swing:
    option = ctx.option(ctx.defense)
    if option is None:
        tape.note("no defense roll", ctx.no_defense_total, "T10")
        return replace(ctx, defense_total=ctx.no_defense_total)
    rolled = tape.roll(SLOT_DEFEND, with_bonus(ctx.stat_roll, option.bonus), ctx.target)
    tape.note(f"{option.kind} dice", rolled.total, "T1, T2")
    total = rolled.total + _noted(tape, option.parts)
    tape.note("defense total", total, "T10")
    return replace(ctx, defense_roll=rolled, defense_total=total)


@step(forget=("attack_total", "defense_total"))
def judge(ctx: Swing, tape) -> Swing:
    """T9: only a strictly higher attack total hits; a tie goes to the defender."""
    hit = ctx.attack_total > ctx.defense_total
    if hit:
        label = f"hit: {ctx.attack_total} > {ctx.defense_total}"
    elif ctx.attack_total == ctx.defense_total:
        label = f"miss: {ctx.attack_total} ties {ctx.defense_total}, the defender wins"
    else:
        label = f"miss: {ctx.attack_total} < {ctx.defense_total}"
    tape.note(label, ctx.attack_total - ctx.defense_total, "T9")
    return replace(ctx, hit=hit)


@step()
def deal_damage(ctx: Swing, tape) -> Swing:
    """T12: the weapon's damage (with the called shot's), less DR, off HP, never below 0."""
    if not ctx.hit:
        return replace(ctx, hp_after=ctx.hp_before)
    damage = max(0, _noted(tape, ctx.damage_parts))
    tape.note("damage", damage, "T12")
    tape.note("DR", ctx.dr, "T12")
    taken = max(0, damage - ctx.dr)
    tape.note("damage after DR", taken, "T12")
    hp_after = max(0, ctx.hp_before - taken)
    tape.note("HP", hp_after, "T13" if hp_after == 0 else "T12")
    return replace(ctx, damage=damage, taken=taken, hp_after=hp_after)


SWING = (roll_attack, choose_defense, roll_defense, judge, deal_damage)


@record
class DyingAttackOutcome:
    """T14: an attack on a dying character rolls nothing; its timer loses a minute.
    `prepare` plans it; `resolve` fills in the timer."""

    attacker: str
    target: str
    weapon: str
    before: int                       # seconds on the timer
    after: int = 0
    died: bool = False
    notes: tuple[Note, ...] = ()


# --- checking and planning ------------------------------------------------------------

def choose_weapon(rs, actor, wanted: str | None) -> Any:
    """The weapon an attack uses: the one named (carried and held, T7), else the held
    one, else bare hands."""
    held = harm.info(actor).held
    unarmed = rs.numbers.unarmed
    if wanted is None or wanted == unarmed.id:
        return rs.weapon(held) if held and wanted is None else unarmed
    weapon = rs.weapon(wanted)
    carried(actor.name, wanted, actor.sheet.weapons, shown=weapon.name)
    if held != wanted:
        cost = rs.numbers.cost("pick_up" if wanted in harm.info(actor).dropped else "draw")
        raise RuleViolation(f"{actor.name} is not holding the {weapon.name} (T7)",
                            f"draw it first ({cost} TS): draw {actor.id} {wanted}")
    return weapon


def prepare(state, rs, request) -> Swing | DyingAttackOutcome:
    """Everything the rules refuse, checked before any TS is paid or any die rolled;
    whether or not it is the attacker's turn (the engine checks that). The plan is the
    outcome record the resolution fills in."""
    attacker, target = rs.actor_of(state, request.actor), rs.actor_of(state, request.target)
    if attacker.id == target.id:
        raise RuleViolation(f"{attacker.name} cannot attack itself (T9)", "name another target")
    harm.refuse_dead(target, "attack")
    weapon = choose_weapon(rs, attacker, request.get("with"))
    distance = rs.units(state, attacker.id, target.id)
    if distance is not None and distance > weapon.range:
        raise RuleViolation(f"{target.name} is {distance} units away; the {weapon.name} reaches "
                            f"{weapon.range} (T17)", f"move {attacker.id} closer first")
    called = None
    if request.get("called") is not None:
        called = rs.numbers.called(request.get("called"))
        if called is None:
            raise RuleViolation(f"no called shot {request.get('called')!r} (T11)", "called shots: "
                                + ", ".join(c.id for c in rs.numbers.called_shots))
    if harm.info(target).condition == DYING:
        if called is not None or request.get("defense") is not None:
            raise RuleViolation(f"{target.name} is dying: an attack on it rolls nothing and "
                                "takes a minute off its timer (T14)",
                                "drop --called and --defense")
        return DyingAttackOutcome(attacker.id, target.id, weapon.id,
                                  harm.info(target).dying_left or 0)
    if called is not None and called.drops_weapon and harm.info(target).held is None:
        raise RuleViolation(f"{target.name} holds no weapon to drop (T11)",
                            "choose another called shot")
    return _swing(rs, request, attacker, target, weapon, called)


def _swing(rs, request, attacker, target, weapon: Any, called: Any | None) -> Swing:
    numbers = rs.numbers
    attack_parts = [Part("[V] bonus", rs.stat_bonus(attacker.sheet, "v"), "T2, T9")]
    if attacker.effect_total("attack"):
        attack_parts.append(Part("effects (attack)", attacker.effect_total("attack"), "T9"))
    damage_parts = [Part(weapon.name, weapon.damage, "T12")]
    if called is not None:
        attack_parts.append(Part(f"called shot: {called.id}", called.modifier, "T11"))
        if called.damage:
            damage_parts.append(Part(f"called shot: {called.id}", called.damage, "T11"))
    if attacker.effect_total("damage"):
        damage_parts.append(Part("effects (damage)", attacker.effect_total("damage"), "T12"))
    if request.get("damage-bonus"):
        damage_parts.append(Part("GM damage bonus", request.get("damage-bonus"), ""))
    options = defense_options(rs, target)
    wanted = request.get("defense")
    standing = harm.info(target).defense          # T10: chosen once, kept until changed
    settled = wanted is None and any(o.kind == standing for o in options)
    if wanted is not None:
        why = unusable_reason(rs, target, wanted)
        if why is not None:
            usable = ", ".join(o.kind for o in options) or NO_DEFENSE
            raise RuleViolation(f"{target.name} cannot {wanted}: {why}", f"it can: {usable}")
        options = tuple(o for o in options if o.kind == wanted)
    return Swing(attacker=attacker.id, target=target.id, weapon=weapon.id,
                 called=called.id if called else None, nonlethal=bool(request.get("nonlethal")),
                 stat_roll=stat_spec(numbers),
                 attack_parts=tuple(attack_parts), defenses=options,
                 default_defense=standing if settled else best_defense(options),
                 settled=settled,
                 damage_parts=tuple(damage_parts), dr=rs.dr(target), hp_before=target.hp or 0,
                 no_defense_total=numbers.no_defense_total,
                 prompt=f"{target.name} defends against {attacker.name}'s attack")


def defense_option(rs, target, kind: Any) -> DefenseOption:
    """A kind of defense roll with the defender's bonuses to it (T2, T10)."""
    parts = [Part(f"[{kind.stat.upper()}] bonus", rs.stat_bonus(target.sheet, kind.stat),
                  "T2, T10")]
    parts += [Part(f"effects ({key})", target.effect_total(key), "T10")
              for key in ("defense", kind.id) if target.effect_total(key)]
    return DefenseOption(kind.id, tuple(parts), kind.cost)


def defense_options(rs, target) -> tuple[DefenseOption, ...]:
    """The kinds a defender can use now: it pays their TS (T8) and a parry needs a held
    weapon (T10); an unconscious defender has none (T13)."""
    return tuple(defense_option(rs, target, kind) for kind in rs.numbers.defenses
                 if unusable_reason(rs, target, kind.id) is None)


def unusable_reason(rs, target, kind: str) -> str | None:
    """Why a defender cannot use `kind` now (for a precise refusal), or None."""
    found = rs.numbers.defense(kind)
    if found is None:
        return f"there is no {kind!r} defense (T10)"
    if harm.info(target).condition != UP:
        return "it is unconscious and makes no defense roll (T13)"
    if found.needs_weapon and harm.info(target).held is None:
        return f"a {kind} needs a held weapon and it holds none (T10)"
    if found.cost > target.resource("ts"):
        return f"a {kind} costs {found.cost} TS and it has {target.resource('ts')} (T8)"
    return None


def best_defense(options: tuple[DefenseOption, ...]) -> str:
    """T10's default: the best expected total (every kind rolls the same dice, so the
    best bonus); a tie goes to the kind listed first."""
    return max(options, key=lambda o: o.bonus).kind if options else NO_DEFENSE


def _checked(acting: Acting) -> Swing | DyingAttackOutcome:
    """`prepare`, and faces given for rolls the attack will not make refused in the
    rules' words (T13, T14)."""
    plan = prepare(acting.state, acting.rs, acting.request)
    target = acting.state.actors[acting.request.target]
    given = acting.tape.given
    if isinstance(plan, DyingAttackOutcome) and (given(SLOT_ATTACK) or given(SLOT_DEFEND)):
        raise RuleViolation(f"{target.name} is dying: an attack on it rolls nothing and takes "
                            "a minute off its timer (T14)", "drop --roll and --defend")
    if isinstance(plan, Swing) and not plan.defenses and given(SLOT_DEFEND):
        why = "it is not awake (T10, T13)" if harm.info(target).condition != UP else \
            "it can pay for none (T8, T10)"
        raise RuleViolation(f"{target.name} makes no defense roll: {why}", "drop --defend")
    return plan


# --- resolving ------------------------------------------------------------------------

def resolve(acting: Acting) -> Done:
    """T9-T14 on the paid state: the swing and its harm, or a dying target's timer."""
    state, rs, request, tape = acting.state, acting.rs, acting.request, acting.tape
    if isinstance(acting.plan, DyingAttackOutcome):
        tape.note("the target is dying: no roll", None, "T14")
        state, events = harm.attack_dying(state, rs.numbers, request.target,
                                          "attacked while dying (T14)")
        data = harm.info(state.actors[request.target])
        tape.note("dying timer, minutes", minutes(data.dying_left or 0), "T14")
        outcome = replace(acting.plan, after=data.dying_left or 0,
                          died=data.condition == DEAD, notes=tuple(tape.notes))
        return Done(state, (AttackResolved(request.actor, outcome, action="attack"), *events),
                    outcome)
    swing = play(SWING, acting.plan, tape)
    events: list = []
    option = swing.option(swing.defense)
    if option is not None and option.cost:                            # T8: off-turn TS
        state, events = spend(state, rs, swing.target, swing.defense, {"ts": option.cost},
                              on_turn=False)
    effects: tuple[str, ...] = ()
    result = ""
    if swing.hit:
        state, harmed = harm.lose_hp(state, rs.numbers, swing.target, swing.taken,
                                     nonlethal=swing.nonlethal,
                                     why=f"hit by {state.actors[swing.attacker].name}")
        called = rs.numbers.called(swing.called) if swing.called else None
        state, done, effects = _called_effects(state, swing.target, called)
        events += [*harmed, *done]
        condition = harm.info(state.actors[swing.target]).condition
        result = "" if condition == UP else condition
    swing = replace(swing, notes=tuple(tape.notes), effects=effects, result=result)
    rolled = swing.defense_roll is not None              # the log names the choice made
    if rolled:                                           # T10: it stands until changed
        defender = state.actors[swing.target]
        state = state.with_actor(defender.with_(
            system=harm.info(defender).with_(defense=swing.defense)))
    return Done(state, (AttackResolved(swing.attacker, swing, action="attack"), *events),
                swing, others=(swing.target,) if option is not None and option.cost else (),
                logged=(("defense", swing.defense), ("react", None)) if rolled else ())


def _called_effects(state, target_id: str, called: Any | None):
    """What a hit with a called shot does besides damage (T11)."""
    if called is None:
        return state, [], ()
    target = state.actors[target_id]
    events, effects = [], []
    if called.ts_loss:
        before = target.resource("ts")
        after = max(0, before - called.ts_loss)
        target = target.with_resource("ts", after)
        events.append(ev.ResourceChanged(target_id, "ts", before, after,
                                         f"{called.id} called shot (T11)"))
        effects.append(f"loses {before - after} TS")
    data = harm.info(target)
    if called.drops_weapon and data.held is not None:
        target = target.with_(system=data.with_(held=None, dropped=(*data.dropped, data.held)))
        events.append(WeaponDropped(target_id, data.held))
        effects.append(f"drops its {data.held}")
    return state.with_actor(target), events, tuple(effects)


ATTACK = Action("attack", resolve, prepare=_checked, what="an attack",
                cost=lambda acting: {"ts": acting.rs.numbers.cost("attack")})

"""The Dungeoneers actions that test one creature against another (D11-D20, D24-D29):
strike and power strike, grapple, push (and grabbing a ledge, on its own or as a
reaction inside a push); spellcast is in `spells.py`. Each `prepare` checks the rules
and builds the test's `rules.Contest` before anything is paid; `resolve` plays its steps
with the command's dice (`--roll`, `--dodge`, `--pierce`, `--grab`) and writes the
result onto the paid state. `odds.py` plays a strike's steps exactly.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import ground
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import carried
from shaper_gm.engine.play import spend
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.rulesets.dungeoneers.actions import (
    net_boon,
    opponents,
    paid,
    plain,
    played,
    priced,
    resolved,
    taped,
    threatened,
)
from shaper_gm.rulesets.dungeoneers.events import (
    CheckOutcome,
    ConditionStarted,
    Cost,
    HoldingChanged,
    ItemLanded,
    Moved,
)
from shaper_gm.rulesets.dungeoneers.rules import (
    SLOT_HOLD,
    STRIKE_STEPS,
    TEST_STEPS,
    Contest,
    Dice,
    better_score,
    change_wounds,
    check,
    check_dice,
    contest,
    data_of,
    defenses,
    encounter_data,
    hands_used,
    release_grapples,
    side_of,
    with_data,
)
from shaper_gm.words import plural

GRAB = "grab-ledge"


# --- strike and power strike (D16-D20) -----------------------------------------------------

def weapon_for(rs, actor: Actor, wanted: str | None) -> Any:
    """The named weapon, which must be in hand (D22), else the first in hand, else the
    bare hand (D16: a fist strikes too)."""
    weapons, holding, unarmed = rs.library.weapons, data_of(actor).holding, rs.numbers.unarmed
    if wanted is None or wanted == unarmed:
        return weapons[wanted or (holding[0] if holding else unarmed)]
    carried(actor.name, wanted, actor.sheet.weapons, "D16")
    if wanted not in holding:
        raise RuleViolation(f"{actor.name} is not holding the {wanted} (D22)",
                            f"draw it first with an interact (1 AP): interact --draw {wanted}")
    return weapons[wanted]


def plan_strike(state: Encounter, rs, request, *, power: bool) -> Contest:
    """Check a strike against D15-D20 and build its steps' context (no AP, no dice)."""
    numbers = rs.numbers
    boon = net_boon(request)
    actor, target = opponents(state, request, "strike")
    weapon = weapon_for(rs, actor, request.get("with"))
    tiles = rs.tiles_apart(state, actor.id, target.id)
    ranged = tiles > actor.sheet.threat_range
    if ranged and (weapon.reach is None or tiles > weapon.reach):
        why = (f"the {weapon.name} reaches {weapon.reach}" if weapon.reach is not None else
               f"the {weapon.name} has no range or toss property")
        raise RuleViolation(f"{target.name} is {tiles} tiles away, beyond {actor.name}'s "
                            f"threat range {actor.sheet.threat_range}, and {why} (D16)",
                            "move closer first, or strike with a range or toss weapon")
    boon += (numbers.power_strike_boon if power else 0) + actor.effect_total("boon")
    attack = side_of(numbers, actor.name, actor.sheet, "striking", "finesse", boon)
    defense = side_of(numbers, target.name, target.sheet, "dodging", "finesse",
                      target.effect_total("defense_boon"))
    body = actor.sheet.body
    extra = (numbers.power_strike_wounds if power else 0) + actor.effect_total("wounds")
    parts = f"{weapon.name} {weapon.wounds} + body {body}"
    if extra:
        parts += f" + {extra} ({'power strike' if power else 'effects'})"
    bonus = request.get("damage-bonus") or 0
    if bonus:
        parts += f" {bonus:+d} (GM bonus)"
    return contest(rs, actor, attack, target, defense, "D17" if power else "D16",
                    action="power-strike" if power else "strike", weapon=weapon.id,
                    ranged=ranged, distance=tiles, critical=True,
                    threshold=actor.sheet.critical_threshold,
                    pierce=Dice(check_dice(numbers, weapon.pierce_die, body),
                                f"[d{weapon.pierce_die}] + body {body}"),
                    armor=target.sheet.armor + target.effect_total("armor"),
                    base_wounds=weapon.wounds + body + extra + bonus, wound_parts=parts,
                    damage_type=weapon.damage_type,
                    guard=defenses(numbers.damage_types, target.sheet, weapon.damage_type))


def _strike(acting: Acting) -> Done:
    """D16: hit test, pierce check, wounds; D17: one boon and one wound more."""
    state, done = acting.state, play(STRIKE_STEPS, acting.plan, acting.tape)
    hurt: list = []
    if done.wounds:
        state, hurt = change_wounds(state, acting.rs, done.defender, done.wounds,
                                    f"{done.action} by {state.actors[acting.actor].name}")
    outcome = played(acting, done, down=state.actors[done.defender].down)
    landed = ()
    if thrown(acting.rs, done):
        state, landed = throw(state, acting.rs, acting.actor, done.weapon, done.defender)
    return resolved(acting, state, outcome, *hurt, *landed)


def thrown(rs, done: Contest) -> bool:
    """A strike beyond the threat range with a `toss` weapon, not within its `range`,
    throws it (D16)."""
    weapon = rs.library.weapons[done.weapon]
    return done.ranged and weapon.toss is not None and \
        (weapon.range is None or done.distance > weapon.range)


def throw(state: Encounter, rs, actor_id: str, item: str, target_id: str):
    """The thrown weapon leaves the thrower's hand and sheet and lies on the target's
    tile (D16, D22), until a creature picks it up (interact --pickup)."""
    actor, tile = state.actors[actor_id], state.actors[target_id].zone
    mine = data_of(actor)
    held, weapons = list(mine.holding), list(actor.sheet.weapons)
    for kept in (held, weapons):
        if item in kept:
            kept.remove(item)
    actor = with_data(actor.with_(sheet=replace(actor.sheet, weapons=tuple(weapons))),
                      holding=tuple(held))
    data = encounter_data(state, rs.numbers.ambient_arca)
    state = state.with_actor(actor).with_(system=data.with_(
        lying=ground.laid(data.lying, item, tile, target_id)))
    return state, (HoldingChanged(actor_id, mine.holding, tuple(held)),
                   ItemLanded(actor_id, item, tile))


STRIKE = Action("strike", _strike, priced("strike"),
                lambda acting: plan_strike(acting.state, acting.rs, acting.request,
                                           power=False), what="a strike")
POWER_STRIKE = Action("power-strike", _strike,
                      priced("power-strike"),
                      lambda acting: plan_strike(acting.state, acting.rs, acting.request,
                                                 power=True),
                      what="a power strike")


# --- grapple, push and grab a ledge (D24, D25, D29) ------------------------------------------

def _test(acting: Acting, rule: str, doing: str) -> tuple[Actor, Actor, Contest]:
    """`[grappling] + body vs [dodging] + (finesse|body)` against a creature the actor
    threatens (D11, D24, D25)."""
    state, rs, numbers = acting.state, acting.rs, acting.rs.numbers
    actor, target = opponents(state, acting.request, doing)
    threatened(state, rs, actor, target, rule, doing)
    boon = net_boon(acting.request)
    attack = side_of(numbers, actor.name, actor.sheet, "grappling", "body", boon)
    defense = side_of(numbers, target.name, target.sheet, "dodging",
                      better_score(target.sheet, "finesse", "body"),
                      target.effect_total("defense_boon"))
    return actor, target, contest(rs, actor, attack, target, defense, rule, action=doing)


def _grapple_plan(acting: Acting) -> Contest:
    """D24: with a hand free, against a creature it threatens, neither held already."""
    actor, target, tried = _test(acting, "D24", "grapple")
    state, numbers = acting.state, acting.rs.numbers
    held = data_of(actor).holding
    used = hands_used(acting.rs, held)
    if numbers.hands - used < numbers.grapple_free_hands:
        raise RuleViolation(f"{actor.name} has no hand free to grapple: "
                            f"{', '.join(held)} take {used} of {numbers.hands} hands (D24)",
                            f"stow a weapon first: interact --stow {held[-1]}")
    if data_of(actor).grappling:
        raise RuleViolation(f"{actor.name} is already grappling "
                            f"{state.actors[data_of(actor).grappling].name} (D24)",
                            "let go first (let-go), or push instead")
    holder = data_of(target).grappled_by
    if holder:
        raise RuleViolation(f"{target.name} is already grappled by "
                            f"{state.actors[holder].name} (D24)",
                            "push it away from its grappler, or strike instead")
    return tried


def _grapple(acting: Acting) -> Done:
    done = play(TEST_STEPS, acting.plan, acting.tape)
    state, changes = acting.state, []
    if done.hit:
        state = state.with_actors([with_data(state.actors[done.actor], grappling=done.defender),
                                   with_data(state.actors[done.defender],
                                             grappled_by=done.actor)])
        changes = [ConditionStarted(done.actor, "grappling", done.defender, "grapple (D24)"),
                   ConditionStarted(done.defender, "grappled", done.actor, "grapple (D24)")]
    outcome = played(acting, done, result="grappling" if done.hit else "failed")
    return resolved(acting, state, outcome, *changes)


def _break_free_plan(acting: Acting) -> Contest:
    """D24 (provisional: the source gives no way out): the grapple's test played back,
    `[dodging] + (finesse|body)` of the held creature against `[grappling] + body` of its
    grappler, who rolls in the `hold` slot; ties go as D11 says."""
    state, rs, numbers = acting.state, acting.rs, acting.rs.numbers
    actor = state.actors[acting.actor]
    holder_id = data_of(actor).grappled_by
    if actor.down:
        raise RuleViolation(f"{actor.name} is down and cannot break free (D19)",
                            "heal its wounds first")
    if holder_id not in state.actors:
        raise RuleViolation(f"{actor.name} is not grappled (D24)",
                            "move, or act with another creature")
    holder = state.actors[holder_id]
    escape = side_of(numbers, actor.name, actor.sheet, "dodging",
                     better_score(actor.sheet, "finesse", "body"), net_boon(acting.request))
    hold = side_of(numbers, holder.name, holder.sheet, "grappling", "body")
    return contest(rs, actor, escape, holder, hold, "D24", action="break-free",
                   defense_slot=SLOT_HOLD)


def _break_free(acting: Acting) -> Done:
    done = play(TEST_STEPS, acting.plan, acting.tape)
    state, changes = acting.state, []
    if done.hit:
        state, changes = release_grapples(state, done.actor, "broke free (D24)")
    outcome = played(acting, done, result="free" if done.hit else "failed")
    return resolved(acting, state, outcome, *changes)


def _let_go_plan(acting: Acting) -> str:
    actor = acting.state.actors[acting.actor]
    held = data_of(actor).grappling
    if held not in acting.state.actors:
        raise RuleViolation(f"{actor.name} is not grappling anyone (D24)",
                            "grapple a creature first")
    return held


def _let_go(acting: Acting) -> Done:
    """D24: the grappler lets go, ending both conditions."""
    held = acting.state.actors[acting.plan].name
    state, changes = release_grapples(acting.state, acting.actor, "let go (D24)")
    return plain(acting, state, "let-go", f"lets go of {held}", *changes)


def _push_plan(acting: Acting) -> tuple[Contest, str, int]:
    """D25: the defender is forced Ground(1), to the tile the GM names."""
    _, target, tried = _test(acting, "D25", "push")
    state, rs = acting.state, acting.rs
    end = rs.canonical_zone(acting.request.arg("zone"), state.cols, state.rows)
    tiles, most = rs.distance(target.zone, end), rs.numbers.push_tiles
    if not 1 <= tiles <= most:
        raise RuleViolation(f"a push forces {target.name} {plural(most, 'tile')}; {end} is {tiles} "
                            f"from {target.zone} (D25)", "name a tile next to the defender")
    return tried, end, tiles


def _push(acting: Acting) -> Done:
    """D25; past a ledge the defender may interrupt to grab it (D8, D29)."""
    tried, end, tiles = acting.plan
    done = play(TEST_STEPS, tried, acting.tape)
    state, after, ledge, result = acting.state, [], None, "failed"
    if done.hit:
        if acting.request.get("ledge"):
            state, after, ledge = _maybe_grab(acting, done.defender, tiles)
        if ledge is not None and ledge.success:
            result = f"hanging at the ledge by {state.actors[done.defender].zone}"
        else:
            state, moved = force(state, acting.rs, done.defender, end, "forced by a push")
            after, result = after + moved, f"forced to {end}"
    outcome = played(acting, done, result=result, ledge=ledge)
    return resolved(acting, state, outcome, *after,
                    others=(done.defender,) if ledge is not None else ())


def force(state: Encounter, rs, actor_id: str, end: str, why: str):
    """Forced movement (D25): no AP; a forced grappler lets go (D24)."""
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(zone=end))
    events: list = [Moved(actor_id, actor.zone, end, rs.distance(actor.zone, end), "ground",
                          "forced")]
    if data_of(actor).grappling:
        state, released = release_grapples(state, actor_id, f"{why} (D24)")
        events += released
    return state, events


def _maybe_grab(acting: Acting, target_id: str, tiles: int):
    """D8, D29: the forced creature, if it has the AP, may react by grabbing the ledge."""
    state, rs, tape = acting.state, acting.rs, acting.tape
    target, ap = state.actors[target_id], rs.numbers.cost(GRAB)
    if target.resource("ap") < ap:
        tape.note(f"{target.name} cannot grab the ledge: {target.resource('ap')} AP left",
                  None, "D8, D29")
        return state, [], None
    answer = tape.decide(Ask(target_id, "react", ("none", GRAB), "none",
                             f"{target.name} is forced past a ledge: grab it?", "D29"))
    if answer != GRAB:
        return state, [], None
    state, spent = spend(state, rs, target_id, GRAB, {"ap": ap}, on_turn=False)
    cost = Cost(GRAB, ap, state.actors[target_id].resource("ap"), True)
    state, held, outcome = _ledge(state, rs, target_id, tiles, tape, cost)
    return state, [ev.Reacted(target_id, GRAB, "push"), *spent, *held], outcome


def _ledge(state: Encounter, rs, actor_id: str, tiles: int, tape, cost: Cost):
    """D29: a check `1d4 + dexterity vs 5 + tiles forced`; on a success it hangs on."""
    numbers, actor = rs.numbers, state.actors[actor_id]
    score, target = actor.sheet.score(numbers.ledge_score), numbers.ledge_base + tiles
    dice = Dice(check_dice(numbers, numbers.ledge_die, score),
                f"{actor.name} checks [1d{numbers.ledge_die}] + {numbers.ledge_score} {score}")
    total, success = check(tape, actor_id, dice, target, "D29")
    events = []
    if success:
        state = state.with_actor(with_data(actor, hanging=True))
        events.append(ConditionStarted(actor_id, "hanging", None, "grabbed a ledge (D29)"))
    return state, events, CheckOutcome(actor_id, GRAB, total, target, success, cost,
                                       **taped(tape))


def _tiles_forced(acting: Acting) -> int:
    tiles = acting.request.get("tiles")
    if tiles is not None and tiles < 1:
        raise RuleViolation("a creature grabs a ledge when forced at least 1 tile (D29)",
                            "give the tiles forced")
    return 1 if tiles is None else tiles


def _grab_ledge(acting: Acting) -> Done:
    """D29 on its own, for forced movement the GM runs: a 1-AP reaction and a check."""
    state, held, outcome = _ledge(acting.state, acting.rs, acting.actor, acting.plan,
                                  acting.tape, paid(acting, GRAB))
    return resolved(acting, state, outcome, *held)


GRAPPLE = Action("grapple", _grapple, priced("grapple"), _grapple_plan, what="a grapple")
BREAK_FREE = Action("break-free", _break_free, priced("break-free"), _break_free_plan,
                    what="breaking free", phrase="break free")
LET_GO = Action("let-go", _let_go, priced("let-go"), _let_go_plan, what="letting go",
                phrase="let go")
PUSH = Action("push", _push, priced("push"), _push_plan, what="a push")
GRAB_LEDGE = Action(GRAB, _grab_ledge, priced(GRAB), _tiles_forced, timing="reaction",
                    what="grabbing a ledge", phrase="grab a ledge")

"""The time-slice verbs (T1-T17): attack, move, tend, draw, surprise and odds, `end` and
`pass` in time-slice terms, and `add`'s own flags. The GM's tools (damage, heal, set,
roll, init, wait, wake) are in gm_verbs.py.

Every handler resolves the ids it is given (unique prefixes) and writes them back, and
every face it rolled and every answer it took goes into the logged line (SlotDice), so
the log replays exactly.
"""

from __future__ import annotations

import importlib
import json

from shaper_gm.commands import resolve
from shaper_gm.commands.args import flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice, slot_flags
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.timeslice import actions, gm_verbs, odds, sheets
from shaper_gm.rulesets.timeslice import surprise as ambush
from shaper_gm.rulesets.timeslice.attack import AttackOutcome, DyingAttackOutcome
from shaper_gm.rulesets.timeslice.manual import check_d10_faces
from shaper_gm.rulesets.timeslice.oddsview import AttackOddsView

ATTACK_SLOTS = {"roll": (False, "the attacker's two d10 faces, 0-9 (T1, T9)"),
                "defend": (False, "the defender's two d10 faces, 0-9 (T1, T10)")}
SURPRISE_SLOTS = {"roll": (True, "a [Q] roll of the surprising group, once per member in "
                                 "turn order (T16)"),
                  "notice": (True, "a [U] roll of the surprised group, once per member in "
                                   "turn order (T16)")}

# The flags `add` takes besides the shared ones.
ADD_FLAGS = (flag("weapon", "text", repeat=True, metavar="WEAPON", completes="weapon",
                  help="a weapon carried (replaces the template's)"),
             flag("armor", "text", metavar="ARMOR", completes="armor", help="armor (T12)"),
             flag("gear", "text", repeat=True, metavar="ITEM", help="e.g. medical-kit (T14)"),
             flag("player", help="a player character: dying at 0 HP (T13)"),
             flag("npc", help="not a player character: dead at 0 HP (T13)"),
             flag("holding", "text", metavar="WEAPON|none", completes="weapon",
                  help="in hand at the start (default: the first weapon)"))
ADD_USAGE = ("[--weapon WEAPON]... [--armor ARMOR] [--gear ITEM]... [--player|--npc] "
             "[--holding WEAPON|none]")


def register(reg: Registry, rs) -> None:
    _register_attack(reg, rs)
    _register_maneuvers(reg)
    _register_turns(reg)
    gm_verbs.register(reg, rs)


# --- add -----------------------------------------------------------------------------------

def add_extra(ctx: Context, parsed) -> dict:
    """`add`'s own flags, each name resolved against the content and written back."""
    lib = ctx.library
    out: dict = {}
    if parsed.get("weapon"):
        weapons = [resolve.match_one(w.lower(), sorted(lib.weapons), "weapon")
                   for w in parsed.get("weapon")]
        parsed.flags["weapon"] = weapons
        out["weapons"] = tuple(weapons)
    if parsed.get("armor"):
        armor = resolve.match_one(parsed.get("armor").lower(), sorted(lib.armor), "armor")
        parsed.flags["armor"] = out["armor"] = armor
    if parsed.get("gear"):
        gear = [resolve.match_one(g.lower(), sorted(lib.gear), "gear") for g in parsed.get("gear")]
        parsed.flags["gear"] = gear
        out["gear"] = tuple(gear)
    if parsed.get("player") and parsed.get("npc"):
        raise CommandError("--player and --npc contradict each other (T13)", "give one of them")
    if parsed.get("player") or parsed.get("npc"):
        out["player"] = bool(parsed.get("player"))
    if parsed.get("holding"):
        word = parsed.get("holding").lower()
        held = word if word == sheets.NOTHING else \
            resolve.match_one(word, sorted(lib.weapons), "weapon")
        parsed.flags["holding"] = out["holding"] = held
    return out


# --- attack and odds (T9-T14) --------------------------------------------------------------

def _choice_flags(rs) -> tuple:
    numbers = rs.numbers
    return (flag("with", "text", metavar="WEAPON", completes="weapon",
                 help="a weapon in hand (default: the one held, else unarmed)"),
            flag("called", "text", metavar="|".join(c.id for c in numbers.called_shots),
                 choices=tuple(c.id for c in numbers.called_shots),
                 help="a called shot: its modifier, and its effect on a hit (T11)"),
            flag("defense", "text", metavar="|".join(d.id for d in numbers.defenses),
                 choices=tuple(d.id for d in numbers.defenses),
                 help="the defender's kind of defense roll (default: its best, T10)"),
            flag("damage-bonus", "int", metavar="N",
                 help="the GM's bonus to this attack's damage, before DR (T12)"))


def _register_attack(reg: Registry, rs) -> None:
    choices = _choice_flags(rs)

    @reg.command(
        "attack", aliases=("a", "hit", "shoot"), rules="T1, T2, T7-T14, T17",
        usage="attack [ATTACKER] TARGET [--with WEAPON] [--called NAME] "
              "[--defense dodge|parry|brace] [--damage-bonus N] [--nonlethal] [--roll FACES] "
              "[--defend FACES]",
        summary="attack (3 TS): a [V] roll against the defender's roll; only higher hits",
        examples=("attack guard", "attack kara guard --called head --roll 7,8 --defend 2,5",
                  "attack ren brute --with knife --defense brace --nonlethal"),
        positionals=("actor?", "target"),
        flags=(*choices, flag("nonlethal", help="at 0 HP a non-player is unconscious (T13)"),
               *slot_flags(ATTACK_SLOTS, react=True)))
    def attack(ctx: Context) -> Outcome:
        who, target = actor_and_target(ctx, "attack")
        check_d10_faces(ctx, ATTACK_SLOTS)
        request = attack_request(ctx, who, target)
        dice = SlotDice(ctx, ATTACK_SLOTS)
        state, events, outcome = actions.attack(ctx.state, ctx.ruleset, request, dice.tape())
        _refuse_unrolled(ctx, outcome)
        dice.finish()
        if isinstance(outcome, AttackOutcome) and outcome.defense_roll is not None:
            ctx.parsed.flags["defense"] = outcome.defense     # the log names the choice
            ctx.parsed.flags["react"] = None
        return Outcome(state, events)

    @reg.command(
        "odds", group="gm", logged=False, rules="T1, T2, T9-T12",
        usage="odds [ATTACKER] TARGET [--with WEAPON] [--called NAME] "
              "[--defense dodge|parry|brace] [--json]",
        summary="exact chance to hit and to drop the target, and the HP lost after DR",
        examples=("odds guard", "odds kara guard --called head",
                  "odds ren brute --defense brace --json"),
        positionals=("actor?", "target"),
        flags=(*choices, flag("json", help='the same as JSON, fractions as "n/d"')),
        notes=(odds_limits(),))
    def odds_(ctx: Context) -> Outcome:
        who, target = actor_and_target(ctx, "odds")
        request = attack_request(ctx, who, target)
        found = odds.attack_odds(ctx.state, ctx.ruleset, request)
        view = AttackOddsView.of(ctx.state, ctx.ruleset, request, found)
        if ctx.parsed.get("json"):
            return Outcome(view=Message(odds_json(view)))
        importlib.import_module("shaper_gm.rulesets.timeslice.views")   # draws the view
        return Outcome(view=view)


def actor_and_target(ctx: Context, verb: str) -> tuple[str, str]:
    """`VERB [ACTOR] TARGET`, both resolved and written back."""
    who, (word,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, verb,
                                       f"{verb} [ACTOR] TARGET")
    target = resolve.actor(ctx.state, word)
    ctx.parsed.words[:] = [who, target]
    return who, target


def attack_request(ctx: Context, who: str, target: str) -> actions.AttackRequest:
    """The attack's choices, each name resolved by prefix and written back."""
    p, numbers = ctx.parsed, ctx.ruleset.numbers
    actor = ctx.state.actors[who]
    weapon = called = defense = None
    if p.get("with"):
        carried = [*actor.sheet.weapons, numbers.unarmed.id]
        weapon = resolve.match_one(p.get("with").lower(), carried, "weapon",
                                   f"{actor.name} carries: {', '.join(carried)}")
        p.flags["with"] = weapon
    if p.get("called"):
        shots = [c.id for c in numbers.called_shots]
        called = resolve.match_one(p.get("called").lower(), shots, "called shot",
                                   f"called shots (T11): {', '.join(shots)}")
        p.flags["called"] = called
    if p.get("defense"):
        kinds = [d.id for d in numbers.defenses]
        defense = resolve.match_one(p.get("defense").lower(), kinds, "defense",
                                    f"defense rolls (T10): {', '.join(kinds)}")
        p.flags["defense"] = defense
    return actions.AttackRequest(who, target, weapon, called, defense,
                                 bool(p.get("nonlethal")), p.get("damage-bonus") or 0)


def _refuse_unrolled(ctx: Context, outcome) -> None:
    """Faces given for a roll the attack did not make, said in the rules' words."""
    p = ctx.parsed
    target = ctx.state.actors[ctx.parsed.words[1]].name
    if isinstance(outcome, DyingAttackOutcome) and (p.get("roll") or p.get("defend")):
        raise CommandError(f"{target} is dying: an attack on it rolls nothing and takes a "
                           "minute off its timer (T14)", "drop --roll and --defend")
    if isinstance(outcome, AttackOutcome) and outcome.defense_roll is None and p.get("defend"):
        raise CommandError(f"{target} makes no defense roll: it is not awake (T10, T13)",
                           "drop --defend")


def odds_json(view: AttackOddsView) -> str:
    def frac(x) -> str:
        return f"{x.numerator}/{x.denominator}"
    return json.dumps({
        "attacker": view.attacker, "target": view.target, "weapon": view.weapon,
        "called": view.called, "defense": view.defense, "hit": frac(view.hit),
        "miss": frac(1 - view.hit),
        "taken": {str(k): frac(p) for k, p in view.taken},
        "mean_taken": frac(view.mean_taken), "down": frac(view.down), "hp": view.hp,
        "assumed": list(view.notes)}, indent=2)


# --- other maneuvers (T7, T14, T16, T17) -------------------------------------------------

def _register_maneuvers(reg: Registry) -> None:
    @reg.command("move", aliases=("mv",), rules="T7, T17", usage="move [ACTOR] UNIT",
                 summary="move to a unit: 2 TS per move of up to 2 units (diagonals count 1)",
                 examples=("move C4", "move kara D3"), positionals=("actor?", "zone"))
    def move(ctx: Context) -> Outcome:
        who, (unit,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "move",
                                           "move [ACTOR] UNIT")
        state, events, moved = actions.move(ctx.state, ctx.ruleset,
                                            actions.MoveRequest(who, unit))
        ctx.parsed.words[:] = [who, moved.to]
        return Outcome(state, events)

    @reg.command("tend", rules="T14", usage="tend [ACTOR] TARGET",
                 summary="tend a dying character with a medical kit (3 TS): it stops dying",
                 examples=("tend kara", "tend ida kara"), positionals=("actor?", "target"))
    def tend(ctx: Context) -> Outcome:
        who, target = actor_and_target(ctx, "tend")
        state, events, _ = actions.tend(ctx.state, ctx.ruleset, actions.TendRequest(who, target))
        return Outcome(state, events)

    @reg.command("draw", rules="T7, T11", usage="draw [ACTOR] WEAPON",
                 summary="draw a carried weapon (1 TS), or pick a dropped one up (2 TS)",
                 examples=("draw knife", "draw kara sword"), positionals=("actor?", "item"))
    def draw(ctx: Context) -> Outcome:
        who, (word,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "draw",
                                           "draw [ACTOR] WEAPON")
        actor = ctx.state.actors[who]
        carried = list(actor.sheet.weapons)
        if not carried:
            raise CommandError(f"{actor.name} carries no weapon", "add it with add --weapon")
        weapon = resolve.match_one(word.lower(), carried, "weapon",
                                   f"{actor.name} carries: {', '.join(carried)}")
        ctx.parsed.words[:] = [who, weapon]
        state, events, _ = actions.draw(ctx.state, ctx.ruleset, actions.DrawRequest(who, weapon))
        return Outcome(state, events)

    @reg.command(
        "surprise", group="setup", rules="T1, T2, T16", positionals=("group",),
        usage="surprise GROUP [--roll FACES]... [--notice FACES]...",
        summary="GROUP springs a surprise: whoever of the others rolls [U] below the "
                "average of GROUP's [Q] rolls gains no TS in round 1",
        examples=("surprise enemies",
                  "surprise enemies --roll 6,6 --roll 5,4 --notice 5,5 --notice 0,3"),
        flags=slot_flags(SURPRISE_SLOTS))
    def surprise(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) != 1:
            raise CommandError("expected surprise GROUP", "e.g. surprise enemies")
        sides = sorted({a.side for a in ctx.state.actors.values()})
        group = resolve.match_one(words[0].lower(), sides, "group",
                                  f"groups: {', '.join(sides) or 'none yet'}")
        words[:] = [group]
        check_d10_faces(ctx, SURPRISE_SLOTS)
        dice = SlotDice(ctx, SURPRISE_SLOTS)
        state, events, _ = ambush.surprise(ctx.state, ctx.ruleset,
                                           ambush.SurpriseRequest(group), dice.tape())
        dice.finish()
        return Outcome(state, events)


# --- end and pass (T5, T6) ------------------------------------------------------------

def _register_turns(reg: Registry) -> None:
    @reg.command("end", aliases=("next",), rules="T5, T6", usage="end",
                 summary="end the turn; TS not spent waits for the next pass (T5)",
                 examples=("end",))
    def end(ctx: Context) -> Outcome:
        if ctx.parsed.words:
            raise CommandError("end takes no words", "type end to end the turn")
        state, events, _ = actions.end(ctx.state, ctx.ruleset)
        return Outcome(state, events)

    @reg.command("pass", rules="T6", usage="pass [ACTOR]", positionals=("actor?",),
                 summary="give up the rest of the round's TS (also off-turn)",
                 examples=("pass", "pass guard"))
    def pass_(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "pass", "pass [ACTOR]")
        ctx.parsed.words[:] = [who]
        state, events, _ = actions.pass_(ctx.state, ctx.ruleset, actions.PassRequest(who))
        return Outcome(state, events)

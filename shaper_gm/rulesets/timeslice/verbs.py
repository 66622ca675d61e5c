"""The time-slice verbs (T1-T17): the maneuvers attack, move, tend and draw (actions the
engine runs), surprise and odds, the GM's wait, wake and stabilise, and the ruleset's
flags and words on the shared add, damage, heal, set, roll, init, end and pass."""

from __future__ import annotations

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice, slot_flags
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.actions import DRAW, MOVE, TEND
from shaper_gm.rulesets.timeslice.attack import ATTACK
from shaper_gm.rulesets.timeslice.clock import duration_text, parse_duration
from shaper_gm.rulesets.timeslice.surprise import surprise as spring

verbs = VerbTable()

ATTACK_SLOTS = {"roll": (False, "the attacker's two d10 faces, 0-9 (T1, T9)"),
                "defend": (False, "the defender's two d10 faces, 0-9 (T1, T10)")}
SURPRISE_SLOTS = {"roll": (True, "a [Q] roll of the surprising group, once per member in "
                                 "turn order (T16)"),
                  "notice": (True, "a [U] roll of the surprised group, once per member in "
                                   "turn order (T16)")}


def _aim(rs) -> tuple:
    """An attack's choices, shared by `attack` and `odds`."""
    called, kinds = (c.id for c in rs.numbers.called_shots), (d.id for d in rs.numbers.defenses)
    return (flag("with", "text", metavar="WEAPON", completes="carried",
                 help="a weapon in hand (default: the one held, else unarmed)"),
            flag("called", "text", metavar="|".join(called), completes="called",
                 help="a called shot: its modifier, and its effect on a hit (T11)"),
            flag("defense", "text", metavar="|".join(kinds), completes="defense",
                 help="the defender's kind of defense roll (default: its best, T10)"),
            flag("damage-bonus", "int", metavar="N",
                 help="the GM's bonus to this attack's damage, before DR (T12)"))


# --- maneuvers (T7-T14, T17) --------------------------------------------------------------

verbs.declare(
    ATTACK, aliases=("a", "hit", "shoot"), rules="T1, T2, T7-T14, T17",
    usage="attack [ATTACKER] TARGET [--with WEAPON] [--called NAME] "
          "[--defense dodge|parry|brace] [--damage-bonus N] [--nonlethal] [--roll FACES] "
          "[--defend FACES]",
    summary=lambda rs: f"attack ({rs.numbers.cost('attack')} TS): a [V] roll against the "
                       "defender's roll; only higher hits",
    examples=("attack guard", "attack kara guard --called head --roll 7,8 --defend 2,5",
              "attack ren brute --with knife --defense brace --nonlethal"),
    positionals=("actor?", "target"), slots=ATTACK_SLOTS,
    flags=lambda rs: (*_aim(rs), flag("nonlethal", help="at 0 HP a non-player is unconscious "
                                                        "(T13)"),
                      *slot_flags(ATTACK_SLOTS, react=True)))
verbs.declare(MOVE, aliases=("mv",), rules="T7, T17",
              summary=lambda rs: f"move to a unit: {rs.numbers.cost('move')} TS per move of up "
                                 f"to {rs.numbers.move_units} units (diagonals count "
                                 f"{rs.numbers.diagonal_step})",
              examples=("move C4", "move kara D3"), positionals=("actor?", "zone"))
verbs.declare(TEND, rules="T14",
              summary=lambda rs: f"tend a dying character with a medical kit "
                                 f"({rs.numbers.cost('tend')} TS; free once the fight is "
                                 "over): it stops dying",
              examples=("tend kara", "tend ida kara"), positionals=("actor?", "target"))
verbs.declare(DRAW, rules="T7, T11", words={"item": "WEAPON"},
              summary=lambda rs: f"draw a carried weapon ({rs.numbers.cost('draw')} TS), or "
                                 f"pick a dropped one up ({rs.numbers.cost('pick_up')} TS)",
              examples=("draw knife", "draw kara sword"), positionals=("actor?", "item"))


@verbs.command("odds", group="gm", logged=False, rules="T1, T2, T9-T12",
               usage="odds [ATTACKER] TARGET [--with WEAPON] [--called NAME] "
                     "[--defense dodge|parry|brace] [--json]",
               summary="exact chance to hit and to drop the target, and the HP lost after DR",
               examples=("odds guard", "odds kara guard --called head",
                         "odds ren brute --defense brace --json"),
               positionals=("actor?", "target"),
               flags=lambda rs: (*_aim(rs), ODDS_JSON),
               notes=(odds_limits(),))
def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.timeslice.odds import attack_odds
    request = read_request(ctx)
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, request), request)


@verbs.command("surprise", group="setup", rules="T1, T2, T16", positionals=("group",),
               summary="GROUP springs a surprise: whoever of the others rolls [U] below the "
                       "average of GROUP's [Q] rolls gains no TS in round 1",
               examples=("surprise enemies",
                         "surprise enemies --roll 6,6 --roll 5,4 --notice 5,5 --notice 0,3"),
               slots=SURPRISE_SLOTS, flags=slot_flags(SURPRISE_SLOTS))
def surprise(ctx: Context) -> Outcome:
    request = read_request(ctx)
    dice = SlotDice(ctx, SURPRISE_SLOTS)
    state, events, _ = spring(ctx.state, ctx.ruleset, request, dice.tape())
    return Outcome(state, events, request=request.with_flags(dice.logged()))


# --- the GM's time and conditions (T14, T15) -----------------------------------------------

@verbs.command("wait", group="gm", rules="T15", positionals=("text",),
               words={"text": "MINUTES"},
               summary="let time pass: every dying timer counts it down (2 or 0.5 are "
                       "minutes, 30s seconds); once the fight is over the timers stop",
               examples=("wait 2", "wait 30s"))
def wait(ctx: Context) -> Outcome:
    request = read_request(ctx)
    if not request.arg("text"):
        raise CommandError("expected wait MINUTES (T15)", "e.g. wait 2 or wait 30s")
    seconds = parse_duration(request.arg("text"))
    return Outcome(*harm.wait(ctx.state, seconds),
                   request=request.with_args(text=duration_text(seconds)))


@verbs.command("wake", group="gm", rules="T14", positionals=("actor",),
               summary="wake an unconscious combatant that has HP again",
               examples=("wake ida",))
def wake(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*harm.wake(ctx.state, request.actor), request=request)


@verbs.command("stabilise", group="gm", rules="T14",
               aliases=("stabilize",), positionals=("actor",),
               summary="a dying character stops dying (0 HP, unconscious), as tending does, "
                       "by the GM's word", examples=("stabilise kara",))
def stabilise(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*harm.stop_dying(ctx.state, request.actor, "stabilised by the GM (T14)"),
                   request=request)


# --- the shared verbs in time-slice terms ------------------------------------------------

verbs.extend("add", before="count",
             usage="add ID [--as TEMPLATE] [--side SIDE] [--at UNIT] [--name TEXT] [--hp N] "
                   "[--stat NAME=N]... [--weapon WEAPON]... [--armor ARMOR] [--gear ITEM]... "
                   "[--player|--npc] [--holding WEAPON|none] [--count N]",
             flags=(flag("weapon", "text", repeat=True, metavar="WEAPON", completes="weapon",
                         help="a weapon carried (replaces the template's)"),
                    flag("armor", "text", metavar="ARMOR", completes="armor", help="armor (T12)"),
                    flag("gear", "text", repeat=True, metavar="ITEM", completes="gear",
                         help="e.g. medical-kit (T14)"),
                    flag("player", help="a player character: dying at 0 HP (T13)"),
                    flag("npc", help="not a player character: dead at 0 HP (T13)"),
                    flag("holding", "text", metavar="WEAPON|none", completes="held",
                         help="in hand at the start (default: the first weapon)")))
verbs.extend("damage", rules="T12-T14",
             summary="N damage like a hit: less DR, 0 HP by T13; a dying target loses a "
                     "minute of its timer instead (T14)",
             examples=("damage guard 6", "damage kara 4 --direct", "damage guard 20 --nonlethal"),
             flags=(flag("direct", help="straight off HP, no DR (T12)"),
                    flag("nonlethal", help="at 0 HP a non-player is unconscious (T13)")))
verbs.extend("heal", rules="T14",
             summary="heal N HP; a dying character gains a minute a point, and the points "
                     "past 5 minutes become HP: it stops dying, still unconscious",
             examples=("heal ida 4",))
verbs.extend("set", rules="T5, T13, T14")
verbs.extend("roll", rules="T1, T2", summary="roll any dice; a d10 reads 0-9 (T1), so 2d10 "
                                             "runs 0-18",
             examples=("roll 2d10", "roll 2d10+3 --faces 0,9", "roll 1d6"))
verbs.extend("init", rules="T1, T4",
             summary="roll the turn order (2d10 read 0-9 + the [Q] bonus; ties to the higher "
                     "[Q]), set it by hand, enter a roll, or move one actor",
             examples=("init", "init kara guard ren", "init kara --roll 0,7",
                       "init --roll kara=3,7 --roll guard=9,0", "init guard --after kara"))
verbs.extend("end", summary="end the turn; TS not spent waits for the next pass (T5)")
verbs.extend("pass", summary="give up the rest of the round's TS (also off-turn)",
             examples=("pass", "pass guard"))

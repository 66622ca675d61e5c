"""The dice-pool verbs (P1-P12): attack, move, prepare, wield, ability, act and react as
declared actions (attack.py, actions.py) with their words, dice slots (`--roll` the
pool, `--damage` the damage dice) and help; the ruleset's flags on the shared `add` and
`damage`; and `odds`."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import slot_flags
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.request import Request
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.dicepool.actions import ABILITY, ACT, MOVE, PREPARE, REACT, WIELD
from shaper_gm.rulesets.dicepool.attack import ATTACK, AttackRequest
from shaper_gm.rulesets.dicepool.steps import SLOT_DAMAGE, SLOT_POOL

verbs = VerbTable()

# Dice slots (commands.md, "Dice-pool verbs"): each rolled once per action.
POOL_SLOT = {SLOT_POOL: (False, "the pool dice's faces, one per die rolled (P1, P3)")}
ATTACK_SLOTS = {**POOL_SLOT, SLOT_DAMAGE: (False, "the damage dice's faces (P8)")}
DICE = flag("dice", "int", metavar="N", help="roll N dice of the pool, not all (P3)")
TEST = (flag("dt", "int", metavar="N", help="make it a pool test against DT N (P3)"), DICE,
        *slot_flags(POOL_SLOT))
AIM = (flag("with", "text", metavar="WEAPON", completes="weapon",
            help="must be the weapon in hand (P7)"),
       flag("ability", "text", metavar="ABILITY", completes="ability",
            help="an ability that augments the attack (P12)"), DICE)

verbs.declare(
    ATTACK, aliases=("a", "hit"), rules="P1, P3, P4, P7-P9, P11, P12",
    words={"actor": "ATTACKER"},
    summary="basic attack: roll the pool against AC - proficiency; the margin sets the "
            "damage dice; failures leave the pool",
    examples=("attack barry", "attack freya barry --roll 4,6,2,5,1 --damage 3,7",
              "attack barry --dice 3", "attack barry --ability heavy-blow"),
    positionals=("actor?", "target"), slots=ATTACK_SLOTS,
    flags=(*AIM, flag("damage-bonus", "int", metavar="N",
                      help="the GM's bonus to this attack's damage (P8)"),
           *slot_flags(ATTACK_SLOTS)))

verbs.declare(MOVE, aliases=("mv",), rules="P6, P10",
              summary=lambda rs: f"move up to the actor's speed ({rs.numbers.speed} m); a "
                                 f"diagonal step costs {rs.numbers.diagonal_m} m",
              examples=("move C4", "move freya C4"), positionals=("actor?", "zone"))


def read_prepare(ctx: Context) -> Request:
    """`prepare [ACTOR] TEXT`: a first word naming an actor, with words after it, is the
    actor; `--with` is a weapon of the attacker `--against` names."""
    words = ctx.parsed.words
    if not words:
        raise CommandError("prepare: expected prepare [ACTOR] TEXT",
                           "type help prepare for examples")
    named = len(words) > 1 and resolve.is_actor(ctx.state, words[0])
    request = read_request(ctx, ("actor", "text") if named else None)
    against, weapon = request.get("against"), request.get("with")
    if against is not None and weapon is not None:
        other = ctx.state.actors[against]
        request = request.with_flags({"with": resolve.match_one(
            weapon, list(other.sheet.weapons), f"weapon of {other.name}",
            f"{other.name} has: {', '.join(other.sheet.weapons) or 'none'}")})
    return request


verbs.declare(
    PREPARE, parse=read_prepare, rules="P6, P11",
    summary="declare a condition: a dodge (+half DEX AC against the named attacker) or an "
            "action to take later as a reaction",
    examples=("prepare if Barry attacks me with his halberd, I dodge --against barry "
              "--with halberd", "prepare when the door opens, I shoot"),
    positionals=("actor?", "text"),
    flags=lambda rs: (flag("against", "text", metavar="ATTACKER", completes="actor",
                           help="a dodge against this attacker's next attack (P11)"),
                      flag("with", "text", metavar="WEAPON",
                           choices=tuple(sorted(rs.library.weapons)),
                           help="only its attacks with this weapon")))

verbs.declare(WIELD, aliases=("draw",), rules="P6, P7",
              summary="take another carried weapon in hand (an action)",
              examples=("wield dagger", "wield kit dagger"), positionals=("actor?", "weapon"))

verbs.declare(ABILITY, rules="P3, P4, P12",
              summary="use an ability: its actions, a pool test if it has one, the dice it "
                      "discards; a reaction ability outside the actor's turn",
              examples=("ability rally", "ability odo parry --dt 2"),
              positionals=("actor?", "ability"), slots=POOL_SLOT, flags=TEST)

verbs.declare(ACT, rules="P3, P6",
              words={"cost": "action|N"},
              summary="any other action (a skill, a generic action); --dt makes it a pool test",
              examples=("act action pull the lever", "act freya action climb the wall --dt 2"),
              positionals=("actor?", "cost", "text"), slots=POOL_SLOT, flags=TEST)

verbs.declare(REACT, rules="P3, P4, P11",
              words={"cost": "action|N"},
              summary="take a prepared action outside one's turn, the one TEXT names; a roll "
                      "adds CON dice after",
              examples=("react odo action shove him back", "react kit action shoot --dt 2"),
              positionals=("actor", "cost", "text"), slots=POOL_SLOT, flags=TEST)

verbs.extend("add", before="count",
             flags=(flag("prof", "text", repeat=True, metavar="WEAPON=N",
                         help="weapon proficiency (P2, P7, P8)"),
                    flag("weapon", "text", repeat=True, metavar="WEAPON",
                         help="a weapon it carries"),
                    flag("holding", "text", metavar="WEAPON",
                         help="the weapon in hand when the fight starts (P2)"),
                    flag("ability", "text", repeat=True, metavar="ABILITY",
                         help="an ability (P12)")))

verbs.extend("damage", rules="P8",
             summary="take N hit points off the target: all damage is direct here (P8)",
             flags=(flag("direct", help="straight off HP, as all dice-pool damage is (P8)"),))


@verbs.command("odds", group="gm", logged=False, rules="P1, P3, P4, P7, P8, P11, P12",
               words={"actor": "ATTACKER"},
               summary="exact chance to hit with the current pool, and the margin, damage "
                       "and pool left after the roll",
               examples=("odds barry", "odds barry freya --dice 2", "odds barry --json"),
               positionals=("actor?", "target"),
               flags=(*AIM, ODDS_JSON),
               notes=(odds_limits() + " A pool past them is refused naming the --dice N "
                      "that fits (P3).",))
def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.dicepool.odds import attack_odds
    request = read_request(ctx)
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, AttackRequest.read(request)),
                        request)

"""The reactions ruleset's verbs (R1-R12): attack with its block, dodge and critical
slots and the defender's `--react` answers, move and shield; its flags on the shared
`add` and `damage`; and `odds`. The actions themselves are in `attack.py` and
`actions.py`; the engine runs them."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import REACT, slot_flags
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.engine.steps import odds_limits
from shaper_gm.rulesets.reactions.actions import MOVE, SHIELD
from shaper_gm.rulesets.reactions.attack import ATTACK
from shaper_gm.rulesets.reactions.models import ATTACK_TYPES
from shaper_gm.rulesets.reactions.steps import SLOT_BLOCK, SLOT_CRIT, SLOT_DODGE

verbs = VerbTable()

# The attack's dice slots (R3, R5): name -> (one per attempt?, help).
SLOTS = {
    SLOT_BLOCK: (True, "the d20 face of each block, in order (R3)"),
    SLOT_DODGE: (True, "the d20 face of each dodge, in order (R3)"),
    SLOT_CRIT: (False, "the critical roll's d20 face (R5)"),
}
TYPES = "|".join(ATTACK_TYPES)
REACT_FLAG = flag(REACT, "text", repeat=True, metavar="TARGET=block|dodge",
                  help="the defender's block or dodge, one per attempt, tried in order until "
                       "one succeeds (R2)")
AIM = (flag("with", "text", metavar="WEAPON", completes="weapon",
            help="a weapon or spell the attacker carries (default: its first)"),
       flag("type", "text", metavar=TYPES, choices=ATTACK_TYPES,
            help="the attack's type instead of the weapon's (R1)"),
       flag("power", "int", metavar="N", help="the attack's power instead of the weapon's (R1)"),
       flag("damage-bonus", "int", metavar="N",
            help="the GM's bonus to this attack's damage, after armor (R6)"))

verbs.declare(
    ATTACK, aliases=("a", "hit"), rules="R1-R8",
    words={"actor": "ATTACKER"},
    summary="attack: the defender may block or dodge, then a critical roll and damage",
    examples=("attack bo", "attack ann bo --react bo=block --react bo=block --block 5 "
              "--block 11 --crit 16",
              "attack bo --with hex-pistol --react bo=dodge --dodge 15 --to F3"),
    positionals=("actor?", "target"), slots=SLOTS,
    flags=(*AIM, REACT_FLAG, *slot_flags(SLOTS),
           flag("to", "text", metavar="TILE", completes="zone",
                help="where the defender goes if a dodge succeeds (R4)")))

verbs.declare(MOVE, rules="R10", aliases=("mv",),
              summary="the turn's move: to a free tile up to the creature's speed in metres "
                      "(diagonals count 1)",
              examples=("move C4", "move ann C4"), positionals=("actor?", "zone"))

verbs.declare(SHIELD, rules="R7, R12", aliases=("raise",),
              summary="raise a shield (the action): it soaks damage first until depleted "
                      "or the creature's next turn",
              examples=("shield", "shield bo"), positionals=("actor?",))

verbs.extend("add", before="count",
             flags=(flag("weapon", "text", repeat=True, metavar="ITEM", completes="attack",
                         help="a weapon or spell it carries; the first is its default (R1)"),
                    flag("shield", "text", metavar="ITEM", completes="shield",
                         help="a shield it can raise (R12)")))

verbs.extend("damage", rules="R6-R8",
             summary="deal N damage of a type through armor and shield, like a hit without "
                     "a block",
             examples=("damage bo 12", "damage bo 8 --type true", "damage ann 5 --direct"),
             flags=(flag("type", "text", metavar=TYPES, choices=ATTACK_TYPES,
                         help="the damage's type (default physical, R1)"),
                    flag("direct", help="straight off health: no armor, no shield")))


@verbs.command("odds", group="gm", logged=False, rules="R1-R8",
               usage=f"odds [ATTACKER] TARGET [--with WEAPON] [--type {TYPES}] [--power N] "
                     "[--react TARGET=block|dodge]... [--json]",
               summary="exact chances of a dodge, a block and a critical, and the damage "
                       "distribution, for the reactions declared",
               examples=("odds bo", "odds ann bo --react bo=block --react bo=block",
                         "odds bo --with hex-pistol --react bo=dodge --json"),
               positionals=("actor?", "target"),
               flags=(*AIM, REACT_FLAG, ODDS_JSON),
               notes=(odds_limits(),))
def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.reactions.odds import attack_odds
    request = read_request(ctx)
    declared = parse_react(request.get(REACT) or (), lambda word: resolve.actor(ctx.state, word))
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, request,
                                    Decisions(declared=declared)), request)

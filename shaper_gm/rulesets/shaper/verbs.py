"""Shaper's verbs (S1-S29): attack, skill and cast with their dice slots and the targets'
reaction answers; moving, engaging and items; `odds`; and Shaper's flags on the shared
`add`, `damage` and `roll`. The actions themselves are in `actions.py` (and `combat`,
`skilluse`); the engine runs them."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.engine.steps import odds_limits
from shaper_gm.rulesets.shaper.actions import (
    ATTACK,
    CAST,
    DISENGAGE,
    DRAW,
    ENGAGE,
    MOVE,
    RAISE,
    RELOAD,
    SHEATHE,
    SKILL,
)
from shaper_gm.rulesets.shaper.situation import IGNORABLE

verbs = VerbTable()

MODIFIER_FLAGS = (flag("edge", help="Edge: highest die becomes 6 (S3)"),
                  flag("pressured", help="Pressured: lowest die becomes 1 (S3)"),
                  flag("adv", help="Advantage: lowest die becomes 6 (S3)"),
                  flag("dis", help="Disadvantage: highest die becomes 1 (S3)"))
ATTACK_FLAGS = (
    flag("with", "text", metavar="ITEM|spell", completes="weapon",
         help="the weapon or offensive spell (default: the weapon in hand)"),
    flag("skill", "text", repeat=True, metavar="SKILL", completes="skills",
         help="add a skill to the attack: a Major action each, or SP with --sp (S23)"),
    flag("sp", help="pay the skills with SP instead of Major actions (S23)"),
    *MODIFIER_FLAGS,
    flag("bonus", "int", metavar="N", help="a bonus to the attack roll"),
    flag("damage-bonus", "int", metavar="N", help="the GM's bonus to this attack's damage"),
    flag("only", help="a skill that adds targets (Overswing) takes only the named ones"),
    flag("ignore", "text", repeat=True, completes="ignore", metavar="NAME",
         choices=tuple(IGNORABLE),
         help=f"overrule an automatic modifier: {', '.join(IGNORABLE)}"),
)
REACT_FLAG = flag("react", "text", repeat=True, metavar="ID=SKILL", completes="react",
                  help="a target answers the attack with a Targeted or On Hit skill (S23)")
# The attack's dice slots (S4): name -> (one per target?, help).
SLOTS = {"roll": (False, "the attack roll's faces, or its total (=14, bonuses in it)"),
         "evade": (True, "evasion faces or total, once per target"),
         "damage": (False, "weapon, then critical, then skill dice; or the damage (=7)"),
         "defense": (True, "Defense faces or total, once per target (=N: a flat Defense)")}
DICE_FLAGS = (
    *(flag(name, "text", repeat=True, metavar="FACES", help=text) if repeats
      else flag(name, "faces", help=text) for name, (repeats, text) in SLOTS.items()),
    flag("auto", "text", repeat=True, metavar="[ID=]success|failure",
         help="a total entered with = is an automatic result (S2): the attacker's, or ID's "
              "evasion"),
    REACT_FLAG,
)

verbs.declare(
    ATTACK, aliases=("a", "hit", "shoot"), rules="S2-S8, S11, S13, S15, S16, S23-S25",
    usage="attack [ATTACKER] TARGET[,TARGET...] [--with ITEM|spell] [--skill SKILL]... "
          "[--sp] [--edge] [--pressured] [--adv] [--dis] [--bonus N] [--damage-bonus N] "
          "[--only] [--ignore NAME]... [--roll FACES] [--evade FACES]... "
          "[--damage FACES] [--defense FACES]... [--auto [ID=]success|failure]...",
    summary="attack: one roll, an evasion per target, damage through Defense",
    examples=("attack goblin-1", "attack josh raider --with longbow --skill piercing-strike",
              "attack brute --skill thread-the-needle --roll 4,5,5 --evade 2,3,3",
              "attack raider --roll =14 --evade =9 --damage =7 --defense =5",
              "attack reaver monica,josh --skill overswing --damage-bonus 2"),
    positionals=("actor?", "targets"), slots=SLOTS, flags=(*ATTACK_FLAGS, *DICE_FLAGS))

verbs.declare(SKILL, rules="S21-S24, S26",
              summary="use a skill on its own; --sp pays with SP, also off-turn",
              examples=("skill monica step-up brute", "skill brute retreat --sp"),
              positionals=("actor?", "skill", "target?"),
              flags=(flag("sp", help="pay with 1 SP instead of a Major action; also off "
                                     "turn (S23)"),))

verbs.declare(
    CAST, rules="S13, S21-S26", slots=SLOTS, positionals=("actor?", "spell", "target?"),
    usage="cast [ACTOR] SPELL [TARGET] [--skill SKILL]... [--sp] (+ attack flags for the "
          "offensive spell)",
    summary="cast a utility spell, or the offensive spell at a target (an attack)",
    examples=("cast taylor charm monica", "cast energy-shield --sp",
              "cast spell raider --roll 4,4,5"), flags=(*ATTACK_FLAGS, *DICE_FLAGS))

verbs.declare(MOVE, rules="S10, S12", aliases=("mv",),
              summary="move to a zone: one Major action per Short distance",
              examples=("move C4", "move monica C4"), positionals=("actor?", "zone"))
verbs.declare(ENGAGE, rules="S11, S14",
              summary="engage someone in your zone (Minor); joins their engagement",
              examples=("engage goblin-1", "engage minion monica"),
              positionals=("actor?", "target"))
verbs.declare(DISENGAGE, rules="S14",
              summary="leave your engagement (Minor); you stay in your zone",
              examples=("disengage", "disengage goblin-1"), positionals=("actor?",))
verbs.declare(DRAW, rules="S19, S19a",
              summary="draw a weapon or shield into a free hand (Minor)",
              examples=("draw longbow", "draw monica longsword"),
              positionals=("actor?", "item"))
verbs.declare(SHEATHE, rules="S19", aliases=("stow",),
              summary="put a held item away (Minor)", examples=("sheathe longbow",),
              positionals=("actor?", "held-item"))
verbs.declare(RAISE, rules="S20",
              summary="raise your shield (Minor): +Evasion until your next turn starts",
              examples=("raise", "raise monica"), positionals=("actor?",))
verbs.declare(RELOAD, rules="S19",
              summary="reload a held weapon that needs it, e.g. a crossbow (Minor)",
              examples=("reload", "reload raider"), positionals=("actor?",))

verbs.extend("add", before="count",
             flags=(flag("level", "int", help="its level (S29)"),
                    flag("vigor", "int", help="Vigor points (S27, S28)"),
                    flag("finesse", "int", help="Finesse points (S27, S28)"),
                    flag("mentality", "int", help="Mentality points (S25, S28)"),
                    flag("weapon", "text", repeat=True, metavar="ITEM", completes="weapon",
                         help="a weapon it carries"),
                    flag("shield", help="it carries a shield (S20)"),
                    flag("armor", "text", metavar="ITEM", completes="armor",
                         help="the armor it wears: its Defense dice (S7)"),
                    flag("skill", "text", repeat=True, metavar="SKILL[:LEVEL]",
                         completes="skills", help="a skill it knows, at level 1 unless given "
                                                  "(S24)"),
                    flag("holding", "text", repeat=True, metavar="ITEM", completes="weapon",
                         help="what it has in hand when the fight starts (S19a)")))

verbs.extend("damage", rules="S7, S8",
             summary="deal N damage through the target's Defense, like a hit",
             examples=("damage goblin-1 6", "damage josh 7 --magic --pierce 1",
                       "damage josh 3 --direct"),
             flags=(flag("magic", help="magic: Defense halved (S7)"),
                    flag("pierce", "int", metavar="N",
                         help="Pierce: taken off Defense, not below 0 (S7)"),
                    flag("defense", "faces", help="the target's Defense faces"),
                    flag("direct", help="straight off HP, no Defense")),
             slots={"defense": (False, "the target's Defense faces")})

verbs.extend("roll", flags=MODIFIER_FLAGS, before="faces", rules="S1-S4",
             usage="roll EXPR [--edge] [--pressured] [--adv] [--dis]",
             summary="roll any dice expression, e.g. roll 3d6+2 --adv",
             examples=("roll 3d6+2 --adv", "roll 2d6", "roll 1d6 --faces 4"))


@verbs.command(
    "odds", group="gm", logged=False, rules="S2-S7, S13, S15, S16",
    usage="odds [ATTACKER] TARGET[,TARGET...] [attack flags] [--json]",
    summary="exact chance to hit, to crit and to drop the target, and the HP it loses",
    examples=("odds goblin-1", "odds josh raider --skill piercing-strike --json"),
    positionals=("actor?", "targets"),
    flags=(*ATTACK_FLAGS, REACT_FLAG, ODDS_JSON),
    notes=(odds_limits(),))
def odds(ctx: Context) -> Outcome:
    """The attack prepared as it would be made (no turn needed), its odds exact."""
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.shaper import combat
    from shaper_gm.rulesets.shaper.odds import attack_odds
    request = read_request(ctx)
    prepared = combat.aim(ctx.state, ctx.ruleset, request).prepared
    declared = parse_react(request.get("react") or (),
                           lambda word: resolve.actor(ctx.state, word))
    return odds_outcome(attack_odds(ctx.ruleset, request.actor, prepared,
                                    Decisions(declared=declared)), request)

"""Dungeoneers' verbs (commands.md "Dungeoneers verbs"): its play actions with their dice
slots (`--roll`, `--dodge`, `--pierce`, `--resist`, `--grab`) and the `--react` answer
of a creature pushed past a ledge; its flags on the shared `add` and `damage` and its
words on the shared `set`, `init`, `remove` and `pass`; `odds` (exact strike odds) and
`ambient` (the encounter's ambient arca, D28). The actions are in `actions.py`; the
engine runs them.
"""

from __future__ import annotations

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import slot_flags
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.request import Request
from shaper_gm.engine.steps import odds_limits
from shaper_gm.rulesets.dungeoneers import actions as A
from shaper_gm.rulesets.dungeoneers import contests as C
from shaper_gm.rulesets.dungeoneers import spells
from shaper_gm.rulesets.dungeoneers.models import RANKS, READY_ROLE

verbs = VerbTable()

SLOT_HELP = {
    "roll": "the acting creature's test: its proficiency die, then boon/bane d4s (D11, D15)",
    "dodge": "the defender's test: its dodging die, then boon d4s (D11, D23)",
    "pierce": "the pierce check's dice, rolled on a hit (D16)",
    "resist": "the defender's test against the spell (D28)",
    "grab": "the ledge check's d4, if the defender grabs the ledge (D29)",
}


def slots(*names: str) -> dict[str, tuple[bool, str]]:
    return {name: (False, SLOT_HELP[name]) for name in names}


def ap(action: str, text):
    """A summary that starts with what the action costs in this content (D2); `text`
    may be a function of the content's numbers, which help then states."""
    return lambda rs: f"{rs.numbers.cost(action)} AP: " + (
        text(rs.numbers) if callable(text) else text)


def counted(n: int, word: str, one: str = "1") -> str:
    """``2 tiles``; ``1 tile``, or `one` for the 1."""
    return f"{one} {word}" if n == 1 else f"{n} {word}s"


def times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


STRIKE_SLOTS, TEST_SLOTS = slots("roll", "dodge", "pierce"), slots("roll", "dodge")
BOON = (flag("boon", "int", metavar="N", help="points of boon: +1d4 each (D15)"),
        flag("bane", "int", metavar="N", help="points of bane: -1d4 each (D15)"))
DAMAGE_BONUS = flag("damage-bonus", "int", metavar="N",
                    help="the GM's wounds added to each application of the strike's (D16)")
AIM = (flag("with", "text", metavar="WEAPON", completes="weapon",
            help="a weapon in hand (default: the first in hand, else a fist)"),
       *BOON, DAMAGE_BONUS)        # what a strike and its odds both take
STRIKE_FLAGS = (*AIM, *slot_flags(STRIKE_SLOTS))
for _action, _power in ((C.STRIKE, False), (C.POWER_STRIKE, True)):
    verbs.declare(_action, rules="D11-D20" + (", D17" if _power else ""),
                  summary=ap(_action.name, lambda n, power=_power: (
                      "hit test, pierce check against armor value, wounds" + (
                          f": {counted(n.power_strike_wounds, 'extra wound')}, "
                          f"{counted(n.power_strike_boon, 'boon')} on the striking roll"
                          if power else ""))),
                  examples=(f"{_action.name} skeleton", f"{_action.name} suori skeleton "
                            "--roll 4 --dodge 3 --pierce 3",
                            f"{_action.name} freya gob --with dagger --boon 1"),
                  positionals=("actor?", "target"), slots=STRIKE_SLOTS, flags=STRIKE_FLAGS)
verbs.declare(C.GRAPPLE, rules="D11, D24", positionals=("actor?", "target"), slots=TEST_SLOTS,
              flags=(*BOON, *slot_flags(TEST_SLOTS)),
              summary=ap("grapple", "grab a creature you threaten, with a hand free"),
              examples=("grapple gob", "grapple freya skeleton --roll 5 --dodge 2"))
PUSH_SLOTS = slots("roll", "dodge", "grab")
verbs.declare(C.PUSH, rules="D8, D11, D25, D29", positionals=("actor?", "target", "zone"),
              slots=PUSH_SLOTS,
              flags=(flag("ledge", help="the push forces it past a ledge: it may grab it (D29)"),
                     *BOON, *slot_flags(PUSH_SLOTS, react=True)),
              usage="push [ACTOR] TARGET TILE [--ledge] [--boon N] [--bane N] [--roll FACES] "
                    "[--dodge FACES] [--grab FACES] [--react TARGET=grab-ledge]",
              summary=ap("push", lambda n: "force a creature you threaten "
                                           f"{counted(n.push_tiles, 'tile', 'one')}; past a "
                                           "ledge it may grab it"),
              examples=("push gob D2", "push suori gob D2 --ledge --react gob=grab-ledge "
                        "--roll 4 --dodge 1 --grab 3"))
verbs.declare(C.GRAB_LEDGE, rules="D8, D14, D29", positionals=("actor?",), slots=slots("grab"),
              flags=(flag("tiles", "int", metavar="N", help="tiles it was forced (default 1)"),
                     *slot_flags(slots("grab"))),
              summary=ap("grab-ledge", lambda n: "a reaction when forced past a ledge: check "
                                                 f"1d{n.ledge_die} + {n.ledge_score} vs "
                                                 f"{n.ledge_base} + tiles"),
              examples=("grab-ledge gob --tiles 2", "grab-ledge skeleton --grab 4"))
for _action, _summary in ((A.MOVE, "move up to one of your travel speeds in tiles"),
                          (A.SPRINT, lambda n: f"{times(n.sprint_multiplier)} a travel speed "
                                               f"in tiles, and {n.sprint_stress} stress")):
    verbs.declare(_action, rules="D21, D24", positionals=("actor?", "zone"),
                  flags=(flag("speed", "text", metavar="NAME", completes="speed",
                              help="a travel speed on its sheet (default: the first)"),),
                  summary=ap(_action.name, _summary),
                  examples=(f"{_action.name} C3", f"{_action.name} bat E3 --speed fly"))


def actor_and_text(ctx: Context) -> Request:
    """`VERB [ACTOR] TEXT`: a first word that is a creature's id (or a prefix of three
    letters or more) names the actor; the rest is the text."""
    words, ids = ctx.parsed.words, list(ctx.state.actors)
    first = words[0].lower() if words else ""
    named = first in ids or (len(first) >= 3 and sum(a.startswith(first) for a in ids) == 1)
    return read_request(ctx, ("actor", "text") if named else ("actor?", "text"))


verbs.declare(A.INTERACT, rules="D22", positionals=("actor?", "text"), parse=actor_and_text,
              flags=(flag("draw", "text", metavar="WEAPON", completes="carried",
                          help="take a carried weapon in hand"),
                     flag("stow", "text", metavar="WEAPON", completes="held",
                          help="put a held weapon away")),
              summary=ap("interact", "open a door, drink a potion, draw or stow a weapon, ..."),
              examples=("interact opens the door", "interact alberich --draw maul",
                        "interact freya --stow longsword"))
for _action, _rules, _summary in (
        (A.DEFEND, "D23", "defensive until your next turn starts: boon on dodging tests"),
        (A.DEEP_BREATH, "D26",
         lambda n: f"above stress capacity, relieve {n.deep_breath_relief} stress"),
        (A.FOCUS, "D27", lambda n: f"regain {n.focus_regain} arca, up to twice your wisdom")):
    verbs.declare(_action, rules=_rules, positionals=("actor?",),
                  summary=ap(_action.name, _summary),
                  examples=(_action.name, f"{_action.name} freya"))
verbs.declare(A.READY, rules="D8, D9", positionals=("actor?", READY_ROLE),
              words={READY_ROLE: "ACTION"},
              summary=ap("ready", "hold an action; take it as a reaction until the round ends"),
              examples=("ready strike", "ready freya power-strike"))
SPELL_SLOTS = slots("roll", "resist")
verbs.declare(spells.SPELLCAST, aliases=("cast",), rules="D18, D27, D28",
              positionals=("actor?", "spell-id", "target?"), slots=SPELL_SLOTS,
              flags=(flag("arca", "int", metavar="N",
                          help="extra arca to overcome the defender, spent hit or miss (D28)"),
                     *slot_flags(SPELL_SLOTS)),
              summary="the spell's AP: pay its arca (ambient first), spell attack if it has one",
              examples=("spellcast firebolt skeleton --arca 1", "spellcast alberich mend",
                        "spellcast alberich frost-touch gob --roll 7 --resist 2"))

# --- the shared verbs in Dungeoneers' words ----------------------------------------------------

verbs.extend(
    "add", before="count",
    summary="add an actor from a template, or the ruleset's default sheet; mid-round, it "
            "joins with full AP (D1)",
    flags=tuple(flag(name, "text", repeat=True, metavar=metavar, completes=f"add-{name}",
                     help=text) for name, metavar, text in (
        ("prof", "NAME=RANK", f"a proficiency rank: {', '.join(RANKS)} (D12)"),
        ("vulnerable", "TYPE=N", "vulnerability(N) to a damage type or category (D20)"),
        ("resist", "TYPE=N", "resistance(N) (D20)"),
        ("immune", "TYPE", "immunity (D20)"),
        ("weapon", "ITEM", "a weapon it carries (replaces the template's)"),
        ("holding", "ITEM", "a weapon in hand when the fight starts (D22)"),
        ("spell", "SPELL", "a spell it knows (D28)"),
        ("speed", "NAME=N", "a travel speed (D21)"))))
verbs.extend(
    "damage", rules="D18-D20",
    summary="deal N wounds like a hit: of a type (D20), again per critical (D18)",
    examples=("damage skeleton 3 --type B", "damage gob 2 --criticals 1",
              "damage freya 4 --direct"),
    flags=lambda rs: (
        flag("type", "text", metavar="TYPE", completes="damage-type",
             help=f"a damage type: {' '.join(rs.numbers.damage_types.codes())}, or its name "
                  "(D20)"),
        flag("criticals", "int", metavar="N", help="critical hits (D18)"),
        flag("direct", help="straight onto the wounds: no vulnerability, resistance or "
                            "immunity")))
verbs.extend("set", rules="D3, D19",
             summary=lambda rs: f"set fields by hand: {', '.join(rs.settable_fields())}; "
                                "wounds at the limit put a creature down")
verbs.extend("init", usage="init ID ID ...", examples=("init freya alberich skeleton",),
             summary="set the listing order: it names the default when a group ties (D4) and "
                     "breaks a tie of body totals (D5)")
verbs.extend("remove", summary="take a creature out of the encounter; who is up is worked "
                               "out again")
verbs.extend("pass", summary="give up every AP left this round, on your turn or not",
             examples=("pass", "pass freya"))


@verbs.command("ambient", group="gm", rules="D28", positionals=("arca",), words={"arca": "N"},
               summary="set the encounter's ambient arca (spells pay their baseline from it "
                       "first)", examples=("ambient 3", "ambient 0"))
def ambient(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*spells.set_ambient_arca(ctx.state, ctx.ruleset, request.arg("arca")),
                   request=request)


@verbs.command(
    "odds", group="gm", logged=False, rules="D11-D20",
    usage="odds [ACTOR] TARGET [--with WEAPON] [--boon N] [--bane N] [--power] [--json]",
    summary="exact chance to hit, to pierce, of each number of critical hits, of the wounds "
            "dealt and of reaching the wound limit",
    examples=("odds skeleton", "odds suori skeleton --power --json"),
    positionals=("actor?", "target"),
    flags=(*AIM, flag("power", help="a power strike (D17)"), ODDS_JSON),
    notes=(odds_limits(),))
def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.dungeoneers.odds import strike_odds
    request = read_request(ctx)
    power = bool(request.get("power"))
    return odds_outcome(strike_odds(ctx.state, ctx.ruleset, request, power=power), request)

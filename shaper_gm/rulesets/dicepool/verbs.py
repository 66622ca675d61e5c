"""The dice-pool verbs (P1-P12): attack, move, prepare, wield, ability, and the ruleset's
own take on the shared `act`, `react`, `set` and `odds`.

Each handler resolves the words a GM typed into ids (unique prefixes), writes them
back into the command, runs the rules core with a `SlotDice` tape, and lets the slots
write every face rolled into the logged line (`--roll`, `--damage`), so replay never
rolls again.
"""

from __future__ import annotations

import json
from dataclasses import replace

from shaper_gm.commands import resolve
from shaper_gm.commands.args import Parsed, flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice, slot_flags
from shaper_gm.commands.verbs.setup import whole_number
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.dicepool import actions
from shaper_gm.rulesets.dicepool.odds import AttackOdds, attack_odds
from shaper_gm.rulesets.dicepool.steps import SLOT_DAMAGE, SLOT_POOL

# Dice slots (commands.md, "Dice-pool verbs"): each rolled once per action.
POOL_SLOT = {SLOT_POOL: (False, "the pool dice's faces, one per die rolled (P1, P3)")}
ATTACK_SLOTS = {**POOL_SLOT, SLOT_DAMAGE: (False, "the damage dice's faces (P8)")}

# The flags `add` takes on top of the shared ones.
ADD_FLAGS = (flag("prof", "text", repeat=True, metavar="WEAPON=N",
                  help="weapon proficiency (P2, P7, P8)"),
             flag("weapon", "text", repeat=True, metavar="WEAPON", help="a weapon it carries"),
             flag("holding", "text", metavar="WEAPON",
                  help="the weapon in hand when the fight starts (P2)"),
             flag("ability", "text", repeat=True, metavar="ABILITY", help="an ability (P12)"))
ADD_USAGE = "[--prof WEAPON=N]... [--weapon WEAPON]... [--holding WEAPON] [--ability ABILITY]..."


def register(reg: Registry, rs) -> None:
    weapons = tuple(sorted(rs.library.weapons))
    abilities = tuple(sorted(rs.library.abilities))
    dice = flag("dice", "int", metavar="N", help="roll N dice of the pool, not all (P3)")
    dt = flag("dt", "int", metavar="N", help="make it a pool test against DT N (P3)")
    with_ = flag("with", "text", metavar="WEAPON", choices=weapons,
                 help="must be the weapon in hand (P7)")
    ability = flag("ability", "text", metavar="ABILITY", choices=abilities,
                   help="an ability that augments the attack (P12)")
    damage_bonus = flag("damage-bonus", "int", metavar="N",
                        help="the GM's bonus to this attack's damage (P8)")
    _register_attacks(reg, (with_, ability, dice, damage_bonus))
    _register_actions(reg, weapons, abilities, (dt, dice))
    _register_gm(reg, rs)


def add_extra(ctx: Context, parsed) -> dict:
    """What `add`'s dice-pool flags choose: proficiencies, weapons, the one in hand,
    abilities (checked against the content by the ruleset)."""
    out: dict = {}
    profs = {}
    for entry in parsed.get("prof") or ():
        weapon, sep, rank = entry.partition("=")
        if not sep or not weapon.strip():
            raise CommandError(f"--prof {entry!r} is not WEAPON=N", "e.g. --prof halberd=1")
        profs[weapon.strip().lower()] = whole_number(rank, f"--prof {weapon.strip()}")
    if profs:
        out["prof"] = profs
    if parsed.get("weapon"):
        out["weapons"] = tuple(w.lower() for w in parsed.get("weapon"))
    if parsed.get("holding"):
        out["holding"] = parsed.get("holding").lower()
    if parsed.get("ability"):
        out["abilities"] = tuple(a.lower() for a in parsed.get("ability"))
    return out


def template(ctx: Context, word: str):
    """A character or creature of content/dicepool, by id or unique prefix."""
    templates = ctx.ruleset.templates()
    return templates[resolve.match_one(word.lower(), list(templates), "template")]


# --- words -------------------------------------------------------------------------------

def actor_and(ctx: Context, verb: str, usage: str) -> tuple[str, str]:
    """`VERB [ACTOR] WORD`: the actor named or the acting one, and the word."""
    who, (word,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, verb, usage)
    return who, word


def actor_and_text(ctx: Context, verb: str, usage: str) -> tuple[str, str]:
    """`VERB [ACTOR] TEXT...`: a first word that names an actor (with text after it) is
    the actor; otherwise the acting actor speaks all of it."""
    words = ctx.parsed.words
    if len(words) >= 2 and resolve.is_actor(ctx.state, words[0]):
        return resolve.actor(ctx.state, words[0]), " ".join(words[1:])
    if not words:
        raise CommandError(f"{verb}: expected {usage}", f"type help {verb} for examples")
    return resolve.acting(ctx.state), " ".join(words)


def own_item(word: str, owned, what: str, owner: str) -> str:
    listed = list(owned)
    return resolve.match_one(word.lower(), listed, f"{what} of {owner}",
                             f"{owner} has: {', '.join(listed) or 'none'}")


def attack_request(ctx: Context, verb: str) -> actions.AttackRequest:
    words = ctx.parsed.words
    if len(words) == 2:
        who, target = resolve.actor(ctx.state, words[0]), resolve.actor(ctx.state, words[1])
    elif len(words) == 1:
        who, target = resolve.acting(ctx.state), resolve.actor(ctx.state, words[0])
    else:
        raise CommandError(f"{verb}: expected [ATTACKER] TARGET",
                           f"e.g. {verb} barry, or {verb} freya barry")
    words[:] = [who, target]
    p = ctx.parsed
    actor = ctx.state.actors[who]
    weapon = ability = None
    if p.get("with"):
        weapon = own_item(p.get("with"), actor.sheet.weapons, "weapon", actor.name)
        p.flags["with"] = weapon
    if p.get("ability"):
        ability = own_item(p.get("ability"), actor.sheet.abilities, "ability", actor.name)
        p.flags["ability"] = ability
    return actions.AttackRequest(who, target, weapon, p.get("dice"), ability,
                                 p.get("damage-bonus") or 0)


def no_faces_unrolled(ctx: Context, rolled: int) -> None:
    """`--roll` given for a test that rolled no dice (an empty pool) is a mistake."""
    if rolled == 0 and ctx.parsed.get(SLOT_POOL) is not None:
        raise CommandError("the pool is empty: this roll has no dice to take faces (P3)",
                           "drop --roll")


# --- the verbs ---------------------------------------------------------------------------

def _register_attacks(reg: Registry, flags: tuple) -> None:
    @reg.command("attack", aliases=("a", "hit"), rules="P1, P3, P4, P7-P9, P11, P12",
                 usage="attack [ATTACKER] TARGET [--with WEAPON] [--ability ABILITY] "
                       "[--dice N] [--damage-bonus N] [--roll FACES] [--damage FACES]",
                 summary="basic attack: roll the pool against AC - proficiency; the "
                         "margin sets the damage dice; failures leave the pool",
                 examples=("attack barry", "attack freya barry --roll 4,6,2,5,1 --damage 3,7",
                           "attack barry --dice 3", "attack barry --ability heavy-blow"),
                 positionals=("actor?", "target"), flags=(*flags, *slot_flags(ATTACK_SLOTS)))
    def attack(ctx: Context) -> Outcome:
        request = attack_request(ctx, "attack")
        slots = SlotDice(ctx, ATTACK_SLOTS)
        state, events, outcome = actions.attack(ctx.state, ctx.ruleset, request, slots.tape())
        no_faces_unrolled(ctx, outcome.dice)
        slots.finish()
        return Outcome(state, events)

    @reg.command("odds", group="gm", logged=False, rules="P1, P3, P4, P7, P8, P11, P12",
                 usage="odds [ATTACKER] TARGET [--with WEAPON] [--ability ABILITY] [--dice N] "
                       "[--json]",
                 summary="exact chance to hit with the current pool, and the margin, damage "
                         "and pool left after the roll",
                 examples=("odds barry", "odds barry freya --dice 2", "odds barry --json"),
                 positionals=("actor?", "target"),
                 flags=(*flags, flag("json", help='the same as JSON, fractions as "n/d"')),
                 notes=(odds_limits() + " A pool past them is refused naming the --dice N "
                        "that fits (P3).",))
    def odds(ctx: Context) -> Outcome:
        from shaper_gm.rulesets.dicepool import views  # noqa: F401  (registers the view)
        request = attack_request(ctx, "odds")
        found = attack_odds(ctx.state, ctx.ruleset, request)
        if ctx.parsed.get("json"):
            return Outcome(view=Message(odds_json(found)))
        return Outcome(view=found)


def odds_json(odds: AttackOdds) -> str:
    def frac(x) -> str:
        return f"{x.numerator}/{x.denominator}"

    def dist(d) -> dict:
        return {str(k): frac(v) for k, v in sorted(d.items())}
    return json.dumps({
        "attacker": odds.attacker, "target": odds.target, "weapon": odds.weapon,
        "ability": odds.ability, "pool": odds.pool, "dice": odds.dice, "dt": odds.dt,
        "hit": frac(odds.hit), "down": frac(odds.down), "margin": dist(odds.margin),
        "damage": dist(odds.damage), "mean_damage": frac(odds.mean_damage),
        "pool_left": dist(odds.pool_left), "hp": odds.hp,
        "hp_lost": dist(odds.hp_lost or {}), "mean_hp_lost": frac(odds.mean_hp_lost)},
        indent=2)


def _register_actions(reg: Registry, weapons: tuple, abilities: tuple, test: tuple) -> None:
    @reg.command("move", aliases=("mv",), rules="P6, P10",
                 usage="move [ACTOR] SQUARE",
                 summary="move up to the actor's speed (10 m); a diagonal step costs 2 m",
                 examples=("move C4", "move freya C4"), positionals=("actor?", "zone"))
    def move(ctx: Context) -> Outcome:
        who, square = actor_and(ctx, "move", "move [ACTOR] SQUARE")
        state, events, outcome = actions.move(ctx.state, ctx.ruleset,
                                              actions.MoveRequest(who, square),
                                              SlotDice(ctx, {}).tape())
        ctx.parsed.words[:] = [who, outcome.end]
        return Outcome(state, events)

    @reg.command("prepare", rules="P6, P11",
                 usage="prepare [ACTOR] TEXT [--against ATTACKER] [--with WEAPON]",
                 summary="declare a condition: a dodge (+half DEX AC against the named "
                         "attacker) or an action to take later as a reaction",
                 examples=("prepare if Barry attacks me with his halberd, I dodge --against "
                           "barry --with halberd", "prepare when the door opens, I shoot"),
                 positionals=("actor?", "text"),
                 flags=(flag("against", "text", metavar="ATTACKER", completes="actor",
                             help="a dodge against this attacker's next attack (P11)"),
                        flag("with", "text", metavar="WEAPON", choices=weapons,
                             help="only its attacks with this weapon")))
    def prepare(ctx: Context) -> Outcome:
        typed = " ".join(ctx.parsed.words)
        who, text = actor_and_text(ctx, "prepare", "prepare [ACTOR] TEXT")
        state = ctx.state
        if state.turn is not None and not state.controls_turn(who):
            acting = state.actors[state.turn]
            raise CommandError(f"{state.actors[who].name} prepares on its own turn: Prepare "
                               "is one of its actions (P6, P11)",
                               f"for {acting.name}, name it first: prepare {acting.id} {typed}")
        p = ctx.parsed
        against = weapon = None
        if p.get("against"):
            against = resolve.actor(ctx.state, p.get("against"))
            p.flags["against"] = against
        if p.get("with"):
            if against is None:
                raise CommandError("--with narrows a dodge against one attacker (P11)",
                                   "add --against ATTACKER, or drop --with")
            other = ctx.state.actors[against]
            weapon = own_item(p.get("with"), other.sheet.weapons, "weapon", other.name)
            p.flags["with"] = weapon
        p.words[:] = [who, text]
        request = actions.PrepareRequest(who, text, against, weapon)
        state, events, _ = actions.prepare(ctx.state, ctx.ruleset, request,
                                           SlotDice(ctx, {}).tape())
        return Outcome(state, events)

    @reg.command("wield", aliases=("draw",), rules="P6, P7",
                 usage="wield [ACTOR] WEAPON",
                 summary="take another carried weapon in hand (an action)",
                 examples=("wield dagger", "wield kit dagger"),
                 positionals=("actor?", "|".join(weapons)))
    def wield(ctx: Context) -> Outcome:
        who, word = actor_and(ctx, "wield", "wield [ACTOR] WEAPON")
        actor = ctx.state.actors[who]
        weapon = own_item(word, actor.sheet.weapons, "weapon", actor.name)
        ctx.parsed.words[:] = [who, weapon]
        state, events, _ = actions.wield(ctx.state, ctx.ruleset,
                                         actions.WieldRequest(who, weapon),
                                         SlotDice(ctx, {}).tape())
        return Outcome(state, events)

    @reg.command("ability", rules="P3, P4, P12",
                 usage="ability [ACTOR] ABILITY [--dt N] [--dice N] [--roll FACES]",
                 summary="use an ability: its actions, a pool test if it has one, the dice "
                         "it discards; a reaction ability outside the actor's turn",
                 examples=("ability rally", "ability odo parry --dt 2"),
                 positionals=("actor?", "|".join(abilities)),
                 flags=(*test, *slot_flags(POOL_SLOT)))
    def ability(ctx: Context) -> Outcome:
        who, word = actor_and(ctx, "ability", "ability [ACTOR] ABILITY")
        actor = ctx.state.actors[who]
        found = own_item(word, actor.sheet.abilities, "ability", actor.name)
        ctx.parsed.words[:] = [who, found]
        request = actions.AbilityRequest(who, found, ctx.parsed.get("dt"),
                                         ctx.parsed.get("dice"))
        slots = SlotDice(ctx, POOL_SLOT)
        state, events, outcome = actions.use_ability(ctx.state, ctx.ruleset, request,
                                                     slots.tape())
        if outcome.test is not None:
            no_faces_unrolled(ctx, outcome.test.dice)
        slots.finish()
        return Outcome(state, events)

    for name, reaction in (("act", False), ("react", True)):
        _register_other(reg, name, reaction, test)


def _register_other(reg: Registry, name: str, reaction: bool, test: tuple) -> None:
    """`act` (on one's turn, P6) and `react` (a prepared action off-turn, P11), each a
    pool test when a DT is given (P3)."""
    if reaction:
        usage = "react ACTOR action|N TEXT [--dt N] [--dice N] [--roll FACES]"
        summary = "take a prepared action outside one's turn; a roll adds CON dice after"
        examples = ("react odo action shove him back", "react kit action shoot --dt 2")
        positionals = ("actor", "cost", "text")
        rules = "P3, P4, P11"
    else:
        usage = "act [ACTOR] action|N TEXT [--dt N] [--dice N] [--roll FACES]"
        summary = "any other action (a skill, a generic action); --dt makes it a pool test"
        examples = ("act action pull the lever", "act freya action climb the wall --dt 2")
        positionals = ("actor?", "cost", "text")
        rules = "P3, P6"

    @reg.command(name, usage=usage, summary=summary, examples=examples, rules=rules,
                 positionals=positionals, flags=(*test, *slot_flags(POOL_SLOT)))
    def other(ctx: Context) -> Outcome:
        words, rs = ctx.parsed.words, ctx.ruleset
        if not reaction and words and rs.is_cost(words[0]):
            who, rest = resolve.acting(ctx.state), words
        elif len(words) >= 2 and rs.is_cost(words[1]):
            who, rest = resolve.actor(ctx.state, words[0]), words[1:]
        else:
            raise CommandError(f"{name}: name what it costs: action, or a number of actions "
                               "(P6)", f"e.g. {examples[0]}")
        cost, text = rest[0].lower(), " ".join(rest[1:])
        words[:] = [who, cost, *([text] if text else [])]
        request = actions.ActRequest(who, cost, text, ctx.parsed.get("dt"),
                                     ctx.parsed.get("dice"))
        slots = SlotDice(ctx, POOL_SLOT)
        verb = actions.react if reaction else actions.act
        state, events, outcome = verb(ctx.state, rs, request, slots.tape())
        if outcome.test is not None:
            no_faces_unrolled(ctx, outcome.test.dice)
        slots.finish()
        return Outcome(state, events)


def _register_gm(reg: Registry, rs) -> None:
    shared_set = reg.verbs["set"]
    numbers = set(rs.sheet_numbers)

    @reg.command("set", group="gm", usage=shared_set.usage, summary=shared_set.summary,
                 examples=shared_set.examples, positionals=shared_set.positionals)
    def set_(ctx: Context) -> Outcome:
        """The shared `set`, plus the sheet numbers (STR, DEX, CON, AC, speed)."""
        words = ctx.parsed.words
        if len(words) < 2:
            raise CommandError("expected set ACTOR FIELD=VALUE...", "e.g. set freya pool=6")
        target = resolve.actor(ctx.state, words[0])
        words[0] = target
        state, events = ctx.state, []
        for pair in words[1:]:
            key, sep, value = pair.partition("=")
            if sep and key.lower() in numbers:
                number = whole_number(value, key.lower())
                state, changed = ctx.ruleset.set_number(state, target, key.lower(), number)
            else:
                one = replace(ctx, state=state, parsed=Parsed("set", [target, pair]))
                done = shared_set.handler(one)
                state, changed = done.state, list(done.events)
            events += changed
        return Outcome(state, events)

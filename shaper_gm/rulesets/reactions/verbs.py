"""The reactions ruleset's verbs (R1-R12): attack with its block, dodge and critical
slots and the defender's `--react` answers, move, shield, react, and its own take on
the shared `add`, `damage` and `odds`.

Every handler resolves ids by unique prefix and writes back what it resolved, every
face rolled and every answer given, so the logged line replays exactly.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

from shaper_gm.commands import resolve
from shaper_gm.commands.args import flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import REACT, SlotDice, slot_flags
from shaper_gm.commands.verbs.gm import target_and_amount
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.engine.steps import Note, odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.reactions import actions
from shaper_gm.rulesets.reactions.attack import AttackRequest
from shaper_gm.rulesets.reactions.events import AttackResolved
from shaper_gm.rulesets.reactions.models import ATTACK_TYPES
from shaper_gm.rulesets.reactions.odds import AttackOdds, attack_odds
from shaper_gm.rulesets.reactions.ruleset import reaction_cost
from shaper_gm.rulesets.reactions.steps import SLOT_BLOCK, SLOT_CRIT, SLOT_DODGE

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

# The flags `add` takes on top of the shared ones.
ADD_FLAGS = (flag("weapon", "text", repeat=True, metavar="ITEM",
                  help="a weapon or spell it carries; the first is its default (R1)"),
             flag("shield", "text", metavar="ITEM", help="a shield it can raise (R12)"))
ADD_USAGE = "[--weapon ITEM]... [--shield ITEM]"


def register(reg: Registry, rs) -> None:
    weapons = tuple(aid for aid, _ in rs.library.attacks)
    aim = (flag("with", "text", metavar="WEAPON", choices=weapons,
                help="a weapon or spell the attacker carries (default: its first)"),
           flag("type", "text", metavar=TYPES, choices=ATTACK_TYPES,
                help="the attack's type instead of the weapon's (R1)"),
           flag("power", "int", metavar="N", help="the attack's power instead of the "
                                                  "weapon's (R1)"),
           flag("damage-bonus", "int", metavar="N",
                help="the GM's bonus to this attack's damage, after armor (R6)"))
    _register_attack(reg, aim)
    _register_turn_verbs(reg)
    _register_gm_verbs(reg, aim)


def template(ctx: Context, word: str):
    """`add --as CREATURE`: a creature of the content by unique prefix, written back."""
    creatures = ctx.ruleset.templates()
    found = resolve.match_one(word, list(creatures), "creature",
                              f"creatures: {', '.join(creatures)}")
    ctx.parsed.flags["as"] = found
    return creatures[found]


def add_extra(ctx: Context, parsed) -> dict:
    """`--weapon` and `--shield`, resolved against the content and written back."""
    library = ctx.library
    out: dict = {}
    if parsed.get("weapon"):
        known = [aid for aid, _ in library.attacks]
        chosen = [resolve.match_one(w, known, "weapon or spell",
                                    f"weapons and spells: {', '.join(known)}")
                  for w in parsed.get("weapon")]
        parsed.flags["weapon"] = chosen
        out["weapons"] = tuple(chosen)
    if parsed.get("shield"):
        known = [sid for sid, _ in library.shields]
        shield = resolve.match_one(parsed.get("shield"), known, "shield",
                                   f"shields: {', '.join(known)}")
        parsed.flags["shield"] = shield
        out["shield"] = shield
    return out


# --- attack ------------------------------------------------------------------------------

def _register_attack(reg: Registry, aim: tuple) -> None:
    @reg.command(
        "attack", aliases=("a", "hit"), rules="R1-R8",
        usage=f"attack [ATTACKER] TARGET [--with WEAPON] [--type {TYPES}] [--power N] "
              "[--damage-bonus N] [--react TARGET=block|dodge]... [--block FACES]... "
              "[--dodge FACES]... [--crit FACES] [--to TILE]",
        summary="attack: the defender may block or dodge, then a critical roll and damage",
        examples=("attack bo", "attack ann bo --react bo=block --react bo=block "
                  "--block 5 --block 11 --crit 16",
                  "attack bo --with hex-pistol --react bo=dodge --dodge 15 --to F3"),
        positionals=("actor?", "target"),
        flags=(*aim, REACT_FLAG, *slot_flags(SLOTS),
               flag("to", "text", metavar="TILE", completes="zone",
                    help="where the defender goes if a dodge succeeds (R4)")))
    def attack(ctx: Context) -> Outcome:
        who, target = attacker_and_target(ctx, "attack")
        request = attack_request(ctx, who, target)
        dice = SlotDice(ctx, SLOTS)
        only_the_defender(ctx, dice.decisions.declared, target)
        state, events, outcome = actions.attack(ctx.state, ctx.ruleset, request, dice.tape())
        notes = settle_extras(ctx, dice, outcome)
        dice.finish()
        ctx.parsed.flags["to"] = outcome.moved_to
        if notes:
            events = [replace(e, outcome=replace(outcome, notes=(*outcome.notes, *notes)))
                      if isinstance(e, AttackResolved) else e for e in events]
        return Outcome(state, events)


def attacker_and_target(ctx: Context, verb: str) -> tuple[str, str]:
    """`VERB [ATTACKER] TARGET`, resolved and written back."""
    words = ctx.parsed.words
    if len(words) not in (1, 2):
        raise CommandError(f"{verb}: expected [ATTACKER] TARGET",
                           f"e.g. {verb} bo, or {verb} ann bo")
    if "," in words[-1]:
        raise CommandError(f"{verb}: an attack has one defender (R1), got {words[-1]!r}",
                           f"attack each in turn, e.g. {verb} {words[-1].split(',')[0]}")
    who = resolve.actor(ctx.state, words[0]) if len(words) == 2 else resolve.acting(ctx.state)
    target = resolve.actor(ctx.state, words[-1])
    words[:] = [who, target]
    return who, target


def attack_request(ctx: Context, who: str, target: str) -> AttackRequest:
    """The attack's weapon, type and power from the flags, written back resolved."""
    p = ctx.parsed
    weapon = None
    if p.get("with"):
        weapon = _weapon(ctx, who, p.get("with"))
        p.flags["with"] = weapon
    attack_type = p.get("type")
    if attack_type is not None:
        attack_type = attack_type.lower()
        p.flags["type"] = attack_type
    dodge_to = p.get("to")
    if dodge_to is not None:
        dodge_to = ctx.ruleset.canonical_zone(dodge_to, ctx.state.cols, ctx.state.rows)
    return AttackRequest(who, target, weapon, attack_type, p.get("power"), dodge_to,
                         p.get("damage-bonus") or 0)


def _weapon(ctx: Context, who: str, word: str) -> str:
    """A weapon of the attacker's by unique prefix; a content weapon it lacks goes on to
    the rules, which refuse it by name (R1)."""
    actor = ctx.state.actors[who]
    carried = list(actor.sheet.weapons)
    if word.lower() in dict(ctx.library.attacks):
        return word.lower()
    return resolve.match_one(word, carried, "weapon or spell",
                             f"{actor.name} carries: {', '.join(carried) or 'nothing'} (R1)")


def only_the_defender(ctx: Context, declared, target: str) -> None:
    """R2: only the defender reacts to an attack."""
    for actor_id, answer in declared:
        if actor_id != target:
            name = ctx.state.actors[target].name
            raise CommandError(f"--react {actor_id}={answer}: only the defender, {name}, "
                               "reacts to this attack (R2)", f"--react {target}=block|dodge")


def settle_extras(ctx: Context, dice: SlotDice, outcome) -> list:
    """R2: a defender tries until a block or dodge succeeds, and a dodged attack makes
    no critical roll (R5). Answers and faces given for tries past that point are left out
    of the log (with a note); faces for tries nobody declared are refused."""
    settled = outcome.dodged or outcome.blocked
    name = ctx.state.actors[outcome.defender].name
    notes = []
    for slot in (SLOT_BLOCK, SLOT_DODGE):
        given, used = len(dice.given[slot]), len(dice.sources[slot])
        if given <= used:
            continue
        if not settled:
            raise CommandError(f"--{slot} gives {given} face(s) but {name} made {used} "
                               f"{slot} attempt(s) (R2)", f"declare each {slot} with --react "
                               f"{outcome.defender}={slot}, in order")
        dice.given[slot] = dice.given[slot][:used]
        notes.append(Note(f"--{slot}: {given - used} face(s) left unused, the "
                          f"{'dodge' if outcome.dodged else 'block'} had succeeded", None,
                          "R2"))
    if outcome.dodged and dice.given[SLOT_CRIT]:
        dice.given[SLOT_CRIT] = []
        notes.append(Note("--crit left unused: a dodged attack makes no critical roll", None,
                          "R5"))
    decisions = dice.decisions
    if settled:
        answered = sum(1 for actor_id, _ in decisions.made if actor_id == outcome.defender)
        decisions.declared = list(decisions.declared)[:answered]
    if ctx.parsed.get("to") and outcome.moved_to is None:
        notes.append(Note(f"--to {ctx.parsed.get('to')} left unused: {name} did not dodge",
                          None, "R4"))
    return notes


# --- move, shield, react -------------------------------------------------------------------

def _register_turn_verbs(reg: Registry) -> None:
    @reg.command("move", usage="move [ACTOR] TILE", rules="R10", aliases=("mv",),
                 summary="the turn's move: to a free tile up to the creature's speed in "
                         "metres (diagonals count 1)",
                 examples=("move C4", "move ann C4"), positionals=("actor?", "zone"))
    def move(ctx: Context) -> Outcome:
        who, (tile,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "move",
                                           "move [ACTOR] TILE")
        state, events, moved = actions.move(ctx.state, ctx.ruleset,
                                            actions.MoveRequest(who, tile))
        ctx.parsed.words[:] = [who, moved.end]
        return Outcome(state, events)

    @reg.command("shield", usage="shield [ACTOR]", rules="R7, R12", aliases=("raise",),
                 summary="raise a shield (the action): it soaks damage first until "
                         "depleted or the creature's next turn",
                 examples=("shield", "shield bo"), positionals=("actor?",))
    def shield(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "shield",
                                     "shield [ACTOR]")
        ctx.parsed.words[:] = [who]
        state, events, _ = actions.raise_shield(ctx.state, ctx.ruleset,
                                                actions.ShieldRequest(who))
        return Outcome(state, events)

    @reg.command("react", usage="react ACTOR N|reaction TEXT", rules="R11",
                 summary="spend reactions outside the creature's own turn, for anything "
                         "but a block or dodge (those go in the attack: --react)",
                 examples=("react cy 1 shouts a warning", "react bo reaction catches the "
                           "key"), positionals=("actor", "number", "text"))
    def react(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) < 2:
            raise CommandError("expected react ACTOR N TEXT", "e.g. react cy 1 shouts a "
                                                              "warning")
        who = resolve.actor(ctx.state, words[0])
        cost = reaction_cost(words[1], who)
        text = " ".join(words[2:])
        ctx.parsed.words[:] = [who, str(cost), *([text] if text else [])]
        state, events, _ = actions.react(ctx.state, ctx.ruleset,
                                         actions.ReactRequest(who, cost, text))
        return Outcome(state, events)


# --- damage and odds -----------------------------------------------------------------------

def _register_gm_verbs(reg: Registry, aim: tuple) -> None:
    @reg.command("damage", group="gm", rules="R6-R8", aliases=("dmg",),
                 usage=f"damage TARGET N [--type {TYPES}] [--direct]",
                 summary="deal N damage of a type through armor and shield, like a hit "
                         "without a block",
                 examples=("damage bo 12", "damage bo 8 --type true", "damage ann 5 --direct"),
                 positionals=("actor", "number"),
                 flags=(flag("type", "text", metavar=TYPES, choices=ATTACK_TYPES,
                             help="the damage's type (default physical, R1)"),
                        flag("direct", help="straight off health: no armor, no shield")))
    def damage(ctx: Context) -> Outcome:
        p = ctx.parsed
        target, n = target_and_amount(ctx, "damage")
        if p.get("direct") and p.get("type"):
            raise CommandError("--direct skips armor and shield, so --type does not apply",
                               "drop --type, or drop --direct")
        options: dict = {}
        if p.get("type"):
            options["type"] = p.flags["type"] = p.get("type").lower()
        if p.get("direct"):
            options["direct"] = True
        return Outcome(*ctx.ruleset.damage(ctx.state, target, n, options))

    @reg.command("odds", group="gm", logged=False, rules="R1-R8",
                 usage=f"odds [ATTACKER] TARGET [--with WEAPON] [--type {TYPES}] [--power N] "
                       "[--react TARGET=block|dodge]... [--json]",
                 summary="exact chances of a dodge, a block and a critical, and the damage "
                         "distribution, for the reactions declared",
                 examples=("odds bo", "odds ann bo --react bo=block --react bo=block",
                           "odds bo --with hex-pistol --react bo=dodge --json"),
                 positionals=("actor?", "target"),
                 flags=(*aim, REACT_FLAG,
                        flag("json", help='the same as JSON, fractions as "n/d"')),
                 notes=(odds_limits(),))
    def odds(ctx: Context) -> Outcome:
        who, target = attacker_and_target(ctx, "odds")
        request = attack_request(ctx, who, target)
        declared = parse_react(ctx.parsed.get(REACT) or (),
                               lambda word: resolve.actor(ctx.state, word))
        only_the_defender(ctx, declared, target)
        result = attack_odds(ctx.state, ctx.ruleset, request, Decisions(declared=declared))
        if ctx.parsed.get("json"):
            return Outcome(view=Message(odds_json(result)))
        from shaper_gm.rulesets.reactions import views  # noqa: F401  (registers the view)
        return Outcome(view=result)


def odds_json(odds: AttackOdds) -> str:
    """The odds as JSON, every chance an exact ``"n/d"`` string."""
    def frac(p) -> str:
        p = Fraction(p)
        return f"{p.numerator}/{p.denominator}"

    def table(d) -> dict[str, str]:
        return {str(value): frac(d[value]) for value in d}

    return json.dumps({
        "attacker": odds.attacker, "defender": odds.defender, "weapon": odds.weapon,
        "type": odds.attack_type, "power": odds.power, "reactions": list(odds.reactions),
        "hit": frac(odds.hit), "dodged": frac(odds.dodged), "blocked": frac(odds.blocked),
        "critical": frac(odds.critical), "down": frac(odds.down),
        "damage": table(odds.damage), "mean_damage": frac(odds.damage.mean()),
        "health_lost": table(odds.health_lost),
        "mean_health_lost": frac(odds.health_lost.mean()),
        "assumed": list(odds.assumed)}, indent=2)

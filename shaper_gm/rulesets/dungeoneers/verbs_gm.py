"""Dungeoneers' part of the shared setup and GM verbs: the flags of `add`, and `damage`
(wounds of a type), `set` (wounds and AP resettle D19 and who is up), `add`, `remove`
and `init` (who is up is worked out again), `odds` (exact strike odds) and `ambient`
(the encounter's ambient arca, D28).

Part of the command layer like `verbs.py` (which registers these through `register`).
"""

from __future__ import annotations

import importlib
import json
from fractions import Fraction

from shaper_gm.commands import resolve
from shaper_gm.commands.args import flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.verbs.gm import target_and_amount
from shaper_gm.commands.verbs.setup import whole_number
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.dungeoneers.arcana import set_ambient_arca
from shaper_gm.rulesets.dungeoneers.attacks import StrikeRequest
from shaper_gm.rulesets.dungeoneers.models import RANKS
from shaper_gm.rulesets.dungeoneers.odds import StrikeOdds, strike_odds

ADD_FLAGS = (
    flag("prof", "text", repeat=True, metavar="NAME=RANK",
         help=f"a proficiency rank: {', '.join(RANKS)} (D12)"),
    flag("vulnerable", "text", repeat=True, metavar="TYPE=N",
         help="vulnerability(N) to a damage type or category (D20)"),
    flag("resist", "text", repeat=True, metavar="TYPE=N", help="resistance(N) (D20)"),
    flag("immune", "text", repeat=True, metavar="TYPE", help="immunity (D20)"),
    flag("weapon", "text", repeat=True, metavar="ITEM", completes="weapon",
         help="a weapon it carries (replaces the template's)"),
    flag("holding", "text", repeat=True, metavar="ITEM", completes="weapon",
         help="a weapon in hand when the fight starts (D22)"),
    flag("spell", "text", repeat=True, metavar="SPELL", help="a spell it knows (D28)"),
    flag("speed", "text", repeat=True, metavar="NAME=N", help="a travel speed (D21)"),
)
ADD_USAGE = ("[--prof NAME=RANK]... [--vulnerable TYPE=N]... [--resist TYPE=N]... "
             "[--immune TYPE]... [--weapon ITEM]... [--holding ITEM]... [--spell SPELL]... "
             "[--speed NAME=N]...")


def add_extra(ctx: Context, parsed) -> dict:
    """The Dungeoneers flags of `add`, read and written back resolved for the log."""
    library = ctx.library
    out: dict = {}
    for key in ("prof", "vulnerable", "resist", "speed"):
        pairs = []
        for entry in parsed.get(key) or ():
            name, sep, value = entry.partition("=")
            if not sep or not name.strip() or not value.strip():
                raise CommandError(f"--{key} {entry!r} is not NAME=VALUE",
                                   f"e.g. {ADD_EXAMPLES[key]}")
            name = name.strip().lower()
            value = value.strip().lower() if key == "prof" else \
                whole_number(value, f"--{key} {name}")
            pairs.append((name, value))
        if pairs:
            out[key] = tuple(pairs)
            parsed.flags[key] = [f"{k}={v}" for k, v in pairs]
    if parsed.get("immune"):
        out["immune"] = tuple(w.strip().lower() for w in parsed.get("immune"))
        parsed.flags["immune"] = list(out["immune"])
    for key, table in (("weapon", library.weapons), ("holding", library.weapons),
                       ("spell", library.spells)):
        if parsed.get(key):
            known = sorted(table)
            out[key] = tuple(resolve.match_one(w, known, key) for w in parsed.get(key))
            parsed.flags[key] = list(out[key])
    return out


ADD_EXAMPLES = {"prof": "--prof striking=expert", "vulnerable": "--vulnerable B=1",
                "resist": "--resist physical=1", "speed": "--speed fly=2"}


def template(ctx: Context, word: str):
    """`add --as`: a Dungeoneers creature from content, by unique prefix."""
    creatures = sorted(ctx.ruleset.templates())
    return ctx.ruleset.template(resolve.match_one(word, creatures, "creature"))


def words_for(ctx: Context, verb: str) -> tuple[str, str]:
    """`VERB [ACTOR] TEXT`: a first word that is a creature's id (or a prefix of three
    letters or more) names the actor; the rest is the text, written as one word."""
    words, state = ctx.parsed.words, ctx.state
    first = words[0].lower() if words else ""
    ids = list(state.actors)
    named = first in ids or (len(first) >= 3 and sum(a.startswith(first) for a in ids) == 1)
    who = resolve.actor(state, first) if named else resolve.acting(state)
    text = " ".join(words[1:] if named else words)
    ctx.parsed.words[:] = [who, *([text] if text else [])]
    return who, text


def weapon_flag(ctx: Context, who: str) -> str | None:
    """`--with`: one of the creature's weapons (or its bare hand), by unique prefix."""
    word = ctx.parsed.get("with")
    if word is None:
        return None
    actor = ctx.state.actors[who]
    carried = [*actor.sheet.weapons, ctx.ruleset.numbers.unarmed]
    weapon = resolve.match_one(word, carried, "weapon",
                               f"{actor.name} carries: {', '.join(carried)}")
    ctx.parsed.flags["with"] = weapon
    return weapon


def boon_of(ctx: Context) -> tuple[int, int]:
    boon, bane = ctx.parsed.get("boon") or 0, ctx.parsed.get("bane") or 0
    if boon < 0 or bane < 0:
        raise CommandError("boon and bane are counted from 0 (D15)", "e.g. --boon 1")
    return boon, bane


def register(reg: Registry, rs) -> None:
    _register_changes(reg, rs.numbers.damage_types.codes())
    _register_odds(reg)


def _register_changes(reg: Registry, types: tuple[str, ...]) -> None:
    @reg.command(
        "damage", group="gm", rules="D18-D20", positionals=("actor", "number"),
        aliases=("dmg",), usage="damage TARGET N [--type TYPE] [--criticals N] [--direct]",
        summary="deal N wounds like a hit: of a type (D20), again per critical (D18)",
        examples=("damage skeleton 3 --type B", "damage gob 2 --criticals 1",
                  "damage freya 4 --direct"),
        flags=(flag("type", "text", metavar="TYPE", choices=types,
                    help=f"a damage type: {' '.join(types)}, or its name (D20)"),
               flag("criticals", "int", metavar="N", help="critical hits (D18)"),
               flag("direct", help="straight onto the wounds: no vulnerability, "
                                   "resistance or immunity")))
    def damage(ctx: Context) -> Outcome:
        target, n = target_and_amount(ctx, "damage")
        p, rs = ctx.parsed, ctx.ruleset
        kind = p.get("type")
        if kind is not None:
            code = rs.numbers.damage_types.code_of(kind)
            if code is None:
                raise CommandError(f"--type {kind!r} is not a damage type (D20)",
                                   f"types: {', '.join(rs.numbers.damage_types.codes())}")
            if p.get("direct"):
                raise CommandError("--direct skips D20, so --type changes nothing",
                                   "drop one of them")
            p.flags["type"] = kind = code
        options = {"type": kind, "criticals": p.get("criticals") or 0,
                   "direct": bool(p.get("direct"))}
        return Outcome(*rs.damage(ctx.state, target, n, options))

    shared_set = reg.verbs["set"]

    @reg.command("set", group="gm", rules="D3, D19", usage=shared_set.usage,
                 summary=shared_set.summary + "; wounds at the limit put a creature down",
                 examples=shared_set.examples, positionals=shared_set.positionals)
    def set_(ctx: Context) -> Outcome:
        done = shared_set.handler(ctx)
        return Outcome(*ctx.ruleset.reconcile(done.state, list(done.events)))

    shared_add = reg.verbs["add"]

    @reg.command("add", group="setup", rules="D1, D10, D12, D19-D22", usage=shared_add.usage,
                 summary=shared_add.summary + "; mid-round, it joins with full AP (D1)",
                 examples=shared_add.examples, positionals=shared_add.positionals,
                 flags=shared_add.flags)
    def add(ctx: Context) -> Outcome:
        """Reinforcements (D10) join with their AP, so who is up is worked out again."""
        done = shared_add.handler(ctx)
        return Outcome(*ctx.ruleset.settle(done.state, list(done.events)))

    shared_init = reg.verbs["init"]

    @reg.command("init", group="setup", rules="D3-D5", usage="init ID ID ...",
                 summary="set the listing order: it names the default when a group ties "
                         "(D4) and breaks a tie of body totals (D5)",
                 examples=("init freya alberich skeleton",),
                 positionals=shared_init.positionals, flags=shared_init.flags)
    def init(ctx: Context) -> Outcome:
        done = shared_init.handler(ctx)
        return Outcome(*ctx.ruleset.settle(done.state, list(done.events)))

    shared_remove = reg.verbs["remove"]

    @reg.command("remove", group="setup", usage=shared_remove.usage, aliases=("rm",),
                 summary="take a creature out of the encounter; who is up is worked out "
                         "again", examples=shared_remove.examples,
                 positionals=shared_remove.positionals)
    def remove(ctx: Context) -> Outcome:
        """No turn runs between actions (D2), so the creature up by default may go too."""
        if len(ctx.parsed.words) == 1:
            gone = resolve.actor(ctx.state, ctx.parsed.words[0])
            if ctx.state.turn == gone:
                ctx.state = ctx.state.with_(turn=None)
        return shared_remove.handler(ctx)

    @reg.command("ambient", group="gm", rules="D28", positionals=("number",),
                 usage="ambient N", summary="set the encounter's ambient arca (spells pay "
                 "their baseline from it first)", examples=("ambient 3", "ambient 0"))
    def ambient(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) != 1:
            raise CommandError("expected ambient N", "e.g. ambient 3")
        if not (words[0].isascii() and words[0].isdigit()) or len(words[0]) > 4:
            raise CommandError(f"ambient: {words[0]!r} is not a whole number of arca (D28)",
                               "give 0 or more, e.g. ambient 3")
        n = int(words[0])
        words[:] = [str(n)]
        return Outcome(*set_ambient_arca(ctx.state, ctx.ruleset, n))


def _register_odds(reg: Registry) -> None:
    @reg.command(
        "odds", group="gm", logged=False, rules="D11-D20",
        usage="odds [ACTOR] TARGET [--with WEAPON] [--boon N] [--bane N] [--power] [--json]",
        summary="exact chance to hit, to pierce, of each number of critical hits, of the "
                "wounds dealt and of reaching the wound limit",
        examples=("odds skeleton", "odds suori skeleton --power --json"),
        positionals=("actor?", "target"),
        flags=(flag("with", "text", metavar="WEAPON", completes="weapon",
                    help="the weapon (default: the one in hand)"),
               flag("boon", "int", metavar="N", help="points of boon: +1d4 each (D15)"),
               flag("bane", "int", metavar="N", help="points of bane: -1d4 each (D15)"),
               flag("power", help="a power strike (D17)"),
               flag("damage-bonus", "int", metavar="N",
                    help="the GM's wounds added to each application (D16)"),
               flag("json", help='the same as JSON, fractions as "n/d"')),
        notes=(odds_limits(),))
    def odds(ctx: Context) -> Outcome:
        who, (target,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "odds",
                                             "odds [ACTOR] TARGET")
        target = resolve.actor(ctx.state, target)
        request = StrikeRequest(who, target, weapon_flag(ctx, who), *boon_of(ctx),
                                wound_bonus=ctx.parsed.get("damage-bonus") or 0)
        found = strike_odds(ctx.state, ctx.ruleset, request,
                            power=bool(ctx.parsed.get("power")))
        if ctx.parsed.get("json"):
            return Outcome(view=Message(odds_json(found)))
        # The render layer looks views up by type without loading a ruleset's views
        # module for them (it does so for events): load ours so this one is drawn.
        importlib.import_module("shaper_gm.rulesets.dungeoneers.views")
        return Outcome(view=found)


def fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def odds_json(odds: StrikeOdds) -> str:
    return json.dumps({
        "attacker": odds.actor, "target": odds.target, "weapon": odds.weapon,
        "power": odds.power, "hit": fraction(odds.hit), "pierce": fraction(odds.pierce),
        "criticals": {str(n): fraction(p) for n, p in odds.criticals},
        "wounds": {str(n): fraction(p) for n, p in odds.wounds},
        "mean_wounds": fraction(odds.mean_wounds), "down": fraction(odds.down)}, indent=2)

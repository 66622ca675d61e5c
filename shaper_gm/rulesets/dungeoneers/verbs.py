"""Dungeoneers' verbs (commands.md "Dungeoneers verbs"): strike, power strike, move,
sprint, interact, defend, ready, grapple, push, deep breath, focus, spellcast, pass and
grab a ledge; and the `add` flags of a Dungeoneers sheet. The shared verbs it changes
(`add`, `damage`, `set`, `remove`, `init`) and its own GM tools (`odds`, `ambient`) are
in `verbs_gm.py`.

Each handler resolves the words (unique prefixes), writes them back resolved, plays the
rules core's verb on a tape whose dice come from the `--SLOT FACES` flags (else the
shell, else the generator) and whose decisions come from `--react ID=NAME`, and writes
every face and answer back into the line, so the log replays exactly.
"""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.args import flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice, slot_flags
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.dungeoneers import actions as A
from shaper_gm.rulesets.dungeoneers import verbs_gm
from shaper_gm.rulesets.dungeoneers.basic import READYABLE
from shaper_gm.rulesets.dungeoneers.verbs_gm import (
    add_extra,
    boon_of,
    template,
    weapon_flag,
    words_for,
)

__all__ = ["ADD_FLAGS", "ADD_USAGE", "add_extra", "register", "template"]

SLOT_HELP = {
    "roll": "the acting creature's test: its proficiency die, then boon/bane d4s (D11, D15)",
    "dodge": "the defender's test: its dodging die, then boon d4s (D11, D23)",
    "pierce": "the pierce check's dice, rolled on a hit (D16)",
    "resist": "the defender's test against the spell (D28)",
    "grab": "the ledge check's d4, if the defender grabs the ledge (D29)",
}
# Slots rolled only if the action gets that far: faces given for them are dropped from
# the log when it does not (a miss rolls no pierce check), as Shaper drops its damage.
MAYBE_ROLLED = ("pierce", "grab")
BOON_FLAGS = (flag("boon", "int", metavar="N", help="points of boon: +1d4 each (D15)"),
              flag("bane", "int", metavar="N", help="points of bane: -1d4 each (D15)"))
DAMAGE_BONUS = flag("damage-bonus", "int", metavar="N",
                    help="the GM's wounds added to each application of the strike's (D16)")
WITH = flag("with", "text", metavar="WEAPON", completes="weapon",
            help="a weapon in hand (default: the first in hand, else a fist)")

ADD_FLAGS = verbs_gm.ADD_FLAGS
ADD_USAGE = verbs_gm.ADD_USAGE


def slots(*names: str) -> dict[str, tuple[bool, str]]:
    return {name: (False, SLOT_HELP[name]) for name in names}


def play(ctx: Context, run, request, slot_names: tuple[str, ...] = ()) -> Outcome:
    """Run a rules-core verb with the command's dice and answers; log what it rolled."""
    dice = SlotDice(ctx, slots(*slot_names))
    state, events, _ = run(ctx.state, ctx.ruleset, request, dice.tape())
    for name in MAYBE_ROLLED:
        if name in dice.slots and not dice.sources[name]:
            dice.given[name] = []
    dice.finish()
    return Outcome(state, events)


def register(reg: Registry, rs) -> None:
    _register_attacks(reg)
    _register_moves(reg)
    _register_simple(reg)
    _register_arcana(reg)
    verbs_gm.register(reg, rs)


# --- strikes, grapple, push ---------------------------------------------------------------

def _register_attacks(reg: Registry) -> None:
    strike_flags = (WITH, *BOON_FLAGS, DAMAGE_BONUS,
                    *slot_flags(slots("roll", "dodge", "pierce")))
    for name, power, cost, rules in (("strike", False, 3, "D11-D20"),
                                     ("power-strike", True, 4, "D11-D20, D17")):
        extra = ": 1 extra wound, 1 boon on the striking roll" if power else ""
        run = A.power_strike if power else A.strike

        @reg.command(
            name, rules=rules, positionals=("actor?", "target"), flags=strike_flags,
            usage=f"{name} [ACTOR] TARGET [--with WEAPON] [--boon N] [--bane N] "
                  "[--damage-bonus N] [--roll FACES] [--dodge FACES] [--pierce FACES]",
            summary=f"{cost} AP: hit test, pierce check against armor value, "
                    f"wounds{extra}",
            examples=(f"{name} skeleton", f"{name} suori skeleton --roll 4 --dodge 3 "
                      "--pierce 3", f"{name} freya gob --with dagger --boon 1"))
        def handler(ctx: Context, run=run, name=name) -> Outcome:
            who, (target,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, name,
                                                 f"{name} [ACTOR] TARGET")
            target = resolve.actor(ctx.state, target)
            ctx.parsed.words[:] = [who, target]
            weapon = weapon_flag(ctx, who)
            request = A.StrikeRequest(who, target, weapon, *boon_of(ctx),
                                      wound_bonus=ctx.parsed.get("damage-bonus") or 0)
            return play(ctx, run, request, ("roll", "dodge", "pierce"))

    @reg.command(
        "grapple", rules="D11, D24", positionals=("actor?", "target"),
        flags=(*BOON_FLAGS, *slot_flags(slots("roll", "dodge"))),
        usage="grapple [ACTOR] TARGET [--boon N] [--bane N] [--roll FACES] [--dodge FACES]",
        summary="2 AP: grab a creature you threaten, with a hand free",
        examples=("grapple gob", "grapple freya skeleton --roll 5 --dodge 2"))
    def grapple(ctx: Context) -> Outcome:
        who, (target,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "grapple",
                                             "grapple [ACTOR] TARGET")
        target = resolve.actor(ctx.state, target)
        ctx.parsed.words[:] = [who, target]
        return play(ctx, A.grapple, A.GrappleRequest(who, target, *boon_of(ctx)),
                    ("roll", "dodge"))

    @reg.command(
        "push", rules="D8, D11, D25, D29", positionals=("actor?", "target", "zone"),
        flags=(flag("ledge", help="the push forces it past a ledge: it may grab it (D29)"),
               *BOON_FLAGS, *slot_flags(slots("roll", "dodge", "grab"), react=True)),
        usage="push [ACTOR] TARGET TILE [--ledge] [--boon N] [--bane N] [--roll FACES] "
              "[--dodge FACES] [--grab FACES] [--react TARGET=grab-ledge]",
        summary="2 AP: force a creature you threaten one tile; past a ledge it may grab it",
        examples=("push gob D2", "push suori gob D2 --ledge --react gob=grab-ledge "
                  "--roll 4 --dodge 1 --grab 3"))
    def push(ctx: Context) -> Outcome:
        who, (target, tile) = resolve.split_actor(ctx.state, ctx.parsed.words, 2, "push",
                                                  "push [ACTOR] TARGET TILE")
        target = resolve.actor(ctx.state, target)
        tile = tile_of(ctx, tile)
        ctx.parsed.words[:] = [who, target, tile]
        request = A.PushRequest(who, target, tile, bool(ctx.parsed.get("ledge")),
                                *boon_of(ctx))
        return play(ctx, A.push, request, ("roll", "dodge", "grab"))

    @reg.command(
        "grab-ledge", rules="D8, D14, D29", positionals=("actor?",),
        flags=(flag("tiles", "int", metavar="N", help="tiles it was forced (default 1)"),
               *slot_flags(slots("grab"))),
        usage="grab-ledge [ACTOR] [--tiles N] [--grab FACES]",
        summary="1 AP reaction: forced past a ledge, check 1d4 + dexterity vs 5 + tiles",
        examples=("grab-ledge gob --tiles 2", "grab-ledge skeleton --grab 4"))
    def grab_ledge(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "grab-ledge",
                                     "grab-ledge [ACTOR]")
        ctx.parsed.words[:] = [who]
        tiles = ctx.parsed.get("tiles")
        request = A.GrabLedgeRequest(who, 1 if tiles is None else tiles)
        return play(ctx, A.grab_ledge, request, ("grab",))


def tile_of(ctx: Context, word: str) -> str:
    return ctx.ruleset.canonical_zone(word, ctx.state.cols, ctx.state.rows)


# --- moving -----------------------------------------------------------------------------

def _register_moves(reg: Registry) -> None:
    for name, run, summary in (
            ("move", A.move, "1 AP: move up to one of your travel speeds in tiles"),
            ("sprint", A.sprint, "1 AP: twice a travel speed in tiles, and 1 stress")):
        @reg.command(
            name, rules="D21, D24", positionals=("actor?", "zone"),
            flags=(flag("speed", "text", metavar="NAME",
                        help="a travel speed on its sheet (default: the first)"),),
            usage=f"{name} [ACTOR] TILE [--speed NAME]", summary=summary,
            examples=(f"{name} C3", f"{name} bat E3 --speed fly"))
        def handler(ctx: Context, run=run, name=name) -> Outcome:
            who, (tile,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, name,
                                               f"{name} [ACTOR] TILE")
            tile = tile_of(ctx, tile)
            ctx.parsed.words[:] = [who, tile]
            speed = ctx.parsed.get("speed")
            if speed is not None:
                actor = ctx.state.actors[who]
                known = [s for s, _ in actor.sheet.speeds]
                speed = resolve.match_one(speed, known, "travel speed",
                                          f"{actor.name}'s speeds: {', '.join(known)} (D21)")
                ctx.parsed.flags["speed"] = speed
            return play(ctx, run, A.MoveRequest(who, tile, speed))


# --- actions without dice -------------------------------------------------------------

def _register_simple(reg: Registry) -> None:
    @reg.command(
        "interact", rules="D22", positionals=("actor?", "text"),
        flags=(flag("draw", "text", metavar="WEAPON", completes="weapon",
                    help="take a carried weapon in hand"),
               flag("stow", "text", metavar="WEAPON", completes="weapon",
                    help="put a held weapon away")),
        usage="interact [ACTOR] TEXT [--draw WEAPON] [--stow WEAPON]",
        summary="1 AP: open a door, drink a potion, draw or stow a weapon, ...",
        examples=("interact opens the door", "interact alberich --draw maul",
                  "interact freya --stow longsword"))
    def interact(ctx: Context) -> Outcome:
        who, text = words_for(ctx, "interact")
        actor = ctx.state.actors[who]
        draw = _item_flag(ctx, "draw", list(actor.sheet.weapons), actor.name)
        stow = _item_flag(ctx, "stow", list(actor.system.holding), actor.name)
        return play(ctx, A.interact, A.InteractRequest(who, text, draw, stow))

    for name, run, summary, rules in (
            ("defend", A.defend, "2 AP: defensive until your next turn starts: boon on "
             "dodging tests", "D23"),
            ("deep-breath", A.deep_breath, "2 AP: above stress capacity, relieve 2 stress",
             "D26"),
            ("focus", A.focus, "2 AP: regain 2 arca, up to twice your wisdom", "D27"),
            ("pass", A.pass_turn, "give up every AP left this round, on your turn or not",
             "D7")):
        @reg.command(name, rules=rules, positionals=("actor?",), usage=f"{name} [ACTOR]",
                     summary=summary, examples=(name, f"{name} freya"))
        def handler(ctx: Context, run=run, name=name) -> Outcome:
            who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, name,
                                         f"{name} [ACTOR]")
            ctx.parsed.words[:] = [who]
            return play(ctx, run, A.ActorRequest(who))

    @reg.command(
        "ready", rules="D8, D9", positionals=("actor?", "|".join(READYABLE)),
        usage="ready [ACTOR] ACTION",
        summary="1 AP: hold an action; take it as a reaction until the round ends",
        examples=("ready strike", "ready freya power-strike"))
    def ready(ctx: Context) -> Outcome:
        who, (action,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "ready",
                                             "ready [ACTOR] ACTION")
        known = [a for a in READYABLE if a.startswith(action.lower())]
        action = known[0] if len(known) == 1 else action.lower()   # the rules refuse others
        ctx.parsed.words[:] = [who, action]
        return play(ctx, A.ready, A.ReadyRequest(who, action))


def _item_flag(ctx: Context, name: str, pool: list[str], who: str) -> str | None:
    word = ctx.parsed.get(name)
    if word is None:
        return None
    if not pool:
        raise CommandError(f"--{name}: {who} has nothing to {name} (D22)",
                           "drop the flag" if name == "stow" else "add weapons with add --weapon")
    item = resolve.match_one(word, pool, "weapon", f"{who}: {', '.join(pool)} (D22)")
    ctx.parsed.flags[name] = item
    return item


# --- spellcast ----------------------------------------------------------------------------

def _register_arcana(reg: Registry) -> None:
    @reg.command(
        "spellcast", aliases=("cast",), rules="D18, D27, D28",
        positionals=("actor?", "spell-id", "target?"),
        flags=(flag("arca", "int", metavar="N",
                    help="extra arca to overcome the defender, spent hit or miss (D28)"),
               *slot_flags(slots("roll", "resist"))),
        usage="spellcast [ACTOR] SPELL [TARGET] [--arca N] [--roll FACES] [--resist FACES]",
        summary="the spell's AP: pay its arca (ambient first), spell attack if it has one",
        examples=("spellcast firebolt skeleton --arca 1", "spellcast alberich mend",
                  "spellcast alberich frost-touch gob --roll 7 --resist 2"))
    def spellcast(ctx: Context) -> Outcome:
        who, spell, target = _caster_spell_target(ctx)
        extra = ctx.parsed.get("arca") or 0
        ctx.parsed.flags["arca"] = extra or None
        ctx.parsed.words[:] = [who, spell, *([target] if target else [])]
        return play(ctx, A.spellcast, A.SpellRequest(who, spell, target, extra),
                    ("roll", "resist"))


def _caster_spell_target(ctx: Context) -> tuple[str, str, str | None]:
    """`[ACTOR] SPELL [TARGET]`: a first word that names a creature and a second that
    names one of its spells read as caster and spell; otherwise the creature up casts."""
    words, state = ctx.parsed.words, ctx.state
    usage = "spellcast [ACTOR] SPELL [TARGET]"
    if not 1 <= len(words) <= 3:
        raise CommandError(f"expected {usage}", "e.g. spellcast firebolt skeleton")
    if len(words) == 3 or (len(words) == 2 and resolve.is_actor(state, words[0])
                           and _is_spell(ctx, words[0], words[1])):
        who, rest = resolve.actor(state, words[0]), words[1:]
    else:
        who, rest = resolve.acting(state), words
    if len(rest) > 2:
        raise CommandError(f"expected {usage}", "e.g. spellcast alberich firebolt skeleton")
    actor = state.actors[who]
    spells = list(actor.sheet.spells)
    if not spells:
        raise CommandError(f"{actor.name} knows no spells (D28)",
                           "add spells with add --spell, or cast with another creature")
    spell = resolve.match_one(rest[0], spells, "spell",
                              f"{actor.name}'s spells: {', '.join(spells)} (D28)")
    target = resolve.actor(state, rest[1]) if len(rest) == 2 else None
    return who, spell, target


def _is_spell(ctx: Context, actor_word: str, word: str) -> bool:
    spells = ctx.state.actors[resolve.actor(ctx.state, actor_word)].sheet.spells
    key = word.lower()
    return key in spells or sum(s.startswith(key) for s in spells) == 1

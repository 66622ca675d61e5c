"""GM tools: damage, heal, set, effect, roll, rolls, undo, redo."""

from __future__ import annotations

import re

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_flags, read_request
from shaper_gm.commands.args import ascii_digits, dashed, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import HistoryMoved, Message
from shaper_gm.dice import roll
from shaper_gm.dice.modifiers import NO_MODIFIERS
from shaper_gm.encounter import setup
from shaper_gm.encounter.dicebox import DiceBox
from shaper_gm.engine import events as ev
from shaper_gm.engine import limits, resources
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Effect
from shaper_gm.errors import CommandError, excerpt

verbs = VerbTable()


def _examples(key: str, default: tuple[str, ...] = ()):
    return lambda rs: tuple(rs.term(key).split("|")) if rs.term(key) else default


@verbs.command("damage", group="gm", positionals=("actor", "number"),
               words={"actor": "TARGET"}, aliases=("dmg",),
               summary="take N hit points off the target", examples=("damage goblin-1 6",))
def damage(ctx: Context) -> Outcome:
    """N harm through the ruleset's own damage rules; the flags a ruleset adds to the
    verb (`VerbTable.extend`) reach it as options. A ruleset whose damage rolls (an
    armour's Defense) extends the verb with the roll's slots and finds their tape in
    `options["tape"]`; what it rolled goes into the log."""
    request = read_request(ctx)
    options = dict(request.flags)
    dice = SlotDice(ctx, ctx.verb.slot_map()) if ctx.verb.slots else None
    if dice is not None:
        options["tape"] = dice.tape()
    state, events = ctx.ruleset.damage(ctx.state, request.actor, request.arg("number"),
                                       options)
    if dice is not None:
        request = request.with_flags(dice.logged())
    return Outcome(state, events, request=request)


@verbs.command("heal", group="gm", words={"actor": "TARGET"},
               rules=lambda rs: rs.term("down_rule"),
               summary="heal N (up to the maximum); brings a downed actor back",
               examples=("heal monica 4",), positionals=("actor", "number"))
def heal(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*ctx.ruleset.heal(ctx.state, request.actor, request.arg("number")),
                   request=request)


@verbs.command("set", group="gm",
               summary=lambda rs: f"set fields by hand: {', '.join(rs.settable_fields())}",
               examples=_examples("set_examples", ("set goblin-1 zone=C3",)),
               positionals=("actor", "field=value*"))
def set_(ctx: Context) -> Outcome:
    words = ctx.parsed.words
    if len(words) < 2:
        raise CommandError("expected set ACTOR FIELD=VALUE...", "e.g. set josh hp=9")
    target = resolve.actor(ctx.state, words[0])
    settable = ctx.ruleset.settable_fields()
    state, events, written = ctx.state, [], []
    for pair in words[1:]:
        key, sep, value = pair.partition("=")
        key = key.lower()
        if not sep or key not in settable:
            raise CommandError(f"cannot set {pair!r}",
                               f"write FIELD=VALUE with FIELD one of {', '.join(settable)}")
        state, changed = _set_field(ctx, state, target, key, value)
        events += changed
        written.append(f"{key}={_written(state, target, key, value)}")
    return Outcome(state, events, request=Request("set", (("actor", target),
                                                          ("field=value", written))))


def _written(state, target: str, key: str, value: str) -> str:
    """A set value as the log keeps it: a zone canonical, a number as a number."""
    actor = state.actors[target]
    if key == "zone":
        return actor.zone or value
    if key == "side":
        return value.lower()
    body = value.strip()
    if body.lstrip("-").isascii() and body.lstrip("-").isdigit():
        return str(int(body))
    return value


@verbs.command("effect", group="gm", rules=lambda rs: rs.term("effect_rule"),
               positionals=("actor", "text"),
               usage=lambda rs: "effect ACTOR NAME " + "".join(f"[--{dashed(k)} N] "
                                                               for k in rs.effect_keys)
               + "[--until WHEN]",
               summary="put a lasting effect on an actor; it expires by itself",
               examples=_examples("effect_examples"),
               flags=lambda rs: (
                   *(flag(dashed(k), "int", metavar="N", help=f"{k} modifier")
                     for k in rs.effect_keys),
                   flag("until", "text", metavar="start:ID|end:ID|round|rounds:N|used_up|never",
                        help="when it ends: the start or end of ID's turn, this round's end, "
                             "after N rounds, once used up, or never"),
                   flag("remove", help="remove the named effect instead")))
def effect(ctx: Context) -> Outcome:
    p = ctx.parsed
    if len(p.words) < 2:
        raise CommandError("expected effect ACTOR NAME", "e.g. effect monica blessed --attack 1")
    target = resolve.actor(ctx.state, p.words[0])
    name = " ".join(p.words[1:])
    request = Request("effect", (("actor", target), ("text", name)), read_flags(ctx, target))
    actor = ctx.state.actors[target]
    if p.get("remove"):
        keep = tuple(e for e in actor.effects if e.name.lower() != name.lower())
        if len(keep) == len(actor.effects):
            names = ", ".join(e.name for e in actor.effects) or "none"
            raise CommandError(f"{actor.name} has no effect {name!r}", f"effects: {names}")
        return Outcome(ctx.state.with_actor(actor.with_(effects=keep)),
                       [ev.EffectEnded(target, name, "removed by the GM")], request=request)
    used_up = dashed(ctx.ruleset.term("used_up_key"))
    absorb = p.get(used_up) or 0 if used_up else 0
    if absorb < 0:
        raise CommandError(f"--{used_up} cannot be negative", f"e.g. --{used_up} 2")
    until = _until(ctx, p.get("until") or ("used_up" if absorb else "never"))
    mods = tuple((key, p.get(dashed(key))) for key in ctx.ruleset.effect_keys
                 if p.get(dashed(key)))
    for key, amount in mods:
        if not limits.within(amount, -limits.MAX_NUMBER):
            raise CommandError(f"--{dashed(key)} {amount} is out of range: an effect's amount "
                               f"is {limits.span(-limits.MAX_NUMBER, None)}",
                               f"e.g. --{dashed(key)} 1")
    new = Effect(name, "gm", None, mods, until)
    request = request.with_flags({"until": until if until != "never" else None})
    kept = tuple(e for e in actor.effects if e.name.lower() != name.lower())  # refreshed
    return Outcome(ctx.state.with_actor(actor.with_(effects=(*kept, new))),
                   [ev.EffectAdded(target, new)], request=request)


@verbs.command("hide", group="gm", positionals=("actor",), words={"actor": "ACTOR"},
               summary="keep an actor off the player view (its name, place and results) "
                       "until `reveal`",
               examples=("hide assassin",))
def hide(ctx: Context) -> Outcome:
    return _seen(ctx, hidden=True)


@verbs.command("reveal", group="gm", positionals=("actor",), words={"actor": "ACTOR"},
               summary="show a hidden actor on the player view again",
               examples=("reveal assassin",))
def reveal(ctx: Context) -> Outcome:
    return _seen(ctx, hidden=False)


def _seen(ctx: Context, hidden: bool) -> Outcome:
    request = read_request(ctx)
    actor = ctx.state.actors[request.actor]
    if actor.hidden == hidden:
        raise CommandError(f"{actor.name} is {'hidden' if hidden else 'shown'} already",
                           f"{'reveal' if hidden else 'hide'} {actor.id} does the opposite")
    return Outcome(ctx.state.with_actor(actor.with_(hidden=hidden)),
                   [ev.Hidden(actor.id, hidden)], request=request)


@verbs.command("roll", group="gm",
               summary="roll any dice expression, e.g. roll 2d6+2: a side roll, with dice "
                       "of its own (not the fight's); not logged, no undo step",
               examples=("roll 2d6", "roll 1d6 --faces 4"), positionals=("dice",),
               flags=(flag("faces", "faces", help="the faces rolled"),))
def roll_(ctx: Context) -> Outcome:
    """The flags a ruleset adds (its pool modifiers) go to `rs.roll_modifiers`."""
    mods, basic = ctx.ruleset.roll_modifiers("".join(ctx.parsed.words),
                                             dict(read_flags(ctx)))
    return roll_outcome(ctx, mods, basic=basic)


@verbs.command("rolls", group="gm", logged=False,
               rules=lambda rs: rs.term("manual_rule"),
               summary="in the shell, ask for this actor's dice instead of rolling them",
               examples=("rolls josh manual", "rolls josh auto"),
               positionals=("actor", "manual|auto"))
def rolls(ctx: Context) -> Outcome:
    p = ctx.parsed
    if len(p.words) != 2 or p.words[1].lower() not in ("manual", "auto"):
        raise CommandError("expected rolls ACTOR manual|auto", "e.g. rolls josh manual")
    target = resolve.actor(ctx.state, p.words[0])
    manual = p.words[1].lower() == "manual"
    (ctx.session.manual.add if manual else ctx.session.manual.discard)(target)
    name = ctx.state.actors[target].name
    how = "asked for at the prompt (Enter rolls)" if manual else "rolled by the tool"
    return Outcome(view=Message(f"{name}'s dice are now {how}."))


@verbs.command("undo", group="gm", logged=False,
               summary="take back the last N commands; the dice go back too, so the same "
                       "command rolls the same dice (--reroll: fresh dice)",
               examples=("undo", "undo 3", "undo --reroll"), positionals=("number?",),
               flags=(flag("reroll", help="then skip the dice the undone commands drew, "
                                          "so the next roll is fresh (logged as reroll N)"),))
def undo(ctx: Context) -> Outcome:
    session = ctx.session
    frames = session.undo(_count(ctx.parsed.words, "undo"))
    rerolled = None
    if ctx.parsed.get("reroll") and session.dice_ahead():
        rerolled = session.execute(f"reroll {session.dice_ahead()}").line
    return Outcome(view=HistoryMoved(tuple(f.line for f in frames), redo=False,
                                     rerolled=rerolled))


@verbs.command("reroll", group="gm", positionals=("number?",),
               summary="skip N dice, by default those the undone commands drew, so the "
                       "next roll is fresh; logged, so replay draws the same",
               examples=("reroll", "reroll 6"))
def reroll(ctx: Context) -> Outcome:
    words = ctx.parsed.words
    if len(words) > 1:
        raise CommandError("expected reroll [N]", "e.g. reroll 6, or reroll after undo")
    count = _skip_count(words[0]) if words else ctx.session.dice_ahead()
    if count == 0:
        raise CommandError("no undone command drew any dice: the next roll is fresh "
                           "already", "reroll N skips N dice")
    before = ctx.state.dice_position
    ctx.dice.rng.skip(count)
    return Outcome(ctx.state, [ev.DiceSkipped(count, before, before + count)],
                   request=Request("reroll", (("number", count),)))


@verbs.command("redo", group="gm", logged=False,
               summary="apply again what undo took back (same dice)",
               examples=("redo", "redo 2"), positionals=("number?",))
def redo(ctx: Context) -> Outcome:
    frames = ctx.session.redo(_count(ctx.parsed.words, "redo"))
    return Outcome(view=HistoryMoved(tuple(f.line for f in frames), redo=True,
                                     events=tuple(f.events for f in frames)))


SIDE_SALT = 0x51DE_0F_7AB1E      # side rolls draw from a stream of their own (`roll`)


def roll_outcome(ctx: Context, mods=None, basic: bool = False) -> Outcome:
    """`roll`: an expression rolled (or its faces taken). A side roll changes nothing and
    is no undo step, and its dice are its own: drawing the fight's would show the GM the
    next attack's dice and move every later roll (the same seed still rolls the same side
    dice, session by session). A `roll` line in a log is older than that: it drew the
    fight's dice, so replaying it still does, as a logged step."""
    p = ctx.parsed
    if not p.words:
        raise CommandError("roll needs a dice expression", "e.g. roll 2d6+2")
    expr = ctx.ruleset.dice_expression("".join(p.words))
    ctx.ruleset.check_faces("faces", p.get("faces"), expr)
    session = ctx.session
    dice = ctx.dice if ctx.replaying else DiceBox(ctx.state.seed ^ SIDE_SALT, session.side_dice)
    source = dice.source("faces", p.get("faces"))
    result = roll(expr, source, mods or NO_MODIFIERS, what=f"roll {expr}", basic=basic)
    rolled = [ev.DiceRolled(str(expr), result)]
    if not ctx.replaying:
        dice.finish()
        session.side_dice = dice.position
        return Outcome(events=rolled)
    request = Request(ctx.verb.name, (("dice", str(expr)),), read_flags(ctx)).with_flags(
        {"faces": source.logged()})
    return Outcome(ctx.state, rolled, request=request)


MAX_SKIP = 1_000_000


def _skip_count(word: str) -> int:
    if not ascii_digits(word) or len(word) > 7 or not 1 <= int(word) <= MAX_SKIP:
        raise CommandError(f"reroll: the number of dice to skip must be 1 to {MAX_SKIP}, got "
                           f"{word!r}", "e.g. reroll 6")
    return int(word)


def _count(words: list[str], verb: str) -> int:
    if not words:
        return 1
    if len(words) != 1 or not ascii_digits(words[0]) or len(words[0]) > 7:
        raise CommandError(f"{verb} takes a count, got {' '.join(words)!r}", f"e.g. {verb} 2")
    return int(words[0])


def _set_resource(rs, state, actor, key: str, number: int):
    """A resource set by hand, within 0 and its maximum (the GM overrules the economy)."""
    spec = rs.resource_spec(key)
    top = resources.maximum(spec, actor.sheet, rs.stat)
    if not limits.within(number, 0, top):
        raise CommandError(f"{key} must be {limits.span(0, top)} for {actor.name}",
                           "pick a value in range")
    if key not in actor.resource_map():
        raise CommandError(f"{actor.name} has no {spec.title}", "set another field")
    values = actor.resource_map()
    before = values[key]
    values[key] = number
    state = state.with_actor(actor.with_resources(values))
    return state, [ev.FieldSet(actor.id, key, before, number)]


def _until(ctx: Context, text: str) -> str:
    text = text.lower()
    state = ctx.state
    if text in ("never", "used_up", "used-up"):
        return text.replace("-", "_")
    if text in ("round", "end-of-round", "end_of_round"):
        return f"round:{max(state.round, 1)}"
    m = re.match(r"^rounds:(\d{1,4})$", text, re.ASCII)
    if m and int(m.group(1)) >= 1:
        return f"round:{max(state.round, 1) + int(m.group(1)) - 1}"
    m = re.match(r"^(start|end):(.+)$", text)
    if m:
        return f"{m.group(1)}:{resolve.actor(state, m.group(2))}"
    m = re.match(r"^round:(\d{1,4})$", text, re.ASCII)
    if m:
        return text
    raise CommandError(f"--until {text!r} is not a moment I know",
                       "use start:ID, end:ID, round, rounds:N, used_up or never")


def typed_number(key: str, value: str) -> int:
    """`FIELD=N` as a number; its range is the field's to check (a number past any
    range is kept past it, so the refusal names the range, not the digits)."""
    digits = value.removeprefix("-")
    if not ascii_digits(digits):
        raise CommandError(f"{key} must be a whole number, got {excerpt(value)!r}",
                           f"e.g. {key}=5")
    number = int(digits) if len(digits) <= 7 else 10 * limits.MAX_NUMBER
    return -number if value.startswith("-") else number


def _set_field(ctx: Context, state, target: str, key: str, value: str):
    actor = state.actors[target]
    rs = ctx.ruleset
    own = rs.set_field(state, target, key, value)
    if own is not None:
        return own
    if key in ("hp", "initiative") or key in rs.resource_names():
        number = typed_number(key, value)
        if key == "hp":
            if not 0 <= number <= actor.max_hp:
                raise CommandError(f"hp must be 0 to {actor.max_hp} for {actor.name}",
                                   "heal or damage to change it, or pick a value in range")
            return rs.set_hp(state, target, number)
        if key in rs.resource_names():
            return _set_resource(rs, state, actor, key, number)
    if key == "zone":
        return setup.place(state, rs, target, value)
    if key in ("side", "name") and not value.strip():
        raise CommandError(f"{key} cannot be empty", f"e.g. {key}=enemies")
    if key == "initiative":
        # Entered by hand: a later `init` keeps it, as it keeps `init ID --roll`.
        if not limits.within(number, -limits.MAX_NUMBER):
            raise CommandError(f"initiative must be {limits.span(-limits.MAX_NUMBER, None)}",
                               "pick a value in range")
        state = state.with_actor(actor.with_(initiative=number, initiative_entered=True))
        return state, [ev.FieldSet(target, key, actor.initiative, number)]
    else:
        new_value = value if key == "name" else value.lower()
    before = getattr(actor, key)
    state = state.with_actor(actor.with_(**{key: new_value}))
    return state, [ev.FieldSet(target, key, before, new_value)]

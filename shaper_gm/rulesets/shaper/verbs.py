"""Shaper's verbs: attacks, skills and spells, moving, engaging, items; and Shaper's
own take on the shared `add`, `damage`, `roll` and `odds` (S1-S29)."""

from __future__ import annotations

import json

from shaper_gm.commands import resolve
from shaper_gm.commands.args import ascii_digits, flag, names_a_file
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.verbs.gm import roll_outcome, target_and_amount
from shaper_gm.dice import Roll, parse
from shaper_gm.dice.totals import EnteredTotal
from shaper_gm.engine import events as ev
from shaper_gm.engine import harm
from shaper_gm.errors import CommandError
from shaper_gm.nesting import TooDeep, loads
from shaper_gm.rulesets.shaper import actions, model
from shaper_gm.rulesets.shaper import harm as shaper_harm
from shaper_gm.rulesets.shaper.modifiers import Modifiers
from shaper_gm.rulesets.shaper.verbs_combat import MODIFIER_FLAGS, register_combat_verbs


def modifiers_of(parsed) -> Modifiers:
    return Modifiers(edge=int(bool(parsed.get("edge"))),
                     pressured=int(bool(parsed.get("pressured"))),
                     advantage=int(bool(parsed.get("adv"))),
                     disadvantage=int(bool(parsed.get("dis"))))



ADD_FLAGS = (flag("level", "int", help="its level (S29)"),
             flag("vigor", "int", help="Vigor points (S27, S28)"),
             flag("finesse", "int", help="Finesse points (S27, S28)"),
             flag("mentality", "int", help="Mentality points (S25, S28)"),
             flag("weapon", "text", repeat=True, metavar="ITEM", completes="weapon",
                  help="a weapon it carries"),
             flag("shield", help="it carries a shield (S20)"),
             flag("armor", "text", metavar="ITEM", completes="armor",
                  help="the armor it wears: its Defense dice (S7)"),
             flag("skill", "text", repeat=True, metavar="SKILL[:LEVEL]", completes="skill",
                  help="a skill it knows, at level 1 unless given (S24)"),
             flag("holding", "text", repeat=True, metavar="ITEM", completes="weapon",
                  help="what it has in hand when the fight starts (S19a)"))
ADD_USAGE = ("[--level N] [--vigor N] [--finesse N] [--mentality N] [--weapon ITEM]... "
             "[--shield] [--armor ITEM] [--skill SKILL[:LEVEL]]... [--holding ITEM]...")


def register(reg: Registry, rs) -> None:
    _register_turn_verbs(reg)
    register_combat_verbs(reg)
    _register_gm_verbs(reg)


def add_extra(ctx: Context, parsed) -> dict:
    """What `add`'s Shaper flags choose: abilities, level, items, skills, hands."""
    out = _overrides(ctx, parsed)
    if parsed.get("holding"):
        out["holding"] = tuple(parsed.get("holding"))
    return out


def template(ctx: Context, name: str):
    """A content creature or character, or a sheet YAML file the GM points at. A file's
    content goes into the logged line (`--sheet`), so the log never reads a file."""
    found = ctx.library.template(name.lower())
    if found is not None:
        return found
    if names_a_file(name):
        return _sheet_file(ctx, name)
    known = sorted([*ctx.library.characters, *ctx.library.creatures])
    return ctx.library.template(resolve.match_one(name, known, "template"))


def _sheet_file(ctx: Context, name: str):
    from shaper_gm.content.folders import read_sheet_file
    from shaper_gm.rulesets.shaper.content.loader import sheet_from_data
    display, stem, data = read_sheet_file(name)          # read once: what is checked
    sheet = sheet_from_data(data, ctx.library, display, stem)   # is what is logged
    payload = {"id": stem, "data": data}
    try:
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        raise CommandError(f"--as {name}: the sheet holds values a log line cannot carry",
                           "keep to numbers, text and lists in the sheet") from None
    del ctx.parsed.flags["as"]
    ctx.parsed.flags["sheet"] = text
    return sheet


def logged_sheet(ctx: Context, text: str):
    """The sheet a log line carries in `--sheet` (see `_sheet_file`)."""
    from shaper_gm.rulesets.shaper.content.loader import sheet_from_data
    try:
        payload = loads(text)
        default_id, data = payload["id"], payload["data"]
    except TooDeep as exc:
        raise CommandError(f"--sheet {exc}", "use add ID --as a sheet file") from None
    except (ValueError, TypeError, KeyError):
        raise CommandError("--sheet is not a sheet written by add --as PATH",
                           "use add ID --as TEMPLATE or --as a sheet file") from None
    if not isinstance(default_id, str):
        raise CommandError("--sheet has no sheet id", "use add ID --as a sheet file")
    return sheet_from_data(data, ctx.library, "the logged sheet", default_id)


def _overrides(ctx: Context, p) -> dict:
    out: dict = {}
    for key in ("level", "vigor", "finesse", "mentality", "hp"):
        if p.get(key) is not None:
            out[key] = p.get(key)
    if p.get("weapon"):
        out["weapons"] = tuple(w.lower() for w in p.get("weapon"))
    if p.get("shield"):
        shields = sorted(ctx.library.shields)
        if not shields:
            raise CommandError("the content has no shield", "add one under content/shaper/shields")
        out["shield"] = "shield" if "shield" in shields else shields[0]
    if p.get("armor"):
        out["armor"] = p.get("armor").lower()
    if p.get("skill"):
        skills = {}
        for entry in p.get("skill"):
            sid, _, level = entry.lower().partition(":")
            if level and not (ascii_digits(level) and len(level) <= 4):
                raise CommandError(f"--skill {entry!r}: the level must be a number",
                                   "e.g. --skill longshot:2")
            skills[sid] = int(level) if level else 1
        out["skills"] = skills
    return out



def _register_gm_verbs(reg: Registry) -> None:
    @reg.command("damage", group="gm", rules="S7, S8", positionals=("actor", "number"),
                 usage="damage TARGET N [--magic] [--pierce N] [--defense FACES] [--direct]",
                 summary="deal N damage through the target's Defense, like a hit",
                 examples=("damage goblin-1 6", "damage josh 7 --magic --pierce 1",
                           "damage josh 3 --direct"), aliases=("dmg",),
                 flags=(flag("magic", help="magic: Defense halved (S7)"),
                        flag("pierce", "int", metavar="N",
                             help="Pierce: taken off Defense, not below 0 (S7)"),
                        flag("defense", "faces", help="the target's Defense faces"),
                        flag("direct", help="straight off HP, no Defense")))
    def damage(ctx: Context) -> Outcome:
        p = ctx.parsed
        target, n = target_and_amount(ctx, "damage")
        actor = ctx.state.actors[target]
        if p.get("direct"):
            if p.get("magic") or p.get("pierce") or p.get("defense"):
                raise CommandError("--direct skips Defense, so --magic, --pierce and --defense "
                                   "do not apply", "drop them, or drop --direct")
            after = max(0, actor.hp - n)
            return Outcome(*harm.set_hp(ctx.state, ctx.ruleset, target, after,
                                        harm.damage_note(n, actor.hp, after, "damage (direct)")))
        pierce = p.get("pierce") or 0
        if pierce < 0:
            raise CommandError("--pierce cannot be negative", "e.g. --pierce 2")
        rs = ctx.ruleset
        given = p.get("defense")
        source = ctx.dice.source("defense", given, actor=target)
        defense = rs.defense_roll(actor.sheet, source)
        if defense is not None:
            p.flags["defense"] = source.logged()
        elif isinstance(given, EnteredTotal):
            # No armor, no roll (S7): the GM's `--defense =N` is a flat Defense.
            defense = Roll(expr=parse("0"), dice=(), constant=0, total=given.value,
                           entered=given.value)
        elif given:
            raise CommandError(f"{actor.name} wears no armor: there is no Defense roll (S7)",
                               "drop --defense, or give =N for a flat Defense")
        result = rs.apply_damage(n, defense.total if defense else None,
                                 magic=bool(p.get("magic")), pierce=pierce,
                                 absorb=shaper_harm.absorb_available(ctx.state, target),
                                 hp=actor.hp)
        state, events = shaper_harm.apply_result(ctx.state, rs, target, result)
        if defense is not None:
            events.insert(0, ev.DiceRolled(f"Defense of {actor.name}", defense))
        return Outcome(state, events)

    @reg.command("roll", group="gm", usage="roll EXPR [--edge] [--pressured] [--adv] [--dis]",
                 summary="roll any dice expression, e.g. roll 3d6+2 --adv", rules="S1-S4",
                 examples=("roll 3d6+2 --adv", "roll 2d6", "roll 1d6 --faces 4"),
                 positionals=("dice",),
                 flags=(*MODIFIER_FLAGS, flag("faces", "faces", help="the faces rolled")))
    def roll_(ctx: Context) -> Outcome:
        """A basic roll (3d6) also judges automatic results (S2); modifiers act (S3)."""
        text = "".join(ctx.parsed.words)
        basic = bool(text) and str(parse(text)) == ctx.ruleset.numbers.basic_roll
        return roll_outcome(ctx, modifiers_of(ctx.parsed), basic=basic)


def _register_turn_verbs(reg: Registry) -> None:
    @reg.command("move", usage="move [ACTOR] ZONE", rules="S10, S12",
                 summary="move to a zone: one Major action per Short distance",
                 examples=("move C4", "move monica C4"), positionals=("actor?", "zone"),
                 aliases=("mv",))
    def move(ctx: Context) -> Outcome:
        who, (zone,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "move",
                                           "move [ACTOR] ZONE")
        state, events = actions.move(ctx.state, ctx.ruleset, who, zone)
        ctx.parsed.words[:] = [who, state.actors[who].zone]
        return Outcome(state, events)

    @reg.command("engage", usage="engage [ACTOR] TARGET", rules="S11, S14",
                 summary="engage someone in your zone (Minor); joins their engagement",
                 examples=("engage goblin-1", "engage minion monica"),
                 positionals=("actor?", "target"))
    def engage(ctx: Context) -> Outcome:
        who, (target,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "engage",
                                             "engage [ACTOR] TARGET")
        target = resolve.actor(ctx.state, target)
        ctx.parsed.words[:] = [who, target]
        return Outcome(*actions.engage(ctx.state, ctx.ruleset, who, target))

    @reg.command("disengage", usage="disengage [ACTOR]", rules="S14",
                 summary="leave your engagement (Minor); you stay in your zone",
                 examples=("disengage", "disengage goblin-1"), positionals=("actor?",))
    def disengage(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "disengage",
                                     "disengage [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.disengage(ctx.state, ctx.ruleset, who))

    @reg.command("draw", usage="draw [ACTOR] ITEM", rules="S19, S19a",
                 summary="draw a weapon or shield into a free hand (Minor)",
                 examples=("draw longbow", "draw monica longsword"), positionals=("actor?", "item"))
    def draw(ctx: Context) -> Outcome:
        who, (item,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "draw",
                                           "draw [ACTOR] ITEM")
        item = _item(ctx, who, item, held=False)
        ctx.parsed.words[:] = [who, item]
        return Outcome(*actions.draw(ctx.state, ctx.ruleset, ctx.library, who, item))

    @reg.command("sheathe", usage="sheathe [ACTOR] ITEM", rules="S19",
                 summary="put a held item away (Minor)", aliases=("stow",),
                 examples=("sheathe longbow",), positionals=("actor?", "held-item"))
    def sheathe(ctx: Context) -> Outcome:
        who, (item,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "sheathe",
                                           "sheathe [ACTOR] ITEM")
        item = _item(ctx, who, item, held=True)
        ctx.parsed.words[:] = [who, item]
        return Outcome(*actions.sheathe(ctx.state, ctx.ruleset, who, item))

    @reg.command("raise", usage="raise [ACTOR]", rules="S20",
                 summary="raise your shield (Minor): +Evasion until your next turn starts",
                 examples=("raise", "raise monica"), positionals=("actor?",))
    def raise_(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "raise", "raise [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.raise_shield(ctx.state, ctx.ruleset, ctx.library, who))

    @reg.command("reload", usage="reload [ACTOR]", rules="S19",
                 summary="reload a held weapon that needs it, e.g. a crossbow (Minor)",
                 examples=("reload", "reload raider"), positionals=("actor?",))
    def reload(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "reload", "reload [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.reload(ctx.state, ctx.ruleset, who))


def _item(ctx: Context, who: str, word: str, *, held: bool) -> str:
    actor = ctx.state.actors[who]
    stats = actor.sheet
    pool = list(model.holding(actor)) if held else [*stats.weapons,
                                             *([stats.shield] if stats.shield else [])]
    if not pool:
        raise CommandError(f"{actor.name} {'holds' if held else 'carries'} nothing",
                           "add weapons with add --weapon")
    return resolve.match_one(word, pool, "item", f"{actor.name}: {', '.join(pool)}")

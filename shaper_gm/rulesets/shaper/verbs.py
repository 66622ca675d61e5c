"""Shaper's verbs: attacks, skills and spells, moving, engaging, items; and Shaper's
own take on the shared `add`, `damage`, `roll` and `odds` (S1-S29)."""

from __future__ import annotations

import json

from shaper_gm.commands import resolve
from shaper_gm.commands.args import ascii_digits, flag, names_a_file, parse_faces
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.verbs.gm import roll_outcome, target_and_amount
from shaper_gm.commands.viewdata import OddsView
from shaper_gm.dice import Modifiers, parse
from shaper_gm.engine import events as ev
from shaper_gm.engine import harm
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper import actions, combat, model, skilluse
from shaper_gm.rulesets.shaper import harm as shaper_harm
from shaper_gm.rulesets.shaper.parts import Mod

MODIFIER_FLAGS = (flag("edge", help="Edge: highest die becomes 6 (S3)"),
                  flag("pressured", help="Pressured: lowest die becomes 1 (S3)"),
                  flag("adv", help="Advantage: lowest die becomes 6 (S3)"),
                  flag("dis", help="Disadvantage: highest die becomes 1 (S3)"))
def modifiers_of(parsed) -> Modifiers:
    return Modifiers(edge=int(bool(parsed.get("edge"))),
                     pressured=int(bool(parsed.get("pressured"))),
                     advantage=int(bool(parsed.get("adv"))),
                     disadvantage=int(bool(parsed.get("dis"))))



NO_ROLL = "-"          # in --evade/--defense: this target rolled nothing (a miss, no armor)
GM_MODS = {"edge": "edge", "pressured": "pressured", "adv": "advantage", "dis": "disadvantage"}

ATTACK_FLAGS = (
    flag("with", "text", metavar="ITEM|spell", completes="weapon",
         help="the weapon or offensive spell (default: the weapon in hand)"),
    flag("skill", "text", repeat=True, metavar="SKILL", completes="skill"),
    flag("sp", help="pay the skills with SP instead of Major actions (S23)"),
    *MODIFIER_FLAGS,
    flag("bonus", "int", metavar="N", help="a bonus to the attack roll"),
    flag("ignore", "text", repeat=True, completes="ignore", metavar="NAME",
         choices=tuple(combat.IGNORABLE),
         help=f"overrule an automatic modifier: {', '.join(combat.IGNORABLE)}"),
)
REACT_FLAG = flag("react", "text", repeat=True, metavar="ID=SKILL", completes="react",
                  help="a target answers the attack with a Targeted or On Hit skill (S23)")
DICE_FLAGS = (
    flag("roll", "faces", help="the attack roll's faces"),
    flag("evade", "text", repeat=True, metavar="FACES", help="evasion faces, once per target"),
    flag("damage", "faces", help="weapon, then critical, then skill dice"),
    flag("defense", "text", repeat=True, metavar="FACES", help="Defense faces, once per target"),
    REACT_FLAG,
)



# The flags `add` takes on top of the shared ones (S27-S29).
ADD_FLAGS = (flag("level", "int"), flag("vigor", "int"), flag("finesse", "int"),
             flag("mentality", "int"),
             flag("weapon", "text", repeat=True, metavar="ITEM", completes="weapon"),
             flag("shield"), flag("armor", "text", metavar="ITEM", completes="armor"),
             flag("skill", "text", repeat=True, metavar="SKILL[:LEVEL]", completes="skill"),
             flag("holding", "text", repeat=True, metavar="ITEM", completes="weapon"))
ADD_USAGE = ("[--level N] [--vigor N] [--finesse N] [--mentality N] [--weapon ITEM]... "
             "[--shield] [--armor ITEM] [--skill SKILL[:LEVEL]]... [--holding ITEM]...")


def register(reg: Registry, rs) -> None:
    _register_turn_verbs(reg)
    _register_combat_verbs(reg)
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
    from pathlib import Path

    from shaper_gm.content.loader import load_sheet_file
    from shaper_gm.content.yamlio import load_yaml_file
    sheet = load_sheet_file(name, ctx.library)          # checked, errors named
    payload = {"id": Path(name).stem.lower(), "data": load_yaml_file(name)}
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
    from shaper_gm.content.loader import sheet_from_data
    try:
        payload = json.loads(text)
        default_id, data = payload["id"], payload["data"]
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
            raise CommandError("the content has no shield", "add one under content/shields")
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
                        flag("pierce", "int", metavar="N"), flag("defense", "faces"),
                        flag("direct", help="straight off HP, no Defense")))
    def damage(ctx: Context) -> Outcome:
        p = ctx.parsed
        target, n = target_and_amount(ctx, "damage")
        actor = ctx.state.actors[target]
        if p.get("direct"):
            if p.get("magic") or p.get("pierce") or p.get("defense"):
                raise CommandError("--direct skips Defense, so --magic, --pierce and --defense "
                                   "do not apply", "drop them, or drop --direct")
            return Outcome(*harm.set_hp(ctx.state, ctx.ruleset, target, actor.hp - n,
                                        f"{n} damage (direct)"))
        pierce = p.get("pierce") or 0
        if pierce < 0:
            raise CommandError("--pierce cannot be negative", "e.g. --pierce 2")
        rs = ctx.ruleset
        source = ctx.dice.source("defense", p.get("defense"), actor=target)
        defense = rs.defense_roll(actor.sheet, source)
        if defense is not None:
            p.flags["defense"] = tuple(source.used)
        elif p.get("defense"):
            raise CommandError(f"{actor.name} wears no armor: there is no Defense roll (S7)",
                               "drop --defense")
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


def _register_combat_verbs(reg: Registry) -> None:
    @reg.command(
        "attack", aliases=("a", "hit", "shoot"), rules="S2-S8, S11, S13, S15, S16, S23-S25",
        usage="attack [ATTACKER] TARGET[,TARGET...] [--with ITEM|spell] [--skill SKILL]... "
              "[--sp] [--edge] [--pressured] [--adv] [--dis] [--bonus N] [--ignore NAME]... "
              "[--roll FACES] [--evade FACES]... [--damage FACES] [--defense FACES]...",
        summary="attack: one roll, an evasion per target, damage through Defense",
        examples=("attack goblin-1", "attack josh raider --with longbow --skill piercing-strike",
                  "attack brute --skill thread-the-needle --roll 4,5,5 --evade 2,3,3"),
        positionals=("actor?", "targets"), flags=(*ATTACK_FLAGS, *DICE_FLAGS))
    def attack(ctx: Context) -> Outcome:
        who, targets = _attacker_targets(ctx, "attack")
        request = _request(ctx, who, targets)
        decisions = _decisions(ctx)
        state, events, outcome = combat.attack(ctx.state, ctx.ruleset, ctx.library, request,
                                               _dice_for(ctx, who), decisions)
        _write_faces(ctx, outcome)
        _write_answers(ctx, decisions)
        return Outcome(state, events)

    @reg.command("skill", rules="S21-S24, S26", usage="skill [ACTOR] SKILL [TARGET] [--sp]",
                 summary="use a skill on its own; --sp pays with SP, also off-turn",
                 examples=("skill monica step-up brute", "skill brute retreat --sp"),
                 positionals=("actor?", "skill", "target?"), flags=(flag("sp"),))
    def skill(ctx: Context) -> Outcome:
        who, skill_id, target = _actor_skill_target(ctx, "skill")
        request = skilluse.SkillRequest(who, skill_id, target, bool(ctx.parsed.get("sp")))
        return Outcome(*skilluse.use(ctx.state, ctx.ruleset, ctx.library, request))

    @reg.command(
        "cast", rules="S13, S21-S26",
        usage="cast [ACTOR] SPELL [TARGET] [--skill SKILL]... [--sp] (+ attack flags for the "
              "offensive spell)",
        summary="cast a utility spell, or the offensive spell at a target (an attack)",
        examples=("cast taylor charm monica", "cast energy-shield --sp",
                  "cast spell raider --roll 4,4,5"),
        positionals=("actor?", "spell", "target?"), flags=(*ATTACK_FLAGS, *DICE_FLAGS))
    def cast(ctx: Context) -> Outcome:
        who, spell, target = _actor_skill_target(ctx, "cast", spells=True)
        p = ctx.parsed
        if spell in ctx.library.spells:
            if target is None:
                raise CommandError(f"{spell} is an offensive spell: it needs a target",
                                   f"cast {spell} TARGET")
            targets = resolve.actors(ctx.state, target)
            p.words[:] = [who, spell, ",".join(targets)]
            request = _request(ctx, who, targets, weapon=spell)
            decisions = _decisions(ctx)
            state, events, outcome = combat.attack(ctx.state, ctx.ruleset, ctx.library,
                                                   request, _dice_for(ctx, who), decisions)
            _write_faces(ctx, outcome)
            _write_answers(ctx, decisions)
            return Outcome(state, events)
        unused = [n for n in ("roll", "evade", "damage", "defense", "with", "bonus", "ignore",
                              "react", *GM_MODS) if p.get(n)]
        if unused:
            raise CommandError(f"--{unused[0]} belongs to an attack; {spell} is a utility spell",
                               f"cast {spell} [TARGET] [--skill SKILL]... [--sp]")
        added = tuple(s.lower() for s in p.get("skill") or ())
        p.flags["skill"] = list(added) if added else None
        request = skilluse.SkillRequest(who, spell, target, bool(p.get("sp")), added)
        return Outcome(*skilluse.use(ctx.state, ctx.ruleset, ctx.library, request))

    @reg.command(
        "odds", group="gm", logged=False, rules="S2-S7, S13, S15, S16",
        usage="odds [ATTACKER] TARGET[,TARGET...] [attack flags] [--json]",
        summary="exact chance to hit and to crit, and the damage distribution",
        examples=("odds goblin-1", "odds josh raider --skill piercing-strike --json"),
        positionals=("actor?", "targets"), flags=(*ATTACK_FLAGS, REACT_FLAG, flag("json")))
    def odds(ctx: Context) -> Outcome:
        who, targets = _attacker_targets(ctx, "odds")
        request = _request(ctx, who, targets)
        rs = ctx.ruleset
        prepared = combat.with_answers(ctx.state, rs, combat.prepare(
            ctx.state, rs, ctx.library, request, check_turn=False))
        per = rs.odds(prepared, _decisions(ctx, ask=False))
        notes = tuple(f"{m.name}: {m.reason}" for m in prepared.plan.modifiers) + tuple(
            f"{t.id} {m.name}: {m.reason}" for t in prepared.targets for m in t.evasion_modifiers)
        view = OddsView(who, tuple(t.id for t in prepared.targets),
                        tuple(o.hit for o in per), tuple(o.crit for o in per),
                        tuple(o.damage for o in per), notes)
        if ctx.parsed.get("json"):
            from shaper_gm.commands.viewdata import Message
            return Outcome(view=Message(odds_json(view)))
        return Outcome(view=view)


def _decisions(ctx: Context, *, ask: bool = True) -> Decisions:
    """The targets' answers to the attack's interrupts: `--react ID=SKILL`, else the
    shell asks (when it can), else nobody reacts."""
    declared = parse_react(ctx.parsed.get("react") or (),
                           lambda word: resolve.actor(ctx.state, word))
    return Decisions(declared=declared,
                     asker=getattr(ctx.session, "decider", None) if ask else None)


def _write_answers(ctx: Context, decisions: Decisions) -> None:
    """Every answer goes into the log, so replay never asks (S23)."""
    decisions.finish()
    ctx.parsed.flags["react"] = decisions.as_flags() or None


def odds_json(view: OddsView) -> str:
    def frac(x) -> str:
        return f"{x.numerator}/{x.denominator}"
    return json.dumps({
        "attacker": view.attacker,
        "targets": [{"target": t, "hit": frac(h), "crit": frac(c),
                     "damage": {str(k): frac(v) for k, v in sorted(d.items())},
                     "mean_damage": frac(d.mean())}
                    for t, h, c, d in zip(view.targets, view.hit, view.crit, view.damage,
                                          strict=True)],
        "assumed": list(view.notes)}, indent=2)


def _attacker_targets(ctx: Context, verb: str) -> tuple[str, list[str]]:
    words = ctx.parsed.words
    if len(words) == 2:
        who, target_word = resolve.actor(ctx.state, words[0]), words[1]
    elif len(words) == 1:
        who, target_word = resolve.acting(ctx.state), words[0]
    else:
        raise CommandError(f"{verb}: expected [ATTACKER] TARGET[,TARGET...]",
                           f"e.g. {verb} goblin-1 or {verb} josh goblin-1,goblin-2")
    targets = resolve.actors(ctx.state, target_word)
    words[:] = [who, ",".join(targets)]
    return who, targets


def _actor_skill_target(ctx: Context, verb: str, spells: bool = False):
    """`VERB [ACTOR] SKILL [TARGET]`: the skill word decides which reading holds."""
    words = ctx.parsed.words
    known = set(ctx.library.skills) | (set(ctx.library.spells) if spells else set())
    if not words or len(words) > 3:
        raise CommandError(f"{verb}: expected [ACTOR] SKILL [TARGET]",
                           f"e.g. {verb} step-up brute")
    if words[0].lower() in known or (len(words) == 1):
        who, rest = resolve.acting(ctx.state), words
    else:
        who, rest = resolve.actor(ctx.state, words[0]), words[1:]
    if not rest or len(rest) > 2:
        raise CommandError(f"{verb}: expected [ACTOR] SKILL [TARGET]", f"e.g. {verb} step-up brute")
    actor = ctx.state.actors[who]
    own = [s for s, _ in actor.sheet.skills] + (list(ctx.library.spells) if spells else [])
    skill = resolve.match_one(rest[0], own, "skill of " + actor.name,
                              f"{actor.name}'s skills: {', '.join(own) or 'none'}")
    target = resolve.actor(ctx.state, rest[1]) if len(rest) == 2 else None
    if not (spells and skill in ctx.library.spells):
        ctx.parsed.words[:] = [who, skill, *([target] if target else [])]
    return who, skill, target


def _request(ctx: Context, who: str, targets: list[str], weapon: str | None = None):
    p = ctx.parsed
    if weapon is None and p.get("with"):
        actor = ctx.state.actors[who]
        carried = [*actor.sheet.weapons, *ctx.library.spells]
        weapon = resolve.match_one(p.get("with"), carried, "weapon",
                                   f"{actor.name} carries: {', '.join(carried)}")
        p.flags["with"] = weapon
    skills = []
    actor_skills = [s for s, _ in ctx.state.actors[who].sheet.skills]
    for word in p.get("skill") or ():
        skills.append(resolve.match_one(word, actor_skills, "skill",
                                        f"skills: {', '.join(actor_skills) or 'none'}"))
    if skills:
        p.flags["skill"] = skills
    mods = tuple(Mod(name, "GM", "S3") for key, name in GM_MODS.items() if p.get(key))
    ignore = tuple(i.lower() for i in p.get("ignore") or ())
    return combat.AttackRequest(who, tuple(targets), weapon, tuple(skills),
                                bool(p.get("sp")), mods, p.get("bonus") or 0, ignore)


def _given_list(ctx: Context, name: str) -> list[tuple[int, ...] | None]:
    out: list[tuple[int, ...] | None] = []
    for text in ctx.parsed.get(name) or ():
        out.append(None if text.strip() == NO_ROLL else parse_faces(text, name))
    return out


def _dice_for(ctx: Context, who: str):
    """Build the rules core's Dice bundle once the full target list is known."""
    box = ctx.dice
    evades = _given_list(ctx, "evade")
    defenses = _given_list(ctx, "defense")

    def build(ids: tuple[str, ...]):
        for name, given in (("evade", evades), ("defense", defenses)):
            if len(given) > len(ids):
                raise CommandError(f"--{name} given {len(given)} times for {len(ids)} target(s)",
                                   f"give --{name} once per target, in target order")
        ev = tuple(box.source("evade", evades[i] if i < len(evades) else None, actor=t)
                   for i, t in enumerate(ids))
        df = tuple(box.source("defense", defenses[i] if i < len(defenses) else None, actor=t)
                   for i, t in enumerate(ids))
        return ctx.ruleset.dice(attack=box.source("roll", ctx.parsed.get("roll"), actor=who),
                                damage=box.source("damage", ctx.parsed.get("damage"), actor=who),
                                evasion=ev, defense=df)
    return build


def _write_faces(ctx: Context, outcome) -> None:
    """Write every roll's faces into the command, so the log replays it exactly."""
    faces = outcome.faces()
    p = ctx.parsed
    p.flags["roll"] = faces["roll"][0]
    p.flags["evade"] = [",".join(map(str, f)) for f in faces["evade"]]
    p.flags["damage"] = faces["damage"][0] if faces["damage"] else None
    defense = [",".join(map(str, f)) if f else NO_ROLL for f in faces["defense"]]
    while defense and defense[-1] == NO_ROLL:
        defense.pop()
    p.flags["defense"] = defense or None

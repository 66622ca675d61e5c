"""Shaper's attacking verbs: attack, skill, cast and odds, with their dice slots and the
targets' reaction answers (S2-S8, S11, S13, S15, S16, S20-S26)."""

from __future__ import annotations

import json
from dataclasses import replace

from shaper_gm.commands import resolve
from shaper_gm.commands.args import flag, parse_slot
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import slot_text
from shaper_gm.commands.viewdata import OddsView
from shaper_gm.dice.totals import AUTOMATIC, EnteredTotal
from shaper_gm.engine.decisions import Decisions, parse_react
from shaper_gm.engine.steps import odds_limits
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper.parts import Mod
from shaper_gm.rulesets.shaper.situation import IGNORABLE

MODIFIER_FLAGS = (flag("edge", help="Edge: highest die becomes 6 (S3)"),
                  flag("pressured", help="Pressured: lowest die becomes 1 (S3)"),
                  flag("adv", help="Advantage: lowest die becomes 6 (S3)"),
                  flag("dis", help="Disadvantage: highest die becomes 1 (S3)"))
NO_ROLL = "-"          # in --evade/--defense: this target rolled nothing (a miss, no armor)
GM_MODS = {"edge": "edge", "pressured": "pressured", "adv": "advantage", "dis": "disadvantage"}

ATTACK_FLAGS = (
    flag("with", "text", metavar="ITEM|spell", completes="weapon",
         help="the weapon or offensive spell (default: the weapon in hand)"),
    flag("skill", "text", repeat=True, metavar="SKILL", completes="skill",
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
DICE_FLAGS = (
    flag("roll", "faces",
         help="the attack roll's faces, or its total (=14, bonuses in it)"),
    flag("evade", "text", repeat=True, metavar="FACES",
         help="evasion faces or total, once per target"),
    flag("damage", "faces",
         help="weapon, then critical, then skill dice; or the damage (=7)"),
    flag("defense", "text", repeat=True, metavar="FACES",
         help="Defense faces or total, once per target (=N: a flat Defense)"),
    flag("auto", "text", repeat=True, metavar="[ID=]success|failure",
         help="a total entered with = is an automatic result (S2): the attacker's, or ID's "
              "evasion"),
    REACT_FLAG,
)



def register_combat_verbs(reg: Registry) -> None:
    """attack, skill, cast and odds. Their bodies import the attack's modules (combat,
    skilluse and what they use) when first run: registering a verb needs only its words."""
    @reg.command(
        "attack", aliases=("a", "hit", "shoot"), rules="S2-S8, S11, S13, S15, S16, S23-S25",
        usage="attack [ATTACKER] TARGET[,TARGET...] [--with ITEM|spell] [--skill SKILL]... "
              "[--sp] [--edge] [--pressured] [--adv] [--dis] [--bonus N] [--damage-bonus N] "
              "[--only] [--ignore NAME]... [--roll FACES] [--evade FACES]... "
              "[--damage FACES] [--defense FACES]... [--auto [ID=]success|failure]...",
        summary="attack: one roll, an evasion per target, damage through Defense",
        examples=("attack goblin-1", "attack josh raider --with longbow --skill piercing-strike",
                  "attack brute --skill thread-the-needle --roll 4,5,5 --evade 2,3,3",
                  "attack raider --roll =14 --evade =9 --damage =7 --defense =5",
                  "attack reaver monica,josh --skill overswing --damage-bonus 2"),
        positionals=("actor?", "targets"), flags=(*ATTACK_FLAGS, *DICE_FLAGS))
    def attack(ctx: Context) -> Outcome:
        from shaper_gm.rulesets.shaper import combat
        who, targets = _attacker_targets(ctx, "attack")
        request = _request(ctx, who, targets)
        decisions = _decisions(ctx)
        dice = _dice_for(ctx, who)
        state, events, outcome = combat.attack(ctx.state, ctx.ruleset, ctx.library, request,
                                               dice, decisions)
        _write_faces(ctx, dice, outcome)
        _write_answers(ctx, decisions)
        return Outcome(state, events)

    @reg.command("skill", rules="S21-S24, S26", usage="skill [ACTOR] SKILL [TARGET] [--sp]",
                 summary="use a skill on its own; --sp pays with SP, also off-turn",
                 examples=("skill monica step-up brute", "skill brute retreat --sp"),
                 positionals=("actor?", "skill", "target?"),
                 flags=(flag("sp", help="pay with 1 SP instead of a Major action; also off "
                                        "turn (S23)"),))
    def skill(ctx: Context) -> Outcome:
        from shaper_gm.rulesets.shaper import skilluse
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
        from shaper_gm.rulesets.shaper import combat, skilluse
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
            dice = _dice_for(ctx, who)
            state, events, outcome = combat.attack(ctx.state, ctx.ruleset, ctx.library,
                                                   request, dice, decisions)
            _write_faces(ctx, dice, outcome)
            _write_answers(ctx, decisions)
            return Outcome(state, events)
        unused = [n for n in ("roll", "evade", "damage", "defense", "auto", "with", "bonus",
                              "damage-bonus", "only", "ignore", "react", *GM_MODS) if p.get(n)]
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
        summary="exact chance to hit, to crit and to drop the target, and the HP it loses",
        examples=("odds goblin-1", "odds josh raider --skill piercing-strike --json"),
        positionals=("actor?", "targets"),
        flags=(*ATTACK_FLAGS, REACT_FLAG, flag("json", help='the same as JSON, fractions as '
                                                            '"n/d"')),
        notes=(odds_limits(),))
    def odds(ctx: Context) -> Outcome:
        from shaper_gm.rulesets.shaper import combat
        who, targets = _attacker_targets(ctx, "odds")
        request = _request(ctx, who, targets)
        rs = ctx.ruleset
        prepared = combat.with_answers(ctx.state, rs, combat.prepare(
            ctx.state, rs, ctx.library, request, check_turn=False))
        per = rs.odds(prepared, _decisions(ctx, ask=False))
        notes = tuple(f"{m.name}: {m.reason}" for m in prepared.plan.modifiers) + tuple(
            f"{t.id} {m.name}: {m.reason}" for t in prepared.targets for m in t.evasion_modifiers
        ) + tuple(o.text for o in prepared.plan.overruled) + tuple(
            f"{t.id} {o.text}" for t in prepared.targets for o in t.overruled)
        view = OddsView(who, tuple(t.id for t in prepared.targets),
                        tuple(o.hit for o in per), tuple(o.crit for o in per),
                        tuple(o.damage for o in per), notes,
                        down=tuple(o.down for o in per), hp=tuple(o.hp for o in per),
                        down_word=rs.term("down"))
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
                     "mean_damage": frac(d.mean()), "down": frac(down), "hp": hp}
                    for t, h, c, d, down, hp in zip(view.targets, view.hit, view.crit,
                                                    view.damage, view.down, view.hp,
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
    from shaper_gm.rulesets.shaper import combat
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
                                bool(p.get("sp")), mods, p.get("bonus") or 0, ignore,
                                damage_bonus=p.get("damage-bonus") or 0,
                                only=bool(p.get("only")))


def _given_list(ctx: Context, name: str) -> list:
    """A repeated slot's values in target order: faces, a total, or None (`-`)."""
    out: list = []
    for text in ctx.parsed.get(name) or ():
        out.append(None if text.strip() == NO_ROLL else parse_slot(text, name))
    return out


def _automatic(ctx: Context, who: str) -> dict[str, str]:
    """`--auto [ID=]success|failure`: whose entered total is an automatic result (S2);
    without ID, the attacker's. Written back with the id resolved."""
    out: dict[str, str] = {}
    for entry in ctx.parsed.get("auto") or ():
        word, sep, verdict = entry.rpartition("=")
        verdict = verdict.strip().lower()
        if verdict not in AUTOMATIC:
            raise CommandError(f"--auto {entry!r}: an automatic result is success or failure",
                               "e.g. --auto success, or --auto raider=failure for its evasion")
        actor = resolve.actor(ctx.state, word) if sep else who
        if actor in out:
            raise CommandError(f"--auto names {actor} twice", "give one verdict per roll")
        out[actor] = verdict
    if out:
        ctx.parsed.flags["auto"] = [f"{a}={v}" if a != who else v for a, v in out.items()]
    return out


def _with_automatic(given, verdict: str | None, flag_name: str, whose: str):
    """The GM's verdict on a total entered for a basic roll (S2)."""
    if verdict is None:
        return given
    if not isinstance(given, EnteredTotal):
        how = "given as faces" if given else "rolled by the tool"
        raise CommandError(f"--auto {verdict}: {whose} was {how}, and the faces decide "
                           "automatic results (S2)",
                           f"enter the total with --{flag_name} =N, or leave --auto out")
    return replace(given, automatic=verdict)


def _dice_for(ctx: Context, who: str):
    """Build the rules core's Dice bundle once the full target list is known. The bundle
    keeps each slot's source, so the log can write what each roll took."""
    box = ctx.dice
    evades = _given_list(ctx, "evade")
    defenses = _given_list(ctx, "defense")
    auto = _automatic(ctx, who)
    kept: dict[str, list] = {}

    def build(ids: tuple[str, ...]):
        for name, given in (("evade", evades), ("defense", defenses)):
            if len(given) > len(ids):
                raise CommandError(f"--{name} given {len(given)} times for {len(ids)} target(s)",
                                   f"give --{name} once per target, in target order")
        stray = [a for a in auto if a != who and a not in ids]
        if stray:
            raise CommandError(f"--auto {stray[0]}=...: {stray[0]} rolls nothing in this attack",
                               f"name the attacker ({who}) or a target: {', '.join(ids)}")
        name = {a: ctx.state.actors[a].name for a in (who, *ids)}
        attack_given = _with_automatic(ctx.parsed.get("roll"), auto.get(who), "roll",
                                       f"{name[who]}'s attack roll")
        ev = tuple(box.source("evade", _with_automatic(
            evades[i] if i < len(evades) else None, auto.get(t), "evade",
            f"{name[t]}'s evasion"), actor=t) for i, t in enumerate(ids))
        df = tuple(box.source("defense", defenses[i] if i < len(defenses) else None, actor=t)
                   for i, t in enumerate(ids))
        kept.update(roll=[box.source("roll", attack_given, actor=who)],
                    damage=[box.source("damage", ctx.parsed.get("damage"), actor=who)],
                    evade=list(ev), defense=list(df))
        return ctx.ruleset.dice(attack=kept["roll"][0], damage=kept["damage"][0],
                                evasion=ev, defense=df)
    build.kept = kept
    return build


def _write_faces(ctx: Context, dice, outcome) -> None:
    """Write what every roll took (faces, or a total) into the command, so the log
    replays it exactly. Faces given for a target's Defense when it has no armor and was
    hit are refused: there is no roll to take them (S7)."""
    kept = dice.kept
    for target, source in zip(outcome.targets, kept["defense"], strict=True):
        if (target.hit and target.result is not None and target.defense is None
                and isinstance(source.given, tuple)):
            raise CommandError(f"--defense {','.join(map(str, source.given))}: {target.id} "
                               "wears no armor, so it rolls no Defense (S7)",
                               "give - for it, or =N for a flat Defense")
    p = ctx.parsed
    p.flags["roll"] = kept["roll"][0].logged()
    p.flags["damage"] = kept["damage"][0].logged()
    for name in ("evade", "defense"):
        texts = [slot_text(s.logged()) for s in kept[name]]
        while texts and texts[-1] == NO_ROLL:
            texts.pop()
        p.flags[name] = texts or None

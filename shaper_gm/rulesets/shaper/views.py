"""How a Shaper fight looks: its events in one line, and every number of an attack and
of a GM's damage with the ruling behind it (S2-S8, S15, S16, S20, S26).

`content/shaper/screen.yaml` declares the screen and names these functions where a text
needs code; the render layer reads it the first time it meets a Shaper event or table.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from shaper_gm.dice import parse
from shaper_gm.render import breakdown
from shaper_gm.render.breakdown import INDENT, faces, more, part_text, row
from shaper_gm.render.tables import pips
from shaper_gm.render.text import Names, item, kind, line, listed, plural, said
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.events import AttackResolved, Moved, SkillUsed
from shaper_gm.rulesets.shaper.model import engagements  # noqa: F401  (the map's groups)
from shaper_gm.rulesets.shaper.views_sheet import pool_left, pool_shown


def moved_line(e: Moved, n: Names, cost: str) -> str:
    band = n.band(e.distance) if n.band else plural(e.distance, "step")
    return line(f"{n(e.actor)} moves {e.start} → {e.end}", [band, cost])


def spent(cost: str) -> str:
    """What one action paid, in one phrase: ``Major`` or ``1 SP`` when one action kind or
    SP paid it all once, else ``spent 2 Major and 1 SP`` (S18, S23): an attack and each
    skill added to it, a cast and its spell skills, counted together."""
    parts = [p for p in cost.split(", ") if p]
    if len(parts) <= 1 and (not cost[:1].isdigit() or cost.startswith("1 ")):
        return cost
    return "spent " + listed(p if p[:1].isdigit() else f"1 {p}" for p in parts)


def skill_line(e: SkillUsed, n: Names, cost: str) -> str:
    skill = item(e.skill).title()
    on = f" on {n(e.target)}" if e.target and e.target != e.actor else ""
    return line(f"{n(e.actor)} uses {skill}{on}", ["; ".join(p for p in (e.note, spent(cost))
                                                             if p)])


# --- attacks and damage in one line --------------------------------------------------

def roll_text(roll) -> str:
    """A roll's breakdown; an automatic result cites S2."""
    return breakdown.roll_text(roll, "S2")


def defense_text(r) -> str:
    """``Defense 9 - Pierce 1 = 8``, ``Defense 6 halved 3``, ``no Defense`` (S7)."""
    if r.defense == 0 and r.effective_defense == 0 and not r.pierce:
        return "no Defense"
    text = f"Defense {r.defense}"
    if r.magic:
        text += f" halved {r.defense_after_magic}"
    if r.pierce:
        text += f" - Pierce {r.pierce} = {r.effective_defense}"
    return text


def damage_text(r) -> str:
    """What the damage did, in order: what Defense stopped, what got through, what was
    absorbed, then HP: ``Defense 9 - Pierce 1 = 8 stops 8, 1 gets through, HP 13 → 12``."""
    defense = defense_text(r)
    stopped = r.damage - r.taken
    if r.taken == 0:
        parts = [f"{defense} stops all of it" if r.damage else defense]
    elif defense == "no Defense":
        parts = [defense, f"{r.taken} gets through"]
    else:
        parts = [f"{defense} stops {stopped or 'none'}", f"{r.taken} gets through"]
    if r.absorbed:
        parts.append(f"{r.absorbed} absorbed" + (f", {r.absorb_left} left to absorb"
                                                 if r.absorb_left else ""))
    if r.hp_lost:
        parts.append(f"HP {r.hp_before} → {r.hp_after}" + (", Down" if r.down else ""))
    else:
        parts.append("no HP lost")
    return ", ".join(parts)


def target_text(t, attack_total: int) -> str:
    auto = f" ({t.hit_reason.split(' (')[0]})" if "automatic" in t.hit_reason else ""
    text = f"{attack_total} vs {t.evasion.total}{auto}, "
    if not t.hit:
        return text + "miss"
    text += "critical hit" if t.critical else "hit"
    if t.result is None:
        return text
    return f"{text}; {t.damage} damage, {damage_text(t.result)}"


def attack_summary(e: AttackResolved, n: Names, cost: str = "") -> str:
    """``Josh attacks Raider with the longbow: 15 vs 8, hit; 6 damage, Defense 9 - ...``."""
    o = e.outcome
    targets = [t.id for t in o.targets]
    head = line(f"{n(e.attacker)} attacks {listed(n(t) for t in targets)} with the "
                f"{item(o.plan.weapon.id)}", [skills_paid(o.plan.skills, cost)])
    if len(o.targets) == 1:
        text = f"{head}: {target_text(o.targets[0], o.attack.total)}"
    else:
        text = f"{head}: " + "; ".join(f"{n(t.id)} {target_text(t, o.attack.total)}"
                                       for t in o.targets)
    return text + gm_said(o, n)


def skills_paid(skill_ids, cost: str) -> str:
    """``Piercing Strike, Longshot; spent 2 Major and 1 SP``: the skills added to an
    attack and the whole of what it paid (S19, S23)."""
    skills = ", ".join(item(s).title() for s in skill_ids)
    return "; ".join(p for p in (skills, spent(cost)) if p)


def gm_said(o, n: Names) -> str:
    """What the GM decided in an attack, for its one line (and so the recap): bonuses
    given, totals called out at the table, and the automatic modifiers overruled."""
    entered = [what for what, roll in (("attack", o.attack), *(
        (f"{n(t.id)}'s evasion", t.evasion) for t in o.targets)) if roll.entered is not None]
    if o.damage is not None and o.damage.entered is not None:
        entered.append("damage")
    entered += [f"{n(t.id)}'s Defense" for t in o.targets
                if t.defense is not None and t.defense.entered is not None]
    bonuses = (*o.plan.attack_bonus, *(o.damage.bonus if o.damage else ()))
    return said([f"{p[1]} {p[0]:+d}" for p in bonuses if p[1].startswith("GM ")], entered,
                [x.text for x in o.plan.overruled]
                + [f"{n(t.id)}'s {x.text.replace(':', ' on Evasion:', 1)}" for t in o.targets
                   for x in t.overruled])


# --- breakdowns ----------------------------------------------------------------------------

def attack_mod_text(mod) -> str:
    """``Disadvantage: firing into melee (S15)``."""
    return line(f"{kind(mod[0])}: {mod[1]}", [mod[2]])


def evasion_mod_text(mod) -> str:
    """``Outnumbered: Disadvantage on Evasion (S16)``."""
    return line(f"{mod[1]}: {kind(mod[0])} on Evasion", [mod[2]])


# --- the damage pipeline ---------------------------------------------------------------

def pipeline(result, depth: int = 2) -> list[Text]:
    """DamageResult.steps, one a line: ``Defense after Pierce 2   7   S7``."""
    width = max(len(s.label) for s in result.steps)
    out = []
    for step in result.steps:
        hp = step.label == "HP"
        value = f"{result.hp_before} → {result.hp_after}" if hp else step.value
        out.append(row(step.label, value, step.rule, depth=depth, width=width, gap="  ",
                       align=7))
        if hp and result.down:
            out[-1].append("  Down (S8)", style="bold red")
    return out


# --- an attack -------------------------------------------------------------------------

def attack_breakdown(event, names: Names, cost: str = "") -> Group:
    """The whole of an AttackResolved: the roll, the damage roll, then each target."""
    o = event.outcome
    targets = [names(t.id) for t in o.targets]
    head = line(f"{names(event.attacker)} attacks {', '.join(targets)} with the "
                f"{item(o.plan.weapon.id)}", [skills_paid(o.plan.skills, cost)])
    if len(o.targets) == 1:                    # the verdict first (issue 22)
        head += ": " + verdict_of(o.targets[0]).plain
    lines = [Text(head, style="bold")]
    for situation in event.situation:
        lines.append(row("range", situation))
    if o.plan.skills:
        lines.append(row("skills", ", ".join(item(s).title() for s in o.plan.skills)))
    if o.plan.is_magic:
        lines.append(row("magic", "Defense halved (S7)"))
    lines.append(row("attack", roll_text(o.attack) + _included(o.attack, o.plan.attack_bonus),
                     style="bold"))
    lines += [more(part_text(p)) for p in o.plan.attack_bonus]
    lines += [more(attack_mod_text(m), style="yellow") for m in o.plan.modifiers]
    lines += [more(x.text, style="dim") for x in o.plan.overruled]
    if o.damage is not None:
        lines += damage_roll_lines(o.damage, item(o.plan.weapon.id))
    if o.plan.pierce_parts or (o.damage is not None and o.damage.pierce):
        pierce = sum(p[0] for p in o.plan.pierce_parts)
        pierce += o.damage.pierce if o.damage is not None else 0
        lines.append(row("pierce", str(pierce)))
        lines += [more(part_text(p)) for p in o.plan.pierce_parts]
    for target in o.targets:
        lines += target_lines(target, o.attack.total, names)
    return Group(*lines)


def _included(roll, parts) -> str:
    """After a total called out at the table: the bonuses and modifiers listed under it
    are taken to be in it."""
    return ", bonuses below in it" if roll.entered is not None and parts else ""


def damage_roll_lines(d, source: str = "weapon") -> list[Text]:
    """The one damage roll, split into the weapon's or spell's dice (named by `source`),
    critical, skill and Pierce dice (S6, S7)."""
    if d.entered is not None:
        dice = f"{source} {d.weapon_expr}" + (f", critical {d.critical_expr}"
                                              if d.critical_expr else "")
        out = [row("damage", f"total {d.entered} (entered)", style="bold"),
               more(f"{dice}, with the bonuses below")]
        return out + [more(part_text(p)) for p in d.bonus]
    dice = list(d.roll.dice) if d.roll is not None else []
    weapon_n = parse(d.weapon_expr).dice_count
    crit_n = parse(d.critical_expr).dice_count if d.critical_expr else 0
    weapon, crit, rest = dice[:weapon_n], dice[weapon_n:weapon_n + crit_n], dice[weapon_n + crit_n:]
    out = [row("damage", faces(dice) if dice else "no dice", style="bold")]
    constant = d.weapon - sum(x.final for x in weapon)
    plus = f" + {constant}" if constant > 0 else (f" - {-constant}" if constant < 0 else "")
    out.append(more(f"{source} {d.weapon_expr}: {faces(weapon)}{plus} = {d.weapon}"))
    if d.critical_expr:
        out.append(more(f"critical {d.critical_expr}: {faces(crit)} = {d.critical} "
                        f"(critical targets only, S6)"))
    if rest:
        if d.skill and d.pierce:
            out.append(more(f"skill and Pierce dice: {faces(rest)}: skill {d.skill}, "
                            f"Pierce {d.pierce}"))
        elif d.pierce:
            out.append(more(f"Pierce dice: {faces(rest)} = {d.pierce} Pierce"))
        else:
            out.append(more(f"skill dice: {faces(rest)} = {d.skill}"))
    elif d.skill:
        out.append(more(f"skill damage: {d.skill}"))
    out += [more(part_text(p)) for p in d.bonus]
    total = f"= {d.base}"
    if d.critical_expr:
        total += f", {d.base + d.critical} on a critical"
    out.append(more(total))
    return out


def verdict_of(t) -> Text:
    """``hit, 9 HP lost (HP 18 → 9)``: what an attack did to one target (S5-S8)."""
    if not t.hit:
        return Text("miss", style="red")
    verdict = Text("critical hit" if t.critical else "hit",
                   style="bold yellow" if t.critical else "green")
    if t.result is not None:
        r = t.result
        verdict.append(f", {r.hp_lost} HP lost (HP {r.hp_before} → {r.hp_after})"
                       if r.hp_lost else ", no HP lost", style="")
        if r.down:
            verdict.append(", Down", style="bold red")
    return verdict


def target_lines(t, attack_total: int, names: Names) -> list[Text]:
    out = [Text(INDENT + f"▸ {names(t.id)}: ", style="bold") + verdict_of(t)]
    out.append(row("evasion", roll_text(t.evasion) + _included(t.evasion, t.evasion_bonus),
                   depth=2))
    out += [more(part_text(p), depth=2) for p in t.evasion_bonus]
    out += [more(evasion_mod_text(m), depth=2, style="yellow") for m in t.evasion_modifiers]
    out += [more(x.text.replace(":", " on Evasion:", 1), depth=2, style="dim")
            for x in t.overruled]
    out.append(row("hit" if t.hit else "miss", f"{t.hit_reason}; margin {t.margin}", depth=2))
    if t.hit:
        out.append(row("critical", ("yes: " if t.critical else "no: ") + t.critical_reason,
                       depth=2))
    if t.result is None:
        return out
    if t.defense is not None:
        out.append(row("Defense", roll_text(t.defense), depth=2))
    out += [more(part_text(p), depth=2) for p in t.defense_bonus]
    out.append(row("damage", f"{t.damage}" + (" with the critical die" if t.critical else ""),
                   depth=2))
    out += pipeline(t.result, depth=3)
    return out


# --- a GM's damage -------------------------------------------------------------------------

def damage_breakdown(event, names: Names, cost: str = "") -> Group:
    """DamageTaken from the GM's `damage`: the S7 pipeline for one actor."""
    r = event.result
    head = Text(f"{r.damage}{' magic' if r.magic else ''} damage to {names(event.actor)}: ",
                style="bold")
    head.append(damage_text(r))
    return Group(head, *pipeline(r, depth=1))


# --- the order table, the map and one actor -------------------------------------------

def actions_cell(actor, state, rs) -> Text:
    """Filled: actions the actor still has this round, a waiting actor's whole pool
    included; hollow: spent or lapsed (S18)."""
    return pips(pool_shown(actor, state, rs), rs.new_pool(actor.sheet))


def engaged_cell(actor, state, rs) -> str:
    return ", ".join(model.engaged_with(state, actor.id)) or "–"


def legend(state, rs) -> str:
    """● action left this round, ○ spent or lapsed (Major Minor Free) (S18); the items
    lying on the battlefield (S19)."""
    words = " · ● action left this round, ○ spent or lapsed"
    if not state.actors:
        return words
    ground = lying_text(state)
    return f"{words} ({' '.join(kind(k) for k in rs.numbers.pool.as_dict())})" + \
        (f"\n{ground}" if ground else "")


def lying_text(state) -> str:
    """``On the ground: javelin (B1, by Raider), longsword (B3, by Monica)`` (S19)."""
    from shaper_gm.engine.ground import lying_text as text
    return text(model.lying(state), item,
                lambda b: state.actors[b].name if b in state.actors else None)


def pool_text(actor, rs, state=None) -> str:
    """``major 2/3  minor 1/1  free 1/1`` (S18)."""
    full = rs.new_pool(actor.sheet)
    return "  ".join(f"{k} {left}/{full[k]}" for k, left in pool_left(actor, rs))


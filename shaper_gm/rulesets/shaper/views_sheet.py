"""`show ACTOR` for a Shaper actor: every number of its sheet with the live values
beside it (S18-S28)."""

from __future__ import annotations

from rich.text import Text

from shaper_gm.render.tables import pips
from shaper_gm.render.text import Names, item, kind, until_text
from shaper_gm.rulesets.shaper import model


def pool_left(actor, rs) -> list[tuple[str, int]]:
    """The actor's pool kinds (a summon has its own, S21) and what is left of each."""
    return [(k, actor.resource(k)) for k in rs.new_pool(actor.sheet)]


def waiting(actor, state) -> bool:
    """Whether the actor's turn is still to come this round (or the fight has not begun):
    its pool is then not spent but not yet given; it gets it whole when its turn starts
    (S18). A summon waits with its summoner (S21)."""
    if actor.down or actor.id in state.passed:
        return False
    if actor.summoner is not None and actor.summoner in state.actors:
        return waiting(state.actors[actor.summoner], state)
    if state.round == 0 or state.turn is None:
        return True
    if state.controls_turn(actor.id):
        return False
    order = [a for a in state.order if a in state.actors]
    if actor.id not in order or state.turn not in order:
        return False
    return order.index(actor.id) > order.index(state.turn)


def pool_shown(actor, state, rs) -> list[tuple[str, int]]:
    """What is left of each pool kind this round: a waiting actor's whole pool is still
    to come; otherwise what it has (spent or lapsed actions are gone)."""
    if waiting(actor, state):
        return list(rs.new_pool(actor.sheet).items())
    return pool_left(actor, rs)


def actions_row(actor, view) -> Text:
    state, rs = view.state, view.ruleset
    counts = pool_shown(actor, state, rs)
    if waiting(actor, state):
        when = " (its turn is still to come)"
    elif actor.down or state.controls_turn(actor.id):
        when = ""
    else:
        when = " (its turn is over: spent or lapsed)"
    return Text.assemble(pips(counts, rs.new_pool(actor.sheet)), "  ",
                         " ".join(f"{kind(k)} {n}" for k, n in counts), when)


def zone_row(actor, view) -> str:
    engaged = model.engaged_with(view.state, actor.id)
    return (actor.zone or "not placed") + (f", engaged with {', '.join(engaged)}"
                                           if engaged else "")


def evasion_row(actor, view) -> str:
    evasion, extra = f"{actor.sheet.evasion_bonus:+d}", actor.effect_total("evasion")
    if extra:
        named = ", ".join(e.name for e in actor.effects if e.mod("evasion"))
        evasion += f", {extra:+d} from effects ({named})"
    return evasion


def armor_row(actor, view) -> str:
    stats = actor.sheet
    if not stats.armor:
        return "none (no Defense roll, S7)"
    armor = view.library.armor.get(stats.armor)
    return f"{armor.name if armor else item(stats.armor)}: Defense {stats.defense}"


def attack_row(actor, view) -> str:
    return _bonuses(actor.sheet.attack_bonus, actor.effect_total("attack"))


def damage_row(actor, view) -> str:
    return _bonuses(actor.sheet.damage_bonus, actor.effect_total("damage"))


def shield_row(actor, view) -> str | None:
    """What the shield gives now, and what raising it would give (S19a, S20):
    ``Shield, held, not raised: raise it (Minor) for +1 Evasion until the start of its
    next turn``, or ``Shield, raised: +1 Evasion active until the start of Mona's turn``."""
    shield_id = actor.sheet.shield
    if not shield_id:
        return None
    shield = view.library.shields.get(shield_id)
    name = shield.name if shield else item(shield_id)
    gives = f"+{shield.evasion} Evasion" if shield else "its Evasion bonus"
    raised = next((e for e in actor.effects if e.source == "shield"), None)
    if raised is not None:
        until = until_text(raised.until, Names.of(view.state))
        return f"{name}, raised: {gives} active {until} (S20)"
    try:
        cost = kind(view.ruleset.numbers.cost("raise_shield"))
    except (AttributeError, KeyError):
        cost = "Minor"
    if shield_id in model.holding(actor):
        return (f"{name}, held, not raised: raise it ({cost}) for {gives} until the start "
                "of its next turn (S20)")
    return (f"{name}, not in hand: draw it, then raise it ({cost}) for {gives} "
            "(S19a, S20)")


def _bonuses(parts, from_effects: int) -> str:
    text = ", ".join(f"{n:+d} {k}" for k, n in parts if n) or "none"
    if from_effects:
        text += f"; {from_effects:+d} from effects"
    return text


def weapons_row(actor, view) -> str:
    lines = []
    for weapon_id in actor.sheet.weapons:
        weapon = view.library.weapons.get(weapon_id)
        text = weapon.name if weapon else item(weapon_id)
        if weapon:
            if weapon.kind != "focus":
                text += f" {weapon.damage}"
            if weapon.pierce:
                text += f", Pierce {weapon.pierce}"
            text += f", {weapon.kind}"
        if weapon_id in model.holding(actor):
            text += " (held)"
        if weapon_id in model.unloaded(actor):
            text += " (needs a reload)"
        if weapon_id in model.away(actor):
            text += " (not on them: dropped or thrown)"
        lines.append(text)
    return "\n".join(lines) or "none"


def skills_row(actor, view) -> str:
    lines = []
    for skill_id, level in actor.sheet.skills:
        skill = view.library.skills.get(skill_id)
        left = max(0, level - model.uses(actor, skill_id))
        name = skill.name if skill else item(skill_id).title()
        lines.append(f"{name} {level}: {left} of {level} uses left this round (S24)")
    return "\n".join(lines) or "none"

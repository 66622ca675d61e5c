"""What Shaper offers the GM while a command is typed: targets in reach first, each with
its band; tiles with band and move cost; items in hand or stowed; skills and spells with
cost, uses left and whether they can be used now. Completion reads these through
`ShaperRuleset.offers`; nothing here changes the encounter.
"""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.offers import FIRST, LAST, LATER, Offer, ranked, tile_offers
from shaper_gm.rulesets.shaper import combat, model, situation, skills
from shaper_gm.rulesets.shaper.creation import hands_needed, hands_used
from shaper_gm.rulesets.shaper.skilluse import ATTACK_ONLY

TARGET_SLOTS = {"target", "targets"}
ATTACKS = {"attack", "odds", "cast"}       # verbs whose target must be in the weapon's reach
MOVES = {"move"}                            # verbs whose tile costs moves (S12)
OUT_OF_REACH = LAST               # after everything in reach; Down actors come last
DOWN = OUT_OF_REACH + 1


def offers(rs, state, slot: str, subject: str | None, verb: str) -> list[Offer] | None:
    actor = state.actors.get(subject) if subject else None
    if slot in TARGET_SLOTS and actor is not None:
        return _targets(rs, state, actor, verb)
    if slot == "zone" and verb in MOVES and actor is not None and actor.zone:
        return _zones(rs, state, actor)
    if slot in ("item", "held-item"):
        found = _items(rs, actor, "held" if slot == "held-item" else "stowed")
        return _fitting(rs, actor, found) if verb == "draw" and actor is not None else found
    if slot == "lying-item":
        return _lying(rs, state, actor)
    if slot == "weapon":
        return _items(rs, actor, "all") if actor is not None else _library(rs.library.weapons)
    if slot == "weapon+spell":
        if actor is None:
            return _library({**rs.library.weapons, **rs.library.spells})
        return _items(rs, actor, "all", spells=actor.sheet.mentality > 0)
    if slot in ("skill", "skills", "spell"):
        if actor is None:
            spells = rs.library.spells if slot == "spell" else {}
            return _library({**rs.library.skills, **spells})
        return ranked(_skills(rs, state, actor, only_spells=slot == "spell" or verb == "cast",
                              attacks=slot == "spell"))
    if slot == "armor":
        return _library(rs.library.armor)
    return None


# --- targets -------------------------------------------------------------------------
def _targets(rs, state, actor, verb: str) -> list[Offer]:
    """Everyone but the actor: those it can take on now first (enemies before allies),
    then those out of reach, then the Down; each tagged with band and reach (S11-S14)."""
    view = combat.field_view(state, rs) if actor.zone else None
    weapon = _weapon(rs, state, actor) if verb in ATTACKS else None
    out = []
    for other in state.actors.values():
        if other.id == actor.id:
            continue
        rank, notes = _rank(rs, state, view, weapon, actor, other, verb)
        steps = rs.distance(actor.zone, other.zone) if actor.zone and other.zone else 0
        ally = other.side == actor.side
        out.append((rank, ally, steps, Offer(other.id, " · ".join(notes), rank)))
    return [offer for *_, offer in sorted(out, key=lambda row: row[:3])]


def first_target(rs, state, actor, verb: str, other_id: str) -> bool:
    """Whether `_targets` ranks `other_id` first, that one target worked out alone (the
    picture of the field and the actor's weapon kept for the state's other targets)."""
    other = state.actors.get(other_id)
    if other is None or other.id == actor.id:
        return False
    view, weapon = rs.kept_for(state, ("aim", actor.id, verb), lambda: (
        combat.field_view(state, rs) if actor.zone else None,
        _weapon(rs, state, actor) if verb in ATTACKS else None))
    return _rank(rs, state, view, weapon, actor, other, verb)[0] == FIRST


def _rank(rs, state, view, weapon, actor, other, verb: str) -> tuple[int, list[str]]:
    """Where `other` ranks for `actor`'s `verb`, and its notes."""
    notes = [other.name, other.side]
    reach = None
    if view is not None and other.zone:
        notes.append(rs.band_name(rs.distance(actor.zone, other.zone)))
        reach = _reach(rs, state, view, actor, other, verb, weapon)
        if reach:
            notes.append(reach[1])
    notes.append(f"HP {other.hp}/{other.max_hp}")
    if other.down:
        notes.append("Down")
        return DOWN, notes
    if reach is not None and not reach[0]:
        return OUT_OF_REACH, notes
    return (FIRST if other.side != actor.side else LATER), notes


def _weapon(rs, state, actor):
    """What an attack by `actor` would use: its default weapon, or None if it has none."""
    try:
        item = combat.default_weapon(state, rs.library, actor.id)
    except RuleViolation:
        return None
    return rs.library.weapons.get(item) or rs.library.spells.get(item)


def _reach(rs, state, view, actor, other, verb: str, weapon) -> tuple[bool, str] | None:
    """(can `actor` take `other` on with `verb` now, a note) or None when it does not
    depend on where they stand."""
    if verb == "engage":
        if situation.in_melee(view, actor.id, other.id):
            return False, "already engaged"
        same = rs.distance(actor.zone, other.zone) == 0
        return same, "can engage" if same else "move to its zone first"
    if verb not in ATTACKS:
        return None
    if weapon is None:
        return False, "no weapon in hand"
    if verb == "cast" and weapon.kind != "spell":
        spell = next(iter(rs.library.spells.values()), None)
        if spell is None:
            return None
        weapon = spell
    try:
        check = situation.range_check(
            rs.numbers, view, actor.id, other.id, weapon,
            spell_range_bonus=situation.focus_bands(rs.library, model.holding(actor)))
    except RuleViolation as refusal:
        return False, _short(refusal.message)
    if check.modifiers:
        return True, f"beyond {weapon.name}'s max range: Disadvantage"
    return True, "melee" if check.melee else f"in {weapon.name} range"


def _short(message: str) -> str:
    """A refusal's first clause, without its ruling: ``not engaged with Raider``."""
    return message.split(" (S")[0].split(":")[0]


# --- tiles ---------------------------------------------------------------------------
def _zones(rs, state, actor) -> list[Offer]:
    """Every tile by distance from the actor, with its band and the moves it costs
    (S12)."""
    def note(zone: str) -> tuple[int, str]:
        steps = rs.distance(actor.zone, zone)
        if steps == 0:
            return 0, "here"
        moves = steps                   # one move action a Short step (S12)
        return steps, f"{rs.band_name(steps)} · {moves} move" + ("" if moves == 1 else "s")
    return tile_offers(state, note)


# --- items ---------------------------------------------------------------------------
def _items(rs, actor, which: str, *, spells: bool = False) -> list[Offer]:
    """`which`: "held" (in hand), "stowed" (carried, not in hand) or "all" (in hand
    first); `spells` adds the offensive spells the actor may cast."""
    if actor is None:
        return []
    lib = rs.library
    held = model.holding(actor)
    stowed = [i for i in actor.sheet.carried if i not in held and i not in model.away(actor)]
    pool = {"held": list(held), "stowed": stowed, "all": [*held, *stowed]}[which]
    if spells:
        pool += list(lib.spells)
    out = []
    for item_id in dict.fromkeys(pool):
        item = lib.item(item_id) or lib.spells.get(item_id)
        meta = item.name if item is not None else ""
        damage = getattr(item, "damage", None)
        if damage:
            meta += f" · {damage}"
        if item_id in held:
            meta += " · in hand"
        out.append(Offer(item_id, meta))
    return out


def _fitting(rs, actor, offers: list[Offer]) -> list[Offer]:
    """What `draw` offers: the items the actor's free hands can take first, then those
    they cannot, saying so (S19a)."""
    used = hands_used(rs.library, model.holding(actor), model.gripped(actor))
    return ranked([o if used + hands_needed(rs.library, o.text) <= rs.numbers.hands else
                   Offer(o.text, f"{o.meta} · not now: hands full", LATER) for o in offers])


def _library(items) -> list[Offer]:
    return [Offer(key, getattr(item, "name", "")) for key, item in sorted(items.items())]


# --- skills --------------------------------------------------------------------------
def _skills(rs, state, actor, *, only_spells: bool, attacks: bool) -> list[Offer]:
    """The actor's skills (`only_spells`: its spell skills), each with level, uses left
    this round and cost, those it cannot use now later, with why (S23-S25); `attacks`
    adds the offensive spells when the actor can cast (Mentality above 0, S25)."""
    lib = rs.library
    sp = actor.resource("sp")
    on_turn = state.controls_turn(actor.id)
    out = []
    for skill_id, level in actor.sheet.skills:
        skill = lib.skills.get(skill_id)
        if skill is None or (only_spells and not skill.is_spell):
            continue
        left = level - model.uses(actor, skill_id)
        notes = [skill.name, f"level {level}", f"{left} use{'s' if left != 1 else ''} left"]
        why = _not_now(rs, actor, skill, level, left, sp, on_turn)
        if set(skill.primary) <= ATTACK_ONLY:
            notes.append("with an attack: attack TARGET --skill " + skill_id)
        elif skills.is_reaction_skill(skill):
            notes.append("answers an attack (--react)")
        else:
            notes.append(f"Major or {rs.numbers.skill_sp_cost} SP")
        if why:
            notes.append("not now: " + why)
        out.append(Offer(skill_id, " · ".join(notes), LATER if why else FIRST))
    if attacks and actor.sheet.mentality > 0:
        for spell_id, spell in lib.spells.items():
            out.append(Offer(spell_id, f"{spell.name} · {spell.damage} (an attack)"))
    return out


def _not_now(rs, actor, skill, level: int, left: int, sp: int, on_turn: bool) -> str:
    """Why `actor` cannot use `skill` at this moment, or ""."""
    if actor.down:
        return "Down"
    if left <= 0:
        return "no uses left this round (S24)"
    if not on_turn and sp < rs.numbers.skill_sp_cost:
        return f"off-turn it needs {rs.numbers.skill_sp_cost} SP (S23)"
    if not skill.primary:
        return ""
    try:
        skills.check_trigger(rs.numbers, actor.sheet, skill, level, moment=skill.primary[0],
                             shield_raised=model.shield_raised(actor), who=actor.name)
    except RuleViolation as refusal:
        return _short(refusal.message)
    return ""


def _lying(rs, state, actor) -> list[Offer]:
    """Items lying on the battlefield: within Melee range first, then the rest of the
    actor's zone, each with its cost; those elsewhere last (S11, S19)."""
    from shaper_gm.rulesets.shaper import ground
    near = ground.reachable(state, actor.id) if actor is not None and actor.zone else []
    out = []
    for entry in near:
        melee = ground.within_melee(state, actor.id, entry)
        cost = rs.cost("pickup_melee" if melee else "pickup_close")
        out.append(Offer(entry[0], f"{entry[1]} · {'Melee' if melee else 'Close'} · "
                                   f"{cost.capitalize()}", FIRST if melee else LATER))
    out += [Offer(entry[0], f"{entry[1]} · move there first", LAST)
            for entry in model.lying(state) if entry not in near]
    return ranked(out)

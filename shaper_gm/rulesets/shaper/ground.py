"""Items on the battlefield (S19, S19a): switching a held item for a carried one,
dropping one, picking one up, and a thrown weapon landing by its target.

A dropped or thrown item lies in a zone beside someone (who dropped it, whom it was
thrown at); its owner no longer has it (`away`) until someone picks it up. Picking up
costs `pickup_melee` when the item lies within Melee range (beside the actor or someone
in its engagement, S11), else `pickup_close` (elsewhere in its zone); every cost is the
ruleset's (`costs` in content/shaper/ruleset.yaml).
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine import ground
from shaper_gm.engine.actions import Acting, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.actions import KindCost, check_not_away, play_action
from shaper_gm.rulesets.shaper.creation import hands_needed, hands_used
from shaper_gm.rulesets.shaper.events import ItemChanged, Switched

Lying = ground.Lying                  # (item, zone, whom it lies beside)


def _hands_left(rs, actor: Actor, without: str | None = None) -> int:
    held = [i for i in model.holding(actor) if i != without]
    return rs.numbers.hands - hands_used(rs.library, held, model.gripped(actor))


# --- switch (S19: switch weapons) --------------------------------------------------------

def _check_switch(acting: Acting) -> None:
    rs, actor = acting.rs, acting.state.actors[acting.actor]
    held, wanted = acting.request.arg("held-item"), acting.request.arg("item")
    if wanted in model.holding(actor):
        raise RuleViolation(f"{actor.name} already holds the {wanted}",
                            f"switch the {held} for another item")
    check_not_away(acting.state, actor, wanted)
    if hands_needed(rs.library, wanted) > _hands_left(rs, actor, without=held):
        raise RuleViolation(f"the {wanted} needs more hands than the {held} frees (S19a)",
                            "sheathe another item first (Minor)")


def _switch(acting: Acting) -> Done:
    actor = acting.state.actors[acting.actor]
    held, wanted = acting.request.arg("held-item"), acting.request.arg("item")
    holding = tuple(wanted if i == held else i for i in model.holding(actor))
    actor = model.with_own(model.let_go(actor, held), holding=holding)
    return Done(acting.state.with_actor(actor), (Switched(actor.id, held, wanted),))


# --- grip (S19: switch grip) -------------------------------------------------------------

def _check_grip(acting: Acting) -> bool:
    """A one-handed weapon that has a two-handed damage is gripped in both hands (its
    other hand must be free), or back in one; True: to two hands (S19, S19a)."""
    rs, actor = acting.rs, acting.state.actors[acting.actor]
    item = acting.request.arg("held-item")
    weapon = rs.library.weapons.get(item)
    if weapon is None or not weapon.two_handed:
        raise RuleViolation(f"the {item} has one grip", "weapons with a two-handed damage "
                            "(two_handed in content) can switch grip")
    if item in model.gripped(actor):
        return False
    if _hands_left(rs, actor, without=item) < 2:
        raise RuleViolation(f"{actor.name} needs a free hand to grip the {item} in both "
                            "(S19a)", "sheathe or drop the other item first")
    return True


def _grip(acting: Acting) -> Done:
    actor, item = acting.state.actors[acting.actor], acting.request.arg("held-item")
    others = tuple(i for i in model.gripped(actor) if i != item)
    gripped = (*others, item) if acting.plan else others
    verb = "gripped in both hands" if acting.plan else "gripped in one hand"
    return Done(acting.state.with_actor(model.with_own(actor, gripped=gripped)),
                (ItemChanged(actor.id, verb, item),))


# --- drop (Free) and pick up (Minor within Melee range, Major within Close) ---------------

def lay_down(state: Encounter, owner: str, item: str, zone: str, beside: str) -> Encounter:
    """`item` leaves `owner`'s hand and lies in `zone` beside `beside`."""
    actor = model.let_go(state.actors[owner], item)
    actor = model.with_own(actor, away=(*model.away(actor), item))
    return model.with_lying(state.with_actor(actor), ground.laid(model.lying(state), item, zone,
                                                                 beside))


def _drop(acting: Acting) -> Done:
    actor, item = acting.state.actors[acting.actor], acting.request.arg("held-item")
    state = lay_down(acting.state, actor.id, item, actor.zone, actor.id)
    return Done(state, (ItemChanged(actor.id, "dropped", item),))


def within_melee(state: Encounter, actor_id: str, entry: Lying) -> bool:
    """Beside the actor, or beside someone in its engagement still in that zone (S11)."""
    _, zone, beside = entry
    if beside == actor_id:
        return True
    group = model.engagement_of(state, actor_id) or frozenset()
    other = state.actors.get(beside)
    return beside in group and other is not None and other.zone == zone


def reachable(state: Encounter, actor_id: str) -> list[Lying]:
    """The items lying in the actor's zone, those within Melee range first."""
    zone = state.actors[actor_id].zone
    here = [e for e in model.lying(state) if e[1] == zone]
    return sorted(here, key=lambda e: not within_melee(state, actor_id, e))


def _check_pickup(acting: Acting) -> tuple[Lying, str]:
    rs, state = acting.rs, acting.state
    actor, item = state.actors[acting.actor], acting.request.arg("lying-item")
    found = [e for e in reachable(state, actor.id) if e[0] == item]
    if not found:
        zones = sorted(ground.places_of(model.lying(state), item))
        raise RuleViolation(f"no {item} lies in {actor.zone}; it lies in {', '.join(zones)} "
                            "(S19)", f"move to {zones[0]} first")
    if hands_needed(rs.library, item) > _hands_left(rs, actor):
        held = model.holding(actor)
        raise RuleViolation(f"{actor.name}'s hands are full ({', '.join(held)}) (S19a)",
                            f"sheathe or drop something first, e.g. drop {held[0]}")
    shield = actor.sheet.shield
    if item in rs.library.shields and shield and shield != item and \
            shield not in model.away(actor):
        raise RuleViolation(f"{actor.name} already carries a shield, the {shield}",
                            f"drop the {shield} first")
    entry = found[0]
    return entry, "pickup_melee" if within_melee(state, actor.id, entry) else "pickup_close"


def _pickup(acting: Acting) -> Done:
    state, (entry, _) = acting.state, acting.plan
    actor, item = state.actors[acting.actor], entry[0]
    rest = ground.taken(model.lying(state), entry)
    sheet = actor.sheet
    if item not in model.away(actor) and item not in sheet.carried:
        sheet = replace(sheet, shield=item) if item in acting.rs.library.shields else \
            replace(sheet, weapons=(*sheet.weapons, item))
    actor = model.with_own(actor.with_(sheet=sheet), holding=(*model.holding(actor), item),
                           away=tuple(i for i in model.away(actor) if i != item))
    state = model.with_lying(state.with_actor(actor), rest)
    return Done(state, (ItemChanged(actor.id, "picked up", item),))


def thrown(state: Encounter, actor_id: str, item: str, target_id: str) -> Encounter:
    """A thrown weapon leaves the hand and lies beside its target (S19)."""
    target = state.actors[target_id]
    return lay_down(state, actor_id, item, target.zone or state.actors[actor_id].zone,
                    target_id)


GRIP = play_action("grip", prepare=_check_grip, resolve=_grip, what="switching grip",
                   cost=KindCost("grip", "switch_grip"))
SWITCH = play_action("switch", prepare=_check_switch, resolve=_switch, what="switching items",
              cost=KindCost("switch", "switch_weapons"))
DROP = play_action("drop", resolve=_drop, what="dropping an item",
            cost=KindCost("drop"))
PICKUP = play_action("pickup", prepare=_check_pickup, resolve=_pickup, what="picking up an item",
              cost=lambda a: (("pickup", {a.rs.cost(a.plan[1]): 1}),))

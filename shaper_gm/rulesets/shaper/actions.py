"""Shaper's play actions, as the engine runs them (`engine.play.perform`): moving,
engaging, handling items (S12, S14, S19, S20), and the attack, skill and cast actions,
whose modules load with their first use (`combat`, `skilluse`). Each `prepare` makes
every refusal; the engine pays the cost (an action kind, S18, S19); `resolve` changes
the encounter."""

from __future__ import annotations

from importlib import import_module

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Change, Effect, Encounter
from shaper_gm.rulesets.shaper import model, skills
from shaper_gm.rulesets.shaper.creation import hands_needed, hands_used
from shaper_gm.rulesets.shaper.events import Disengaged, Engaged, ItemChanged, Moved
from shaper_gm.rulesets.shaper.model import holding


class KindCost:
    """The cost of an action that takes one action of the kind the ruleset lists for
    `kind` (S18), paid as `part`: known before the action is prepared, its price too."""

    def __init__(self, part: str, kind: str | None = None) -> None:
        self.part, self.kind = part, kind or part

    def __call__(self, acting: Acting):
        return self.price(acting.state, acting.rs, acting.request)

    def price(self, _state, rs, _request):
        return ((self.part, {rs.cost(self.kind): 1}),)


def _kind(name: str) -> KindCost:
    return KindCost(name)


def play_action(name: str, **kinds) -> Action:
    """A Shaper play action: its line says what the actor does (`phrase`); a cost of
    several parts is refused whole, before any is paid (`paid_whole`); a cost of one
    kind is its price (`engine.play.affordable`)."""
    kinds.setdefault("price", getattr(kinds.get("cost"), "price", None))
    if "cost" in kinds:
        kinds["cost"] = paid_whole(kinds["cost"], kinds.get("what") or name)
    return Action(name, kinds.pop("resolve"), phrase="act", **kinds)


def paid_whole(cost, what: str):
    """`cost`, refused on the actor's turn before anything is paid when the actor cannot
    pay all its parts (S18): a refusal met part-way would count the parts already paid
    as spent before the action (a two-Major move with one Major left is not "spent 3 of
    3 Major")."""
    this = "this " + what.split(" ", 1)[-1] if what.startswith(("a ", "an ")) else what

    def whole(acting: Acting):
        parts = cost(acting)
        actor = acting.state.actors[acting.actor]
        if not acting.reaction and isinstance(parts, tuple) and parts and \
                skills.affordable(acting.rs, actor, parts[0][1]):
            skills.check_affordable(acting.rs, acting.state.actors[acting.actor], parts, this,
                                    hint="end the turn (end), or do something cheaper",
                                    rule="S18")
        return parts
    return whole


# --- moving (S12) ---------------------------------------------------------------------

def _route(acting: Acting) -> tuple[str, int]:
    """One Major action per Short distance (S12); an engaged actor disengages first."""
    state, actor = acting.state, acting.state.actors[acting.actor]
    zone = acting.request.arg("zone")
    if model.engagement_of(state, actor.id):
        others = ", ".join(model.engaged_with(state, actor.id))
        raise RuleViolation(f"{actor.name} is engaged with {others} (S12): an engaged actor "
                            "cannot move", "disengage first (Minor action, S14)")
    if zone == actor.zone:
        raise RuleViolation(f"{actor.name} is already in {zone}", "name another zone")
    return zone, acting.rs.distance(actor.zone, zone)


def _move(acting: Acting) -> Done:
    zone, steps = acting.plan
    actor = acting.state.actors[acting.actor]
    return Done(acting.state.with_actor(actor.with_(zone=zone)),
                (Moved(actor.id, actor.zone, zone, steps),))


def _move_price(state: Encounter, rs, request):
    """One Major action per Short distance to the zone named (S12)."""
    here, there = state.actors[request.acting].zone, request.arg("zone")
    return (("move", {rs.cost("move"): 1}),) * (rs.distance(here, there) if here and there
                                                 else 0)


MOVE = play_action("move", resolve=_move, prepare=_route, what="a move", price=_move_price,
               cost=lambda acting: (("move", {acting.rs.cost("move"): 1}),) * acting.plan[1])


# --- engagements (S14) ----------------------------------------------------------------

def check_engage(state: Encounter, actor_id: str, target_id: str) -> None:
    """Engaging needs the same zone; it joins the target's group (S14)."""
    actor, target = state.actors[actor_id], state.actors[target_id]
    if actor_id == target_id:
        raise RuleViolation("an actor cannot engage itself", "name another actor")
    if target.down:
        raise RuleViolation(f"{target.name} is Down (S8)", "engage someone still standing")
    if actor.zone != target.zone:
        raise RuleViolation(f"{target.name} is in {target.zone}, {actor.name} in {actor.zone} "
                            "(S14): engaging needs the same zone",
                            f"move to {target.zone} first")
    group = model.engagement_of(state, actor_id)
    if group and target_id in group:
        raise RuleViolation(f"{actor.name} is already engaged with {target.name}",
                            "attack, or disengage")
    if target.side == actor.side and not model.engagement_of(state, target_id):
        raise RuleViolation(f"{target.name} is on {actor.name}'s side and in no fight (S14): "
                            "engaging an ally joins the ally's engagement",
                            f"engage an enemy, or wait until {target.name} is engaged")


def engage_now(state: Encounter, actor_id: str, target_id: str) -> Change:
    state = model.with_engagements(state, model.join_engagement(model.engagements(state),
                                                                actor_id, target_id))
    members = tuple(sorted(model.engagement_of(state, actor_id) or ()))
    return state, [Engaged(actor_id, target_id, members)]


def check_engaged(state: Encounter, actor_id: str) -> None:
    if not model.engagement_of(state, actor_id):
        raise RuleViolation(f"{state.actors[actor_id].name} is not engaged",
                            "nothing to disengage from")


def disengage_now(state: Encounter, actor_id: str, why: str = "") -> Change:
    """The actor leaves; whom it left is kept for the round, for Step Up (S23)."""
    partners = model.engaged_with(state, actor_id)
    state = model.with_left(state, model.field(state).left | {(actor_id, p) for p in partners})
    state = model.with_engagements(state, model.leave_engagement(model.engagements(state),
                                                                 actor_id))
    state, settled = model.settle(state, already=actor_id)
    return state, [Disengaged(actor_id, why), *settled]


ENGAGE = play_action("engage", cost=_kind("engage"), what="engaging",
                 prepare=lambda a: check_engage(a.state, a.actor, a.request.target),
                 resolve=lambda a: Done(*engage_now(a.state, a.actor, a.request.target)))
DISENGAGE = play_action("disengage", cost=_kind("disengage"), what="disengaging",
                    prepare=lambda a: check_engaged(a.state, a.actor),
                    resolve=lambda a: Done(*disengage_now(a.state, a.actor)))


# --- items (S19, S19a, S20) -----------------------------------------------------------

def check_not_away(state: Encounter, actor: Actor, item: str) -> None:
    """An item its owner dropped or threw is not at hand until picked up again."""
    if item in model.away(actor):
        where = [z for i, z, _ in model.lying(state) if i == item]
        lies = f"lies in {where[0]}" if where else "is not on them"
        raise RuleViolation(f"{actor.name}'s {item} {lies} (S19)",
                            f"pick it up first: pickup {item}" if where else
                            "it was taken by someone else")


def _check_draw(acting: Acting) -> None:
    """Draw a weapon or shield into a free hand (S19, S19a)."""
    rs, actor, item = acting.rs, acting.state.actors[acting.actor], acting.request.arg("item")
    held = holding(actor)
    if item in held:
        raise RuleViolation(f"{actor.name} already holds the {item}", "attack with it")
    check_not_away(acting.state, actor, item)
    used = hands_used(rs.library, held, model.gripped(actor))
    if used + hands_needed(rs.library, item) > rs.numbers.hands:
        raise RuleViolation(f"{actor.name}'s hands are full ({', '.join(held)}) (S19a)",
                            f"sheathe something first (Minor), e.g. sheathe {held[0]}")


def _draw(acting: Acting) -> Done:
    actor, item = acting.state.actors[acting.actor], acting.request.arg("item")
    return Done(acting.state.with_actor(model.with_own(actor, holding=(*holding(actor), item))),
                (ItemChanged(actor.id, "drew", item),))


def _sheathe(acting: Acting) -> Done:
    actor, item = acting.state.actors[acting.actor], acting.request.arg("held-item")
    return Done(acting.state.with_actor(model.let_go(actor, item)),
                (ItemChanged(actor.id, "sheathed", item),))


def _check_raise(acting: Acting) -> None:
    """+Evasion and Block skills until the start of the actor's next turn (S20)."""
    actor = acting.state.actors[acting.actor]
    shield_id = actor.sheet.shield
    if not shield_id:
        raise RuleViolation(f"{actor.name} has no shield", "add one with --shield")
    if shield_id not in holding(actor):
        raise RuleViolation(f"{actor.name} is not holding the {shield_id} (S19a)",
                            f"draw it first (Minor): draw {shield_id}")
    if model.shield_raised(actor):
        raise RuleViolation(f"{actor.name}'s shield is already raised (S20)",
                            "it stays up until the start of the next turn")


def _raise(acting: Acting) -> Done:
    actor = acting.state.actors[acting.actor]
    shield = acting.rs.library.shields[actor.sheet.shield]
    effect = Effect("Shield raised", source="shield", caster=actor.id,
                    mods=(("evasion", shield.evasion),), until=f"start:{actor.id}")
    return Done(acting.state.with_actor(actor.with_(effects=(*actor.effects, effect))),
                (ItemChanged(actor.id, "raised", shield.id), ev.EffectAdded(actor.id, effect)))


def _reloadable(acting: Acting) -> str:
    """Reload a held weapon that needs it after each shot (S19)."""
    actor = acting.state.actors[acting.actor]
    candidates = [w for w in holding(actor) if w in model.unloaded(actor)]
    if not candidates:
        raise RuleViolation(f"{actor.name} holds nothing that needs reloading",
                            "draw a weapon that reloads (a crossbow)")
    return candidates[0]


def _reload(acting: Acting) -> Done:
    actor, weapon = acting.state.actors[acting.actor], acting.plan
    return Done(acting.state.with_actor(model.with_own(
        actor, unloaded=tuple(w for w in model.unloaded(actor) if w != weapon))),
        (ItemChanged(actor.id, "reloaded", weapon),))


DRAW = play_action("draw", cost=_kind("draw"), prepare=_check_draw, resolve=_draw,
               what="drawing")
SHEATHE = play_action("sheathe", cost=_kind("sheathe"), resolve=_sheathe, what="sheathing")
RAISE = play_action("raise", cost=_kind("raise_shield"), prepare=_check_raise, resolve=_raise,
                what="raising a shield")
RELOAD = play_action("reload", cost=_kind("reload"), prepare=_reloadable, resolve=_reload,
                 what="reloading")


# --- attacks, skills and spells: their modules load with their first use ---------------

def _later(module: str, name: str):
    def call(*args):
        return getattr(import_module(f"shaper_gm.rulesets.shaper.{module}"), name)(*args)
    return call


def _spell(acting: Acting):
    """`cast`'s spell, when it is the offensive one (an attack); None for a utility
    spell (a skill)."""
    spell = acting.request.arg("spell")
    return spell if spell in acting.rs.library.spells else None


# Flags that belong to an attack, refused on a utility spell.
ATTACK_ONLY_FLAGS = ("roll", "evade", "damage", "defense", "auto", "with", "bonus",
                     "damage-bonus", "only", "ignore", "react", "edge", "pressured", "adv",
                     "dis", "ally", "target-edge", "target-pressured", "target-adv",
                     "target-dis", "pierce")


def _prepare_cast(acting: Acting):
    request, spell = acting.request, _spell(acting)
    if spell is not None:
        if request.target is None:
            raise RuleViolation(f"{spell} is an offensive spell: it needs a target",
                                f"cast {spell} TARGET")
        return _later("combat", "prepare")(acting, spell)
    unused = [n for n in ATTACK_ONLY_FLAGS if request.get(n)]
    spell = request.arg("spell")
    if unused:
        raise RuleViolation(f"--{unused[0]} belongs to an attack; {spell} is a utility spell",
                            f"cast {spell} [TARGET] [--skill SKILL]... [--sp]")
    words, by_sp = skills.paid_words(request.get("skill"))
    return _later("skilluse", "prepare")(acting, tuple(w.lower() for w in words), by_sp)


def _cast_part(name: str):
    def part(acting: Acting):
        module = "combat" if _spell(acting) is not None else "skilluse"
        return _later(module, name)(acting)
    return part


def _attack_price(rs, request):
    """The attack's Major, then a Major or SP for each skill it names (S19, S23), as its
    cost pays them; with an offensive spell, whose skills cost what its reduction
    leaves (S25), only the Major: at least what it costs."""
    words, marks = skills.paid_words(request.get("skill"))
    if words and str(request.get("with", "")).lower() in rs.library.spells:
        words = ()
    return (("attack", {rs.cost("attack"): 1}),
            *skills.trigger_cost(rs, len(words), True if request.get("sp") else sum(marks)))


ATTACK = play_action("attack", resolve=_later("combat", "resolve"),
                 prepare=_later("combat", "prepare"), cost=_later("combat", "cost"),
                 what="an attack", price=lambda state, rs, request: _attack_price(rs, request))
SKILL = play_action("skill", resolve=_later("skilluse", "resolve"),
                prepare=_later("skilluse", "prepare"), cost=_later("skilluse", "cost"),
                what="a skill")
CAST = play_action("cast", resolve=_cast_part("resolve"), prepare=_prepare_cast,
               cost=_cast_part("cost"), what="a spell")

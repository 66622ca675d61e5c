"""Actions without dice: pass, act, react, ready, interact, defend, deep breath, focus
(D2, D7-D9, D22, D23, D26, D27). Each is `verb(state, rs, request, tape)` returning
`(state, events, outcome)`; the tape is unused here but keeps every verb alike."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Effect, Encounter
from shaper_gm.engine.steps import Note
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.events import (
    ActionReadied,
    ActionResolved,
    ActionTaken,
    HoldingChanged,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.flow import able, begin, finish, started
from shaper_gm.rulesets.dungeoneers.outcomes import Cost, PlainOutcome, RestoreOutcome
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of, with_data

# D9: what a creature may ready (any action it could take on its turn).
READYABLE = ("strike", "power-strike", "move", "sprint", "interact", "defend", "grapple",
             "push", "deep-breath", "focus", "spellcast", "act")


@record
class ActorRequest:
    """pass, defend, deep-breath, focus: only who acts (None: the creature up)."""

    actor: str | None = None


@record
class CostRequest:
    """act and react: any other action, at a cost in AP (D2, D8)."""

    actor: str | None
    cost: int
    text: str = ""


@record
class ReadyRequest:
    actor: str | None
    action: str                   # D9: the action held


@record
class InteractRequest:
    actor: str | None = None
    text: str = ""
    draw: str | None = None       # D22: a carried weapon taken in hand
    stow: str | None = None       # D22: a held weapon put away


def pass_turn(state: Encounter, rs, request: ActorRequest, tape=None):
    """D7: give up every AP left this round, on the turn or off it."""
    started(state)
    actor = actor_of(state, request.actor)
    able(actor, "pass")
    if actor.resource("ap") == 0 and actor.id not in state.passed:
        raise RuleViolation(f"{actor.name} has no AP left to give up (D7)",
                            "it takes no more turns this round anyway (D3)")
    left = actor.resource("ap")
    state, events = rs.turn_order.pass_turn(state, rs, actor.id)
    cost = Cost("pass", left, 0)
    return state, events, PlainOutcome(actor.id, "pass", f"gives up {left} AP", cost,
                                       (Note("AP given up", left, "D7"),))


def act(state: Encounter, rs, request: CostRequest, tape=None):
    """D2: any other action on the creature's turn, at the AP cost the GM names."""
    return _spend(state, rs, request, "act", reaction=False)


def react(state: Encounter, rs, request: CostRequest, tape=None):
    """D8: a reaction at any time, paying AP off-turn; it gives no turn."""
    return _spend(state, rs, request, "react", reaction=True)


def _spend(state: Encounter, rs, request: CostRequest, action: str, *, reaction: bool):
    top = rs.numbers.max_action_cost
    if not 1 <= request.cost <= top:
        raise RuleViolation(f"an action costs 1 to {top} AP, not {request.cost} (D2)",
                            f"give a cost from 1 to {top}")
    begun = begin(state, rs, request.actor, action, request.cost, reaction=reaction)
    actor = begun.actor
    events = begun.events + [ActionTaken(actor.id, action, request.text, begun.cost.reaction)]
    state, settled = finish(begun.state, rs, actor.id, begun.cost)
    rule = "D8" if begun.cost.reaction else "D2"
    outcome = PlainOutcome(actor.id, action, request.text, begun.cost,
                           (Note("AP spent", request.cost, rule),))
    return state, events + settled, outcome


def ready(state: Encounter, rs, request: ReadyRequest, tape=None):
    """D9: hold one action until the round ends; only the readying AP is paid now."""
    name = request.action.strip().lower()
    if name not in READYABLE:
        raise RuleViolation(f"{request.action!r} is not an action a creature can ready (D9)",
                            f"ready one of: {', '.join(READYABLE)}")
    begun = begin(state, rs, request.actor, "ready", rs.numbers.cost("ready"))
    if begun.cost.reaction:
        raise RuleViolation("ready is taken on the creature's own turn (D9)",
                            "ready another action on its turn")
    actor = with_data(begun.actor, readied=name)
    state = begun.state.with_actor(actor)
    events = begun.events + [ActionReadied(actor.id, name)]
    state, settled = finish(state, rs, actor.id, begun.cost)
    outcome = PlainOutcome(actor.id, "ready", name, begun.cost,
                           (Note(f"readied {name} until the round ends", None, "D9"),))
    return state, events + settled, outcome


def interact(state: Encounter, rs, request: InteractRequest, tape=None):
    """D22: open a door, drink a potion, ... or draw or stow a weapon."""
    actor = actor_of(state, request.actor)
    holding = _new_holding(rs, actor, request.draw, request.stow)
    begun = begin(state, rs, actor.id, "interact", rs.numbers.cost("interact"))
    actor = begun.actor
    events = list(begun.events)
    if holding != data_of(actor).holding:
        events.append(HoldingChanged(actor.id, data_of(actor).holding, holding))
        actor = with_data(actor, holding=holding)
    text = request.text or _describe(request)
    events.append(ActionTaken(actor.id, "interact", text, begun.cost.reaction))
    state, settled = finish(begun.state.with_actor(actor), rs, actor.id, begun.cost)
    outcome = PlainOutcome(actor.id, "interact", text, begun.cost,
                           (Note("interact", text, "D22"),))
    return state, events + settled, outcome


def _describe(request: InteractRequest) -> str:
    parts = [f"draws {request.draw}" if request.draw else "",
             f"stows {request.stow}" if request.stow else ""]
    return ", ".join(p for p in parts if p)


def _new_holding(rs, actor, draw: str | None, stow: str | None) -> tuple[str, ...]:
    holding = list(data_of(actor).holding)
    if stow is not None:
        if stow not in holding:
            raise RuleViolation(f"{actor.name} is not holding {stow!r} (D22)",
                                f"it holds: {', '.join(holding) or 'nothing'}")
        holding.remove(stow)
    if draw is not None:
        if draw not in actor.sheet.weapons:
            raise RuleViolation(f"{actor.name} carries no {draw!r} (D22)",
                                f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")
        if draw in holding:
            raise RuleViolation(f"{actor.name} already holds the {draw} (D22)",
                                "strike with it")
        holding.append(draw)
        used = sum(rs.library.weapons[w].hands for w in holding)
        if used > rs.numbers.hands:
            raise RuleViolation(f"{actor.name} has no hands free for the {draw}: it would "
                                f"take {used} of {rs.numbers.hands} (D22)",
                                "stow something first (interact --stow ITEM)")
    return tuple(holding)


def defend(state: Encounter, rs, request: ActorRequest, tape=None):
    """D23: defensive until the start of its next turn: boon on its dodging tests."""
    begun = begin(state, rs, request.actor, "defend", rs.numbers.cost("defend"))
    actor = begun.actor
    boon = rs.numbers.defend_boon
    guard = Effect("defensive", source="defend", mods=(("defense_boon", boon),),
                   until=f"start:{actor.id}")
    kept = tuple(e for e in actor.effects if e.name != "defensive")
    actor = actor.with_(effects=(*kept, guard))
    events = begun.events + [ev.EffectAdded(actor.id, guard),
                             ActionTaken(actor.id, "defend", "", begun.cost.reaction)]
    state, settled = finish(begun.state.with_actor(actor), rs, actor.id, begun.cost)
    outcome = PlainOutcome(actor.id, "defend", "defensive until the start of its next turn",
                           begun.cost, (Note("boon on dodging tests", boon, "D23"),))
    return state, events + settled, outcome


def deep_breath(state: Encounter, rs, request: ActorRequest, tape=None):
    """D26: only above stress capacity; removes `deep_breath_relief` stress."""
    actor = actor_of(state, request.actor)
    capacity = rs.stat(actor.sheet, "stress_capacity")
    stress = actor.resource("stress")
    if stress <= capacity:
        raise RuleViolation(f"{actor.name} has {stress} stress, not above its capacity "
                            f"{capacity}: no deep breath (D26)",
                            "deep breath is for a creature above its stress capacity")
    begun = begin(state, rs, actor.id, "deep-breath", rs.numbers.cost("deep-breath"))
    after = max(0, stress - rs.numbers.deep_breath_relief)
    return _restore(begun, rs, "deep-breath", "stress", stress, after, capacity,
                    (Note("stress capacity (endurance)", capacity, "D26"),
                     Note("stress after a deep breath", after, "D26")))


def focus(state: Encounter, rs, request: ActorRequest, tape=None):
    """D27: regain `focus_regain` arca, up to twice the wisdom."""
    actor = actor_of(state, request.actor)
    top = rs.stat(actor.sheet, "arca_max")
    arca = actor.resource("arca")
    if arca >= top:
        raise RuleViolation(f"{actor.name} already has its most arca, {top} (D27)",
                            "focus when some arca is spent")
    begun = begin(state, rs, actor.id, "focus", rs.numbers.cost("focus"))
    after = min(top, arca + rs.numbers.focus_regain)
    return _restore(begun, rs, "focus", "arca", arca, after, top,
                    (Note("arca maximum (2 x wisdom)", top, "D27"),
                     Note("arca after focus", after, "D27")))


def _restore(begun, rs, action: str, resource: str, before: int, after: int, limit: int,
             notes: tuple):
    actor = begun.actor
    values = actor.resource_map()
    values[resource] = after
    actor = actor.with_resources(values)
    outcome = RestoreOutcome(actor.id, action, resource, before, after, limit, begun.cost,
                             notes)
    events = begun.events + [ActionResolved(actor.id, outcome, action=action)]
    state, settled = finish(begun.state.with_actor(actor), rs, actor.id, begun.cost)
    return state, events + settled, outcome


# --- GM tools: no AP, no turn -------------------------------------------------------------

def add_stress(state: Encounter, rs, actor_id: str, amount: int):
    """The GM adds (or, negative, removes) stress; never below 0 (D26)."""
    actor = actor_of(state, actor_id)
    before = actor.resource("stress")
    after = max(0, before + amount)
    values = actor.resource_map()
    values["stress"] = after
    state = state.with_actor(actor.with_resources(values))
    return state, [TallyChanged(actor.id, "stress", before, after, "the GM")]

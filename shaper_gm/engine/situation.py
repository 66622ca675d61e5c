"""What a declared action's expressions read before its steps run: the actor, one
target, the item it uses, the distance between them, the request's flags and the
ruleset's numbers (`engine.declared`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import grid, seen
from shaper_gm.engine.errors import ExprError, RuleViolation
from shaper_gm.engine.flag_marks import flag_value
from shaper_gm.engine.resources import maximum
from shaper_gm.engine.state import Actor, Encounter

if TYPE_CHECKING:
    from shaper_gm.engine.request import Request

ROLES = ("actor", "target")
ACTOR_FIELDS = frozenset(("id", "name", "side", "hp", "max_hp", "down", "zone"))
NEAR = "foes_near"          # X.foes_near: X's foes next to it, the acting actor aside
FREE = "free_near"          # X.free_near: the cells next to X no one up stands on
ON_TURN = "on_turn"         # X.on_turn: it is X's turn (not a reaction off it)
APPROACHES = "approaches"   # approaches.NAME: a move nearer to who gave it NAME
LIBRARY = "library"         # library.KIND: the content's items of a kind, by id
WORDS = "words"             # words.NAME: the command's word NAME (words.text), '' if none
PRICED = "priced"           # priced.NAME: what its cost word spends of NAME (act 2 TEXT: 2)
HAS_FLAG = "has_flag"       # has_flag.NAME: the command gave --NAME (flag.NAME reads 0 if not)
OCCUPANT = "occupant"       # occupant: the name of who stands on the destination
LYING = "lying"             # lying: each item on the map, how far its nearest place is
ENCOUNTER = "encounter"     # encounter.NAME: a number of the encounter (ambient arca)
SHARING = ("foes_with.", "allies_with.", "foe_ids_with.", "foes_named.",   # who shares
           "ids_with.")                                                      # X's KEY
LYING_BESIDE = "lying_beside"   # lying_beside: each item on the map, whom it lies by
LYING_PLACES = "lying_places"   # lying_places: each item on the map, its places, nearest first
LYING_WITH = "lying_with"   # lying_with.KEY: each item on the map, whom it lies by's sheet KEY
MAXIMUM = "max_"            # X.max_NAME: the maximum of X's resource NAME (P4's pool cap)
NAMED = "named_"            # X.named_KEY: X's effects on KEY in words, '+2 shield-wall'
BARE = "bare_"              # X.bare_KEY: KEY without X's effects
NAMED_TARGETS = "named_targets"   # named_targets: how many targets the command names
GIVERS = "givers"           # X.givers: each effect on X another gave it -> the giver's name
GIVEN_TO = "given_to"       # X.given_to: each effect X gave another -> that one's name
REQUEST_HEADS = ("flag.", f"{WORDS}.", f"{PRICED}.", f"{HAS_FLAG}.", NAMED_TARGETS)


class Situation(Mapping[str, Any]):
    """Names looked up as they are read: ``actor.X`` and ``target.X`` (the fields every
    actor has, ``effects`` (the names of its effects and conditions), each resource,
    each sheet key and effect key: a number with the actor's effects added), ``item.X``,
    ``distance`` (cells times the numbers' ``cell_size``), ``flag.X`` (0 when not
    given) and ``rules.X``; for an action to a cell,
    ``destination``, ``travel`` (how far it is from the actor) and ``occupied``, and
    with a target too ``distance_after`` (from the destination to the target).
    ``X.on_turn`` is true on X's turn; for a move, ``approaches.NAME`` is true when
    it ends nearer to a creature that gave the actor the effect NAME. ``X.foes_near``
    counts X's foes in the cells next to it that are up, the acting actor aside (an ally
    of the attacker beside the target; a foe beside the actor); one with the effect key
    the ruleset's term ``unable`` names counts neither."""

    def __init__(self, state: Encounter, rs: Any, request: Request,
                 target: str | None = None, item: Any = None,
                 destination: str | None = None) -> None:
        self.state, self.rs, self.request, self.item = state, rs, request, item
        self.ids = {"actor": request.acting, **({"target": target} if target else {})}
        self.destination = destination
        self._known = seen.reads(state, rs, self.ids["actor"], target, item, destination)
        self._worded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        """Each name worked out once: nothing it reads changes while the state is the
        same (d20's attack reads `distance` seven times); what does not read the
        request's words is shared with the state's other situations of the same actor,
        target, item and destination (`engine.seen`: checked, priced, then played)."""
        known = self._known
        if name in known:                   # read before by the state's situations
            return known[name]
        if name.startswith(REQUEST_HEADS):
            known = self._worded
            if name in known:
                return known[name]
        value = known[name] = self._read(name)
        return value

    def _read(self, name: str) -> Any:
        head, _, rest = name.partition(".")
        who = self.ids.get(head)
        if who is not None and rest:
            if rest == NEAR:
                return self._foes_near(self.state.actors[who])
            if rest == FREE:
                return self._free_near(self.state.actors[who])
            if rest == ON_TURN:
                return self.state.turn == who
            if rest == GIVERS:
                return givers(self.state, self.state.actors[who])
            if rest == GIVEN_TO:
                return given_to(self.state, who)
            if rest.startswith(SHARING):
                return sharing(self.state, self.state.actors[who], *rest.split(".", 1))
            return actor_value(self.rs, self.state.actors[who], rest)
        if head == "item" and self.item is not None and rest:
            return field(self.item, rest, "the item")
        if head == "flag" and rest:                 # NAME:MARK words: engine.flag_marks
            return seen.flag(self.rs, self.request, rest,
                             lambda: flag_value(self.rs, self.request, rest))
        numbers = self.rs.library.numbers
        if head == LIBRARY and rest and hasattr(self.rs.library, "kind"):
            return self.rs.library.kind(rest)         # id -> item, for at(): P12's
        if head == "rules" and rest:
            return field(numbers, rest, "the ruleset's numbers")
        if name == "distance" and "target" in self.ids:
            here, there = (self.state.actors[self.ids[role]].zone for role in ROLES)
            return self._units(here, there, numbers)
        if name == "distance_after" and self.destination is not None and "target" in self.ids:
            return self._units(self.destination, self.state.actors[self.ids["target"]].zone,
                               numbers)
        if head == APPROACHES and rest and self.destination is not None:
            return self._approaches(rest)
        if self.destination is not None and name in ("destination", "travel", "occupied"):
            actor = self.state.actors[self.ids["actor"]]
            if name == "destination":
                return self.destination
            if name == "travel":
                return self._walked(actor.zone, self.destination, numbers)
            return bool(self.state.standing_on(self.destination) - {actor.id})
        if head in (WORDS, PRICED, HAS_FLAG) and rest:
            return self._said(head, rest)
        if name == OCCUPANT and self.destination is not None:
            return self._occupant()
        if head == ENCOUNTER and rest:          # the encounter's own numbers
            from shaper_gm.engine.laying import number_of
            return number_of(self.state, self.rs, rest)
        if name == LYING:                       # item -> how far the nearest place it lies
            from shaper_gm.engine.laying import distances
            return distances(self.state, self.rs, self.ids["actor"])
        if name == NAMED_TARGETS:               # how many targets the command names
            return len(self.request.targets)
        if name == LYING_PLACES:                # item -> the cells it lies on, nearest first
            from shaper_gm.engine.laying import places
            return places(self.state, self.rs, self.ids["actor"])
        if name == LYING_BESIDE:                # item -> whom it lies beside, there
            from shaper_gm.engine.laying import besides
            return besides(self.state, self.rs, self.ids["actor"])
        if head == LYING_WITH and rest:          # item -> that one's sheet KEY ('' none)
            from shaper_gm.engine.laying import besides
            actors = self.state.actors
            return {item: lookup(actors[who].sheet, rest) or "" if who in actors else ""
                    for item, who in besides(self.state, self.rs, self.ids["actor"]).items()}
        raise KeyError(name)

    def _said(self, head: str, rest: str) -> Any:
        """What the command's own words say: a word by its name, what its cost word
        spends of a resource (`rs.act_cost`), whether a flag was given."""
        if head == HAS_FLAG:
            return self.request.get(rest.replace("_", "-")) is not None
        if head == WORDS:
            word = self.request.arg(rest)          # blanks around it are no word (P11)
            return "" if word is None else str(word).strip()
        word = self.request.arg("cost")
        priced = self.rs.act_cost(str(word)) if word is not None else None
        return int((priced or {}).get(rest, 0))

    def _occupant(self) -> str:
        """The name of whoever up stands on the destination, the actor aside (the first
        by id when several do), '' when nobody does: a refusal names it (D21)."""
        there = sorted(self.state.standing_on(self.destination or "") - {self.ids["actor"]})
        return self.state.actors[there[0]].name if there else ""

    def _approaches(self, effect: str) -> bool:
        """The destination is nearer than the actor's cell to a creature that gave the
        actor the effect `effect` (G28: the frightened may not move closer)."""
        actor = self.state.actors[self.ids["actor"]]
        for held in actor.effects:
            source = self.state.actors.get(held.caster or "")
            if held.name == effect and source is not None and source.id != actor.id \
                    and source.zone and actor.zone and self.destination and \
                    self.rs.distance(self.destination, source.zone) < \
                    self.rs.distance(actor.zone, source.zone):
                return True
        return False

    def _free_near(self, who: Actor) -> int:
        """Cells next to `who` on the battlefield where no one up stands (R4: where a
        dodge can go)."""
        if who.zone is None:
            return 0
        here = grid.cell_from_name(who.zone)
        return sum(1 for cell in grid.cells_within(self.state, here, 1)
                   if not grid.taken(self.state, cell))

    def _foes_near(self, who: Actor) -> int:
        if who.zone is None:
            return 0
        unable = self.rs.term("unable")
        return sum(1 for other in self.state.actors.values()
                   if other.id not in (who.id, self.ids["actor"]) and other.side != who.side
                   and not other.down and other.zone is not None
                   and not (unable and other.effect_total(unable) > 0)
                   and self.rs.distance(who.zone, other.zone) <= 1)

    def _units(self, here: str | None, there: str | None, numbers: Any) -> int:
        """Cells between two zones times the numbers' `cell_size`."""
        cells = self.rs.distance(here, there) if here and there else 0
        return int(cells * (lookup(numbers, "cell_size") or 1))

    def _walked(self, here: str | None, there: str, numbers: Any) -> int:
        """How far a move goes: cells times `cell_size`, each diagonal step counting the
        numbers' `diagonal_size` where they give one (the dice pool's 2 m, P10)."""
        diagonal = lookup(numbers, "diagonal_size")
        if diagonal is None or here is None:
            return self._units(here, there, numbers)
        return grid.metric(grid.cell_from_name(here), grid.cell_from_name(there),
                           int(lookup(numbers, "cell_size") or 1), int(diagonal))

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def lookup(holder: Any, name: str) -> Any:
    """`holder`'s value at `name`, walking dotted names into nested mappings
    (``scores.str``); None when it has none."""
    if "." not in name:                       # most names: one step, no split
        return holder.get(name) if isinstance(holder, Mapping) else \
            getattr(holder, name, None)
    for part in name.split("."):
        if holder is None:
            return None
        holder = holder.get(part) if isinstance(holder, Mapping) else \
            getattr(holder, part, None)
    return holder


def field(holder: Any, name: str, what: str) -> Any:
    value = lookup(holder, name)
    if value is None:
        raise ExprError(f"{what} has no {name!r}")
    return value


def givers(state: Encounter, actor: Actor) -> dict[str, str]:
    """Each effect or condition on `actor` that another actor of the encounter gave it,
    by name, to the giver's name (a grapple's grappler: `at(actor.givers, 'grappled',
    '')`)."""
    return {e.name: state.actors[e.caster].name for e in actor.effects
            if e.caster and e.caster != actor.id and e.caster in state.actors}


def given_to(state: Encounter, giver: str) -> dict[str, str]:
    """Each effect or condition `giver` gave another actor, by name, to that actor's name
    (whom a grappler holds: `at(actor.given_to, 'grappled', '')`)."""
    return {e.name: other.name for other in state.actors.values() if other.id != giver
            for e in other.effects if e.caster == giver}


def actor_value(rs: Any, actor: Actor, key: str) -> Any:
    """A field of the actor, a resource, or a sheet or effect key with its effects."""
    if key in ACTOR_FIELDS:
        return getattr(actor, key)
    if key == "effects":                      # the names of its effects and conditions
        return tuple(effect.name for effect in actor.effects)
    if rs.resource_spec(key) is not None:
        return actor.resource(key)
    if key.startswith(MAXIMUM) and rs.resource_spec(key[len(MAXIMUM):]) is not None:
        return resource_maximum(rs, actor, key[len(MAXIMUM):])
    if key.startswith(NAMED) and key[len(NAMED):] in rs.effect_keys:
        return named_effects(actor, key[len(NAMED):])
    if key.startswith(BARE) and key[len(BARE):] in rs.effect_keys:
        return actor_value(rs, actor, key[len(BARE):]) - actor.effect_total(key[len(BARE):])
    value = lookup(actor.sheet, key)
    if value is None:
        try:
            value = rs.stat(actor.sheet, key)     # a number the ruleset derives
        except RuleViolation:
            value = None
    if value is None and key in rs.effect_keys:
        value = 0
    if value is None:
        raise ExprError(f"{actor.name}'s sheet has no {key!r}")
    if type(value) is int:                    # what its items add (passive abilities)
        value += rs.item_mods(actor.sheet, key)
    if type(value) is int and actor.effects:
        return value + actor.effect_total(key)
    return value


def check_target(state: Encounter, actor: Actor, target_id: str, kind: str,
                 verb: str) -> None:
    """Refuse a target the action's target kind rules out."""
    target = state.actors[target_id]
    if target.id == actor.id and kind != "any":
        raise RuleViolation(f"{actor.name} cannot {verb} itself", "name another actor")
    if kind == "foe" and target.side == actor.side:
        raise RuleViolation(f"{target.name} is on {actor.name}'s side", "name a foe")
    if kind == "ally" and target.side != actor.side:
        raise RuleViolation(f"{target.name} is not on {actor.name}'s side", "name an ally")


def carried_items(actor: Actor, kind: str) -> dict[str, Any]:
    """The actor's list `kind` by item id: ids, or items stated on the sheet."""
    held = lookup(actor.sheet, kind)
    listed = (held,) if isinstance(held, str) else (held or ())
    return {str(entry.get("id") if isinstance(entry, Mapping) else entry): entry
            for entry in listed}


def chosen_item(rs: Any, actor: Actor, request: Request, kind: str,
                held: str | None = None, bare: str | None = None) -> Any:
    """The item `--with` names from the actor's list `kind`, else the one its sheet key
    `held` names (the dice pool's weapon in hand), else its first. The list
    holds item ids (looked up in the library) or the items themselves (stated on the
    sheet, each with its `id`); a sheet key holding one id (`shield: buckler`) is a list
    of one, and one holding none (null) an empty list."""
    carried = carried_items(actor, kind)
    named = request.get("with", request.arg(kind))      # --with, or a word (item_word)
    if bare is not None and (named == bare or named is None and not actor.sheet.get(held)):
        found = rs.library.kind(kind).get(bare)  # what the hands do holding nothing
        if found is None:
            raise RuleViolation(f"no {bare} in {kind}.yaml, the item the action uses "
                                "when the hands hold nothing (bare:)",
                                "the ruleset's declaration needs a fix")
        return found
    if named is None:
        if not carried:
            raise RuleViolation(f"{actor.name} has no {kind}",
                                f"give it some: add ... --{kind} ITEM")
        in_hand = actor.sheet.get(held) if held else None
        if isinstance(in_hand, (tuple, list)):      # what is in hand, listed: its first
            in_hand = in_hand[0] if in_hand else None
        named = in_hand if in_hand in carried else next(iter(carried))
    if named not in carried:
        raise RuleViolation(f"{actor.name} has no {named}",
                            f"{actor.name} has: {', '.join(carried) or 'nothing'}")
    entry = carried[named]
    return entry if isinstance(entry, Mapping) else rs.library.item(kind, named)


def sharing(state: Encounter, who: Actor, kind: str, key: str) -> int | tuple[str, ...]:
    """`X.foes_with.KEY`: how many actors up on another side than X hold the value X's
    sheet key KEY holds; `X.allies_with.KEY`: how many on X's side, X among them (a
    group a sheet key names: Shaper's melee groups, S15, S16, are outnumbered when
    `target.foes_with.group > target.allies_with.group`). 0 when X's KEY holds nothing
    ('', none, 0) or X is down. `X.foe_ids_with.KEY`: those foes' ids, in order (a
    refusal naming them: `Ann is with bob, cy`); `X.foes_named.KEY`: their names, in the
    order they were added (a refusal's hint names them); `X.ids_with.KEY`: the ids of
    every other actor up holding it, either side (who X shares a melee with); none then."""
    mine = lookup(who.sheet, key)
    listed = kind in ("foe_ids_with", "foes_named", "ids_with")
    if not mine or who.down:
        return () if listed else 0
    foes = kind != "allies_with"
    sharers = [other for other in state.actors.values()
               if not other.down and (kind == "ids_with" and other.id != who.id or
                                      (other.side != who.side) == foes)
               and lookup(other.sheet, key) == mine]
    if kind in ("foe_ids_with", "ids_with"):
        return tuple(sorted(other.id for other in sharers))
    return tuple(other.name for other in sharers) if listed else len(sharers)


def resource_maximum(rs: Any, actor: Actor, name: str) -> int:
    """The most the actor's resource `name` holds; one without a maximum cannot be read
    (`default(actor.max_pool, -1)` says what stands for none)."""
    top = maximum(rs.resource_spec(name), actor.sheet, rs.stat)
    if top is None:
        raise ExprError(f"{actor.name}'s {name} has no maximum")
    return top


def named_effects(actor: Actor, key: str) -> str:
    """Each of the actor's effects on `key` with its amount, in words: '+2 shield-wall
    -1 bane' ('' when none), for a breakdown that names them (the dice pool's DT)."""
    return " ".join(f"{effect.mod(key):+d} {effect.name}" for effect in actor.effects
                    if effect.mod(key))

"""Save files' plain data back to encounter state (format version 3; `persist.encode`
writes it).

Reading checks the type of every key and that the state is one play could have made,
and names the key of the first problem; it never guesses. Older versions are migrated
on read by the ruleset that wrote them (`migrations`, version -> function), and from
version 2 to 3 here for every ruleset: version 3 saves carry the encounter's identity
in their log's first line (commands/identity.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shaper_gm.commands import identity
from shaper_gm.commands.args import MAX_SEED
from shaper_gm.engine import ending, grid, limits, resources
from shaper_gm.engine.data import DataError
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.reader import Reader
from shaper_gm.engine.resources import starting as starting_resources
from shaper_gm.engine.state import Actor, CombatResult, Effect, Encounter
from shaper_gm.errors import GmError
from shaper_gm.persist.replayed import replayed

DAMAGED = "the save is damaged; open a good copy"


class SaveFormatError(GmError):
    """A save that cannot be read as written; the file is left as it is."""

VERSION = 3
MAX_DICE_POSITION = 10**12
RulesetFor = Callable[[str], Any]

__all__ = ["MAX_DICE_POSITION", "MAX_SEED", "SaveFormatError", "VERSION", "actor_from_data",
           "check_version", "identified_log", "state_from_data", "state_from_parts",
           "system_from_data", "upgrade"]


def _acted(top, order: tuple[str, ...], turn: str | None, rs) -> frozenset[str]:
    """Who has had a turn this round. A save written before it was kept says so by the
    order, where the order goes round: everyone up to the acting actor."""
    if "acted" in top.data:
        return frozenset(top.items("acted", str))
    if turn is None or turn not in order or getattr(rs.turn_order, "kind", "") == "most":
        return frozenset()
    return frozenset(order[:order.index(turn) + 1])


def check_version(data: Any, where: str) -> int:
    version = _read(lambda: Reader(data, where).get("version", int))
    if version > VERSION:
        raise SaveFormatError(
            f"{where}: save format version {version}; this shaper-gm reads up to {VERSION}",
            "upgrade shaper-gm to open it")
    if version < 1:
        raise SaveFormatError(f"{where}: save format version {version} does not exist",
                              DAMAGED)
    return version


def _read(fn):
    try:
        return fn()
    except DataError as exc:
        raise SaveFormatError(str(exc), DAMAGED) from None


def upgrade(data: dict, where: str, ruleset_for: RulesetFor) -> dict:
    """The save's data in the current version, migrated by its ruleset if older."""
    return _read(lambda: _upgrade(data, where, ruleset_for))


def _upgrade(data: dict, where: str, ruleset_for: RulesetFor) -> dict:
    version = check_version(data, where)
    rs = _ruleset(data, where, ruleset_for)
    while version < VERSION:
        step = MIGRATIONS.get(version) or getattr(rs, "migrations", {}).get(version) or \
            (replayed if version in getattr(rs, "replayed_versions", ()) else None)
        if step is None:
            raise SaveFormatError(f"{where}: {rs.name} cannot read save format version "
                                  f"{version}", "open it with the shaper-gm that wrote it")
        data = step(data, where)
        version += 1
    return data


def identified_log(data: dict) -> list[str] | None:
    """A save's log as this version reads it: its first line carries the encounter's
    identity (one derived from the log, for a save written before version 3). None
    when `log` is not a list of text."""
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        return None
    if isinstance(data.get("version"), int) and data["version"] >= 3:
        return log
    return identity.carried(log, str(data.get("ruleset", "")))


def _v2_to_v3(data: dict, where: str) -> dict:
    """Version 3 adds the encounter's identity to the log's first line."""
    out = dict(data, version=3)
    log = identified_log(data)
    if log is not None:
        out["log"] = log
    return out


MIGRATIONS = {2: _v2_to_v3}       # every ruleset's; a ruleset's own come before them


def _ruleset(data: dict, where: str, ruleset_for: RulesetFor):
    ruleset_id = Reader(data, where).get("ruleset", str)
    try:
        return ruleset_for(ruleset_id)
    except RuleViolation as exc:
        raise SaveFormatError(f"{where}.ruleset: {exc.message}", exc.hint) from None


def state_from_data(data: Any, where: str, ruleset_for: RulesetFor,
                    log: list[str] | None = None) -> Encounter:
    """The state a save's data describes, checked as a whole (SaveFormatError if not).
    `log` is the log that reached it, for what a save written before a field existed
    did not keep (persist.legacy)."""
    from shaper_gm.persist.legacy import with_legacy_fields

    def read() -> Encounter:
        rs = _ruleset(data, where, ruleset_for) if log is not None else None
        return _state(with_legacy_fields(data, log, rs), where, ruleset_for)
    return _read(read)


def _state(data: Any, where: str, ruleset_for: RulesetFor) -> Encounter:
    data = _upgrade(data, where, ruleset_for)
    rs = _ruleset(data, where, ruleset_for)
    top = Reader(data, where)
    cols, rows = _grid(top, where)
    raw_actors = top.get("actors", dict)
    actors = {}
    for actor_id, raw in raw_actors.items():
        if not isinstance(actor_id, str):
            raise SaveFormatError(f"{where}.actors: an actor id is not text", "ids are text")
        actors[actor_id] = _actor_from_data(actor_id, Reader(raw, f"{where}.actors.{actor_id}"),
                                            rs, cols, rows)
    system = rs.decode_encounter_system(data.get("system"), f"{where}.system")
    return _whole(top, rs, actors, system, raw_actors)


def _grid(top: Reader, where: str) -> tuple[int, int]:
    g = top.child("grid")
    cols, rows = g.get("cols", int), g.get("rows", int)
    if grid.size_refusal(cols, rows) is not None:
        _impossible(where, "grid", f"{cols}x{rows} is out of range ({grid.SIZES})")
    return cols, rows


def actor_from_data(actor_id: str, data: Any, where: str, rs, cols: int, rows: int) -> Actor:
    """One actor of a save's data (current version) on a cols x rows grid, checked as
    `state_from_data` checks it, except against the rest of the state (`state_from_parts`
    does that)."""
    return _read(lambda: _actor_from_data(actor_id, Reader(data, where), rs, cols, rows))


def system_from_data(data: Any, where: str, rs) -> Any:
    """The encounter system of a save's data (current version)."""
    return _read(lambda: rs.decode_encounter_system(data, where))


def state_from_parts(data: Any, where: str, ruleset_for: RulesetFor, actors: dict,
                     system: Any, fresh: dict) -> Encounter:
    """The state of save data (current version) whose actors and encounter system are
    read already (`actor_from_data`, the ruleset's decoder): the encounter's own keys
    are read and the whole is checked as `state_from_data` does. The ruleset's checks of
    an actor against the rest of the state run for the actors in `fresh` (id -> their
    data); the caller vouches that the others passed them with the same data in a state
    the same for them, so a command that changed two actors of a thousand checks two.
    The actors must have been read on the grid the data gives."""
    return _read(lambda: _whole(Reader(data, where), _ruleset(data, where, ruleset_for),
                                actors, system, fresh))


def _whole(top: Reader, rs, actors: dict, system: Any, fresh: dict) -> Encounter:
    """The state of the encounter's keys and its read actors, checked as a whole: every
    reference to an actor resolves, the result agrees, and each actor in `fresh` agrees
    with the rest (the ruleset's check)."""
    where = top.where
    cols, rows = _grid(top, where)
    order = tuple(top.items("order", str))
    turn = top.get("turn", (str, type(None)))
    up = tuple(top.items("up", str, optional=True)) or ((turn,) if turn else ())
    passed = frozenset(top.items("passed", str, optional=True))
    acted = _acted(top, order, turn, rs)
    listed = set(order)
    named = [(order, listed, "order"), (up, set(up), "up"), (passed, passed, "passed"),
             (acted, acted, "acted")]
    if turn:
        named.append(((turn,), {turn}, "turn"))
    for refs, ids, label in named:
        if not actors.keys() >= ids:
            ref = next(a for a in refs if a not in actors)
            _impossible(where, label, f"unknown actor {ref!r}")
    if len(listed) != len(order):
        _impossible(where, "order", "names an actor twice")
    if turn is not None and turn not in order:
        _impossible(where, "turn", f"{turn!r} is not in the order")
    round_ = top.get("round", int)
    if round_ < 0:
        _impossible(where, "round", f"{round_} is negative")
    seed = top.get("seed", int)
    if not 0 <= seed <= MAX_SEED:
        _impossible(where, "seed", f"{seed} is outside 0 to {MAX_SEED}")
    position = top.get("dice_position", int, optional=True, default=0)
    if not 0 <= position <= MAX_DICE_POSITION:
        _impossible(where, "dice_position", f"{position} is outside 0 to {MAX_DICE_POSITION}")
    passes = top.get("passes", int, optional=True, default=1 if round_ else 0)
    over = _result(top, actors, round_)
    if over is not None and turn is not None:
        _impossible(where, "turn", "a turn runs in a fight that is over (result)")
    state = Encounter(ruleset=rs.id, seed=seed, dice_position=position, cols=cols, rows=rows,
                      actors=actors, order=order, round=round_, turn=turn, up=up,
                      passes=passes, passed=passed, acted=acted, system=system, over=over)
    _check_encounter(state, where)
    for actor_id, raw in fresh.items():
        _check_actor(state, state.actors[actor_id], rs, f"{where}.actors.{actor_id}")
        rs.check_extras(state, state.actors[actor_id], raw, f"{where}.actors.{actor_id}")
    rs.check_references(state, where)
    if over is None and ending.decided(state):
        state = ending.end(state)[0]      # written before fights ended: it is over now
    return state


def _check_encounter(state: Encounter, where: str) -> None:
    limits.check(f"{where}.round", state.round, 0)
    limits.check(f"{where}.passes", state.passes, 0)


def _check_actor(state: Encounter, actor: Actor, rs, at: str) -> None:
    """What every ruleset's actor holds, within range and naming what exists: resources
    (within their maximum when it is a hard one), hit points, initiative, effects (their
    amounts, and the turn they last until), its summoner. Checked for each actor a save
    or a command gives anew, so a command's check costs what it changed."""
    held = dict(actor.resources)
    for spec in rs.resources:
        if spec.name in held:
            top = resources.maximum(spec, actor.sheet, rs.stat) if spec.hard_max else None
            limits.check(f"{at}.resources.{spec.name}", held[spec.name], 0, top, spec.rule)
    if actor.max_hp is not None:
        limits.check(f"{at}.max_hp", actor.max_hp, 0)
    if actor.initiative is not None:
        limits.check(f"{at}.initiative", actor.initiative, -limits.MAX_NUMBER)
    if actor.summoner is not None:
        limits.known(f"{at}.summoner", actor.summoner, state.actors, "actor")
    for index, effect in enumerate(actor.effects):
        here = f"{at}.effects[{index}]"
        for key, amount in effect.mods:
            limits.check(f"{here}.mods.{key}", amount, -limits.MAX_NUMBER)
        _until(here, effect.until, state)
        if effect.caster is not None:     # who gave it: an actor of the encounter
            limits.known(f"{here}.caster", effect.caster, state.actors, "actor")


def _until(where: str, until: str, state: Encounter) -> None:
    """`never`, `used_up`, `round:N`, or the start or end of an actor's turn."""
    kind, sep, rest = until.partition(":")
    if not sep and kind in ("never", "used_up"):
        return
    if sep and kind == "round" and rest.isascii() and rest.isdigit() and len(rest) <= 6:
        return
    if sep and kind in ("start", "end"):
        limits.known(f"{where}.until", rest, state.actors, "actor")
        return
    _impossible(where, "until", f"{until!r} is not a moment (never, used_up, round:N, "
                "start:ID or end:ID)")


def _result(top: Reader, actors: dict, round_: int) -> CombatResult | None:
    r = top.child("result", optional=True)
    if r is None:
        return None
    over = CombatResult(winner=r.get("winner", (str, type(None))), round=r.get("round", int),
                        turn=r.get("turn", (str, type(None))),
                        up=tuple(r.items("up", str, optional=True)),
                        pending=r.get("pending", (str, type(None)), optional=True))
    if not 1 <= over.round <= round_:
        _impossible(r.where, "round", f"{over.round} is not a round of this fight (1 to "
                    f"{round_})")
    refs = [("turn", over.turn), ("pending", over.pending), *(("up", a) for a in over.up)]
    for key, ref in refs:
        if ref is not None and ref not in actors:
            _impossible(r.where, key, f"unknown actor {ref!r}")
    return over


def _actor_from_data(actor_id: str, r: Reader, rs, cols: int, rows: int) -> Actor:
    sheet = rs.decode_sheet(r.get("sheet", dict), f"{r.where}.sheet")
    system = rs.decode_actor_system(r.data.get("system"), f"{r.where}.system")
    hp = max_hp = None
    if rs.has_hp:
        hp, max_hp = r.get("hp", int), r.get("max_hp", int)
        if not 0 <= hp <= max_hp:
            _impossible(r.where, "hp", f"{hp} is outside 0 to max_hp {max_hp}")
    resources = r.counts("resources")
    known = set(rs.resource_names())
    for name, value in resources.items():
        if name not in known:
            _impossible(r.where, f"resources.{name}", f"{rs.name} has no such resource")
        if value < 0:
            _impossible(r.where, f"resources.{name}", f"{value} is negative")
    later = [spec for spec in rs.resources if spec.backfill and spec.name not in resources]
    resources.update(starting_resources(later, sheet, rs.stat))
    zone = r.get("zone", (str, type(None)))
    if zone is not None:
        try:
            if grid.canonical(zone, cols, rows) != zone:
                raise RuleViolation("not as the tool writes it")
        except RuleViolation:
            _impossible(r.where, "zone", f"{zone!r} is not a zone of the {cols}x{rows} grid")
    effects = tuple(_effect(Reader(e, f"{r.where}.effects[{i}]"))
                    for i, e in enumerate(r.get("effects", list)))
    return Actor(id=actor_id, name=r.get("name", str), side=r.get("side", str), sheet=sheet,
                 hp=hp, max_hp=max_hp, zone=zone, down=r.get("down", bool),
                 resources=tuple(resources.items()), effects=effects, system=system,
                 summoner=r.get("summoner", (str, type(None))),
                 template=r.get("template", (str, type(None))),
                 initiative=r.get("initiative", (int, type(None))),
                 initiative_entered=r.get("initiative_entered", bool, optional=True,
                                          default=False),
                 hidden=r.get("hidden", bool, optional=True, default=False))


def _effect(r: Reader) -> Effect:
    return Effect(name=r.get("name", str), source=r.get("source", str),
                  caster=r.get("caster", (str, type(None))),
                  mods=tuple(r.counts("mods").items()), until=r.get("until", str),
                  says=r.get("says", str, optional=True, default=""))


def _impossible(where: str, key: str, why: str) -> None:
    """A value of the right type that no play could have produced."""
    raise DataError(f"{where}.{key}", why)

"""What a declared action's facts do to the encounter: its `apply` entries.

- ``hp: {who, change, through}``: hit points up or down by `change`; damage comes off
  the resource `through` first (temporary hit points, G20); down and revival follow.
- ``resource: {who, name, change}``: a resource up or down, never below 0. Both may say
  ``why`` (the event's reason, {name} filled from the facts) and ``rule``.
- ``effect: {who, name, mods: {KEY: EXPR}, until}``: a lasting effect carrying
  modifiers; ``condition: {who, name, mods, until}``: the content's condition of that
  name (its `mods`, and over them the entry's own: hold person's save DC, G27). A new
  effect replaces one of the same name on that actor.
- ``sheet: {who, name, value}``: a key of the sheet set to the value (the dice pool's
  weapon in hand, P7).
- ``end: {who, name, with_source}``: the effect or condition of that name ends (a
  name, here and in ``effect``, may hold facts: ``dodge-vs-{actor}``); with
  ``with_source: true`` also the effect it lasted while (``while:``) on its caster, and
  all that held (G27: a held creature's successful save ends hold person, concentration
  and all).
- ``while: NAME`` (on an effect or condition): it lasts while the acting actor holds
  the effect NAME, ending when that ends or is replaced (G27: concentration).
- ``quiet: true`` (on an effect, condition, end, sheet, hp or take): a mark the rules keep
  for themselves, changed without an outcome line of its own (T10's standing defense
  kind; an item in hand or taken up, or hit points, that the action's own line tells).
- ``move: {who}``: that actor goes to the action's destination cell (``to: cell``).
  ``move: {who, to, away_from, within, rule}``: it goes to the cell `to` names (an
  expression: the GM's ``flag.to``), which must be free and within `within` steps, or,
  naming none, to the free cell within reach farthest from `away_from` (reading order
  breaks ties); none free, it stays. The breakdown says which (`engine.moving`), and
  with ``logs: FLAG`` the command's log line names the cell it went to as ``--FLAG``.
- `until`: ``never`` (default), ``{start: actor|target}`` or ``{end: actor|target}``
  (that actor's next turn), ``{rounds: N}`` (the end of the round N - 1 rounds on).
- ``summon: {who, template, sheet}``, ``remove: {who, why}``: an actor brought into the
  fight, or taken out of it (`engine.summoning`).

Each entry may have ``when: EXPR``; `who` is ``actor`` or ``target``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import harm, laying
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.state import Change, Effect, Encounter
from shaper_gm.engine.stepkit import FIELD, Facts, VocabError, checked_name, expression, fill
from shaper_gm.records import record

KINDS = {"hp": {"who", "change", "through", "why", "rule", "quiet"},
         "resource": {"who", "change", "name", "why", "rule"},
         "effect": {"who", "name", "mods", "until", "while", "says", "quiet"},
         "condition": {"who", "name", "mods", "until", "while", "quiet"},
         "end": {"who", "name", "with_source", "why", "quiet"},
         "move": {"who", "to", "away_from", "within", "rule", "logs", "word"},
         "sheet": {"who", "name", "value", "why", "says", "quiet"},
         "lay": {"who", "item", "says"}, "take": {"who", "item", "quiet"},
         "encounter": {"name", "change", "why"},
         "spend": {"who", "key", "amount"}, "relabel": {"name", "from", "to", "why"},
         "reacted": {"who", "answer", "during"},
         "summon": {"who", "template", "sheet", "effect", "mods"}, "remove": {"who", "why"}}
ACTORS = ("actor", "target")        # who a change may be to


@record
class Entry:
    kind: str
    who: str
    values: tuple[tuple[str, Compiled], ...]     # change / mods, compiled
    name: str = ""                # the resource, effect or condition
    through: str = ""
    until: tuple[str, Any] = ("never", None)
    when: Compiled | None = None
    away_from: str = ""           # a move's: whom the cell it works out is farthest from
    rule: str = ""
    logs: str = ""                # a move's: the flag its log line names the cell with
    lasts_while: str = ""         # the caster's effect it lasts while (`while:`)
    why: str = ""                 # hp, resource: the event's reason; move: its word
    with_source: bool = False     # an end's: the caster's effect it lasted while ends too
    says: str = ""                # an effect's words, {name} filled: what `show` quotes
    quiet: bool = False           # an effect's, end's or sheet's: a mark kept, not told

    @property
    def deals_damage(self) -> bool:
        """An hp change written as a loss (`change: -damage`), which may bring what
        taking damage brings (`engine.moments`)."""
        return self.kind == "hp" and dict(self.values)["change"].text.lstrip().startswith("-")

    @property
    def worked_out(self) -> bool:
        """A move to a cell named by `to` or worked out, not the verb's destination."""
        return self.kind == "move" and (bool(self.values) or bool(self.away_from))

    @property
    def reads(self) -> frozenset[str]:
        names = frozenset().union(*(expr.names for _, expr in self.values))
        moved = {"destination"} if self.kind == "move" and not self.worked_out else set()
        other = {self.away_from} if self.away_from else set()
        return names | (self.when.names if self.when else frozenset()) | {self.who} | moved \
            | other | frozenset(FIELD.findall(self.why)) | frozenset(FIELD.findall(self.name)) \
            | (frozenset() if self.kind in ("sheet", "lay")          # an event's template
               else frozenset(FIELD.findall(self.says)))


def compile_entry(raw: Any, at: str, roles: tuple[str, ...]) -> Entry:
    kinds = [kind for kind in KINDS if isinstance(raw, Mapping) and kind in raw]
    if len(kinds) != 1:
        raise VocabError(at, f"expected one of {', '.join(KINDS)} (with when, if it depends)")
    kind = kinds[0]
    body, allowed = raw[kind], KINDS[kind]
    if not isinstance(body, Mapping):
        raise VocabError(f"{at}.{kind}", f"expected {{{', '.join(sorted(allowed))}}}")
    extra = [f"{kind}.{key}" for key in sorted(set(body) - allowed)] + \
        sorted(set(raw) - {kind, "when"})
    if extra:
        raise VocabError(f"{at}.{extra[0]}", f"no such key (keys: {', '.join(sorted(allowed))})")
    who = body.get("who", "target" if "target" in roles else "actor")
    actors = [role for role in roles if role in ACTORS]
    if who not in actors:
        raise VocabError(f"{at}.{kind}.who", f"expected one of {', '.join(actors)}, got {who!r}")
    worked_out = kind == "move" and bool({"to", "away_from"} & set(body))
    if kind == "move" and worked_out:
        return _move_to(raw, body, at, who, actors)
    if kind == "move" and set(body) - {"who"}:
        raise VocabError(f"{at}.move", "within, rule, logs: a move with to or away_from "
                                       "only")
    if kind == "move" and "destination" not in roles:
        raise VocabError(f"{at}.move", "a move needs an action to a cell (to: cell)")
    needed = {"hp": ("change",), "resource": ("change", "name"), "effect": ("name",),
              "condition": ("name",), "end": ("name",), "move": (), "sheet": ("name", "value"),
              "lay": ("item",), "take": ("item",), "encounter": ("name", "change"),
              "spend": ("key", "amount"), "relabel": ("name", "from", "to"),
              "reacted": ("answer", "during"), "summon": ("template",), "remove": ()}[kind]
    for key in needed:
        if key not in body:
            raise VocabError(f"{at}.{kind}.{key}", "missing (required)")
    if kind in ("effect", "condition"):
        mods = body.get("mods", {})
        if not isinstance(mods, Mapping):
            raise VocabError(f"{at}.{kind}.mods", "expected KEY: EXPR pairs")
        values = tuple((checked_name(key, f"{at}.{kind}.mods"),
                        expression(text, f"{at}.{kind}.mods.{key}"))
                       for key, text in mods.items())
    elif kind in ("hp", "resource", "encounter"):
        values = (("change", expression(body["change"], f"{at}.{kind}.change")),)
    elif kind == "sheet":
        checked_name(body["name"], f"{at}.sheet.name")
        values = (("value", expression(body["value"], f"{at}.sheet.value")),)
    elif kind in ("lay", "take"):
        values = (("item", expression(body["item"], f"{at}.{kind}.item")),)
    elif kind == "summon":                # engine.summoning
        from shaper_gm.engine.summoning import summon_values
        values = summon_values(body, at)
    elif kind in ("spend", "relabel"):    # engine.spending, engine.relabelling
        values = tuple((key, expression(body[key], f"{at}.{kind}.{key}"))
                       for key in ("amount", "from", "to") if key in body)
    else:
        values = ()
    named = {"spend": "key", "relabel": "name"}.get(kind)
    name = checked_name(body[named], f"{at}.{kind}.{named}") if named else \
        str(body.get("effect" if kind == "summon" else "name", ""))    # a summon's effect
    if kind == "reacted":                 # who answered an ask, and during what (D8)
        name = f"{_text(body['answer'], f'{at}.reacted.answer')}"
        body = {**body, "why": _text(body["during"], f"{at}.reacted.during")}
    with_source, quiet = (_yes_no(body, key, f"{at}.{kind}.{key}")
                          for key in ("with_source", "quiet"))
    return Entry(kind, who, values, name, str(body.get("through", "")),
                 _until(body.get("until", "never"), f"{at}.{kind}.until", roles),
                 expression(raw["when"], f"{at}.when") if "when" in raw else None,
                 lasts_while=checked_name(body["while"], f"{at}.{kind}.while")
                 if "while" in body else "", rule=str(body.get("rule", "")),
                 why=_text(body.get("why", ""), f"{at}.{kind}.why"), with_source=with_source,
                 says=_text(body.get("says", ""), f"{at}.{kind}.says"), quiet=quiet)


def _yes_no(body: Mapping[str, Any], key: str, at: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise VocabError(at, f"expected true or false, got {value!r}")
    return value


def _text(raw: Any, at: str) -> str:
    if not isinstance(raw, str):
        raise VocabError(at, f"expected a text ({{name}} fills in a fact), got {raw!r}")
    return raw


def _move_to(raw: Mapping[str, Any], body: Mapping[str, Any], at: str, who: str,
             actors: list[str]) -> Entry:
    """A move to the cell `to` names or, naming none, the one worked out (R4)."""
    if "within" not in body:
        raise VocabError(f"{at}.move.within", "missing (required): how many steps the "
                                              "mover may go")
    away = body.get("away_from", "")
    if away and away not in actors:
        raise VocabError(f"{at}.move.away_from", f"expected one of {', '.join(actors)}, "
                                                 f"got {away!r}")
    values = tuple((key, expression(body[key], f"{at}.move.{key}"))
                   for key in ("to", "within") if key in body)
    logs = checked_name(body["logs"], f"{at}.move.logs") if "logs" in body else ""
    return Entry("move", who, values, away_from=away, rule=str(body.get("rule", "")),
                 logs=logs, why=_text(body.get("word", ""), f"{at}.move.word"),
                 when=expression(raw["when"], f"{at}.when") if "when" in raw else None)


def _until(raw: Any, at: str, roles: tuple[str, ...]) -> tuple[str, Any]:
    if raw in ("never", "used_up"):          # used_up: until a spend empties it
        return (raw, None)
    if isinstance(raw, Mapping) and len(raw) == 1:
        (key, value), = raw.items()
        if key in ("start", "end") and value in roles:
            return (key, value)
        if key == "rounds" and isinstance(value, int) and not isinstance(value, bool) \
                and 1 <= value <= 100:
            return (key, value)
    raise VocabError(at, "expected never, {start: actor|target}, {end: actor|target}, "
                         "{rounds: N} (1 to 100) or used_up")


def apply(state: Encounter, rs: Any, entry: Entry, facts: Facts, why: str,
          note: Any = None) -> Change:
    """One entry's change to the encounter (nothing when its `when` does not hold);
    `note(label, value, rule)`, when given, hears what a worked-out move did."""
    try:
        if entry.when is not None and not entry.when.run(facts):
            return state, []
        values = {key: expr.run(facts) for key, expr in entry.values}
    except ExprError as exc:
        raise RuleViolation(f"{why}: {exc}", "the ruleset's declaration needs a fix") from None
    who = facts[entry.who]
    if "{" in entry.name:                     # a name of the facts: "dodge-vs-{actor}"
        entry = replace(entry, name=fill(entry.name, facts))
    if entry.kind == "end":
        why = fill(entry.why, facts) if entry.why else why      # its own reason, if given
        actor = state.actors[who]
        if not any(e.name == entry.name for e in actor.effects):
            return state, []
        gone = [e for e in actor.effects if e.name == entry.name]
        state = state.with_actor(actor.with_(effects=tuple(
            e for e in actor.effects if e.name != entry.name)))
        state, ended = end_held(state, who, entry.name, why)
        events = [*([] if entry.quiet else [ev.EffectEnded(who, entry.name, why)]), *ended]
        for effect in gone if entry.with_source else ():
            state, sourced = _end_source(state, effect, why)
            events += sourced
        return state, events
    if entry.worked_out:                      # engine.worked_moves
        from shaper_gm.engine.worked_moves import moved
        return moved(state, rs, entry, who, values, facts, note)
    if entry.kind == "move":                  # the action's own line says where to
        return state.with_actor(state.actors[who].with_(zone=str(facts["destination"]))), []
    said = fill(entry.why, facts)
    if entry.kind == "sheet":                 # told with its reason, never as the GM's set
        state, told = _sheet(state, who, entry.name, values["value"], said or why, entry.says)
        return state, [] if entry.quiet else told
    if entry.kind in ("lay", "take"):         # an item on the map (engine.laying)
        state, told = laying.changed(state, rs, entry.kind, who, str(values["item"]),
                                     str(facts["actor"]), entry.says)
        return state, [] if entry.quiet else told
    if entry.kind == "resource":
        return _resource(state, who, entry.name, int(values["change"]), said or why,
                         entry.rule, rs)
    if entry.kind == "encounter":             # a number of the encounter (engine.laying)
        return laying.number_changed(state, rs, entry.name, int(values["change"]),
                                     said or why)
    if entry.kind == "reacted":               # told as a reaction inside the action
        return state, [ev.Reacted(who, entry.name, entry.why)]
    if entry.kind in ("summon", "remove"):        # engine.summoning
        from shaper_gm.engine import summoning
        return summoning.summoned(state, rs, who, values, fill(entry.name, facts)) \
            if entry.kind == "summon" else \
            summoning.removed(state, rs, who, said or why)
    if entry.kind in ("spend", "relabel"):        # engine.spending
        from shaper_gm.engine.spending import swept
        return swept(state, who, entry.kind, entry.name, values, fill(entry.why, facts) or why)
    if entry.kind == "hp":                    # quiet: the action's own line tells it
        state, told = hit_points(state, rs, who, int(values["change"]), entry.through, why, said)
        return state, [e for e in told if not (entry.quiet and isinstance(e, ev.HpChanged))]
    mods = tuple((key, int(value)) for key, value in values.items())
    if entry.kind == "condition":
        found = rs.library.item("conditions", entry.name)
        mods = tuple((key, int(value)) for key, value in {       # its own mods, then the
            **dict(found.get("mods", {}) if isinstance(found, Mapping)       # entry's
                   else getattr(found, "mods", ())), **dict(mods)}.items())
    until = _moment(state, facts, entry.until)
    source = f"{WHILE}{entry.lasts_while}" if entry.lasts_while else entry.kind
    effect = Effect(entry.name, source=source, caster=facts["actor"], mods=mods, until=until,
                    says=fill(entry.says, facts))
    actor = state.actors[who]
    replaced: list[ev.Event] = []
    if any(e.name == entry.name for e in actor.effects):     # what held by the old one ends
        state, replaced = end_held(state, who, entry.name, f"{why}: a new {entry.name}")
        actor = state.actors[who]
    kept = tuple(e for e in actor.effects if e.name != entry.name)     # refreshed, not stacked
    state = state.with_actor(actor.with_(effects=(*kept, effect)))
    return state, [*replaced, *([] if entry.quiet else [ev.EffectAdded(who, effect)])]


def _sheet(state: Encounter, who: str, key: str, value: Any, why: str,
           says: str = "") -> Change:
    """A sheet key set (the dice pool's weapon in hand, changed by `wield`), told with
    the entry's `why` or the action's ("Goblin's strike"), or in its `says` words (a
    template over the event's fields the screen fills in: Dungeoneers' "{actor|name} now
    holds {after|item|title|join|else nothing}")."""
    actor = state.actors[who]
    before = actor.sheet.get(key)
    if before == value:
        return state, []
    state = state.with_actor(actor.with_(sheet=actor.sheet.with_values(**{key: value})))
    return state, [ev.FieldSet(who, key, before, value, why, says)]


WHILE = "while:"            # an effect's source when it lasts while its caster holds one


def _end_source(state: Encounter, effect: Effect, why: str) -> Change:
    """The caster's effect `effect` lasted while ends, and all else it held."""
    name = effect.source[len(WHILE):] if effect.source.startswith(WHILE) else ""
    caster = state.actors.get(effect.caster or "")
    if not name or caster is None or not any(e.name == name for e in caster.effects):
        return state, []
    state = state.with_actor(caster.with_(effects=tuple(
        e for e in caster.effects if e.name != name)))
    state, ended = end_held(state, caster.id, name, why)
    return state, [ev.EffectEnded(caster.id, name, why), *ended]


def end_held(state: Encounter, caster: str, name: str, why: str) -> Change:
    """End every effect `caster` cast to last while it holds `name` (`while:`)."""
    source, changed = f"{WHILE}{name}", []
    events: list[ev.Event] = []
    for actor in state.actors.values():
        held = [e for e in actor.effects if e.caster == caster and e.source == source]
        if held:
            changed.append(actor.with_(effects=tuple(e for e in actor.effects
                                                     if e not in held)))
            events += [ev.EffectEnded(actor.id, e.name, why) for e in held]
    return (state.with_actors(changed) if changed else state), events


def _moment(state: Encounter, facts: Facts, until: tuple[str, Any]) -> str:
    kind, value = until
    if kind in ("start", "end"):
        return f"{kind}:{facts[value]}"
    if kind == "rounds":
        return f"round:{max(1, state.round) + value - 1}"
    return str(kind)


def _resource(state: Encounter, who: str, name: str, change: int, why: str,
              rule: str = "", rs: Any = None) -> Change:
    actor = state.actors[who]
    before = actor.resource(name)
    after = max(0, before + change)
    if after == before:
        return state, []
    spec = next((s for s in getattr(rs, "resources", ()) if s.name == name), None)
    told = spec.told if spec is not None else ()
    said = f"{{actor}} {told[after < before]} {abs(after - before)} {spec.label or name}" \
        if told and spec is not None else ""
    details = (f"{before} → {after}", why) if said else ()
    return state.with_actor(actor.with_resource(name, after)), \
        [ev.ResourceChanged(who, name, before, after, why, rule, said, details)]


def hit_points(state: Encounter, rs: Any, who: str, change: int, through: str,
               why: str, said: str = "") -> Change:
    """Hit points up or down by `change`; damage first comes off the resource `through`
    (none when empty); down and revival follow; then what taking damage brings, whatever
    dealt it (`engine.moments`, G27: the concentration save, its DC from the damage
    before `through` took its part). `said`: the change's own reason (the entry's
    `why`), else the numbers."""
    state, events = _hit_points(state, rs, who, change, through, why, said)
    if change < 0:
        state, brought = rs.at_moment(state, "damaged", who, {"damage": -change})
        events += brought
    return state, events


def _hit_points(state: Encounter, rs: Any, who: str, change: int, through: str,
                why: str, said: str = "") -> Change:
    events: list[ev.Event] = []
    if change < 0 and through:
        held = state.actors[who].resource(through)
        taken = min(held, -change)
        if taken:
            state, events = _resource(state, who, through, -taken, why)
            change += taken
    if change == 0:
        return state, events
    actor = state.actors[who]
    before = actor.hp or 0
    after = before + change
    note = said or (harm.damage_note(-change, before, max(0, after)) if change < 0 else
                    harm.healed_note(change, before, min(after, actor.max_hp or after)))
    state, changed = harm.set_hp(state, rs, who, after, note, told=said)
    return state, [*events, *changed]

"""The `summon` and `remove` changes of an action written as data.

- ``summon: {who, template, sheet: {KEY: EXPR}}``: a new actor made from the content's
  template `template` names (an expression: ``"'minion'"``) joins `who`'s side in
  `who`'s cell, its summoner `who`: it acts in its summoner's turn, with a budget of its
  own, right after it in the order. Its id is the summoner's and the template's
  (``taylor-minion``, then ``taylor-minion-2``), its name the summoner's and the
  template's (``Taylor's Minion``, then ``Taylor's Minion 2``); `sheet` sets keys of its
  sheet over the template's (an armor its summoner's ability gives it), `effect: NAME`
  with `mods: {KEY: EXPR}` gives it a lasting effect (a bonus to its attack), when a
  mod is not 0. It joins during its summoner's turn: what a turn's start gives it, it
  holds at once.
- ``remove: {who, why}``: that actor leaves the fight, as the GM's `remove` takes it, and
  its summons with it (a summon that goes down is gone).

The ruleset makes the actor (`summon` of a ruleset written as data).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.state import Change, Effect, Encounter
from shaper_gm.engine.stepkit import VocabError, checked_name, expression

SHEET = "sheet."            # a summon's sheet key among its values: sheet.armor
MOD = "mod."                # a mod of the effect it is given: mod.attack


def summon_values(body: Mapping[str, Any], at: str) -> tuple[tuple[str, Compiled], ...]:
    """A summon's template, sheet keys and its effect's mods, compiled."""
    out = [("template", expression(body["template"], f"{at}.summon.template"))]
    for key, prefix in (("sheet", SHEET), ("mods", MOD)):
        pairs = body.get(key, {})
        if not isinstance(pairs, Mapping):
            raise VocabError(f"{at}.summon.{key}", "expected KEY: EXPR pairs: " + (
                "sheet keys the summon holds over its template's" if key == "sheet" else
                "what the effect its summoner gives it holds"))
        out += [(f"{prefix}{checked_name(name, f'{at}.summon.{key}')}",
                 expression(text, f"{at}.summon.{key}.{name}")) for name, text in pairs.items()]
    if "mods" in body and not isinstance(body.get("effect"), str):
        raise VocabError(f"{at}.summon.effect", "expected the name of the effect its mods "
                                                "make (mods: needs effect:)")
    return tuple(out)


def summoned(state: Encounter, rs: Any, who: str, values: Mapping[str, Any],
             effect: str = "") -> Change:
    """`who` summons an actor of the template `values` names (`summon`), given the
    lasting effect `effect` of its mods when any is not 0."""
    make = getattr(rs, "summon", None)
    if make is None:
        raise RuleViolation(f"{rs.id} brings no summons into a fight",
                            "the ruleset's declaration needs a fix")
    sheet = {key[len(SHEET):]: value for key, value in values.items()
             if key.startswith(SHEET)}
    before = set(state.actors)
    made: Change = make(state, who, str(values["template"]), sheet)
    state, events = made
    mods = tuple((key[len(MOD):], int(value)) for key, value in values.items()
                 if key.startswith(MOD) and int(value))
    new = next((a for a in state.actors if a not in before), None)
    if not mods or new is None:
        return state, events
    given = Effect(effect, source="summon", caster=who, mods=mods, until="never")
    actor = state.actors[new]
    state = state.with_actor(actor.with_(effects=(*actor.effects, given)))
    return state, [*events, ev.EffectAdded(new, given)]


def removed(state: Encounter, rs: Any, who: str, why: str) -> Change:
    """`who` leaves the fight, with its summons (`remove`)."""
    if who not in state.actors:
        return state, []
    return leaving(state, rs, who, f": {why}")


def leaving(state: Encounter, rs: Any, who: str, why: str = "") -> Change:
    """`who` and its summons gone from the fight: what the ruleset does when one goes,
    and their turns' effects ended (`why` added to the words after 'left the fight')."""
    from shaper_gm.engine.turns import expire
    gone = [who, *state.summons_of(who)]
    events: list[ev.Event] = []
    for member in gone:
        name = state.actors[member].name
        state = state.without_actor(member)
        state, followed = rs.on_removed(state, member)
        events += followed
        for moment in ("start", "end"):          # its turn will never come round
            state, ended = expire(state, f"{moment}:{member}", f"{name} left the fight{why}")
            events += ended
    return state, [*(ev.ActorRemoved(m) for m in gone), *events]

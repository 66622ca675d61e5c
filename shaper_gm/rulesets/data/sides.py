"""`side_checks` (ruleset.yaml): a verb naming a side (`surprise enemies`, T16), each
able member of that side playing one action and every other able combatant another,
told `mark`, the average of a fact of the first, rounded down. Time slices' surprise:
the surprising side's [Q] rolls set the mark, each of the others rolls [U] against it
and, short of it, is surprised (an effect its round-start action reads: no TS in the
surprise round). Both actions are played as their actors', paying nothing; their dice
come from the verb's slots, repeated, one a member in turn order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content.schema import Bad, Field, boolean, ident, list_of, snake_name, text
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import Told
from shaper_gm.engine.names import match_one
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.stepkit import fill

CHECK = {"side": Field(ident, required=True), "others": Field(ident, required=True),
         "mark": Field(snake_name, required=True), "before_start": Field(boolean),
         "rule": Field(text), "summary": Field(text), "examples": Field(list_of(text)),
         "heading": Field(text), "mark_note": Field(text), "closing": Field(text),
         "closing_one": Field(text), "caught": Field(snake_name)}
MARK = "mark"                      # what the others' action is told


def side_check(value: Any) -> Mapping[str, Any]:
    """One entry of `side_checks`, checked as the rest of ruleset.yaml is."""
    if not isinstance(value, Mapping) or set(value) - set(CHECK) or \
            not {"side", "others", "mark"} <= set(value):
        raise Bad(f"expected {{{', '.join(CHECK)}}} (side, others and mark required)")
    return {name: CHECK[name].check(item) for name, item in value.items()}


def missing_actions(spec: Mapping[str, Any], actions: Mapping[str, Any]) -> list[str]:
    """The names of its two actions that actions.yaml does not declare."""
    return [spec[key] for key in ("side", "others") if spec[key] not in actions]


def in_order(state: Encounter) -> list[str]:
    """The turn order, then those not in it, in the order they were added."""
    order = [a for a in state.order if a in state.actors]
    return order + [a for a in state.actors if a not in order]


def played(state: Encounter, rs: Any, name: str, actor_id: str, told: Mapping[str, Any],
           tape: Any, noted: int | None = None) -> tuple[Encounter, list[Any], Any]:
    """`name` played as `actor_id`'s, nothing paid, `told` over its facts: the new
    state, its events (its breakdown: the notes from `noted` on) and its final facts."""
    declared = rs.library.action(name)
    plan = tuple(f.with_values(**told) for f in
                 declared.facts(state, rs, Request(name, (("actor", actor_id),))))
    noted = len(tape.notes) if noted is None else noted
    state, events = declared.play_against(state, rs, plan, tape, actor_id)
    outcome = replace(events[0].outcome, notes=tuple(tape.notes[noted:]))  # its breakdown
    events[0] = replace(events[0], outcome=outcome)
    return state, events, outcome.results[0].facts


def check(state: Encounter, rs: Any, verb: str, spec: Mapping[str, Any], word: str,
          tape: Any) -> Change:
    """`VERB SIDE`: the side's members' action, then the others' told the mark."""
    rule = f" ({spec['rule']})" if spec.get("rule") else ""
    if spec.get("before_start") and state.round > 0:
        raise RuleViolation(f"a {verb} starts the fight{rule}; this one is in round "
                            f"{state.round}", f"declare {verb} before start")
    sides = sorted({a.side for a in state.actors.values()})
    if not sides:
        raise RuleViolation(f"nobody to {verb} yet", "add the combatants first")
    side = match_one(word, sides, "side", f"sides: {', '.join(sides)}")
    able = [a for a in in_order(state) if not state.actors[a].down]
    members = [a for a in able if state.actors[a].side == side]
    if not members:
        raise RuleViolation(f"no combatant of side {side!r} can {verb}{rule}",
                            f"sides: {', '.join(sides)}")
    others = [a for a in able if state.actors[a].side != side]
    if not others:
        raise RuleViolation(f"nobody outside {side} to {verb}{rule}",
                            "add the other side first")
    events: list[Any] = [Told(fill(spec["heading"], {"side": side}))] \
        if spec.get("heading") else []
    marks = []
    for actor_id in members:
        state, said, facts = played(state, rs, spec["side"], actor_id, {}, tape)
        events += said
        marks.append(int(facts[spec["mark"]]))
    told = {MARK: sum(marks) // len(marks)}          # the average, rounded down
    caught = []
    for at, actor_id in enumerate(others):
        noted = len(tape.notes)
        if at == 0 and spec.get("mark_note"):         # the first one's breakdown has it
            tape.note(spec["mark_note"], told[MARK], spec.get("rule", ""))
        state, said, facts = played(state, rs, spec["others"], actor_id, told, tape, noted)
        events += said
        if spec.get("caught") and facts.get(spec["caught"]):
            caught.append(state.actors[actor_id].name)
    from shaper_gm.render.text import listed
    closing = spec.get("closing_one") if len(caught) == 1 else spec.get("closing")
    if caught and closing:
        events.append(Told(fill(closing, {"names": listed(caught), "side": side})))
    return state, events


def install(made: Any, rs: Any) -> None:
    """A verb for each of the ruleset's side checks, its slots those of its actions."""
    from shaper_gm.commands.slots import slot_flags
    for verb, spec in rs.library.numbers.get("side_checks") or ():
        slots = {slot: (True, f"the faces of each {name} roll, one a combatant in turn order")
                 for name in (spec["side"], spec["others"])
                 for slot, _ in rs.library.action(name).slots}
        made.command(verb, group="setup", positionals=("group",), words={"group": "SIDE"},
                     slots=slots, flags=slot_flags(slots),
                     rules=spec.get("rule", ""), examples=tuple(spec.get("examples", ())),
                     summary=spec.get("summary") or f"SIDE's {spec['side']} against "
                                                    f"everyone else's {spec['others']}")(
            _handler(verb, spec))


def _handler(verb: str, spec: Mapping[str, Any]) -> Any:
    def run(ctx: Any) -> Any:
        from shaper_gm.commands.acting import read_request
        from shaper_gm.commands.session import Outcome
        from shaper_gm.commands.slots import SlotDice
        request = read_request(ctx)
        dice = SlotDice(ctx, ctx.verb.slot_map())
        state, events = check(ctx.state, ctx.ruleset, verb, spec, request.arg("group"),
                              dice.tape())
        sides = sorted({a.side for a in ctx.state.actors.values()})
        side = match_one(request.arg("group"), sides, "side", "")   # logged in full
        return Outcome(state, events, request=request.with_args(group=side)
                       .with_flags(dice.logged()))
    return run

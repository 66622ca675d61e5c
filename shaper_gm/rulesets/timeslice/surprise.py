"""Surprise rounds (T16): the surprising group's `[Q]` rolls set a mark, each member of
the surprised group rolls `[U]` against it, and whoever falls short gains no TS at the
start of the surprise round, the fight's first."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.steps import Note, play, step
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice.harm import fight
from shaper_gm.rulesets.timeslice.rolls import stat_spec, with_bonus

# Dice slots, each repeated in member order: the surprising group's [Q] rolls, then
# the surprised group's [U] rolls.
SLOT_SURPRISE, SLOT_NOTICE = "roll", "notice"
SURPRISE_ROUND = 1


@record
class Check:
    actor: str
    roll: Any
    total: int
    failed: bool = False


def _listed(state: Encounter) -> list[str]:
    order = [a for a in state.order if a in state.actors]
    return order + [a for a in state.actors if a not in order]


@record
class Ambush:
    """A surprise: who rolls with which bonus, what the steps rolled, and once played
    the steps' notes, for the breakdown."""

    group: str                                     # the side that springs it
    stat_roll: Any
    springing: tuple[tuple[str, str, int], ...]    # (actor, name, [Q] bonus)
    caught: tuple[tuple[str, str, int], ...]       # (actor, name, [U] bonus)
    quick: tuple[Check, ...] = ()                  # the surprising group's [Q] rolls
    mark: int = 0                                  # their average, rounded down
    notice: tuple[Check, ...] = ()                 # the surprised group's [U] rolls
    notes: tuple[Note, ...] = ()

    @property
    def surprised(self) -> tuple[str, ...]:
        return tuple(c.actor for c in self.notice if c.failed)


def _rolls(ctx: Ambush, tape, slot: str, members):
    """Each member's stat roll (T2) in turn order: (actor, name, roll, total)."""
    for actor_id, name, stat_bonus in members:
        rolled = tape.roll(slot, with_bonus(ctx.stat_roll, stat_bonus), actor_id)
        yield actor_id, name, rolled, rolled.total + stat_bonus


@step()
def roll_quick(ctx: Ambush, tape) -> Ambush:
    """T16: each member of the surprising group rolls [Q]; the mark is their average,
    rounded down."""
    quick = []
    for actor_id, name, rolled, total in _rolls(ctx, tape, SLOT_SURPRISE, ctx.springing):
        tape.note(f"{name} [Q]", total, "T2, T16")
        quick.append(Check(actor_id, rolled, total))
    mark = sum(c.total for c in quick) // len(quick)
    tape.note("average [Q], rounded down", mark, "T16")
    return replace(ctx, quick=tuple(quick), mark=mark)


@step()
def roll_notice(ctx: Ambush, tape) -> Ambush:
    """T16: each member of the surprised group rolls [U]; lower than the mark fails."""
    notice = []
    for actor_id, name, rolled, total in _rolls(ctx, tape, SLOT_NOTICE, ctx.caught):
        failed = total < ctx.mark
        tape.note(f"{name} [U] {'<' if failed else '≥'} {ctx.mark}: "
                  f"{'surprised' if failed else 'not surprised'}", total, "T2, T16")
        notice.append(Check(actor_id, rolled, total, failed))
    return replace(ctx, notice=tuple(notice))


AMBUSH = (roll_quick, roll_notice)


def surprise(state: Encounter, rs, request, tape) -> tuple[Encounter, list, Ambush]:
    """T16: the group the request names (`group`) springs a surprise: roll it and mark the
    fight's first round as a surprise round."""
    group = request.arg("group")
    if state.round > 0:
        raise RuleViolation("a surprise round starts the fight (T16); this one is in round "
                            f"{state.round}", "declare surprise before start")
    sides = sorted({a.side for a in state.actors.values()})
    able = [state.actors[a] for a in _listed(state) if not state.actors[a].down]
    springing = [a for a in able if a.side == group]
    if not springing:
        raise RuleViolation(f"no combatant of group {group!r} can spring a surprise "
                            "(T16)", f"groups: {', '.join(sides) or 'none yet'}")
    caught = [a for a in able if a.side != group]
    if not caught:
        raise RuleViolation(f"nobody outside {group} to surprise (T16)",
                            "add the other group first")
    ambush = Ambush(group, stat_spec(rs.numbers),
                    tuple((a.id, a.name, rs.stat_bonus(a.sheet, "q")) for a in springing),
                    tuple((a.id, a.name, rs.stat_bonus(a.sheet, "u")) for a in caught))
    outcome = replace(play(AMBUSH, ambush, tape), notes=tuple(tape.notes))
    state = state.with_(system=fight(state).with_(surprise_round=SURPRISE_ROUND,
                                                  surprised=frozenset(outcome.surprised)))
    events = [tev.SurpriseRolled(springing[0].id, outcome),
              tev.SurpriseDeclared(group, SURPRISE_ROUND, outcome.surprised)]
    return state, events, outcome


def surprised_gain_nothing(state: Encounter) -> Change:
    """The round-start hook: in the surprise round the surprised have no TS (T16)."""
    data = fight(state)
    if data.surprise_round != state.round or not data.surprised:
        return state, []
    events, changed = [], []
    for actor_id in sorted(data.surprised):
        actor = state.actors.get(actor_id)
        if actor is None or actor.resource("ts") == 0:
            continue
        events.append(ev.ResourceChanged(actor_id, "ts", actor.resource("ts"), 0,
                                         "surprised: no TS this round (T16)"))
        changed.append(actor.with_resource("ts", 0))
    return state.with_actors(changed), events

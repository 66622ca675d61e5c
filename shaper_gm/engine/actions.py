"""What a ruleset declares of an action, and what the engine hands its work.

An `Action` names its verb, when it may be taken (`timing`), what it costs and the
two pieces of work only the ruleset knows: `prepare` (every refusal, before anything
is paid) and `resolve` (the action's own effect, on the paid state). The engine runs
every action the same way (`engine.play.perform`): may the actor act now → prepare →
the turn order's before-action → pay → resolve → others' payments → the turn order's
after-action. No ruleset runs that frame itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.events import Event
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset
    from shaper_gm.engine.steps import Tape

# When an action may be taken: on the actor's turn; only outside it (an answer to what
# someone else does); or either way.
TIMINGS = ("turn", "reaction", "either")

# What an action spends: resource -> amount; or named parts, each paid and shown on its
# own, ((what it pays for, {resource: amount}), ...) (`engine.play.cost_parts`).
Cost = Mapping[str, int] | tuple[tuple[str, Mapping[str, int]], ...]


@record
class Acting:
    """An action under way: the state it runs on, the ruleset, the resolved request,
    the tape its steps roll and decide with, and what `prepare` found."""

    state: Encounter
    rs: Ruleset
    request: Request
    tape: Tape | None = None
    plan: Any = None
    reaction: bool = False        # taken outside the actor's own turn

    @property
    def actor(self) -> str:
        return self.request.acting

    def with_plan(self, plan: Any) -> Acting:
        return replace(self, plan=plan)

    def with_state(self, state: Encounter) -> Acting:
        return replace(self, state=state)


@record
class Done:
    """What an action did. `others` are the actors who reacted inside it, off their turn
    (a defender's block, a reaction skill): the turn order hears of each as of a
    reaction. `logged` are values the action decided that its log line must carry (a
    tile chosen by default), by flag name."""

    state: Encounter
    events: tuple[Event, ...] = ()
    outcome: Any = None
    others: tuple[str, ...] = ()
    logged: tuple[tuple[str, Any], ...] = ()


@record
class Admission:
    """An action taken outside the actor's turn that its rules let through (a readied or
    prepared action): the state after whatever stood in for the turn, its events, and
    the cost to pay instead of the action's own (None: the action's own)."""

    state: Encounter
    events: tuple[Event, ...] = ()
    cost: Cost | None = None


@record
class Action:
    name: str
    resolve: Callable[[Acting], Done]
    cost: Cost | Callable[[Acting], Cost] = field(default_factory=dict)
    prepare: Callable[[Acting], Any] | None = None
    timing: str = "turn"
    while_down: bool = False      # a downed actor may take it (a death save)
    after_fight: bool = False     # may still be taken once the fight is over (tending the
    #                               dying): free, outside any turn
    what: str = ""                # how refusals name it ("an attack"); default the verb
    phrase: str = ""              # what an actor cannot do ("raise a shield"); the verb
    # its own words for a refusal the commands make after it played (`unrolled`):
    # (check, fields, outcome) -> (refuse, hint), or None for the engine's words
    worded: Callable[[str, Mapping[str, Any], Any], tuple[str, str] | None] | None = None
    # what a cost that depends on the request costs at least, worked out before the
    # action is prepared (its refusals not checked): (state, ruleset, request) -> cost;
    # None: known only once prepared
    price: Callable[[Encounter, Any, Request], Cost] | None = None

    def __post_init__(self) -> None:
        if self.timing not in TIMINGS:
            raise ValueError(f"action {self.name}: timing {self.timing!r} is not one of "
                             f"{', '.join(TIMINGS)}")

    @property
    def doing(self) -> str:
        return self.what or self.name

    @property
    def verb_phrase(self) -> str:
        return self.phrase or self.name

    def cost_of(self, acting: Acting) -> Cost:
        return self.cost(acting) if callable(self.cost) else self.cost

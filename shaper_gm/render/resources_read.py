"""What a screen template reads of an actor's resources and its turn (screen.yaml):
``{resource.ap}`` its value (0 when it has none); ``{shown.wounds}`` as the order table
shows it, over its maximum; ``{dots.ap}`` left (●) and spent (○) of its maximum, then its
value; ``{left.NAME}`` what is left of it this round: its maximum while the actor's turn
is still to come (a resource that comes back as its turn starts, `refill: turn_start`),
else its value; ``{pips.NAME}`` that left (●) and the rest of its maximum gone (○);
``{turn}`` where the actor's turn stands this round: ``waiting`` (still to come),
``now`` (it is up, or down) or ``over``."""

from __future__ import annotations

from typing import Any

MODES = ("resource", "shown", "dots", "left", "pips")


class Resources:
    """The actor's resources as a template reads them in one of `MODES`."""

    def __init__(self, actor: Any, rs: Any, mode: str, state: Any = None) -> None:
        self.actor, self.rs, self.mode, self.state = actor, rs, mode, state

    def __getattr__(self, name: str) -> Any:
        if self.mode == "resource":
            return self.actor.resource(name)
        from shaper_gm.render.tables import resource_dots, resource_value
        spec = self.rs.resource_spec(name)
        if self.mode == "dots":              # ``{dots.ap}``: ●●●●○○ 4, left and spent
            return resource_dots(self.actor, spec, self.rs)
        if self.mode == "shown":
            return resource_value(self.actor, spec, self.rs)
        most = None if spec.max is None else spec.max if isinstance(spec.max, int) \
            else self.rs.stat(self.actor.sheet, spec.max)
        left = self.actor.resource(name)
        if most is not None and spec.refill == "turn_start" and self.state is not None \
                and waiting(self.actor, self.state):
            left = most                      # it comes back whole as its turn starts
        if self.mode == "left":
            return left
        return "●" * left + "○" * max(0, (left if most is None else most) - left)


def waiting(actor: Any, state: Any) -> bool:
    """Whether the actor's turn is still to come this round (or the fight has not
    begun); one acting in another's turn waits with it."""
    if actor.down or actor.id in state.passed:
        return False
    if actor.summoner is not None and actor.summoner in state.actors:
        return waiting(state.actors[actor.summoner], state)
    if state.round == 0 or state.turn is None:
        return True
    if state.controls_turn(actor.id):
        return False
    order = [a for a in state.order if a in state.actors]
    if actor.id not in order or state.turn not in order:
        return False
    return order.index(actor.id) > order.index(state.turn)


def turn_word(actor: Any, state: Any) -> str:
    """``waiting``, ``now`` or ``over``: where the actor's turn stands this round."""
    if state is None:
        return ""
    if waiting(actor, state):
        return "waiting"
    return "now" if actor.down or state.controls_turn(actor.id) else "over"

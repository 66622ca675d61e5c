"""The answers a simulated fight gives when the engine asks an actor a question inside
another's action (a reaction, a defence choice), by expected value.

Each answer the ask offers is weighed by the ruleset's own `odds` of the action being
played, with the answers given so far in it and this one declared (`--react ID=ANSWER`,
as the GM would): what the asked actor's foes are expected to lose less what its own
side is. The best is taken; a tie, or an action without odds (a move that provokes), is
left to the ruleset's default. The weighing looks at this action alone: a reaction spent
now is not kept for a later attack. A group of runs (`runner.WEIGHED_RUNS`) asks the odds
once for the same question of the same two where they stand (the odds weigh at full HP
anyway, and what the asked actor can pay for is in the question: its options).
"""

from __future__ import annotations

from shaper_gm.simulate.expected import expected_harm, value


class Chooser:
    """A session's decider (`session.decider`) for simulated runs."""

    def __init__(self, session, known: dict | None = None) -> None:
        self.session = session
        self.odds_line: str | None = None        # the odds of the action being played
        self.given: list[tuple[str, str]] = []   # (actor, answer) so far in it
        self.away = 0                            # answers that were not the default
        # the answers to questions asked, of this run or the runs it shares them with
        self.known: dict[tuple, str] = {} if known is None else known

    def playing(self, odds_line: str | None) -> None:
        """The next command is the action `odds_line` weighs (None: nothing does)."""
        self.odds_line = odds_line
        self.given = []

    def __call__(self, ask) -> str:
        answer = self.best(ask)
        self.given.append((ask.actor, answer))
        if answer != ask.default:
            self.away += 1
        return answer

    def best(self, ask) -> str:
        if self.odds_line is None:
            return ask.default
        state = self.session.state
        named = self.odds_line.split()[1:3]
        key = (self.odds_line, ask.actor, ask.options, ask.default, tuple(self.given),
               tuple(state.actors[w].zone for w in named if w in state.actors))
        if key not in self.known:
            self.known[key] = self._weighed(ask, state)
        return self.known[key]

    def _weighed(self, ask, state) -> str:
        side = state.actors[ask.actor].side
        worth = {}
        for option in ask.options:
            said = " ".join(f"--react {who}={answer}"
                            for who, answer in (*self.given, (ask.actor, option)))
            harm = expected_harm(self.session, f"{self.odds_line} {said}")
            if harm is not None:
                worth[option] = value(state, side, harm)
        if not worth or worth.get(ask.default) == max(worth.values()):
            return ask.default
        top = max(worth.values())
        return next(option for option in ask.options if worth.get(option) == top)

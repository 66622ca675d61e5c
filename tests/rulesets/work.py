"""Counting the work exact odds do: the outcomes the exact runner weighs and the weights
the dice sums write (tests assert on these counts, never on wall time)."""

from __future__ import annotations

from shaper_gm.dice import exact as dice_exact
from shaper_gm.engine import steps as engine_steps


class Work:
    """Counts, from now on, every branch the runner keeps and every weight written by
    one more die (`largest`: the longest such list); `reset()` starts again at 0."""

    def __init__(self, monkeypatch) -> None:
        self.reset()
        branches, step = engine_steps.branches, dice_exact._times_die

        def counting_branches(*args, **kwargs):
            out = branches(*args, **kwargs)
            self.branches += len(out)
            return out

        def counting_step(weights, low, high):
            out = step(weights, low, high)
            self.weights += len(out)
            self.largest = max(self.largest, len(out))
            return out

        monkeypatch.setattr(engine_steps, "branches", counting_branches)
        monkeypatch.setattr(dice_exact, "_times_die", counting_step)

    def reset(self) -> None:
        self.branches = self.weights = self.largest = 0
        dice_exact._sum_weights.cache_clear()       # memoised sums would count as free

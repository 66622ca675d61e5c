"""ruleset.yaml's `act_range: {min, max, rule}`: the numbers of the act resource that
`act N TEXT` and `react ID N TEXT` may cost (an action's cost is 1 to 6 of it, say); a
number outside is refused as ``an action costs 1 to 6 AP, not 7 (D2)``. And
`terms.not_a_react_cost`: what a word `react` cannot price is not, as `not_a_cost` says
it for `act`."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.errors import RuleViolation


class ActRange:
    """`DataRuleset`'s limits on what `act` and `react` cost."""

    library: Any
    act_resource: str | None

    def _act_range(self) -> tuple[int, int | None, str] | None:
        found = self.library.numbers.get("act_range")
        return tuple(found) if found else None   # type: ignore[return-value]

    def _within(self, cost: dict[str, int] | None) -> dict[str, int] | None:
        """`cost`, or None when it spends a number of the act resource outside the range."""
        limits = self._act_range()
        if cost is None or limits is None or self.act_resource not in cost:
            return cost
        low, high, _ = limits
        spent = cost[str(self.act_resource)]
        return None if spent < low or high is not None and spent > high else cost

    def act_cost(self, word: str) -> dict[str, int] | None:
        return self._within(super().act_cost(word))  # type: ignore[misc]

    def react_cost(self, word: str) -> dict[str, int] | None:
        return self._within(super().react_cost(word))  # type: ignore[misc]

    def _outside(self, word: str) -> None:
        """Refuse a number outside the range, in the range's words."""
        limits = self._act_range()
        if limits is None or not (word.isascii() and word.isdigit()):
            return
        low, high, rule = limits
        top = f"{low} to {high}" if high is not None else f"at least {low}"
        unit = str(self.act_resource or "").upper()
        cited = f" ({rule})" if rule else ""
        raise RuleViolation(f"an action costs {top} {unit}, not {int(word)}{cited}",
                            f"give a cost from {top}")

    def _refuse_cost(self, word: str) -> None:
        self._outside(word)
        super()._refuse_cost(word)  # type: ignore[misc]

    def _refuse_reaction_cost(self, word: str) -> None:
        self._outside(word)
        said = self.term("not_a_react_cost")  # type: ignore[attr-defined]
        if said:
            raise RuleViolation(f"{word!r} is not {said}", "e.g. react ID 1 TEXT")
        super()._refuse_reaction_cost(word)  # type: ignore[misc]

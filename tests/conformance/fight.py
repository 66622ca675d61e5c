"""A ruleset's shipped demo fight, driven one command line at a time, with a transcript.

Every fixture of the suite starts here: the demo of a registered ruleset opened live at
round 1, and what the ruleset declares (its verbs and their flags, `resources`,
`turn_order`, `terms`, `attack_verb`). Nothing names a ruleset's actors, sides or verbs
beyond that, so a ruleset registered later gets the suite by shipping a demo.
"""

from __future__ import annotations

from shaper_gm.app import equip
from shaper_gm.app.demo import shipped_demo
from shaper_gm.commands.session import Result
from shaper_gm.engine import grid
from shaper_gm.engine.turns import can_take_turns
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.render.text import Names, describe_events, outcome_line

BIG = 100_000          # more harm than any sheet holds: the GM's way to down anyone


class Fight:
    """A live session on a ruleset's demo, and every line run on it so far."""

    def __init__(self, ruleset_id: str) -> None:
        self.session = equip(read_save(shipped_demo(ruleset_id)))
        self.session.save_path = None       # never write back to the shipped demo
        self.transcript: list[str] = []

    # --- reading -----------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def rs(self):
        return self.session.ruleset_for(self.state)

    @property
    def depth(self) -> int:
        """How many commands undo could take back, plus the first."""
        return len(self.session.history)

    def name(self, actor_id: str) -> str:
        return self.state.actors[actor_id].name

    def acting(self) -> str | None:
        return self.state.turn

    def up(self) -> tuple[str, ...]:
        """Everyone who may take the next turn (most-remaining orders share it)."""
        if self.state.turn is None:
            return ()
        return self.state.up or (self.state.turn,)

    def able(self) -> list[str]:
        """Actors who can take turns, in the listed order."""
        return [a for a in self.state.order
                if a in self.state.actors and can_take_turns(self.state.actors[a])]

    def sides(self) -> list[str]:
        return list(dict.fromkeys(a.side for a in self.state.actors.values()))

    def opponents(self, actor_id: str) -> list[str]:
        side = self.state.actors[actor_id].side
        return [a.id for a in self.state.actors.values() if a.side != side]

    def values(self, actor_id: str) -> dict[str, int]:
        return self.state.actors[actor_id].resource_map()

    def takes(self, verb: str, flag: str) -> bool:
        """Whether the ruleset's `verb` declares `--flag`."""
        return any(spec.name == flag for spec in self.session.registry.lookup(verb).flags)

    def has_verb(self, verb: str) -> bool:
        return verb in self.session.registry.verbs

    def refilling(self) -> list[str]:
        """Resources that come back by themselves at some moment of the fight."""
        return [spec.name for spec in self.rs.resources if spec.refill != "never"]

    def given_up_by_pass(self) -> set[str]:
        """What a pass may take: the round's or turn's budgets, which refill in full at
        the start of a round or turn, unless the rules keep them through a pass."""
        return {spec.name for spec in self.rs.resources
                if spec.refill in ("round_start", "turn_start") and spec.refill_by is None
                and not spec.kept_on_pass}

    def neighbours(self, actor_id: str) -> list[str]:
        """The cells next to an actor, on the battlefield."""
        zone = self.state.actors[actor_id].zone
        if zone is None:
            return []
        col, row = grid.cell_from_name(zone)
        return [grid.cell_name((c, r))
                for c in range(col - 1, col + 2) for r in range(row - 1, row + 2)
                if (c, r) != (col, row) and 0 <= c < self.state.cols and 0 <= r < self.state.rows]

    # --- running -----------------------------------------------------------------------
    def attempt(self, line: str) -> Result | GmError:
        """Run a line; a refusal is returned, not raised, and must change nothing."""
        state, depth = self.state, self.depth
        try:
            result = self.session.execute(line)
        except GmError as refusal:
            self.transcript.append(f"> {line}\n  ! {refusal}")
            assert self.state == state and self.depth == depth, \
                f"a refused command changed the encounter\n{self.story()}"
            return refusal
        self.transcript.append(f"> {line}" + (f"\n  = {result.line}" if result.line else ""))
        return result

    def run(self, line: str) -> Result:
        """Run a line that must be accepted."""
        result = self.attempt(line)
        assert isinstance(result, Result), f"refused: {line}: {result}\n{self.story()}"
        return result

    def lines(self, result: Result) -> list[str]:
        """What the command printed, one line per event (render/text)."""
        return describe_events(result.events, Names.of(self.state))

    def outcome(self, result: Result) -> str:
        """The outcome `log` shows for the command."""
        return outcome_line(result.events, Names.of(self.state))

    def story(self) -> str:
        return "\n".join(self.transcript[-40:])

    # --- the GM's hand -----------------------------------------------------------------
    def down(self, actor_id: str) -> Result:
        """Down an actor the GM's way: `damage ID N --direct` where damage declares it."""
        direct = " --direct" if self.takes("damage", "direct") else ""
        return self.run(f"damage {actor_id} {BIG}{direct}")

    def zero(self, actor_id: str, names: list[str]) -> None:
        """Set some of an actor's resources to 0 by hand (`set`)."""
        held = [n for n in names if n in self.values(actor_id)]
        if held:
            self.run(f"set {actor_id} " + " ".join(f"{n}=0" for n in held))

    # --- turns -------------------------------------------------------------------------
    def pass_acting(self) -> str:
        """The acting actor passes (`pass ID`); returns who it was."""
        actor_id = self.acting()
        assert actor_id is not None, f"nobody is acting\n{self.story()}"
        self.run(f"pass {actor_id}")
        return actor_id

    def next_turn(self) -> str:
        """End the acting actor's turn whichever way the ruleset takes: `pass`, else `end`
        (for defect tests that need a round to go by, whatever `pass` does)."""
        actor_id = self.acting()
        assert actor_id is not None, f"nobody is acting\n{self.story()}"
        if isinstance(self.attempt(f"pass {actor_id}"), GmError):
            self.run("end")
        return actor_id

    def play_round(self, step=None, *, limit: int | None = None) -> list[str]:
        """Turns until a new round begins, each ended by `step` (default: the acting actor
        passes); returns who took them."""
        step = step or Fight.pass_acting
        start, taken = self.state.round, []
        limit = limit or 4 * len(self.state.actors) + 4
        while self.state.round == start and self.state.over is None:
            assert len(taken) < limit, f"round {start} does not end\n{self.story()}"
            taken.append(step(self))
        return taken

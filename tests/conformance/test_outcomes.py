"""What a command prints and logs, in every ruleset: every change one outcome naming
whom it is about, logged; every look or side roll nothing, and no undo step."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.commands import SETTINGS, any_command
from conformance.fight import Fight
from shaper_gm.errors import GmError
from shaper_gm.shell.output import make_renderer


def printed(f: Fight, result) -> str:
    """What the shell shows for a result, as plain text."""
    out = io.StringIO()
    make_renderer(out, ruleset_for=f.session.ruleset_for).show(result, f.state)
    return out.getvalue()


@SETTINGS
@given(data=st.data())
def test_every_change_prints_and_logs_an_outcome_and_a_look_is_no_undo_step(ruleset, data):
    """For GM and play commands (damage incl. 0 and what armour stops, heal incl. 0 and at
    full HP, set, effect, the attack verb, act, move, end, pass): a command that changes
    the encounter is logged with an outcome, and its events render to a line naming whom
    it is about; a side command (roll, show, map, order, odds, log, help) changes
    nothing, logs nothing and is no undo step."""
    f = Fight(ruleset)
    for _ in range(data.draw(st.integers(1, 10), label="commands")):
        command = data.draw(any_command(f), label="command")
        before, depth = f.state, f.depth
        result = f.attempt(command.line)
        if isinstance(result, GmError):
            continue
        if command.about is None:
            assert (f.state, f.depth, result.line) == (before, depth, None), \
                f"{command.line} changed the encounter or the history\n{f.story()}"
            continue
        if f.state == before:
            continue
        name = before.actors[command.about].name
        assert result.line is not None and f.depth == depth + 1, \
            f"{command.line} changed the encounter unlogged\n{f.story()}"
        lines = f.lines(result)
        assert any(name in text for text in lines), \
            f"{command.line} printed nothing naming {name}: {lines}\n{f.story()}"
        assert f.outcome(result), f"{command.line} logged no outcome\n{f.story()}"


def test_gm_heal_and_damage_always_print_and_log_an_outcome(ruleset):
    """Issue #21: `heal` and `damage` printed nothing and logged no outcome when the
    result was 0 or the target immune. Whatever they come to (0, at full HP, all stopped),
    an accepted one prints a line naming the target, and its log entry has an outcome."""
    f = Fight(ruleset)
    silent = []
    for target in sorted(f.state.actors):
        for line in (f"heal {target} 0", f"heal {target} 3", f"damage {target} 0",
                     f"damage {target} 1"):
            result = f.attempt(line)
            if isinstance(result, GmError):
                continue
            name = f.name(target)
            if not any(name in text for text in f.lines(result)) or (
                    result.line and not f.outcome(result)):
                silent.append(line)
            if result.line:
                f.run("undo")
    assert not silent, f"silent: {silent}\n{f.story()}"


def test_a_damage_that_takes_no_hit_points_still_prints_the_hp_line(ruleset):
    """Issue #21 (reactions): a GM `damage` that the target's armour stops entirely, or of
    0, still shows the target's hit points (`HP 50 → 50`), as one that gets through does."""
    f = Fight(ruleset)
    if not f.rs.has_hp:
        pytest.skip(f"{ruleset} has no hit points")
    missing = []
    for target in sorted(f.state.actors):
        for amount in (0, 1, 2):
            hp = f.state.actors[target].hp
            result = f.attempt(f"damage {target} {amount}")
            if isinstance(result, GmError):
                continue
            if f.state.actors[target].hp == hp and not re.search(
                    rf"\bHP\s+{hp} → {hp}\b", printed(f, result)):
                missing.append(f"damage {target} {amount}")
            if result.line:
                f.run("undo")
    assert not missing, f"no HP line: {missing}\n{f.story()}"


def test_damage_direct_takes_the_amount_straight_off_in_every_ruleset(ruleset):
    """Issue #21: dice-pool `damage` refused `--direct`. Every ruleset's GM damage takes it,
    and where there are hit points it takes exactly that many off."""
    f = Fight(ruleset)
    target = f.opponents(f.acting())[0]
    hp = f.state.actors[target].hp
    result = f.run(f"damage {target} 1 --direct")
    assert any(f.name(target) in text for text in f.lines(result)), f.story()
    if f.rs.has_hp:
        assert f.state.actors[target].hp == hp - 1, f.story()


def test_a_side_roll_is_not_an_undo_step(ruleset):
    """Issue #21: `undo` counted a side `roll` as a step. After a change and a roll, undo
    takes back the change."""
    f = Fight(ruleset)
    before = f.state
    f.run(f"effect {f.acting()} marked")
    depth = f.depth
    f.run("roll 2d6")
    assert f.depth == depth, f.story()
    f.run("undo")
    assert f.state == before, f.story()

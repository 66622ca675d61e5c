"""`pass` and `end`, in every ruleset: they touch only the actor giving up its turn, a
pass keeps what the rules keep, and a reaction off-turn uses what was named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.commands import SETTINGS
from conformance.fight import Fight
from shaper_gm.errors import GmError


@SETTINGS
@given(data=st.data())
def test_pass_and_end_touch_only_the_actor_giving_up_its_turn(ruleset, data):
    """`pass X` for an actor who is not up is refused, naming who is acting, and changes
    nothing; an accepted `end` or `pass` never lowers another actor's resources nor
    marks another as passed, and a pass keeps what the rules keep (every resource but
    the round's or turn's budgets; R11: reactions until the next turn)."""
    f = Fight(ruleset)
    for _ in range(data.draw(st.integers(1, 8), label="commands")):
        acting, up = f.acting(), f.up()
        if acting is None:
            break
        who = data.draw(st.sampled_from([acting, *sorted(f.state.actors)]), label="passer")
        line = data.draw(st.sampled_from(["end", f"pass {who}"]), label="line")
        giver = acting if line == "end" else who
        before = f.state
        result = f.attempt(line)
        if giver not in up:
            assert isinstance(result, GmError), f"accepted for {giver}\n{f.story()}"
            assert f.name(acting) in result.message, \
                f"the refusal does not name {f.name(acting)}\n{f.story()}"
        if isinstance(result, GmError):
            continue
        for other in before.actors.values():
            if other.id == giver:
                continue
            lowered = {k: (v, f.values(other.id).get(k)) for k, v in other.resources
                       if f.values(other.id).get(k, 0) < v}
            assert not lowered, f"{line} lowered {other.id}'s {lowered}\n{f.story()}"
        assert f.state.passed <= before.passed | {giver}, f.story()
        if line.startswith("pass"):
            kept = {k: (v, f.values(giver).get(k)) for k, v in before.actors[giver].resources
                    if k not in f.given_up_by_pass() and f.values(giver).get(k, 0) < v}
            assert not kept, f"{line} took {kept}, which a pass keeps\n{f.story()}"


def test_a_pass_keeps_the_reactions_the_rules_keep_until_the_next_turn(ruleset):
    """R11 (issue #21): passing gives up the turn's budgets, not what a ruleset keeps
    through a pass (`ResourceSpec.kept_on_pass`): the reactions stay until the actor's
    next turn."""
    f = Fight(ruleset)
    acting = f.acting()
    kept = {s.name for s in f.rs.resources if s.kept_on_pass}
    if not kept:
        pytest.skip(f"{ruleset} keeps no budget through a pass")
    before = {k: v for k, v in f.values(acting).items() if k in kept}
    f.pass_acting()
    after = {k: v for k, v in f.values(acting).items() if k in kept}
    assert after == before, f.story()


def test_a_reaction_uses_the_preparation_it_names(ruleset):
    """Dice-pool P11 (issue #21): of two preparations, `react ACTOR COST TEXT` uses the
    one TEXT names, not always the first. Runs in every ruleset with a `prepare` verb."""
    f = Fight(ruleset)
    if not f.has_verb("prepare"):
        pytest.skip(f"{ruleset} has no prepare verb")
    actor_id = f.acting()
    first, second = "when the door opens I shoot", "if the wolf charges I shove it"
    f.run(f"prepare {first}")
    f.run(f"prepare {second}")
    f.next_turn()
    cost = f.rs.cost_words()[0]
    reacted = " ".join(f.lines(f.run(f"react {actor_id} {cost} {second}")))
    assert second in reacted and first not in reacted, f"{reacted}\n{f.story()}"

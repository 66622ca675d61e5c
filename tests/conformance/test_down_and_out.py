"""Down, dying and out actors, in every ruleset: no turns and no refills unless their
rules give one; and when the fight is over, the GM still tends, heals and harms."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.commands import SETTINGS
from conformance.fight import Fight
from shaper_gm.commands.session import Result


def down_without_budget(f: Fight, victim: str) -> dict[str, int]:
    """Empty what refills of the victim's, then down it; returns what it was left with,
    so any later refill shows."""
    f.zero(victim, f.refilling())
    left = {k: v for k, v in f.values(victim).items() if k in f.refilling()}
    f.down(victim)
    return left


def refilled(f: Fight, victim: str, left: dict[str, int]) -> dict[str, tuple[int, int]]:
    now = f.values(victim)
    return {k: (v, now[k]) for k, v in left.items() if now.get(k, 0) > v}


@SETTINGS
@given(data=st.data())
def test_down_actors_get_no_turns_and_no_refills(ruleset, data):
    """An actor downed at any point of a round (on its own turn or not) never gets a turn
    and its resources never refill, for the rest of the round and all of the next."""
    f = Fight(ruleset)
    for _ in range(data.draw(st.integers(0, len(f.able()) - 1), label="turns before")):
        f.pass_acting()
    victim = data.draw(st.sampled_from(f.able()), label="downed")
    left = down_without_budget(f, victim)

    def turn(fight: Fight) -> str:
        assert victim not in fight.up(), f"{victim} is down and up\n{fight.story()}"
        assert not refilled(fight, victim, left), \
            f"{victim} is down and refilled {refilled(fight, victim, left)}\n{fight.story()}"
        return fight.pass_acting()

    f.play_round(turn)
    f.play_round(turn)
    assert victim not in f.up() and not refilled(f, victim, left), f.story()


def test_the_gm_still_heals_and_harms_the_down_after_the_fight_ends(ruleset):
    """The end of combat takes no GM tool away: `heal` and `damage` that work on a down
    actor while the fight goes on still work, and print an outcome naming it, once the
    fight is over."""
    checked = []
    for side in Fight(ruleset).sides():
        f = Fight(ruleset)
        members = [a.id for a in f.state.actors.values() if a.side == side]
        for member in members[:-1]:
            f.down(member)
        works = []
        for member in members[:-1]:
            for line in (f"heal {member} 1", f"damage {member} 1"):
                if isinstance(f.attempt(line), Result):
                    works.append((line, member))
                    f.run("undo")
        f.down(members[-1])
        assert f.state.over is not None, f"the fight goes on\n{f.story()}"
        for line, member in works:
            lines = f.lines(f.run(line))
            assert any(f.name(member) in text for text in lines), f"{lines}\n{f.story()}"
            f.run("undo")
            checked.append(line)
    assert checked, "no down actor could be healed or harmed even during the fight"


def test_a_down_actor_gets_no_refill_when_a_round_begins(ruleset):
    """D1 and time-slice T3 (issue #21): a round's refill is for those who can act; a
    down, unconscious or dying actor's AP or TS stay as they were."""
    f = Fight(ruleset)
    victim = [a for a in f.able() if a not in f.up()][-1]
    left = down_without_budget(f, victim)
    f.play_round(Fight.next_turn)
    assert not refilled(f, victim, left), f.story()


def test_an_actor_downed_on_its_own_turn_gains_nothing_as_the_turn_ends(ruleset):
    """Dice-pool P4 (issue #21): the dice a character adds at the end of its turn are not
    added when it is down; in no ruleset does the end of a downed actor's turn refill it."""
    f = Fight(ruleset)
    victim = f.acting()
    left = down_without_budget(f, victim)
    if f.acting() == victim:
        f.run("end")
    assert not refilled(f, victim, left), f.story()


def test_after_the_fight_the_dying_can_be_tended_and_their_timer_stops(ruleset):
    """Time-slice T14, T15 (issue #21): once the fight is over the dying timer, which counts
    the fight's rounds, stops (`wait` runs it no more), and a dying character can still be
    tended (stabilised) by someone standing. Runs in every ruleset with `tend` and `wait`."""
    probe = Fight(ruleset)
    if not (probe.has_verb("tend") and probe.has_verb("wait")):
        pytest.skip(f"{ruleset} has no tend and wait verbs")
    for side in probe.sides():
        f = Fight(ruleset)
        dying, *standing = [a.id for a in f.state.actors.values() if a.side == side]
        f.down(dying)
        if not isinstance(f.attempt(f"heal {dying} 1"), Result):
            continue                          # dead, not dying: try the other side
        f.run("undo")
        for foe in f.opponents(dying):
            f.down(foe)
        assert f.state.over is not None, f.story()
        waited = f.lines(f.run("wait 10"))
        assert not [t for t in waited if f.name(dying) in t], f"{waited}\n{f.story()}"
        tended = [f.attempt(f"tend {helper} {dying}") for helper in standing]
        tended = [f.lines(r) for r in tended if isinstance(r, Result)]
        assert tended, f"nobody standing may tend {dying}\n{f.story()}"
        assert any(f.name(dying) in t for t in tended[0]), f"{tended}\n{f.story()}"
        return
    pytest.fail("no side has a dying character to tend")

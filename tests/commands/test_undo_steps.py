"""Undo steps: commands landed as one step (`undo_steps.one_step`) go back and forth
together, each other command alone; a step refused part way lands nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.commands import new_session, undo_steps
from shaper_gm.errors import GmError


def landed(groups: list[int]) -> tuple:
    """A session that added actors in groups of those sizes, each group one step."""
    session = new_session(ruleset="shaper", seed=1)
    n = 0
    for size in groups:
        with undo_steps.one_step(session):
            for _ in range(size):
                n += 1
                session.execute(f"add a{n}")
    return session


@settings(max_examples=25, deadline=None)
@given(groups=st.lists(st.integers(1, 3), min_size=1, max_size=5), data=st.data())
def test_undo_and_redo_move_whole_steps(groups, data):
    session = landed(groups)
    full = list(session.log)
    back = data.draw(st.integers(1, len(groups)))
    session.undo(back)
    kept = groups[:len(groups) - back]
    assert session.log == full[:1 + sum(kept)]
    assert len(session.state.actors) == sum(kept)
    forth = data.draw(st.integers(1, back))
    session.redo(forth)
    assert session.log == full[:1 + sum(groups[:len(kept) + forth])]
    with pytest.raises(GmError, match=f"only {len(kept) + forth} command"):
        session.undo(len(kept) + forth + 1)


def test_a_step_refused_part_way_lands_nothing():
    session = landed([1])
    before = (list(session.log), session.state)
    with pytest.raises(GmError, match="already an actor 'a1'"):
        with undo_steps.one_step(session):
            session.execute("add b1")
            session.execute("add a1")
    assert (list(session.log), session.state) == before
    session.undo()
    assert session.log == before[0][:1]


# --- how many frames the next steps hold --------------------------------------------------

def _sizes(joined: list[bool], redo: bool) -> list[int]:
    """Every step's frames, the next first, read over the whole list (the reference)."""
    out: list[int] = []
    size = 0
    for flag in reversed(joined):
        if redo:
            if flag and out:
                out[-1] += 1
            else:
                out.append(1)
            continue
        size += 1
        if not flag:
            out.append(size)
            size = 0
    return out + ([size] if size and not redo else [])


@given(st.lists(st.booleans(), max_size=30), st.integers(1, 12), st.booleans(),
       st.integers(0, 2))
def test_the_next_steps_are_read_from_the_end_as_the_whole_list_reads_them(joined, count,
                                                                          redo, first):
    from types import SimpleNamespace
    frames = [SimpleNamespace(joined=flag) for flag in joined]
    every = _sizes(joined[first:], redo)
    assert undo_steps.last_steps(frames, count, redo=redo, first=first) == \
        (sum(every[:count]), min(count, len(every)))

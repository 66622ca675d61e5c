"""Issue 20, scale: what the program writes it can open again, however many actors,
effects or log entries the fight has; and the save's text, made in pieces, is exactly
the text of the whole state."""

from __future__ import annotations

import functools
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.content.yamlio import dump_yaml
from shaper_gm.errors import GmError
from shaper_gm.persist import admit, encode, saves
from shaper_gm.persist.savetext import dump_session
from shaper_gm.persist.statetext import StateText

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
from _session import long_session  # noqa: E402


def reopened(session, path: Path):
    saves.write_save(session, path)
    assert path.stat().st_size <= saves.MAX_SAVE_BYTES
    return saves.read_save(path)


def test_checkpoints_take_only_the_room_the_caps_leave(tmp_path, monkeypatch):
    """The admission check measured the state and the log, not the checkpoints after
    them: a save could pass the reader's cap and never open again. Now the checkpoints
    take what room is left, newest first, and undo past the open point still works."""
    session = long_session(501)                  # checkpoints after 100, 200, ... 500
    whole = dump_session(session)
    marks = whole[whole.index("checkpoints:\n"):]
    cap = len(whole.encode()) - len(marks.encode()) // 2
    monkeypatch.setattr(admit, "MAX_SAVE_BYTES", cap)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", cap)
    session.execute("heal raider 1")             # admitted: the state and log fit
    path = tmp_path / "tight.yaml"
    back = reopened(session, path)
    assert back.state == session.state and back.log == session.log
    kept = saves.read_data(path).get("checkpoints", {})
    assert 0 < len(kept) < 5 and max(kept) == 500        # the newest kept
    back.undo(150)
    session.undo(150)
    assert back.state == session.state


def test_a_save_with_no_room_for_checkpoints_has_none(tmp_path, monkeypatch):
    session = long_session(120)
    text = dump_session(session)
    cap = text.index("checkpoints:\n") + 20
    monkeypatch.setattr(admit, "MAX_SAVE_BYTES", cap)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", cap)
    path = tmp_path / "none.yaml"
    assert reopened(session, path).state == session.state
    assert "checkpoints" not in saves.read_data(path)


# --- the text in pieces is the whole text --------------------------------------------

ODD_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=90)
LINES = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 5), ODD_TEXT, ODD_TEXT),
    st.tuples(st.just("effect"), st.integers(0, 5), ODD_TEXT, st.just("")),
    st.tuples(st.sampled_from(["damage", "heal", "remove", "place"]), st.integers(0, 5),
              st.just(""), st.just("")),
    st.tuples(st.sampled_from(["start", "end", "undo", "init"]), st.just(0), st.just(""),
              st.just("")),
)


# Per ruleset: a template, and an effect's modifier (each ruleset names its own).
RULESETS = {"shaper": ("raider", "--attack 1"), "dicepool": ("raider", "--ac 1"),
            "dungeoneers": ("goblin", "--boon 1"), "reactions": ("skeleton", "--power 5"),
            "timeslice": ("guard", "--dr 1")}


def line_of(kind: str, n: int, text: str, other: str, ruleset: str = "shaper") -> str:
    template, modifier = RULESETS[ruleset]
    if kind == "add":
        return (f"add a{n} --as {template} --name {shlex.quote(text)} --side "
                f"{shlex.quote(other)} --at B{n + 1}")
    return {"effect": f"effect a{n} {shlex.quote(text)} {modifier} --until never",
            "damage": f"damage a{n} 3", "heal": f"heal a{n} 2",
            "remove": f"remove a{n}", "place": f"place a{n} C{n + 1}",
            }.get(kind, kind)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RULESETS)), st.lists(LINES, min_size=1, max_size=14))
def test_any_state_the_admission_check_accepts_reopens_equal(tmp_path_factory, ruleset,
                                                             lines):
    """After every command that lands, in any ruleset: the save's text is byte for byte
    the whole state's YAML (made afresh, and made from the pieces kept since the last
    command), and it opens to the same state and log."""
    session = new_session(seed=5, ruleset=ruleset)
    folder = tmp_path_factory.mktemp("reopen")
    for step in lines:
        try:
            if step[0] == "undo":
                session.undo()
            else:
                session.execute(line_of(*step, ruleset))
        except GmError:
            continue
        state = session.state
        rs = session.ruleset_for(state)
        whole = dump_yaml(encode.state_to_data(state, rs))
        assert StateText().text(state, rs) == whole
        assert dump_session(session).startswith(whole)
        back = reopened(session, folder / "s.yaml")
        assert back.state == state and back.log == session.log


SEVENTY = st.lists(st.tuples(
    st.sampled_from(["damage", "heal", "remove", "place", "effect", "add", "start", "end",
                     "undo", "redo"]), st.integers(0, 71)), min_size=1, max_size=12)


@functools.cache
def seventy():
    return built(["new --grid 26x99"] + [f"add g{n} --as raider --count 10 --at C{n + 1}"
                                         for n in range(7)], 14)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEVENTY)
def test_the_text_of_a_large_encounter_follows_every_change(steps):
    """From 64 actors on, what changed between two states is found from the steps
    that link them: after any commands, undos and redos (each example goes on from the
    state the last left, undone to the start), the save's text is the whole state's
    YAML."""
    session = seventy()
    if len(session.log) > 9:
        session.undo(len(session.log) - 9)
    for verb, n in steps:
        actor = f"g{n // 10}-{n % 10 + 1}"
        try:
            if verb in ("undo", "redo"):
                getattr(session, verb)()
            elif verb in ("start", "end"):
                session.execute(verb)
            elif verb == "add":
                session.execute(f"add x{n} --as raider --at D{n % 9 + 1}")
            else:
                session.execute(line_of(verb, 0, "hex", "").replace("a0", actor))
        except GmError:
            continue
    whole = dump_yaml(encode.state_to_data(session.state, session.ruleset_for(session.state)))
    assert dump_session(session).startswith(whole)


# --- large encounters --------------------------------------------------------------------

def built(lines, seed: int, length: int = 0):
    """A session that ran `lines`, then GM turns up to `length` log entries: built
    without the admission check (the same commands, faster), the last one admitted."""
    session = new_session(seed=seed)
    check, session.admit = session.admit, None
    for line in lines:
        session.execute(line)
    while len(session.log) < length:
        session.execute("damage g0-1 1 --direct" if len(session.log) % 2 else "heal g0-1 1")
    session.admit = check
    session.execute("heal g0-1 1")
    return session


def thousand_actors():
    """1,000 raiders (50 `add --count 20` lines) and 350 more commands: the state is a
    quarter of the cap, and each of the four checkpoints a save of 401 entries wants
    a fifth."""
    return built(["new --grid 26x99"] + [f"add g{n} --as raider --count 20 --at C{n + 1}"
                                         for n in range(50)], 11, 401)


def thousand_effects():
    return built(["add g0 --as raider --count 10 --at B1"]
                 + [f"effect g0-{n % 10 + 1} mark-{n} --attack 1 --until never"
                    for n in range(1_000)], 12)


def ten_thousand_entries():
    return built(["add g0 --as raider --count 2 --at B1", "start"], 13, 10_000)


@pytest.mark.slow
@pytest.mark.parametrize("build", [thousand_actors, thousand_effects, ten_thousand_entries],
                         ids=["1000-actors", "1000-effects", "10000-log-lines"])
def test_large_encounters_reopen_to_the_same_state(build, tmp_path):
    session = build()
    back = reopened(session, tmp_path / "large.yaml")
    assert back.state == session.state and back.log == session.log
    back.undo(2)
    session.undo(2)
    assert back.state == session.state

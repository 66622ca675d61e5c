"""Quick fuzz profile: every line either applies or is refused with one line, a
refusal leaves the save dump byte-for-byte as it was, and after every applied line the
autosave text reopens to an equal state."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from grammar import SETUP, lines  # noqa: E402

from shaper_gm.app import new_session
from shaper_gm.commands import build_registry  # noqa: E402
from shaper_gm.content.yamlio import load_yaml_data  # noqa: E402
from shaper_gm.errors import GmError  # noqa: E402
from shaper_gm.persist.saves import dump_session, session_from_data  # noqa: E402

pytestmark = pytest.mark.usefixtures("few_simulated_runs")
REGISTRY = build_registry()
IDS = ["josh", "monica", "taylor", "raider", "crossbowman", "reaver"]
FILE_VERBS = {name for name, v in REGISTRY.verbs.items() if v.takes_file}


def fresh():
    session = new_session(seed=5)
    for line in SETUP:
        session.execute(line)
    return session


def check_line(session, line: str) -> str:
    """Run one line; return 'ok' or 'refused'. Any other outcome fails the test."""
    words = line.split()
    if words and REGISTRY.by_alias.get(words[0].lower()) in FILE_VERBS:
        return "skipped"      # file verbs write files: covered by their own tests
    before_dump, before_log = dump_session(session), list(session.log)
    try:
        session.execute(line)
    except GmError as exc:
        text = str(exc)
        assert "\n" not in text and text.strip(), f"not one line: {text!r} for {line!r}"
        assert dump_session(session) == before_dump, f"refusal changed the state: {line!r}"
        assert session.log == before_log
        return "refused"
    assert_reopens_equal(session, line)
    return "ok"


def assert_reopens_equal(session, line: str) -> None:
    """Every write is readable: the autosave text of the state just reached opens
    again (all checks of `open`) to the same state, log and manual dice."""
    text = dump_session(session, closed=False)
    try:
        data = load_yaml_data(text, origin="autosave")
        again = session_from_data(data, Path("autosave.yaml"), session.library)
    except GmError as exc:
        raise AssertionError(f"{line!r} made a save that does not reopen: {exc}") from None
    assert again.state == session.state, f"reopened state differs after {line!r}"
    assert again.log == session.log and again.manual == session.manual


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines(REGISTRY, IDS), min_size=1, max_size=12))
def test_random_lines_apply_or_refuse_cleanly(batch):
    session = fresh()
    for line in batch:
        check_line(session, line)


def test_known_nasty_lines():
    session = fresh()
    nasty = ["attack", "attack --roll", "attack raider --roll 7,7,7", "attack raider --evade",
             "move Z99", "move", "set josh hp=999999999999", "roll 1000d1000",
             "roll 3d6+" + "9" * 50, "init josh --roll 1,2", "undo 0", "redo 99999999",
             "effect josh x --until rounds:0", "'", "add JOSH", "add a" + "b" * 60,
             "damage josh 1 --pierce -3", "cast", "skill", "act", "\x00", "help nope",
             # found by the long profile: a sheet file that is not there
             "add zed --as x.yaml", "add zed --as /nonexistent/sheet.yaml",
             # issue 8
             "damage raider \u00b2", "add zed --hp -3", "log 0", "add zed --as /dev/zero",
             "new --seed 1795317749", "undo \u00b2", "add zed --sheet '{}'"]
    outcomes = [check_line(session, line) for line in nasty]
    assert outcomes == ["refused"] * len(nasty)       # each one, with one line

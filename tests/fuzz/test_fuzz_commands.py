"""Quick fuzz profile: every line either applies or is refused with one line, and a
refusal leaves the save dump byte-for-byte as it was."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from grammar import SETUP, lines  # noqa: E402

from shaper_gm.commands import build_registry, new_session  # noqa: E402
from shaper_gm.errors import GmError  # noqa: E402
from shaper_gm.persist.saves import dump_session  # noqa: E402

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
    return "ok"


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
             "add zed --as x.yaml", "add zed --as /nonexistent/sheet.yaml"]
    outcomes = [check_line(session, line) for line in nasty]
    assert outcomes == ["refused"] * len(nasty)       # each one, with one line

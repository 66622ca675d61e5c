"""The open-time check of log lines that run a file command or read a file judges each
line as the command it parses to, the way replay reads it: quoting or escaping the
verb or the flag hides nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.commands.session import LineError, Session
from shaper_gm.errors import GmError
from shaper_gm.persist import logcheck, replay, saves

REGISTRY = new_session().registry


def spelled(word: str) -> st.SearchStrategy[str]:
    """`word` as a shell would read it back: plain, quoted whole or in part, escaped."""
    cuts = st.integers(0, len(word))
    return st.one_of(
        st.just(word), st.just(f"'{word}'"), st.just(f'"{word}"'),
        cuts.map(lambda i: f"{word[:i]}''{word[i:]}"),
        cuts.map(lambda i: f'{word[:i]}"{word[i:]}"'),
        st.integers(0, len(word) - 1).map(lambda i: f"{word[:i]}\\{word[i:]}"),
        st.sampled_from([word.upper(), word.title()]))


LINES = st.one_of(
    st.tuples(spelled("add"), st.just(" c "), spelled("--as"),
              st.sampled_from([" /etc/passwd", " ./x.yaml", " sheet.yml", " josh", "=x.yaml"]),
              st.sampled_from(["", " --by-hand roll", " --at B4"])).map("".join),
    st.tuples(spelled("save"), st.sampled_from([" x", " /tmp/x.yaml", ""])).map("".join),
    st.tuples(st.sampled_from(["export", "load", "quit", "exit"]).flatmap(spelled),
              st.sampled_from([" r.md", ""])).map("".join))


def replay_refuses_for_a_file(line: str) -> bool:
    """What replay says of the line: is it refused as a file command or a file read?"""
    session = Session()
    try:
        session.run_lines(["new --seed 1", line])
    except LineError as exc:
        return "file command" in exc.message or "reads a file" in exc.message
    return False


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_the_open_check_refuses_exactly_the_lines_replay_refuses_for_a_file(line):
    try:
        logcheck.check_log_lines(REGISTRY, ["new --seed 1", line], "s")
        refused = False
    except logcheck.LogReadsFiles:
        refused = True
    assert refused == replay_refuses_for_a_file(line), line


@pytest.mark.parametrize("line", ["'add' evil --as /etc/passwd", "\"add\" evil --as x.yaml",
                                  "add evil --a's' /etc/passwd", "'save' /tmp/x.yaml",
                                  "s\\ave /tmp/x.yaml",
                                  "add evil --as /etc/passwd --by-hand roll"])
def test_a_save_whose_log_quotes_a_file_line_is_refused_at_open(tmp_path, line):
    session = new_session(seed=3)
    session.execute("add josh --as josh --at B4")
    session.execute("add raider --as raider --at B3")
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    escaped = line.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(path.read_text().replace("- add raider", f'- "{escaped}"\n- add raider'))
    assert saves.read_data(path)["log"][2] == line
    with pytest.raises(GmError, match="log entry 3 (reads a file|is the file command)"):
        saves.read_save(path)
    with pytest.raises(GmError):
        replay.replay_save(path)

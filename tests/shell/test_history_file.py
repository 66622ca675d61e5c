"""Issue 20, files: the shell's history file is read and written as any file is: a plain
file only (a pipe or /dev/zero there never hangs the shell or fills its memory), never
through a link, and only its newest MiB read."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.shell.app import MAX_HISTORY_BYTES, SafeFileHistory, history_path, open_history

OPEN_AND_READ = """
from shaper_gm.shell.app import open_history
notes = []
history = open_history(notes.append)
history.append_string("end")
print(list(history.load_history_strings()) if hasattr(history, "filename") else "memory")
print("NOTES", notes)
"""


def open_in_a_process(tmp_path) -> str:
    """What opening the history prints, from a process given 20 s and 1 GiB."""
    done = subprocess.run(
        [sys.executable, "-c", OPEN_AND_READ], capture_output=True, text=True, timeout=20,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)))
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("make", [os.mkfifo, lambda p: p.symlink_to("/dev/zero")],
                         ids=["fifo", "dev-zero"])
def test_a_pipe_or_device_as_history_is_refused_with_one_note(tmp_path, make):
    place = tmp_path / "shaper-gm" / "history"
    place.parent.mkdir()
    make(place)
    out = open_in_a_process(tmp_path)
    assert out.startswith("memory\n") and "is not usable" in out
    assert "history is kept for this session only" in out


def test_history_is_never_written_through_a_link(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not a history\n")
    history_path().parent.mkdir(parents=True)
    history_path().symlink_to(elsewhere)
    notes = []
    history = open_history(notes.append)
    history.append_string("end")
    assert elsewhere.read_text() == "not a history\n"
    assert len(notes) == 1 and "symbolic link" in notes[0]


def test_a_long_history_is_read_from_its_newest_mib(tmp_path):
    path = tmp_path / "history"
    entries = [f"add goblin-{n} --as bandit --name 'a goblin named {n}'"
               for n in range(60_000)]
    history = SafeFileHistory(str(path), print)
    with open(path, "w", encoding="utf-8") as handle:
        for entry in entries:
            handle.write(f"\n# 2024-01-01 20:00:00\n+{entry}\n")
    assert path.stat().st_size > 3 * MAX_HISTORY_BYTES
    loaded = list(history.load_history_strings())
    assert 0 < len(loaded) < len(entries)
    assert loaded == entries[::-1][:len(loaded)]          # newest first, none cut


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entries=st.lists(st.text(st.characters(blacklist_categories=["Cs"]), min_size=1),
                        min_size=1, max_size=8))
def test_what_the_shell_stores_it_reads_back(tmp_path_factory, entries):
    path = tmp_path_factory.mktemp("h") / "history"
    notes = []
    history = SafeFileHistory(str(path), notes.append)
    for entry in entries:
        history.store_string(entry)
    assert list(history.load_history_strings()) == entries[::-1] and notes == []

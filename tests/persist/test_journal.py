"""The journal beside a save: a commit appends one record, compaction rewrites the save,
and reopening (after a crash too) gives back exactly the session; torn, hostile, stale
and mismatched journals are dropped, refused or set aside, each with one line."""

from __future__ import annotations

import io
import os
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from shaper_gm.app import autosave, new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import checkpoints, decode, journal, replay, saves
from shaper_gm.persist.journal_file import JournalFile
from shaper_gm.render.console import Renderer, make_console

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
from _session import CYCLE  # noqa: E402

FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3",
         "init josh raider", "start"]


def assert_on_disk(session, path) -> None:
    """What any reader gets from the save and its journal is the session as it stands."""
    again = saves.read_save(path)
    assert again.state == session.state
    assert again.log == session.log and again.manual == session.manual


def killed(keeper) -> None:
    """As if the process died here: its files stay as they are, the kernel drops the
    lock (and nothing is closed cleanly)."""
    if keeper.journal is not None:
        keeper.journal.close()
    os.close(keeper.lock.fd)
    keeper.lock.fd = None


def records(path) -> list[dict]:
    return journal.read(path).records


def add_record(path, fields: dict) -> None:
    """Append a well-formed record (checksum and all), as a hostile writer could."""
    number = journal.journal_path(path).read_bytes().count(b"\n")
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(journal.encode({"n": number, **fields}))


@pytest.fixture
def live(tmp_path):
    """A shell's autosave on a short fight, committed after every command."""
    session = new_session(seed=3)
    path = tmp_path / "fight.yaml"
    keeper = autosave.Autosave(session, path)
    keeper.commit()
    for line in FIGHT:
        session.execute(line)
        keeper.commit()
    yield session, keeper, path
    if keeper.lock.fd is not None:
        try:
            keeper.close()
        except (GmError, OSError):
            keeper.lock.release()


# --- what a commit writes ------------------------------------------------------------

def test_a_commit_appends_one_small_record_and_leaves_the_save_alone(live):
    session, keeper, path = live
    before = path.stat()
    size = journal.journal_path(path).stat().st_size
    session.execute("end")
    keeper.commit()
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    grown = journal.journal_path(path).stat().st_size - size
    assert 0 < grown < 100
    assert records(path)[-1] == {"n": len(FIGHT) + 1, "keep": len(FIGHT) + 1,
                                 "add": ["end"]}
    assert_on_disk(session, path)


def test_views_write_nothing_and_undo_redo_and_manual_dice_are_recorded(live):
    session, keeper, path = live
    count = len(records(path))
    for line in ("show", "map", "order"):
        session.execute(line)
        keeper.commit()
    assert len(records(path)) == count
    steps = [("end", {"keep": 5, "add": ["end"]}), ("undo", {"keep": 5, "add": []}),
             ("redo", {"keep": 5, "add": ["end"]}),
             ("rolls josh manual", {"keep": 6, "add": [], "manual": ["josh"]})]
    for line, fields in steps:
        session.execute(line)
        keeper.commit()
        assert {k: v for k, v in records(path)[-1].items() if k != "n"} == fields
        assert_on_disk(session, path)


def test_a_commit_costs_the_same_at_log_1250_as_at_log_5(tmp_path):
    sizes = {}
    for length in (5, 1_250):
        session = new_session(seed=1)
        admit, session.admit = session.admit, None
        for line in FIGHT:
            session.execute(line)
        while len(session.history) < length:
            session.execute(CYCLE[len(session.history) % len(CYCLE)])
        session.admit = admit
        keeper = autosave.Autosave(session, tmp_path / f"s{length}.yaml")
        keeper.commit()
        start = keeper.journal.size
        session.execute("damage raider 1 --direct")
        keeper.commit()
        sizes[length] = keeper.journal.size - start
        keeper.close()
    assert sizes[1_250] - sizes[5] <= 4 and sizes[1_250] < 100     # digits of `keep`


# --- compaction ------------------------------------------------------------------------

def test_compaction_rewrites_the_save_every_so_often_and_reopens_equal(live, monkeypatch):
    monkeypatch.setattr(autosave, "COMPACT_EVERY", 3)
    session, keeper, path = live
    rewrites = 0
    for n in range(12):
        inode = path.stat().st_ino
        session.execute(CYCLE[n % len(CYCLE)])
        keeper.commit()
        rewrites += path.stat().st_ino != inode
        assert keeper.journal.count <= 3
        assert_on_disk(session, path)
        found = journal.read(path)
        assert found.save_digest == journal.digest(path.read_bytes())
    assert rewrites == 3
    assert saves.read_data(path)["closed"] is False


@pytest.mark.parametrize("line, why", [("undo 20", "far back"), ("new --seed 4", "a new")])
def test_a_long_undo_or_a_first_new_compacts_at_once(tmp_path, line, why):
    session = new_session(seed=3)
    path = tmp_path / "s.yaml"
    keeper = autosave.Autosave(session, path)
    keeper.commit()
    if line.startswith("undo"):
        for n in range(25):
            session.execute(CYCLE[n % len(CYCLE)] if n >= len(FIGHT) else FIGHT[n])
            keeper.commit()
    session.execute(line)
    keeper.commit()
    assert keeper.journal.count == 0, why
    assert saves.read_data(path)["log"] == session.log
    keeper.close()


def test_compaction_keeps_the_checkpoints_so_undo_after_open_stays_bounded(tmp_path,
                                                                           monkeypatch):
    session = new_session(seed=1)
    admit, session.admit = session.admit, None
    for line in FIGHT:
        session.execute(line)
    while len(session.history) < 1_240:
        session.execute(CYCLE[len(session.history) % len(CYCLE)])
    session.admit = admit
    path = tmp_path / "long.yaml"
    saves.write_save(session, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    for n in range(autosave.COMPACT_EVERY + 5):       # one compaction on the way
        opened.execute(CYCLE[n % len(CYCLE)])
        keeper.commit()
    killed(keeper)
    data = saves.read_data(path)
    assert sorted(data["checkpoints"]) == checkpoints.wanted(len(data["log"]))
    again, keeper, message = autosave.open_for_shell(str(path))
    ran = []
    real = type(again).run_lines
    monkeypatch.setattr(type(again), "run_lines", lambda self, lines, on_result=None:
                        ran.append(len(lines)) or real(self, lines, on_result))
    again.execute("undo 30")                         # past the journal, into the save
    assert max(ran) <= 150
    assert again.state == opened.undo(30)[-1].before
    keeper.close()


def test_a_clean_close_writes_the_save_whole_and_removes_the_journal(live):
    session, keeper, path = live
    keeper.close()
    assert not os.path.lexists(journal.journal_path(path))
    data = saves.read_data(path)
    assert data["closed"] is True and data["log"] == session.log
    _, again, message = autosave.open_for_shell(str(path))
    assert message.startswith("Opened")
    again.close()


def test_an_untouched_save_is_not_rewritten_by_open_and_quit(tmp_path):
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    before = path.read_bytes(), path.stat().st_ino
    opened, keeper, _ = autosave.open_for_shell(str(path))
    opened.execute("show")
    keeper.commit()
    keeper.close()
    assert (path.read_bytes(), path.stat().st_ino) == before
    assert not os.path.lexists(journal.journal_path(path))


# --- crashes ---------------------------------------------------------------------------

def test_a_crash_after_any_commit_reopens_with_everything(live, monkeypatch, tmp_path):
    monkeypatch.setattr(autosave, "COMPACT_EVERY", 4)
    session, keeper, path = live
    lines = ["end", "undo", "end", "end", "rolls josh manual", "damage raider 2 --direct",
             "undo 2", "redo", "heal raider 1", "end", "end", "end"]
    for n, line in enumerate(lines):
        session.execute(line)
        keeper.commit()
        copy = tmp_path / f"copy{n}"
        copy.mkdir()
        shutil.copy2(path, copy / path.name)
        shutil.copy2(journal.journal_path(path), journal.journal_path(copy / path.name))
        opened, again, message = autosave.open_for_shell(str(copy / path.name))
        assert message.startswith("Recovered"), message
        assert opened.state == session.state and opened.log == session.log
        assert opened.manual == session.manual
        again.close()


def test_a_torn_last_record_is_dropped_with_a_note_and_nothing_completed_is_lost(live):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()
    killed(keeper)
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(journal.encode({"n": 6, "keep": 6, "add": ["end"]})[:25])
    opened, again, message = autosave.open_for_shell(str(path))
    assert "cut short by the crash and is dropped" in message and "\n" not in message
    assert opened.state == session.state and opened.log == session.log
    opened.execute("end")                    # the torn bytes are gone before this lands
    again.commit()
    killed(again)
    assert journal.read(path).torn is False
    third, keeper, message = autosave.open_for_shell(str(path))
    assert "cut short" not in message and third.log == opened.log
    keeper.close()


def test_a_last_record_whose_checksum_fails_counts_as_torn(live):
    session, keeper, path = live
    killed(keeper)
    line = bytearray(journal.encode({"n": 5, "keep": 5, "add": ["end"]}))
    line[20] ^= 1
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(bytes(line))
    opened, again, message = autosave.open_for_shell(str(path))
    assert "cut short" in message and opened.log == session.log
    again.close()


@pytest.mark.parametrize("step", ["before the save is written", "before the new journal"])
def test_a_crash_inside_a_compaction_loses_nothing_and_says_nothing_odd(live, monkeypatch,
                                                                        step):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()

    class Killed(BaseException):
        pass

    def die(*args, **kwargs):
        raise Killed

    if step == "before the save is written":
        monkeypatch.setattr(autosave, "write_save_text", die)
    else:
        monkeypatch.setattr(JournalFile, "start", die)
    with pytest.raises(Killed):
        keeper.compact()                     # as `save` does
    monkeypatch.undo()
    killed(keeper)
    opened, again, message = autosave.open_for_shell(str(path))
    assert opened.log == session.log and opened.state == session.state
    assert "journal" not in message
    assert not list(path.parent.glob("*unapplied*"))
    again.close()


# --- journals that do not belong --------------------------------------------------------

def test_a_journal_of_another_version_of_the_save_is_set_aside_not_applied(live, tmp_path):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()
    killed(keeper)
    other = new_session(seed=3)
    for line in FIGHT[:2]:
        other.execute(line)
    saves.write_save(other, path)               # e.g. a copy put back by hand
    pending = journal.journal_path(path).read_bytes()
    assert saves.read_save(path).log == other.log   # readers leave it where it is
    assert journal.journal_path(path).read_bytes() == pending
    opened, again, message = autosave.open_for_shell(str(path))
    assert opened.log == other.log and len(session.log) > len(other.log)
    aside = journal.journal_path(path).with_name(f".{path.name}.journal-unapplied")
    assert (f"(Note: .{path.name}.journal was not applied: it was written for another "
            f"version of {path.name}; it is kept as {aside}.)") in message
    assert aside.read_bytes() == pending
    again.close()
    assert saves.read_save(path).log == other.log


@pytest.mark.parametrize("make", ["garbage", "symlink", "folder", "empty"])
def test_a_journal_that_is_not_one_is_set_aside(tmp_path, make):
    session = new_session(seed=3)
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    place = journal.journal_path(path)
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read me\n")
    {"garbage": lambda: place.write_text("hello\n"),
     "symlink": lambda: place.symlink_to(secret),
     "folder": lambda: place.mkdir(),
     "empty": lambda: place.write_bytes(b"")}[make]()
    opened, keeper, message = autosave.open_for_shell(str(path))
    assert "was not applied" in message and "kept as" in message
    assert "do not read me" not in message
    assert opened.log == session.log
    opened.execute("add josh --as josh")
    keeper.commit()
    keeper.close()
    assert secret.read_text() == "do not read me\n"
    assert saves.read_save(path).log == opened.log


def test_save_other_and_load_other_leave_no_journal_to_misapply(live, tmp_path):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()
    copy = tmp_path / "copy.yaml"
    session.execute(f"save {copy}")
    assert not os.path.lexists(journal.journal_path(path))
    assert saves.read_data(path)["log"] == session.log
    session.execute("end")
    keeper.commit()
    assert journal.read(copy).save_digest == journal.digest(
        journal.journal_path(copy).parent.joinpath(copy.name).read_bytes())
    session.execute(f"load {path}")
    assert not os.path.lexists(journal.journal_path(copy))
    assert saves.read_data(copy)["log"] == saves.read_save(copy).log
    assert session.log == saves.read_save(path).log
    keeper.close()


def test_load_brings_in_a_pending_journal_of_the_loaded_save(live, tmp_path):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()
    killed(keeper)
    other = new_session(seed=3)
    mine = tmp_path / "mine.yaml"
    saves.write_save(other, mine)
    opened, holder, _ = autosave.open_for_shell(str(mine))
    opened.execute(f"load {path}")
    assert opened.log == session.log and opened.state == session.state
    holder.close()


# --- hostile journals --------------------------------------------------------------------

@pytest.mark.parametrize("fields, said", [
    ({"keep": 5, "add": ["add evil --as /etc/passwd"]}, "log entry 6 reads a file"),
    ({"keep": 5, "add": ["add evil --as /dev/zero"]}, "log entry 6 reads a file"),
    ({"keep": 5, "add": ["save /tmp/x.yaml"]}, "is the file command 'save'"),
    ({"keep": 5, "add": ["end " + "x" * 2100]}, "a command of 2104 characters"),
    ({"keep": 5, "add": ["attack nobody"]}, "entry 5 does not apply: log entry 6 is refused"),
    ({"keep": 5, "add": ["end\x00"]}, "does not apply"),
    ({"keep": 9, "add": []}, "keeps 9 log entries, and there are 5"),
    ({"keep": 0, "add": []}, "keep is 0"),
    ({"keep": 5, "add": "end"}, "add is not a list of text"),
    ({"keep": 5, "add": [], "evil": 1}, "has the keys"),
    ({"keep": True, "add": []}, "keep is True"),
])
def test_hostile_records_are_refused_like_a_damaged_save(live, fields, said):
    session, keeper, path = live
    killed(keeper)
    add_record(path, fields)
    add_record(path, {"keep": 5, "add": ["end"]})    # the bad one is not the last
    for read in (lambda: autosave.open_for_shell(str(path)), lambda: saves.read_save(path),
                 lambda: replay.replay_save(path)):
        with pytest.raises(GmError, match=said) as caught:
            read()
        assert "\n" not in str(caught.value)
        assert "journal aside" in caught.value.hint
    assert saves.read_data(path)["log"] == session.log[:1]    # the save is untouched


def test_a_damaged_line_before_the_last_is_refused_not_dropped(live):
    session, keeper, path = live
    killed(keeper)
    place = journal.journal_path(path)
    lines = place.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"raider", b"raidex")          # checksum no longer fits
    place.write_bytes(b"\n".join(lines))
    with pytest.raises(GmError, match="entry 2 is damaged"):
        autosave.open_for_shell(str(path))


def test_a_record_numbered_out_of_turn_is_refused(live):
    session, keeper, path = live
    killed(keeper)
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(journal.encode({"n": 9, "keep": 5, "add": []}))
        handle.write(journal.encode({"n": 10, "keep": 5, "add": []}))
    with pytest.raises(GmError, match="entry 5 is numbered 9"):
        saves.read_save(path)


def test_an_oversized_or_raw_control_line_is_refused_before_the_last(live):
    session, keeper, path = live
    killed(keeper)
    place = journal.journal_path(path)
    good = place.read_bytes()
    for bad in (b"0" * (journal.MAX_RECORD + 1), b'00000000 {"n":5,"keep":5,"add":["\x1b"]}'):
        place.write_bytes(good + bad + b"\n" + journal.encode({"n": 6, "keep": 5, "add": []}))
        with pytest.raises(GmError, match="entry 5 is damaged"):
            saves.read_save(path)
        place.write_bytes(good + bad + b"\n")                  # the last: torn, dropped
        assert saves.read_save(path).log == session.log


def test_a_journal_over_the_cap_is_not_read_whole(live, monkeypatch):
    import tracemalloc
    session, keeper, path = live
    killed(keeper)
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(b"x" * (journal.MAX_BYTES + 10))
    tracemalloc.start()
    opened, again, message = autosave.open_for_shell(str(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "is over 4 MiB" in message and opened.log == session.log[:1]
    assert peak < 3 * journal.MAX_BYTES
    again.close()


def test_control_characters_in_journal_entries_are_kept_and_escaped_on_output(live):
    session, keeper, path = live
    nasty = "\x1b]0;owned\x07\x1b[2J\x9b31m"
    session.execute(f"add zed --name {shlex.quote(nasty)} --at A1")
    keeper.commit()
    killed(keeper)
    assert b"\x1b" not in journal.journal_path(path).read_bytes()    # ASCII only
    opened, again, message = autosave.open_for_shell(str(path))
    assert opened.state.actors["zed"].name == nasty                # kept as typed
    out = io.StringIO()
    Renderer(make_console(out), ruleset_for=opened.ruleset_for).show(
        opened.execute("show zed"), opened.state)
    assert "\x1b" not in out.getvalue() and "\\x1b]0;owned" in out.getvalue()
    again.close()
    assert saves.read_save(path).state.actors["zed"].name == nasty


def test_replay_runs_the_journal_too_and_tells_of_a_torn_entry(live):
    session, keeper, path = live
    session.execute("end")
    keeper.commit()
    killed(keeper)
    with open(journal.journal_path(path), "ab") as handle:
        handle.write(b"0123")
    report = replay.replay_save(path)
    assert report.ok and report.steps == len(session.log)
    assert "cut short by the crash" in report.message


def test_a_version_1_save_keeps_its_journal_until_the_next_write_stores_the_current_version(
        tmp_path):
    fought = Path(__file__).resolve().parents[1] / "fixtures" / "v1-demo-fight.yaml"
    path = tmp_path / "old.yaml"
    shutil.copy(fought, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    assert path.read_bytes() == fought.read_bytes()          # opening writes nothing
    opened.execute("undo")
    keeper.commit()
    killed(keeper)
    assert saves.read_data(path)["version"] == 1
    again, keeper, message = autosave.open_for_shell(str(path))
    assert message.startswith("Recovered") and again.state == opened.state
    keeper.close()
    assert saves.read_data(path)["version"] == decode.VERSION
    assert_on_disk(again, path)


def test_a_journal_whose_result_would_pass_the_readers_caps_is_refused(live, monkeypatch):
    from shaper_gm.persist import admit
    session, keeper, path = live
    killed(keeper)
    for n in range(6):
        add_record(path, {"keep": 5 + n, "add": [f"add goblin-{n} --as raider"]})
    lines = len(saves.read_save(path).log)
    monkeypatch.setattr(admit, "MAX_SAVE_LINES", 260)     # each goblin is ~40 lines
    with pytest.raises(GmError, match="the state it reaches could not be saved .*over the "
                                      "limit of 260 lines") as caught:
        autosave.open_for_shell(str(path))
    assert "\n" not in str(caught.value) and lines == 11

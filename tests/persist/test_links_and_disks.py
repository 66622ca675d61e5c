"""Issue 20, files: nothing is written through a link or into a file shaper-gm did not
make; leftovers of a crash are cleaned or reused safely; a full disk and a refused
permission are named as such, and what was saved before is never lost."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import journal, saves
from shaper_gm.persist.journal_file import set_aside
from shaper_gm.persist.lock import SaveLock, is_locked
from shaper_gm.persist.reopen import open_save

FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3",
         "init josh raider", "start"]
VICTIM = "somebody else's file\n"


def fight():
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    return session


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("add josh --as josh --at B4\n")
    return path


# --- the lock is never a link, a pipe or a file with other names ---------------------

def _link_to_victim(lock: Path) -> Path:
    victim = lock.parent / "victim.txt"
    victim.write_text(VICTIM)
    lock.symlink_to(victim)
    return victim


def _dangling_link(lock: Path) -> Path:
    target = lock.parent / "created-through-the-link.txt"
    lock.symlink_to(target)
    return target


def _hard_link_to_victim(lock: Path) -> Path:
    victim = lock.parent / "victim.txt"
    victim.write_text(VICTIM)
    os.link(victim, lock)
    return victim


LOCKS = {"symlink": (_link_to_victim, "symbolic link"),
         "dangling symlink": (_dangling_link, "symbolic link"),
         "hard link": (_hard_link_to_victim, "other names"),
         "fifo": (lambda lock: os.mkfifo(lock), "not a plain file")}


def _unharmed(made, kind: str) -> None:
    if kind == "dangling symlink":
        assert not made.exists()
    elif kind != "fifo":
        assert made.read_text() == VICTIM


def _writers(tmp_path, script):
    """Every way a save is written, each a function of the save's path that fails
    with the GM's one line (or exit 2)."""
    def run_save(path):
        assert cli.main(["run", str(script), "--save", str(path)]) == 2

    def save_verb(path):
        fight().execute(f"save {path}")

    def shell_save_other(path):
        session, keeper, _ = autosave.open_for_shell(None)
        try:
            session.execute(f"save {path}")
        finally:
            keeper.close()

    def shell_open(path):
        saves.write_save(fight(), path)
        autosave.open_for_shell(str(path))

    return {"run --save": run_save, "save": save_verb, "shell save OTHER": shell_save_other,
            "open": shell_open}


@pytest.mark.parametrize("kind", LOCKS)
@pytest.mark.parametrize("writer", ["run --save", "save", "shell save OTHER", "open"])
def test_a_lock_that_is_a_link_pipe_or_hard_link_is_refused_and_untouched(
        tmp_path, script, capsys, monkeypatch, kind, writer):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path / "saves"))
    path = tmp_path / "fight.yaml"
    lock = tmp_path / ".fight.yaml.lock"
    make, problem = LOCKS[kind]
    made = make(lock)
    try:
        _writers(tmp_path, script)[writer](path)
    except GmError as exc:
        assert problem in str(exc) and str(lock) in str(exc)
    else:
        assert problem in capsys.readouterr().err
    _unharmed(made, kind)
    assert os.path.lexists(lock)                   # not ours: left where it is
    if writer != "open":
        assert not path.exists()


def test_a_demo_copy_is_written_at_the_name_it_made_never_through_a_link(tmp_path,
                                                                          monkeypatch):
    from shaper_gm.app import demo
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM)
    made_here = demo.create_new

    def raced(path):
        made = made_here(path)
        if made:                            # another user swaps the new name for a link
            path.unlink()
            path.symlink_to(victim)
        return made

    monkeypatch.setattr(demo, "create_new", raced)
    path = demo.copy_demo("shaper", tmp_path / "saves")
    assert victim.read_text() == VICTIM and not path.is_symlink()
    assert saves.read_data(path)["ruleset"] == "shaper"


def test_a_lock_whose_holder_could_not_be_written_is_still_known_as_ours(tmp_path,
                                                                         monkeypatch):
    def full(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path = tmp_path / "fight.yaml"
    monkeypatch.setattr(os, "pwrite", full)
    lock = SaveLock.acquire(path)
    try:
        assert (tmp_path / ".fight.yaml.lock").read_text() == ""
        assert is_locked(path) is None
    finally:
        lock.release()


def test_what_a_lock_file_says_is_shown_escaped_and_short(tmp_path):
    path = tmp_path / "fight.yaml"
    lock = tmp_path / ".fight.yaml.lock"
    host = "\x1b]0;pwned\x07\x1b[2J" + "x" * 3000
    lock.write_text(json.dumps({"pid": 4242, "host": host, "since": "now"}))
    held = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time; "
         "fd = os.open(sys.argv[1], os.O_RDWR); fcntl.flock(fd, fcntl.LOCK_EX); "
         "print('held', flush=True); time.sleep(60)", str(lock)], stdout=subprocess.PIPE)
    try:
        assert held.stdout.readline() == b"held\n"
        with pytest.raises(GmError) as info:
            SaveLock.acquire(path)
        message = str(info.value)
        assert "pid 4242 on \\x1b]0;pwned\\x07\\x1b[2Jxxx" in message
        assert "\x1b" not in message and len(message) < 2 * len(str(path)) + 200
    finally:
        held.kill()
        held.wait()


def test_a_deep_lock_file_left_behind_is_taken_over(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("add josh --as josh\n")
    (tmp_path / ".out.yaml.lock").write_text("[" * 3000 + "]" * 3000)
    assert cli.main(["run", str(script), "--save", str(tmp_path / "out.yaml")]) == 0
    assert saves.read_save(tmp_path / "out.yaml").log[-1] == "add josh --as josh"


# --- leftovers of a crash ------------------------------------------------------------

def test_temporary_files_a_crash_left_beside_a_save_are_removed_by_its_next_writer(
        tmp_path, script):
    path = tmp_path / "fight.yaml"
    crash = ("import os, sys; os.replace = lambda *a: os._exit(9); "
             "from shaper_gm.cli import main; main(sys.argv[1:])")
    done = subprocess.run([sys.executable, "-c", crash, "run", str(script), "--save",
                           str(path)], capture_output=True, timeout=60)
    assert done.returncode == 9
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".fight.yaml.")
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM)
    journal_left = tmp_path / "..fight.yaml.journal.abcd_123.tmp"
    journal_left.write_text("half a journal")
    link = tmp_path / ".fight.yaml.zzzzzzzz.tmp"
    link.symlink_to(victim)
    others = [tmp_path / ".fight.yaml.backup.tmp", tmp_path / "fight.yaml.tmp",
              tmp_path / ".other.yaml.abcd1234.tmp"]
    for other in others:
        other.write_text("not a leftover of this save")
    assert cli.main(["run", str(script), "--save", str(path)]) == 0
    assert not (tmp_path / left[0]).exists() and not journal_left.exists()
    assert victim.read_text() == VICTIM and link.is_symlink()
    assert all(other.exists() for other in others)
    assert saves.read_save(path).log[-1] == "add josh --as josh --at B4"


def test_a_journal_with_no_command_is_not_kept_when_it_is_not_applied(tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight(), path)
    for _ in range(3):                 # opened, killed, the save edited by hand: thrice
        session, keeper, _ = autosave.open_for_shell(str(path))
        keeper.journal.close()
        os.close(keeper.lock.fd)
        keeper.lock.fd = None
        path.write_text(path.read_text() + "# edited\n")
    session, keeper, message = autosave.open_for_shell(str(path))
    keeper.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.yaml"]


def test_a_journal_kept_already_is_not_kept_twice(tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight(), path)
    place = journal.journal_path(path)
    raw = path.read_bytes()
    text = (journal.encode(journal.header(journal.digest(raw + b"#"), 5))
            + journal.encode({"n": 1, "keep": 5, "add": ["end"]}))
    place.write_bytes(text)
    kept = set_aside(path)
    assert kept.read_bytes() == text and not place.exists()
    place.write_bytes(text)
    assert set_aside(path) is None and not place.exists()
    place.write_bytes(text + journal.encode({"n": 2, "keep": 6, "add": ["end"]}))
    assert set_aside(path).name.endswith("-unapplied-2")


# --- full disks and refused permissions ----------------------------------------------

class Disk:
    """Makes writes to regular files fail with `errno` while `full` is set, as a full
    disk (or a refused permission) does: the bytes never land."""

    def __init__(self, monkeypatch, code: int = errno.ENOSPC) -> None:
        self.full = False
        self.code = code
        real_write, real_pwrite = os.write, os.pwrite

        def write(fd, data):
            self._check(fd)
            return real_write(fd, data)

        def pwrite(fd, data, offset):
            self._check(fd)
            return real_pwrite(fd, data, offset)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "pwrite", pwrite)

    def _check(self, fd: int) -> None:
        if self.full and stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(self.code, os.strerror(self.code))


@pytest.mark.parametrize("code, named", [(errno.ENOSPC, "the disk is full"),
                                         (errno.EDQUOT, "the disk quota is used up"),
                                         (errno.EACCES, "permission denied")])
def test_run_save_on_a_full_or_refusing_disk_says_so_and_keeps_the_save_it_had(
        tmp_path, script, monkeypatch, capsys, code, named):
    path = tmp_path / "fight.yaml"
    assert cli.main(["run", str(script), "--seed", "4", "--save", str(path)]) == 0
    before = path.read_bytes()
    script.write_text("add josh --as josh --at B4\nadd raider --as raider --at B3\n")
    Disk(monkeypatch, code).full = True
    assert cli.main(["run", str(script), "--seed", "4", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {path}: {named}" in err and "another shaper-gm" not in err
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(full=st.lists(st.booleans(), min_size=12, max_size=12))
def test_a_disk_filling_and_emptying_mid_fight_loses_nothing_saved(tmp_path_factory,
                                                                   monkeypatch, full):
    """Whenever the disk fills, each refused commit is named and leaves on disk the
    state last committed; once there is room again, the next commit has it all."""
    folder = tmp_path_factory.mktemp("disk")
    lines = FIGHT + ["end", "end", "undo", "end", "set josh hp=3", "end", "end", "undo 3"]
    with monkeypatch.context() as patch:
        disk = Disk(patch)
        session, keeper, _ = autosave.open_for_shell(str(_saved(folder)))
        on_disk = session.state
        try:
            for line, is_full in zip(lines, full, strict=True):
                session.execute(line)
                disk.full = is_full
                try:
                    keeper.commit()
                    on_disk = session.state
                except GmError as exc:
                    assert is_full and ("disk is full" in str(exc)
                                        or "No space left on device" in str(exc))
                disk.full = False
                assert open_save(Path(keeper.path)).session.state == on_disk
            keeper.commit()
            assert open_save(Path(keeper.path)).session.state == session.state
        finally:
            disk.full = False
            keeper.close()
    assert open_save(Path(keeper.path)).session.state == session.state
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def _saved(folder: Path) -> Path:
    path = folder / "fight.yaml"
    saves.write_save(new_session(seed=3), path)
    return path

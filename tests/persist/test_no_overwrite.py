"""Issue 8, "no write replaces what it should not": save, export, run --save and the
autosave leave other files alone without --force; links are written through; modes
are kept."""

from __future__ import annotations

import os
import stat

import pytest

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import saves


def fight(seed=3):
    session = new_session(seed=seed)
    session.execute("add josh --as josh --at B4")
    return session


@pytest.fixture
def other_save(tmp_path):
    path = tmp_path / "other.yaml"
    saves.write_save(fight(seed=9), path)
    return path


def test_export_does_not_replace_a_save(other_save):
    before = other_save.read_bytes()
    session = fight()
    with pytest.raises(GmError, match="is not a recap written by export"):
        session.execute(f"export {other_save}")
    assert other_save.read_bytes() == before
    session.execute(f"export {other_save} --force")
    assert other_save.read_text().startswith("# Fight recap")


def test_export_replaces_its_own_earlier_recap(tmp_path):
    session = fight()
    session.execute(f"export {tmp_path / 'r.md'}")
    session.execute("add raider --as raider --at B3")
    session.execute(f"export {tmp_path / 'r.md'}")
    assert "Raider" in (tmp_path / "r.md").read_text()


@pytest.mark.parametrize("content", ["notes: my campaign\n", "plain text\n"])
def test_save_does_not_replace_a_file_that_is_not_a_save(tmp_path, content):
    path = tmp_path / "notes.yaml"
    path.write_text(content)
    with pytest.raises(GmError, match="is not a shaper-gm save"):
        fight().execute(f"save {path}")
    assert path.read_text() == content


def test_run_save_does_not_replace_another_encounters_save(tmp_path, other_save, capsys):
    before = other_save.read_bytes()
    script = tmp_path / "s.txt"
    script.write_text("add zed --as josh\n")
    assert cli.main(["run", str(script), "--save", str(other_save)]) == 2
    assert "holds a different encounter" in capsys.readouterr().err
    assert other_save.read_bytes() == before
    assert cli.main(["run", str(script), "--save", str(other_save), "--force"]) == 0
    assert saves.read_save(other_save).log[-1] == "add zed --as josh"


def test_run_save_may_replace_its_own_seeded_output(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("add zed --as josh\n")
    out = tmp_path / "out.yaml"
    assert cli.main(["run", str(script), "--seed", "4", "--save", str(out)]) == 0
    assert cli.main(["run", str(script), "--seed", "4", "--save", str(out)]) == 0


def test_a_symlinked_save_is_written_through_its_link_and_keeps_its_mode(tmp_path):
    real = tmp_path / "real.yaml"
    session = fight()
    saves.write_save(session, real)
    os.chmod(real, 0o444)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    opened, keeper, _ = autosave.open_for_shell(str(link))
    opened.execute("add raider --as raider --at B3")
    keeper.commit()
    keeper.close()
    assert link.is_symlink()
    assert stat.S_IMODE(real.stat().st_mode) == 0o444
    assert saves.read_save(real).log[-1] == "add raider --as raider --at B3"


def test_the_autosave_does_not_overwrite_a_file_changed_behind_its_back(tmp_path,
                                                                        other_save):
    path = tmp_path / "mine.yaml"
    session = fight()
    saves.write_save(session, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    os.replace(other_save, path)                 # e.g. cp other.yaml mine.yaml
    theirs = path.read_bytes()
    opened.execute("add raider --as raider --at B3")
    with pytest.raises(GmError, match="was changed by another program"):
        keeper.commit()
    keeper.close()
    assert path.read_bytes() == theirs


def test_save_other_and_load_other_close_the_first_file(tmp_path, other_save):
    path = tmp_path / "mine.yaml"
    saves.write_save(fight(), path)
    session, keeper, _ = autosave.open_for_shell(str(path))
    session.execute(f"save {tmp_path / 'copy.yaml'}")
    assert saves.read_data(path)["closed"] is True
    assert saves.read_data(tmp_path / "copy.yaml")["closed"] is False
    session.execute(f"load {other_save}")
    keeper.commit()
    assert saves.read_data(tmp_path / "copy.yaml")["closed"] is True
    keeper.close()
    _, again, message = autosave.open_for_shell(str(path))
    assert message.startswith("Opened")
    again.close()


def test_load_of_a_save_held_elsewhere_changes_nothing(tmp_path, other_save):
    _, holder, _ = autosave.open_for_shell(str(other_save))
    try:
        mine = tmp_path / "mine.yaml"
        saves.write_save(fight(), mine)
        session, keeper, _ = autosave.open_for_shell(str(mine))
        state = session.state
        with pytest.raises(GmError, match="open in another shaper-gm"):
            session.execute(f"load {other_save}")
        assert session.state == state and keeper.path == mine
        keeper.close()
    finally:
        holder.close()


def test_two_shells_started_together_get_different_autosaves(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path))
    monkeypatch.setattr(autosave.time, "strftime", lambda fmt: "20250101-120000")
    first = autosave.new_autosave_path()
    second = autosave.new_autosave_path()
    assert first != second and first.exists() and second.exists()

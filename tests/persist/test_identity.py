"""An encounter's identity: a random id its `new` writes into the log's first line, kept
through saves, journals, migrations and replays; a write replaces a save only when it
is the same encounter and holds every command of it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.commands import identity
from shaper_gm.errors import GmError
from shaper_gm.persist import decode, replay, saves
from shaper_gm.persist.replace import WontReplace, check_same_encounter

SAVES = Path(__file__).resolve().parents[2] / "saves"


def identity_of(session) -> str:
    found = identity.of_line(session.log[0])
    assert found is not None
    return found


def script(tmp_path, name: str, *lines: str) -> str:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)


def killed(keeper) -> None:
    """As if the process died here (its files stay, the kernel drops the lock)."""
    if keeper.journal is not None:
        keeper.journal.close()
    os.close(keeper.lock.fd)
    keeper.lock.fd = None


# --- what an identity is -------------------------------------------------------------

def test_every_new_encounter_gets_an_unpredictable_id_in_its_first_line():
    found = {identity_of(new_session(seed=1)) for _ in range(20)}
    assert len(found) == 20
    assert all(len(i) == identity.LENGTH and int(i, 16) >= 0 for i in found)


def test_a_new_that_replaces_an_untouched_encounter_keeps_its_identity():
    session = new_session(seed=1)
    before = identity_of(session)
    session.execute("new --grid 6x4 --ruleset dungeoneers")
    assert identity_of(session) == before and len(session.log) == 1


@pytest.mark.parametrize("given", ["xyz", "0123", "0123456789abcdeg", "g" * 16, ""])
def test_an_id_that_is_not_one_is_refused(given):
    session = new_session(seed=1)
    log = list(session.log)
    with pytest.raises(GmError, match="is not an encounter id"):
        session.execute(f"new --id '{given}'")
    assert session.log == log


# --- kept through everything that reads or writes the encounter ------------------------

def test_the_identity_survives_saves_journals_crashes_compaction_and_replay(tmp_path):
    path = tmp_path / "fight.yaml"
    session = new_session(seed=2)
    mine = identity_of(session)
    saves.write_save(session, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    for line in ["add josh --as josh --at B4", "add raider --as raider --at B3",
                 "init josh raider", "start", "end"]:
        opened.execute(line)
        keeper.commit()
    killed(keeper)                                    # a crash: the journal has it all
    again, keeper, message = autosave.open_for_shell(str(path))
    assert message.startswith("Recovered") and identity_of(again) == mine
    keeper.compact()
    keeper.close()
    assert identity.of_line(saves.read_data(path)["log"][0]) == mine
    seen = []
    assert replay.replay_save(path, on_result=lambda n, line, r, s: seen.append(line)).ok
    assert identity.of_line(seen[0]) == mine


@pytest.mark.parametrize("demo", ["demo.yaml", "dungeoneers-demo.yaml", "dicepool-demo.yaml"])
def test_an_older_save_gets_an_identity_that_stays_until_a_write_stores_it(tmp_path, demo):
    path = tmp_path / "old.yaml"
    shutil.copy(SAVES / demo, path)
    assert saves.read_data(path)["version"] < decode.VERSION
    first, second = saves.read_save(path), saves.read_save(path)
    assert identity_of(first) == identity_of(second)
    copy = tmp_path / "copy.yaml"
    shutil.copy(path, copy)
    assert identity_of(saves.read_save(copy)) == identity_of(first)   # a copy: the same
    saves.write_save(first, path)
    data = saves.read_data(path)
    assert data["version"] == decode.VERSION
    assert identity.of_line(data["log"][0]) == identity_of(first)
    assert replay.replay_save(path).ok


def test_a_save_whose_first_line_lost_its_id_is_refused_naming_it(tmp_path):
    path = tmp_path / "s.yaml"
    session = new_session(seed=2)
    saves.write_save(session, path)
    path.write_text(path.read_text().replace(f" --id {identity_of(session)}", ""))
    with pytest.raises(GmError, match="log entry 1 carries no encounter id"):
        saves.read_save(path)


# --- what a write may replace --------------------------------------------------------

def test_two_fights_begun_with_the_same_line_are_different_encounters(tmp_path, capsys):
    out = tmp_path / "out.yaml"
    first = script(tmp_path, "a.gm", "new --seed 1", "add josh --as josh --at B4")
    other = script(tmp_path, "b.gm", "new --seed 1", "add raider --as raider --at B3")
    assert cli.main(["run", first, "--seed", "1", "--save", str(out)]) == 0
    before = out.read_bytes()
    assert cli.main(["run", other, "--seed", "1", "--save", str(out)]) == 2
    assert "holds a different encounter" in capsys.readouterr().err
    assert out.read_bytes() == before
    session = new_session(seed=1)                     # the shell's save: the same rule
    session.execute("add monica --as monica --at C5")
    with pytest.raises(GmError, match="holds a different encounter"):
        session.execute(f"save {out}")
    assert out.read_bytes() == before


def test_a_script_that_continues_a_saves_own_log_replaces_it(tmp_path):
    out = tmp_path / "out.yaml"
    first = script(tmp_path, "a.gm", "new --seed 1", "add josh --as josh --at B4")
    assert cli.main(["run", first, "--save", str(out)]) == 0
    log = saves.read_save(out).log
    more = script(tmp_path, "more.gm", *log, "add raider --as raider --at B3")
    assert cli.main(["run", more, "--save", str(out)]) == 0          # no --seed needed
    assert saves.read_save(out).log == [*log, "add raider --as raider --at B3"]


def test_a_script_run_again_replaces_its_own_output_and_keeps_its_identity(tmp_path):
    out = tmp_path / "out.yaml"
    first = script(tmp_path, "a.gm", "new --seed 1", "add josh --as josh --at B4")
    assert cli.main(["run", first, "--save", str(out)]) == 0
    mine = identity_of(saves.read_save(out))
    assert cli.main(["run", first, "--save", str(out)]) == 0
    assert identity_of(saves.read_save(out)) == mine


def test_a_save_of_this_encounter_further_on_is_not_replaced(tmp_path):
    path = tmp_path / "ahead.yaml"
    session = new_session(seed=1)
    session.execute("add josh --as josh --at B4")
    session.execute("add raider --as raider --at B3")
    saves.write_save(session, path)
    session.undo()
    with pytest.raises(GmError, match="further on"):
        saves.save_session(session, str(path))
    saves.save_session(session, str(path), force=True)
    assert saves.read_save(path).log == session.log


def _log(ident: str, lines: list[str]) -> list[str]:
    return [f"new --seed 1 --id {ident}", *lines]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["0123456789abcdef", "fedcba9876543210"]),
       st.lists(st.sampled_from(["end", "add a", "add b"]), max_size=4),
       st.sampled_from(["0123456789abcdef", "fedcba9876543210"]),
       st.lists(st.sampled_from(["end", "add a", "add b"]), max_size=4))
def test_a_save_is_replaced_only_by_its_own_encounter_holding_all_of_it(a, theirs, b, ours):
    theirs, ours = _log(a, theirs), _log(b, ours)
    allowed = a == b and ours[:len(theirs)] == theirs
    try:
        check_same_encounter("s.yaml", theirs, ours)
    except WontReplace:
        assert not allowed
    else:
        assert allowed


def test_a_first_line_compares_by_its_flags_whatever_their_order():
    theirs = ["new --seed 1 --grid 5x5 --id 0123456789abcdef", "end"]
    ours = ["new --id 0123456789abcdef --grid 5x5 --seed 1", "end", "end"]
    check_same_encounter("s.yaml", theirs, ours)
    with pytest.raises(WontReplace, match="another course"):
        check_same_encounter("s.yaml", theirs, ["new --id 0123456789abcdef --seed 2", "end"])

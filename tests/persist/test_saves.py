"""Save files: exact round trips, replay, atomic writes, refusals of damaged files."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from shaper_gm.app import autosave, new_session
from shaper_gm.content.yamlio import dump_yaml, load_yaml_text
from shaper_gm.errors import GmError
from shaper_gm.persist import decode, replay, saves
from tests.encounter.conftest import engaged_with, engagements
from tests.rulesets.twins import python_played

FIGHT = """add josh --as josh --at B4
add monica --as monica --at C5
add taylor --as taylor --at C5
add raider --as raider --at B1
add reaver --as reaver --at B2
init josh monica raider taylor reaver
start
draw longbow
attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6
attack raider
end
draw longsword
move d3
raise
end
move d3
engage monica
end
draw wand
move c4
cast charm monica
cast minion
end""".splitlines()


@pytest.fixture()
def fight():
    session = new_session(seed=11)
    for line in FIGHT:
        session.execute(line)
    return session


def test_save_and_load_restore_the_state_exactly(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    loaded = saves.read_save(path)
    assert loaded.state == fight.state
    assert loaded.log == fight.log
    assert loaded.state.dice_position == fight.state.dice_position > 0
    assert engagements(loaded.state) == engagements(fight.state) != frozenset()
    charm = [e for e in loaded.state.actors["monica"].effects if e.name == "Charm"]
    assert charm and charm[0].until == "start:taylor"


def test_the_spec_keys_are_in_the_file(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    data = load_yaml_text(path.read_text(), origin="x")
    for key in ("version", "ruleset", "seed", "grid", "round", "turn", "order", "actors", "log"):
        assert key in data
    josh = data["actors"]["josh"]
    assert {"name", "side", "hp", "max_hp", "zone", "down"} <= set(josh)
    assert data["grid"] == {"cols": 5, "rows": 5} and data["version"] == decode.VERSION
    assert set(josh["resources"]) == {"major", "minor", "free", "sp"}
    if not python_played(fight.state.ruleset, "shaper"):
        # written as data: SP is a resource, an engagement the sheet key its members
        # share (S14), as the save keeps them
        actors = data["actors"]
        group = actors["monica"]["sheet"]["engagement"]
        assert sorted(a for a, x in actors.items() if a != "monica" and
                      x["sheet"].get("engagement") == group) == engaged_with(fight.state,
                                                                              "monica")
        return
    assert {"sp", "max_sp", "engaged_with"} <= set(josh)
    assert data["actors"]["monica"]["engaged_with"] == engaged_with(fight.state, "monica")
    assert josh["resources"]["sp"] == josh["sp"]


def test_loaded_session_keeps_playing_like_the_original(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    loaded = saves.read_save(path)
    for session in (fight, loaded):
        session.execute("end")
    assert loaded.state == fight.state


def test_undo_reaches_past_the_point_the_save_was_opened(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    loaded = saves.read_save(path)
    before_last_three = fight.history[-3].before
    loaded.undo(3)
    assert loaded.state == before_last_three
    loaded.redo(3)
    assert loaded.state == fight.state


def test_replay_ends_in_the_saved_state(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    seen = []
    report = replay.replay_save(path, on_result=lambda n, line, r, state: seen.append(n))
    assert report.ok and report.steps == len(fight.log) and seen == list(
        range(1, len(fight.log) + 1))
    part = replay.replay_save(path, to=3)
    assert part.ok and part.steps == 3


def test_replay_says_where_a_hand_edited_save_diverges(fight, tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    data = load_yaml_text(path.read_text(), origin="x")
    data["actors"]["raider"]["hp"] = 1
    path.write_text(dump_yaml(data))
    report = replay.replay_save(path)
    assert not report.ok
    assert "raider.hp is 1 in the save" in report.message


def test_a_failed_write_leaves_the_old_file_whole(fight, tmp_path, monkeypatch):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight, path)
    old = path.read_text()
    fight.execute("end")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(GmError, match="cannot write"):
        saves.write_save(fight, path)
    assert path.read_text() == old
    assert [p.name for p in tmp_path.iterdir()] == ["fight.yaml"]


def test_bare_names_go_under_the_saves_folder(fight, tmp_path, monkeypatch):
    monkeypatch.setenv(saves.SAVES_ENV, str(tmp_path / "mysaves"))
    path = saves.save_session(fight, "bridge")
    assert path == tmp_path / "mysaves" / "bridge.yaml" and path.exists()
    assert fight.save_path == str(path)


def test_overwriting_a_different_encounter_is_refused(fight, tmp_path):
    other = new_session(seed=5)
    other_path = tmp_path / "other.yaml"
    saves.write_save(other, other_path)
    before = other_path.read_text()
    with pytest.raises(GmError, match="holds a different encounter.*--force"):
        saves.save_session(fight, str(other_path))
    assert other_path.read_text() == before
    saves.save_session(fight, str(other_path), force=True)
    assert saves.read_save(other_path).state == fight.state


# --- damaged and hostile files ---------------------------------------------------------

def _refused(path, match):
    before = path.read_bytes()
    with pytest.raises(GmError, match=match):
        saves.read_save(path)
    assert path.read_bytes() == before


def test_python_tags_are_refused_not_run(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text("version: 1\nlog: !!python/object/apply:os.system ['touch pwned']\n")
    _refused(path, "not allowed")
    assert not (tmp_path / "pwned").exists()


def test_alias_bombs_are_refused(tmp_path):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]"
              for i in range(8)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    _refused(path, "aliases")


def test_truncated_saves_are_refused(fight, tmp_path):
    path = tmp_path / "cut.yaml"
    saves.write_save(fight, path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(GmError):
        saves.read_save(path)


@pytest.mark.parametrize("version, match", [(decode.VERSION + 1, "upgrade"),
                                            (0, "does not exist")])
def test_other_versions_are_refused(fight, tmp_path, version, match):
    path = tmp_path / "v.yaml"
    saves.write_save(fight, path)
    path.write_text(path.read_text().replace(f"version: {decode.VERSION}",
                                             f"version: {version}", 1))
    _refused(path, match)


def test_binary_and_huge_files_are_refused(tmp_path):
    nul = tmp_path / "nul.yaml"
    nul.write_bytes(b"version: 1\x00\n")
    _refused(nul, "NUL")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    _refused(latin, "UTF-8")
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    with pytest.raises(GmError, match="at most"):
        saves.read_save(huge)


def test_a_log_holding_a_file_command_is_refused_as_damaged(fight, tmp_path):
    path = tmp_path / "f.yaml"
    saves.write_save(fight, path)
    data = load_yaml_text(path.read_text(), origin="x")
    data["log"].insert(3, "save /tmp/elsewhere.yaml")
    path.write_text(dump_yaml(data))
    _refused(path, "file command 'save'")


def _paths(data, prefix=()):
    """Every key path of the save, down to the leaves (lists as whole values)."""
    for key, value in data.items():
        path = (*prefix, key)
        yield path
        if isinstance(value, dict) and value:
            yield from _paths(value, path)


def _wrong_value(value):
    if isinstance(value, bool):
        return "yes please"
    if isinstance(value, (int, list)) or value is None:
        return {"surprise": 1}
    if isinstance(value, str):
        return ["not", "text"]
    return 3.5


def test_every_key_with_a_wrong_type_is_refused_and_named(fight, tmp_path):
    path = tmp_path / "typed.yaml"
    saves.write_save(fight, path)
    good = load_yaml_text(path.read_text(), origin="x")
    checked = 0
    for key_path in _paths(good):
        if key_path[0] == "closed" or (len(key_path) >= 4 and key_path[-2] in (
                "skill_uses", "pool", "attack_bonus", "damage_bonus", "skills")):
            continue
        data = copy.deepcopy(good)
        node = data
        for key in key_path[:-1]:
            node = node[key]
        original = node[key_path[-1]]
        node[key_path[-1]] = _wrong_value(original)
        path.write_text(dump_yaml(data))
        with pytest.raises(GmError) as caught:
            saves.read_save(path)
        assert str(key_path[-1]) in str(caught.value), (key_path, str(caught.value))
        checked += 1
    assert checked > 60


def test_recovery_after_a_crash_is_reported(fight, tmp_path):
    fight.execute("rolls josh manual")
    path = tmp_path / "live.yaml"
    keeper = autosave.Autosave(fight, path)
    keeper.commit()                       # the shell was killed after this:
    os.close(keeper.lock.fd)              # the kernel drops a dead process's flock
    session, again, message = autosave.open_for_shell(str(path))
    assert session.state == fight.state and session.log == fight.log
    assert session.manual == {"josh"}                 # still asked for at the table
    assert message.startswith("Recovered") and f"all {len(fight.log)} commands" in message
    again.close()
    _, _, message = autosave.open_for_shell(str(path))
    assert message.startswith("Opened")


def test_memory_stays_bounded_on_the_largest_file_the_loader_accepts(tmp_path):
    """The worst case under both caps: the most lines, each a log entry."""
    import tracemalloc

    demo = (Path(__file__).resolve().parents[2] / "saves" / "demo.yaml").read_text()
    lines = saves.MAX_SAVE_LINES - demo.count("\n") - 1
    path = tmp_path / "widest.yaml"
    path.write_text(demo.replace("log:\n", "log:\n" + "- end\n" * lines, 1))
    assert path.stat().st_size <= saves.MAX_SAVE_BYTES
    tracemalloc.start()
    try:
        saves.read_save(path)          # refused later (the log no longer starts with new)
    except GmError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 120 * 2**20, f"peak {peak / 2**20:.0f} MiB"


def test_files_past_the_caps_are_refused_before_parsing(tmp_path):
    import tracemalloc

    many = tmp_path / "many.yaml"
    many.write_text("- a\n" * (saves.MAX_SAVE_LINES + 1))
    tracemalloc.start()
    with pytest.raises(GmError, match="at most 200000"):
        saves.read_save(many)
    assert tracemalloc.get_traced_memory()[1] < 8 * 2**20     # the text, and no more
    tracemalloc.stop()

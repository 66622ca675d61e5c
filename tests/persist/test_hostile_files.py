"""Issue 20, files: every file read is bounded in depth and size, and nothing is written
through a link. A text nested past the limit is one line naming the file and the limit,
whatever YAML library build reads it (libyaml, or PyYAML's pure loader); pipes and
devices are never read; a link at a name shaper-gm makes itself is never followed."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm import cli
from shaper_gm.app import new_session
from shaper_gm.content.yamlio import YamlError, load_yaml_data, load_yaml_text
from shaper_gm.errors import GmError
from shaper_gm.nesting import MAX_DEPTH, TooDeep, json_depth, loads, yaml_surely_shallow
from shaper_gm.persist import journal, saves

ROOT = Path(__file__).resolve().parents[2]
LIMIT = f"deeper than {MAX_DEPTH} levels"
FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3",
         "init josh raider", "start"]
# The file: ~80 KB of `[` (a segmentation fault with some libyaml builds), and
# one just inside libyaml's own limit of 1,000 (a RecursionError with others).
DEPTHS = [990, 40_000]
# The program as it runs with a PyYAML built without libyaml: its pure-Python loader.
PURE = ("import sys; sys.modules['yaml._yaml'] = None; from shaper_gm.cli import main; "
        "sys.exit(main(sys.argv[1:]))")


def shaper(*args: str, pure: bool = False, cwd: Path | None = None, stdin: str = "",
           env: dict | None = None, timeout: float = 60):
    """(exit status, stdout, stderr) of the program run as a process, in at most 1 GiB
    (a regression that reads a device to its end fails, not the machine)."""
    program = [sys.executable, "-c", PURE] if pure else [sys.executable, "-m", "shaper_gm"]
    done = subprocess.run([*program, *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, **(env or {})}, timeout=timeout,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS,
                                                                (1 << 30, 1 << 30)))
    return done.returncode, done.stdout, done.stderr


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def fight():
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    return session


def brackets(depth: int) -> str:
    return "[" * depth + "]" * depth


def event_depth(text: str) -> int:
    """How deep YAML text nests, by the parser's events (the parser never recurses)."""
    depth = deepest = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
    return deepest


# --- depth: the property, at every depth and in every style --------------------------

def nested(depth: int, style: str) -> str:
    """A YAML text nesting `depth` collections in one of YAML's ways of nesting."""
    if style == "flow lists":
        return brackets(depth)
    if style == "flow maps":
        return "{a: " * depth + "1" + "}" * depth
    if style == "block lists on one line":
        return "- " * depth + "x\n"
    if style == "block maps by indent":
        return "".join(f"{' ' * i}k{i}:\n" for i in range(depth - 1)) + \
            f"{' ' * (depth - 1)}last: 1\n"
    if style == "block then flow":
        half = depth // 2
        return "".join(f"{'  ' * i}k:\n" for i in range(half)) + \
            f"{'  ' * half}k: {brackets(depth - half - 1)}\n"
    raise AssertionError(style)


STYLES = ["flow lists", "flow maps", "block lists on one line", "block maps by indent",
          "block then flow"]


@settings(max_examples=60, deadline=None)
@given(depth=st.integers(2, 3 * MAX_DEPTH), style=st.sampled_from(STYLES))
def test_any_depth_in_any_style_is_read_or_refused_naming_the_limit(depth, style):
    text = nested(depth, style)
    assert event_depth(text) == depth
    for load in (load_yaml_text, load_yaml_data):
        if depth <= MAX_DEPTH:
            load(text, origin="f.yaml")
        else:
            with pytest.raises(YamlError, match=f"^f.yaml: line .*{LIMIT}"):
                load(text, origin="f.yaml")


yaml_data = st.recursive(
    st.none() | st.integers() | st.text(alphabet="[]{}-:? #ab\n'\"", max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(alphabet="ab-[ ", max_size=3), inner, max_size=3),
    max_leaves=40)


@settings(max_examples=200, deadline=None)
@given(data=yaml_data, flow=st.sampled_from([True, False, None]),
       indent=st.integers(2, 9), wrap=st.integers(1, 5))
def test_the_glance_that_spares_counting_never_passes_a_text_too_deep(data, flow, indent,
                                                                      wrap):
    for _ in range(wrap):                      # deeper than the glance can wave through
        data = [data, {"k": [data]}]
    text = yaml.dump(data, default_flow_style=flow, indent=indent, width=40)
    if yaml_surely_shallow(text):
        assert event_depth(text) <= MAX_DEPTH


json_data = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\\x00a', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=30)


def data_depth(data) -> int:
    if isinstance(data, list):
        return 1 + max(map(data_depth, data), default=0)
    if isinstance(data, dict):
        return 1 + max(map(data_depth, data.values()), default=0)
    return 0


@settings(max_examples=200, deadline=None)
@given(data=json_data, extra=st.integers(0, 3 * MAX_DEPTH))
def test_json_is_measured_exactly_and_refused_past_the_limit(data, extra):
    data = [data] * (extra > 0)
    for _ in range(extra - 1):
        data = [data]
    text = json.dumps(data)
    assert json_depth(text) == data_depth(data)
    if data_depth(data) <= MAX_DEPTH:
        assert loads(text) == data
    else:
        with pytest.raises(TooDeep, match=LIMIT):
            loads(text)


# --- depth: every command that reads a file ------------------------------------------

@pytest.fixture
def deep(tmp_path, request):
    depth = request.param
    for name in ("deep.yaml", "deep.json"):
        (tmp_path / name).write_text(brackets(depth))
    (tmp_path / "deepsave.yaml").write_text(f"version: 2\nlog: {brackets(depth)}\n")
    return tmp_path


@pytest.mark.slow
@pytest.mark.parametrize("deep", DEPTHS, indirect=True)
@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
@pytest.mark.parametrize("command", ["open", "replay"])
def test_open_and_replay_refuse_a_deep_save_naming_the_limit(deep, pure, command):
    for name in ("deep.yaml", "deepsave.yaml"):
        code, _, err = shaper(command, name, pure=pure, cwd=deep)
        assert code == 2 and name in one_line(err) and LIMIT in err, err


@pytest.mark.slow
@pytest.mark.parametrize("deep", DEPTHS, indirect=True)
@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
@pytest.mark.parametrize("name", ["deep.yaml", "deep.json"])
def test_add_as_a_deep_sheet_is_one_refused_line(deep, pure, name):
    script = deep / "s.txt"
    script.write_text(f"new --ruleset shaper --seed 1\nadd x --as ./{name}\n")
    code, _, err = shaper("run", "s.txt", pure=pure, cwd=deep)
    assert code == 1 and one_line(err).startswith(f"error: line 2: {name}"), err
    assert LIMIT in err


@pytest.mark.slow
@pytest.mark.parametrize("deep", DEPTHS, indirect=True)
@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure"])
def test_load_and_the_overwrite_check_of_run_save_refuse_a_deep_file(deep, pure):
    script = deep / "s.txt"
    script.write_text("new --ruleset shaper --seed 1\nload deep.yaml\n")
    code, _, err = shaper("run", "s.txt", pure=pure, cwd=deep)
    assert code == 1 and "line 2: deep.yaml" in one_line(err) and LIMIT in err, err
    before = (deep / "deep.yaml").read_bytes()
    code, _, err = shaper("run", "s.txt", "--save", "deep.yaml", pure=pure, cwd=deep)
    assert code == 2 and "is not a shaper-gm save" in one_line(err), err
    assert (deep / "deep.yaml").read_bytes() == before


def checksummed(text: str) -> bytes:
    """A journal line with a good checksum, as a hostile writer can make one."""
    return f"{zlib.crc32(text.encode()):08x} {text}\n".encode()


@pytest.mark.parametrize("depth", [100, 30_000])
def test_a_deep_journal_record_is_refused_on_open_and_replay(tmp_path, capsys, depth):
    path = tmp_path / "fight.yaml"
    saves.write_save(fight(), path)
    raw = path.read_bytes()
    record = '{"n":1,"keep":5,"add":["end"],"manual":' + brackets(depth) + "}"
    journal.journal_path(path).write_bytes(
        journal.encode(journal.header(journal.digest(raw), 5)) + checksummed(record))
    for command in ("open", "replay"):
        assert cli.main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert "entry 1" in one_line(err) and LIMIT in err
    assert path.read_bytes() == raw


def test_a_logged_sheet_nested_past_the_limit_is_refused(tmp_path, capsys):
    session = new_session(seed=3)
    with pytest.raises(GmError, match=f"--sheet .*{LIMIT}"):
        session.execute(f"add x --sheet '{brackets(900)}'")
    script = tmp_path / "s.txt"
    script.write_text(f"add x --sheet '{brackets(900)}'\n")
    assert cli.main(["run", str(script)]) == 1
    assert LIMIT in one_line(capsys.readouterr().err)


# --- size: values, devices, pipes ----------------------------------------------------

@pytest.mark.parametrize("value, problem", [
    ("1" * 5000, "is not a whole number"), ("2001-13-45", "is not a date"),
])
def test_a_value_the_loader_cannot_build_is_one_line_naming_it(tmp_path, capsys, value,
                                                               problem):
    path = tmp_path / "s.yaml"
    saves.write_save(fight(), path)
    path.write_text(path.read_text().replace("round: 1", f"round: {value}"))
    assert cli.main(["replay", str(path)]) == 2
    line = one_line(capsys.readouterr().err)
    assert f"{path}: line " in line and problem in line and len(line) < 300
    sheet = tmp_path / "zed.yaml"
    sheet.write_text(f"name: Zed\nlevel: {value}\n")
    with pytest.raises(GmError, match=problem):
        new_session(seed=3).execute(f"add zed --as {sheet}")


def test_add_as_reads_the_sheet_file_once(tmp_path, monkeypatch):
    from shaper_gm import files
    sheet = tmp_path / "zed.yaml"
    sheet.write_text("name: Zed\nlevel: 1\nvigor: 0\nfinesse: 1\nmentality: 0\n")
    reads = []
    real = files.read_capped

    def counted(path, *args, **kwargs):
        reads.append(Path(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(files, "read_capped", counted)
    session = new_session(seed=3)
    session.execute(f"add zed --as {sheet}")
    assert [path for path in reads if path.parent == tmp_path] == [sheet]
    assert '"name":"Zed"' in session.log[-1]


@pytest.fixture
def content_with(tmp_path):
    """A copy of the shaper content with `make(path)` run at one more file's place."""
    def made(make) -> Path:
        root = tmp_path / "content"
        shutil.copytree(ROOT / "content" / "shaper", root / "shaper")
        make(root / "shaper" / "creatures" / "odd.yaml")
        return root
    return made


@pytest.mark.slow
@pytest.mark.parametrize("make", [os.mkfifo, lambda p: p.symlink_to("/dev/zero")],
                         ids=["fifo", "dev-zero"])
def test_a_pipe_or_device_in_a_content_folder_is_refused_not_read(content_with, tmp_path,
                                                                  make):
    root = content_with(make)
    (tmp_path / "s.txt").write_text("new --ruleset shaper\nadd josh --as josh\n")
    code, _, err = shaper("run", "s.txt", cwd=tmp_path, timeout=30,
                          env={"SHAPER_GM_CONTENT": str(root)})
    assert code == 1 and "creatures/odd.yaml" in one_line(err), err
    assert "not a regular file" in err

"""The quick reader of long saves is a shortcut, never a dialect: whatever the text, it
gives what the YAML loader gives, or the loader's own error; and the quick scan for
file commands in a log refuses what checking every line refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.content.yamlio import YamlError, dump_yaml, dump_yaml_line, load_yaml_data
from shaper_gm.persist import logcheck, saveyaml
from shaper_gm.persist.savetext import dump_session

HEAD = "version: 2\nruleset: shaper\nround: 3\n"
ROWS = ["new --seed 3", "add josh --as josh --at B4", "end", "yes", "No", "null", "NULL",
        "a: b", "a:b", "a #b", "a#b", "a  b", "a ", "x:", "1abc", "-x", "~", "é ⚔ ok",
        "a\u2028b", "a\tb", "say \"hi\"", "it's", "[a, b]", "{a: 1}", "a, b", "?x", "!x",
        "&x", "*x", "on", "Off", "a" * 90 + " " + "b" * 90, "a\x85b", "\ufeffa", "a :b"]


def both(text: str):
    """(quick, loader) results: the data, or the error's text."""
    out = []
    for read in (saveyaml.load_save_text, load_yaml_data):
        try:
            out.append(read(text, origin="s.yaml"))
        except YamlError as exc:
            out.append(f"error: {exc}")
    return out


def save_text(rows: list[str], tail: str = "") -> str:
    return HEAD + "log:\n" + "".join(dump_yaml([row]) for row in rows) + tail


@pytest.mark.parametrize("row", ROWS)
def test_each_kind_of_log_row_reads_as_the_loader_reads_it(row):
    text = save_text(["new", row, "end"])
    quick, loader = both(text)
    assert quick == loader


ROW = st.one_of(st.text(min_size=1, max_size=30),
                st.from_regex(r"[a-zA-Z][a-z :#\-'.,\"{}\[\]é\t]{0,20}", fullmatch=True))


@settings(max_examples=300, deadline=None)
@given(st.lists(ROW, min_size=1, max_size=8))
def test_any_log_reads_as_the_loader_reads_it(rows):
    quick, loader = both(save_text(rows))
    assert quick == loader


@pytest.mark.parametrize("text", [
    HEAD + "log:\n- new\n- end\nlog:\n- end\n",                       # two logs
    "log:\n- new\n" + HEAD + "log:\n- end\n",
    HEAD + "log:\n- new\n- end\nround: 4\n",                          # a key twice
    HEAD + "...\nlog:\n- new\n",                                       # two documents
    HEAD + "log:\n- new\n---\nx: 1\n",
    "  version: 2\nlog:\n- new\n",                                      # indented top
    "version: 'a\nlog:\n- new\n'\n",                                   # a quote spans it
    "version: [1,\nlog:\n- new\n]\n",
    HEAD + "log:\n- new\n  - end\n",                                   # an odd block
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": 1}\n  1: {\"a\": 2}\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": 1.5}\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\":1}\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": \"\\ud83d\\ude00\"}\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": \"\x85\"}\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": 1}\nnotes: x\n",
    HEAD + "log:\n- new\n- end\ncheckpoints:\n  1: {\"a\": 1}\ncheckpoints: {}\n",
    HEAD + "anchor: &a {x: 1}\nlog:\n- new\ncopy: *a\n",
    HEAD + "log:\n- new\n- end\n# a comment\n",
    HEAD + "log:\n- new\n- end",                                      # no last newline
    "\ufeff" + HEAD + "log:\n- new\n",
    HEAD.replace("\n", "\r\n") + "log:\r\n- new\r\n",
])
def test_odd_texts_read_as_the_loader_reads_them(text):
    quick, loader = both(text)
    assert quick == loader


def test_a_real_long_save_takes_the_quick_path_and_matches(monkeypatch):
    session = new_session(seed=3)
    for line in ["add josh --as josh --at B4", "add raider --as raider --at B3",
                 "init josh raider", "start"] + ["end"] * 700:
        session.execute(line)
    text = dump_session(session)
    assert "checkpoints:" in text
    called = []
    real = saveyaml.load_yaml_data
    monkeypatch.setattr(saveyaml, "load_yaml_data",
                        lambda t, origin: called.append(len(t)) or real(t, origin=origin))
    quick = saveyaml.load_save_text(text, origin="s.yaml")
    assert quick == load_yaml_data(text, origin="s.yaml")
    assert max(called) < len(text) / 4                # the log and states were not parsed
    assert all(dump_yaml_line(state) in text for state in quick["checkpoints"].values())


REGISTRY = new_session().registry
LINES = ["save x", "  SAVE x", "\tquit", "Quit", "exit now", "\u017fave x", "saver", "load",
         "add x --as y", "add x --assist", "add x --sheet '{}'", "end", "", " ", "\u00e9",
         "export r.md", "add evil --as /etc/passwd", "attack --as x", "save\x1c", "x\nsave"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LINES), st.text(max_size=20)), max_size=8))
def test_the_quick_file_command_check_misses_no_line(log):
    found = []
    for scan in (logcheck._suspects, lambda log, pattern: range(len(log))):
        try:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(logcheck, "_suspects", scan)
                logcheck.check_log_lines(REGISTRY, log, "s")
            found.append(None)
        except logcheck.LogReadsFiles as exc:
            found.append(exc.message)
    assert found[0] == found[1]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=4), st.one_of(
    st.text(max_size=12), st.text(alphabet=st.characters(max_codepoint=0x7f), max_size=12),
    st.integers(), st.none(), st.lists(st.text(max_size=4), max_size=3)), max_size=4))
def test_a_one_line_dump_reads_back_as_the_same_data_and_stays_one_line(data):
    line = dump_yaml_line(data)
    assert "\n" not in line and "\x7f" not in line and "\u2028" not in line
    assert load_yaml_data(line, origin="line") == data

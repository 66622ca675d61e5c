"""Issue 20, files: text from users is escaped wherever it leaves the program. A name can
hold any character: the terminal, `odds --json` and the Markdown `export` show it, and
no control character or Markdown structure in it is ever obeyed."""

from __future__ import annotations

import functools
import io
import json
import shlex
import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.render.escape import escape_controls, escape_markdown, markdown_code
from shaper_gm.render.recap import recap_markdown
from shaper_gm.shell.output import make_renderer

MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
NAMES = st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=24)
HOSTILE = ["# Boss", "[x](http://e.vil)", "<b>hi</b>", "a|b", "**x**", "`x`", "1. one",
           "- item", "> quote", "===", "![i](j)", "[r]: http://e.vil", "www.e.vil",
           "https://e.vil", "a@e.vil", "~~x~~", "&amp;", "    code", "x\\", "\x1b[2J"]


def controls_in(text: str) -> set[str]:
    return {c for c in text if c != "\n" and unicodedata.category(c) == "Cc"}


def shown(text: str) -> str:
    """What the reader of rendered Markdown should see for `text`."""
    return escape_controls(text).replace("\n", "\\n")


def inline_text(markdown: str) -> tuple[list[str], str]:
    """The kinds of token `markdown` parses into (runs of text as one), and its text."""
    kinds, text = [], []
    for token in MARKDOWN.parse(markdown):
        kinds.append(token.type)
        for child in token.children or ():
            kind = "text" if child.type in ("text", "text_special") else child.type
            if not (kinds and kinds[-1] == kind == "text"):
                kinds.append(kind)
            text.append(child.content if kind == "text" else "")
    return kinds, "".join(text)


@settings(max_examples=300, deadline=None)
@given(text=NAMES | st.sampled_from(HOSTILE))
@pytest.mark.parametrize("place, kinds", [
    ("- {}", ["bullet_list_open", "list_item_open", "paragraph_open", "inline", "text",
              "paragraph_close", "list_item_close", "bullet_list_close"]),
    ("### {}'s turn", ["heading_open", "inline", "text", "heading_close"]),
    ("{}", ["paragraph_open", "inline", "text", "paragraph_close"]),
])
def test_escaped_text_is_shown_as_text_wherever_it_stands(text, place, kinds):
    assume(shown(text).strip())
    markdown = place.format(escape_markdown(text))
    found, seen = inline_text(markdown)
    assert found == kinds
    assert seen.strip() == place.removeprefix("- ").removeprefix("### ").format(
        shown(text)).strip()
    assert not controls_in(markdown)
    bare = markdown.replace("\\:", "").replace("www\\.", "").replace("\\@", "")
    assert not any(link in bare.lower() for link in ("://", "www.", "@"))


@settings(max_examples=200, deadline=None)
@given(text=NAMES | st.sampled_from(HOSTILE))
def test_escaped_text_fills_one_table_cell(text):
    assume(shown(text).strip())
    table = f"| a | b |\n|---|---|\n| {escape_markdown(text)} | x |\n"
    cells = [t for t in MARKDOWN.parse(table) if t.type == "inline"]
    assert len(cells) == 4 and cells[3].content == "x"
    assert inline_text(f"{escape_markdown(text)}")[1].strip() == shown(text).strip()


@settings(max_examples=200, deadline=None)
@given(text=NAMES | st.sampled_from(HOSTILE))
def test_a_code_span_holds_any_line_as_typed(text):
    markdown = f"- {markdown_code(text)}"
    code = [c for t in MARKDOWN.parse(markdown) for c in t.children or ()
            if c.type == "code_inline"]
    assert len(code) == 1 and code[0].content == escape_controls(text).replace("\n", "\\n")
    assert not controls_in(markdown)


FIGHT = ["add raider --as raider --at B3", "init josh raider", "start", "draw longbow",
         "attack raider --roll 4,5,5 --evade 3,3,3 --damage 6 --defense 2", "end"]


def fight_with(name: str, side: str = "party"):
    session = new_session(seed=3)
    try:
        session.execute(f"add josh --as josh --at B4 --name {shlex.quote(name)} "
                        f"--side {shlex.quote(side)}")
    except GmError:
        assume(False)
    for line in FIGHT:
        session.execute(line)
    return session


def structure(markdown: str) -> list[str]:
    return inline_text(markdown)[0]


@functools.cache
def plain() -> list[str]:
    session = fight_with("Josh")
    return structure(recap_markdown(session.history, session.state))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=NAMES | st.sampled_from(HOSTILE), side=st.sampled_from(["party", "# x | y"]))
def test_no_name_changes_the_structure_of_an_exported_recap(name, side):
    session = fight_with(name, side)
    text = recap_markdown(session.history, session.state)
    assert structure(text) == plain()
    assert not controls_in(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.text(st.characters(whitelist_categories=["Cc"], blacklist_characters="\n\r"),
                    min_size=1, max_size=6).map(lambda c: f"J{c}sh"))
def test_no_control_character_in_a_name_reaches_the_terminal_or_json(name):
    session = fight_with(name)
    out = io.StringIO()
    renderer = make_renderer(out, ruleset_for=session.ruleset_for)
    for line in ("show", "odds josh raider", "odds josh raider --json", "log"):
        renderer.show(session.execute(line), session.state)
    renderer.error(GmError(f"{name} cannot act", "no"))
    text = out.getvalue()
    assert not controls_in(text)
    assert "error: J" in text and "sh cannot act" in text      # shown, never obeyed
    start = text.index('{\n  "attacker"')
    data, _ = json.JSONDecoder().raw_decode(text[start:])
    assert data["attacker"] == "josh"

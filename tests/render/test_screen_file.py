"""`content/ID/screen.yaml`: what a ruleset's screen shows, read and checked as the file
is read; a mistake is one line naming file, entry and key, never a crash later."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.content import folders
from shaper_gm.content.schema import ContentError
from shaper_gm.engine import registry
from shaper_gm.render import plugins
from shaper_gm.render.screenfile import read_screen
from shaper_gm.render.templates import TemplateError, parse
from shaper_gm.render.text import Names
from tests.docs_errors import assert_docs_and_cases_agree, errors_section, shown

NAMES = Names({"ann": "Ann", "bo": "Bo"})


# A screen file's events are a Python ruleset's (its events and views modules): Shaper's
EVENTS_OF = "shaper"


def reader(root, monkeypatch, ruleset: str = "dungeoneers"):
    """A function that writes a screen.yaml of `ruleset` into the content folder `root`
    and reads it: dungeoneers' (a folder of no actions and no package: the functions
    every screen has), or a Python ruleset's (EVENTS_OF: its events and views)."""
    monkeypatch.setenv(folders.ENV_VAR, str(root))
    (root / ruleset).mkdir(parents=True, exist_ok=True)

    def read(text: str):
        (root / ruleset / "screen.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
        folders._declaration.cache_clear()
        return read_screen(ruleset)
    return read


@pytest.fixture
def screen_file(tmp_path, monkeypatch):
    """Read a screen.yaml written into a content folder of its own."""
    yield reader(tmp_path / "content", monkeypatch)
    folders._declaration.cache_clear()


@pytest.fixture
def events_file(tmp_path, monkeypatch):
    """Read a Python ruleset's screen.yaml (EVENTS_OF) written into a content folder."""
    yield reader(tmp_path / "content", monkeypatch, EVENTS_OF)
    folders._declaration.cache_clear()


def errors(read, text: str) -> list[str]:
    with pytest.raises(ContentError) as caught:
        read(text)
    return list(caught.value.errors)


# --- the shipped files -------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_shipped_screen_file_reads_without_a_mistake(ruleset_id):
    folders._declaration.cache_clear()
    screen = read_screen(ruleset_id)
    assert screen is not None and screen.layout and screen.sheet
    # a ruleset written as data draws its outcomes with the engine's lines
    assert bool(screen.lines) == (ruleset_id not in registry.written_as_data())


def test_no_screen_file_is_no_screen(tmp_path, monkeypatch):
    monkeypatch.setenv(folders.ENV_VAR, str(tmp_path))
    (tmp_path / "dungeoneers").mkdir()
    folders._declaration.cache_clear()
    assert read_screen("dungeoneers") is None


# --- what a file declares, drawn -------------------------------------------------------------

def test_a_declared_line_is_its_template_with_details_in_brackets(events_file):
    import importlib
    events = importlib.import_module(f"shaper_gm.rulesets.{EVENTS_OF}.events")
    views = importlib.import_module(f"shaper_gm.rulesets.{EVENTS_OF}.views")
    Moved, Switched = events.Moved, events.Switched          # noqa: N806
    screen = events_file("""
        events:
          Switched:
            text: "{actor|name}'s {item} soaks {held}"
            details: ["5 → 2", "{cost}", R7]
          Moved: {line: moved_line, style: bold}
        """)
    soaked = Switched(actor="ann", held="3", item="shield")
    assert screen.lines[Switched](soaked, NAMES, "") == "Ann's shield soaks 3 (5 → 2, R7)"
    assert screen.lines[Switched](soaked, NAMES, "Action") == \
        "Ann's shield soaks 3 (5 → 2, Action, R7)"
    assert screen.lines[Moved] is views.moved_line
    assert Moved in screen.events                 # its style: the line, in bold


def test_a_toolbar_part_may_be_a_template_reading_what_the_actor_cast(screen_file):
    """A toolbar part ``{text: TEMPLATE}`` is drawn about the acting actor (left out when
    it comes out empty), and ``{cast.WORD}`` names who holds the effects it cast named
    WORD or WORD-...: a dodge it prepared sits on the attacker it dodges."""
    from shaper_gm.engine.state import Actor, Effect
    screen = screen_file("""
        table:
          toolbar:
            - text: "[holds {sheet.holding|item|title}]"
            - text: "[prepared: dodge {cast.dodge|join}]"
            - text: "[“{said.dodge|join}”]"
        """)
    dodge = Effect("dodge-vs-ann", caster="ann", says="if Bo swings")
    people = {"ann": Actor("ann", "Ann", "party", {"holding": "long-sword"}),
              "bo": Actor("bo", "Bo", "enemies", {}, effects=(dodge,)),
              "cy": Actor("cy", "Cy", "enemies", {},
                          effects=(Effect("dodger", caster="ann"), dodge)),
              "di": Actor("di", "Di", "enemies", {},
                          effects=(Effect("dodge", caster="bo"),))}
    state = SimpleNamespace(actors=people)
    assert screen.layout.toolbar_text(people["ann"], None, state) == (
        "holds Long Sword · prepared: dodge bo, cy · “if Bo swings, if Bo swings”")
    assert screen.layout.toolbar_text(people["di"], None, state) == ""


def test_sheet_values_written_as_expressions_read_the_actor_and_each_item(screen_file,
                                                                         monkeypatch):
    """``values: {KEY: EXPRESSION}``: worked out about the actor shown (the weapon in
    hand's name), per item in an `each` row (a number kept per weapon); a value its
    actor cannot give reads as nothing and leaves its optional part out."""
    from tests.rulesets.dicepool.commands import fight
    screen = screen_file("""
        sheet:
          values:
            held: at(at(library.weapons, actor.holding, 0), 'name', '')
            skill: at(actor.proficiencies, item.id, 0) + 1
            nothing: actor.no_such_key
          rows:
            Hand: "holds {values.held}[ ({values.nothing})]"
            Kit: {each: weapons, text: "{item.name} {values.skill}"}
        """)
    monkeypatch.delenv(folders.ENV_VAR)              # the fight reads the shipped content
    folders._declaration.cache_clear()
    s = fight()
    view = SimpleNamespace(state=s.state, ruleset=s.ruleset_for(s.state))
    (_, hand), (_, kit) = screen.sheet.rows
    freya = s.state.actors["freya"]
    assert hand(freya, view) == "holds Longsword"
    assert kit(freya, view) == "Longsword 2\nDagger 2"


def test_table_values_written_as_expressions_fill_columns_and_toolbar_parts(
        screen_file, monkeypatch):
    """``table: {values: {KEY: EXPRESSION}}``: worked out about each row's actor for the
    columns, and about the acting actor for the toolbar; without the fight's state a
    toolbar part reads none and is left out."""
    from tests.rulesets.dicepool.commands import fight
    screen = screen_file("""
        table:
          values:
            held: at(at(library.weapons, actor.holding, 0), 'name', '')
            nothing: actor.no_such_key
          columns:
            Held: "{values.held|else –}[ ({values.nothing})]"
          toolbar:
            - text: "[{values.held} in hand]"
        """)
    monkeypatch.delenv(folders.ENV_VAR)              # the fight reads the shipped content
    folders._declaration.cache_clear()
    s = fight()
    rs = s.ruleset_for(s.state)
    freya = s.state.actors["freya"]
    (held,) = screen.layout.columns
    assert held.cell(freya, s.state, rs) == "Longsword"
    assert screen.layout.toolbar_text(freya, rs, s.state).startswith("Longsword in hand")
    assert screen.layout.toolbar_text(freya, rs) == ""


def test_columns_rows_and_about_are_templates_over_the_actor(screen_file):
    screen = screen_file("""
        table:
          columns:
            Left: "{resource.move}/{resource.nothing}"
            Shield: {line: health, after_zone: true, wrap: true}
          legend: " · words"
          toolbar: [{line: health}, reactions]
        sheet:
          about: "{side}, {sheet.level}"
          down: ", OUT"
          rows:
            Where: "{zone|else not placed}"
            Init: "[{initiative}]"
            Foe: "[{system.foe|name}]"
        """)
    actor = SimpleNamespace(resource={"move": 1}.get, side="party", zone=None,
                            initiative=None, sheet=SimpleNamespace(level=3))
    actor.resource = lambda name: {"move": 1}.get(name, 0)
    left, shield = screen.layout.columns
    assert (left.header, left.cell(actor, None, None)) == ("Left", "1/0")
    assert (shield.after_zone, shield.wrap) == (True, True)
    assert screen.layout.legend == " · words" and len(screen.layout.toolbar) == 2
    view = SimpleNamespace(state=None, ruleset=None)
    assert screen.sheet.about(actor, view) == "party, 3"
    assert screen.sheet.down == ", OUT"
    (where, cell), (init, blank), (foe, named) = screen.sheet.rows
    assert cell(actor, view) == "not placed"
    state = SimpleNamespace(actors={"bo": SimpleNamespace(id="bo", name="Bo the Bold")})
    actor.system = SimpleNamespace(foe="bo")
    assert named(actor, SimpleNamespace(state=state, ruleset=None)) == "Bo the Bold"
    assert blank(actor, view) is None                       # an empty row is left out
    assert blank(SimpleNamespace(initiative=0), view) == "0"


# --- every mistake is one line: file, entry, key, what is wrong -----------------------------

FILE = "content/dungeoneers/screen.yaml"
EFILE = f"content/{EVENTS_OF}/screen.yaml"          # a Python ruleset's: its events


CASES = [
    ("- a list\n", f"{FILE}: expected a mapping of events, table, sheet and words, got a list"),
    ("event: {}\n", f"{FILE}: key 'event': unknown key (did you mean 'events'?)"),
    ("events:\n  Moove: {line: moved_line}\n",
     f"{EFILE}: item 'events.Moove': no event type 'Moove' in "
     "shaper_gm.rulesets.shaper.events (did you mean 'Moved'?)"),
    ("events:\n  Moved: {line: moved_lines}\n",
     f"{EFILE}: item 'events.Moved': key 'line': no function 'moved_lines' in "
     "shaper_gm.rulesets.shaper.views (did you mean 'moved_line'?)"),
    ("events:\n  Moved: {line: Moved}\n",
     f"{EFILE}: item 'events.Moved': key 'line': expected a name of lowercase letters"),
    ("events:\n  Moved: {text: a, line: moved_line}\n",
     f"{EFILE}: item 'events.Moved': give either text (a template) or line"),
    ("events:\n  Moved: {details: [a]}\n",
     f"{EFILE}: item 'events.Moved': give either text (a template) or line"),
    ("events:\n  Moved: {txt: a}\n",
     f"{EFILE}: item 'events.Moved': key 'txt': unknown key (did you mean 'text'?)"),
    ("events:\n  Moved: 3\n", f"{EFILE}: item 'events.Moved': expected a template or a mapping of "
                             "text, details, line, breakdown and style, got 3"),
    ("events:\n  Moved: '{actr|name}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': unknown field 'actr' (did you mean 'actor'?)"
     " in '{actr|name}'"),
    ("events:\n  Moved: {text: a, details: ['{distanc}']}\n",
     f"{EFILE}: item 'events.Moved': key 'details[0]': unknown field 'distanc' (did you "
     "mean 'distance'?)"),
    ("events:\n  Moved: '{actor|nme}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': unknown filter 'nme' (did you mean 'name'?)"),
    ("events:\n  Moved: '{distance|plural}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': the filter 'plural' needs a word after it"),
    ("events:\n  Moved: '{actor|name x}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': the filter 'name' takes nothing after"),
    ("events:\n  Moved: '{end|words moves}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': no words 'moves' in the file"),
    ("events:\n  Moved: '{actor!x}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': {{actor!x}}: '!' is followed by n"),
    ("events:\n  Moved: 'a {actor'\n",
     f"{EFILE}: item 'events.Moved': key 'text': a '{{' that is never closed"),
    ("events:\n  Moved: 'a } b'\n", f"{EFILE}: item 'events.Moved': key 'text': a '}}' with no"),
    ("events:\n  Moved: 'a [{end}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': a '[' that is never closed"),
    ("events:\n  Moved: 'a ] b'\n", f"{EFILE}: item 'events.Moved': key 'text': a ']' with no"),
    ("events:\n  Moved: 'a [b]'\n",
     f"{EFILE}: item 'events.Moved': key 'text': an optional part with no field in it"),
    ("events:\n  Moved: '[a [{end}]]'\n",
     f"{EFILE}: item 'events.Moved': key 'text': an optional part inside another"),
    ("events:\n  Moved: 'a {} b'\n",
     f"{EFILE}: item 'events.Moved': key 'text': {{}} does not name a field"),
    ("events:\n  Moved: '{actor.__class__}'\n",
     f"{EFILE}: item 'events.Moved': key 'text': {{actor.__class__}} does not name a field"),
    ("words: {moves: [a]}\n", f"{FILE}: key 'words.moves': expected a mapping, got a list"),
    ("table: {colums: {}}\n", f"{FILE}: item 'table': key 'colums': unknown key (did you "
                              "mean 'columns'?)"),
    ("table: {columns: {Turn: '{zon}'}}\n",
     f"{FILE}: item 'table.columns': key 'Turn.text': unknown field 'zon' (did you mean "
     "'zone'?)"),
    ("table: {columns: {Turn: {line: health, wrap: yes please}}}\n",
     f"{FILE}: item 'table.columns': key 'Turn.wrap': expected true or false"),
    ("table: {columns: {Turn: {wrap: true}}}\n",
     f"{FILE}: item 'table.columns': key 'Turn': give either text (a template) or line"),
    ("table: {legend: {line: legend, text: x}}\n",
     f"{FILE}: item 'table': key 'legend': expected a text or {{line: NAME}}"),
    ("table: {toolbar: reactions}\n", f"{FILE}: item 'table': key 'toolbar': expected a list"),
    ("sheet: {values: {Built: actor.hp}}\n",
     f"{FILE}: item 'sheet': key 'values': expected a value's name of lowercase letters, "
     "digits and '_', got 'Built'"),
    ("sheet: {values: {built: 'actor.hp +'}}\n",
     f"{FILE}: item 'sheet': key 'values': value 'built': 'actor.hp +' ends too soon"),
    ("table: {values: {left: 'actor.hp +'}}\n",
     f"{FILE}: item 'table': key 'values': value 'left': 'actor.hp +' ends too soon"),
    ("table: {columns: {Left: '{values.left}'}}\n",
     f"{FILE}: item 'table.columns': key 'Left.text': unknown field 'values' (known: "),
    ("table: {toolbar: [{text: '{zon}'}]}\n",
     f"{FILE}: item 'table': key 'toolbar[0]': unknown field 'zon' (did you mean 'zone'?)"),
    ("table: {toolbar: [{text: a, line: health}]}\n",
     f"{FILE}: item 'table': key 'toolbar[0]': expected a resource's name, {{line: NAME}} or "
     "{text: TEMPLATE}, got a mapping"),
    ("table: {groups: melee}\n", f"{EFILE}: item 'table': key 'groups': no function 'melee'"),
    ("sheet: {rows: {Where: '{values.speed}'}}\n",
     f"{FILE}: item 'sheet.rows': key 'Where.text': unknown field 'values'"),
    ("sheet: {values: numbrs}\n", f"{EFILE}: item 'sheet': key 'values': no function 'numbrs'"),
    ("sheet: {about: '{sid}'}\n",
     f"{FILE}: item 'sheet': key 'about': unknown field 'sid' (did you mean 'side'?)"),
    ("sheet: {about: 3}\n", f"{FILE}: item 'sheet': key 'about': expected text, got 3"),
    ("table: {drawn_after: action}\n", f"{FILE}: item 'table': key 'drawn_after': expected "
                                       "one of turn, round; got 'action'"),
    ("table: {hp_column: maybe}\n", f"{FILE}: item 'table': key 'hp_column': expected "
                                     "true or false, got 'maybe'"),
    ("table: {hidden_effects: dying}\n", f"{FILE}: item 'table': key 'hidden_effects': "
                                          "expected a list, got 'dying'"),
    ("table: {groups_by: Engagement}\n", f"{FILE}: item 'table': key 'groups_by': "
                                          "expected a name"),
    ("events: [unclosed\n", f"{FILE}: line 2, column 1: while parsing a flow sequence: did "
                            "not find expected ',' or ']'"),
]


def of(expected: str) -> str:
    """The ruleset whose screen file a case is written in: by the file it names."""
    return EVENTS_OF if expected.startswith(EFILE) else "dungeoneers"


@pytest.mark.parametrize("text, expected", CASES)
def test_each_mistake_is_one_line_naming_file_entry_and_key(tmp_path, monkeypatch, text,
                                                            expected):
    found = errors(reader(tmp_path / "content", monkeypatch, of(expected)), text)
    folders._declaration.cache_clear()
    assert len(found) == 1 and found[0].startswith(expected), found


def test_every_mistake_of_a_file_is_reported_at_once(events_file):
    found = errors(events_file, """
        events:
          Moved: {line: nothing_here}
          Engaged: "{trget}"
        table: {wrap: true}
        """)
    assert len(found) == 3


def test_a_file_that_is_not_yaml_is_one_line(screen_file):
    found = errors(screen_file, "events: [unclosed\n")
    assert len(found) == 1 and found[0].startswith(f"{FILE}: ")


# What the Errors section of "screen.yaml" in docs/rulesets.md shows that is no message
LEFT_OUT = {"FILE: item 'ENTRY': key 'KEY': what is wrong": "the shape of every line",
            "ContentError": "the exception's name", "text": "a key", "line": "a key",
            "_": "a character", "drawn_after": "a key"}


def test_every_error_the_docs_list_is_one_a_broken_screen_file_prints(tmp_path,
                                                                       monkeypatch):
    """Each message of the docs' list is printed by one of CASES (each in a content folder
    of its own), and each case's line is in the list."""
    documented = shown(errors_section("## screen.yaml"), LEFT_OUT)
    assert len(documented) >= 25
    assert_docs_and_cases_agree(documented, [
        (errors(reader(tmp_path / str(n) / "content", monkeypatch, of(expected)), text),
         expected)
        for n, (text, expected) in enumerate(CASES)])
    folders._declaration.cache_clear()


def test_a_broken_screen_file_is_a_content_error_where_the_screen_is_first_read(
        screen_file):
    (folders.content_root() / "dungeoneers" / "screen.yaml").write_text(
        "table: {columns: {Left: '{nope}'}}\n", encoding="utf-8")
    (folders.content_root() / "dungeoneers" / "actions.yaml").write_text(   # a ruleset's
        "{}\n", encoding="utf-8")
    folders._declaration.cache_clear()
    plugins.screen.cache_clear()
    try:
        with pytest.raises(ContentError, match="unknown field 'nope'"):
            plugins.screen("dungeoneers")
    finally:
        plugins.screen.cache_clear()


# --- the template language ---------------------------------------------------------------

@dataclass(frozen=True)
class Drew:
    actor: str
    weapon: str | None = None
    count: int = 0
    ids: tuple = ()


def draw(source: str, event, **kw) -> str:
    return parse(source, **kw)(lambda key: getattr(event, key), NAMES)


@pytest.mark.parametrize("source, event, expected", [
    ("{actor|name} draws the {weapon!i}", Drew("ann", "long-bow"), "Ann draws the long bow"),
    ("{actor!n}[ with the {weapon|item|title}]", Drew("bo"), "Bo"),
    ("{actor!n}[ with the {weapon|item|title}]", Drew("bo", "war-axe"), "Bo with the War Axe"),
    ("{count|plural tile}", Drew("a", count=1), "1 tile"),
    ("{count|plural tile}", Drew("a", count=0), "0 tiles"),
    ("{count|plural die dice}", Drew("a", count=3), "3 dice"),
    ("{count|signed}", Drew("a", count=3), "+3"),
    ("[{count} left]", Drew("a", count=0), "0 left"),            # 0 is not empty
    ("{ids|name|join}", Drew("a", ids=("ann", "bo", "cy")), "Ann, Bo, cy"),
    ("{ids|item|join|else nobody}", Drew("a"), "nobody"),
    ("{weapon|else bare hands}", Drew("a"), "bare hands"),
    ("{count|else –}", Drew("a", count=0), "–"),
    ("{{literal}} [[x]]", Drew("a"), "{literal} [x]"),
])
def test_templates_draw_fields_filters_and_optional_parts(source, event, expected):
    assert draw(source, event) == expected


def test_a_template_names_only_the_fields_and_filters_it_is_given():
    with pytest.raises(TemplateError, match="unknown field 'weapn'"):
        parse("{weapn}", fields={"weapon"})
    assert draw("{weapon|shout}", Drew("a", "axe"), functions={"shout": str.upper}) == "AXE"
    assert draw("{weapon|words held}", Drew("a", "axe"), words={"held": {"axe": "an axe"}}) \
        == "an axe"
    flags = {"up": {True: "is up", False: "is down"}}
    assert draw("{count|words up}", Drew("a", count=True), words=flags) == "is up"


SPECIAL = "{}[]"


def escaped(text: str) -> str:
    return "".join(ch * 2 if ch in SPECIAL else ch for ch in text)


@given(st.text())
def test_any_text_escaped_draws_as_itself(text):
    assert parse(escaped(text))(lambda key: None) == text


@given(st.text())
def test_any_text_parses_or_is_a_template_error_never_a_crash(text):
    try:
        parse(text)
    except TemplateError:
        pass


def test_a_run_with_a_broken_screen_file_stops_with_its_one_line(tmp_path):
    import shutil
    import subprocess
    import sys
    root = tmp_path / "content"
    shutil.copytree(folders.content_root() / "dungeoneers", root / "dungeoneers")
    screen = root / "dungeoneers" / "screen.yaml"
    name, where = "most_left_legend", "'table': key 'legend'"   # a shared function
    module = "the functions a data ruleset's screen has"
    screen.write_text(screen.read_text(encoding="utf-8").replace(name, name + "s"),
                      encoding="utf-8")
    script = tmp_path / "fight.txt"
    script.write_text("new --ruleset dungeoneers\nadd ann --as freya --at A1\n"
                      "add bo --as skeleton --at B1 --side enemies\ninit ann bo\nstart\n",
                      encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "shaper_gm", "run", str(script)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**__import__("os").environ, folders.ENV_VAR: str(root)})
    assert done.returncode == 2 and "View(" not in done.stdout
    assert done.stderr.splitlines() == [
        f"error: content/dungeoneers/screen.yaml: item {where}: no function '{name}s' in "
        f"{module} (did you mean '{name}'?); fix content/ or set SHAPER_GM_CONTENT to a "
        "content folder"]


def test_a_folder_left_with_only_compiled_files_is_no_python_ruleset(monkeypatch):
    """A ruleset folder of the package left with only __pycache__ (a checkout from before
    the ruleset was written as data) imports as a namespace package, with no origin:
    its screen is read as a data ruleset's, with no events module of its own."""
    import importlib.machinery
    import importlib.util

    real = importlib.util.find_spec

    def stale(name, *args):
        if name == "shaper_gm.rulesets.dicepool":
            return importlib.machinery.ModuleSpec(name, None, is_package=True)
        return real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", stale)
    plugins.screen.cache_clear()
    try:
        assert read_screen("dicepool") is not None
    finally:
        plugins.screen.cache_clear()

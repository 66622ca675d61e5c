"""`content/ID/verbs.yaml`: every mistake in a ruleset's verbs file is refused at load
with one line naming the file, the entry and the key, and nothing else ever escapes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.commands import verbfile
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.table import VerbTable
from shaper_gm.content.schema import ContentError
from tests.docs_errors import assert_docs_and_cases_agree, errors_section, shown

# a Python ruleset's verbs file and module as the example (reactions, the dice pool and
# the time slices are data now)
MODULE = "shaper_gm.rulesets.shaper.verbs"
FILE = "content/shaper/verbs.yaml"
ODDS = "  odds: {handler: odds, summary: s}\n"


def python_shaper():
    """The Python Shaper ruleset on the checkout's content (the example of a Python
    ruleset's verbs file, whichever version plays `shaper`: `--as-data shaper` names
    the data version's content in SHAPER_GM_CONTENT)."""
    import importlib
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SHAPER_GM_CONTENT", raising=False)
        return importlib.import_module(MODULE.removesuffix(".verbs")).build()


@pytest.fixture(scope="module")
def rs():
    return python_shaper()


def installed(rs, table: VerbTable) -> Registry:
    """The shared verbs, then `table`'s, as an encounter gets them."""
    from shaper_gm.commands.verbs import gm, setup, turns, views
    registry = Registry()
    for shared in (setup.verbs, turns.verbs, gm.verbs, views.verbs):
        shared.install(registry, rs)
    table.apply_extensions(registry, rs)
    table.install(registry, rs)
    return registry


def errors(tmp_path, monkeypatch, rs, text: str | bytes | None) -> tuple[str, ...]:
    """The errors a verbs file with `text` (None: no file) gets, each one line."""
    folder = tmp_path / "content" / "shaper"
    folder.mkdir(parents=True)
    if text is not None:
        (folder / "verbs.yaml").write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(tmp_path / "content"))
    with pytest.raises(ContentError) as refused:
        installed(rs, VerbTable.from_file(MODULE))
    for line in refused.value.errors:
        assert "\n" not in line and line.startswith(FILE + ": "), line
    return refused.value.errors


CASES = {
    "no file": (None, "missing; the shaper ruleset declares its verbs there"),
    "top not a mapping": ("- odds\n", "expected a mapping with verbs"),
    "unknown section": ("verb:\n" + ODDS, "key 'verb': unknown key (did you mean 'verbs'?)"),
    "no verbs": ("extend: {}\n", "key 'verbs': missing (required)"),
    "section not a mapping": ("verbs: [odds]\n", "key 'verbs': expected a mapping of names"),
    "bad entry name": ("verbs:\n  Odds: {handler: odds, summary: s}\n",
                       "key 'verbs.Odds': expected a name of lowercase letters"),
    "entry not a mapping": ("verbs:\n  odds: 3\n", "item 'verbs.odds': expected a mapping"),
    "unknown verb key": ("verbs:\n  odds: {handler: odds, sumary: s}\n",
                         "item 'verbs.odds': key 'sumary': unknown key (did you mean "
                         "'summary'?)"),
    "no summary": ("verbs:\n  odds: {handler: odds}\n", "key 'summary': missing (required)"),
    "neither action nor handler": ("verbs:\n  odds: {summary: s}\n",
                                   "item 'verbs.odds': give one of action:"),
    "both action and handler": ("verbs:\n  attack: {action: actions.ATTACK, handler: odds, "
                                "summary: s}\n", "give one of action:"),
    "action not MODULE.NAME": ("verbs:\n  attack: {action: ATTACK, summary: s}\n",
                               "key 'action': expected MODULE.NAME"),
    "action in no module": ("verbs:\n  attack: {action: nowhere.ATTACK, summary: s}\n",
                            "key 'action': the ruleset has no module 'nowhere'"),
    "action names no action": ("verbs:\n  attack: {action: model.SP, summary: s}\n",
                               "key 'action': model.SP is not an action"),
    "action names nothing in its module": (
        "verbs:\n  attack: {action: actions.NOPE, summary: s}\n",
        "key 'action': actions.NOPE is not an action of shaper_gm.rulesets.shaper.actions"),
    "action of another verb": ("verbs:\n  move: {action: actions.ATTACK, summary: s}\n",
                               "actions.ATTACK is the action 'attack', not 'move'"),
    "unknown handler": ("verbs:\n  odds: {handler: oddz, summary: s}\n",
                        "key 'handler': no function 'oddz' in " + MODULE),
    "handler with parse": ("verbs:\n  odds: {handler: odds, parse: odds, summary: s}\n",
                           "key 'parse': only an action takes parse:"),
    "unknown parse": ("verbs:\n  attack: {action: actions.ATTACK, parse: reed, summary: s}\n",
                      "key 'parse': no function 'reed'"),
    "bad group": ("verbs:\n  odds: {handler: odds, summary: s, group: gms}\n",
                  "key 'group': expected one of setup, play, gm, view, file; got 'gms'"),
    "summary not text": ("verbs:\n  odds: {handler: odds, summary: [s]}\n",
                         "key 'summary': expected text, got a list"),
    "logged not true or false": ("verbs:\n  odds: {handler: odds, summary: s, logged: 3}\n",
                                 "key 'logged': expected true or false, got 3"),
    "flags not a list": ("verbs:\n  odds: {handler: odds, summary: s, flags: {name: x}}\n",
                         "key 'flags': expected a list of flags"),
    "unknown flag key": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: x, "
                         "kindd: int}]}\n", "key 'flags[0].kindd': unknown key (did you "
                                            "mean 'kind'?)"),
    "flag without name": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{kind: int}]}\n",
                          "key 'flags[0].name': missing (required)"),
    "bad flag name": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: X}]}\n",
                      "key 'flags[0].name': expected a flag name"),
    "bad flag kind": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: x, "
                      "kind: float}]}\n", "key 'flags[0].kind': expected one of bool, int"),
    "flag twice": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: x}, "
                   "{name: x}]}\n", "key 'flags': --x is declared twice"),
    "unknown flag set": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{use: aim}]}\n",
                         "key 'flags[0].use': no flag set 'aim'"),
    "unknown flag set beside the file's own": (
        "flag_sets:\n  aiming: [{name: x}]\nverbs:\n  odds: {handler: odds, summary: s, "
        "flags: [{use: aim}]}\n", "no flag set 'aim' (declared before it: slots, react, "
                                  "json, aiming)"),
    "use of no name": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{use: 3}]}\n",
                       "key 'flags[0].use': expected the name of a flag set, got 3"),
    "use with other keys": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{use: json, "
                            "name: x}]}\n", "key 'flags[0]': use: takes no other keys"),
    "slot flags without slots": ("verbs:\n  odds: {handler: odds, summary: s, "
                                 "flags: [{use: slots}]}\n",
                                 "use: slots, but the verb declares no slots"),
    "flag set of a built-in name": ("flag_sets:\n  json: []\nverbs:\n" + ODDS,
                                    "item 'flag_sets.json': 'json' is a built-in flag set"),
    "flag set used before it is declared": (
        "flag_sets:\n  a: [{use: b}]\n  b: [{name: x}]\nverbs:\n" + ODDS,
        "item 'flag_sets.a': key 'flags[0].use': no flag set 'b'"),
    "unknown slot": ("verbs:\n  odds: {handler: odds, summary: s, slots: [roll]}\n",
                     "key 'slots[0]': no slot 'roll' in slots:"),
    "bad slot field": ("verbs:\n  odds: {handler: odds, summary: s, slots: {roll: "
                       "{each: 1}}}\n", "key 'slots.roll.each': expected true or false"),
    "slots not a mapping": ("verbs:\n  odds: {handler: odds, summary: s, slots: 5}\n",
                            "key 'slots': expected a mapping of slots or a list"),
    "shared slot not a mapping": ("slots:\n  roll: 5\nverbs:\n" + ODDS,
                                  "item 'slots.roll': expected a mapping with each and help"),
    "not a reference": ("verbs:\n  odds: {handler: odds, summary: 's {1x}'}\n",
                        "key 'summary': {1x} is not a reference"),
    "a stray brace": ("verbs:\n  odds: {handler: odds, summary: 's } x'}\n",
                      "key 'summary': a brace that opens no reference"),
    "a number the content lacks": ("verbs:\n  odds: {handler: odds, summary: "
                                   "'s {numbers.nope}'}\n",
                                   "key 'summary': {numbers.nope} names nothing"),
    "a term the ruleset lacks": ("verbs:\n  odds: {handler: odds, summary: 's {term.nope}'}\n",
                                 "key 'summary': {term.nope} names nothing"),
    "a value no module exports": ("verbs:\n  odds: {handler: odds, summary: s, flags: "
                                  "[{name: x, help: '{models.NOPE}'}]}\n",
                                  "key 'flags': {models.NOPE} names nothing"),
    "bad choices": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: x, "
                    "choices: 'a b'}]}\n", "expected a list of words or a value's name"),
    "choices naming no list": ("verbs:\n  odds: {handler: odds, summary: s, flags: [{name: x, "
                               "choices: verbs}]}\n", "key 'flags': {verbs} names no list "
                               "of choices"),
    "extension of no shared verb": ("verbs:\n" + ODDS + "extend:\n  hurt: {summary: s}\n",
                                    "item 'extend.hurt': extends 'hurt', which is no shared "
                                    "verb"),
    "extension before no flag": ("verbs:\n" + ODDS + "extend:\n  add: {before: cnt, flags: "
                                 "[{name: x}]}\n", "key 'before': add has no flag --cnt"),
    "extension key a verb alone takes": ("verbs:\n" + ODDS + "extend:\n  add: {group: gm}\n",
                                         "item 'extend.add': key 'group': unknown key"),
    "not YAML": ("verbs: [\n", "line"),
    "not UTF-8": (b"verbs:\n  odds: {handler: odds, summary: \xe9t\xe9}\n",
                  "not UTF-8 text (invalid continuation byte)"),
}


@pytest.mark.parametrize("text,said", CASES.values(), ids=CASES.keys())
def test_a_broken_verbs_file_is_refused_in_one_line_naming_entry_and_key(
        tmp_path, monkeypatch, rs, text, said):
    assert any(said in line for line in errors(tmp_path, monkeypatch, rs, text))


# What the Errors section of "verbs.yaml" in docs/rulesets.md shows that is no message
LEFT_OUT = {
    "FILE: item 'SECTION.NAME': key 'KEY': what was expected": "the shape of every line",
    "new --ruleset ID": "a command",
    "error: ...; fix content/ or set SHAPER_GM_CONTENT to a content folder":
        "how start-up frames any such line (test_screen_file's run stops with it)",
}


def test_every_error_the_docs_list_is_one_a_broken_verbs_file_prints(tmp_path, monkeypatch,
                                                                      rs):
    """Each message of the docs' table is printed by one of CASES (each in a folder of
    its own: the files are read once per folder), and each case's line is in the table."""
    documented = shown(errors_section("## verbs.yaml"), LEFT_OUT)
    assert len(documented) >= 30
    assert_docs_and_cases_agree(documented, [
        (errors(tmp_path / str(n), monkeypatch, rs, text), said)
        for n, (text, said) in enumerate(CASES.values())])


def test_a_ruleset_without_its_verbs_file_says_where_it_belongs(tmp_path, monkeypatch, rs):
    assert errors(tmp_path, monkeypatch, rs, None) == (
        f"{FILE}: missing; the shaper ruleset declares its verbs there",)


def test_every_mistake_of_a_file_is_reported_at_once(tmp_path, monkeypatch, rs):
    text = ("verbs:\n  odds: {handler: oddz, summary: s}\n"
            "  attack: {action: actions.ATTACK, summary: '{cost.nope}', sumary: s}\n")
    assert len(errors(tmp_path, monkeypatch, rs, text)) == 3


def test_a_broken_file_is_read_again_once_fixed(tmp_path, monkeypatch, rs):
    table = VerbTable.from_file(MODULE)
    monkeypatch.setattr(verbfile, "declaration", lambda rid, name: (FILE, {"verbs": 3}))
    with pytest.raises(ContentError):
        installed(rs, table)
    monkeypatch.setattr(verbfile, "declaration", lambda rid, name: (FILE, {"verbs": {
        "odds": {"handler": "odds", "summary": "s"}}}))
    assert installed(rs, table).verbs["odds"].summary == "s"


# Any plain data a YAML file can hold, a few levels deep, with the words the format uses.
WORDS = st.sampled_from(["verbs", "extend", "flag_sets", "slots", "odds", "attack", "add",
                         "action", "handler", "summary", "flags", "use", "name", "kind",
                         "each", "help", "before", "actions.ATTACK", "int", "json", "{x}",
                         "{numbers.nope}", "choices", "models.ATTACK_TYPES", "words"])
DATA = st.recursive(st.none() | st.booleans() | st.integers() | WORDS,
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(WORDS | st.integers() | st.none(), inner, max_size=4),
                    max_leaves=12)


KEYS = st.sampled_from([*verbfile.VERB_FIELDS, "before"])
# A file right but for one key of a verb or of an extension, or for one flag.
NEAR = (st.builds(lambda key, value: {"verbs": {"odds": {"handler": "odds", "summary": "s",
                                                         key: value}}}, KEYS, DATA)
        | st.builds(lambda key, value: {"verbs": {}, "extend": {"add": {key: value}}},
                    KEYS, DATA)
        | st.builds(lambda flag: {"verbs": {"odds": {"handler": "odds", "summary": "s",
                                                     "flags": [flag]}}},
                    st.dictionaries(st.sampled_from(list(verbfile.FLAG_FIELDS) + ["use"]),
                                    DATA, max_size=4)))


@settings(max_examples=200, deadline=None)
@given(DATA | NEAR)
def test_no_verbs_file_ever_raises_anything_but_a_content_error(data):
    rs = python_shaper()
    table = VerbTable.from_file(MODULE)
    original = verbfile.declaration
    verbfile.declaration = lambda rid, name: (FILE, data)
    try:
        installed(rs, table)
    except ContentError as refused:
        assert all("\n" not in line and line.startswith(FILE) for line in refused.errors)
    finally:
        verbfile.declaration = original


def test_a_ruleset_whose_verbs_file_is_broken_is_refused_before_an_encounter_runs_it(
        tmp_path, monkeypatch):
    import shutil
    from pathlib import Path

    from shaper_gm.app import new_session
    from shaper_gm.errors import GmError
    from shaper_gm.rulesets.shaper import verbs

    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", root)
    (root / "shaper" / "verbs.yaml").write_text("verbs:\n  odds: {handler: oddz, "
                                                   "summary: s}\nextend:\n  hurt: {}\n")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(root))
    monkeypatch.setattr(verbs, "verbs", VerbTable.from_file(MODULE))
    session = new_session(ruleset="d20", seed=1)
    with pytest.raises(GmError) as refused:
        session.execute("new --ruleset shaper")
    assert "no function 'oddz'" in refused.value.message
    assert refused.value.message.endswith("(and 1 more)")      # extend: hurt, no shared verb
    assert "fix content/shaper/verbs.yaml" in refused.value.hint
    assert "\n" not in refused.value.message
    assert session.state.ruleset == "d20"
    assert session.execute("help").verb == "help"

"""A verb's usage line is derived from its declaration: its positionals in the words the
ruleset uses, then its flags, kept in step when a ruleset extends a shared verb."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.commands import build_registry
from shaper_gm.commands.args import flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine import registry as rulesets

RULESETS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions", "d20")


def ruleset(rid: str):
    return rulesets.build(rid)


def installed(table: VerbTable, rid: str = "shaper") -> Registry:
    registry = Registry()
    table.install(registry, ruleset(rid))
    return registry


def test_a_verb_declared_without_usage_gets_one_from_its_positionals_and_flags():
    table = VerbTable()

    @table.command("poke", summary="poke someone", positionals=("actor?", "target", "number?"),
                   flags=(flag("with", "text", metavar="WEAPON"), flag("sp"),
                          flag("times", "int", repeat=True), flag("id", "text")))
    def poke(ctx):
        return None

    assert installed(table).verbs["poke"].usage == \
        "poke [ACTOR] TARGET [N] [--with WEAPON] [--sp] [--times N]..."


def test_a_declaration_names_its_positionals_and_a_given_usage_stands():
    table = VerbTable()
    table.command("hurt", summary="s", positionals=("actor", "number"),
                  words={"actor": "TARGET"})(lambda ctx: None)
    table.command("odd", summary="s", positionals=("actor",), usage="odd WHO")(lambda ctx: None)
    verbs = installed(table).verbs
    assert verbs["hurt"].usage == "hurt TARGET N"
    assert verbs["odd"].usage == "odd WHO"


@pytest.mark.parametrize("rid", RULESETS)
def test_a_zone_and_a_cost_are_written_in_the_rulesets_words(rid):
    rs = ruleset(rid)
    table = VerbTable()
    table.command("go", summary="s", positionals=("actor?", "cost", "zone"))(lambda ctx: None)
    cost = rs.term("act_cost") or "COST"
    assert installed(table, rid).verbs["go"].usage == \
        f"go [ACTOR] {cost} {rs.term('cell').upper()}"


@given(st.lists(st.sampled_from(["alpha", "beta", "gamma-x", "delta"]), unique=True))
def test_an_extended_shared_verb_shows_its_new_flags_in_order(names):
    shared, own = VerbTable(), VerbTable()
    shared.command("hit", summary="s", positionals=("actor",),
                   flags=(flag("first"), flag("last", "int")))(lambda ctx: None)
    own.extend("hit", flags=tuple(flag(n, "text") for n in names), before="last")
    registry = Registry()
    rs = ruleset("shaper")
    shared.install(registry, rs)
    own.apply_extensions(registry, rs)
    added = "".join(f" [--{n} TEXT]" for n in names)
    assert registry.verbs["hit"].usage == f"hit ACTOR [--first]{added} [--last N]"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_flag_a_usage_line_shows_is_declared(rid):
    for verb in build_registry(ruleset(rid)).verbs.values():
        shown = {word[2:].split("]")[0].split(" ")[0].split("|")[0]
                 for word in verb.usage.replace("[", " ").split() if word.startswith("--")}
        declared = {spec.name for spec in verb.flags}
        assert shown <= declared, (verb.name, shown - declared)


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rulesets_own_verbs_are_those_its_verbs_file_declares(rid):
    """A Python ruleset's verbs file, or a data ruleset's actions file (each action a verb,
    the shared `odds` beside them; a GM's tool such as `harm` is not a verb) and the verbs
    its ruleset.yaml declares (a side check's, `surprise`; `wait` where time passes)."""
    from shaper_gm.content.folders import declaration
    from shaper_gm.rulesets.data.waiting import waits
    registry = build_registry(ruleset(rid))
    own = {name for name in registry.verbs if name not in registry.shared}
    found = declaration(rid, "verbs.yaml")
    if found is None:
        rs = ruleset(rid)
        declared = {name for name, _ in rs.library.actions} | {"odds"} | \
            {name for name, _ in rs.library.numbers.get("side_checks") or ()} | \
            ({"wait"} if waits(rs) else set())
        replacing = declared & set(registry.shared)   # act, react: the shared verb's words
        assert own | replacing == {name for name in declared if name in registry.verbs}
        return
    data = found[1]
    assert own <= set(data["verbs"]) <= set(registry.verbs)
    assert set(data.get("extend", {})) <= registry.shared


def test_a_verbs_file_is_read_once_however_many_encounters_install_it(monkeypatch):
    """The Python Shaper ruleset's verbs file, on the checkout's content whichever
    version plays `shaper` (`--as-data shaper` names the data version's content)."""
    import importlib

    from shaper_gm.commands import verbfile
    monkeypatch.delenv("SHAPER_GM_CONTENT", raising=False)
    reads = []
    real = verbfile.read_verbs
    monkeypatch.setattr(verbfile, "read_verbs", lambda *a: reads.append(a) or real(*a))
    table = VerbTable.from_file("shaper_gm.rulesets.shaper.verbs")
    python_shaper = importlib.import_module("shaper_gm.rulesets.shaper").build()
    for _ in range(3):
        table.install(Registry(), python_shaper)
    assert len(reads) == 1 and [e.name for e in table.declared][:2] == ["attack", "skill"]


"""`--verbose` on any verb that resolves an action, in every ruleset (issue 22): under
`details brief` the command prints its whole breakdown (the indented rows under the
verdict) this once; without it, the verdict lines alone. It is never logged, so a replay
gives the same state either way."""

from __future__ import annotations

import io

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.render.console import Renderer, make_console

# ruleset: (set-up lines, one attack with its dice given)
FIGHTS = {
    "shaper": (("add josh --as josh --side party --at B4", "add raider --as raider --at B4",
                "init josh raider", "start", "draw longbow"),
               "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6"),
    "dungeoneers": (("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                     "init freya skeleton", "start"),
                    "strike freya skeleton --roll 6 --dodge 1 --pierce 6"),
    "timeslice": (("add kara --as kara --at B2", "add guard --as guard --at C2",
                   "init kara guard", "start"),
                  "attack guard --roll 9,9 --defend 0,0"),
    "dicepool": (("add freya --as freya --at A1", "add barry --as barry --at B2",
                  "init freya barry", "start"),
                 "attack barry --roll 6,6,6,6,6 --damage 8,8,8,8"),
    "reactions": (("add ann --as duellist --side party --at B2 --name Ann",
                   "add bo --as duellist --at C2 --name Bo", "init ann bo", "start"),
                  "attack bo --with duelling-sword"),
    "d20": (("add brak --as fighter --side party --at A1", "add gob --as goblin --at B1",
             "init brak gob", "start"),
            "attack gob --attack 15 --damage 4"),
}


def shown(ruleset: str, verbose: bool) -> tuple[Session, str]:
    setup, attack = FIGHTS[ruleset]
    session = new_session(ruleset=ruleset, seed=11)
    for line in setup:
        session.execute(line)
    out = io.StringIO()
    renderer = Renderer(make_console(out, width=100), ruleset_for=session.ruleset_for,
                        details="brief")
    renderer.show(session.execute(attack + (" --verbose" if verbose else "")), session.state)
    return session, out.getvalue()


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_verbose_prints_this_attacks_breakdown_under_details_brief(ruleset):
    """The same lines (the verdict first, then the order table a turn change brings),
    and with --verbose the breakdown's indented rows besides; no more, no less."""
    plain, brief = shown(ruleset, verbose=False)
    loud, full = shown(ruleset, verbose=True)
    added = [line for line in full.splitlines() if line not in brief.splitlines()]
    assert len(added) >= 2 and all(line.startswith(" ") for line in added)
    assert [line for line in full.splitlines() if line not in added] == brief.splitlines()
    assert full.splitlines()[0] == brief.splitlines()[0]          # the same verdict first
    assert loud.log[1:] == plain.log[1:] and "--verbose" not in "\n".join(loud.log)
    replayed = Session()
    replayed.run_lines(list(loud.log))
    assert replayed.state == loud.state


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_help_lists_verbose_for_the_attack_and_not_for_a_view(ruleset):
    session = new_session(ruleset=ruleset, seed=11)
    verb = FIGHTS[ruleset][1].split()[0]
    assert session.registry.lookup(verb).flag("verbose") is not None
    out = io.StringIO()
    Renderer(make_console(out, width=100)).show(session.execute(f"help {verb}"), session.state)
    assert "--verbose" in out.getvalue() and "whatever `details` says" in out.getvalue()
    assert session.registry.lookup("show").flag("verbose") is None

"""The contract's "Reactions verbs" and shared verbs exist in a reactions encounter with
the flags, dice slots and sheet numbers it lists, and the costs the verbs charge are
the content's."""

from __future__ import annotations

from tests.rulesets.reactions.conftest import session

SHARED = ("new", "add", "remove", "place", "init", "start", "damage", "heal", "set",
          "effect", "roll", "odds", "rolls", "undo", "redo", "act", "react", "end", "pass",
          "show", "map", "order", "log", "help")
CONTRACT_NUMBERS = ("physical_armor", "magical_armor", "block_bonus", "block", "dodge",
                    "critical", "critical_bonus", "reactions", "speed", "initiative")


def test_every_verb_flag_and_slot_of_the_contract_is_there():
    s = session()
    registry = s.registry
    assert set(SHARED) | {"attack", "move", "shield"} <= set(registry.verbs)
    attack = registry.verbs["attack"]
    flags = {f.name: f for f in attack.flags}
    assert {"with", "type", "power", "react", "block", "dodge", "crit", "to"} <= set(flags)
    assert flags["react"].repeat and flags["block"].repeat and flags["dodge"].repeat
    assert not flags["crit"].repeat and flags["crit"].kind == "faces"
    assert {"json", "react", "with", "type", "power"} <= {f.name for f in
                                                        registry.verbs["odds"].flags}
    assert {"type", "direct"} <= {f.name for f in registry.verbs["damage"].flags}
    assert registry.verbs["move"].positionals == ("actor?", "zone")
    assert registry.verbs["odds"].logged is False
    own = registry.own_verbs()
    assert {"attack", "move", "shield", "odds"} <= set(own)         # listed on a refusal


def test_sheet_numbers_costs_and_save_keys():
    s = session()
    rs = s.ruleset_for(s.state)
    assert set(rs.sheet_numbers) == set(CONTRACT_NUMBERS)
    for action in ("attack", "shield", "move"):
        assert rs.library.action(action).cost                    # R10, R12
    assert {"reactions", "shield"} <= set(s.state.actors["ann"].resource_map())
    assert rs.act_cost("action") and rs.act_cost("move") and rs.act_cost("major") is None
    s.execute("add cy --stat block=9 --stat reactions=3 --hp 12 --at H8")
    cy = s.state.actors["cy"]
    assert (cy.sheet.block, cy.resource("reactions"), cy.hp) == (9, 3, 12)

"""The ruleset object: what the engine and the commands ask of it (sheets, resources,
effects, the GM's damage and heal tools), and the registry building it."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine import registry
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.ruleset import Ruleset
from shaper_gm.engine.state import Effect
from tests.rulesets.reactions.conftest import AttackRequest, attack, make, started, tape

CONTRACT_NUMBERS = ("physical_armor", "magical_armor", "block_bonus", "block", "dodge",
                    "critical", "critical_bonus", "reactions", "speed", "initiative")


def test_the_registry_builds_it_with_the_contracts_names(rs):
    built = registry.build("reactions")
    assert isinstance(built, Ruleset)
    assert (built.id, built.name, built.rules) == ("reactions", "Reactions", "R1-R12")
    assert set(built.sheet_numbers) == set(CONTRACT_NUMBERS) and built.has_hp
    specs = {s.name: s for s in built.resources}
    assert {"reactions", "shield"} <= set(specs)                  # the save keys
    assert (specs["reactions"].max, specs["reactions"].refill, specs["reactions"].off_turn) \
        == ("reactions", "turn_start", True)
    assert (specs["move"].max, specs["move"].refill, specs["move"].lapse) == (1, "turn_start",
                                                                             "turn_end")
    assert built.turn_order.kind == "fixed"


def test_an_actor_from_the_default_sheet_with_stat_overrides(rs):
    actor = make(rs, "gob-1", "enemies", "A1", None,
                 {"block": 9, "reactions": 3, "hp": 12}, {"weapons": ["staff"], "shield": True})
    assert (actor.name, actor.hp, actor.max_hp) == ("Gob 1", 12, 12)
    assert (actor.sheet.block, actor.sheet.dodge, actor.sheet.weapons) == (9, 15, ("staff",))
    assert actor.sheet.shield == "buckler"
    assert actor.resource_map() == {"move": 1, "action": 1, "reactions": 3, "shield": 0}
    assert [rs.stat(actor.sheet, k) for k in ("block", "reactions", "hp")] == [9, 3, 12]


def test_a_template_with_a_named_shield(rs):
    actor = make(rs, "k", "party", None, "knight", {}, {"shield": "ward"}, name="Sir K")
    assert (actor.name, actor.sheet.shield, actor.template) == ("Sir K", "ward", "knight")


@pytest.mark.parametrize("template, numbers, extra, message", [
    ("dragon", {}, {}, r"no creature 'dragon'"),
    (None, {"might": 2}, {}, r"--stat might: not a reactions sheet number"),
    (None, {"block": 0}, {}, r"block=0 is out of range: .*1 .* 21 \(R3: a d20 target"),
    (None, {"speed": -1}, {}, r"speed=-1 is out of range: .* at least 0"),
    (None, {"hp": 0}, {}, r"--hp 0 is out of range: .* at least 1 .*\(R8\)"),
    (None, {"block": "x"}, {}, r"not a whole number"),
    (None, {}, {"weapons": ["laser"]}, r"no weapon or spell 'laser'"),
    (None, {}, {"shield": "door"}, r"no shield 'door' \(R12\)"),
    (None, {}, {"prof": {}}, r"add has no 'prof' here"),
])
def test_make_actor_refusals(rs, template, numbers, extra, message):
    with pytest.raises(RuleViolation, match=message):
        make(rs, "x", "a", None, template, numbers, extra)


def test_effects_change_the_numbers_the_attack_reads(rs):
    state = started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2"))
    ann = state.actors["ann"]
    bo = state.actors["bo"]
    state = state.with_actors([
        ann.with_(effects=(Effect("rage", mods=(("power", 5), ("critical", -2))),)),
        bo.with_(effects=(Effect("stone skin", mods=(("physical_armor", 4),)),))])
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"), tape({"crit": [14]}))
    assert (out.power, out.critical_target, out.critical, out.armor) == (29, 14, True, 10)
    assert out.damage == 29 + 10 - 10
    assert set(rs.effect_keys) >= {"power", "block", "dodge", "critical"}


def test_gm_damage_runs_typed_damage_through_armor_and_shield(rs):
    state = started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2"))
    bo = state.actors["bo"]
    state = state.with_actor(bo.with_resources({**bo.resource_map(), "shield": 5}))
    after, events = rs.damage(state, "bo", 20, {"type": "magical"})
    outcome = events[0].outcome
    assert (outcome.armor, outcome.damage, outcome.soaked) == (6, 14, 5)
    assert after.actors["bo"].hp == 51 and after.actors["bo"].resource("shield") == 0
    assert ("bo", "shield", 5, 0) in [(e.actor, e.resource, e.before, e.after) for e in events
                                      if isinstance(e, ev.ResourceChanged)]   # R7: soaked 5
    after, _ = rs.damage(state, "bo", 20, {"direct": True})
    assert after.actors["bo"].hp == 40 and after.actors["bo"].resource("shield") == 5
    after, events = rs.damage(state, "bo", 99, {"type": "true"})
    assert after.actors["bo"].down and ev.WentDown("bo", "down", "R8") in events
    for options, message in (({"type": "fire"}, "no attack type"),
                             ({"pierce": 2}, "no option pierce")):
        with pytest.raises(RuleViolation, match=message):
            rs.damage(state, "bo", 5, options)
    with pytest.raises(RuleViolation, match="negative"):
        rs.damage(state, "bo", -5, {})


def test_gm_heal_stops_at_the_maximum_and_brings_a_down_creature_back(rs):
    state = started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2"))
    state, _ = rs.damage(state, "bo", 99, {"type": "true"})
    state, events = rs.heal(state, "bo", 100)
    assert state.actors["bo"].hp == 60 and not state.actors["bo"].down
    assert events == [ev.HpChanged("bo", 0, 60, "healed 60 (100, capped at max HP)"),
                      ev.Revived("bo")]
    with pytest.raises(RuleViolation, match="no actor 'zed'"):
        rs.heal(state, "zed", 1)


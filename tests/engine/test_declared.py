"""An action declared as data (engine/declared.py), run through the engine's one
pipeline (`engine.play.perform`) on a small ruleset defined here: a d20 attack against
armour class with advantage, critical dice and temporary hit points taken first (the
d20 rulings' G10-G12, G20), every refusal before anything is paid, and odds from the
very same steps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.engine import resources
from shaper_gm.engine.declaring import compile_action
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import Played
from shaper_gm.engine.expr import compile_expr
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.play import perform
from shaper_gm.engine.request import Request
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.stepkit import VocabError
from shaper_gm.engine.steps import PlayTape, distribution, exact

ATTACK = {
    "what": "an attack",
    "cost": {"action": 1},
    "target": "foe",
    "item": "weapons",
    "flags": {"advantage": {}, "cover": {"kind": "int"}},
    "requires": [{"test": "distance <= item.reach",
                  "refuse": "{target.name} is {distance} ft away; the {item.name} reaches "
                            "{item.reach} ft",
                  "hint": "move closer first"}],
    "given": {"bonus": "item.hit", "ac": "target.ac + flag.cover",
              "advantage": "flag.advantage", "weapon": "item.damage",
              "damage_type": "item.type", "resist": "target.resist"},
    "steps": [
        {"roll": "d20", "slot": "attack", "into": "natural", "who": "actor",
         "keep_higher": "advantage", "what": "attack roll"},
        {"set": {"hit": "natural == 20 or (natural != 1 and natural + bonus >= ac)",
                 "critical": "natural == 20"}},
        {"when": "hit", "roll": "weapon", "slot": "damage", "into": "damage",
         "double_dice": "critical"},
        {"when": "not hit", "set": {"damage": "0"}},
        {"reduce": "damage", "type": "damage_type", "resist": "resist"},
    ],
    "apply": [{"when": "hit", "hp": {"who": "target", "change": "-damage",
                                     "through": "temp_hp"}}],
    "line": "{damage} damage",
}
WEAPONS = {"sword": {"name": "Sword", "hit": 5, "reach": 5, "type": "slashing",
                     "damage": compile_expr("1d8 + 3").value({})}}


class Library:
    numbers = {"cell_size": 5}
    conditions = {"prone": {"mods": {"attacked_advantage": 1}}}

    def item(self, kind, item_id):
        return (WEAPONS if kind == "weapons" else self.conditions)[item_id]


class Duel(RulesetBase):
    id = "duel"
    name = "Duel (tests only)"

    def __init__(self) -> None:
        self.resources = (ResourceSpec("action", "action", max=1, refill="turn_start"),
                          ResourceSpec("temp_hp", "temp HP", start=0))
        self.turn_order = FixedOrder()
        self.library = Library()
        self.attack = compile_action("attack", ATTACK).action()


def fighter(actor_id, side, zone, **sheet):
    base = {"ac": 15, "resist": (), "weapons": ("sword",)}
    return Actor(id=actor_id, name=actor_id.title(), side=side, sheet={**base, **sheet},
                 hp=20, max_hp=20, zone=zone)


def fight(*actors, temp=0):
    rs = Duel()
    state = Encounter(ruleset="duel", actors={a.id: a for a in actors},
                      order=tuple(a.id for a in actors))
    state = state.with_actors(a.with_resources(dict(resources.starting(rs.resources,
                                                                      a.sheet, rs.stat)))
                              for a in actors)
    state, _ = rs.turn_order.start(state, rs)
    bo = state.actors["bo"]
    return rs, state.with_actor(bo.with_resource("temp_hp", temp))


def attack(rs, state, faces, **flags):
    tape = PlayTape(lambda slot, i, who: GivenFaces(faces[slot]))
    request = Request("attack", (("actor", "ann"), ("target", "bo")), tuple(flags.items()))
    return perform(state, rs, rs.attack, request, tape)


def test_a_hit_pays_the_action_and_takes_temporary_hit_points_first():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"), temp=4)
    done = attack(rs, state, {"attack": [12], "damage": [5]})      # 12+5 vs 15: 5+3 = 8
    bo = done.state.actors["bo"]
    assert (bo.resource("temp_hp"), bo.hp) == (0, 16)               # G20: 4 then 4
    assert done.state.actors["ann"].resource("action") == 0
    resolved = next(e for e in done.events if isinstance(e, Played))
    assert resolved.outcome.results[0].line == "8 damage"
    assert done.outcome.results[0].facts["hit"] is True


def test_a_critical_doubles_the_dice_and_resistance_halves_after():
    rs, state = fight(fighter("ann", "party", "A1"),
                      fighter("bo", "foes", "B1", resist=("slashing",)))
    done = attack(rs, state, {"attack": [20], "damage": [6, 7]})   # (6+7+3) // 2
    assert done.state.actors["bo"].hp == 12


def test_a_miss_changes_no_hit_points_and_still_pays():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"))
    done = attack(rs, state, {"attack": [1]})
    assert done.state.actors["bo"].hp == 20
    assert done.state.actors["ann"].resource("action") == 0


@pytest.mark.parametrize("zone, target_side, says", [
    ("D1", "foes", "Bo is 15 ft away; the Sword reaches 5 ft"),
    ("B1", "party", "Bo is on Ann's side"),
])
def test_refusals_come_before_anything_is_paid(zone, target_side, says):
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", target_side, zone))
    with pytest.raises(RuleViolation) as caught:
        attack(rs, state, {"attack": [12], "damage": [5]})
    assert caught.value.args[0] == says
    assert state.actors["ann"].resource("action") == 1


def test_odds_run_the_same_steps_from_the_same_facts():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"))
    declared = compile_action("attack", ATTACK)
    request = Request("attack", (("actor", "ann"), ("target", "bo")), (("advantage", True),))
    final = exact(declared.steps, declared.facts(state, rs, request)[0])
    assert distribution(final, lambda f: f["hit"])[True] == Fraction(319, 400)
    cover = request.with_flags({"cover": 2, "advantage": None})
    final = exact(declared.steps, declared.facts(state, rs, cover)[0])
    assert distribution(final, lambda f: f["hit"])[True] == Fraction(9, 20)   # 12..20


@pytest.mark.parametrize("change, where, says", [
    ({"timing": "sometimes"}, "attack.timing", "expected one of turn, reaction, either"),
    ({"target": "friend"}, "attack.target", "expected one of foe, ally, other, any"),
    ({"cost": {"action": -1}}, "attack.cost.action", "a whole number 0 or more"),
    ({"colour": "red"}, "attack.colour", "an action has no such key"),
    ({"requires": [{"test": "distance < 5"}]}, "attack.requires[0]", "expected {test"),
    ({"apply": [{"hp": {"who": "bystander", "change": "1"}}]}, "attack.apply[0].hp.who",
     "expected one of actor, target"),
    ({"apply": [{"resource": {"change": "1"}}]}, "attack.apply[0].resource.name", "missing"),
    ({"apply": [{"effect": {"name": "x", "until": {"start": "bystander"}}}]},
     "attack.apply[0].effect.until", "expected never, {start: actor|target}"),
    ({"apply": [{"heal": {"change": "1"}}]}, "attack.apply[0]", "expected one of hp"),
    ({"targets": 0}, "attack.targets", "from 1 to 100"),
    ({"steps": [{"roll": "d6", "slot": "a", "into": "x", "once": "yes"}]},
     "attack.steps[0].once", "true or false"),
    ({"given": {"bonus": "item.hit +"}}, "attack.given.bonus", "ends too soon"),
    ({"steps": [{"set": {"x": "nothing_known"}}]}, "attack.steps[0]", "reads 'nothing_known'"),
    ({"flags": {}}, "attack.flags", "flag.advantage is read but no flag 'advantage'"),
    ({"spare": {"rule": "R2"}}, "attack.spare", "when required"),
    ({"spare": {"when": "hit", "why": "x"}}, "attack.spare", "expected {when: EXPR"),
    ({"spare": {"when": "hit +"}}, "attack.spare.when", "ends too soon"),
    ({"flags": {"cover": {"kind": "float"}}}, "attack.flags.cover.kind", "expected one of"),
    ({"odds": {"spreads": {"damage": "damage"}, "harm": "hp"}}, "attack.odds.harm",
     "expected one of the spreads"),
    ({"refusals": {"self": {"refuse": "x"}}}, "attack.refusals.self", "expected one of"),
    ({"odds": {"spreads": {"damage": "damage"}, "harm": "damage", "assumes": "ac"}},
     "attack.odds.assumes", "expected a list of texts"),
    ({"odds": {"spreads": {"damage": "damage"}, "harm": "damage", "assumes": ["{acc}"]}},
     "attack.odds.assumes[0]", "reads 'acc', which is no fact"),
    ({"odds": {"spreads": {"damage": "damage"}, "harm": "damage", "answers": "said"}},
     "attack.odds.answers", "key required"),
    ({"refusals": {"itself": "no"}}, "attack.refusals.itself", "refuse required"),
    ({"refusals": {"itself": {"hint": "x"}}}, "attack.refusals.itself", "refuse required"),
    ({"refusals": ["itself"]}, "attack.refusals", "expected CHECK"),
])
def test_a_declaration_that_cannot_work_is_refused_naming_where(change, where, says):
    with pytest.raises(VocabError) as caught:
        compile_action("attack", {**ATTACK, **change})
    assert caught.value.where == where
    assert says in caught.value.message


def test_refusals_about_an_item_need_an_action_with_an_item():
    raw = {key: value for key, value in ATTACK.items() if key != "item"}
    with pytest.raises(VocabError) as caught:
        compile_action("attack", {**raw, "refusals": {"lacks": {"refuse": "x"}}})
    assert caught.value.where == "attack.refusals.lacks"
    assert "only an action with an item" in caught.value.message


# --- several targets, saves for half, effects and conditions ---------------------------

BURN = {
    "what": "a cone of fire", "cost": {"action": 1}, "target": "other", "targets": 3,
    "given": {"dc": "13", "dex_save": "target.dex_save"},
    "steps": [
        {"roll": "3d6", "slot": "damage", "into": "rolled", "once": True},
        {"roll": "d20", "slot": "save", "into": "save", "who": "target"},
        {"set": {"saved": "save + dex_save >= dc"}},
        {"set": {"damage": "if(saved, rolled / 2, rolled)"}},               # G26
    ],
    "apply": [{"hp": {"change": "-damage"}},
              {"when": "not saved", "condition": {"name": "prone", "until": {"end": "target"}}}],
    "line": "{damage} fire",
}


def test_one_damage_roll_for_every_target_each_saving_for_half():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1", dex_save=2),
                      fighter("cy", "foes", "C1", dex_save=0))
    burn = compile_action("burn", BURN).action()
    faces = {"damage": [[6, 5, 4]], "save": [[11], [12]]}
    tape = PlayTape(lambda slot, i, who: GivenFaces(faces[slot][i]))
    request = Request("burn", (("actor", "ann"), ("targets", ("bo", "cy"))))
    done = perform(state, rs, burn, request, tape)
    # 15 fire: Bo saves (11 + 2 >= 13) and takes 7; Cy fails (12 < 13) and takes 15
    assert [r.line for r in done.outcome.results] == ["7 fire", "15 fire"]
    assert (done.state.actors["bo"].hp, done.state.actors["cy"].hp) == (13, 5)
    assert [e.name for e in done.state.actors["cy"].effects] == ["prone"]
    assert done.state.actors["cy"].effects[0].until == "end:cy"
    assert done.state.actors["bo"].effects == ()


def test_a_condition_carries_its_modifiers_and_is_refreshed_not_stacked():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1", dex_save=0))
    rs.effect_keys = ("attacked_advantage",)
    burn = compile_action("burn", BURN).action()
    for save in (1, 2):
        faces = {"damage": [[1, 1, 1]], "save": [[save]]}
        tape = PlayTape(lambda slot, i, who, faces=faces: GivenFaces(faces[slot][i]))
        request = Request("burn", (("actor", "ann"), ("targets", ("bo",))))
        state = perform(state, rs, burn, request, tape).state
        state = state.with_actor(state.actors["ann"].with_resource("action", 1))
    bo = state.actors["bo"]
    assert [(e.name, e.mods) for e in bo.effects] == [("prone", (("attacked_advantage", 1),))]
    reader = compile_action("look", {"target": "foe",
                                     "given": {"adv": "target.attacked_advantage"}})
    facts = reader.facts(state, rs, Request("look", (("actor", "ann"), ("target", "bo"))))
    assert facts[0]["adv"] == 1


def test_more_targets_than_the_action_takes_is_refused():
    rs, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"))
    burn = compile_action("burn", {**BURN, "targets": 1}).action()
    request = Request("burn", (("actor", "ann"), ("targets", ("bo", "bo"))))
    with pytest.raises(RuleViolation) as caught:
        perform(state, rs, burn, request, PlayTape(lambda *a: None))
    assert caught.value.args[0] == "burn takes at most 1 target, not 2"


@pytest.mark.parametrize("provokes, where, says", [
    ("x", "attack.provokes", "expected a list"),
    ([{"answer": "op", "when": "true"}], "attack.provokes[0].action", "missing"),
    ([{"answer": "op", "when": "true", "action": "attack", "cost": {"reaction": -1}}],
     "attack.provokes[0].cost", "whole number"),
    ([{"answer": "op", "when": "1 +", "action": "attack"}], "attack.provokes[0].when",
     "ends too soon"),
    ([{"answer": "op", "when": "true", "action": "attack", "colour": 1}],
     "attack.provokes[0]", "expected a mapping of"),
])
def test_a_provokes_entry_that_cannot_work_is_refused_naming_where(provokes, where, says):
    with pytest.raises(VocabError) as caught:
        compile_action("attack", {**ATTACK, "provokes": provokes})
    assert caught.value.where == where
    assert says in caught.value.message


# --- a move to a cell worked out: the GM's, or the free one farthest away (R4) ---------

DODGE = {
    "what": "a dodge", "cost": {"action": 1}, "target": "foe",
    "flags": {"to": {"kind": "text"}},
    "given": {"named": "flag.to"},
    "steps": [{"roll": "d20", "slot": "dodge", "into": "face", "who": "target"},
              {"set": {"dodged": "face >= 15"}}],
    "apply": [{"when": "dodged", "move": {"who": "target", "to": "named",
                                          "away_from": "actor", "within": "1",
                                          "rule": "R4"}}],
}


def dodge(state, face, **flags):
    rs = Duel()
    action = compile_action("dodge", DODGE).action()
    tape = PlayTape(lambda slot, i, who: GivenFaces([face]))
    request = Request("dodge", (("actor", "ann"), ("target", "bo")), tuple(flags.items()))
    return perform(state, rs, action, request, tape)


def test_a_move_goes_to_the_named_cell_or_the_free_one_farthest_away():
    _, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"))
    done = dodge(state, 16, to="B2")                     # 16 >= 15: the GM's cell
    assert done.state.actors["bo"].zone == "B2"
    assert ("Bo moves to B2", None, "R4") in done.outcome.notes
    # none named: within 1 of B1 are A1 (Ann's), C1, A2, B2, C2; C1 and C2 are 2 from
    # A1, the farthest, and C1 comes first in reading order
    done = dodge(state, 16)
    assert done.state.actors["bo"].zone == "C1"
    assert done.outcome.notes[-1].label == \
        "Bo moves to C1 (no tile named: the free tile farthest from Ann)"
    assert dodge(state, 14, to="B2").state.actors["bo"].zone == "B1"    # no dodge: stays


def test_a_move_with_no_free_cell_stays_and_says_so():
    _, state = fight(fighter("ann", "party", "B1"), fighter("bo", "foes", "A1"),
                     fighter("cy", "party", "A2"), fighter("di", "party", "B2"))
    done = dodge(state, 20)
    assert done.state.actors["bo"].zone == "A1"
    assert done.outcome.notes[-1].label == "no free tile to move to: Bo stays on A1"


@pytest.mark.parametrize("to, says", [
    ("A1", "A1 is taken (R4)"),
    ("D1", "D1 is more than 1 tile from Bo (R4)"),
    ("B1", "Bo already stands on B1: it moves off its tile (R4)"),
])
def test_a_named_cell_it_cannot_take_is_refused_before_anything_is_paid(to, says):
    _, state = fight(fighter("ann", "party", "A1"), fighter("bo", "foes", "B1"))
    for face in (16, 3):          # refused up front, even when the dodge would fail
        with pytest.raises(RuleViolation) as caught:
            dodge(state, face, to=to)
        assert caught.value.args[0] == says


@pytest.mark.parametrize("move, where, says", [
    ({"who": "target", "to": "named"}, "dodge.apply[0].move.within", "missing"),
    ({"who": "target", "away_from": "someone", "within": "1"},
     "dodge.apply[0].move.away_from", "expected one of actor, target"),
    ({"who": "target", "within": "1"}, "dodge.apply[0].move", "with to or away_from only"),
    ({"who": "target", "to": "named", "within": "1", "logs": "To"},
     "dodge.apply[0].move.logs", "expected a name"),
])
def test_a_worked_out_move_that_cannot_work_is_refused_naming_where(move, where, says):
    with pytest.raises(VocabError) as caught:
        compile_action("dodge", {**DODGE, "apply": [{"move": move}]})
    assert caught.value.where == where
    assert says in caught.value.message

"""Random legal and illegal action sequences keep the invariants: resources within their
bounds, the AP order sound, grapples paired, down creatures never acting, and a
refused action changing nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.dice.errors import DiceInputError
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.dungeoneers.content import load_library
from shaper_gm.rulesets.dungeoneers.ruleset import DungeoneersRuleset
from tests.rulesets.dungeoneers import conftest as A
from tests.rulesets.dungeoneers.conftest import Table, tape

RS = DungeoneersRuleset(load_library())
IDS = ("freya", "alberich", "skeleton", "gob")
TILES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
SPELLS = ("firebolt", "frost-touch", "sap-will", "mend")

who = st.sampled_from(IDS)
tile = st.sampled_from(TILES)
doer = st.one_of(st.none(), who)            # None: the creature up by default
command = st.one_of(
    st.tuples(st.just("act"), doer, st.integers(0, 7)),
    st.tuples(st.just("react"), doer, st.integers(1, 3)),
    st.tuples(st.just("pass"), doer),
    st.tuples(st.just("strike"), doer, who, st.integers(0, 2)),
    st.tuples(st.just("power"), doer, who),
    st.tuples(st.just("move"), doer, tile),
    st.tuples(st.just("sprint"), doer, tile),
    st.tuples(st.just("defend"), doer),
    st.tuples(st.just("grapple"), doer, who),
    st.tuples(st.just("push"), doer, who, tile, st.booleans()),
    st.tuples(st.just("focus"), doer),
    st.tuples(st.just("breath"), doer),
    st.tuples(st.just("cast"), doer, st.sampled_from(SPELLS), who, st.integers(0, 2)),
    st.tuples(st.just("ready"), doer, st.sampled_from(("strike", "defend", "move"))),
    st.tuples(st.just("damage"), doer, st.integers(0, 6)),
    st.tuples(st.just("heal"), doer, st.integers(0, 6)),
    st.tuples(st.just("stress"), doer, st.integers(-2, 3)),
)


def run(state, cmd, seed):
    kind, actor, *rest = cmd
    ledge = kind == "push" and rest[2]       # the pushed creature tries to grab the ledge
    t = tape(seed=seed, react=[(rest[0], "grab-ledge")] if ledge else [])
    calls = {
        "act": lambda: A.act(state, RS, A.CostRequest(actor, rest[0]), t),
        "react": lambda: A.react(state, RS, A.CostRequest(actor, rest[0]), t),
        "pass": lambda: A.pass_turn(state, RS, A.ActorRequest(actor), t),
        "strike": lambda: A.strike(state, RS, A.StrikeRequest(actor, rest[0], boon=rest[1]), t),
        "power": lambda: A.power_strike(state, RS, A.StrikeRequest(actor, rest[0]), t),
        "move": lambda: A.move(state, RS, A.MoveRequest(actor, rest[0]), t),
        "sprint": lambda: A.sprint(state, RS, A.MoveRequest(actor, rest[0]), t),
        "defend": lambda: A.defend(state, RS, A.ActorRequest(actor), t),
        "grapple": lambda: A.grapple(state, RS, A.GrappleRequest(actor, rest[0]), t),
        "push": lambda: A.push(state, RS, A.PushRequest(actor, rest[0], rest[1], rest[2]), t),
        "focus": lambda: A.focus(state, RS, A.ActorRequest(actor), t),
        "breath": lambda: A.deep_breath(state, RS, A.ActorRequest(actor), t),
        "cast": lambda: A.spellcast(state, RS, A.SpellRequest(actor, rest[0], rest[1],
                                                              rest[2]), t),
        "ready": lambda: A.ready(state, RS, A.ReadyRequest(actor, rest[0]), t),
        "damage": lambda: A.settled(RS, RS.damage(state, A.named(state, actor), rest[0],
                                                  {"type": "B"})),
        "heal": lambda: A.settled(RS, RS.heal(state, A.named(state, actor), rest[0])),
        "stress": lambda: A.settled(RS, A.add_stress(state, RS, A.named(state, actor),
                                                     rest[0])),
    }
    return calls[kind]()


def check(state):
    able = []
    for actor in state.actors.values():
        values = actor.resource_map()
        assert 0 <= values["ap"] <= RS.numbers.ap_per_round
        assert values["wounds"] >= 0 and values["stress"] >= 0
        assert 0 <= values["arca"] <= RS.stat(actor.sheet, "arca_max")
        assert actor.down == (values["wounds"] >= actor.sheet.wound_limit)
        data = actor.system
        if data.grappling:
            assert state.actors[data.grappling].system.grappled_by == actor.id
            assert not actor.down
        if data.grappled_by:
            assert state.actors[data.grappled_by].system.grappling == actor.id
        if not actor.down and actor.id not in state.passed and values["ap"] > 0:
            able.append(actor)
    assert state.round >= 1
    if state.over is not None:           # the fight is decided: nobody is up (engine.ending)
        assert state.up == () and state.turn is None
        return
    assert state.up
    top = max(a.resource("ap") for a in able)
    for actor_id in state.up:
        up = state.actors[actor_id]
        assert not up.down and up.resource("ap") == top
    assert len({state.actors[a].side for a in state.up}) == 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(command, st.integers(0, 2**16)), max_size=30))
def test_random_sequences_keep_the_invariants(steps):
    t = Table(RS)
    t.add("freya", "freya", at="B2").add("alberich", "alberich", at="B3")
    t.add("skeleton", "skeleton", at="C2").add("gob", "goblin", at="D3")
    state = t.start().state
    check(state)
    for cmd, seed in steps:
        before = state
        acting = state.actors.get(cmd[1] or state.turn)
        try:
            state, _, _ = run(state, cmd, seed)
        except (RuleViolation, DiceInputError):
            assert state is before
            continue
        if acting is not None and acting.down and cmd[0] not in ("damage", "heal", "stress"):
            raise AssertionError(f"{acting.id} is down and acted: {cmd}")
        if not all(a.down for a in state.actors.values()):
            check(state)

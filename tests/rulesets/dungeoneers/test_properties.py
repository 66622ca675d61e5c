"""Random legal and illegal action sequences keep the invariants: resources within their
bounds, the AP order sound, grapples paired, down creatures never acting, and a
refused action changing nothing. Played through the commands a GM types (a session of
`dungeoneers`, on either version), each step seeded as a line's dice are."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.commands import new_session
from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.records import data_of

AP_PER_ROUND = 6                               # D1
IDS = ("freya", "alberich", "skeleton", "gob")
TILES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
SPELLS = ("firebolt", "frost-touch", "sap-will", "mend")
GM_TOOLS = ("damage", "heal", "stress")

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


def line(session, cmd) -> str:
    """The command a GM types for `cmd`; a GM tool names the creature up by default."""
    kind, actor, *rest = cmd
    state = session.state
    me = actor or ""
    if kind in GM_TOOLS:
        me = actor or state.turn or IDS[0]
    boon = f" --boon {rest[1]}" if kind == "strike" and rest[1] else ""
    arca = f" --arca {rest[2]}" if kind == "cast" and rest[2] else ""
    ledge = f" --ledge --react {rest[0]}=grab-ledge" if kind == "push" and rest[2] else ""
    stress = max(0, state.actors[me].resource("stress") + rest[0]) if kind == "stress" else 0
    lines = {
        "act": lambda: f"act {me} {rest[0]} does something",
        "react": lambda: f"react {actor or state.turn or IDS[0]} {rest[0]} flinches",
        "pass": lambda: f"pass {me}",
        "strike": lambda: f"strike {me} {rest[0]}{boon}",
        "power": lambda: f"power-strike {me} {rest[0]}",
        "move": lambda: f"move {me} {rest[0]}",
        "sprint": lambda: f"sprint {me} {rest[0]}",
        "defend": lambda: f"defend {me}",
        "grapple": lambda: f"grapple {me} {rest[0]}",
        "push": lambda: f"push {me} {rest[0]} {rest[1]}{ledge}",
        "focus": lambda: f"focus {me}",
        "breath": lambda: f"deep-breath {me}",
        "cast": lambda: f"spellcast {me} {rest[0]} {rest[1]}{arca}",
        "ready": lambda: f"ready {me} {rest[0]}",
        "damage": lambda: f"damage {me} {rest[0]} --type B",
        "heal": lambda: f"heal {me} {rest[0]}",
        "stress": lambda: f"set {me} stress={stress}",
    }
    return " ".join(lines[kind]().split())


def check(session):
    state = session.state
    rs = session.ruleset_for(state)
    able = []
    for actor in state.actors.values():
        values = actor.resource_map()
        assert 0 <= values["ap"] <= AP_PER_ROUND
        assert values["wounds"] >= 0 and values["stress"] >= 0
        assert 0 <= values["arca"] <= rs.stat(actor.sheet, "arca_max")
        assert actor.down == (values["wounds"] >= actor.sheet.wound_limit)
        data = data_of(actor, state)
        if data.grappling:
            assert data_of(state.actors[data.grappling], state).grappled_by == actor.id
            assert not actor.down
        if data.grappled_by:
            assert data_of(state.actors[data.grappled_by], state).grappling == actor.id
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
@given(st.lists(command, max_size=30), st.integers(0, 2**16))
def test_random_sequences_keep_the_invariants(steps, seed):
    session = new_session(ruleset="dungeoneers", seed=seed)
    for text in ("add freya --as freya --at B2", "add alberich --as alberich --at B3",
                 "add skeleton --as skeleton --at C2", "add gob --as goblin --at D3",
                 "start"):
        session.execute(text)
    check(session)
    for cmd in steps:
        before, log = session.state, list(session.log)
        acting = before.actors.get(cmd[1] or before.turn)
        text = line(session, cmd)
        try:
            session.execute(text)
        except GmError as err:
            assert "\n" not in err.message, text
            assert session.state is before and session.log == log, text
            continue
        if acting is not None and acting.down and cmd[0] not in GM_TOOLS:
            raise AssertionError(f"{acting.id} is down and acted: {text}")
        if not all(a.down for a in session.state.actors.values()):
            check(session)

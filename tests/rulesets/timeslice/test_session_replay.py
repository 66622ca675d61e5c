"""A time-slice fight's log replays to the very same encounter; undo and redo walk its
states; random command lines through the session keep the invariants, change nothing
when refused, and replay exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.errors import GmError

from .commands_kit import PARTY, info, replayed, run, session

UP, DYING = "up", "dying"                  # T13, T14: a combatant's condition
DYING_SECONDS = 300                        # T14: the shipped content's 5 minutes

CAST = (*PARTY, "add ida --as ida --at A3", "add brute --as brute --at C3")

FIGHT = (
    *CAST,
    "init",
    "surprise enemies",
    "start",
)


def play_a_fight(seed: int):
    """A fight whose dice all come from the seeded generator, every verb in it."""
    s = session(*FIGHT, seed=seed)
    lines = ["effect kara steady --defense 1 --until end:kara", "roll 2d10+3", "wait 30s",
             "damage ren 3", "set guard ts=4", "odds kara guard", "show kara"]
    for line in lines:
        s.execute(line)
    for _ in range(40):                        # whoever is up attacks someone of the others
        if s.state.over is not None:
            break
        up = s.state.actors[s.state.turn]
        foes = [a for a in s.state.actors.values() if a.side != up.side and
                info(s, a.id).condition != "dead"]
        if not foes:
            break
        line = f"attack {foes[0].id}" if up.resource("ts") >= 3 else "pass"
        try:
            s.execute(line)
        except GmError:
            s.execute("end")
    return s


def test_a_fights_log_replays_to_the_same_state():
    s = play_a_fight(seed=11)
    assert any(line.startswith("attack ") for line in s.log)
    assert any(line.startswith("surprise enemies --roll ") for line in s.log)
    again = replayed(s)
    assert again.state == s.state and again.log == s.log


def test_undo_and_redo_walk_the_states():
    s = session(*CAST, "init", "start")
    states = [s.state]
    for line in ("act 1 look", "attack guard" if s.state.turn != "guard" else "attack kara",
                 "wait 1", "end"):
        s.execute(line)
        states.append(s.state)
    s.execute("undo 3")
    assert s.state == states[1]
    s.execute("redo 2")
    assert s.state == states[3]
    s.execute("redo")
    assert s.state == states[4]
    s.execute("undo")
    s.execute("wait 2")
    assert s.future == [] and replayed(s).state == s.state


# --- random lines through the session ------------------------------------------------------

IDS = ("kara", "guard", "ren", "ida", "brute", "nobody")
UNITS = ("A1", "B2", "C3", "D4", "C2", "B3", "J10", "K1")
WEAPONS = ("sword", "spear", "knife", "rifle", "pistol", "maul")


def _faces(data) -> str:
    return ",".join(str(data.draw(st.integers(0, 10 if data.draw(st.booleans()) else 9)))
                    for _ in range(2))


def random_line(data) -> str:
    a, b = data.draw(st.sampled_from(IDS)), data.draw(st.sampled_from(IDS))
    n = data.draw(st.integers(0, 14))
    choices = [
        lambda: f"attack {b}",
        lambda: f"attack {b} --roll {_faces(data)} --defend {_faces(data)}" + data.draw(
            st.sampled_from(("", " --called head", " --called limb", " --called weapon",
                             " --nonlethal", " --defense brace", " --defense parry"))),
        lambda: f"attack {a} {b} --with {data.draw(st.sampled_from(WEAPONS))}",
        lambda: f"move {data.draw(st.sampled_from(UNITS))}",
        lambda: f"tend {b}", lambda: f"draw {data.draw(st.sampled_from(WEAPONS))}",
        lambda: "end", lambda: f"pass {a}", lambda: f"act {n % 6} x",
        lambda: f"react {a} {n % 4} x",
        lambda: f"damage {b} {n}" + data.draw(st.sampled_from(("", " --nonlethal",
                                                               " --direct"))),
        lambda: f"heal {b} {n % 7}", lambda: f"set {b} hp={n}", lambda: f"set {b} ts={n % 12}",
        lambda: f"wait {n * 10}s", lambda: f"wake {b}", lambda: "roll 2d10",
        lambda: f"odds {b}", lambda: "undo", lambda: "redo",
        lambda: f"effect {b} fx --dr 1 --until end:{a}",
    ]
    return data.draw(st.sampled_from(choices))()


def check(s) -> None:
    state = s.state
    for actor in state.actors.values():
        data = info(s, actor.id)
        assert 0 <= actor.resource("ts") <= actor.sheet.ts_max
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.down == (data.condition != UP)
        assert (data.dying_left is not None) == (data.condition == DYING)
        if data.condition == DYING:
            assert 0 < data.dying_left <= DYING_SECONDS and actor.hp == 0
    if state.turn is not None:
        up = state.actors[state.turn]
        assert not up.down and up.resource("ts") > 0 and state.turn not in state.passed


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_lines_keep_the_invariants_refuse_cleanly_and_replay(data):
    seed = data.draw(st.integers(0, 2 ** 16), label="seed")
    s = session(*CAST, "init", "start", seed=seed)
    for _ in range(data.draw(st.integers(5, 25), label="steps")):
        line = random_line(data)
        before, log = s.state, list(s.log)
        try:
            run(s, line)
        except GmError:
            assert s.state is before and s.log == log
        check(s)
    assert replayed(s).state == s.state

"""The log replays a dice-pool fight exactly, undo and redo move through it, and random
command lines keep the rules' invariants and replay from the log (what saves rely on)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.errors import GmError
from tests.rulesets.dicepool.commands import fight, pool, replayed

PARTY = ("add freya --as freya --at B2", "add kit --as kit --at B4",     # within reach
         "add barry --as barry --at C2", "add raider --as raider --at A5",
         "init freya barry kit raider")
IDS = ("freya", "kit", "barry", "raider")


def test_a_fight_replays_from_its_log_with_every_roll_written_in():
    s = fight("prepare if Barry attacks me, I dodge --against barry",
              "attack barry --roll 1,1,2,3,6", "end", "attack freya", "move C3", "end",
              setup=PARTY, seed=7)
    assert s.state.turn == "kit"
    s.execute("act kit action aim carefully --dt 1")
    s.execute("end")
    s.execute("attack raider kit --dice 2")
    rolled = [line for line in s.log if line.startswith(("attack", "act kit"))]
    assert len(rolled) == 4 and all("--roll" in line for line in rolled)
    replayed(s)


def test_undo_and_redo_take_back_and_apply_again_the_same_dice():
    s = fight(setup=PARTY)
    before = s.state
    s.execute("attack barry")
    after, line = s.state, s.log[-1]
    s.execute("undo")
    assert s.state == before and pool(s, "freya") == 5 and line not in s.log
    s.execute("redo")
    assert s.state == after and s.log[-1] == line
    s.execute("end")
    s.execute("undo 2")
    assert s.state == before
    replayed(s)


# --- random command lines -----------------------------------------------------------------

actor = st.sampled_from(IDS)
square = st.builds(lambda c, r: f"{'ABCDEFGHIJ'[c]}{r}", st.integers(0, 5), st.integers(1, 6))
small = st.integers(0, 4)
faces = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(
    lambda f: ",".join(map(str, f)))
line = st.one_of(
    st.builds("attack {}".format, actor), st.builds("attack {}".format, actor),
    st.builds("attack {} {}".format, actor, actor),
    st.builds("attack {} --dice {}".format, actor, st.integers(1, 3)),
    st.builds("attack {} --roll {}".format, actor, faces),
    st.builds("attack {} --ability heavy-blow".format, actor),
    st.builds("move {}".format, square), st.builds("move {}".format, square),
    st.builds("move {} {}".format, actor, square),
    st.builds("prepare I dodge --against {}".format, actor),
    st.just("prepare when they come, I strike"),
    st.builds("act action climb --dt {}".format, small),
    st.just("act action shout"),
    st.builds("react {} action strike --dt {}".format, actor, small),
    st.builds("ability {} rally".format, actor),
    st.builds("ability {} parry --dt {}".format, actor, small),
    st.just("wield dagger"),
    st.just("end"), st.just("end"), st.just("end"), st.just("pass"),
    st.builds("damage {} {}".format, actor, st.integers(0, 8)),
    st.builds("heal {} {}".format, actor, st.integers(0, 8)),
    st.builds("set {} pool={}".format, actor, small),
    st.builds("set {} dex={}".format, actor, small),
    st.builds("effect {} slowed --speed -4 --until end:{}".format, actor, actor),
    st.just("undo"), st.just("redo"),
)


def check_invariants(state) -> None:
    for a in state.actors.values():
        assert a.resource("pool") >= 0                                      # P3
        assert 0 <= a.resource("actions") <= 2                               # P6
        assert 0 <= a.hp <= a.max_hp and a.down == (a.hp == 0)               # P8
        # P11: a preparation (a dodge held by its attacker, an action by its preparer)
        # lasts until the start of its preparer's next turn
        assert all(e.until == f"start:{e.caster}" for e in a.effects
                   if e.name == "prepared" or e.name.startswith("dodge-vs-"))
    if state.turn is not None:
        assert state.turn in state.order


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line, min_size=1, max_size=30), st.integers(0, 1000))
def test_random_lines_keep_the_invariants_and_replay_from_the_log(lines, seed):
    s = fight(setup=PARTY, seed=seed)
    for text in lines:
        state, log = s.state, list(s.log)
        try:
            s.execute(text)
        except GmError as exc:
            assert "\n" not in exc.message
            assert s.state is state and s.log == log, f"{text!r} was refused but changed things"
            continue
        check_invariants(s.state)
    replayed(s)

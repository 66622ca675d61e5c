"""A reactions fight through the command layer: its log replays to the same encounter,
undo and redo walk it back and forth, and random command lines keep the rules'
invariants, refuse cleanly, and replay exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from tests.rulesets.reactions.conftest import replayed, session

CAST = ("add ann --as duellist --side party --at B2 --name Ann",
        "add bo --as skeleton --at C2 --name Bo",
        "add cy --as battle-mage --side party --at B3 --name Cy",
        "add dee --as wraith --at C3 --name Dee",
        "init")

FIGHT = ("start", "attack bo --react bo=block", "move C3", "end",
         "shield", "attack ann --with shortbow", "end",
         "attack dee --with firebolt --react dee=dodge", "end",
         "attack cy --react cy=dodge", "react ann 1 steadies Cy", "end",
         "attack bo --crit 20", "damage cy 5 --type magical", "heal cy 3", "end")


def fight(seed: int = 7):
    s = session(setup=CAST, seed=seed)
    for line in FIGHT:
        try:
            s.execute(line)
        except GmError:
            pass                 # initiative decides who acts: a refusal is fine here
    return s


def test_a_fight_replays_from_its_log_to_the_same_encounter():
    for seed in (1, 7, 99):
        s = fight(seed)
        assert len(s.log) > len(CAST) + 4
        assert replayed(s).state == s.state


def test_undo_walks_back_to_every_earlier_state_and_redo_forward_again():
    s = fight()
    states = [s.state]
    steps = len(s.log) - 1
    for _ in range(steps):
        s.undo()
        states.append(s.state)
    assert s.state.actors == {} and len(s.log) == 1
    for index in range(steps):
        s.redo()
        assert s.state == states[-2 - index]


def test_an_undone_attack_redone_keeps_its_dice():
    s = session()
    s.execute("attack bo --react bo=block")
    line, after = s.log[-1], s.state
    s.undo()
    s.redo()
    assert s.log[-1] == line and s.state == after
    s.undo()
    s.execute(line)                                      # typed again from the log
    assert s.state == after


# --- random command lines ------------------------------------------------------------------

IDS = ("ann", "bo", "cy", "dee")
TILES = [f"{c}{r}" for c in "ABCDEF" for r in range(1, 6)]
REACT = st.lists(st.sampled_from(("block", "dodge", "none")), max_size=3)


def line_for(state, kind: str, who: int, other: int, tile: str, reacts: list, n: int) -> str:
    others = [i for i in IDS if i != state.turn]
    target = others[other % len(others)]
    if kind == "attack":
        acting = state.actors.get(state.turn) if state.turn else None
        weapons = acting.sheet.weapons if acting is not None else ("staff",)
        flags = "".join(f" --react {target}={r}" for r in reacts)
        return f"attack {target} --with {weapons[n % len(weapons)]}{flags}"
    if kind == "attack-as":
        return f"attack {IDS[who]} {target} --react {target}=dodge --to {tile}"
    return {"move": f"move {tile}", "shield": "shield", "act": "act action waits",
            "react": f"react {target} {n % 3 + 1} x", "end": "end", "pass": f"pass {target}",
            "damage": f"damage {target} {n * 3} --type {('physical', 'true')[n % 2]}",
            "heal": f"heal {target} {n}", "set": f"set {target} shield={n}",
            "odds": f"odds {target}", "undo": "undo"}[kind]


KINDS = ("attack", "attack", "attack", "attack", "attack-as", "move", "move", "shield", "act",
         "react", "end", "end", "end", "pass", "damage", "heal", "set", "odds", "undo")
commands = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 3), st.integers(0, 3),
                              st.sampled_from(TILES), REACT, st.integers(0, 9)),
                    min_size=4, max_size=24)


def check(s, result) -> None:
    state = s.state
    rs = s.ruleset_for(state)
    tiles = [a.zone for a in state.actors.values() if not a.down]
    assert len(tiles) == len(set(tiles))                      # one creature a tile
    for event in result.events:                               # down creatures are skipped
        if isinstance(event, ev.TurnStarted):
            assert not state.actors[event.actor].down
    for actor in state.actors.values():
        assert 0 <= actor.hp <= actor.max_hp and actor.down == (actor.hp == 0)      # R8
        assert 0 <= actor.resource("reactions") <= actor.sheet.reactions            # R11
        assert actor.resource("move") in (0, 1) and actor.resource("action") in (0, 1)
        assert actor.resource("shield") >= 0                                        # R7
        assert set(actor.resource_map()) == {s.name for s in rs.resources}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=commands, seed=st.integers(0, 10_000))
def test_random_lines_keep_the_rules_and_replay_exactly(plan, seed):
    s = session("start", setup=CAST, seed=seed)
    for kind, who, other, tile, reacts, n in plan:
        line = line_for(s.state, kind, who, other, tile, reacts, n)
        state, log = s.state, list(s.log)
        try:
            result = s.execute(line)
        except GmError as err:
            assert s.state is state and s.log == log
            assert "\n" not in err.message
            continue
        check(s, result)
    assert replayed(s).state == s.state


def test_dice_entered_by_hand_fill_the_attacks_slots_and_are_logged():
    """R3: block, dodge and critical faces can be typed at the table (`rolls ID manual`)."""
    from shaper_gm.shell.dice import make_asker
    s = session("rolls bo manual", "rolls ann manual")
    asked, answers = [], iter(["4", "", "17"])            # Enter rolls the second block

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    s.asker = make_asker(ask, lambda actor: s.state.actors[actor].name, asked.append)
    s.execute("attack bo --react bo=block --react bo=block")
    assert asked[0] == "Bo — block roll (1d20), faces or Enter to roll: "
    assert asked[2] == "Ann — critical roll (1d20), faces or Enter to roll: "
    assert s.log[-1].startswith("attack ann bo --react bo=block --react bo=block --block 4 "
                                "--block ")
    assert s.log[-1].endswith("--crit 17 --by-hand block,crit")
    assert replayed(s).state == s.state


def test_a_total_typed_after_decisions_and_faces_asks_nothing_twice():
    """A total typed at the prompt (`=17`) runs the attack again with it given, as
    `--crit =17` would; the decisions and faces answered before it are not asked again."""
    from shaper_gm.shell.dice import make_asker, make_decider
    s = session("rolls bo manual", "rolls ann manual")
    asked, answers = [], iter(["block", "4", "", "=17"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    names = lambda actor: s.state.actors[actor].name      # noqa: E731
    s.asker = make_asker(ask, names, asked.append)
    s.decider = make_decider(ask, names, asked.append)
    s.execute("attack bo")
    assert len(asked) == 4 and asked[3].startswith("Ann — critical roll (1d20)"), asked
    assert s.log[-1] == ("attack ann bo --block 4 --crit =17 --react bo=block --react bo=none "
                         "--by-hand block,crit")
    assert replayed(s).state == s.state


def test_a_creature_healed_where_another_now_stands_steps_to_the_nearest_free_tile():
    """R10: one creature a tile. Bo goes down on C2, Ann moves onto it, Bo is healed."""
    s = session("start", setup=CAST)
    s.execute("damage bo 100 --direct")
    s.execute("place ann C2")
    s.execute("heal bo 5")
    tiles = [a.zone for a in s.state.actors.values() if not a.down]
    assert len(tiles) == len(set(tiles))
    assert s.state.actors["ann"].zone == "C2" and s.state.actors["bo"].zone == "B1"
    assert replayed(s).state == s.state

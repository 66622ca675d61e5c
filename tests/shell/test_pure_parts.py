"""The shell's pure parts: prompt, toolbar, dice answers, script reading."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.commands.args import parse_slot
from shaper_gm.errors import CommandError
from shaper_gm.shell.dice import BadFaces, make_asker, question, read_faces
from shaper_gm.shell.script import ScriptError, parse_script, strip_comment
from shaper_gm.shell.status import prompt_text, toolbar_text


def test_prompt_and_toolbar_before_the_fight(party):
    assert prompt_text(party) == "gm › "
    assert toolbar_text(party, "saves/fight.yaml") == (
        " setup · 1 actor · start begins round 1 · saves/fight.yaml")


def test_toolbar_reads_actions_left_per_kind_from_the_pool(battle):
    battle.execute("draw longbow")       # Minor
    battle.execute("move B3")            # Major
    assert prompt_text(battle) == "josh › "
    assert toolbar_text(battle, "saves/fight.yaml") == (
        " round 1 · Josh's turn · major 2/3  minor 0/1  free 1/1 · SP 1/1 · next: Raider · "
        "saves/fight.yaml")


def test_toolbar_names_who_is_next_and_when_the_round_wraps(battle):
    for _ in range(5):
        battle.execute("end")
    assert battle.state.turn == "reaver"               # last in the order
    assert "· next: Josh, round 2" in toolbar_text(battle, None)
    battle.execute("damage josh 99")                   # the Down take no turns
    assert "· next: Raider, round 2" in toolbar_text(battle, None)


def test_toolbar_shows_a_summons_own_pool_while_its_summoner_acts(battle):
    for _ in range(4):
        battle.execute("end")
    assert battle.state.turn == "taylor"
    battle.execute("cast minion")
    summon = next(a for a in battle.state.actors.values() if a.summoner == "taylor")
    assert f"· {summon.name}: major " in toolbar_text(battle, None)


def test_toolbar_follows_the_turn(battle):
    battle.execute("end")
    assert prompt_text(battle) == "raider › "
    assert " round 1 · Raider's turn · major 3/3" in toolbar_text(battle, None)


@pytest.mark.parametrize("text, faces", [("5,5,3", (5, 5, 3)), (" 5 5 3 ", (5, 5, 3)),
                                         ("1, 6,2", (1, 6, 2)), ("", None), ("   ", None)])
def test_read_faces(text, faces):
    assert read_faces(text, 3, 6) == faces


@pytest.mark.parametrize("text, reason", [
    ("5,5", "2 faces typed, the roll needs 3"),
    ("5,5,3,1", "4 faces typed, the roll needs 3"),
    ("7,1,1", "7 is not a face of a d6; faces run 1-6"),
    ("0,1,1", "0 is not a face of a d6; faces run 1-6"),
    ("5,x,3", "'x' is not a die face; type numbers like 5,5,3"),
    ("-1,2,3", "'-1' is not a die face; type numbers like 5,5,3"),
])
def test_read_faces_refuses_with_the_reason(text, reason):
    with pytest.raises(BadFaces) as info:
        read_faces(text, 3, 6)
    assert str(info.value) == reason


@given(st.text(alphabet="0123456789,= +-x", min_size=1, max_size=9))
def test_the_prompt_reads_every_form_a_slot_flag_reads_and_refuses_the_rest(text):
    """Issue #21: the prompt refused `=14` and took `8,`. Typed at the prompt or after a
    `--SLOT` flag, the same text is the same faces or total, or refused by both (a blank
    answer aside: at the prompt it rolls)."""
    try:
        flag = parse_slot(text, "roll")
    except CommandError:
        flag = None
    if not text.strip():
        assert read_faces(text, 1, 6) is None
    elif flag is None:
        with pytest.raises(BadFaces):
            read_faces(text, 1, 6)
    elif isinstance(flag, tuple):
        assert read_faces(text, len(flag), max(flag) + 1, 0) == flag
    else:
        assert read_faces(text, 1, 6) == flag


def test_asker_asks_until_valid():
    answers = iter(["9,9,9", "4,4", "4,4,2"])
    asked, warned = [], []

    def ask(q):
        asked.append(q)
        return next(answers)

    asker = make_asker(ask, {"josh": "Josh"}.get, warned.append)
    assert asker("josh", "attack by josh", 3, 6) == (4, 4, 2)
    assert asked == ["Josh — attack roll (3d6), faces or Enter to roll: "] * 3
    assert len(warned) == 2 and warned[1].startswith("2 faces typed, the roll needs 3")


@pytest.mark.parametrize("what, words", [
    ("attack by josh", "Josh — attack roll (3d6)"),
    ("initiative of Josh", "Josh — initiative roll (3d6)"),
    ("Defense of josh", "Josh — Defense roll (3d6)"),
    ("damage", "Josh — damage roll (3d6)"),
    ("evasion of raider", "Josh — evasion of raider roll (3d6)"),   # someone else's
])
def test_question_names_the_roll_once(what, words):
    assert question("Josh", what, 3, 6, "josh") == words + ", faces or Enter to roll: "


def test_asker_enter_means_roll():
    asker = make_asker(lambda q: "", str, print)
    assert asker("josh", "damage", 1, 6) is None


@pytest.mark.parametrize("line, command", [
    ("attack raider  # the big one", "attack raider"),
    ("# all comment", ""),
    ("   ", ""),
    ('act minor "pick up key #2"', 'act minor "pick up key #2"'),
    ("add x --name a#b", "add x --name a#b"),
])
def test_strip_comment(line, command):
    assert strip_comment(line) == command


def test_script_lines_keep_the_files_numbers():
    data = b"# setup\nadd josh --as josh\n\n  \r\nstart # go\r\n"
    assert parse_script(data, "s.txt") == [(2, "add josh --as josh"), (5, "start")]


def test_script_refuses_nul_and_bad_utf8():
    with pytest.raises(ScriptError, match=r"s.txt: line 2 holds a NUL byte"):
        parse_script(b"add josh\nst\x00art\n", "s.txt")
    with pytest.raises(ScriptError, match=r"line 3 is not valid UTF-8 \(byte 0xff\)"):
        parse_script(b"a\nb\nadd j\xffosh\n", "s.txt")
    assert parse_script("\ufeffadd Zoë --name Zoë\n".encode(), "s") == [
        (1, "add Zoë --name Zoë")]


def test_the_decider_asks_another_actors_answer_and_takes_a_prefix():
    from shaper_gm.engine.decisions import Ask
    from shaper_gm.shell.dice import make_decider

    answers, asked, warned = iter(["bl", "", "zz", "dodge"]), [], []

    def ask(prompt):
        asked.append(prompt)
        return next(answers)

    decide = make_decider(ask, lambda actor: actor.title(), warned.append)
    question = Ask("bo", "react", ("none", "block", "dodge"), "none", "may answer Ann's attack",
                   "R2")
    assert decide(question) == "block"
    assert asked[0] == "Bo — may answer Ann's attack [none/block/dodge], R2, Enter for none: "
    assert decide(question) is None                      # Enter: the default holds
    assert decide(question) == "dodge" and "'zz' is not one of" in warned[0]


DEMO_SAVES = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
              "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
              "reactions": "reactions-demo.yaml", "d20": "d20-demo.yaml"}


@pytest.mark.parametrize("ruleset", sorted(DEMO_SAVES))
@pytest.mark.parametrize("width", [80, 50])
def test_the_toolbar_fits_the_terminal_dropping_whole_parts_from_the_least_telling(
        ruleset, width):
    from pathlib import Path

    from shaper_gm.persist.saves import read_save
    session = read_save(Path(__file__).parents[2] / "saves" / DEMO_SAVES[ruleset])
    save = f"saves/{DEMO_SAVES[ruleset]}"
    whole = toolbar_text(session, save).split(" · ")
    shown = toolbar_text(session, save, width=width)
    assert len(shown) <= width or shown.count(" · ") == 1     # round and turn stay
    parts = shown.split(" · ")
    assert parts == whole[:len(parts)]                # whole parts, the first ones
    assert parts[0] == " round 1"
    if len(" · ".join(whole)) > width:
        assert save not in shown

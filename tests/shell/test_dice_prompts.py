"""Dice asked at the table (S4): each die by name, and the attack's result said before
its damage dice are asked for."""

from __future__ import annotations

from shaper_gm.app import new_session
from shaper_gm.shell.dice import make_asker

SHAPER = ["add kira --as josh --name Kira --side party --at B4",
          "add raider --as raider --side enemies --at B3",
          "init kira raider", "start", "draw longbow", "rolls kira manual"]


def manual(session, answers):
    """Give `session` an asker that answers from `answers`; returns the transcript: each
    question asked and each line said, in order."""
    said: list[str] = []
    answers = iter(answers)

    def ask(question: str) -> str:
        said.append(question)
        return next(answers)

    session.asker = make_asker(ask, lambda a: session.state.actors[a].name, said.append)
    return said


def test_each_die_is_asked_by_name_after_the_attacks_result():
    s = new_session(seed=5)
    for line in SHAPER:
        s.execute(line)
    said = manual(s, ["6,6,5", "3", "4", "2"])
    s.execute("attack raider --skill piercing-strike --evade 1,1,2")
    assert said == [
        "Kira — attack roll (3d6), faces or Enter to roll: ",
        "▸ Raider: critical hit, 18 vs 4 (S5, S6)",
        "Kira — longbow damage roll (1d6), faces or Enter to roll: ",
        "Kira — critical damage roll (1d6), faces or Enter to roll: ",
        "Kira — Piercing Strike roll (1d6), faces or Enter to roll: ",
    ]
    assert "--roll 6,6,5 " in s.log[-1] and "--damage 3,4,2 " in s.log[-1]


def test_a_plain_hit_asks_only_the_weapons_dice_and_a_miss_none():
    s = new_session(seed=5)
    for line in SHAPER:
        s.execute(line)
    said = manual(s, ["4,4,4", "5"])
    s.execute("attack raider --evade 3,3,4")
    assert said[1:] == ["▸ Raider: hit, 13 vs 10 (S5, S6)",
                        "Kira — longbow damage roll (1d6), faces or Enter to roll: "]
    s.execute("end")
    s.execute("end")
    said = manual(s, ["1,2,2"])
    s.execute("attack raider --evade 6,6,5")
    assert said == ["Kira — attack roll (3d6), faces or Enter to roll: "]


def test_dicepool_says_the_hit_before_asking_for_damage():
    s = new_session(seed=5)
    for line in ("new --ruleset dicepool --seed 3", "add freya --as freya --at B5",
                 "add barry --as barry --at B6", "init freya barry", "start",
                 "rolls freya manual"):
        s.execute(line)
    said = manual(s, ["4,6,2,5,1", "3,7"])
    s.execute("attack barry")
    assert said[1] == "▸ Barry the Guard: hit, margin 1 over DT 2 (P7)"
    assert said[2].startswith("Freya — damage roll (2d8)")


def test_a_total_typed_at_the_prompt_is_taken_as_the_flag_takes_it():
    """Issue #21: the prompt refused `=N`. A total typed for the damage works as
    `--damage =6` does, and the dice typed before it are not asked for again."""
    s = new_session(seed=5)
    for line in SHAPER:
        s.execute(line)
    said = manual(s, ["4,4,4", "=6"])
    s.execute("attack raider --evade 3,3,4")
    assert said == ["Kira — attack roll (3d6), faces or Enter to roll: ",
                    "▸ Raider: hit, 13 vs 10 (S5, S6)",
                    "Kira — longbow damage roll (1d6), faces or Enter to roll: "]
    assert "--roll 4,4,4 " in s.log[-1] and "--damage =6 " in s.log[-1]
    assert s.log[-1].endswith("--by-hand damage,roll")

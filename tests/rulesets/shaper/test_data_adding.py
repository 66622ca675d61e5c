"""Shaper written as data beside the Python ruleset: `add` reads the same line on both
(S20, S24, S27-S29). `--vigor/--finesse/--mentality/--level N` are the format's
`add_numbers` (a flag setting a sheet number, checked by `ranges`), `--armor ITEM` and
`--shield` its `add_items` (one item; `--shield` takes its `default`), `--holding ITEM`
an `add_items` key `among` the weapons and shield the sheet carries, `--skill NAME`
and `--skill NAME:LEVEL` its `add_entries` with `bare: 1` and `separator: ':'`; what a
level allows is its `add_requires`."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, both, numbers, play_alike

__all__ = ["both"]

FOE = ("add raider --as raider --at B1",)


@pytest.mark.parametrize("adding, lines", [
    # Vigor: 10 + 3 HP a point (S27, S28); level 4: Total SP 2 (S29)
    ("add zed --vigor 2 --level 4 --weapon longsword --at B1 --side party", (
        "draw zed longsword", "engage zed raider",
        "attack zed raider --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 1")),
    # a shield raised: +1 Evasion (S20); armor: the defender's Defense dice (S7)
    ("add zed --shield --armor armor-t2 --weapon longsword --at B1 --side party", (
        "draw zed shield", "draw zed longsword", "raise zed", "end",
        "engage raider zed",
        "attack raider zed --roll 4,5,5 --evade 3,3,4 --damage 4 --defense 2")),
    # a bare skill is known at level 1: used once a round (S24)
    ("add zed --finesse 1 --skill longshot --weapon longbow --at A5 --side party", (
        "draw zed longbow",
        "attack zed raider --skill longshot --roll 4,4,4 --evade 2,2,2 --damage 3 "
        "--defense 1",
        "set zed major=3",
        "attack zed raider --skill longshot --roll 4,4,4 --evade 2,2,2 --damage 3 "
        "--defense 1")),
    # in hand as the fight starts: a weapon and the shield it carries (S19a), raised at
    # once (S20) and swung without a draw
    ("add zed --shield --weapon longsword --holding longsword --holding shield --at B1 "
     "--side party", (
        "raise zed", "engage zed raider",
        "attack zed raider --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 1")),
    # Mentality and a spell skill at a level given after ':' (S25, S24)
    ("add zed --mentality 1 --level 2 --skill charm:2 --at B1 --side party", (
        "cast zed charm zed", "cast zed charm zed", "set zed major=3",
        "cast zed charm zed")),
])
def test_add_reads_the_same_line_and_gives_the_same_numbers(both, adding, lines):
    sessions = both(adding, *FOE, "init zed raider", "start")
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), adding
    play_alike(sessions, [(line, None) for line in lines])


@pytest.mark.parametrize("line, says", [
    ("add zed --level 0", "--level 0"),
    ("add zed --level 11", "--level 11"),
    ("add zed --vigor -1", "--vigor -1"),
    ("add zed --skill longshot:x", "--skill longshot"),
    # S24: skill levels run 1 to 4 (add_entries' least and most)
    ("add zed --finesse 1 --skill longshot:5", "--skill longshot:5: expected N of 1 to 4 (S24)"),
    ("add zed --finesse 1 --skill longshot:0", "--skill longshot:0: expected N of 1 to 4 (S24)"),
    ("add zed --skill nope", "nope"),
    ("add zed --armor nope", "nope"),
    ("add zed --weapon longsword --holding longbow", "longbow"),
    # add_requires: what a level allows (S19a, S27, S29)
    ("add zed --vigor 1 --finesse 1", "Zed has 2 Ability Points; level 1 allows 1 (S27, S29)"),
    ("add zed --mentality 1 --skill retreat --skill charm",
     "Zed has 2 skill levels; level 1 allows 1 (S27, S29)"),
    ("add zed --weapon longsword --weapon longbow --shield", "a level-1 actor starts with 2"),
    ("add zed --level 2 --weapon longsword --weapon longbow --holding longsword "
     "--holding longbow --shield", "more in hand than 2 hands hold"),
])
def test_add_refuses_alike_and_changes_nothing(both, line, says):
    sessions = both()
    for rs, s in sessions.items():
        with pytest.raises(GmError) as refused:
            s.execute(line)
        assert not s.state.actors, rs
        if rs == DATA:
            assert says in str(refused.value)


SHEETS = {
    "gorm.yaml": "name: Gorm\nkind: creature\nvigor: 1\nweapons: [longsword]\n"
                 "holding: [longsword]\nside: enemies\n",
    "hero.yaml": "ayla:\n  name: Ayla\n  finesse: 1\n  weapons: [longbow]\n"
                 "  skills: [longshot]\n",
}


def test_a_sheet_file_is_added_alike_and_its_line_replays(both, tmp_path):
    """add ID --as PATH: a sheet file, plain or keyed (one id: {sheet}), its kind's
    side unless it names one; its content logged in the line (--sheet), so the line
    replays with no file."""
    for name, text in SHEETS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    sessions = both(f"add gorm --as {tmp_path / 'gorm.yaml'} --at B1",
                    f"add ayla --as {tmp_path / 'hero.yaml'} --at A5", "init ayla gorm",
                    "start")
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
    assert sessions[DATA].state.actors["ayla"].side == "party"
    play_alike(sessions, [("draw longbow", True), (
        "attack ayla gorm --skill longshot --roll 4,4,4 --evade 2,2,2 --damage 3", True)])
    for name in SHEETS:
        (tmp_path / name).unlink()
    logged = [line for line in sessions[DATA].log if line.startswith("add ")]
    assert len(logged) == 2 and all("--sheet" in line for line in logged)
    again = both(*logged[:1])           # each version reads the data version's line
    assert numbers(again[DATA]) == numbers(again[PYTHON])
    assert numbers(again[DATA])["gorm"][7] == "enemies"


@pytest.mark.parametrize("text, says", [
    ("name: Bad\nweapons: [laser]\nvigor: lots\n", "key 'vigor': expected a whole number"),
    ("name: Bad\nweapons: [laser]\n", "key 'weapons': unknown weapons item 'laser'"),
    ("name: Bad\nkind: dragon\n", "key 'kind': expected one of characters, creatures"),
    ("name: Bad\nwings: 2\n", "key 'wings': not a key of this ruleset's sheets"),
    ("- a list\n", "expected a mapping of sheet keys"),
])
def test_a_sheet_file_with_a_problem_is_refused_alike(both, tmp_path, text, says):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    sessions = both()
    for rs, s in sessions.items():
        with pytest.raises(GmError) as refused:
            s.execute(f"add bad --as {path}")
        assert not s.state.actors, rs
        if rs == DATA:
            assert str(refused.value).startswith(f"{path}: ") and says in str(refused.value)

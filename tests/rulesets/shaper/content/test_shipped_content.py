"""The shipped content library loads and holds what the Shaper source shows. The items
are read as the ruleset playing `shaper` reads them (shipped.py: the Python ruleset's
library or the data version's, the same item files), and the templates' sides and HP
through `add`; a sheet file through `add --as PATH`; the content folder a session
plays, the checkout's or SHAPER_GM_CONTENT's (the Python loader's own cache:
test_python_loader.py); test_ruleset_numbers reads
the numbers of the ruleset through commands, whichever version plays `shaper`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.commands import new_session
from shaper_gm.content.folders import folder_files
from shaper_gm.content.yamlio import load_yaml_file
from shaper_gm.errors import GmError
from shaper_gm.places import content_path

from .shipped import Item, Shipped

SHIPPED = Path(__file__).resolve().parents[4] / "content"


@pytest.fixture(scope="module")
def shipped():
    return Shipped()


def test_every_shipped_file_loads_and_every_item_is_in_the_library(shipped):
    # the files of items (the declaration files at the top are read on their own)
    files = [file.path for file in folder_files(SHIPPED / "shaper")]
    assert len(files) >= 8
    for path in files:
        if path.name == "ruleset.yaml":          # the ruleset itself: the session plays it
            assert shipped.session.state.ruleset == "shaper"
            continue
        ids = list(load_yaml_file(path))
        assert ids, path
        for item_id in ids:
            assert item_id in getattr(shipped, path.parent.name), (path, item_id)


def test_default_root_is_the_checkout_content_folder(monkeypatch):
    monkeypatch.delenv("SHAPER_GM_CONTENT", raising=False)
    assert content_path() == SHIPPED.resolve()


def test_env_var_points_at_another_library(tmp_path, monkeypatch):
    """SHAPER_GM_CONTENT names the content folder a session plays: a weapon added to a
    copy of the content playing `shaper` (the checkout's, or the one --as-data
    installs) is one an actor can carry."""
    copy = tmp_path / "content"
    shutil.copytree(content_path(), copy)
    (copy / "shaper" / "weapons" / "extra.yaml").write_text(
        "club:\n  name: Club\n  kind: melee\n  damage: 1d6\n", encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(copy))
    s = new_session(seed=1234)
    s.execute("add zed --weapon club")                  # known: added
    assert "zed" in s.state.actors
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(SHIPPED))
    with pytest.raises(GmError, match="club"):
        new_session(seed=1234).execute("add zed --weapon club")


def _numbers_session(*lines: str):
    """A session of whichever version plays `shaper`, `lines` run: the numbers are read
    through commands, as the GM meets them."""
    s = new_session(seed=1234)
    for line in lines:
        s.execute(line)
    return s


def _refused(s, line: str) -> str:
    with pytest.raises(GmError) as refused:
        s.execute(line)
    return str(refused.value)


def _cost(s, line: str) -> tuple[str, ...]:
    """The kinds of action `line`'s action costs (S18), the actor's pool refilled after."""
    from shaper_gm.engine.events import ActionSpent
    actor = s.state.turn
    kinds = tuple(kind for e in s.execute(line).events if isinstance(e, ActionSpent)
                  for kind, n in e.cost if n)
    for kind, full in (("major", 3), ("minor", 1), ("free", 1)):
        s.execute(f"set {actor} {kind}={full}")
    return kinds


def test_ruleset_numbers():
    """The numbers of the ruleset playing `shaper`, through commands whichever version
    plays it: the Basic Roll 3d6 (S1), a critical hit at a margin of 9 adding 1d6 (S6),
    a turn's 3 Major, 1 Minor, 1 Free, a Minor paid by a Major and a Free by a Minor or a
    Major (S18), what each action costs (S10-S20, S23-S26), a skill's 1 SP (S23), skill
    levels 1 to 4 (S24), two hands (S19a), 10 HP and Vigor's +3 HP, +1 melee attack and
    damage, Finesse's +1 ranged attack and evasion (S27, S28), the level table's Ability
    Points, skill levels, SP and SP regained (S27, S29), one free diagonal (S10), the
    bands Close to Long and one past max range with Disadvantage (S10, S13), spells at
    Close (S13), a 5x5 grid (S9), firing into melee and Outnumbered (S15, S16),
    initiative 3d6 + Finesse (S17). Mentality's two numbers are asserted where their
    commands are: a spell skill added to a cast a Major cheaper (S25: test_with_content's
    test_source_characters, tests/encounter's test_s25_mentality_removes_the_cost_of_an_
    added_spell_skill), a Minion's bonus a point (S21, S28: test_table_ready's minion
    bonus). (The Python ruleset's provisional markers are the content's notes, no rule
    number.)"""
    from tests.encounter.conftest import attack_outcome
    s = _numbers_session(
        "add ann --level 3 --vigor 1 --finesse 1 --mentality 1 --weapon spear "
        "--weapon crossbow --weapon javelin --shield --skill retreat --skill charm "
        "--side party --at B2", "add dee --weapon dagger --side party --at B2",
        "add bob --weapon dagger --at B2", "add cy --weapon dagger --at C2",
        "init ann --roll 1,2,3", "init ann bob cy dee", "start")
    ann = s.state.actors["ann"]
    assert ann.initiative == 6 + 1                           # 3d6 + Finesse (S17)
    assert ann.max_hp == 10 + 3 and s.state.actors["bob"].max_hp == 10      # S27, S28
    assert {k: ann.resource(k) for k in ("major", "minor", "free")} == {
        "major": 3, "minor": 1, "free": 1}
    assert _cost(s, "draw spear") == ("minor",)
    assert _cost(s, "engage bob") == ("minor",)
    melee = attack_outcome(s.execute("attack bob --roll 3,3,3 --evade 3,3,4 --damage 1"))
    assert melee.attack.total == 9 + 1                       # Vigor: melee attack +1
    assert melee.target("bob").damage == 1 + 2 + 1           # spear 1d6+2, Vigor +1
    for kind in ("major", "minor", "free"):
        s.execute(f"set ann {kind}={dict(major=3, minor=1, free=1)[kind]}")
    assert _cost(s, "act free hums") == ("free",)
    assert [_cost(s, line) for line in ("draw shield", "raise", "sheathe shield",
                                        "grip spear", "disengage")] == [("minor",)] * 5
    majors = [("engage bob", "attack bob --roll 3,3,3 --evade 4,4,4"), "skill retreat",
              "cast charm dee", "switch spear crossbow", "move C2", "move B2"]
    for line in majors:
        for one in (line if isinstance(line, tuple) else (line,)):
            kinds = _cost(s, one)
        assert kinds == ("major",), line
    assert [_cost(s, line) for line in ("reload", "drop crossbow", "pickup crossbow",
                                        "sheathe crossbow", "draw javelin")] == [
        ("minor",), ("free",), ("minor",), ("minor",), ("minor",)]
    s.execute("attack cy --with javelin --roll 3,3,3 --evade 1,1,2 --damage 1")
    s.execute("move C2")                                     # it lies beside Cy, in C2
    assert _cost(s, "pickup javelin") == ("major",)          # Close, not Melee (S19)
    paid = [e.paid for line in ("act free a", "act free b", "act free c")
            for e in s.execute(line).events if hasattr(e, "paid")]
    assert paid == [(("free", 1),), (("minor", 1),), (("major", 1),)]   # S18
    assert "hands are full" in _refused(s, "draw crossbow")  # javelin 1 + 2 (S19a)
    # S6: a margin of 9 is critical and adds 1d6; 8 is not
    duel = _numbers_session("add kit --finesse 1 --weapon longbow --holding longbow "
                            "--side party --at A1", "add rex --weapon longbow "
                            "--holding longbow --at A2", "init kit rex", "start")
    crit = attack_outcome(duel.execute("attack rex --roll 4,4,4 --evade 1,1,2 --damage 1,1"))
    assert crit.attack.total == 12 + 1 and crit.target("rex").critical  # Finesse +1
    assert crit.target("rex").damage == 1 + 3 + 1
    duel.execute("set kit major=3")
    plain = attack_outcome(duel.execute("attack rex --roll 4,4,3 --evade 1,1,2 --damage 1"))
    assert not plain.target("rex").critical and plain.target("rex").damage == 1 + 3
    duel.execute("end")
    dodge = attack_outcome(duel.execute("attack rex kit --roll 1,1,2 --evade 2,2,2"))
    assert dodge.target("kit").evasion.total == 6 + 1       # Finesse: evasion +1
    # S10, S13: one free diagonal; Close, Short, Medium, Long, then Long+N
    assert "costs 7 Major" in _refused(_numbers_session(
        "add ann --weapon dagger --side party --at A1", "init ann", "start"), "move E5")
    bands = _numbers_session("add tay --mentality 1 --skill charm --side party --at A1",
                             *(f"add p{n} --weapon dagger --side party --at A{1 + n}"
                               for n in range(1, 5)), "init tay", "start")
    assert [_refused(bands, f"cast charm p{n}").split(";")[0] for n in range(1, 5)] == [
        f"P{n} is at {band}" for n, band in enumerate(
            ("Short", "Medium", "Long", "Long+1"), 1)]
    # S13: max range and one band past it, with Disadvantage
    far = _numbers_session("add kit --finesse 1 --weapon longbow --holding longbow "
                           "--side party --at A1", "add rex --weapon dagger --at A5",
                           "add ray --weapon dagger --at C5", "init kit", "start")
    beyond = attack_outcome(far.execute("attack rex --roll 3,3,3 --evade 1,1,2"))
    assert [(m.name, m.rule) for m in beyond.plan.modifiers] == [("disadvantage", "S13")]
    assert "S13" in _refused(far, "attack ray")              # 5 away: two past Long
    assert "S9" in _refused(far, "place kit F1")              # 5x5
    # S23, S24, S19a: a skill's SP, levels 1 to 4, two hands
    assert "S24" in _refused(s, "add zed --level 4 --finesse 1 --skill longshot:5")
    s.execute("add zed --level 4 --finesse 1 --skill longshot:4")
    assert "S19a" in _refused(s, "add zip --level 2 --weapon longbow --weapon dagger "
                                 "--holding longbow --holding dagger")
    # S27, S29: level L allows L Ability Points and L skill levels; SP and SP regained
    for level in range(1, 11):
        parts = (min(level, 4), min(max(level - 4, 0), 4), max(level - 8, 0))
        skills = " ".join(f"--skill {name}:{n}" for name, n in zip(
            ("longshot", "retreat", "aimed-shot"), parts, strict=True) if n)
        points = f"--level {level} --finesse {level}"
        s.execute(f"add l{level} {points} {skills}")
        assert "S29" in _refused(s, f"add m{level} {points} --vigor 1")
        assert "S29" in _refused(s, f"add n{level} {points} {skills} "
                                    "--skill thread-the-needle")
        sp = s.state.actors[f"l{level}"].resource("sp")
        assert sp == (4 if level >= 10 else 3 if level >= 7 else 2 if level >= 4 else 1)
    assert "S29" in _refused(s, "add l11 --level 11")
    regain = _numbers_session("add ann --skill retreat --weapon dagger --side party --at A1",
                              "add bob --weapon dagger --at A1", "init ann bob", "start",
                              "engage bob", "end")
    paid = [e.paid for e in regain.execute("skill ann retreat --sp").events
            if hasattr(e, "paid")]
    assert paid == [(("sp", 1),)] and regain.state.actors["ann"].resource("sp") == 0
    regain.execute("end")
    assert regain.state.actors["ann"].resource("sp") == 1   # SP regained at level 1: 1
    # S15, S16: firing into melee and Outnumbered
    crowd = _numbers_session("add kit --finesse 1 --weapon longbow --holding longbow "
                             "--side party --at A1", "add ann --weapon dagger --holding "
                             "dagger --side party --at B1", "add rex --weapon dagger "
                             "--holding dagger --at B1", "add roy --weapon dagger "
                             "--holding dagger --at B1", "init ann kit rex roy", "start",
                             "engage rex", "end")
    into = attack_outcome(crowd.execute("attack rex --roll 3,3,3 --evade 1,1,2"))
    assert [(m.name, m.rule) for m in into.plan.modifiers] == [("disadvantage", "S15")]
    crowd.execute("end")
    crowd.execute("end")
    crowd.execute("engage ann")                              # Roy joins: two on Ann
    mobbed = attack_outcome(crowd.execute("attack ann --roll 3,3,3 --evade 6,6,1"))
    assert [(m.name, m.rule) for m in mobbed.target("ann").evasion_modifiers] == [
        ("disadvantage", "S16")]


def test_source_weapons(shipped):
    w = shipped.weapons
    assert (w["longsword"].kind, w["longsword"].damage, w["longsword"].hands) == ("melee",
                                                                               "1d6+3", 1)
    bow = w["longbow"]
    assert (bow.kind, bow.damage, bow.pierce, bow.range, bow.hands) == ("ranged", "1d6+3", 2,
                                                                         3, 2)
    assert bow.ammo
    xbow = w["crossbow"]
    assert xbow.kind == "ranged" and xbow.pierce == 4 and xbow.reload and xbow.provisional
    wand = w["wand"]
    assert wand.kind == "focus" and wand.spell_range_bonus == 1 and wand.hands == 1
    great = w["greatsword"]
    assert (great.kind, great.damage, great.hands, great.provisional) == ("melee", "2d6", 2,
                                                                          True)
    assert not w["longsword"].provisional and not bow.provisional


def test_armor_shield_and_spell(shipped):
    armor = shipped.armor
    assert armor["armor-t1"].defense == "1d6" and armor["armor-t1"].tier == 1
    assert armor["armor-t2"].defense == "1d6+3" and armor["armor-t2"].tier == 2
    shield = shipped.shields["shield"]
    assert (shield.evasion, shield.hands) == (1, 1)
    spell = shipped.spells["spell"]
    assert spell.kind == "spell" and spell.magic and spell.range == 0
    assert spell.damage == "1d6+3" and spell.provisional
    # a hand item is a weapon (the wand, a focus) or a shield, no kind holding both
    assert "wand" not in shipped.shields and "shield" not in shipped.weapons


SKILLS = {
    # id: (category, primary, secondary, effects)
    "piercing-strike": ("finesse", ("on_attack",), ("ranged",),
                        [dict(type="extra_dice", dice="1d6", roll="pierce", per="finesse")]),
    "thread-the-needle": ("finesse", ("on_attack",), ("ranged",),
                          [dict(type="remove_disadvantage", source="firing_into_melee")]),
    "longshot": ("finesse", ("on_attack",), ("ranged",),
                 [dict(type="range_bands", amount=1),
                  dict(type="damage_bonus", amount=1, when="at_max_range")]),
    "overswing": ("vigor", ("on_attack",), ("melee",),
                  [dict(type="extra_targets", targets="all_engaged_enemies"),
                   dict(type="damage_bonus", amount=1)]),
    "retreat": ("general", ("reaction",), (), [dict(type="disengage")]),
    "step-up": ("vigor", ("reaction",), ("melee",), [dict(type="engage")]),
    "energy-shield": ("mentality", ("anytime",), ("spell",), [dict(type="absorb", amount=2)]),
    "charm": ("mentality", ("anytime",), ("spell",),
              [dict(type="attack_bonus", amount=1), dict(type="damage_bonus", amount=1)]),
    "minion": ("mentality", ("anytime",), ("spell",),
               [dict(type="summon", creature="minion", armor_per_mentality="armor-t1",
                     bonuses={"attack": 1, "evasion": 1, "hp": 3})]),
}


@pytest.mark.parametrize("skill_id", sorted(SKILLS))
def test_source_skills(shipped, skill_id):
    category, primary, secondary, effects = SKILLS[skill_id]
    skill = shipped.skills[skill_id]
    assert (skill.category, skill.primary, tuple(skill.secondary or ())) == (
        category, primary, secondary)
    assert list(skill.effects) == effects


def test_skill_targets_and_durations(shipped):
    s = shipped.skills
    assert (s["energy-shield"].target, s["energy-shield"].duration) == ("self", "used_up")
    assert (s["charm"].target, s["charm"].duration, s["charm"].range) == (
        "ally", "start_of_caster_turn", "spell")
    # a spell skill: secondary 'spell' (S25)
    assert "spell" in s["charm"].secondary and "spell" in s["minion"].secondary
    assert "spell" not in s["overswing"].secondary
    assert s["step-up"].target == "enemy"


def test_minion_and_battle_enemies(shipped):
    minion = shipped.creatures["minion"]
    assert minion.summoned and minion.pool == {"major": 1, "minor": 1, "free": 0}
    assert minion.hp and minion.weapons and minion.side is None
    assert shipped.creatures["crossbowman"].armor is None
    assert "crossbow" in shipped.creatures["crossbowman"].weapons
    assert shipped.creatures["reaver"].skills.keys() == {"overswing", "retreat"}
    for creature_id, sheet in shipped.creatures.items():
        if not sheet.summoned:
            assert shipped.added(creature_id).side == "enemies", creature_id


def test_the_party_of_the_worked_battle(shipped):
    josh, monica, taylor = (shipped.characters[n] for n in ("josh", "monica", "taylor"))
    for name in ("josh", "monica", "taylor"):
        sheet = shipped.characters[name]
        assert shipped.added(name).side == "party" and sheet.level == 3
        assert len(sheet.skills) == 3 and all(level == 1 for level in sheet.skills.values())
        # a level's ability points: its number (S29)
        assert (sheet.vigor or 0) + (sheet.finesse or 0) + (sheet.mentality or 0) <= 3
    assert josh.finesse == 1 and "longbow" in josh.weapons and josh.armor is None
    assert josh.skills.keys() == {"piercing-strike", "thread-the-needle", "longshot"}
    assert monica.vigor == 1 and not monica.finesse
    assert {"longsword", "greatsword"} <= set(monica.weapons)
    assert monica.shield == "shield" and monica.holding == ("shield",)
    assert monica.armor == "armor-t2"
    assert {"overswing", "step-up"} <= monica.skills.keys()
    assert (taylor.vigor, taylor.mentality) == (1, 1) and "wand" in taylor.weapons
    assert shipped.added("taylor").max_hp == 13      # 10 + 3 for her Vigor 1 (S27, S28)
    assert taylor.skills.keys() == {"charm", "minion", "energy-shield"}


def test_generic_items_are_provisional(shipped):
    for path in SHIPPED.rglob("generic.yaml"):
        folder = getattr(shipped, path.parent.name)
        for item_id in load_yaml_file(path):
            assert folder[item_id].provisional, (path, item_id)


def test_a_sheet_file_plain_and_keyed(tmp_path):
    """add ID --as PATH reads a sheet file: the sheet's keys at its top (its id the
    file's name), or one `id: {sheet}` entry as content/shaper's files write them; a
    file's kind is creature or character, character unless given (its side, party,
    where the file names none). Ported from the Python loader's load_sheet_file onto
    add, whichever version plays shaper: the same id, kind, numbers, items and skills."""
    plain = tmp_path / "gorm.yaml"
    plain.write_text("name: Gorm\nkind: creature\nvigor: 1\nweapons: [mace]\n"
                     "holding: [mace]\nside: enemies\n", encoding="utf-8")
    keyed = tmp_path / "hero.yaml"
    keyed.write_text("ayla:\n  name: Ayla\n  finesse: 1\n  weapons: [shortbow]\n"
                     "  skills: [aimed-shot]\n", encoding="utf-8")
    sideless = tmp_path / "orc.yaml"
    sideless.write_text("name: Orc\nkind: creature\nweapons: [mace]\n", encoding="utf-8")
    s = new_session(ruleset="shaper", seed=1)
    for actor, path in (("gorm", plain), ("ayla", keyed), ("orc", sideless)):
        s.execute(f"add {actor} --as {path}")
    gorm, ayla, orc = (s.state.actors[a] for a in ("gorm", "ayla", "orc"))
    sheet = Item(gorm.sheet)
    assert (gorm.template, gorm.side, sheet.vigor, sheet.holding) == ("gorm", "enemies", 1,
                                                                     ("mace",))
    assert orc.side == "enemies"                 # a creature's side
    assert (ayla.template, ayla.side, Item(ayla.sheet).skills) == ("ayla", "party",
                                                                   {"aimed-shot": 1})


def test_a_sheet_file_with_problems_is_refused(tmp_path):
    """Its first problem in one line, the file and key named; the items it names are
    not checked until its own keys are good (the laser is not named). Ported from the
    Python loader's load_sheet_file onto add."""
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\nweapons: [laser]\nvigor: lots\n", encoding="utf-8")
    s = new_session(ruleset="shaper", seed=1)
    with pytest.raises(GmError) as info:
        s.execute(f"add bad --as {path}")
    line = info.value.message
    assert f"{path}: item 'bad': key 'vigor': expected a whole number" in line
    assert "(and " not in line and "laser" not in line and not s.state.actors

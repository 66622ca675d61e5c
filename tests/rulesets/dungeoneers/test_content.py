"""The shipped Dungeoneers content, its checks, and the ruleset built on it."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from shaper_gm.engine import registry
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import UpNext
from shaper_gm.engine.ruleset import Ruleset
from shaper_gm.render import Renderer, make_console
from tests.rulesets.dungeoneers.conftest import Table

COSTS = {"strike": 3, "power-strike": 4, "move": 1, "sprint": 1, "interact": 1, "defend": 2,
         "ready": 1, "grapple": 2, "push": 2, "deep-breath": 2, "focus": 2, "grab-ledge": 1,
         "break-free": 2, "let-go": 1}


def marked(library) -> set[str]:
    """The keys the played folder's ruleset.yaml marks provisional."""
    import yaml

    from shaper_gm.places import data_rulesets
    raw = yaml.safe_load((data_rulesets()[library.id] / "ruleset.yaml").read_text("utf-8"))
    return set(raw["provisional"])


def test_the_numbers_follow_the_rulings(library):
    n, sheet, ranks = library.numbers, library.default_sheet, library.kind("ranks")
    assert (dict(library.resources)["ap"]["max"], n["act_range"][1],
            n["test_ties"], n["score_as_dice"]) == (6, 6, "actor", 0)
    assert {verb: n[f"{verb.replace('-', '_')}_cost"] for verb in COSTS} == COSTS
    assert {rank: item["die"] for rank, item in ranks.items()} == {
        "untrained": 4, "trained": 6, "expert": 8, "master": 10}
    assert (sheet["critical_threshold"], sheet["threat_range"], n["boon_die"],
            n["arca_per_wisdom"]) == (5, 1, 4, 2)
    assert (n["power_strike_wounds"], n["power_strike_boon"],
            n["deep_breath_relief"]) == (1, 1, 2)
    assert {"numbers.test_ties", "default_sheet", "numbers.defend_boon",   # D16 in it
            "numbers.break_free_cost", "numbers.let_go_cost"} <= marked(library)
    assert [rank for rank, item in ranks.items() if item.get("provisional")] == [
        "untrained", "expert", "master"]                  # D12: the source shows d6
    assert library.kind("conditions")["grappled"]["provisional"]          # D24
    assert tuple(t["code"] for t in library.kind("types").values()) == tuple("BPSHCTD")


def test_the_sources_creatures_and_items(library):
    creatures, weapons = library.kind("creatures"), library.kind("weapons")
    skeleton, suori = creatures["skeleton"], creatures["suori"]
    assert (skeleton["proficiencies"]["dodging"], skeleton["finesse"],
            skeleton["armor"]) == ("trained", 1, 5)
    assert dict(skeleton["vulnerable"]) == {"b": 1} and "p" in skeleton["resist"]
    assert (suori["proficiencies"]["striking"], suori["finesse"], suori["body"]) == (
        "trained", 2, 2)
    hammer = weapons["warhammer"]
    assert (hammer["pierce"], hammer["wounds"], hammer["type"]) == (6, 1, "b")
    assert "provisional" not in hammer
    assert creatures["freya"]["endurance"] == 4 and "alberich" in creatures
    assert (weapons["dagger"]["type"], weapons["maul"]["type"]) == ("p", "b")
    assert {w["type"] for w in weapons.values()} == set("bpshctd")
    assert creatures["goblin"]["provisional"] is True
    assert "proficiencies.striking" in skeleton["provisional"]
    spells = library.kind("spells")
    assert spells and all(s["provisional"] for s in spells.values())


def data_folder() -> Path:
    """The Dungeoneers folder (written as data) that plays."""
    from shaper_gm.places import data_rulesets
    return data_rulesets()["dungeoneers"]


def edited(tmp_path: Path, edits: Mapping[str, tuple[tuple[str, str], ...]],
           added: Mapping[str, str] = {}) -> Path:     # noqa: B006
    """A copy of the data version's folder with each file's `edits` (old, new) made and
    `added` written at each file's end."""
    folder = tmp_path / "dungeoneers"
    shutil.copytree(data_folder(), folder)
    for name, pairs in edits.items():
        text = (folder / name).read_text(encoding="utf-8")
        for old, new in pairs:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        (folder / name).write_text(text, encoding="utf-8")
    for name, more in added.items():
        path = folder / name
        path.write_text((path.read_text(encoding="utf-8") if path.exists() else "") + more,
                        encoding="utf-8")
    return folder


COSTS_OF_ONE = tuple((f"  {verb.replace('-', '_')}_cost: {cost} ",
                      f"  {verb.replace('-', '_')}_cost: 1 ") for verb, cost in COSTS.items())


def test_good_content_builds(tmp_path):
    """Ported from the Python loader's build_library onto the data version's folder: every
    action costing 1 AP loads, with the default sheet's name."""
    from shaper_gm.rulesets.data.library import load
    lib = load(edited(tmp_path, {"ruleset.yaml": COSTS_OF_ONE}))
    assert lib.numbers["strike_cost"] == 1 and lib.default_sheet["name"] == "Creature"
    assert {lib.numbers[f"{verb.replace('-', '_')}_cost"] for verb in COSTS} == {1}


def test_every_problem_is_reported_at_once_with_file_item_and_key(tmp_path):
    """Ported from the Python loader onto the data version's folder (its field_checks,
    item_files, ranges and sheet_items): every mistake at once, one line each naming the
    file, the item and the key, and why."""
    from shaper_gm.rulesets.data.library import RulesetFileError, load
    folder = edited(tmp_path, {"ruleset.yaml": (
        ("  strike_cost: 3 ", "  strike_cost: 9 "), ("  test_ties: actor ", "  test_ties: coin "))},
        {"weapons.yaml": "\nclub: {name: Club, wounds: 1, type: x, pierce: 2d6}\n",
         "creatures.yaml": "\norc: {name: Orc, body: -1, weapons: [axe], proficiencies: "
                           "{striking: legendary}, vulnerable: {sonic: 1}}\n",
         "notes.yaml": "{}\n"})
    with pytest.raises(RulesetFileError) as err:
        load(folder)
    lines = list(err.value.errors)
    for file, expected in (
            ("ruleset.yaml", "key 'numbers.strike_cost': expected a whole number from 1 to 6 "
                             "(D2), got 9"),
            ("ruleset.yaml", "key 'numbers.test_ties': expected one of actor, defender (D11), "
                             "got 'coin'"),
            ("weapons.yaml", "item 'club': key 'type': no type 'x' in types.yaml (D20)"),
            ("weapons.yaml", "item 'club': key 'pierce': expected a whole number from 2 to "
                             "999,999 (D16), got '2d6'"),
            ("creatures.yaml", "item 'orc': key 'body': expected a whole number from 0"),
            ("creatures.yaml", "item 'orc': key 'proficiencies.striking': no rank "
                               "'legendary' in ranks.yaml (D12)"),
            ("creatures.yaml", "item 'orc': key 'vulnerable.sonic': no type 'sonic' in "
                               "types.yaml (D20)"),
            ("creatures.yaml", "item 'orc': key 'weapons[0]': no weapon 'axe'"),
            ("notes.yaml", "unknown file: not one of the item files ruleset.yaml lists")):
        assert any(f"dungeoneers/{file}: " in line and expected in line
                   for line in lines), (file, expected, lines)
    assert len(lines) == 9, lines


def test_the_registry_builds_the_ruleset_from_the_shipped_content(table):
    """The registry builds the ruleset (the data version's folder with --as-data); its
    resources and the wound limit ported onto what the commands show: the order table's
    columns (no HP, D19) and `add --stat wound_limit`."""
    rs = registry.build("dungeoneers")
    assert isinstance(rs, Ruleset)
    assert (rs.id, rs.rules) == ("dungeoneers", "D1-D29")
    assert rs.resource_spec("ap").off_turn and rs.resource_spec("ap").refill == "round_start"
    assert "defense_boon" in rs.effect_keys
    t = table.add("freya", "freya", at="B2", stats={"wound_limit": 3}).start()
    file = io.StringIO()
    Renderer(make_console(file=file, width=100, color_system=None),
             ruleset_for=t.session.ruleset_for).show(t.execute("order"), t.state)
    header = next(line for line in file.getvalue().splitlines() if line.startswith("Name"))
    assert header.split()[2:6] == ["AP", "Wounds", "Stress", "Arca"] and "HP" not in header
    assert " 0/3 " in file.getvalue()                      # wounds of the limit given


def sheet_of(actor) -> dict:
    """An actor's sheet, each of its lists of pairs a mapping (its damage type codes in
    lower case)."""
    return {key: dict(value) if isinstance(value, tuple) and value
            and isinstance(value[0], tuple) else value for key, value in actor.sheet.items()}


def test_make_actor_from_templates_flags_and_the_default_sheet(table):
    """Ported from the ruleset's make_actor onto `add`, read from the session's state;
    the body total D5 orders by as `start` tells it (was the ruleset's order_tiebreak)."""
    t = table.add("freya", "freya", at="b2", stats={"body": 4},
                  proficiencies={"grappling": "master"}, resist={"physical": 1},
                  immune=["toxic"], vulnerable={"H": 2})
    freya, sheet = t.actor("freya"), sheet_of(t.actor("freya"))
    assert (freya.name, freya.side, freya.zone, sheet["body"]) == ("Freya", "party", "B2", 4)
    assert sheet["proficiencies"]["grappling"] == "master"
    assert t.rs.stat(freya.sheet, "wound_limit") == 12        # wounds to a limit (D19)
    assert dict(sheet["resist"]) == {"physical": 1}
    assert [code.upper() for code in sheet["immune"]] == ["T"]
    assert freya.resource_map() == {"ap": 6, "wounds": 0, "stress": 0, "arca": 2}
    t.add("x", name="Xan", side="hirelings", stats={"wound_limit": 3})
    plain = t.actor("x")
    assert (plain.name, plain.side, t.rs.stat(plain.sheet, "wound_limit")) == (
        "Xan", "hirelings", 3)
    why = [e.why for e in t.execute("start").events if isinstance(e, UpNext)]
    assert "(party 4, hirelings 1) (D5)" in why[-1]


@pytest.mark.parametrize("line,message", [
    ("add x --as dragon", "no creature 'dragon'"),
    ("add x --stat luck=2", r"--stat 'luck=2': Dungeoneers sheets have body, finesse"),
    ("add x --stat body=-1",
     "--stat body=-1 is out of range: expected a whole number of at least 0"),
    ("add x --stat wound_limit=0", "at least 1"),
    ("add x --prof striking=godlike", r"not a proficiency rank \(D12\)"),
    ("add x --vulnerable sonic=1", r"not a damage type or category \(D20\)"),
    ("add x --immune psychic", r"\(D20\)"),
    ("add x --hp 3", r"--hp: Dungeoneers counts wounds up to a wound limit, not hit points"),
])
def test_make_actor_refuses_bad_values(line, message):
    """Ported from the ruleset's make_actor onto `add`: the refusal the GM reads."""
    with pytest.raises(RuleViolation, match=message):
        Table().execute(line)


def test_dungeoneers_rolls_no_initiative(table):
    """Ported from the ruleset's initiative roll onto `init` without ids: refused (D3)."""
    t = table.add("x", "freya", at="B2")
    with pytest.raises(RuleViolation, match=r"rolls no initiative.*\(D3\)"):
        t.execute("init")


def test_every_contract_verb_has_an_action_with_its_slots(table):
    """Ported from the ruleset's numbers onto the session's commands: each action's cost
    as its summary says it, the ambient arca as `ambient` changes it (D28)."""
    t = table.add("a", "alberich", side="party").start()
    verbs = t.session.registry.verbs
    contract = ("strike", "power-strike", "move", "sprint", "interact", "defend", "ready",
                "grapple", "push", "deep-breath", "focus", "spellcast", "pass", "act",
                "react")
    assert set(contract) <= set(verbs)

    def slots(verb):
        return tuple(name for name, _ in verbs[verb].slots)
    assert slots("strike") == ("roll", "dodge", "pierce")
    assert slots("spellcast") == ("roll", "resist")
    assert slots("grapple") == ("roll", "dodge")
    costs = {verb: int(found[1]) for verb in verbs
             if (found := re.search(r"\b(\d+) AP\b", verbs[verb].summary))}
    assert len(costs) == 14 and all(1 <= cost <= 6 for cost in costs.values())
    changed = [e for e in t.execute("ambient 2").events if hasattr(e, "before")]
    assert (changed[-1].before, changed[-1].after) == (0, 2)


def test_a_creature_naming_no_weapon_of_the_content_is_refused_at_load(tmp_path):
    """A template's weapons, weapons in hand and spells are items of the content (D16,
    D22, D28): one it does not hold stops the program at load, in one line naming the
    creature and the key (the data version's sheet_items)."""
    import shutil
    import subprocess
    import sys

    from shaper_gm.places import content_path
    root = tmp_path / "content"
    shutil.copytree(content_path() / "dungeoneers", root / "dungeoneers")
    creatures = root / "dungeoneers" / "creatures.yaml"
    creatures.write_text(creatures.read_text(encoding="utf-8")
                         + "\norc:\n  name: Orc\n  weapons: [axe]\n", encoding="utf-8")
    script = tmp_path / "fight.txt"
    script.write_text("new --ruleset dungeoneers\nadd ann --as freya --at A1\n",
                      encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "shaper_gm", "run", str(script)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**__import__("os").environ, "SHAPER_GM_CONTENT": str(root)})
    assert done.returncode == 2
    assert "item 'orc': key 'weapons[0]': no weapon 'axe'" in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1

"""kinds.yaml: a ruleset's records, item kinds and numbers, declared and checked. Each
mistake in a declaration is one line naming file, line, entry and key (never a crash
later), and a problem in an item read by it names the line of its key."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from shaper_gm.content.kinds import compile_kinds
from shaper_gm.content.schema import ContentError
from shaper_gm.content.yamlio import load_yaml_text
from tests import kinds_example as models
from tests.docs_errors import assert_docs_and_cases_agree, errors_section, shown
from tests.kinds_example import ROOT, load_library

# The example: reactions' declaration from when it was a Python ruleset (tests/fixtures/kinds)
DISPLAY = "content/reactions/kinds.yaml"
SHIPPED = (ROOT / "reactions" / "kinds.yaml").read_text(encoding="utf-8")


def problems(old: str, new: str) -> tuple[str, ...]:
    """The errors of the shipped reactions kinds.yaml with `old` written as `new`."""
    assert old in SHIPPED, old
    data = load_yaml_text(SHIPPED.replace(old, new, 1), origin=DISPLAY, lines=True)
    with pytest.raises(ContentError) as refused:
        compile_kinds("reactions", data, DISPLAY, models, data.lines)
    return refused.value.errors


def line_of(text: str) -> int:
    return next(n for n, line in enumerate(SHIPPED.splitlines(), 1) if text in line)


# (text of the example's kinds.yaml, what it is written as, entry and key, the message)
EXAMPLE_MISTAKES = [
    ("sheet: true, ruling: R8", "sheets: true, ruling: R8",
     "item 'records.Sheet': key 'fields.health.sheets'", "unknown key (did you mean 'sheet'?)"),
    ("health: {type: whole 1..", "health: {type: whol 1..",
     "item 'records.Sheet': key 'fields.health.type'", "'whol' is not a type: expected one of"),
    ("range: {type: whole 0..", "range: {type: whole 0.. text",
     "item 'records.Attack': key 'fields.range.type'", "'text' is left over after the type"),
    ("type: {type: one of ATTACK_TYPES", "type: {type: one of ATTACK_TYPE",
     "item 'records.Attack': key 'fields.type.type'",
     "no words 'ATTACK_TYPE' in the ruleset's module (did you mean 'ATTACK_TYPES'?)"),
    ("shield: {type: optional ref shields", "shield: {type: optional ref shield",
     "item 'records.Sheet': key 'fields.shield.type'", "no kind 'shield' (did you mean "
                                                       "'shields'?)"),
    ("block: {type: whole 1..roll_die+1", "block: {type: whole 1..rol_die+1",
     "item 'records.Sheet': key 'fields.block.type'",
     "no number 'rol_die' to bound it (did you mean 'roll_die'?)"),
    ("health: {type: whole 1.., default: 30", "health: {type: whole 1.., default: thirty",
     "item 'records.Sheet': key 'fields.health.default'", "expected a whole number, got "
                                                          "'thirty'"),
    ("creatures: {record: Sheet,", "creatures: {record: Sheets,",
     "item 'kinds.creatures': key 'record'", "no record 'Sheets' (did you mean 'Sheet'?)"),
    ("base: default_sheet", "base: default_shet",
     "item 'kinds.creatures': key 'base'", "no number 'default_shet' (did you mean "
                                           "'default_sheet'?)"),
    ("base: default_sheet", "base: grid_cols",
     "item 'kinds.creatures': key 'base'", "the number 'grid_cols' is not 'numbers of Sheet'"),
    ("set: {kind: weapon}", "set: {kin: weapon}",
     "item 'kinds.weapons': key 'set.kin'", "no field 'kin' in Attack (did you mean 'kind'?)"),
    ("description: {type: text, default: \"\"}",
     "description: {type: text, default: \"\", sheet: true}",
     "item 'records.Sheet': key 'fields.description.sheet'",
     "only a whole number can be a sheet number"),
    ("terms: {type: mapping of text to text,", "terms: {type: mapping of text to text, "
                                                "every: true,",
     "item 'records.Numbers': key 'fields.terms.every'",
     "only a 'mapping of one of WORDS to TYPE' can require every word"),
    ("id: {type: text, key: false}\n      name: {type: text, required: true}\n      type:",
     "id: {type: text, key: false, default: x}\n      name: {type: text, required: true}\n"
     "      type:", "item 'records.Attack': key 'fields.name.default'",
     "missing: a field without a default (name, type, power, range) cannot follow one "
     "with a default ('id')"),
    ("rules: {type: text, default: R1-R12,", "rules: {type: text,",
     "item 'records.Numbers': key 'fields.rules.default'",
     "missing: a number that is not required has a default"),
    ("lookups: {reaction_cost: reaction_costs,", "lookups: {reaction_cost: reaction_cost,",
     "item 'records.Numbers': key 'lookups.reaction_cost'", "no field 'reaction_cost' (did "
                                                            "you mean 'reaction_costs'?)"),
    ("ref weapons|spells", "ref weapons|", "item 'records.Sheet': key 'fields.weapons.type'",
     "expected names separated by '|'"),
    ("power: {type: whole 0.., required: true}", "power: {type: whole 0..}",
     "item 'records.Attack': key 'fields.power.required'",
     "missing: a field without a default is required"),
    ("block: {type: whole 1..roll_die+1", "block: {type: whole 1..name+1",
     "item 'records.Sheet': key 'fields.block.type'",
     "the number 'name' bounds it: a whole number"),
    ("numbers: Numbers", "numbers: Number", "key 'numbers'",
     "no record 'Number' (did you mean 'Numbers'?)"),
    ("kinds:  ", "kind:  ", "key 'kind'", "unknown key (did you mean 'kinds'?)"),
    ("name: {type: text, required: true, default: Reactions, provisional: false}",
     "name: {type: record Numbers, required: true, provisional: false}",
     "item 'records.Numbers': key 'fields.name.type'",
     "the records hold each other in a circle (Numbers → Numbers): a record cannot contain "
     "itself"),
    ("      id: {type: text, key: false}\n      name: {type: text, required: true}\n"
     "      amount:", "      name: {type: text, required: true}\n      amount:",
     "item 'kinds.shields': key 'record'",
     "the record 'Shield' of an item kind needs an 'id' field (key: false)"),
    ("      kind: {type: one of weapon|spell,", "      guards: {type: entries of Shield}\n"
                                             "      kind: {type: one of weapon|spell,",
     "item 'records.Attack': key 'fields.guards.type'",
     "'entries' is a type of the numbers' fields only"),
]


@pytest.mark.parametrize("old, new, where, problem", EXAMPLE_MISTAKES)
def test_each_mistake_is_one_line_naming_file_line_entry_and_key(old, new, where, problem):
    found = problems(old, new)
    line = line_of(old.splitlines()[-1] if old.count("\n") else old)
    assert len(found) == 1 + (new == "kind:  "), found      # and: 'kinds' missing
    message = next(m for m in found if where in m)
    assert message.startswith(f"{DISPLAY}: line ")
    assert f"{where}: {problem}" in message
    if "\n" not in old and "default_sheet" not in old and old != "numbers: Numbers":
        assert message.startswith(f"{DISPLAY}: line {line}: "), (message, line)


def circle_errors() -> tuple[str, ...]:
    """The errors of the example with an Attack that holds a Shield that holds one."""
    attack = "      range: {type: whole 0.., required: true}"
    held = SHIPPED.replace(attack, f"{attack}\n      guard: {{type: optional record Shield, "
                                   "default: null}", 1)
    assert held != SHIPPED
    data = load_yaml_text(held.replace("amount: {type: whole 1.., required: true}",
                                       "amount: {type: optional record Attack, default: null}"),
                          origin=DISPLAY, lines=True)
    with pytest.raises(ContentError) as refused:
        compile_kinds("reactions", data, DISPLAY, models, data.lines)
    return refused.value.errors


CIRCLE = ("item 'records.Shield': key 'fields.amount.type': the records hold each other in a "
          "circle (Attack → Shield → Attack): a record cannot contain itself")


def test_records_that_hold_each_other_are_one_mistake_not_a_crash():
    assert [e.split(": ", 2)[2] for e in circle_errors()] == [CIRCLE]


def test_a_declaration_that_is_not_a_mapping_is_refused():
    assert not_a_mapping_errors() == (f"{DISPLAY}: expected a mapping of keys, got a list",)


def not_a_mapping_errors() -> tuple[str, ...]:
    with pytest.raises(ContentError) as refused:
        compile_kinds("reactions", ["records"], DISPLAY, models)
    return refused.value.errors


def copied(folder: Path) -> Path:
    """A content folder under `folder` with a copy of the example's reactions content."""
    root = folder / "content"
    shutil.copytree(ROOT / "reactions", root / "reactions")
    return root


@pytest.fixture
def reactions_copy(tmp_path: Path) -> Path:
    return copied(tmp_path)


def test_a_content_copy_without_a_declaration_is_read_by_the_shipped_one(reactions_copy,
                                                                         monkeypatch):
    """A GM's copy of the content from before declarations still opens, the same."""
    from shaper_gm.content import folders
    monkeypatch.setattr(folders, "shipped_root", lambda: ROOT)     # the example's, shipped
    (reactions_copy / "reactions" / "kinds.yaml").unlink()
    assert load_library(reactions_copy) == load_library()


def undeclared_errors(root: Path, monkeypatch) -> tuple[str, ...]:
    """The errors of the copy under `root` without its kinds.yaml, and none shipped."""
    from shaper_gm.content import folders
    (root / "reactions" / "kinds.yaml").unlink()
    monkeypatch.setattr(folders, "shipped_root", lambda: root)
    with pytest.raises(ContentError) as refused:
        load_library(root)
    return refused.value.errors


def test_no_declaration_anywhere_is_refused(reactions_copy, monkeypatch):
    assert undeclared_errors(reactions_copy, monkeypatch) == (
        "content/reactions: kinds.yaml is missing (the kinds of its items and its numbers)",)


def refused_with(root: Path, file: str, items: str) -> tuple[tuple[str, ...], int]:
    """The errors of the reactions content under `root` with `items` added at the end of
    `file`, and the line the first of them is on."""
    path = root / "reactions" / file
    text = path.read_text(encoding="utf-8")
    path.write_text(f"{text}\n{items}", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_library(root)
    return refused.value.errors, len(text.splitlines()) + 2


DAGGER = "dagger:\n  name: Dagger\n  type: physical\n  power: -3\n  range: 1\n"
LID = "lid:\n  name: Pot lid\n"


def test_an_item_problem_names_the_line_of_its_key(reactions_copy):
    errors, first = refused_with(reactions_copy, "weapons.yaml", DAGGER)
    assert errors == (f"content/reactions/weapons.yaml: line {first + 3}: item 'dagger': key "
                      "'power': expected a whole number at least 0, got -3",)


def test_a_missing_key_names_the_line_of_its_item(reactions_copy):
    errors, first = refused_with(reactions_copy, "shields.yaml", LID)
    assert errors == (f"content/reactions/shields.yaml: line {first}: item 'lid': key "
                      "'amount': missing (required)",)


def test_the_same_declaration_anywhere_makes_the_same_records(reactions_copy):
    here, there = load_library(), load_library(reactions_copy)
    assert here.kinds is there.kinds and models.Sheet is here.kinds.record("Sheet")
    assert here == there


# A small declaration with what the shipped ones no longer use (Dungeoneers' before it
# was written as data): a kind whose check gives fields no file writes, a bound over a
# number, a check the ruleset keeps in code (check_weapon, check_spell below)
CRAWL = """numbers: Numbers
kinds:
  weapons: {record: Weapon, noun: weapon, check: check_weapon,
            gives: [damage_type, pierce_die]}
  spells: {record: Spell, noun: spell, check: check_spell}
records:
  Sheet:
    fields:
      id: {type: text, key: false, default: ""}
      wisdom: {type: whole 0..max/arca_per_wisdom, default: 0, sheet: true}
  Weapon:
    fields:
      id: {type: text, key: false}
      name: {type: text, required: true}
      damage_type: {type: text, key: false}
      pierce_die: {type: whole, key: false}
      type: {type: text, required: true, hold: false}
      pierce: {type: whole 2.., required: true, hold: false}
  Spell:
    fields:
      id: {type: text, key: false}
      name: {type: text, required: true}
      cost: {type: whole 1.., required: true}
  Numbers:
    fields:
      max_action_cost: {type: whole 1.., required: true, default: 6}
      arca_per_wisdom: {type: whole 0.., required: true, default: 2}
      default_sheet: {type: numbers of Sheet, required: true}
"""


def check_weapon(values: dict, numbers) -> list[tuple[str, str]]:
    """A weapon's `type` as its code and `pierce` as its die (what `gives` names)."""
    values["damage_type"], values["pierce_die"] = str(values["type"]).upper(), values["pierce"]
    return []


def check_spell(values: dict, numbers) -> list[tuple[str, str]]:
    """A spell's cost within an action's (D2)."""
    if values.get("cost", 1) > numbers.max_action_cost:
        return [("cost", f"an action costs 1 to {numbers.max_action_cost} AP (D2)")]
    return []


# A declaration whose records name their rules code (checks, methods, properties, words
# the code keeps): the shape of a Python ruleset's kinds.yaml (Shaper's, before it was
# written as data), its code the functions below.
CODED = """numbers: RulesetNumbers
kinds:
  spells: {record: Spell, noun: spell, check: check_spell}
  armor: {record: Armor, noun: armor}
  skills: {record: Skill, noun: skill}
records:
  Sheet:
    fields:
      id: {type: text, key: false, default: ""}
  Spell:
    fields:
      id: {type: text, key: false}
      name: {type: text, required: true}
  Armor:
    fields:
      id: {type: text, key: false}
      name: {type: text, required: true}
      defense: {type: dice, required: true}
  Skill:
    properties: {is_spell: skill_is_spell}
    fields:
      id: {type: text, key: false}
      name: {type: text, required: true}
      range: {type: checked by skill_range, default: null}
  RulesetNumbers:
    methods: {bonus: numbers_bonus, level_row: numbers_level_row}
    fields:
      costs: {type: mapping of name to name, default: {}, needs: REQUIRED_COSTS,
              needs_why: "the rules core needs a cost for it"}
      terms: {type: mapping of name to text, default: {}}      # words
"""
REQUIRED_COSTS = ("attack", "move")


def skill_range(value):
    """A skill's range: 'spell' or a number of bands."""
    return value


def skill_is_spell(skill) -> bool:
    return skill.range == "spell"


def numbers_bonus(numbers, name: str) -> int:
    return 0


def numbers_level_row(numbers, level: int) -> int:
    return level


# Mistakes in the declarations: of the names of the rules' code (CODED's); of what a
# kind's check gives and a bound over a number (CRAWL's)
def declared_errors(ruleset: str, old: str, new: str) -> tuple[str, ...]:
    """The errors of the declaration of `ruleset` (CRAWL's of `crawl`, CODED's of
    `coded`, both made here, their code this module) with `old` written as `new`."""
    display = f"content/{ruleset}/kinds.yaml"
    text = {"crawl": CRAWL, "coded": CODED}[ruleset]
    assert old in text, old
    data = load_yaml_text(text.replace(old, new, 1), origin=display, lines=True)
    with pytest.raises(ContentError) as refused:
        compile_kinds(ruleset, data, display, sys.modules[__name__], data.lines)
    return refused.value.errors


def assert_one_line(ruleset: str, old: str, new: str, expected: str) -> None:
    """The shipped declaration of `ruleset` with `old` written as `new` is refused in one
    line that names its line and holds `expected`."""
    errors = declared_errors(ruleset, old, new)
    assert len(errors) == 1, errors
    assert expected in errors[0]
    assert errors[0].startswith(f"content/{ruleset}/kinds.yaml: line ")


TERMS = "      terms: {type: mapping of name to text, default: {}}      # words"
RULES_CODE = [
    (TERMS, TERMS + "\n      guards: {type: entries of Guard, required: true}\n\n  Guard:\n"
            "    fields:\n      name: {type: text, default: ''}",
     "item 'records.RulesetNumbers': key 'fields.guards.type'",
     "the record 'Guard' of entries needs an 'id' field"),
    (TERMS, TERMS + "\n      cover: {type: record Cover, default: {}}\n\n  Cover:\n"
            "    fields:\n      name: {type: text, default: ''}",
     "item 'records.RulesetNumbers': key 'fields.cover.default'",
     "a number made of a record takes its defaults from the record"),
    ("needs: REQUIRED_COSTS", "needs: REQUIRED_COST",
     "item 'records.RulesetNumbers': key 'fields.costs.needs'",
     "no words 'REQUIRED_COST' in the ruleset's module (did you mean 'REQUIRED_COSTS'?)"),
    ("      id: {type: text, key: false}\n      name: {type: text, required: true}\n"
     "      defense: {type: dice, required: true}",
     "      id: {type: text, key: false}\n      shown: {type: text, key: false}\n"
     "      name: {type: text, required: true}\n      defense: {type: dice, required: true}",
     "item 'kinds.armor': key 'record'",
     "the record 'Armor' cannot be made here: no default for shown"),
    ("range: {type: checked by skill_range,", "range: {type: checked by skill_rang,",
     "item 'records.Skill': key 'fields.range.type'",
     f"no function 'skill_rang' in {__name__}"),
    ("range: {type: checked by skill_range,", "range: {type: checked skill_range,",
     "item 'records.Skill': key 'fields.range.type'", "expected 'checked by NAME'"),
    ("check: check_spell}", "check: check_spells}",
     "item 'kinds.spells': key 'check'",
     f"no function 'check_spells' in {__name__}"),
    ("properties: {is_spell: skill_is_spell}", "properties: {is_spell: is_spell}",
     "item 'records.Skill': key 'properties.is_spell'",
     f"no function 'is_spell' in {__name__}"),
    ("methods: {bonus: numbers_bonus,", "methods: {bonus: numbers_bonu,",
     "item 'records.RulesetNumbers': key 'methods.bonus'",
     f"no function 'numbers_bonu' in {__name__}"),
]


@pytest.mark.parametrize("old, new, where, problem", RULES_CODE)
def test_each_name_of_the_rules_code_is_checked(old, new, where, problem):
    assert_one_line("coded", old, new, f"{where}: {problem}")


GIVES_AND_BOUNDS = [
    ("check: check_weapon,\n            gives: [damage_type, pierce_die]}",
     "\n            gives: [damage_type, pierce_die]}",
     "item 'kinds.weapons': key 'gives': only a kind with a check can give fields"),
    ("check: check_weapon,\n            gives: [damage_type, pierce_die]}",
     "check: check_weapon,\n            gives: [damage_type]}",
     "item 'kinds.weapons': key 'record': the record 'Weapon' cannot be made here: no "
     "default for pierce_die"),
    ("type: whole 0..max/arca_per_wisdom", "type: whole 0..max/arca_per_wisdm",
     "item 'records.Sheet': key 'fields.wisdom.type': no number 'arca_per_wisdm' to bound it"),
]


@pytest.mark.parametrize("old, new, expected", GIVES_AND_BOUNDS)
def test_what_a_kind_check_gives_and_a_bound_over_a_number_are_checked(old, new, expected):
    assert_one_line("crawl", old, new, expected)


def wand_errors(folder: Path) -> tuple[tuple[str, ...], str]:
    """The errors of a content folder declared by CRAWL under `folder` with a spell that
    costs more than an action may (D2), and the text of its spells file before."""
    from shaper_gm.content.folders import ruleset_files
    from shaper_gm.content.kinds import load_kinds
    root = folder / "content"
    (root / "crawl").mkdir(parents=True)
    (root / "crawl" / "kinds.yaml").write_text(CRAWL, encoding="utf-8")
    (root / "crawl" / "ruleset.yaml").write_text(
        "max_action_cost: 6\narca_per_wisdom: 2\ndefault_sheet: {wisdom: 1}\n", encoding="utf-8")
    spells = root / "crawl" / "spells.yaml"
    text = "mend:\n  name: Mend\n  cost: 2\n"
    spells.write_text(f"{text}\nwand:\n  name: Wand\n  cost: 99\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_kinds("crawl", sys.modules[__name__], root).build(ruleset_files("crawl", root))
    return refused.value.errors, text


def test_a_problem_only_the_rules_code_sees_names_the_line_too(tmp_path):
    """The checks a ruleset keeps in Python (what a spell may cost, D2) report where the
    item's key is written, as the declared checks do."""
    errors, text = wand_errors(tmp_path)
    assert errors == (
        f"content/crawl/spells.yaml: line {len(text.splitlines()) + 4}: item 'wand': "
        "key 'cost': an action costs 1 to 6 AP (D2)",)


# What the Errors section of "kinds.yaml" in docs/rulesets.md shows that is no message
LEFT_OUT = {
    "content/ID/kinds.yaml: line N: item 'records.Sheet': key 'fields.block.type': ...":
        "the shape of a line of kinds.yaml",
    "kinds.yaml": "the file", "SHAPER_GM_CONTENT": "a variable", "id": "a field",
    "numbers of": "a type", "checked by": "a type", "check": "a key", "methods": "a key",
    "properties": "a key", "needs": "a key", "set": "a key", "gives": "a key",
}


def test_every_error_the_docs_list_is_one_a_broken_kinds_file_prints(tmp_path, monkeypatch):
    """Each message of the docs' list is printed by one of the mistakes above (a changed
    declaration is read from its text, a content folder is a copy of its own), and each
    mistake's line is in the list."""
    documented = shown(errors_section("## kinds.yaml"), LEFT_OUT)
    assert len(documented) >= 30
    cases = [(problems(old, new), f"{where}: {problem}")
             for old, new, where, problem in EXAMPLE_MISTAKES]
    cases += [(declared_errors(ruleset, old, new), f"{where}: {problem}")
              for old, new, where, problem in RULES_CODE
              for ruleset in ("coded",)]
    cases += [(declared_errors("crawl", old, new), expected)
              for old, new, expected in GIVES_AND_BOUNDS]
    cases += [(circle_errors(), CIRCLE), (not_a_mapping_errors(), "expected a mapping of keys"),
              (wand_errors(tmp_path / "wand")[0], "an action costs 1 to 6 AP (D2)")]
    cases += [(refused_with(copied(tmp_path / file), file, items)[0],
               f"item '{items.split(':')[0]}'")
              for file, items in (("weapons.yaml", DAGGER), ("shields.yaml", LID))]
    with monkeypatch.context() as patched:
        cases.append((undeclared_errors(copied(tmp_path / "undeclared"), patched),
                      "kinds.yaml is missing"))
    assert_docs_and_cases_agree(documented, cases)

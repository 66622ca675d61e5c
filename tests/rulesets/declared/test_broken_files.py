"""Every mistake docs/rulesets.md lists for a ruleset written as data, made in a copy of
the tutorial folder (tests/fixtures/rulesets/duel) one at a time: `check-ruleset` and
`new --ruleset` answer with the one line that names file, line, entry and key and what
was expected. Hostile files (nested without end, huge, binary, a loop) are refused in one
line too, never a traceback or a hang."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from shaper_gm.app import equip
from shaper_gm.app.check_ruleset import FAILED, UNUSABLE, check_ruleset
from shaper_gm.commands import Session
from shaper_gm.errors import MAX_TEXT, GmError, excerpt

DUEL = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets" / "duel"
R, A, D = "ruleset.yaml", "actions.yaml", "duellists.yaml"
STRIKE = "  what: a strike\n"
LAST_STEP = '    - set: {damage: "max(0, damage - armour)"}  # U4'
HP_CHANGE = "    - hp: {who: target, change: -damage}"
DEEP = "(" * 50 + "1" + ")" * 50
LONG = "1+" * 300 + "1"
AFTER = ("which no step or fact gives (known after the steps: actor, armour, critical, "
         "damage, guard, hit, rolled, skill, target, total, vigour, weapon)")

# (id, file, text replaced, its replacement, the line after "rulesets/duel/FILE: ")
EDITS = [
    ("ruleset-unknown-key", R, "grid: 8x8", "grid: 8x8\ncolour: red",
     "line 8: key 'colour': unknown key (allowed: name, rules, attribution, description, "
     "grid, cell_size, unit, numbers, resources, initiative, derived, hp, templates, "
     "default_sheet, zero_hp, effect_keys, act_resource, react_resource, side, absorbs, "
     "damage_types, down_words, terms, provisional, ranges, add_items, damage_action, "
     "rulings, one_per_cell, diagonal_size, item_mods, turn_order, heal_action, "
     "set_hp_action, add_switches, map_marks, logs_words, gm_fields, side_checks, keeps_down, "
     "zero_read, "
     "reacts_on_turn, "
     "item_offers, "
     "readied_effect, item_files, "
     "encounter_numbers, harm_tally, most_diagonals, template_sides, add_entries, "
     "older_saves, older_sheets, sheet_items, prepared, word_actions, add_numbers, "
     "add_requires, clock, timers, no_initiative, act_range, basic_roll, bands, replayed_saves, "
     "field_checks)"),
    ("bands-not-a-list", R, "grid: 8x8", "grid: 8x8\nbands: near",
     "line 8: key 'bands': expected a list, got 'near'"),
    ("no-initiative-without-refuse", R, "grid: 8x8", "grid: 8x8\nno_initiative: {hint: x}",
     "line 8: key 'no_initiative': expected {refuse: TEXT, hint: TEXT} (refuse required), "
     "got a mapping"),
    ("ruleset-heal-action-no-action", R, "grid: 8x8", "grid: 8x8\nheal_action: mend",
     "line 8: key 'heal_action': no action 'mend' in actions.yaml"),
    ("add-switch-without-value", R, "grid: 8x8", "grid: 8x8\nadd_switches: {npc: {key: hp}}",
     "line 8: key 'add_switches.npc': expected {key: SHEET_KEY, value: VALUE, help: TEXT, "
     "rule: TEXT} (key and value required; the value a number, true or false, or a text)"),
    ("ruleset-set-hp-action-no-action", R, "grid: 8x8", "grid: 8x8\nset_hp_action: mend",
     "line 8: key 'set_hp_action': no action 'mend' in actions.yaml"),
    ("older-sheets-without-drop", R, "grid: 8x8", "grid: 8x8\nolder_sheets: {pairs: [x]}",
     "line 8: key 'older_sheets': expected {drop: [KEY...], pairs: [KEY...], "
     "from_system: [KEY...], lookup: {KEY: KIND.KEY.FIELD}} (drop required)"),
    ("older-sheets-lookup-not-a-path", R, "grid: 8x8",
     "grid: 8x8\nolder_sheets: {drop: [kind], lookup: {held: weapons}}",
     "line 8: key 'older_sheets': lookup.held: expected KIND.KEY.FIELD, got 'weapons'"),
    ("sheet-items-kind-unknown", R, "grid: 8x8", "grid: 8x8\nsheet_items: {blade: blades}",
     "line 8: key 'sheet_items.blade': no item file blades.yaml (kinds: duellists)"),
    ("ruleset-required-missing", R, "name: Duel\n", "",
     "key 'name': missing (required)"),
    ("ruleset-grid-wrong-type", R, "grid: 8x8", "grid: eight",
     "line 7: key 'grid': expected COLSxROWS, e.g. 12x12, got 'eight'"),
    ("ruleset-grid-out-of-range", R, "grid: 8x8", "grid: 100000x100000",
     "line 7: key 'grid': expected COLSxROWS, e.g. 12x12, got '100000x100000'"),
    ("ruleset-number-wrong-type", R, "cell_size: 1", "cell_size: one",
     "line 8: key 'cell_size': expected a whole number, got 'one'"),
    ("ruleset-number-of-10000-digits", R, "cell_size: 1", "cell_size: " + "9" * 10_000,
     "key 'cell_size': line 8, column 12: '99999999999999999999... (10000 characters)' "
     "is not a whole number (10000 digits; write a number of at most 4,300)"),
    ("ruleset-text-wrong-type", R, "side: foes", "side: [foes]",
     "line 10: key 'side': expected text, got a list"),
    ("ruleset-expression-unreadable", R, "hp: vigour", "hp: vigour +",
     "line 21: key 'hp': 'vigour +' ends too soon"),
    ("resource-unknown-key", R, "  action: {max: 1,", "  action: {max: 1, colour: red,",
     "line 13: key 'resources.action.colour': unknown key (allowed: label, max, start, "
     "refill, refill_by, lapse, off_turn, kept_on_pass, while_down, rule, shown, "
     "hard_max, lapsed, paid_by, short, backfill, rebuilt, "
     "told)"),
    ("resource-told-one-verb", R, "  action: {max: 1,", "  action: {max: 1, told: [gains],",
     "line 13: key 'resources.action.told': expected [VERB, VERB]: how a rise and a fall "
     "are told, e.g. [gains, sheds], got a list"),
    ("resource-moment-unknown", R, "  action: {max: 1, refill: turn_start",
     "  action: {max: 1, refill: dawn",
     "line 13: key 'resources.action.refill': expected one of combat_start, round_start, "
     "turn_start, turn_end, round_end, never; got 'dawn'"),
    ("resource-max-out-of-range", R, "  action: {max: 1,", "  action: {max: -1,",
     "line 13: key 'resources.action.max': expected a whole number at least 0, got -1"),
    ("act-resource-unknown", R, "act_resource: action", "act_resource: mana",
     "line 15: key 'act_resource': no resource 'mana' (resources: action, steps)"),
    ("template-kind-unknown", R, "templates: [duellists]", "templates: [monsters]",
     "line 38: key 'templates': no item file monsters.yaml for templates 'monsters' "
     "(kinds: duellists)"),
    ("action-unknown-key", A, STRIKE, STRIKE + "  colour: red\n",
     "line 5: item 'strike': key 'colour': an action has no such key (keys: actor_named, "
     "after_fight, aliases, "
     "apply, at, bare, checks, cost, cost_word, examples, flags, given, heading, held, item, "
     "item_word, line, "
     "odds, offer, paid, "
     "paid_last, "
     "provokes, recap_aside, refusals, requires, rules, second_word, "
     "self_when, "
     "spare, spread, steps, "
     "summary, target, "
     "target_flag, target_from, target_optional, targets, "
     "timing, to, what, while_down, word, words)"),
    ("recap-aside-not-words", A, STRIKE, STRIKE + "  recap_aside: [power]\n",
     "line 5: item 'strike': key 'recap_aside': expected words in the recap's brackets, "
     "got ['power']"),
    ("offer-without-a-cell-or-target", A, "step:\n",
     "shout:\n  what: a shout\n  summary: shout\n  offer: [{text: near}]\n  line: shouts\n"
     "\nstep:\n",
     "line 56: item 'shout': key 'offer': only an action to a cell (to: cell) or with a "
     "target offers them"),
    ("end-with-source-not-a-truth", A, HP_CHANGE,
     HP_CHANGE + "\n    - end: {who: target, name: dazed, with_source: maybe}",
     "line 43: item 'strike': key 'apply[1].end.with_source': expected true or false, "
     "got 'maybe'"),
    ("effect-quiet-not-a-truth", A, HP_CHANGE,
     HP_CHANGE + "\n    - effect: {who: target, name: dazed, quiet: 'yes'}",
     "line 43: item 'strike': key 'apply[1].effect.quiet': expected true or false, "
     "got 'yes'"),
    ("hp-quiet-not-a-truth", A, HP_CHANGE, "    - hp: {who: target, change: -damage, quiet: 1}",
     "line 42: item 'strike': key 'apply[0].hp.quiet': expected true or false, got 1"),
    ("sheet-quiet-not-a-truth", A, HP_CHANGE,
     HP_CHANGE + "\n    - sheet: {who: target, name: vigour, value: 1, quiet: 'no'}",
     "line 43: item 'strike': key 'apply[1].sheet.quiet': expected true or false, "
     "got 'no'"),
    ("action-at-not-a-mapping", A, STRIKE, STRIKE + "  at: turn_start\n",
     "line 5: item 'strike': key 'at': expected {moment: MOMENT, when: EXPR, rule: TEXT} "
     "(moment and when required)"),
    ("action-at-moment-unknown", A, STRIKE,
     STRIKE + "  at: {moment: dawn, when: actor.vigour > 0}\n",
     "line 5: item 'strike': key 'at.moment': expected one of turn_start, turn_end, "
     "damaged, round_start, waited, placed, got 'dawn'"),
    ("action-at-when-reads-a-target", A, STRIKE,
     STRIKE + "  at: {moment: turn_end, when: target.vigour > 0}\n",
     "line 5: item 'strike': key 'at.when': reads 'target.vigour': a moment's test reads "
     "actor.X, rules.X"),
    ("action-at-damage-read-outside-damaged", A, STRIKE,
     STRIKE + "  at: {moment: turn_start, when: damage > 0}\n",
     "line 5: item 'strike': key 'at.when': reads 'damage': a moment's test reads "
     "actor.X, rules.X"),
    ("action-target-unknown", A, "target: foe", "target: enemy",
     "line 10: item 'strike': key 'target': expected one of foe, ally, other, any, "
     "got 'enemy'"),
    ("action-timing-unknown", A, STRIKE, STRIKE + "  timing: never\n",
     "line 5: item 'strike': key 'timing': expected one of turn, reaction, either, "
     "got 'never'"),
    ("action-targets-too-many", A, STRIKE, STRIKE + "  targets: 101\n",
     "line 5: item 'strike': key 'targets': expected a whole number from 1 to 100, "
     "got 101"),
    ("action-targets-none", A, STRIKE, STRIKE + "  targets: 0\n",
     "line 5: item 'strike': key 'targets': expected a whole number from 1 to 100, got 0"),
    ("action-to-unknown", A, "  to: cell", "  to: square",
     "line 59: item 'step': key 'to': expected one of cell, got 'square'"),
    ("action-item-wrong-type", A, "  item: weapons\n", "  item: [weapons]\n",
     "line 11: item 'strike': key 'item': expected a name (lowercase letters, digits, "
     "'_' and '.'), got ['weapons']"),
    ("action-item-word-with-a-target", A, "  item: weapons\n",
     "  item: weapons\n  item_word: true\n",
     "line 12: item 'strike': key 'item_word': only an action with an item: and no target "
     "or cell names it by a word"),
    ("action-target-flag-without-a-target", A, "  to: cell\n",
     "  to: cell\n  target_flag: against\n",
     "line 60: item 'step': key 'target_flag': only an action with one target: names the flag "
     "that names it"),
    ("expression-unreadable", A, "total: rolled + skill", "total: rolled + + skill",
     "line 29: item 'strike': key 'steps[1].set.total': unexpected '+' in "
     "'rolled + + skill'"),
    ("expression-too-deep", A, "total: rolled + skill", f"total: rolled + {DEEP}",
     "line 29: item 'strike': key 'steps[1].set.total': an expression nested more than "
     "40 deep"),
    ("expression-too-long", A, "total: rolled + skill", f"total: rolled + {LONG}",
     "line 29: item 'strike': key 'steps[1].set.total': an expression of 610 characters "
     "is longer than 500"),
    ("expression-number-too-long", A, "total: rolled + skill", "total: rolled + 1234567890",
     "line 29: item 'strike': key 'steps[1].set.total': 1234567890…: numbers have at most "
     "9 digits"),
    ("name-given-by-nothing", A, "total: rolled + skill", "total: rolled + luck",
     "line 28: item 'strike': key 'steps[1]': reads 'luck', which nothing before it gives "
     "(known here: actor, armour, guard, rolled, skill, target, vigour, weapon)"),
    ("change-reads-nothing-given", A, "change: -damage}", "change: -nothing}",
     f"line 42: item 'strike': key 'apply[0]': reads 'nothing', {AFTER}"),
    ("line-reads-nothing-given", A, '  line: "{total} against',
     '  line: "{nothing} {total} against',
     f"line 43: item 'strike': key 'line': reads 'nothing', {AFTER}"),
    ("words-read-nothing-given", A, "  words: strikes\n  summary",
     '  words: "{nothing} strikes"\n  summary',
     f"line 5: item 'strike': key 'words': reads 'nothing', {AFTER}"),
    ("ruleset-side-check-no-action", R, "grid: 8x8",
     "grid: 8x8\nside_checks: {ambush: {side: lurk, others: strike, mark: total}}",
     "line 8: key 'side_checks.ambush': no action 'lurk' in actions.yaml"),
    ("ruleset-side-check-no-mark", R, "grid: 8x8",
     "grid: 8x8\nside_checks: {ambush: {side: strike, others: strike}}",
     "line 8: key 'side_checks.ambush': expected {side, others, mark, before_start, rule, "
     "summary, examples, heading, mark_note, closing, closing_one, caught} (side, others "
     "and mark required)"),
    ("ruleset-keeps-down-not-a-list", R, "grid: 8x8", "grid: 8x8\nkeeps_down: Unconscious",
     "line 8: key 'keeps_down': expected a list, got 'Unconscious'"),
    ("ruleset-zero-read-no-sides", R, "grid: 8x8", "grid: 8x8\nzero_read: {rule: T1}",
     "line 8: key 'zero_read': expected {sides: N (2-1000), rule: TEXT}"),
    ("ruleset-word-actions-not-pairs", R, "grid: 8x8", "grid: 8x8\nword_actions: {strike: x}",
     "line 8: key 'word_actions': expected VERB: {WORD: ACTION}: the action a verb's word "
     "plays, e.g. cast: {spell: attack}, got {'strike': 'x'}"),
    ("ruleset-word-actions-of-no-word", R, "grid: 8x8",
     "grid: 8x8\nword_actions: {strike: {bold: strike}}",
     "line 8: key 'word_actions.strike': expected an action of actions.yaml whose word is "
     "one of its flags (word:), got 'strike'"),
    ("ruleset-basic-roll-no-dice", R, "grid: 8x8", "grid: 8x8\nbasic_roll: 12",
     "line 8: key 'basic_roll': expected dice such as 3d6, got 12"),
    ("ruleset-replayed-saves-not-versions", R, "grid: 8x8", "grid: 8x8\nreplayed_saves: [0]",
     "line 8: key 'replayed_saves': expected a list of save format versions (1, 2, ...), "
     "got [0]"),
    ("ruleset-map-mark-not-a-mark", R, "grid: 8x8", 'grid: 8x8\nmap_marks: {flying: "^"}',
     "line 8: key 'map_marks.flying': expected {mark: TEXT, legend: TEXT} (both required)"),
    ("ruleset-map-mark-too-long", R, "grid: 8x8",
     'grid: 8x8\nmap_marks: {flying: {mark: "^^^^", legend: flying}}',
     "line 8: key 'map_marks.flying': a mark is at most 3 characters, got '^^^^'"),
    ("odds-fact-reads-nothing", A, "chances: {hit: hit, critical: critical}",
     "chances: {hit: hit, critical: critical}\n    facts: {kind: nothing}",
     f"line 47: item 'strike': key 'odds.facts.kind': reads 'nothing', {AFTER}"),
    ("odds-read-nothing-given", A, "chances: {hit: hit, critical: critical}",
     "chances: {hit: hit, critical: crit}",
     f"line 46: item 'strike': key 'odds.chances.critical': reads 'crit', {AFTER}"),
    ("odds-given-without-a-key", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    given: [{value: skill}]\n",
     "line 51: item 'strike': key 'odds.given[0]': expected {key: NAME, value: EXPR, text: TEXT, "
     "note: TEXT} (key required)"),
    ("flag-not-declared", A, "    skill: actor.skill\n",
     "    skill: actor.skill + flag.bold\n",
     "line 3: item 'strike': key 'flags': flag.bold is read but no flag 'bold' is "
     "declared"),
    ("dice-in-set", A, "total: rolled + skill", "total: rolled + 2d6",
     "line 29: item 'strike': key 'steps[1].set.total': dice are rolled by a roll step, "
     "not set"),
    ("step-of-no-kind", A, "  steps:\n    - roll: 2d6", "  steps:\n    - jump: 2d6\n"
     "    - roll: 2d6",
     "line 23: item 'strike': key 'steps[0]': a step has exactly one of set, roll, reduce, "
     "note, recap, ask, repeat, together, flat, found none"),
    ("step-required-missing", A, LAST_STEP, "    - ask: parry\n      who: target",
     "line 40: item 'strike': key 'steps[4].into': missing (required)"),
    ("keep-higher-not-one-die", A, "      slot: roll\n",
     "      slot: roll\n      keep_higher: 'true'\n",
     "line 23: item 'strike': key 'steps[0].roll': keep_higher and keep_lower roll one die "
     "twice: the roll must be one die (1d20, say), not '2d6'"),
    ("cost-reads-no-fact", A, "cost: {steps: travel}", "cost: {steps: far}",
     "line 60: item 'step': key 'cost.steps': reads 'far', which is no fact of the action "
     "(give it under given:)"),
    ("cost-out-of-range", A, "cost: {action: 1}", "cost: {action: -1}",
     "line 9: item 'strike': key 'cost.action': expected a whole number 0 or more, or an "
     "expression, got -1"),
    ("cost-resource-unknown", A, "cost: {action: 1}", "cost: {mana: 1}",
     "line 9: item 'strike': key 'cost.mana': no resource 'mana' (resources: action, "
     "steps)"),
    ("requirement-unknown-key", A, "    - test: distance <= item.reach\n",
     "    - test: distance <= item.reach\n      colour: red\n",
     "line 14: item 'strike': key 'requires[0].colour': a requirement has test, refuse, "
     "hint and fields"),
    ("requirement-fields-not-pairs", A, "    - test: distance <= item.reach\n",
     "    - test: distance <= item.reach\n      fields: [reach]\n",
     "line 14: item 'strike': key 'requires[0].fields': expected NAME: EXPR pairs, worked "
     "out for its words"),
    ("change-of-no-kind", A, HP_CHANGE, "    - heal: {who: target}",
     "line 42: item 'strike': key 'apply[0]': expected one of hp, resource, effect, "
     "condition, end, move, sheet, lay, take, encounter, spend, relabel, reacted, summon, "
     "remove (with when, if it depends)"),
    ("change-required-missing", A, HP_CHANGE, "    - hp: {who: target}",
     "line 42: item 'strike': key 'apply[0].hp.change': missing (required)"),
    ("change-who-unknown", A, "hp: {who: target,", "hp: {who: bystander,",
     "line 42: item 'strike': key 'apply[0].hp.who': expected one of actor, target, "
     "got 'bystander'"),
    ("until-unknown", A, HP_CHANGE,
     "    - condition: {who: target, name: dazed, until: {rounds: 0}}",
     "line 42: item 'strike': key 'apply[0].condition.until': expected never, "
     "{start: actor|target}, {end: actor|target}, {rounds: N} (1 to 100) or used_up"),
    ("flag-kind-unknown", A, "  rules: U1\n", "  rules: U1\n  flags: {bold: {kind: float}}\n",
     "line 58: item 'step': key 'flags.bold.kind': expected one of bool, int, text, "
     "got 'float'"),
    ("harm-not-a-spread", A, "harm: vigour_lost", "harm: pain",
     "line 50: item 'strike': key 'odds.harm': expected one of the spreads (damage, "
     "vigour_lost)"),
    ("provokes-action-unknown", A, "  examples: [step C3]\n", "  examples: [step C3]\n"
     "  provokes:\n    - {answer: strike, when: 'true', action: shove}\n",
     "line 60: item 'step': key 'provokes[0].action': no action 'shove' in the file"),
    ("actions-duplicate-key", A, "  what: a step\n", "  what: a step\n  what: a pace\n",
     "item 'step': key 'what': line 55, column 3: duplicate key 'what'"),
    ("item-id-unreadable", D, "ash:\n", "Ash Tree:\n",
     "line 3: item 'Ash Tree': key 'id': item id must be lowercase letters, digits and "
     "'-'"),
    ("item-not-a-mapping", D, "rook:\n  name: Rook", "rook: 3\nx:\n  name: Rook",
     "line 12: item 'rook': expected a mapping of keys"),
    ("turn-order-unknown-kind", R, "act_resource: action",
     "act_resource: action\nturn_order: {kind: whoever}",
     "line 16: key 'turn_order': expected {kind: fixed}, {kind: passes, resource: NAME} or "
     "{kind: most, resource: NAME, group_stat: NAME}, got {'kind': 'whoever'}"),
    ("turn-order-keys", R, "act_resource: action",
     "act_resource: action\nturn_order: {kind: passes}",
     "line 16: key 'turn_order': a passes order takes kind, resource; missing resource"),
    ("turn-order-resource-undeclared", R, "act_resource: action",
     "act_resource: action\nturn_order: {kind: passes, resource: mana}",
     "line 16: key 'turn_order.resource': no resource 'mana' (resources: action, steps)"),
    ("roll-what-reads-nothing-given", A, "      what: strike\n", "      what: '{luck} strike'\n",
     "line 23: item 'strike': key 'steps[0]': reads 'luck', which nothing before it gives "
     "(known here: actor, armour, guard, skill, target, vigour, weapon)"),
    ("zero-faces-not-true-or-false", A, "      what: strike\n",
     "      what: strike\n      zero_faces: maybe\n",
     "line 28: item 'strike': key 'steps[0].zero_faces': expected true or false, got 'maybe'"),
    ("ask-settled-unreadable", A, LAST_STEP,
     "    - {ask: parry, who: target, into: parried, settled: guard +}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].settled': 'guard +' ends too soon"),
    ("initiative-zero-faces-unreadable", R, "  tiebreak: skill",
     "  tiebreak: skill\n  zero_faces: skill +",
     "line 20: key 'initiative.zero_faces': 'skill +' ends too soon"),
    ("waited-reads-the-damage", A, STRIKE,
     STRIKE + "  at: {moment: waited, when: damage > seconds}\n",
     "line 5: item 'strike': key 'at.when': reads 'damage': a moment's test reads "
     "actor.X, rules.X, seconds"),
    ("placed-reads-the-damage", A, STRIKE,
     STRIKE + "  at: {moment: placed, when: damage > 0}\n",
     "line 5: item 'strike': key 'at.when': reads 'damage': a moment's test reads "
     "actor.X, rules.X, placed_from"),
    ("round-start-reads-the-damage", A, STRIKE,
     STRIKE + "  at: {moment: round_start, when: damage > 0}\n",
     "line 5: item 'strike': key 'at.when': reads 'damage': a moment's test reads "
     "actor.X, rules.X"),
    ("reacts-on-turn-not-true-or-false", R, "act_resource: action",
     "act_resource: action\nreacts_on_turn: maybe",
     "line 16: key 'reacts_on_turn': expected true or false, got 'maybe'"),
    ("logs-words-not-true-or-false", R, "act_resource: action",
     "act_resource: action\nlogs_words: always",
     "line 16: key 'logs_words': expected true or false, got 'always'"),
    ("gm-field-both-kinds", R, "act_resource: action",
     "act_resource: action\ngm_fields: {max_hp: {sets: max_hp, effect: x, key: y}}",
     "line 16: key 'gm_fields.max_hp': expected {sets: max_hp, least: N, said: WORDS} or "
     "{effect: NAME, key: KEY, said: WORDS}, got {'sets': 'max_hp', 'effect': 'x', 'key': "
     "'y'}"),
    ("turn-order-rules-unknown-reason", R, "act_resource: action",
     "act_resource: action\nturn_order: {kind: most, resource: action, group_stat: skill, "
     "rules: {ties: U2}}",
     "line 16: key 'turn_order': rules: expected a mapping of turn, in_group, "
     "between_groups, pass, next to rulings, got {'ties': 'U2'}"),
    ("ask-default-unreadable", A, LAST_STEP,
     "    - {ask: [parry, dodge], who: target, into: parried, default: guard +}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].default': 'guard +' ends too soon"),
    ("ask-point-not-a-word", A, LAST_STEP,
     "    - {ask: [parry, dodge], who: target, into: parried, point: Defense}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].point': expected a word of lowercase letters, "
     "digits, '_' and '-', got 'Defense'"),
    ("ask-logs-no-flag", A, LAST_STEP,
     "    - {ask: [parry, dodge], who: target, into: parried, logs: guard}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].logs': no flag 'guard' of this action: an answer "
     "is logged as one of its own flags (flags: none)"),
    ("ask-answer-not-a-word", A, LAST_STEP,
     "    - {ask: [Grab Ledge], who: target, into: parried}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].ask': expected an answer: a word of lowercase "
     "letters, digits, '_' and '-', got 'Grab Ledge'"),
    ("encounter-number-negative", R, "act_resource: action",
     "act_resource: action\nencounter_numbers: {lair: -1}",
     "line 16: key 'encounter_numbers.lair': expected a whole number from 0 to 999999, "
     "got -1"),
    ("encounter-change-of-no-number", A, HP_CHANGE,
     HP_CHANGE + "\n    - encounter: {name: lair, change: 1}",
     "line 43: item 'strike': key 'apply[1].encounter.name': no encounter number 'lair' "
     "(encounter_numbers: none)"),
    ("condition-of-no-conditions-item", A, HP_CHANGE,
     HP_CHANGE + "\n    - condition: {who: target, name: stunned}",
     "line 43: item 'strike': key 'apply[1].condition.name': no condition 'stunned' in "
     "conditions.yaml (conditions: none)"),
    ("requires-reads-a-given-fact", A, "    - test: distance <= item.reach\n",
     "    - test: distance <= item.reach + guard\n",
     "line 13: item 'strike': key 'requires[0].test': reads 'guard', a given fact: requires "
     "is tested before the facts are given; read what the fact reads (actor.X, target.X, "
     "rules.X, ...)"),
    ("readied-effect-not-text", R, "act_resource: action",
     "act_resource: action\nreadied_effect: [ready]",
     "line 16: key 'readied_effect': expected text, got a list"),
    ("added-one-argument", A, LAST_STEP, '    - set: {damage: "added(damage)"}  # U4',
     "line 40: item 'strike': key 'steps[4].set.damage': added() takes 2 arguments, got 1"),
    ("lay-without-item", A, HP_CHANGE, HP_CHANGE + "\n    - lay: {who: target}",
     "line 43: item 'strike': key 'apply[1].lay.item': missing (required)"),
    ("total-two-arguments", A, LAST_STEP, '    - set: {damage: "total(damage, armour)"}',
     "line 40: item 'strike': key 'steps[4].set.damage': total() takes 3 arguments, got 2"),
    ("target-from-without-target", A, "  what: a step\n",
     "  what: a step\n  target_from: grappled\n",
     "line 55: item 'step': key 'target_from': only an action with a target: names the "
     "effect whose giver is its target"),
    ("resource-rebuilt-not-text", R, "  action: {max: 1,", "  action: {max: 1, rebuilt: [x],",
     "line 13: key 'resources.action.rebuilt': expected text, got a list"),
    ("resource-short-no-hint", R, "  action: {max: 1,",
     "  action: {max: 1, short: {text: no action left},",
     "line 13: key 'resources.action.short': expected {text: TEXT, hint: TEXT, "
     "off_turn_hint: TEXT} (text and hint required), got a mapping"),
    ("resource-short-unknown-field", R, "  action: {max: 1,",
     "  action: {max: 1, short: {text: '{who} has {mana}', hint: end the turn},",
     "line 13: key 'resources.action.short': '{who} has {mana}': fills only {who}, {action}, "
     "{need}, {have}, {max}, {spent}, {spent_all} ('mana')"),
    ("bare-without-held", A, STRIKE, STRIKE + "  bare: fist\n",
     "line 5: item 'strike': key 'bare': an item's id, on an action with held: the item it "
     "uses when the hands hold nothing, got 'fist'"),
    ("sheet-why-not-text", A, HP_CHANGE,
     HP_CHANGE + "\n    - sheet: {who: target, name: vigour, value: 1, why: [thrown]}",
     "line 43: item 'strike': key 'apply[1].sheet.why': expected a text ({name} fills in "
     "a fact), got ['thrown']"),
    ("sheet-says-unreadable", A, HP_CHANGE,
     HP_CHANGE + "\n    - sheet: {who: target, name: vigour, value: 1, says: '{actr|name}'}",
     "line 43: item 'strike': key 'apply[1].sheet.says': unknown field 'actr' (did you "
     "mean 'actor'?)"),
    ("word-of-no-flag", A, STRIKE, STRIKE + "  word: weapon\n",
     "line 5: item 'strike': key 'word': expected the flag its word stands for: with (an "
     "action with an item) or one of its text or number flags (with), got 'weapon'"),
    ("harm-tally-without-name", R, "grid: 8x8", "grid: 8x8\nharm_tally: {rule: D19}",
     "line 8: key 'harm_tally': expected {name: NAME (lowercase letters, digits, '_'), "
     "rule: TEXT}"),
    ("most-diagonals-out-of-range", R, "grid: 8x8", "grid: 8x8\nmost_diagonals: -1",
     "line 8: key 'most_diagonals': expected a whole number from 0 to 1000, got -1"),
    ("pins-not-a-list-of-pins", A, "      what: strike\n",
     "      what: strike\n      pins: [{count: 1, takes: middle, to: top}]\n",
     "line 28: item 'strike': key 'steps[0].pins[0]': expected {count: EXPR, takes: "
     "highest|lowest, to: top|one, name: TEXT} (count, takes and to required), got "
     "{'count': 1, 'takes': 'middle', 'to': 'top'}"),
    ("pins-with-a-keep", A, "      what: strike\n",
     "      what: strike\n      automatic: auto\n      keep_higher: 'true'\n",
     "line 29: item 'strike': key 'steps[0].keep_higher': a roll with pins or automatic is "
     "one kind of dice and a number: drop keep_higher"),
    ("pins-count-unreadable", A, "      what: strike\n",
     "      what: strike\n      pins: [{count: 1 +, takes: highest, to: top}]\n",
     "line 28: item 'strike': key 'steps[0].pins[0]': '1 +' ends too soon"),
    ("flag-repeat-not-text", A, STRIKE,
     STRIKE + "  flags:\n    bold: {kind: bool, repeat: true}\n",
     "line 6: item 'strike': key 'flags.bold.repeat': only a text flag repeats (given again "
     "and again it reads as a list of its words); this one is bool"),
    ("count-of-two", A, LAST_STEP,
     '    - set: {n: "count(weapon, 1)"}\n' + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].set.n': count() takes 1 arguments, got 2"),
    ("template-sides-kind-unknown", R, "templates: [duellists]",
     "templates: [duellists]\ntemplate_sides: {heroes: party}",
     "line 39: key 'template_sides': no item file heroes.yaml for template_sides 'heroes' "
     "(kinds: duellists)"),
    ("follows-not-true-or-false", A, "      what: strike\n",
     "      what: strike\n      follows: maybe\n",
     "line 28: item 'strike': key 'steps[0].follows': expected true or false, got 'maybe'"),
    ("resource-paid-by-unknown", R, "  action: {max: 1,", "  action: {max: 1, paid_by: [mana],",
     "line 13: key 'resources.action.paid_by': no other resource 'mana' (resources: "
     "action, steps)"),
    ("add-entries-without-key", R, "grid: 8x8", "grid: 8x8\nadd_entries: {prof: {values: x}}",
     "line 8: key 'add_entries.prof': expected {key, names, also, values, replaces, help, "
     "example, unknown, rule, metavar, bare, separator, least, most} (key required)"),
    ("add-entries-most-of-names", R, "grid: 8x8",
     "grid: 8x8\nadd_entries: {prof: {key: skills, most: 4}}",
     "line 8: key 'add_entries.prof.most': most: bounds the numbers: only with values: "
     "whole"),
    ("add-entries-most-below-least", R, "grid: 8x8",
     "grid: 8x8\nadd_entries: {prof: {key: skills, values: whole, least: 2, most: 1}}",
     "line 8: key 'add_entries.prof.most': most: below least"),
    ("add-entries-of-no-file", R, "grid: 8x8",
     "grid: 8x8\nadd_entries: {prof: {key: skills, values: ranks}}",
     "line 8: key 'add_entries.prof.values': no item file ranks.yaml (kinds: duellists)"),
    ("older-saves-unknown-key", R, "grid: 8x8", "grid: 8x8\nolder_saves: {systems: []}",
     "line 8: key 'older_saves': expected a mapping of sheet_keys, dropped, actor_system, "
     "encounter_system, encounter_effects"),
    ("older-saves-field-of-nothing", R, "grid: 8x8",
     "grid: 8x8\nolder_saves: {actor_system: {readied: {until: round}}}",
     "line 8: key 'older_saves.actor_system.readied': expected {sheet: KEY, left_of, "
     "without}, {effect: NAME, source, caster, until} or {effects: {VALUE: [NAME...]}, "
     "source}, got {'until': 'round'}"),
    ("roll-faces-not-a-name", A, "      slot: roll\n", "      slot: roll\n      faces: [a]\n",
     "line 25: item 'strike': key 'steps[0].faces': expected a name (lowercase letters, "
     "digits, '_' and '.'), got ['a']"),
    ("note-says-not-words", A, LAST_STEP,
     LAST_STEP + '\n    - {note: armour, value: armour, says: 3}',
     "line 41: item 'strike': key 'steps[5].says': expected words with {NAME} filled "
     "from the facts, {words, rule}, or false (not drawn), got 3"),
    ("roll-lead-without-text", A, "      slot: roll\n",
     "      slot: roll\n      lead: {who: target}\n",
     "line 25: item 'strike': key 'steps[0].lead': expected {who: NAME, text: TEXT}, got "
     "{'who': 'target'}"),
    ("set-words-not-true-or-false", A, LAST_STEP,
     LAST_STEP + '\n    - {set: {shown: armour}, words: "yes"}',
     "line 41: item 'strike': key 'steps[5].words': expected true or false, got 'yes'"),
    ("checks-not-a-list", A, "  item: weapons\n  requires:\n",
     "  item: weapons\n  checks: {test: skill > 0}\n  requires:\n",
     "line 12: item 'strike': key 'checks': expected a list, got dict"),
    ("check-unknown-key", A, "  item: weapons\n  requires:\n",
     "  item: weapons\n  checks:\n    - {test: skill > 0, refuse: no, colour: red}\n"
     "  requires:\n",
     "line 13: item 'strike': key 'checks[0].colour': a requirement has test, refuse, "
     "hint and fields"),
    ("prepared-without-effect", R, "grid: 8x8", "grid: 8x8\nprepared: {rule: U1}",
     "line 8: key 'prepared': expected {effect: NAME, stands_for: {RESOURCE: N}, rule: TEXT} "
     "(effect required), got {'rule': 'U1'}"),
    ("prepared-stands-for-no-resource", R, "grid: 8x8",
     "grid: 8x8\nprepared: {effect: ready, stands_for: {mana: 1}}",
     "line 8: key 'prepared.stands_for': no resource 'mana' (resources: action, steps)"),
    ("target-optional-without-target-flag", A, STRIKE, STRIKE + "  target_optional: true\n",
     "line 5: item 'strike': key 'target_optional': only an action whose target a flag "
     "names (target_flag:) may go without one"),
    ("cost-word-not-true-or-false", A, STRIKE, STRIKE + "  cost_word: maybe\n",
     "line 5: item 'strike': key 'cost_word': expected true or false, got 'maybe'"),
    ("add-items-pairs-not-true-or-false", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, pairs: maybe}}",
     "line 8: key 'add_items.rival': expected true or false, got 'maybe'"),
    ("add-items-also-not-a-mapping", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, also: [name]}}",
     "line 8: key 'add_items.rival': expected a mapping, got a list"),
    ("odds-labels-of-no-spread", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    labels: {wounds: {label: W}}\n",
     "line 51: item 'strike': key 'odds.labels': expected SPREAD: {label, note} (damage, "
     "vigour_lost, hit, critical)"),
    ("odds-flag-not-a-name", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    flag: Power\n",
     "line 51: item 'strike': key 'odds.flag': expected a flag's name of lowercase letters, "
     "digits and '-', other than action, json and with, got 'Power'"),
    ("odds-requires-without-refuse", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    requires: [{test: 'true'}]\n",
     "line 51: item 'strike': key 'odds.requires': expected a list of {test: EXPR, refuse: "
     "TEXT, hint: TEXT} (test and refuse required)"),
    ("odds-requires-reads-no-fact", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    requires: [{test: total > 0, refuse: none}]\n",
     "line 51: item 'strike': key 'odds.requires[0].test': reads 'total', which is no fact "
     "of the action (give it under given:)"),
    ("effect-says-not-text", A, HP_CHANGE,
     HP_CHANGE + "\n    - effect: {who: target, name: dazed, says: [dazed]}",
     "line 43: item 'strike': key 'apply[1].effect.says': expected a text ({name} fills in "
     "a fact), got ['dazed']"),
    ("end-why-not-text", A, HP_CHANGE,
     HP_CHANGE + "\n    - end: {who: target, name: dazed, why: [dodged]}",
     "line 43: item 'strike': key 'apply[1].end.why': expected a text ({name} fills in "
     "a fact), got ['dodged']"),
    ("paid-not-words", A, STRIKE, STRIKE + "  paid: [1 action]\n",
     "line 5: item 'strike': key 'paid': expected words for what it cost, got ['1 action']"),
    ("self-when-without-a-word", A, STRIKE, STRIKE + "  self_when: item.reach == 0\n",
     "line 5: item 'strike': key 'self_when': only an action with a target and word: with: "
     "when the item its word names makes its actor its own target"),
    ("paid-last-not-a-switch", A, STRIKE, STRIKE + "  paid_last: maybe\n",
     "line 5: item 'strike': key 'paid_last': expected true or false, got 'maybe'"),
    ("odds-limit-without-dice", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    limits: [{sides: 6, refuse: too many}]\n",
     "line 51: item 'strike': key 'odds.limits[0]': expected {dice: EXPR, sides: EXPR, fits: "
     "EXPR, refuse: TEXT, hint: TEXT} (dice and refuse required), got {'sides': 6, "
     "'refuse': 'too many'}"),
    ("odds-limit-reads-no-fact", A, "    harm: vigour_lost\n",
     "    harm: vigour_lost\n    limits: [{dice: total, refuse: too many}]\n",
     "line 51: item 'strike': key 'odds.limits[0].dice': reads 'total', which is no fact of "
     "the action (give it under given:)"),
    ("spread-without-to", A, STRIKE, STRIKE + "  spread: {when: flag.wide}\n",
     "line 5: item 'strike': key 'spread': expected {when: EXPR, to: EXPR} (both "
     "required), got {'when': 'flag.wide'}"),
    ("spread-reading-no-flag", A, STRIKE, STRIKE + "  spread: {when: flag.wide, to: 'true'}\n",
     "line 3: item 'strike': key 'flags': flag.wide is read but no flag 'wide' is declared"),
    ("second-word-without-word", A, STRIKE, STRIKE + "  second_word: bold\n",
     "line 5: item 'strike': key 'second_word': only an action with word: the flag a "
     "second word after its word stands for"),
    ("summon-without-template", A, HP_CHANGE, "    - summon: {who: actor}",
     "line 42: item 'strike': key 'apply[0].summon.template': missing (required)"),
    ("summon-sheet-not-pairs", A, HP_CHANGE,
     "    - summon: {who: actor, template: \"'guard'\", sheet: [armour]}",
     "line 42: item 'strike': key 'apply[0].summon.sheet': expected KEY: EXPR pairs: sheet "
     "keys the summon holds over its template's"),
    ("summon-mods-without-effect", A, HP_CHANGE,
     "    - summon: {who: actor, template: \"'guard'\", mods: {attack: 1}}",
     "line 42: item 'strike': key 'apply[0].summon.effect': expected the name of the effect "
     "its mods make (mods: needs effect:)"),
    ("remove-of-another-key", A, HP_CHANGE, "    - remove: {who: target, from: fight}",
     "line 42: item 'strike': key 'apply[0].remove.from': no such key (keys: who, why)"),
    ("spend-without-amount", A, HP_CHANGE, "    - spend: {who: target, key: absorb}",
     "line 42: item 'strike': key 'apply[0].spend.amount': missing (required)"),
    ("spend-of-no-name", A, HP_CHANGE, "    - spend: {who: target, key: Ward, amount: 1}",
     "line 42: item 'strike': key 'apply[0].spend.key': expected a name (lowercase "
     "letters, digits, '_' and '.'), got 'Ward'"),
    ("relabel-without-to", A, HP_CHANGE, "    - relabel: {name: side, from: weapon}",
     "line 42: item 'strike': key 'apply[0].relabel.to': missing (required)"),
    ("relabel-of-no-name", A, HP_CHANGE, "    - relabel: {name: Side, from: weapon, to: weapon}",
     "line 42: item 'strike': key 'apply[0].relabel.name': expected a name (lowercase "
     "letters, digits, '_' and '.'), got 'Side'"),
    ("together-of-no-list", A, LAST_STEP, "    - together: hit\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].together': expected a list of the names every "
     "target's value is gathered of, got 'hit'"),
    ("together-of-an-unknown-name", A, LAST_STEP, "    - together: [luck]\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4]': reads 'luck', which nothing before it gives "
     "(known here: actor, armour, critical, damage, guard, hit, rolled, skill, target, "
     "total, vigour, weapon)"),
    ("flat-without-into", A, LAST_STEP, "    - flat: roll\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].into': missing (required)"),
    ("flat-refuse-not-words", A, LAST_STEP,
     "    - {flat: roll, into: guard, refuse: [x]}\n" + LAST_STEP,
     "line 40: item 'strike': key 'steps[4].refuse': expected words, got ['x']"),
    ("add-numbers-of-no-sheet-number", R, "grid: 8x8", "grid: 8x8\nadd_numbers: {luck: x}",
     "line 8: key 'add_numbers.luck': not a number of the default sheet (its numbers: "
     "vigour, skill, guard, armour, speed)"),
    ("add-numbers-help-not-text", R, "grid: 8x8", "grid: 8x8\nadd_numbers: {skill: [x]}",
     "line 8: key 'add_numbers.skill': expected text, got a list"),
    ("add-entries-bare-without-whole", R, "grid: 8x8",
     "grid: 8x8\nadd_entries: {rival: {key: rivals, bare: 1}}",
     "line 8: key 'add_entries.rival.bare': bare: is the number a NAME alone stands for: "
     "only with values: whole"),
    ("add-entries-separator-not-one-of", R, "grid: 8x8",
     "grid: 8x8\nadd_entries: {prof: {key: profs, values: whole, separator: '/'}}",
     "line 8: key 'add_entries.prof.separator': expected one of =, :; got '/'"),
    ("add-items-among-no-key", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {hand: {key: hand, kind: duellists, among: [weapons]}}",
     "line 8: key 'add_items.hand.among': no other add_items key 'weapons' (keys: hand)"),
    ("add-items-among-not-a-list", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {hand: {key: hand, kind: duellists, among: weapons}}",
     "line 8: key 'add_items.hand': expected a list, got 'weapons'"),
    ("item-offers-first-text-alone", R, "grid: 8x8",
     "grid: 8x8\nitem_offers: {weapons: {text: '{name}', first_text: in hand}}",
     "line 8: key 'item_offers.weapons': expected {text: TEXT, first: KEY, first_text: TEXT, "
     "notes: [...], later: {when, text}, only: EXPR, of: KIND, fields: {NAME: EXPR}, "
     "more: [ID, ...]} (first_text with first), got {'text': '{name}', 'first_text': "
     "'in hand'}"),
    ("item-offers-more-not-a-list", R, "grid: 8x8",
     "grid: 8x8\nitem_offers: {weapons: {more: spell}}",
     "line 8: key 'item_offers.weapons.more': expected a list, got 'spell'"),
    ("item-offers-later-without-text", R, "grid: 8x8",
     "grid: 8x8\nitem_offers: {weapons: {later: {when: 'actor.hp < 1'}}}",
     "line 8: key 'item_offers.weapons.later': expected {when: EXPR, text: TEXT}, "
     "got {'when': 'actor.hp < 1'}"),
    ("item-offers-notes-not-a-list", R, "grid: 8x8",
     "grid: 8x8\nitem_offers: {weapons: {notes: {when: 'true', text: x}}}",
     "line 8: key 'item_offers.weapons.notes': expected a list of {when: EXPR, text: TEXT}, "
     "got {'when': 'true', 'text': 'x'}"),
    ("item-offers-only-not-an-expression", R, "grid: 8x8",
     "grid: 8x8\nitem_offers: {weapons: {only: 'item.id in ('}}",
     "line 8: key 'item_offers.weapons.only': 'item.id in (' ends too soon"),
    ("add-items-adds-to-no-number", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, adds_to: {luck: vigour}}}",
     "line 8: key 'add_items.rival.adds_to': 'luck' is no whole number of default_sheet: "
     "the item's field is added to a sheet number"),
    ("older-saves-from-log-not-verb-and-flag", R, "grid: 8x8",
     "grid: 8x8\nolder_saves: {actor_system: {stance: {effect: x, from_log: {verb: strike}}}}",
     "line 8: key 'older_saves.actor_system.stance.from_log': expected {verb: VERB, flag: "
     "FLAG}, got {'verb': 'strike'}"),
    ("add-items-carried-not-true-or-false", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, carried: maybe}}",
     "line 8: key 'add_items.rival': expected true or false, got 'maybe'"),
    ("add-items-lost-not-a-key", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, lost: [gone]}}",
     "line 8: key 'add_items.rival': expected a name of lowercase letters, digits and '_', "
     "got a list"),
    ("add-items-adds-to-not-a-mapping", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, adds_to: [vigour]}}",
     "line 8: key 'add_items.rival': expected a mapping, got a list"),
    ("declare-without-automatic", A, "      what: strike\n",
     "      what: strike\n      declare: {result: \"''\", refuse: faces decide}\n",
     "line 28: item 'strike': key 'steps[0].declare': only a roll with automatic: the fact a "
     "declared result goes into"),
    ("declare-without-refuse", A, "      what: strike\n",
     "      what: strike\n      automatic: auto\n      declare: {result: \"''\"}\n",
     "line 29: item 'strike': key 'steps[0].declare': expected {result: EXPR, refuse: TEXT, "
     "hint: TEXT} (result and refuse required), got {'result': \"''\"}"),
    ("flag-marks-not-repeated", A, STRIKE, STRIKE + "  flags: {how: {kind: text, marks: [sp]}}\n",
     "line 5: item 'strike': key 'flags.how.marks': expected a list of words (lowercase "
     "letters and digits) on a repeated text flag, got ['sp']"),
    ("add-items-no-item-without-default", R, "grid: 8x8",
     "grid: 8x8\nadd_items: {rival: {key: rival, kind: duellists, no_item: true}}",
     "line 8: key 'add_items.rival': no_item: the flag alone sets its default: give "
     "default, not many or pairs"),
    ("add-requires-not-a-list", R, "grid: 8x8", "grid: 8x8\nadd_requires: {test: x}",
     "line 8: key 'add_requires': expected a list of {test: EXPR, refuse: TEXT, hint: TEXT} "
     "(test and refuse required), got {'test': 'x'}"),
    ("add-requires-reads-a-target", R, "grid: 8x8",
     "grid: 8x8\nadd_requires: [{test: target.skill > 0, refuse: none}]",
     "line 8: key 'add_requires[0].test': reads 'target.skill': an add test reads actor.X, "
     "rules.X, library.KIND and template_kind"),
    # the fight's clock and what older saves' records become (time slices' T10-T16)
    ("clock-without-number", R, "grid: 8x8", "grid: 8x8\nclock: {round: beat}",
     "line 8: key 'clock': expected {number: ENCOUNTER_NUMBER, round: NUMBER, rule: "
     "TEXT} (number required)"),
    ("clock-number-not-the-encounters", R, "grid: 8x8", "grid: 8x8\nclock: {number: seconds}",
     "line 8: key 'clock.number': no encounter number 'seconds' (encounter_numbers: "
     "none)"),
    ("clock-round-not-a-number", R, "grid: 8x8",
     "grid: 8x8\nencounter_numbers: {seconds: 0}\nclock: {number: seconds, round: beat}",
     "line 9: key 'clock.round': no number 'beat' (numbers: none)"),
    ("older-saves-effects-not-names", R, "grid: 8x8",
     "grid: 8x8\nolder_saves: {actor_system: {state: {effects: {dying: 3}}}}",
     "line 8: key 'older_saves.actor_system.state.effects.dying': expected a list of "
     "names, got 3"),
    ("older-saves-left-of-an-effect", R, "grid: 8x8",
     "grid: 8x8\nolder_saves: {actor_system: {timer: {effect: dying, left_of: beat}}}",
     "line 8: key 'older_saves.actor_system.timer': expected {sheet: KEY, left_of, "
     "without}, {effect: NAME, source, caster, until} or {effects: {VALUE: [NAME...]}, "
     "source}, got {'effect': 'dying', 'left_of': 'beat'}"),
    ("summary-reads-no-number", A, '  summary: "strike:', '  summary: "strike ({rules.cots} AP):',
     "line 6: item 'strike': key 'summary': no number 'cots' in ruleset.yaml (numbers: none)"),
    ("summary-words-unknown", A, '  summary: "strike:', '  summary: "strike ({rules.grid|twice}):',
     "line 6: item 'strike': key 'summary': {rules.grid|twice}: no words 'twice' (known: s, "
     "times, one)"),
    ("after-fight-not-true-or-false", A, STRIKE, STRIKE + "  after_fight: 'yes'\n",
     "line 5: item 'strike': key 'after_fight': expected true or false, got 'yes'"),
    ("actor-named-not-true-or-false", A, STRIKE, STRIKE + "  actor_named: 'yes'\n",
     "line 5: item 'strike': key 'actor_named': expected true or false, got 'yes'"),
    ("timers-without-caption", R, "grid: 8x8",
     "grid: 8x8\ntimers: {dying: {when: 'true', left: '1'}}",
     "line 8: key 'timers.dying': expected {when: EXPR, left: EXPR, caption: TEXT, toolbar: "
     "TEXT, rule: TEXT} (when, left and caption required)"),
    ("timers-left-does-not-read", R, "grid: 8x8",
     "grid: 8x8\ntimers: {dying: {when: 'true', left: 'actor.left -', caption: x}}",
     "line 8: key 'timers.dying': left: 'actor.left -' ends too soon"),
    ("older-saves-encounter-effect-without-round", R, "grid: 8x8",
     "grid: 8x8\nolder_saves: {encounter_effects: {surprised: {effect: surprised}}}",
     "line 8: key 'older_saves.encounter_effects.surprised': expected {effect: NAME, "
     "before_round: FIELD, during: NAME}, got {'effect': 'surprised'}"),
    ("field-checks-span-not-a-span", R, "grid: 8x8",
     "grid: 8x8\nfield_checks: {duellists: {vigour: {whole: x}}}",
     "line 8: key 'field_checks.duellists.vigour.whole': expected LOW..HIGH (whole numbers, "
     "either left out), got 'x'"),
    ("field-checks-unknown-check", R, "grid: 8x8",
     "grid: 8x8\nfield_checks: {duellists: {vigour: {hole: 1..3}}}",
     "line 8: key 'field_checks.duellists.vigour': expected {whole: LOW..HIGH, one_of: [...], "
     "among: KIND, also: [...], keys: CHECK, values: CHECK, rule: TEXT}, got {'hole': '1..3'}"),
    ("field-checks-no-item-file", R, "grid: 8x8",
     "grid: 8x8\nfield_checks: {duellists: {weapons: {values: {among: weapons}}}}",
     "line 8: key 'field_checks.duellists.weapons': no item file weapons.yaml"),
    ("field-checks-fields-not-a-mapping", R, "grid: 8x8",
     "grid: 8x8\nfield_checks: {duellists: [x]}",
     "line 8: key 'field_checks.duellists': expected a mapping of fields to checks, got ['x']"),
    ("field-checks-number-out-of-its-span", R, "grid: 8x8",
     "grid: 8x8\nnumbers: {reach: 9}\nfield_checks: {numbers: {reach: {whole: 1..3, rule: U1}}}",
     "line 8: key 'numbers.reach': expected a whole number from 1 to 3 (U1), got 9"),
]

# (id, file, its whole text, the line after "rulesets/duel/FILE: ")
WHOLE_FILES = [
    ("items-not-a-mapping-of-ids", D, "- ash\n- rook\n",
     "expected a mapping of item ids to items"),
    ("actions-empty", A, "", "expected a mapping of action names to actions"),
    ("actions-not-a-mapping", A, "- strike\n", "expected a mapping of action names to actions"),
    ("actions-not-yaml", A, "strike: [\n",
     "line 2, column 1: while parsing a flow node: did not find expected node content"),
    ("ruleset-empty", R, "", "expected a mapping of keys, got nothing (null)"),
    ("ruleset-not-a-mapping", R, "- duel\n", "expected a mapping of keys, got a list"),
    ("ruleset-not-yaml", R, "name: [\n",
     "line 2, column 1: while parsing a flow node: did not find expected node content"),
]


def copy(tmp_path: Path) -> Path:
    """A fresh copy of the tutorial folder at tmp_path/rulesets/duel."""
    folder = tmp_path / "rulesets" / "duel"
    shutil.copytree(DUEL, folder)
    return folder


def checked(folder: Path) -> tuple[int, list[str], list[str]]:
    out, err = [], []
    return check_ruleset(str(folder), out.append, err.append), out, err


def new_refusal(monkeypatch, folder: Path) -> GmError:
    """What `new --ruleset duel` answers with the folder's parent in $SHAPER_GM_RULESETS."""
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
    session = equip(Session())
    session.save_path = None
    with pytest.raises(GmError) as refused:
        session.execute(f"new --ruleset {folder.name}")
    return refused.value


def assert_refused_in_one_line(monkeypatch, folder: Path, file: str, expected: str):
    line = f"rulesets/duel/{file}: {expected}"
    code, out, err = checked(folder)
    assert (code, out, err) == (FAILED, [], [line, "1 mistake: nothing of duel was played"])
    refusal = new_refusal(monkeypatch, folder)
    assert refusal.message == excerpt(line, MAX_TEXT)   # a refusal's bound; check-ruleset
    assert len(line) > MAX_TEXT or refusal.message == line     # prints the line whole
    assert refusal.hint == (
        'fix the files of duel (docs/rulesets.md, "A ruleset written as data"); '
        f"shaper-gm check-ruleset {folder} lists every mistake")


@pytest.mark.parametrize("file, old, new, expected",
                         [case[1:] for case in EDITS], ids=[case[0] for case in EDITS])
def test_each_mistake_is_one_line_naming_file_line_entry_and_key(
        tmp_path, monkeypatch, file, old, new, expected):
    folder = copy(tmp_path)
    text = (folder / file).read_text()
    assert text.count(old) == 1, old
    (folder / file).write_text(text.replace(old, new))
    assert_refused_in_one_line(monkeypatch, folder, file, expected)


@pytest.mark.parametrize("file, text, expected",
                         [case[1:] for case in WHOLE_FILES],
                         ids=[case[0] for case in WHOLE_FILES])
def test_a_file_that_is_not_what_it_should_be_is_one_line(tmp_path, monkeypatch, file, text,
                                                          expected):
    folder = copy(tmp_path)
    (folder / file).write_text(text)
    assert_refused_in_one_line(monkeypatch, folder, file, expected)


def test_a_folder_without_ruleset_yaml_says_so(tmp_path, monkeypatch):
    folder = copy(tmp_path)
    (folder / R).unlink()
    code, _, err = checked(folder)
    assert (code, err) == (FAILED, ["duel: ruleset.yaml is missing",
                                    "1 mistake: nothing of duel was played"])
    assert new_refusal(monkeypatch, folder).message == "duel: ruleset.yaml is missing"


def test_new_answers_with_the_first_mistake_and_how_many_more(tmp_path, monkeypatch):
    folder = copy(tmp_path)
    text = (folder / A).read_text()
    (folder / A).write_text(text.replace("target: foe", "target: enemy")
                            .replace("cost: {steps: travel}", "cost: {steps: far}"))
    code, _, err = checked(folder)
    assert code == FAILED and len(err) == 3 and err[-1] == \
        "2 mistakes: nothing of duel was played"
    assert new_refusal(monkeypatch, folder).message == f"{err[0]} (and 1 more)"


def test_the_program_itself_prints_the_line_and_no_traceback(tmp_path):
    folder = copy(tmp_path)
    text = (folder / A).read_text()
    (folder / A).write_text(text.replace("target: foe", "target: enemy"))
    command = [shutil.which("shaper-gm")] if shutil.which("shaper-gm") else [
        sys.executable, "-m", "shaper_gm"]
    ran = subprocess.run([*command, "check-ruleset", str(folder)], capture_output=True,
                         text=True, timeout=120)
    assert ran.returncode == FAILED and ran.stdout == ""
    assert ran.stderr.splitlines() == [
        "error: rulesets/duel/actions.yaml: line 10: item 'strike': key 'target': expected one of "
        "foe, ally, other, any, got 'enemy'", "error: 1 mistake: nothing of duel was played"]


# ---- hostile files: each refused in one line, in bounded time ----

@contextmanager
def hang_guard(seconds: int = 60):
    """Fail (not hang) past `seconds`: a guard against a loop, not a speed test."""
    def stop(signum, frame):
        raise AssertionError(f"still reading after {seconds} s")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def nested(path: Path) -> None:
    path.write_text("strike: " + "[" * 10_000 + "]" * 10_000 + "\n")


def huge(path: Path) -> None:
    path.write_text("# " + "x" * (50 * 2**20) + "\n")


def laughs(path: Path) -> None:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 10)]
    path.write_text("\n".join(rows) + "\n")


def garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 40)


def latin_1(path: Path) -> None:
    path.write_bytes("name: Duell\u00e4\n".encode("latin-1") + path.read_bytes())


def folder_instead(path: Path) -> None:
    path.unlink()
    path.mkdir()


def symlink_loop(path: Path) -> None:
    path.unlink()
    os.symlink(path, path)


# (how the file is spoilt, the line after "rulesets/duel/FILE: ")
HOSTILE = {
    "nested-10000-deep": (nested, "line 1, column 1008: nests deeper than 64 levels, "
                                  "the limit for anything shaper-gm reads"),
    "50-MB": (huge, "it is over 4 MiB; a YAML file is at most that"),
    "billion-laughs": (laughs, "{aliased}line 1, column 5: anchors and aliases (&name, "
                               "*name) are not allowed"),
    "binary-garbage": (garbage, "not UTF-8 text (invalid start byte)"),
    "not-utf-8": (latin_1, "not UTF-8 text (invalid continuation byte)"),
    "a-folder": (folder_instead, "it is a folder, not a YAML file"),
    "a-symlink-loop": (symlink_loop, "cannot read it: Too many levels of symbolic links"),
}
# Where the first alias is: an item's key, or a key of ruleset.yaml (which has no items).
ALIASED = {A: "item 'a1': key '0': ", R: "key 'a1.0': ", D: "item 'a1': key '0': "}


@pytest.mark.parametrize("file", [R, A, D])
@pytest.mark.parametrize("spoil", list(HOSTILE), ids=list(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line(tmp_path, monkeypatch, spoil, file):
    folder = copy(tmp_path)
    make, expected = HOSTILE[spoil]
    make(folder / file)
    expected = expected.format(aliased=ALIASED[file])
    with hang_guard():
        if file == A and spoil in ("a-folder", "a-symlink-loop"):   # no actions.yaml
            code, _, err = checked(folder)
            assert code == UNUSABLE and err == [
                f"{folder}: no actions.yaml here, so it is no ruleset written as data; a "
                "ruleset folder holds ruleset.yaml and actions.yaml"]
            assert new_refusal(monkeypatch, folder).message == "no ruleset 'duel'"
            return
        assert_refused_in_one_line(monkeypatch, folder, file, expected)


def test_the_docs_table_shows_lines_these_files_print():
    """Each line of the docs' table of mistakes is one a broken file above prints (up to
    its "..." where the docs cut it short)."""
    printed = [f"{file}: {expected}" for _, file, _, _, expected in EDITS]
    printed += [f"{file}: {expected}" for _, file, _, expected in WHOLE_FILES]
    printed += [f"{file}: {expected.format(aliased=ALIASED[file])}"
                for _, expected in HOSTILE.values() for file in (R, A, D)]
    docs = (Path(__file__).resolve().parents[3] / "docs" / "rulesets.md").read_text()
    table = docs.split("### Mistakes and what they say")[1].split("\n### ")[0]
    cells = [row.strip("| ").split(" | ") for row in table.splitlines()
             if row.startswith("| ")]
    shown = [line[1:].split("`", 1)[0] for _, line in cells if line.startswith("`")]
    assert len(shown) >= 25
    for line in shown:
        head, cut, tail = line.partition("...")
        assert any(p.startswith(head) and (not cut or tail.rstrip(")") in p)
                   or p == line for p in printed), line


def test_an_id_twice_in_a_folder_of_items_of_one_kind_is_one_line(tmp_path, monkeypatch):
    """Files in a folder of the ruleset's hold items of the folder's kind
    (`duellists/more.yaml` holds duellists); an id names one item of its kind."""
    folder = copy(tmp_path)
    (folder / "duellists").mkdir()
    (folder / "duellists" / "more.yaml").write_text(
        "ash: {name: Ash again, vigour: 12, skill: 2, guard: 2, armour: 1, speed: 4}\n")
    assert_refused_in_one_line(
        monkeypatch, folder, "duellists.yaml", "line 3: item 'ash': key 'id': duellists 'ash' "
        "is in duellists/more.yaml too; an id names one item of its kind")


def test_items_in_a_folder_are_of_the_folder_s_kind(tmp_path, monkeypatch):
    folder = copy(tmp_path)
    (folder / "duellists").mkdir()
    (folder / "duellists" / "more.yaml").write_text(
        "wren: {name: Wren, vigour: 9, skill: 3, guard: 2, armour: 0, speed: 5,\n"
        "       weapons: [{id: dagger, name: Dagger, damage: 1d4, reach: 1}]}\n")
    assert checked(folder)[0] != FAILED
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
    session = equip(Session())
    session.save_path = None
    session.execute("new --ruleset duel")
    session.execute("add wren --as wren")
    assert session.state.actors["wren"].hp == 9


def test_a_template_naming_an_item_its_file_lacks_is_refused_at_load(tmp_path, monkeypatch):
    """`sheet_items:` checks the templates as it checks a save: each id named one of the
    item file's (here a duellist's `name` read as a duellist's id)."""
    folder = copy(tmp_path)
    text = (folder / R).read_text()
    (folder / R).write_text(text.replace("grid: 8x8", "grid: 8x8\nsheet_items: {name: duellists}"))
    code, out, err = checked(folder)
    assert code == FAILED and out == []
    assert "rulesets/duel/duellists.yaml: line 4: item 'ash': key 'name': no duellist 'Ash'" \
        in err

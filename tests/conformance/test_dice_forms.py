"""Dice forms, in every ruleset: what a `--SLOT` flag of the attack verb takes (faces like
`5,5,3`, totals like `=14`), the shell's dice prompt takes for that slot, and back.

Each slot is tried on an attack of the demo that rolls it (found by playing the demo's
turns, the attacker placed by its target if need be, the dice moved on with `reroll`
until the slot is rolled). Every other roll of that attack is given by its flag as
logged, so the slot under test is the only one typed: once on the command line, once at
the prompt (every actor's dice asked for, as `rolls ID manual` does).
"""

from __future__ import annotations

import re
import shlex
from functools import cache
from itertools import product
from typing import NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.commands import SETTINGS
from conformance.fight import Fight
from shaper_gm.commands.session import BY_HAND, Result
from shaper_gm.shell.dice import make_asker

SETTINGS_MORE = settings(SETTINGS, max_examples=40)      # each example is cheap
REROLLS = 10           # dice skipped at most, looking for an attack that rolls a slot


class Attack(NamedTuple):
    setup: tuple[str, ...]     # logged lines from the demo to the attacker's turn
    line: str                  # the attack as logged: every roll and answer written in


class Typed(NamedTuple):
    accepted: bool
    state: object
    value: str | None          # what the log wrote for the slot


def slots(ruleset: str) -> dict[str, bool]:
    """The attack verb's dice slots: name -> whether it repeats (once per roll)."""
    f = Fight(ruleset)
    verb = f.session.registry.lookup(f.rs.attack_verb)
    return {spec.name: spec.repeat for spec in verb.flags
            if spec.kind == "faces" or spec.metavar == "FACES"}


@cache
def attacks(ruleset: str) -> dict[str, Attack]:
    """For each slot, an attack of the demo that rolls it."""
    wanted, found = set(slots(ruleset)), {}
    size = len(Fight(ruleset).state.actors)
    for turns, target_at, placed in product(range(size), range(size), (False, True)):
        for skip in range(REROLLS):
            if not record_rolls(ruleset, (turns, target_at, placed, skip), wanted, found):
                break                           # refused: other dice change nothing
            if found.keys() == wanted:
                return found
    return found


def record_rolls(ruleset: str, how: tuple, wanted: set[str], found: dict) -> bool:
    """Try the attack `how` (see `try_attack`), a choice made inside it (a block, a dodge)
    first left to its default, then named after each slot still wanted; record the slots
    it rolls. False if the attack is refused."""
    answers, tried = [None], set()
    while answers:
        answer = answers.pop()
        tried.add(answer)
        tried_attack = try_attack(ruleset, *how, answer)
        if tried_attack is None:
            return False
        attack, options = tried_attack
        for slot in wanted - found.keys():
            if f"--{slot} " in attack.line + " ":
                found[slot] = attack
        answers += [o for o in options & (wanted - found.keys()) if o not in tried]
    return True


def try_attack(ruleset: str, turns: int, target_at: int, placed: bool, skip: int,
               answer: str | None) -> tuple[Attack, set[str]] | None:
    """After `turns` turns, the acting actor attacks its `target_at`-th opponent (placed
    in its cell first, the dice moved on by `skip`), answering `answer` to any choice
    that allows it; the attack and every option offered, or None if refused."""
    f, options = Fight(ruleset), set()

    def decide(ask):
        options.update(ask.options)
        return answer if answer in ask.options else None

    f.session.decider = decide
    demo_log = len(f.session.log)
    for _ in range(turns):
        f.next_turn()
    attacker = f.acting()
    targets = f.opponents(attacker) if attacker else []
    if target_at >= len(targets):
        return None
    target = targets[target_at]
    if placed:
        f.run(f"place {attacker} {f.state.actors[target].zone}")
    if skip:
        f.run(f"reroll {skip}")
    setup = tuple(f.session.log[demo_log:])
    result = f.attempt(f"{f.rs.attack_verb} {target}")
    if not isinstance(result, Result):
        return None
    return Attack(setup, result.line), options


def attack_rolling(ruleset: str, slot: str) -> Attack | None:
    return attacks(ruleset).get(slot)


def without_slot(line: str, slot: str, repeats: bool, value: str | None) -> str:
    """The line with the slot's first roll typed as `value`, or left to be asked for."""
    words = shlex.split(line)
    at = words.index(f"--{slot}")
    if value is not None:
        words[at + 1] = value
    elif repeats:
        words[at + 1] = "-"                  # the slot's "no roll given" mark
    else:
        del words[at:at + 2]
    return shlex.join(words)


def logged_value(line: str, slot: str) -> str | None:
    found = re.search(rf"--{slot} (\S+)", line)
    return found.group(1).strip("'") if found else None


def by_flag(ruleset: str, attack: Attack, slot: str, repeats: bool, text: str) -> Typed:
    f = Fight(ruleset)
    for line in attack.setup:
        f.run(line)
    result = f.attempt(without_slot(attack.line, slot, repeats, text))
    if not isinstance(result, Result):
        return Typed(False, f.state, None)
    return Typed(True, f.state, logged_value(result.line, slot))


def at_prompt(ruleset: str, attack: Attack, slot: str, repeats: bool, text: str,
              asked: list | None = None) -> Typed:
    """Type `text` at the first dice prompt (then Enter: roll); `asked` collects each
    question's (count, sides, low)."""
    f = Fight(ruleset)
    for line in attack.setup:
        f.run(line)
    answers, warned = iter([text]), []

    def ask(question: str) -> str:
        return next(answers, "")

    shell_asker = make_asker(ask, f.name, warned.append)

    def asker(actor, what, count, sides, low=1):
        if asked is not None:
            asked.append((count, sides, low))
        return shell_asker(actor, what, count, sides, low)

    f.session.asker = asker
    f.session.manual = set(f.state.actors)
    result = f.attempt(without_slot(attack.line, slot, repeats, None))
    refused = [w for w in warned if not w.startswith("▸")]     # not a verdict said first
    if not isinstance(result, Result) or refused:
        return Typed(False, f.state, None)
    line = result.line.replace(f" {BY_HAND} {slot}", "")
    return Typed(True, f.state, logged_value(line, slot))


@cache
def dice_of(ruleset: str, slot: str) -> tuple[int, int, int]:
    """(count, sides, lowest face) of the slot's first roll in its attack."""
    attack = attack_rolling(ruleset, slot)
    asked: list = []
    at_prompt(ruleset, attack, slot, slots(ruleset)[slot], "", asked)
    assert asked, f"--{slot}: nothing was asked at the prompt"
    return asked[0]


def dice_texts(count: int, sides: int, low: int) -> st.SearchStrategy[str]:
    high = low + sides - 1
    faces = st.lists(st.integers(low - 1, high + 1), min_size=max(1, count - 1),
                     max_size=count + 1).map(lambda fs: ",".join(map(str, fs)))
    right = st.lists(st.integers(low, high), min_size=count, max_size=count).map(
        lambda fs: ",".join(map(str, fs)))
    reachable = st.integers(low * count, high * count).map(lambda n: f"={n}")
    totals = st.integers(low * count - 3, high * count + 12).map(lambda n: f"={n}")
    odd = st.sampled_from(["=", "=x", "x", f"{high},", f",{low}", f"{low},,{high}",
                           f"= {high}", f"={high}+1", f"{high}.0"])
    return st.sampled_from([right, reachable, totals, faces, odd]).flatmap(lambda s: s)


@SETTINGS_MORE
@given(data=st.data())
def test_every_dice_form_a_slot_flag_takes_the_prompt_takes_and_back(ruleset, data):
    """Typed on the command line or at the prompt, the same text for the same roll is
    accepted by both or refused by both, and accepted it rolls the same: same state,
    same faces or total in the log (today the prompt refuses `=N` in every ruleset)."""
    named = slots(ruleset)
    slot = data.draw(st.sampled_from(sorted(named)), label="slot")
    attack = attack_rolling(ruleset, slot)
    assert attack is not None, f"no attack of the {ruleset} demo rolls --{slot}"
    text = data.draw(dice_texts(*dice_of(ruleset, slot)), label="typed")
    flag = by_flag(ruleset, attack, slot, named[slot], text)
    prompt = at_prompt(ruleset, attack, slot, named[slot], text)
    assert flag.accepted == prompt.accepted, \
        f"--{slot} {text!r}: flag {'takes' if flag.accepted else 'refuses'} it, prompt " \
        f"{'takes' if prompt.accepted else 'refuses'} it ({attack})"
    if flag.accepted:
        assert (flag.state, flag.value) == (prompt.state, prompt.value), (text, attack)


def test_the_dice_prompt_takes_a_total_called_out(ruleset):
    """Issue #21: the shell's dice prompt refused the `=N` totals that `--roll` accepts, in
    every ruleset. A total the slot's flag takes, the prompt takes for the same roll."""
    named = slots(ruleset)
    for slot, repeats in sorted(named.items()):
        attack = attack_rolling(ruleset, slot)
        count, sides, low = dice_of(ruleset, slot)
        for total in range(low * count, (low + sides - 1) * count + 1):
            flag = by_flag(ruleset, attack, slot, repeats, f"={total}")
            if flag.accepted:
                prompt = at_prompt(ruleset, attack, slot, repeats, f"={total}")
                assert prompt.accepted, f"--{slot} ={total} ({attack})"
                return
    raise AssertionError(f"no {ruleset} slot takes a total: {sorted(named)}")

"""What a simulated fight keeps instead of working it out again, or skips instead of
trying: kept odds equal fresh ones over played fights in every ruleset, and a hint's
line the ruleset does not offer now is never tried."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from shaper_gm.commands.session import Session
from shaper_gm.engine import exact_kept, steps
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.simulate import runner
from tests.view.kit import RULESETS, demo_copy

# Where each Python ruleset's odds weigh an action over exact distributions; a ruleset
# written as data weighs through `engine.declared_odds`, which keeps what it read.
WEIGHERS = ("shaper_gm.rulesets.shaper.odds",)


def _found(name: str) -> bool:
    """Whether the module is there (its package deleted once the ruleset is data)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_kept_weighings_equal_fresh_ones_over_played_fights(tmp_path, monkeypatch, ruleset):
    """Each weighing a fight asks for (simulated choices, reactions), read from what the
    process kept or worked out for it, is the very distribution `exact` works out anew;
    and fights do read kept ones (the same attack weighed again)."""
    asked = []

    def checked(steps_, ctx, decisions=None, *, situation=None):
        kept_before = len(exact_kept._kept)
        found = exact_kept.kept_exact(steps_, ctx, decisions, situation=situation)
        assert found == steps.exact(steps_, ctx, decisions)
        asked.append(len(exact_kept._kept) == kept_before)        # read, not worked out
        return found

    def checked_read(key, work_out):
        kept_before = len(exact_kept._kept)
        found = exact_kept.kept(key, work_out)
        assert found == work_out()
        asked.append(len(exact_kept._kept) == kept_before)
        return found

    for name in WEIGHERS:
        if _found(name):                                    # a ruleset now written as data
            module = importlib.import_module(name)
            monkeypatch.setattr(module, "kept_exact", checked)
            if hasattr(module, "kept"):                     # what it read of them, kept too
                monkeypatch.setattr(module, "kept", checked_read)
    monkeypatch.setattr(importlib.import_module("shaper_gm.engine.declared_odds"), "kept",
                        checked_read)
    exact_kept.forget()
    base = read_save(demo_copy(tmp_path, ruleset))
    weighed: dict = {}
    for run in range(3):
        runner.played(base, runner.run_seed(2, run), "focus-fire", weighed)
    assert asked and any(asked)


def refused_lines(monkeypatch, counts) -> list[tuple[str, str]]:
    """Every simulated line refused whose (line, message) `counts`, as it is refused."""
    refused: list[tuple[str, str]] = []
    execute = Session.execute

    def watched(self, line, *args, **kwargs):
        try:
            return execute(self, line, *args, **kwargs)
        except GmError as refusal:
            if counts(line, refusal.message):
                refused.append((line, refusal.message))
            raise

    monkeypatch.setattr(Session, "execute", watched)
    return refused


def test_a_hint_on_a_target_not_offered_is_not_tried(tmp_path, monkeypatch):
    """Shaper's hint engages a foe before attacking it (S14): a foe in another zone is not
    offered for `engage`, so no simulated fighter tries to engage it and is refused."""
    refused = refused_lines(monkeypatch, lambda line, message: line.startswith("engage ")
                            and "needs the same zone" in message)
    base = read_save(demo_copy(tmp_path, "shaper"))
    session, result = runner.played(base, runner.run_seed(1, 0), "focus-fire")
    assert result.actions > 10 and refused == []
    assert any(frame.line.startswith("engage ") for frame in session.history)


def test_a_ready_line_refused_waits_for_its_actor_to_change(tmp_path, monkeypatch):
    """Shaper's ready hint reloads (S19): refused while its fighter holds nothing to
    reload, it is not tried again in the same round until the fighter's record changes
    but for what it has left to spend, and the fights are the ones played trying it."""
    refused = []
    execute = Session.execute

    def noted(self, line, *args, **kwargs):
        actor = self.state.actors[line.split()[1]] if line.startswith("reload ") else None
        try:
            return execute(self, line, *args, **kwargs)
        except GmError as refusal:
            if actor is not None and "needs reloading" in refusal.message:
                refused.append((line, self.state.round, actor.with_(resources=())))
            raise

    monkeypatch.setattr(Session, "execute", noted)
    base = read_save(demo_copy(tmp_path, "shaper"))
    session, result = runner.played(base, runner.run_seed(1, 0), "focus-fire")
    assert refused and result.actions > 10
    assert len(refused) == len(set(refused))    # never the same reload refused twice
    monkeypatch.setattr(runner, "_own_key", lambda state, choice: None)
    _, trying = runner.played(base, runner.run_seed(1, 0), "focus-fire")
    assert trying == result


@pytest.mark.parametrize("ruleset", ["reactions", "dicepool", "d20"])
def test_a_line_the_actor_cannot_pay_for_is_not_tried(tmp_path, monkeypatch, ruleset):
    """An action the actor cannot pay for now (an attack with no action left, a move with
    no movement; a cost its words decide, the dice pool's ability, d20's attacks of a
    Multiattack, worked out from the line) is skipped, not tried and refused: no
    simulated line is refused for its cost, and fights still attack and move."""
    refused = refused_lines(monkeypatch,
                            lambda line, message: " left" in message and "needs " in message)
    base = read_save(demo_copy(tmp_path, ruleset))
    lines = []
    for run in range(2):
        session, _ = runner.played(base, runner.run_seed(1, run), "focus-fire")
        lines += [frame.line.split()[0] for frame in session.history]
    assert refused == []
    assert {"attack", "move"} <= set(lines)


@pytest.mark.parametrize("ruleset, lines", [
    ("shaper", ("attack josh raider", "attack josh raider --with dagger --sp",
                "move josh C1")),
    ("dicepool", ("attack kit barry", "attack kit barry --ability steady-aim",
                  "wield kit dagger", "move kit C3")),
])
def test_a_priced_line_reads_what_its_command_reads(ruleset, lines):
    """What a price asks of a simulated line (its flags, words and actor) is what the
    command reads when it runs; a line with no flag answers a flag without being read."""
    from shaper_gm.app import new_session
    from shaper_gm.commands.session import Context, parse_line
    from shaper_gm.simulate.attacks import _LineRequest
    first, second = ("josh", "raider") if ruleset == "shaper" else ("kit", "barry")
    session = new_session(ruleset=ruleset, seed=3)
    for line in (f"add {first} --as {first} --side party --at B1",
                 f"add {second} --as {second} --side enemies --at B2",
                 f"init {first} {second}", "start"):
        session.execute(line)
    for line in lines:
        verb, parsed, _ = parse_line(session.registry, line)
        read = verb.reads(Context(session, session.state, parsed, None, verb))
        asked = _LineRequest(session, verb, line)
        for flag in verb.flags:
            assert asked.get(flag.name) == read.get(flag.name), (line, flag.name)
        assert asked._read is None or "--" in line
        assert (asked.acting, asked.args, asked.flags) == (read.acting, read.args, read.flags)


def test_another_verbs_attack_the_rules_refuse_now_is_not_tried(tmp_path, monkeypatch):
    """d20's off-hand and readied attacks (weighed beside the attack by its odds) are asked
    of the ruleset's offers before they are tried: no simulated fight tries an off-hand
    attack before a light weapon's attack, or a readied attack with none readied (G17,
    G9), and fights still make off-hand attacks."""
    refused = refused_lines(monkeypatch, lambda line, _message: line.split()[0] in (
        "off-hand", "readied-attack"))
    base = read_save(demo_copy(tmp_path, "d20"))
    lines = []
    for run in range(3):
        session, _ = runner.played(base, runner.run_seed(1, run), "focus-fire")
        lines += [frame.line.split()[0] for frame in session.history]
    assert refused == [] and "off-hand" in lines

"""Prepare (P11): a dodge against a named attacker, or an action taken as a reaction."""

from __future__ import annotations

import shlex
from typing import NamedTuple

import pytest

from shaper_gm.engine.events import EffectAdded, EffectEnded, Played
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset

DODGE_TEXT = "if Barry the Guard attacks me with his halberd, I will dodge"


def prepare(fight, actor, text, against=None, weapon=None):
    return fight.run(act.prepare, act.PrepareRequest(actor, text, against, weapon))


class Preparation(NamedTuple):
    """The Python Preparation record, read from where the data version keeps it: a dodge
    is an effect on the attacker it names (`dodge-vs-ACTOR`, `-with-WEAPON`), an action
    the effect `prepared` on the actor, and the text the condition the log's line says."""

    kind: str
    text: str
    against: str | None = None
    weapon: str | None = None

    def effect(self, actor: str) -> tuple[str, str]:
        """(who holds its effect, the effect's name)."""
        if self.kind == "action":
            return actor, "prepared"
        return str(self.against), f"dodge-vs-{actor}" + (f"-with-{self.weapon}"
                                                         if self.weapon else "")


def _said(fight, actor: str) -> str:
    """The condition the actor's last prepare declared, as the session's log holds it."""
    for line in reversed(fight.session.log):
        words = shlex.split(line)
        if words[:2] == ["prepare", actor]:
            return words[2]
    return ""


def prepared(fight, actor):
    """The actor's standing preparations, read off the effects that hold them."""
    out = []
    for other in fight.state.actors.values():
        for effect in other.effects:
            if effect.caster != actor:
                continue
            if effect.name == "prepared" and other.id == actor:
                out.append(Preparation("action", _said(fight, actor)))
            elif effect.name.startswith(f"dodge-vs-{actor}"):
                weapon = effect.name.removeprefix(f"dodge-vs-{actor}").removeprefix("-with-")
                out.append(Preparation("dodge", _said(fight, actor), other.id, weapon or None))
    return tuple(out)


def Prepared(fight, actor, prep) -> bool:  # noqa: N802
    """The Python Prepared event: the command added the preparation's effect, and the
    log holds its text."""
    holder, name = prep.effect(actor)
    return _said(fight, actor) == prep.text and any(
        isinstance(e, EffectAdded) and e.actor == holder and e.effect.name == name
        and e.effect.until == f"start:{actor}" for e in fight.events)


def PreparationUsed(fight, actor, prep, during, bonus) -> bool:  # noqa: N802
    """The Python PreparationUsed event: the preparation's effect ended by what used it
    (`during`), and the dodge's bonus was that attack's."""
    holder, name = prep.effect(actor)
    ended = [e for e in fight.events if isinstance(e, EffectEnded) and e.actor == holder
             and e.name == name]
    played = [e for e in fight.events if isinstance(e, Played)]
    used = played[-1].outcome.results[-1].facts.get("dodge", bonus) if played else None
    return bool(ended) and during in ended[0].why and (bonus is None or used == bonus)


def PreparationEnded(fight):  # noqa: N802
    """The Python PreparationEnded events: the dodge effects that ended."""
    return [e for e in fight.events if isinstance(e, EffectEnded)
            and e.name.startswith("dodge-vs-")]


def test_p11_a_dodge_raises_ac_by_half_dex_for_that_attack_only(fight):
    fight.start()
    out = prepare(fight, "freya", DODGE_TEXT, against="barry", weapon="halberd")
    assert out.bonus == 1 and fight.actions("freya") == 1        # DEX 2 // 2
    prep = Preparation("dodge", DODGE_TEXT, "barry", "halberd")
    assert Prepared(fight, "freya", prep)
    fight.end()
    first = fight.attack("barry", "freya", roll=[4, 4, 1, 1])
    assert (first.ac, first.dodge, first.proficiency, first.dt) == (3, 1, 1, 3)
    assert not first.hit                      # 2 successes: enough for DT 2, not for 3
    assert PreparationUsed(fight, "freya", prep, "Barry the Guard's attack", 1)
    assert prepared(fight, "freya") == ()
    second = fight.attack("barry", "freya", roll=[4, 4])
    assert second.dodge == 0 and second.dt == 2 and second.hit


def test_p11_half_dex_rounds_down():
    f = Fight().add("kit", "kit", "A1").add("barry", "barry", "B2")
    f.add("nimble", None, "C3", stats={"dex": 5}).start("kit", "barry", "nimble")
    # the Python rs.dodge_bonus: the bonus a prepared dodge gives, as prepare reads it
    assert prepare(f, "kit", "I dodge", against="barry").bonus == 1        # DEX 3
    f.end().end()
    assert prepare(f, "nimble", "I dodge", against="barry").bonus == 2     # DEX 5


def test_p11_the_share_of_dex_comes_from_content():
    f = Fight(ruleset(prepare_divisor=1)).add("freya", "freya", "A1")
    f.add("barry", "barry", "B2").start()
    assert prepare(f, "freya", "I dodge", against="barry").bonus == 2


def test_p11_an_attack_by_someone_else_does_not_use_the_dodge(fight):
    fight.add("raider", "raider", "C3").start("freya", "raider", "barry")
    prepare(fight, "freya", DODGE_TEXT, against="barry")
    fight.end()
    out = fight.attack("raider", "freya", roll=[1, 1, 1])
    assert out.dodge == 0 and out.dt == 2
    assert len(prepared(fight, "freya")) == 1


def test_p11_a_dodge_against_one_weapon_ignores_the_others(fight):
    fight.add("raider", "raider", "C3").start("freya", "raider")
    prepare(fight, "freya", "if the raider stabs me with the dagger, I dodge",
            against="raider", weapon="dagger")
    fight.end()
    out = fight.attack("raider", "freya", roll=[1, 1, 1])        # with the spear in hand
    assert out.dodge == 0 and len(prepared(fight, "freya")) == 1


def test_p11_the_preparation_ends_at_the_start_of_the_preparers_next_turn(fight):
    fight.start()
    prepare(fight, "freya", DODGE_TEXT, against="barry")
    fight.end().end()
    assert fight.state.turn == "freya" and prepared(fight, "freya") == ()
    ended = PreparationEnded(fight)
    assert [e.why for e in ended] == ["start of Freya's turn"]    # every effect's lapse


def test_p11_a_prepared_action_is_taken_as_a_reaction_and_its_roll_adds_con(fight):
    fight.start()
    prepare(fight, "freya", "if Barry steps closer, I strike first")
    assert prepared(fight, "freya") == (Preparation("action", "if Barry steps closer, "
                                                    "I strike first"),)
    fight.end()                               # Freya's pool: 5 + CON 2 = 7
    out = fight.attack("freya", "barry", roll=[4, 6, 2, 5, 1, 1, 1], damage=[1, 1])
    assert out.reaction and out.hit and out.margin == 1
    assert (out.pool_before, out.pool_spent, out.pool_after) == (7, 3, 5)
    assert fight.pool("freya") == 5 and fight.actions("freya") == 0
    assert fight.state.turn == "barry"
    assert PreparationUsed(fight, "freya", Preparation("action", ""), "attack", None)
    with pytest.raises(GmError, match=r"only with an action it prepared \(P11\)"):
        fight.attack("freya", "barry", roll=[1] * 5)


def test_p11_react_takes_the_prepared_action(fight):
    fight.start()
    prepare(fight, "freya", "if Barry runs, I shout for help")
    fight.end()
    out = fight.run(act.react, act.ActRequest("freya", "action", "shout for help"))
    assert out.reaction and out.test is None and prepared(fight, "freya") == ()
    assert fight.pool("freya") == 7                # no roll: no extra CON dice (P4)


def test_react_refusals(fight):
    fight.add("raider", "raider", "C3").start()
    with pytest.raises(GmError, match=r"cannot react during its own turn"):
        fight.run(act.react, act.ActRequest("freya", "action", "shout"))
    prepare(fight, "freya", "if Barry runs, I shout")
    fight.end()
    with pytest.raises(GmError, match=r"takes 2 actions; a prepared action stands for "
                                            r"one \(P11\)"):
        fight.run(act.react, act.ActRequest("freya", 2, "shout twice"))
    with pytest.raises(GmError, match=r"only with an action it prepared"):
        fight.run(act.react, act.ActRequest("raider", "action", "yell"))


def test_prepare_refusals(fight):
    fight.start()
    cases = [
        (act.PrepareRequest("barry", DODGE_TEXT, "freya"), r"on its own turn.*\(P6, P11\)"),
        (act.PrepareRequest("freya", "  "), r"declares its condition \(P11\)"),
        (act.PrepareRequest("freya", "dodge", "freya"), r"against itself \(P11\)"),
        (act.PrepareRequest("freya", "dodge", "bob"), r"no actor 'bob'"),
        (act.PrepareRequest("freya", "dodge", None, "halberd"), r"against one attacker"),
        (act.PrepareRequest("freya", "dodge", "barry", "bow"), r"carries no 'bow' \(P11\)"),
    ]
    for request, message in cases:
        before = fight.state
        with pytest.raises(GmError, match=message) as caught:
            fight.run(act.prepare, request)
        assert caught.value.hint and fight.state is before

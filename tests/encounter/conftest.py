"""Fixtures for the live encounter engine: sessions on the shipped content, refusal checks."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError

# The source's 3-vs-3 battle on the 5x5 grid (context: the demo layout).
BATTLE_SETUP = (
    "add josh --as josh --side party --at B4",
    "add monica --as monica --side party --at C5",
    "add taylor --as taylor --side party --at C5",
    "add raider --as raider --side enemies --at B1",
    "add crossbowman --as crossbowman --side enemies --at E2",
    "add reaver --as reaver --side enemies --at B2",
    "init josh monica raider taylor crossbowman reaver",
)


@pytest.fixture(scope="session")
def library():
    """The content the sessions play: None, the content folder itself (the ruleset's own
    loader reads it, whichever version plays `shaper`)."""
    return None


@pytest.fixture
def make_session(library):
    """A fresh session (`new --seed N`), optionally running some lines first."""
    def make(*lines: str, seed: int = 1234) -> Session:
        session = new_session(library=library, seed=seed)
        for line in lines:
            session.execute(line)
        return session
    return make


@pytest.fixture
def battle(make_session):
    """The source's battle set up and started: Josh's turn, round 1."""
    return make_session(*BATTLE_SETUP, "start")


def fresh(library) -> Session:
    return Session(content=library)


def refuse(session: Session, line: str, *fragments: str) -> GmError:
    """Run a line that must be refused: the message names each fragment, is one line, and
    the session's state and log are exactly as before."""
    state, log = session.state, list(session.log)
    future = list(session.future)
    with pytest.raises(GmError) as info:
        session.execute(line)
    error = info.value
    text = str(error)
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"
    assert "\n" not in text
    assert error.message and error.hint, f"a refusal says why and what to do: {text!r}"
    assert session.state is state
    assert session.log == log
    assert session.future == future
    return error


def attack_outcome(result):
    """The attack outcome (Shaper: the played Swing) among a command's events: the Python
    ruleset's AttackResolved, or, when the version written as data plays `shaper`
    (`--as-data shaper`), the same facts read off its Played outcome (`DataSwing`)."""
    from shaper_gm.engine.events import Played
    found = [e for e in result.events if type(e).__name__ == "AttackResolved"]
    if not found:
        played = [e for e in result.events if isinstance(e, Played)
                  and any("attack_total" in r.facts for r in e.outcome.results)]
        assert len(played) == 1, result.events
        return DataSwing(played[0].outcome)
    assert len(found) == 1, result.events
    return found[0].outcome


class _Facts(SimpleNamespace):
    pass


# The data version's flags for the automatic modifiers the Python plan lists (name,
# reason, ruling), each with the --ignore word and the skill that lift it: the attack's
# (S13, S15) and each evasion's (S16).
ATTACK_MODS = (("beyond", "beyond-max-range", "", ("disadvantage", "beyond max range", "S13")),
               ("into_melee", "firing-into-melee", "threading",
                ("disadvantage", "firing into melee", "S15")))
EVASION_MODS = (("outnumbered", "outnumbered", "", ("disadvantage", "Outnumbered", "S16")),)


def _mods(facts, table) -> tuple:
    return tuple(_Facts(name=m[0], reason=m[1], rule=m[2])
                 for key, word, lifted_by, m in table
                 if facts.get(key) and word not in (facts["ignored"] or "")
                 and not (lifted_by and facts.get(lifted_by)))


class DataSwing:
    """The data version's attack read in the Python Swing's words: the attack roll's
    total (S1-S3), its modifiers, and per target the evasion, hit, critical (S5, S6) and
    the damage through Defense to HP (S7, S8), from each target's final facts."""

    def __init__(self, outcome) -> None:
        self.outcome = outcome
        facts = [r.facts for r in outcome.results if "attack_total" in r.facts]
        first = facts[0]
        self.attack = _Facts(total=first["attack_total"], automatic=first["auto"] or None)
        self.plan = _Facts(modifiers=_mods(first, ATTACK_MODS))
        self.targets = tuple(_struck(f) for f in facts)

    def target(self, target_id: str):
        for t in self.targets:
            if t.id == target_id:
                return t
        raise KeyError(target_id)


def _struck(facts) -> _Facts:
    hit = bool(facts["hit"])
    result = _Facts(damage=facts["damage_total"], defense=facts["defense"],
                    defense_after_magic=facts["halved"], effective_defense=facts["effective"],
                    taken=facts["taken"], absorbed=facts["absorbed"],
                    hp_after=facts["after"], down=facts["after"] == 0) if hit else None
    return _Facts(id=facts["target"], hit=hit, critical=bool(facts["crit"]),
                  evasion=_Facts(total=facts["evade_total"]),
                  evasion_bonus=_evasion_parts(facts),
                  evasion_modifiers=_mods(facts, EVASION_MODS),
                  reactions=tuple(r for r in (facts["targeted"], facts["on_hit"])
                                  if r not in ("none", "")),
                  damage=facts["damage_total"] if hit else None,
                  defense=_Facts(total=facts["defense"]) if hit else None,
                  pierce=facts["pierce_total"] if hit else 0, result=result)


def _evasion_parts(facts) -> tuple:
    """The evasion's bonus in parts (amount, ruling): the raised shield's (S20), then the
    rest (Finesse, effects) in one."""
    shield = facts.get("shield_lift") or 0
    rest = (facts.get("evade_bonus") or 0) - shield
    return tuple(_Facts(amount=amount, rule=rule)
                 for amount, rule in ((shield, "S20"), (rest, "")) if amount)


def pool(actor) -> dict[str, int]:
    """Its actions left this turn, by kind (S18): every resource but SP, read off the
    actor as either version keeps it."""
    return {kind: n for kind, n in actor.resources if kind != "sp"}


def events_of(result, kind):
    return [e for e in result.events if isinstance(e, kind)]


def uses(session, actor_id: str, skill: str) -> int:
    """Its uses of `skill` this round (S24): the Python ruleset's count, or under the
    version written as data its effects' `used_SKILL` (each `used-SKILL` counts them)."""
    from tests.rulesets.twins import python_played
    actor = session.state.actors[actor_id]
    if python_played(session.state.ruleset, "shaper"):
        return dict(getattr(actor.system, "skill_uses", ())).get(skill, 0)
    key = "used_" + skill.replace("-", "_")
    return sum(e.mod(key) for e in actor.effects)


def lasting(effects) -> tuple:
    """The effects, but the version written as data's marks of a skill's uses this round
    (`used-SKILL`, S24), which the Python ruleset counts apart: effects, or tuples
    (name, ...) of them."""
    return tuple(e for e in effects if not str(
        e[0] if isinstance(e, tuple) else getattr(e, "name", e)).startswith("used-"))


def skills_used(result) -> list[tuple[str, str]]:
    """(who, skill) of each skill a command used (S23, S24): the Python ruleset's
    SkillUsed events, or the version written as data's uses counted (its `used-SKILL`
    effects added)."""
    from shaper_gm.engine.events import EffectAdded
    python = [(e.actor, e.skill) for e in result.events if type(e).__name__ == "SkillUsed"]
    return python or [(e.actor, e.effect.name.removeprefix("used-")) for e in result.events
                      if isinstance(e, EffectAdded) and e.effect.name.startswith("used-")]


def payments(result) -> list[tuple[str, tuple]]:
    """What each actor paid, in order (S18, S23): the ActionSpent events, and (the version
    written as data) a resource an answer spent as it was played, e.g. a Shield Block's
    SP."""
    from shaper_gm.engine.events import ActionSpent, ResourceChanged
    return [(e.actor, e.paid) if isinstance(e, ActionSpent) else
            (e.actor, ((e.resource, e.before - e.after),)) for e in result.events
            if isinstance(e, ActionSpent)
            or isinstance(e, ResourceChanged) and e.after < e.before]


def left_from(state, who: str, whom: str) -> bool:
    """Whether `who` disengaged from `whom` this round (S23, what Step Up answers): the
    Python ruleset's record, or the data version's effect `left-GROUP` on `who`, GROUP the
    engagement `whom` is in."""
    from tests.rulesets.twins import python_played
    if python_played(state.ruleset, "shaper"):
        return (who, whom) in getattr(state.system, "left", ())
    group = state.actors[whom].sheet.get("engagement") or ""
    return bool(group) and any(e.name == f"left-{group}" for e in state.actors[who].effects)


def disengaged(before, after) -> set[str]:
    """Who was in an engagement in `before` and is in none in `after` (S8, S14): what the
    Python ruleset's Disengaged events name, read off the states of either version."""
    return {a for a in before.actors if engagement_of(before, a)
            and not engagement_of(after, a)}


def engagement_of(state, actor_id: str) -> frozenset[str] | None:
    """The engagement `actor_id` is in, its members (S14): the Python ruleset's groups,
    or under the version written as data the actors up whose sheets hold its engagement's
    name, a foe among them (one with no foe up in it is no engagement; Down leaves it, S8)."""
    from tests.rulesets.twins import python_played
    if python_played(state.ruleset, "shaper"):
        return next((g for g in getattr(state.system, "engagements", ()) if actor_id in g),
                    None)
    actors = state.actors
    group = actors[actor_id].sheet.get("engagement") or ""
    if not group or actors[actor_id].down:
        return None
    members = frozenset(a for a, x in actors.items()
                        if (x.sheet.get("engagement") or "") == group and not x.down)
    return members if len({actors[a].side for a in members}) > 1 else None


def engaged_with(state, actor_id: str) -> list[str]:
    """Whom `actor_id` is engaged with, by id (S14)."""
    group = engagement_of(state, actor_id)
    return sorted(group - {actor_id}) if group else []


def engagements(state) -> frozenset[frozenset[str]]:
    """Every engagement of the fight, each its members (S14)."""
    return frozenset(g for g in (engagement_of(state, a) for a in state.actors) if g)

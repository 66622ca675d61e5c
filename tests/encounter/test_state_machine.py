"""Random command sequences against the live engine (refusals are fine): after every
step the state obeys its invariants and undo-then-redo gives the same state; at the end
the log rebuilds the same state on a fresh session. Whichever version plays `shaper`
(the Python ruleset, or the data version with `--as-data shaper`): the sheets, SP and
engagements are read through the twins' helpers."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.engine.situation import resource_maximum
from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import partners

ZONES = ["A1", "A2", "B1", "B2", "C3"]       # a small corner: actors meet often
TEMPLATES = ["josh", "monica", "taylor", "raider", "crossbowman", "reaver", "bandit",
             "goblin", "brute"]
SIDES = ["party", "enemies"]


class EncounterMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = new_session(seed=4242)
        self.added = 0
        self.applied = 0

    # --- helpers -------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def run(self, line: str) -> None:
        try:
            self.session.execute(line)
            self.applied += 1
        except GmError:
            pass

    def pick(self, data, *, standing: bool = False) -> str:
        ids = sorted(a.id for a in self.state.actors.values() if not (standing and a.down))
        return data.draw(st.sampled_from(ids or sorted(self.state.actors)))

    def has_actors(self) -> bool:
        return bool(self.state.actors)

    def actor_word(self, data) -> str:
        """Mostly the acting actor (named or left implicit), sometimes anyone."""
        if self.state.turn and data.draw(st.integers(0, 3)):
            return data.draw(st.sampled_from(["", self.state.turn + " "]))
        return self.pick(data) + " "

    def doer(self, data) -> str:
        """Mostly the acting actor, sometimes anyone (an off-turn refusal, or --sp)."""
        if self.state.turn and data.draw(st.integers(0, 3)):
            return self.state.turn
        return self.pick(data, standing=True)

    def near(self, data, who: str) -> str:
        """Mostly someone in the same zone as `who`, else anyone."""
        zone = self.state.actors[who].zone
        close = sorted(a.id for a in self.state.actors.values()
                       if a.zone == zone and a.id != who and not a.down)
        if close and data.draw(st.integers(0, 3)):
            return data.draw(st.sampled_from(close))
        others = sorted(a for a in self.state.actors if a != who)
        return data.draw(st.sampled_from(others)) if others else who

    # --- a fight to start from -----------------------------------------------------------
    @initialize(sides=st.lists(st.tuples(st.sampled_from(TEMPLATES), st.sampled_from(ZONES)),
                               min_size=2, max_size=4))
    def fight(self, sides):
        for n, (template, zone) in enumerate(sides):
            self.add(template, zone, SIDES[n % 2])
        self.run("init")
        self.run("start")

    # --- setup -------------------------------------------------------------------------
    @rule(template=st.sampled_from(TEMPLATES), zone=st.sampled_from(ZONES),
          side=st.sampled_from(SIDES))
    def add(self, template, zone, side):
        self.added += 1
        self.run(f"add {template}-{self.added} --as {template} --side {side} --at {zone}")

    @precondition(has_actors)
    @rule(data=st.data(), zone=st.sampled_from(ZONES))
    def place(self, data, zone):
        self.run(f"place {self.pick(data)} {zone}")

    @rule()
    def init(self):
        self.run("init")

    @rule()
    def start(self):
        self.run("start")

    # --- play --------------------------------------------------------------------------
    @precondition(has_actors)
    @rule(data=st.data(), zone=st.sampled_from(ZONES))
    def move(self, data, zone):
        self.run(f"move {self.actor_word(data)}{zone}")

    @precondition(has_actors)
    @rule(data=st.data())
    def engage(self, data):
        who = self.doer(data)
        self.run(f"engage {who} {self.near(data, who)}")

    @precondition(has_actors)
    @rule(data=st.data())
    def disengage(self, data):
        self.run(f"disengage {self.actor_word(data)}".strip())

    @precondition(has_actors)
    @rule(data=st.data())
    def draw(self, data):
        actor = self.state.actors[self.doer(data)]
        items = [*actor.sheet.weapons, *([actor.sheet.shield] if actor.sheet.shield else [])]
        if items:
            self.run(f"draw {actor.id} {data.draw(st.sampled_from(items))}")

    @precondition(has_actors)
    @rule(data=st.data())
    def raise_shield(self, data):
        self.run(f"raise {self.actor_word(data)}".strip())

    @precondition(has_actors)
    @rule(data=st.data(), sp=st.booleans())
    def attack(self, data, sp):
        who = self.doer(data)
        target = self.near(data, who)
        skills = skills_of(self.state.actors[who])
        line = f"attack {who} {target}"
        if skills and data.draw(st.booleans()):
            line += f" --skill {data.draw(st.sampled_from(skills))}" + (" --sp" if sp else "")
        self.run(line)

    @precondition(has_actors)
    @rule(data=st.data(), sp=st.booleans())
    def skill(self, data, sp):
        actor = self.state.actors[self.doer(data)]
        skills = skills_of(actor)
        if skills:
            target = self.near(data, actor.id) if data.draw(st.booleans()) else ""
            verb = data.draw(st.sampled_from(["skill", "cast"]))
            self.run(f"{verb} {actor.id} {data.draw(st.sampled_from(skills))} {target}".strip()
                     + (" --sp" if sp else ""))

    @precondition(has_actors)
    @rule(data=st.data())
    def cast_spell(self, data):
        who = self.doer(data)
        self.run(f"cast {who} spell {self.near(data, who)}")

    @rule()
    def end(self):
        self.run("end")

    @precondition(has_actors)
    @rule(data=st.data(), n=st.integers(0, 25), direct=st.booleans())
    def damage(self, data, n, direct):
        self.run(f"damage {self.pick(data)} {n}" + (" --direct" if direct else ""))

    @precondition(has_actors)
    @rule(data=st.data(), n=st.integers(0, 25))
    def heal(self, data, n):
        self.run(f"heal {self.pick(data)} {n}")

    @rule(n=st.integers(1, 3))
    def undo(self, n):
        self.run(f"undo {n}")

    @rule(n=st.integers(1, 3))
    def redo(self, n):
        self.run(f"redo {n}")

    # --- invariants ----------------------------------------------------------------------
    @invariant()
    def numbers_in_range(self):
        rs = self.session.ruleset_for(self.state)
        for actor in self.state.actors.values():
            assert 0 <= actor.hp <= actor.max_hp, actor
            assert 0 <= actor.resource("sp") <= resource_maximum(rs, actor, "sp"), actor
            assert all(n >= 0 for _, n in actor.resources), actor
            assert actor.down == (actor.hp == 0), actor

    @invariant()
    def engagements_are_sound(self):
        state = self.state
        seen: set[str] = set()
        for group in engagements(self.session):
            assert len(group) >= 2
            for member in group:      # each member engaged with the rest, and no other
                assert {member, *partners(self.session, member)} == group, group
            assert not group & seen, "an actor in two engagements"
            seen |= group
            assert group <= set(state.actors)
            assert len({state.actors[a].zone for a in group}) == 1, group
            assert not any(state.actors[a].down for a in group), group

    @invariant()
    def undo_then_redo_is_the_same(self):
        s = self.session
        if len(s.history) < 2:
            return
        before, log, future = s.state, s.log, list(s.future)
        s.undo(1)
        assert s.state == s.history[-1].after
        s.redo(1)
        assert s.state == before and s.log == log and s.future == future

    def teardown(self):
        fresh = Session()
        fresh.run_lines(self.session.log)
        assert fresh.state == self.session.state
        assert fresh.log == self.session.log


def skills_of(actor) -> list[str]:
    """The skills its sheet knows (a list of pairs, or a mapping, by version)."""
    return list(dict(actor.sheet.skills))


def engagements(session) -> list[set[str]]:
    """Each engagement's members (S14)."""
    groups: list[set[str]] = []
    for actor_id in session.state.actors:
        with_it = partners(session, actor_id)
        if with_it and not any(actor_id in g for g in groups):
            groups.append({actor_id, *with_it})
    return groups


EncounterMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestEncounterMachine = EncounterMachine.TestCase

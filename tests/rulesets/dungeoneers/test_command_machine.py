"""Random Dungeoneers command sequences through the session (refusals are fine): a
refusal changes nothing; after every step the AP order, the wounds and the grapples
are sound and undo-then-redo gives the same state; at the end the log, replayed line
by line on a fresh session, rebuilds the same state."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from shaper_gm.commands import Session, new_session
from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.records import data_of

TILES = ["B2", "B3", "C2", "C3", "D3", "D4"]          # a small corner: creatures meet
TEMPLATES = ["freya", "alberich", "suori", "skeleton", "goblin", "giant-bat", "ooze"]
SIDES = ["party", "enemies", "hirelings"]
SPELLS = ["firebolt", "frost-touch", "sap-will", "mend"]
READYABLE = ["strike", "power-strike", "move", "sprint", "interact", "defend", "grapple",
             "push", "deep-breath", "focus", "break-free", "let-go", "spellcast", "act"]  # D9
WEAPONS = ["dagger", "maul", "longsword", "warhammer", "shortsword", "spear"]


class DungeoneersMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = new_session(ruleset="dungeoneers", seed=77)
        self.added = 0

    @property
    def state(self):
        return self.session.state

    def run(self, line: str) -> None:
        before, log = self.state, list(self.session.log)
        try:
            self.session.execute(line)
        except GmError as err:
            assert "\n" not in err.message, line
            assert self.state is before and self.session.log == log, line

    def who(self, data) -> str:
        """Mostly a creature that is up (named or left to the default), else anyone."""
        if self.state.up and data.draw(st.integers(0, 3)):
            return data.draw(st.sampled_from(["", *self.state.up]))
        return data.draw(st.sampled_from(sorted(self.state.actors) or ["nobody"]))

    def other(self, data) -> str:
        return data.draw(st.sampled_from(sorted(self.state.actors) or ["nobody"]))

    @initialize(cast=st.lists(st.tuples(st.sampled_from(TEMPLATES), st.sampled_from(TILES)),
                              min_size=2, max_size=4))
    def fight(self, cast):
        for n, (template, tile) in enumerate(cast):
            self.add(template, tile, SIDES[n % 2])
        self.run("start")

    @rule(template=st.sampled_from(TEMPLATES), tile=st.sampled_from(TILES),
          side=st.sampled_from(SIDES))
    def add(self, template, tile, side):
        self.added += 1
        self.run(f"add {template}-{self.added} --as {template} --side {side} --at {tile}")

    @rule()
    def start(self):
        self.run("start")

    @rule(data=st.data(), power=st.booleans(), boon=st.integers(0, 2))
    def strike(self, data, power, boon):
        verb = "power-strike" if power else "strike"
        self.run(f"{verb} {self.who(data)} {self.other(data)}" + (f" --boon {boon}" if boon
                                                                     else ""))

    @rule(data=st.data(), tile=st.sampled_from(TILES), sprint=st.booleans())
    def move(self, data, tile, sprint):
        self.run(f"{'sprint' if sprint else 'move'} {self.who(data)} {tile}")

    @rule(data=st.data(), cost=st.integers(0, 7))
    def act(self, data, cost):
        self.run(f"act {self.who(data)} {cost} does something")

    @rule(data=st.data(), cost=st.integers(1, 3))
    def react(self, data, cost):
        self.run(f"react {self.other(data)} {cost} flinches")

    @rule(data=st.data(), verb=st.sampled_from(["pass", "defend", "deep-breath", "focus"]))
    def simple(self, data, verb):
        self.run(f"{verb} {self.who(data)}".strip())

    @rule(data=st.data(), action=st.sampled_from(READYABLE))
    def ready(self, data, action):
        self.run(f"ready {self.who(data)} {action}")

    @rule(data=st.data())
    def grapple(self, data):
        self.run(f"grapple {self.who(data)} {self.other(data)}")

    @rule(data=st.data(), tile=st.sampled_from(TILES), ledge=st.booleans(),
          grab=st.booleans())
    def push(self, data, tile, ledge, grab):
        target = self.other(data)
        line = f"push {self.who(data)} {target} {tile}"
        if ledge:
            line += " --ledge" + (f" --react {target}=grab-ledge" if grab else "")
        self.run(line)

    @rule(data=st.data(), tiles=st.integers(0, 3))
    def grab_ledge(self, data, tiles):
        self.run(f"grab-ledge {self.other(data)} --tiles {tiles}")

    @rule(data=st.data(), spell=st.sampled_from(SPELLS), extra=st.integers(0, 2))
    def spellcast(self, data, spell, extra):
        self.run(f"spellcast {self.who(data)} {spell} {self.other(data)}"
                 + (f" --arca {extra}" if extra else ""))

    @rule(data=st.data(), weapon=st.sampled_from(WEAPONS), draw=st.booleans())
    def interact(self, data, weapon, draw):
        self.run(f"interact {self.who(data)} --{'draw' if draw else 'stow'} {weapon}")

    @rule(data=st.data(), n=st.integers(0, 9), kind=st.sampled_from(["", "B", "P", "H"]))
    def damage(self, data, n, kind):
        self.run(f"damage {self.other(data)} {n}" + (f" --type {kind}" if kind else ""))

    @rule(data=st.data(), n=st.integers(0, 9))
    def heal(self, data, n):
        self.run(f"heal {self.other(data)} {n}")

    @rule(data=st.data(), key=st.sampled_from(["ap", "stress", "wounds", "arca"]),
          n=st.integers(0, 8))
    def set_(self, data, key, n):
        self.run(f"set {self.other(data)} {key}={n}")

    @rule(data=st.data(), tile=st.sampled_from(TILES))
    def place(self, data, tile):
        self.run(f"place {self.other(data)} {tile}")

    @rule(n=st.integers(0, 3))
    def ambient(self, n):
        self.run(f"ambient {n}")

    @rule(n=st.integers(1, 3))
    def undo(self, n):
        self.run(f"undo {n}")

    @rule(n=st.integers(1, 2))
    def redo(self, n):
        self.run(f"redo {n}")

    # --- invariants ----------------------------------------------------------------------
    @invariant()
    def numbers_in_range(self):
        rs = self.session.ruleset_for(self.state)
        for a in self.state.actors.values():
            assert 0 <= a.resource("ap") <= 6 and a.resource("stress") >= 0, a
            assert 0 <= a.resource("arca") <= rs.stat(a.sheet, "arca_max"), a
            assert a.down == (a.resource("wounds") >= a.sheet.wound_limit), a

    @invariant()
    def the_ap_order_is_sound(self):
        state = self.state
        if state.round < 1:
            assert state.up == () and state.turn is None
            return
        able = [a for a in state.actors.values() if not a.down and a.id not in state.passed]
        if not any(not a.down for a in state.actors.values()):
            assert state.up == ()
            return
        standing = {a.side for a in state.actors.values() if not a.down}
        if state.over is not None:                   # one side left: no one is up
            assert state.up == () and state.turn is None and len(standing) <= 1
            return
        assert state.up and state.turn == state.up[0]
        top = max(a.resource("ap") for a in able)
        up = [state.actors[a] for a in state.up]
        assert all(not a.down and a.resource("ap") == top > 0 for a in up), state.up
        assert len({a.side for a in up}) == 1

    @invariant()
    def grapples_are_paired(self):
        for a in self.state.actors.values():
            held = data_of(a, self.state).grappling
            if held:
                assert data_of(self.state.actors[held], self.state).grappled_by == a.id
                assert not a.down and not self.state.actors[held].down

    @invariant()
    def undo_then_redo_is_the_same(self):
        s = self.session
        if len(s.history) < 2:
            return
        before, log = s.state, s.log
        s.undo(1)
        s.redo(1)
        assert s.state == before and s.log == log

    def teardown(self):
        fresh = Session()
        fresh.run_lines(self.session.log)
        assert fresh.state == self.session.state


DungeoneersMachine.TestCase.settings = settings(
    max_examples=20, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestDungeoneersMachine = DungeoneersMachine.TestCase

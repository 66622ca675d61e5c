"""A harness that drives Dungeoneers fights (the ruleset written as data,
content/dungeoneers) through the commands, as the shell runs them: `Table` holds a
session, `add` adds a creature with `add`'s flags, `start` starts the fight, and
`do(verb, request, faces, react)` runs the verb's command line, the faces given per slot
(`{"roll": [4]}` is `--roll 4`), every die not given rolled from the session's seed. A
refusal is raised as the engine's RuleViolation, its words and hint as the GM reads
them; what an action resolved is read by name: its final facts, a few by the names the
Python ruleset's outcome record gave them (`out.attack_total`, records.Facts)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from shaper_gm.app import new_session
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import ActionSpent, Passed, Played, TurnStarted
from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.records import Facts

ALIASES = Facts.ALIASES       # base_wounds, damage_type, limit: the Python outcome's names

RULESET = "dungeoneers"

# the verbs `Table.do` takes
strike, power_strike, grapple, push, grab_ledge = (
    "strike", "power-strike", "grapple", "push", "grab-ledge")
move, sprint, interact, defend, ready, spellcast = (
    "move", "sprint", "interact", "defend", "ready", "spellcast")
deep_breath, focus, act, react, pass_turn = ("deep-breath", "focus", "act", "react", "pass")


def _words(*words: object, **flags: object) -> str:
    out = [str(w) if str(w).strip() else repr(str(w)) for w in words if w is not None]
    for name, value in flags.items():
        if value is None or value is False or value == 0 and name in ("boon", "bane"):
            continue
        out.append(f"--{name.replace('_', '-')}" + ("" if value is True else f" {value}"))
    return " ".join(out)


# --- requests: a command's words after its verb ------------------------------------------

def StrikeRequest(actor, target, weapon=None, boon=0, bane=0, wound_bonus=0):  # noqa: N802
    return _words(actor, target, boon=boon, bane=bane, damage_bonus=wound_bonus or None,
                  **{"with": weapon})


def GrappleRequest(actor, target, boon=0, bane=0):  # noqa: N802
    return _words(actor, target, boon=boon, bane=bane)


def PushRequest(actor, target, tile, over_ledge=False, boon=0, bane=0):  # noqa: N802
    return _words(actor, target, tile, ledge=over_ledge, boon=boon, bane=bane)


def GrabLedgeRequest(actor, tiles=1):  # noqa: N802
    return _words(actor, tiles=tiles)


def MoveRequest(actor, tile, speed=None):  # noqa: N802
    return _words(actor, tile, speed=speed)


def InteractRequest(actor=None, text="", draw=None, stow=None):  # noqa: N802
    return _words(actor, draw=draw, stow=stow)


def ActorRequest(actor=None):  # noqa: N802
    return _words(actor)


def ReadyRequest(actor, action):  # noqa: N802
    return _words(actor, action)


def SpellRequest(actor, spell, target=None, extra_arca=0):  # noqa: N802
    return _words(actor, spell, target, arca=extra_arca or None)


def CostRequest(actor, cost, text=""):  # noqa: N802
    """`act` and `react`: any other action, at a cost in AP (D2, D8)."""
    return _words(actor, cost, text or "acts")


def _faces(faces: dict[str, Sequence] | None) -> str:
    """Given faces per slot: one list for the slot's first roll, or a list of lists."""
    out = []
    for slot, given in (faces or {}).items():
        rolls = given if given and isinstance(given[0], list | tuple) else [given]
        out += [f"--{slot} {','.join(map(str, roll))}" for roll in rolls if roll]
    return " ".join(out)


class Outcome:
    """What a command resolved, read by name: its last target's final facts (a pass: its
    event), the notes of its breakdown, and `cost`, what it spent (`out.cost.ap`)."""

    def __init__(self, result) -> None:
        self.command = result
        self._record = next((e for e in reversed(result.events) if isinstance(e, Passed)),
                            None)
        played = [e for e in result.events if isinstance(e, Played)]
        self.outcome = played[-1].outcome if played else None
        self._facts = dict(self.outcome.results[-1].facts) \
            if self.outcome is not None and self.outcome.results else {}
        self.notes = self.outcome.notes if self.outcome is not None else \
            getattr(self._record, "notes", ())
        spent = [e for e in result.events if isinstance(e, ActionSpent)]
        self.cost = getattr(self._record, "cost", None) or _Cost(
            dict(spent[-1].cost) if spent else {},          # off-turn: no turn began
            bool(spent) and not any(isinstance(e, TurnStarted) and e.actor == spent[-1].actor
                                    for e in result.events))
        passed = [e for e in result.events if isinstance(e, Passed)]
        if passed and not self._facts:               # a pass: what it gave up (D7)
            self._facts = {"given_up": passed[-1].given_up, "actor": passed[-1].actor}

    def __getattr__(self, name: str):
        record = self.__dict__["_record"]
        if record is not None:
            return getattr(record, name)
        facts = self.__dict__["_facts"]
        if name == "ledge":                           # a push's grab of the ledge (D29)
            return _Ledge(facts) if facts.get("grabbed") else None
        if name in ("target", "success") and name not in facts and "hit" not in facts \
                and "ledge_at" in facts:
            name = {"target": "ledge_at", "success": "hanging"}[name]   # grab-ledge (D29)
        name = ALIASES.get(name, name) if ALIASES.get(name) in facts else name
        try:
            return facts[name]
        except KeyError:
            raise AttributeError(name) from None


class _Ledge:
    """A push's grab of the ledge read by the Python record's names: its check's total,
    the number it needed, whether it held on (D29)."""

    def __init__(self, facts) -> None:
        self.total, self.target = facts["grab_total"], facts["ledge_at"]
        self.success = bool(facts["hanging"])


class _Cost:
    """What an action spent by resource (`cost.ap`), and whether as a reaction (D8)."""

    def __init__(self, paid: dict[str, int], reaction: bool = False) -> None:
        self.paid, self.reaction = paid, reaction

    def __getattr__(self, name: str) -> int:
        return self.__dict__["paid"].get(name, 0)


class StateReads:
    """What a table under test reads of its state: an actor, AP, a resource."""

    def actor(self, actor_id):
        return self.state.actors[actor_id]

    def ap(self, *ids):
        return tuple(self.state.actors[a].resource("ap") for a in ids)

    def res(self, actor_id, name):
        return self.state.actors[actor_id].resource(name)


class Table(StateReads):
    """An encounter under test; `do` plays a verb and keeps the events it brought."""

    def __init__(self, rs=None, seed: int = 1, content=None) -> None:
        """`content`: numbers changed (`changed_content`): a GM's own copy's ruleset id,
        or the Python ruleset's library; `rs` is read by the Python harness alone."""
        if content is None or isinstance(content, str):
            self.session = new_session(ruleset=content or RULESET, seed=seed)
        else:
            from shaper_gm.commands import Session
            self.session = Session(content=content)
            self.session.execute(f"new --ruleset {RULESET} --seed {seed}")
        self.events: list = []
        self.outcome = None

    @property
    def state(self):
        return self.session.state

    @state.setter
    def state(self, value) -> None:
        self.session.state = value

    @property
    def rs(self):
        return self.session.ruleset_for(self.session.state)

    def execute(self, line: str):
        try:
            result = self.session.execute(line)
        except GmError as exc:
            raise RuleViolation(exc.message, exc.hint) from None
        self.events = list(result.events)
        return result

    def add(self, actor_id, template=None, *, side=None, at="A1", name=None, stats=None,
            **extra):
        words = [f"add {actor_id}", f"--as {template}" if template else "",
                 f"--side {side}" if side else "", f"--at {at}" if at else "",
                 f"--name {name!r}" if name else "",
                 *(f"--stat {k}={v}" for k, v in (stats or {}).items())]
        flags = {"weapons": "weapon", "holding": "holding", "spells": "spell",
                 "proficiencies": "prof", "vulnerable": "vulnerable", "resist": "resist",
                 "immune": "immune", "speeds": "speed"}
        for key, value in extra.items():
            flag = flags.get(key, key)
            items = [f"{k}={v}" for k, v in value.items()] if isinstance(value, dict) \
                else list(value) if isinstance(value, list | tuple) else [value]
            words += [f"--{flag} {item}" for item in items]
        self.execute(" ".join(w for w in words if w))
        return self

    def start(self):
        self.execute("start")
        return self

    def do(self, verb, request, faces=None, react=()):
        answers = ("=".join(r) if isinstance(r, tuple | list) else r for r in react)
        line = " ".join(part for part in (verb, request, _faces(faces),
                                          *(f"--react {r}" for r in answers)) if part)
        self.outcome = Outcome(self.execute(line))
        return self.outcome


@pytest.fixture()
def table():
    return Table()


@pytest.fixture()
def rs():
    """The ruleset `dungeoneers` as the registry builds it (written as data)."""
    from shaper_gm.engine import registry
    return registry.build(RULESET)


@pytest.fixture()
def library(rs):
    return rs.library


# --- the engine's own calls, for the tests that make an actor or a state by hand ----------

def make_actor(rs, actor_id, name, side, zone, template, numbers, extra, cols=26, rows=99):
    """`rs.make_actor` as `add` calls it: the template looked up, each flag's values as
    `add` resolves them (`NAME=VALUE` for a mapping), the tile named."""
    from shaper_gm.encounter.setup import NewActor
    found = rs.templates().get(template, template) if template else None
    flags = {key: [f"{k}={v}" for k, v in value.items()] if isinstance(value, dict) else value
             for key, value in extra.items()}
    spec = NewActor(actor_id, found, side, zone, name, tuple(numbers.items()),
                    tuple(flags.items()))
    return rs.make_actor(spec, rs.canonical_zone(zone, cols, rows) if zone else None)


def add_stress(state, rs, actor_id: str, amount: int):
    """The GM adds (or, negative, removes) stress, as `set ACTOR stress=N`; never below 0."""
    from shaper_gm.engine import events as ev
    actor = state.actors[actor_id]
    before = actor.resource("stress")
    after = max(0, before + amount)
    state = state.with_actor(actor.with_resource("stress", after))
    return state, [ev.ResourceChanged(actor_id, "stress", before, after, "the GM")]


def tape(faces: dict | None = None, react=(), seed: int = 1):
    """Given faces per slot (a list, or a list of lists for a slot rolled repeatedly)."""
    from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.steps import PlayTape
    faces = faces or {}
    rng = DiceRng(seed)

    def source(slot, index, who):
        given = faces.get(slot)
        if given is None:
            return RolledFaces(rng)
        if given and isinstance(given[0], list | tuple):
            return GivenFaces(given[index])
        return GivenFaces(given)
    return PlayTape(source, Decisions(declared=list(react)))


DATA_KEYS = {"diagonal_cost": "diagonal_size"}   # D21: what a diagonal step counts


def changed_content(tmp_path, monkeypatch, **numbers):
    """The Dungeoneers content with `numbers` changed (`Table(content=...)`): a GM's own
    copy of its folder whose ruleset.yaml says them (a switch true/false as 1/0), by its
    id."""
    import re
    import shutil

    from shaper_gm import places
    from shaper_gm.content.folders import content_root
    folder = tmp_path / "rulesets" / f"{RULESET}-changed"
    shutil.copytree(content_root() / RULESET, folder)
    ruleset = folder / "ruleset.yaml"
    text = ruleset.read_text()
    for name, value in numbers.items():
        said = int(value) if isinstance(value, bool) else value
        if name in DATA_KEYS:                         # a ruleset.yaml key of its own
            text += f"\n{DATA_KEYS[name]}: {said}\n"
            continue
        text, found = re.subn(rf"^(\s*){name}: [^\s#]+", rf"\g<1>{name}: {said}", text,
                              count=1, flags=re.M)
        assert found, f"no number {name} in {ruleset}"
    ruleset.write_text(text)
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
    places._found.cache_clear()
    return folder.name



@pytest.fixture
def same(request):
    """`same(value)`: the data version's value is the Python ruleset's kept for this
    test's next comparison (kept.py)."""
    from tests.rulesets.dungeoneers.kept import Same
    return Same(request.node.name)

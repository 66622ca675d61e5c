"""A harness for dice-pool fights driven through the commands, as the shell runs them.

`Fight` holds a session on a 20x20 grid and runs verbs on it: the request
constructors below give a command's words (`AttackRequest("freya", "barry")` is
`freya barry`), `Fight.run(attack, request, roll=[4, 6, 2, 5, 1], damage=[3, 7])` runs
`attack freya barry --roll 4,6,2,5,1 --damage 3,7`; every die a test does not name is
rolled from the session's seed.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from shaper_gm import places
from shaper_gm.commands import Session
from shaper_gm.engine.events import ActionSpent, Resolved

CONTENT = Path(__file__).resolve().parents[3] / "content" / "dicepool"

# The Python ruleset's numbers by their old names, each as the text of ruleset.yaml that
# says it in the data version: (pattern, replacement with {value}).
_NUMBERS = {
    "pool_die": (r"^  pool_die: \d+", "  pool_die: {value}"),
    "success_on": (r"^  success_on: \d+", "  success_on: {value}"),
    "dt_floor": (r"^  dt_floor: \d+", "  dt_floor: {value}"),
    "prepare_divisor": (r"^  prepare_divisor: \d+", "  prepare_divisor: {value}"),
    "actions_per_turn": (r"^  actions: \{max: \d+,", "  actions: {{max: {value},"),
    "diagonal_m": (r"^diagonal_size: \d+", "diagonal_size: {value}"),
    "initiative_dice": (r"^  roll: \S+", "  roll: {value}"),
    "initiative_stat": (r"^(  roll: \S+) \+ \w+", "\\1 + {value}"),
    "pool_max": (r"^  pool: \{label: Pool,", "  pool: {{label: Pool, max: {value},"),
    "reaction_refill": (r"^  reaction_refill: \d+", "  reaction_refill: {value:d}"),
}


@pytest.fixture(autouse=True)
def _own_rulesets(tmp_path_factory, monkeypatch):
    """A folder of this test's own dice-pool variants, found as the GM's own rulesets."""
    folder = tmp_path_factory.mktemp("rulesets")
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder))


def ruleset(base: str = "dicepool", sheets: dict | None = None, **numbers: object) -> str:
    """The id of a copy of the dice pool (or of `base`, a copy made here) with `numbers`
    changed, as the Python tests' `ruleset(success_on=5)` built one: the same content, a
    few numbers of ruleset.yaml rewritten; `sheets` changes fields of a character's or a
    creature's sheet ({"freya": {"holding": "dagger"}}), as the Python `make_actor` did."""
    import yaml  # the tests' own copy of the content; the package reads it through content/

    folder = Path(os.environ["SHAPER_GM_RULESETS"])
    source = CONTENT if base == "dicepool" else folder / base
    spec = repr((base, sorted(numbers.items()), sorted((sheets or {}).items())))
    name = f"dicepool-{len(list(folder.iterdir()))}"
    for made in folder.iterdir():
        if (made / "spec.txt").is_file() and (made / "spec.txt").read_text() == spec:
            return made.name
    target = folder / name
    shutil.copytree(source, target)
    (target / "spec.txt").write_text(spec)
    text = (target / "ruleset.yaml").read_text()
    for key, value in numbers.items():
        pattern, replacement = _NUMBERS[key]
        shown = str(value).lower() if isinstance(value, bool) and "{value}" in replacement \
            else value                  # a switch the content holds as 1 or 0 ({value:d})
        text, count = re.subn(pattern, replacement.format(value=shown), text, flags=re.M)
        assert count == 1, f"ruleset.yaml does not say {key} where it used to"
    (target / "ruleset.yaml").write_text(text)
    for template, fields in (sheets or {}).items():
        for file in ("characters.yaml", "creatures.yaml"):
            held = yaml.safe_load((target / file).read_text())
            if template in held:
                held[template].update(fields)
                (target / file).write_text(yaml.safe_dump(held, sort_keys=False))
    places._found.cache_clear()        # the folder was looked in before this copy was made
    return name


# the verbs `Fight.run` takes
attack, move, prepare, wield, use_ability, act, react = (
    "attack", "move", "prepare", "wield", "ability", "act", "react")


def _words(*words: object, **flags: object) -> str:
    out = [str(w) if str(w).strip() else repr(str(w)) for w in words if w is not None]
    for name, value in flags.items():
        if value is not None and value is not False:
            out.append(f"--{name.replace('_', '-')}" + ("" if value is True else f" {value}"))
    return " ".join(out)


# --- requests: a command's words after its verb -----------------------------------------

def AttackRequest(attacker: str, target: str, weapon: str | None = None,  # noqa: N802
                  dice: int | None = None, ability: str | None = None,
                  damage_bonus: int = 0) -> str:
    return _words(attacker, target, **{"with": weapon}, dice=dice, ability=ability,
                  damage_bonus=damage_bonus or None)


def MoveRequest(actor: str, square: str) -> str:  # noqa: N802
    return _words(actor, square)


def PrepareRequest(actor: str, text: str, against: str | None = None,  # noqa: N802
                   weapon: str | None = None) -> str:
    return _words(actor, text, against=against, **{"with": weapon})


def WieldRequest(actor: str, weapon: str) -> str:  # noqa: N802
    return _words(actor, weapon)


def AbilityRequest(actor: str, ability: str, dt: int | None = None,  # noqa: N802
                   dice: int | None = None) -> str:
    return _words(actor, ability, dt=dt, dice=dice)


def ActRequest(actor: str, cost: str | int, text: str, dt: int | None = None,  # noqa: N802
               dice: int | None = None) -> str:
    """`act`'s words; `react` takes the same."""
    return _words(actor, cost, text, dt=dt, dice=dice)


def _faces(faces: dict[str, Sequence]) -> str:
    """Given faces per slot: one list for the slot's first roll, or a list of lists."""
    out = []
    for slot, given in faces.items():
        rolls = given if given and isinstance(given[0], list | tuple) else [given]
        out += [f"--{slot} {','.join(map(str, roll))}" for roll in rolls if roll]
    return " ".join(out)


class Facts:
    """A resolution's final facts, read by name as the Python outcome's fields were."""

    def __init__(self, facts) -> None:
        self._facts = dict(facts)

    def __getattr__(self, name: str):
        try:
            return self._facts[name]
        except KeyError:
            raise AttributeError(name) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Facts) and self._facts == other._facts

    def __repr__(self) -> str:
        return f"Facts({self._facts!r})"


class Outcome(Facts):
    """What a command resolved: the facts of its attack by name, and `test`, the facts of
    a pool test (act, react, ability) as the Python outcome's `test` field held them.

    Where the Python outcome held a field the data version keeps elsewhere, it is read
    from there: the faces from the log line (every face is written into it), the weapon
    and whether the target went down from the state after the command."""

    ALIASES = {"damage_bonus": "bonus"}

    def __init__(self, result, state=None) -> None:
        self.result = result
        resolved = [e for e in result.events if isinstance(e, Resolved)]
        facts = dict(resolved[-1].outcome.results[-1].facts) if resolved else {}
        for old, new in self.ALIASES.items():
            if new in facts:
                facts.setdefault(old, facts[new])
        spent = [e for e in result.events if isinstance(e, ActionSpent)]
        if spent and "cost" not in facts:            # what an act (no facts of its own) cost
            facts["cost"] = dict(spent[-1].cost).get("actions", 0)
        given = self.slots()
        words = (result.line or "").split()
        if given.get("roll"):
            facts.setdefault("faces", given["roll"][0])
        if "damage_dice" in facts:
            facts.setdefault("damage_faces", given["damage"][0] if given.get("damage") else ())
        if state is not None and facts.get("actor") in state.actors:
            facts.setdefault("weapon", state.actors[facts["actor"]].sheet.holding)
        if "--ability" in words:                   # the attack's augmenting ability
            facts.setdefault("ability", words[words.index("--ability") + 1])
        if "on_turn" in facts:                     # an ability used outside one's turn
            facts.setdefault("reaction", not facts["on_turn"])
        elif state is not None and "actor" in facts:
            facts.setdefault("reaction", facts["actor"] != state.turn)
        if state is not None and facts.get("target") in state.actors:
            facts.setdefault("down", state.actors[facts["target"]].down)
        super().__init__(facts)
        self.outcome = resolved[-1].outcome if resolved else None
        self.notes = self.outcome.notes if resolved else ()
        is_test = bool(resolved) and resolved[-1].action != "attack"
        rolled = "successes" in facts and facts.get("tests", True) is not False
        self.test = Facts(facts) if is_test and rolled else None

    def slots(self) -> dict[str, list[tuple[int, ...]]]:
        """The faces given per slot, as the log line writes them (`--roll 4,6 --damage 3`)."""
        words = (self.result.line or "").split()
        out: dict[str, list[tuple[int, ...]]] = {}
        for flag, value in zip(words, words[1:], strict=False):
            if flag.startswith("--") and re.fullmatch(r"\d+(,\d+)*", value):
                out.setdefault(flag[2:], []).append(tuple(map(int, value.split(","))))
        return out


class Fight:
    def __init__(self, ruleset: str = "dicepool", cols: int = 20, rows: int = 20,
                 seed: int = 0) -> None:
        self.ruleset = ruleset
        self.session = Session()
        self.session.execute(f"new --ruleset {ruleset} --seed {seed} --grid {cols}x{rows}")
        self.events: tuple = ()
        self.added: list[str] = []

    @property
    def state(self):
        return self.session.state

    @property
    def rs(self):
        return self.session.ruleset_named(self.ruleset)

    def execute(self, line: str):
        result = self.session.execute(line)
        self.events = result.events
        return result

    def add(self, actor_id: str, template: str | None = None, zone: str | None = None, *,
            side: str | None = None, name: str | None = None, stats: dict | None = None,
            holding: str | Sequence[str] | None = None, prof: dict | None = None,
            weapons: Sequence[str] = (), abilities: Sequence[str] = (),
            shield: bool = False) -> Fight:
        """`add` with the Python make_actor's keywords as its flags: --prof WEAPON=N,
        --weapon, --holding, --ability (and --shield, which no dice-pool actor takes)."""
        held = [holding] if isinstance(holding, str) else list(holding or ())
        flags = [*(f"--stat {k}={v}" for k, v in (stats or {}).items()),
                 *(f"--prof {k}={v}" for k, v in (prof or {}).items()),
                 *(f"--weapon {w}" for w in weapons), *(f"--holding {h}" for h in held),
                 *(f"--ability {a}" for a in abilities), *(("--shield",) if shield else ())]
        self.execute(" ".join(filter(None, (
            "add", actor_id, template and f"--as {template}", zone and f"--at {zone}",
            side and f"--side {side}", name and f"--name {name}", *flags))))
        self.added.append(actor_id)
        return self

    def start(self, *order: str) -> Fight:
        self.execute("init " + " ".join(order or self.added))
        self.execute("start")
        return self

    def run(self, verb: str, request: str, **faces) -> Outcome:
        result = self.execute(f"{verb} {request} {_faces(faces)}".strip())
        return Outcome(result, self.state)

    def attack(self, attacker: str, target: str, **kw):
        faces = {k: kw.pop(k) for k in ("roll", "damage") if k in kw}
        return self.run(attack, AttackRequest(attacker, target, **kw), **faces)

    def end(self) -> Fight:
        self.execute("end")
        return self

    def pool(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("pool")

    def actions(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("actions")

    def hp(self, actor_id: str) -> int:
        return self.state.actors[actor_id].hp

    def of(self, event_type) -> list:
        return [e for e in self.events if isinstance(e, event_type)]


@pytest.fixture
def fight() -> Fight:
    """Freya (pool 5: STR 4 + longsword 1, CON 2) against Barry the Guard (AC 3)."""
    return Fight().add("freya", "freya", "A1").add("barry", "barry", "B2")

"""A harness that runs time-slice fights through the commands, as the shell runs them
(the time slices are written as data: content/timeslice/).

`Fight` holds a session on a 26x30 grid (the widest a battlefield is): `fight.add("kara",
"kara")` is `add kara --as kara --at A1`, `fight.start()` is `init` in the order added
and `start`, and
`fight.do(attack, AttackRequest("kara", "guard"), faces={"roll": [(7, 8)], "defend":
[(2, 5)]})` runs `attack kara guard --roll 7,8 --defend 2,5` (every die a test does not
name is rolled from the seed) and hands back the attack's outcome (commands_kit.outcome:
its final facts, by the names the tests read). A refusal is a GmError, as the shell
shows it."""

from __future__ import annotations

import re
import shutil

import pytest

from shaper_gm.commands import Session, new_session

from .commands_kit import info, outcome

# Cells within 1 unit of each other (T17), for actors added without a place: the first
# four all in reach of each other, as the old harness's unplaced actors were.
NEAR = ("A1", "B1", "A2", "B2", "C1", "C2", "A3", "B3", "C3")


@pytest.fixture
def library(tmp_path, monkeypatch):
    """Where this test's variants of the time slices go (`ruleset_with`): a folder of
    the GM's own rulesets."""
    folder = tmp_path / "rulesets"
    folder.mkdir()
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder))
    return folder


def ruleset_with(folder, **numbers):
    """The time slices with some of ruleset.yaml's numbers changed, as a GM would change
    them (`dodge_cost=2`, `diagonal_size=2`): the id of a copy of the content so changed
    in `folder` (the `library` fixture)."""
    from shaper_gm import places
    target = folder / f"timeslice-{len(list(folder.iterdir()))}"
    shutil.copytree(places.data_rulesets()["timeslice"], target)
    text = (target / "ruleset.yaml").read_text(encoding="utf-8")
    for key, value in numbers.items():
        value = int(value) if isinstance(value, bool) else value      # a switch: 0 or 1
        text, count = re.subn(rf"^(  )?{key}: \S+", rf"\g<1>{key}: {value}", text, flags=re.M)
        assert count == 1, f"ruleset.yaml does not say {key}"
    (target / "ruleset.yaml").write_text(text, encoding="utf-8")
    places._found.cache_clear()        # the folder was looked in before this copy
    return target.name


class Fight:
    def __init__(self, library: str | None = None, seed: int = 7, cols: int = 26,
                 rows: int = 30) -> None:
        self.library = library                    # a variant's id (ruleset_with), or None
        self.session: Session = new_session(ruleset=library or "timeslice", seed=seed,
                                            grid=f"{cols}x{rows}")
        self.events: tuple = ()
        self.result = None
        self.added: list[str] = []

    @property
    def rs(self):
        """What this fight plays: another Fight(fight.rs) plays the same."""
        return self.library

    @property
    def state(self):
        return self.session.state

    def execute(self, line: str):
        self.result = self.session.execute(line)
        self.events = tuple(self.result.events)
        return self.result

    def add(self, actor_id: str, template: str | None = None, side: str = "party",
            zone: str | None = None, numbers: dict | None = None, extra: dict | None = None,
            placed: bool = True):
        """`add` with the numbers as --stat N=V (hp: --hp) and `extra` as its flags; one
        not `placed` is left off the grid."""
        numbers = dict(numbers or {})
        zone = zone or NEAR[len(self.added) % len(NEAR)]
        flags = [f"--hp {numbers.pop('hp')}"] if "hp" in numbers else []
        flags += [f"--stat {k}={v}" for k, v in numbers.items()]
        for key, value in (extra or {}).items():
            values = value if isinstance(value, (list, tuple)) else [value]
            flags += [f"--{key}"] if value is True else [f"--{key} {v}" for v in values]
        self.execute(" ".join(filter(None, (
            "add", actor_id, template and f"--as {template}", placed and f"--at {zone}",
            f"--side {side}", "" if template else f"--name {actor_id.title()}", *flags))))
        self.added.append(actor_id)
        return self

    def start(self, *order: str):
        self.execute("init " + " ".join(order or self.added))
        self.execute("start")
        return self

    def do(self, verb: str, request: str = "", faces: dict | None = None, declared=(),
           asker=None):
        """`verb request` with the faces given (slot: a list of rolls, each its faces);
        `declared`: answers given as `--react ID=ANSWER`; `asker`: the GM answering what
        is asked (the session's decider) for this command."""
        words = [verb, request]
        words += [f"--{slot} {','.join(map(str, roll))}"
                  for slot, rolls in (faces or {}).items() for roll in rolls if roll]
        words += [f"--react {'='.join(answer)}" for answer in declared]
        self.session.decider = asker
        try:
            result = self.execute(" ".join(w for w in words if w))
        finally:
            self.session.decider = None
        return outcome(result) if verb == "attack" else result

    # readings
    def ts(self, actor_id: str) -> int:
        return self.state.actors[actor_id].resource("ts")

    def actor(self, actor_id: str):
        return self.state.actors[actor_id]

    def info(self, actor_id: str):
        return info(self.session, actor_id)

    def events_of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def fight():
    return Fight()


# --- the verbs, and their words after the verb ---------------------------------------

attack, move, tend, draw, act, react, end, pass_, surprise, wait, wake = (
    "attack", "move", "tend", "draw", "act", "react", "end", "pass", "surprise", "wait",
    "wake")


def AttackRequest(attacker: str, target: str, weapon: str | None = None,  # noqa: N802
                  called: str | None = None, defense: str | None = None,
                  nonlethal: bool = False, damage_bonus: int = 0) -> str:
    """An attack's words with its flags (`--with`, `--called`, `--defense`,
    `--nonlethal`, `--damage-bonus`)."""
    flags = {"with": weapon, "called": called, "defense": defense,
             "damage-bonus": damage_bonus or None}
    words = [attacker, target, *(f"--{k} {v}" for k, v in flags.items() if v is not None)]
    return " ".join(words + (["--nonlethal"] if nonlethal else []))


def MoveRequest(actor: str, unit: str) -> str:  # noqa: N802
    return f"{actor} {unit}"


def TendRequest(actor: str, target: str) -> str:  # noqa: N802
    return f"{actor} {target}"


def DrawRequest(actor: str, weapon: str) -> str:  # noqa: N802
    return f"{actor} {weapon}"


def ActRequest(actor: str, cost: int, text: str = "") -> str:  # noqa: N802
    return f"{actor} {cost} {text}".strip()


def ReactRequest(actor: str, cost: int, text: str = "") -> str:  # noqa: N802
    return ActRequest(actor, cost, text)


def PassRequest(actor: str) -> str:  # noqa: N802
    return actor


def SurpriseRequest(group: str) -> str:  # noqa: N802
    return group


def WaitRequest(seconds: int) -> str:  # noqa: N802
    """`wait 30s`: the time in seconds (T15)."""
    return f"{seconds}s"


def WakeRequest(actor: str) -> str:  # noqa: N802
    return actor

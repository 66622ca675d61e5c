"""A harness for dice-pool fights driven through the commands, as the shell runs them.

`Fight` holds a session on a 20x20 grid and runs verbs on it: the request
constructors below give a command's words (`AttackRequest("freya", "barry")` is
`freya barry`), `Fight.run(attack, request, roll=[4, 6, 2, 5, 1], damage=[3, 7])` runs
`attack freya barry --roll 4,6,2,5,1 --damage 3,7`; every die a test does not name is
rolled from the session's seed.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from shaper_gm.commands import Session

# the verbs `Fight.run` takes
attack, move, prepare, wield, use_ability, act, react = (
    "attack", "move", "prepare", "wield", "ability", "act", "react")


def _words(*words: object, **flags: object) -> str:
    out = [str(w) for w in words if w is not None]
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
        out += [f"--{slot} {','.join(map(str, roll))}" for roll in rolls]
    return " ".join(out)


class Fight:
    def __init__(self, cols: int = 20, rows: int = 20, seed: int = 0) -> None:
        self.session = Session()
        self.session.execute(f"new --ruleset dicepool --seed {seed} --grid {cols}x{rows}")
        self.events: tuple = ()
        self.added: list[str] = []

    @property
    def state(self):
        return self.session.state

    @property
    def rs(self):
        return self.session.ruleset_named("dicepool")

    def execute(self, line: str):
        result = self.session.execute(line)
        self.events = result.events
        return result

    def add(self, actor_id: str, template: str | None = None, zone: str | None = None, *,
            side: str | None = None, name: str | None = None, stats: dict | None = None
            ) -> Fight:
        numbers = " ".join(f"--stat {k}={v}" for k, v in (stats or {}).items())
        self.execute(" ".join(filter(None, (
            "add", actor_id, template and f"--as {template}", zone and f"--at {zone}",
            side and f"--side {side}", name and f"--name {name}", numbers))))
        self.added.append(actor_id)
        return self

    def start(self, *order: str) -> Fight:
        self.execute("init " + " ".join(order or self.added))
        self.execute("start")
        return self

    def run(self, verb: str, request: str, **faces):
        return self.execute(f"{verb} {request} {_faces(faces)}".strip())

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

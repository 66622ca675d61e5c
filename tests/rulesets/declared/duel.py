"""The tutorial's duel ruleset started as the declared-format tests play it: a GM's own
folder of rulesets on SHAPER_GM_RULESETS, Ash against Rook, Ash's turn."""

from __future__ import annotations

import shutil
from pathlib import Path

from shaper_gm.app import equip
from shaper_gm.commands import Session

DUEL = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets" / "duel"
SETUP = ("new --ruleset duel --seed 7", "add ash --as ash --side party --at B2",
         "add rook --as rook --at C3", "init ash rook", "start")


def duel_fight(rulesets: Path, monkeypatch, lines=SETUP) -> Session:
    """A session (no save) on the duel in the `rulesets` folder, set up by `lines`."""
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(rulesets))
    session = equip(Session())
    session.save_path = None
    for line in lines:
        session.execute(line)
    return session


def duel_copy(tmp_path: Path, actions: str = "") -> Path:
    """A copy of the duel's folder under `tmp_path/rulesets`, `actions` added to its
    actions file; the folder to edit further."""
    folder = tmp_path / "rulesets" / "duel"
    shutil.copytree(DUEL, folder)
    with (folder / "actions.yaml").open("a") as written:
        written.write(actions)
    return folder

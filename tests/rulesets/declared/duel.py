"""The tutorial's duel ruleset started as the declared-format tests play it: a GM's own
folder of rulesets on SHAPER_GM_RULESETS, Ash against Rook, Ash's turn."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.app import equip
from shaper_gm.commands import Session

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

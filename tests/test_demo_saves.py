"""Each ruleset's demo save is what its setup script builds, and replays to itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.commands import Session, identity
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.replay import replay_save

SAVES = Path(__file__).resolve().parents[1] / "saves"


@pytest.mark.parametrize("ruleset", ["dungeoneers", "timeslice", "dicepool", "reactions", "d20"])
def test_a_rulesets_demo_save_replays_and_matches_its_setup_script(ruleset):
    path = SAVES / f"{ruleset}-demo.yaml"
    report = replay_save(path)
    assert report.ok, report.message
    saved = saves.read_save(path)
    assert saved.state.ruleset == ruleset and saved.state.round == 1
    script = [line.strip() for line in (SAVES / f"{ruleset}-demo.txt").read_text().splitlines()
              if line.strip() and not line.lstrip().startswith("#")]
    fresh = Session()
    opening = f"{script[0]} --id {identity.of_line(saved.log[0])}"    # the same encounter
    for line in (opening, *script[1:]):     # as `shaper-gm run` does: typed, not replayed
        fresh.execute(line)
    assert fresh.state == saved.state and fresh.log[1:] == saved.log[1:]
    assert identity.opening(fresh.log[0]) == identity.opening(saved.log[0])


def test_new_with_an_unknown_ruleset_is_refused_with_the_known_ids():
    session = Session()
    with pytest.raises(GmError) as caught:
        session.execute("new --ruleset chess")
    message = str(caught.value)
    assert "no ruleset 'chess'" in message
    for known in ("dicepool", "dungeoneers", "reactions", "shaper", "timeslice"):
        assert known in message

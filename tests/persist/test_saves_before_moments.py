"""A d20 save written before moments rolled by themselves (G24's death save as a dying
creature's turn starts, `engine.moments`) opens and replays to the state it was saved
with; a save written now keeps rolling the death save, and replays the same.

The fixture `fixtures/d20-before-moments.yaml` was written by the shaper-gm of commit
6a1778c (the parent of 1c2c18a, where moments landed), run in a temporary `git worktree`:
Fighter (brak) is brought to 0 HP and dies slowly while `end` passes eight turns; that
shaper-gm skipped a dying creature's turns and rolled no death save. Replayed by today's
rules with every moment rolling, brak's round-2 turn would roll a natural 20 (seed 7):
he would rise at 1 HP and the log would end a round early."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.persist.replay import replay_save
from shaper_gm.persist.saves import read_save, write_save

BEFORE = Path(__file__).resolve().parent / "fixtures" / "d20-before-moments.yaml"


def test_a_save_from_before_moments_opens_and_replays_to_its_state():
    saved = read_save(BEFORE)
    brak = saved.state.actors["brak"]
    assert (brak.hp, brak.resource("death_successes"), brak.resource("death_failures")) \
        == (0, 0, 0)
    assert (saved.state.round, saved.state.turn, saved.state.dice_position) == (4, "nim", 3)
    report = replay_save(BEFORE)
    assert report.ok, report.message
    replayed = Session()
    replayed.run_lines(list(saved.log))
    assert replayed.state == saved.state


def test_a_save_written_now_rolls_the_death_save_and_replays_it(tmp_path):
    """The same fight played now: brak's turn starts at round 2 and rolls his death save
    (G24) from the seeded dice; the `end` that brought it writes the face into its log
    line, and the save replays to the same state."""
    s = new_session(seed=7, ruleset="d20")
    for line in ("add brak --as fighter --side party --at A1",
                 "add nim --as fighter --side party --at A2", "add gob --as goblin --at B1",
                 "init --rolled brak=15 --rolled gob=10 --rolled nim=5", "start", "end",
                 "damage brak 28", "end"):
        s.execute(line)
    s.execute("end")
    assert s.log[-1].startswith("end --death ")
    face = int(s.log[-1].split()[-1])
    assert s.state.actors["brak"].hp == (1 if face == 20 else 0)
    path = tmp_path / "now.yaml"
    write_save(s, path)
    assert replay_save(path).ok
    replayed = Session()
    replayed.run_lines(list(s.log))
    assert replayed.state == s.state

"""The quick fuzz profile through the journal: random lines (with undo, redo and manual
dice among them) each committed as the shell commits them, compacting often; after
every line the save and its journal reopen to an equal session, and a crash at that
moment would lose nothing."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parents[1] / "fuzz"))
from grammar import SETUP, lines  # noqa: E402

from shaper_gm.app import autosave, new_session  # noqa: E402
from shaper_gm.commands import build_registry  # noqa: E402
from shaper_gm.errors import GmError  # noqa: E402
from shaper_gm.persist import saves  # noqa: E402

REGISTRY = build_registry()
IDS = ["josh", "monica", "taylor", "raider", "crossbowman", "reaver"]
FILE_VERBS = {name for name, v in REGISTRY.verbs.items() if v.takes_file}
EXTRA = st.sampled_from(["undo", "undo 2", "redo", "redo 2", "rolls josh manual",
                         "rolls josh auto", "end", "show"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(lines(REGISTRY, IDS), EXTRA), min_size=1, max_size=12),
       st.integers(2, 5))
def test_after_every_line_the_save_and_its_journal_reopen_equal(batch, every):
    folder = Path(tempfile.mkdtemp())
    compact_every, autosave.COMPACT_EVERY = autosave.COMPACT_EVERY, every
    session = new_session(seed=5)
    keeper = autosave.Autosave(session, folder / "fuzz.yaml")
    try:
        keeper.commit()
        for line in SETUP:
            session.execute(line)
            keeper.commit()
        for line in batch:
            words = line.split()
            if words and REGISTRY.by_alias.get(words[0].lower()) in FILE_VERBS:
                continue              # file verbs write files: covered by their own tests
            try:
                session.execute(line)
            except GmError:
                pass
            keeper.commit()
            again = saves.read_save(keeper.path)
            assert again.state == session.state, f"reopened state differs after {line!r}"
            assert again.log == session.log and again.manual == session.manual
        keeper.close()
        closed = saves.read_data(keeper.path)
        assert closed["closed"] is True and closed["log"] == session.log
    finally:
        autosave.COMPACT_EVERY = compact_every
        keeper.lock.release()
        shutil.rmtree(folder, ignore_errors=True)

"""A few random SIGKILLs of a live shell; tests/bench/crash_test.py runs a hundred."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pexpect")

from .harness import PROGRAM, check, crash_once  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PROGRAM is None, reason="shaper-gm is not installed")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_killed_shell_loses_no_completed_command(tmp_path, seed):
    run = crash_once(tmp_path, random.Random(seed))
    check(run)

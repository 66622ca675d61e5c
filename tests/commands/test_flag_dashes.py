"""Flags are written with dashes (`--defense-boon`), never underscores, in every
ruleset's usage, help and log; a flag typed with underscores, as older logs wrote
effect keys, is read as the dashed one, so those logs still replay."""

from __future__ import annotations

import re

import pytest

from shaper_gm.commands import new_session
from shaper_gm.engine import registry

UNDERSCORED_FLAG = re.compile(r"--[a-z0-9]+_[a-z0-9_]+")


@pytest.mark.parametrize("ruleset", registry.ids())
def test_no_flag_of_any_verb_has_an_underscore(ruleset):
    session = new_session(ruleset=ruleset, seed=1)
    table = session.registry
    for name, verb in table.verbs.items():
        assert not [f.name for f in verb.flags if "_" in f.name], name
        assert not UNDERSCORED_FLAG.search(str(verb.usage)), (name, verb.usage)


def test_an_effect_key_is_a_dashed_flag_and_the_underscored_spelling_still_reads():
    session = new_session(ruleset="dungeoneers", seed=1)
    session.execute("add freya --as freya --at B2")
    result = session.execute("effect freya braced --defense-boon 2")
    assert "--defense-boon 2" in result.line
    assert dict(session.state.actors["freya"].effects[0].mods) == {"defense_boon": 2}
    session.execute("effect freya steady --defense_boon 1")        # as older logs wrote it
    assert dict(session.state.actors["freya"].effects[1].mods) == {"defense_boon": 1}
    assert "--defense_boon" not in "\n".join(session.log)

"""What a save written before a field existed did not keep, read back from its log.

Saves now keep who has had a turn this round (`acted`) and every initiative the GM
entered (`initiative_entered`, also for `init --roll ID=FACES`). A save without `acted`
was written before both: its state is given them here, from its order and from the
`init` and `set` lines of its log up to that state, so it opens and replays to the
state the same log reaches now.
"""

from __future__ import annotations

from collections.abc import Iterable

from shaper_gm.commands.args import split_line
from shaper_gm.errors import GmError


def written_before_acted(data: dict) -> bool:
    return isinstance(data, dict) and "acted" not in data and "actors" in data


def entered_initiatives(log: Iterable[str]) -> set[str]:
    """The actors whose initiative, after `log`, is one the GM entered."""
    entered: set[str] = set()
    for line in log:
        try:
            words = split_line(line)
        except GmError:
            continue
        if not words:
            continue
        if words[0] == "init":
            _init(words[1:], entered)
        elif words[0] == "set" and len(words) > 1:
            if any(w.lower().startswith("initiative=") for w in words[2:]):
                entered.add(words[1])
    return entered


def _init(words: list[str], entered: set[str]) -> None:
    ids, rolls, moves = [], [], False
    at = 0
    while at < len(words):
        word = words[at]
        if word == "--roll" and at + 1 < len(words):
            rolls.append(words[at + 1])
            at += 2
            continue
        if word in ("--before", "--after"):
            moves, at = True, at + 2
            continue
        if not word.startswith("--"):
            ids.append(word)
        at += 1
    if moves or (ids and not rolls):
        return                        # the order moved or set by hand: nothing rolled
    if ids:
        entered.update(ids)           # init ID --roll FACES
        return
    for roll in rolls:                # init [--roll ID=FACES]...: the named are entered
        who, sep, _ = roll.partition("=")
        if sep:
            entered.add(who)


def with_legacy_fields(data: dict, log: list[str] | None, rs=None) -> dict:
    """`data` with `acted` left to the decoder's derivation, each actor's
    `initiative_entered` read from `log` (None: nothing to read it from), and what its
    ruleset `rs` reads back from it (`with_legacy_fields`)."""
    if log is None:
        return data
    if rs is not None:
        data = rs.with_legacy_fields(data, log)
    if not written_before_acted(data):
        return data
    entered = entered_initiatives(log)
    actors = {}
    for actor_id, raw in data["actors"].items():
        if isinstance(raw, dict) and actor_id in entered and raw.get("initiative") is not None:
            raw = {**raw, "initiative_entered": True}
        actors[actor_id] = raw
    return {**data, "actors": actors}

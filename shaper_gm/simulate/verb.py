"""The `simulate` verb in the shell and scripts: the fight played forward N times from
now, under its rules; nothing it does reaches the encounter, its save or its log."""

from __future__ import annotations

import json

from shaper_gm.commands.args import flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import Message
from shaper_gm.errors import CommandError

verbs = VerbTable()
DEFAULT_RUNS = 1000


@verbs.command("simulate", group="view", logged=False, positionals=("number?",),
               usage="simulate [N] [--seed S] [--tactics focus-fire|spread|random] [--json]",
               summary="play the fight forward N times (1,000) from now under its rules: "
                       "each side's chance to win, rounds, who goes down (a duel or two "
                       "against one with few HP: solved exactly); changes nothing",
               examples=("simulate", "simulate 200 --seed 7", "simulate --tactics spread"),
               flags=(flag("seed", "int", metavar="S", help="the runs' dice (default 1)"),
                      flag("tactics", "text", metavar="NAME",
                           help="focus-fire (default), spread or random"),
                      flag("json", help="one JSON object instead of the summary")))
def simulate(ctx: Context) -> Outcome:
    from shaper_gm.simulate.fights import simulate as run_fights
    from shaper_gm.simulate.progress import progress_line
    from shaper_gm.simulate.summary import text
    p = ctx.parsed
    runs = _count(p.words)
    seed = p.get("seed")
    seed = 1 if seed is None else seed
    tactic = (p.get("tactics") or "focus-fire").lower()
    with progress_line(runs) as progress:
        data, finished = run_fights(ctx.session, runs, seed, tactic, progress)
    if p.get("json"):
        return Outcome(view=Message(json.dumps(data, sort_keys=True)))
    state = ctx.state
    where = f"round {state.round}, {state.actors[state.turn].name}'s turn"
    stopped = f"\n(stopped after {finished:,} of {runs:,})" if finished < runs else ""
    return Outcome(view=Message(text(data, where, tactic) + stopped))


def _count(words: list[str]) -> int:
    if not words:
        return DEFAULT_RUNS
    if len(words) > 1 or not words[0].isascii() or not words[0].isdigit() \
            or len(words[0]) > 7:
        raise CommandError(f"simulate: {' '.join(words)!r} is not a number of fights",
                           "e.g. simulate 500")
    return int(words[0])

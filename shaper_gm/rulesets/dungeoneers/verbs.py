"""Dungeoneers' verbs are declared in `content/dungeoneers/verbs.yaml` (commands.md
"Dungeoneers verbs"): its play actions with their dice slots, its flags and words on the
shared verbs, and the handlers here, `ambient` (the encounter's ambient arca, D28) and
`odds` (exact strike odds); with `interact`'s reading of its words and the values its
summaries name (what the content's numbers come to, in words).
"""

from __future__ import annotations

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.request import Request
from shaper_gm.rulesets.dungeoneers import spells

verbs = VerbTable.from_file(__name__)


def counted(n: int, word: str, one: str = "1") -> str:
    """``2 tiles``; ``1 tile``, or `one` for the 1."""
    return f"{one} {word}" if n == 1 else f"{n} {word}s"


def times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


def power_strike_extras(rs) -> str:
    n = rs.numbers
    return (f"{counted(n.power_strike_wounds, 'extra wound')}, "
            f"{counted(n.power_strike_boon, 'boon')}")


def push_reach(rs) -> str:
    return counted(rs.numbers.push_tiles, "tile", "one")


def sprint_times(rs) -> str:
    return times(rs.numbers.sprint_multiplier)


def damage_type_codes(rs) -> tuple[str, ...]:
    return tuple(rs.numbers.damage_types.codes())


def settable_fields(rs) -> tuple[str, ...]:
    return tuple(rs.settable_fields())


def actor_and_text(ctx: Context) -> Request:
    """`VERB [ACTOR] TEXT`: a first word that is a creature's id (or a prefix of three
    letters or more) names the actor; the rest is the text."""
    words, ids = ctx.parsed.words, list(ctx.state.actors)
    first = words[0].lower() if words else ""
    named = first in ids or (len(first) >= 3 and sum(a.startswith(first) for a in ids) == 1)
    return read_request(ctx, ("actor", "text") if named else ("actor?", "text"))


def ambient(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*spells.set_ambient_arca(ctx.state, ctx.ruleset, request.arg("arca")),
                   request=request)


def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.dungeoneers.odds import strike_odds
    request = read_request(ctx)
    power = bool(request.get("power"))
    return odds_outcome(strike_odds(ctx.state, ctx.ruleset, request, power=power), request)

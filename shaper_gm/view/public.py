"""The encounter as the players may see it: redacted here, on the server, never in the page.

Hidden actors (`hide`, `add --hidden`) are left out everywhere, names included; an enemy
shows its health in the ruleset's words (view.yaml) and the columns it declares public,
never a number of its own; the party shows its numbers and resources as the order table
does. What comes out is plain JSON-ready data.
"""

from __future__ import annotations

import re
from typing import Any

from shaper_gm.engine import ending, grid
from shaper_gm.render.names import Names
from shaper_gm.render.tables import PARTY, layout_for
from shaper_gm.view.words import ViewWords

PUBLIC_BADGE_LENGTH = 40      # an effect's name as a badge, cut to this


def visible(state) -> dict[str, Any]:
    """The actors the players may know of, by id."""
    return {a.id: a for a in state.actors.values() if not a.hidden}


def is_party(actor, state) -> bool:
    """The players' own: the party side, and what a party member summoned."""
    if actor.side.lower() == PARTY:
        return True
    summoner = state.actors.get(actor.summoner) if actor.summoner else None
    return summoner is not None and summoner.side.lower() == PARTY


def public_names(*states) -> Names:
    """Names told apart among the actors shown (in any of `states`: one removed since
    keeps its name) only: a hidden namesake says nothing."""
    known: dict[str, str] = {}
    for state in states:
        known.update({a.id: a.name for a in visible(state).values()})
    return Names.of(None, known=known)


def scrub(text: str, hidden) -> str:
    """`text` with no hidden actor's name or id in it as a word (a column or a line that
    names whom a shown actor grapples or fights beside, say)."""
    for actor in hidden:
        for word in {actor.name, actor.id}:
            if word:
                text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", "someone", text,
                              flags=re.IGNORECASE)
    return text


def health(actor, rs, words: ViewWords) -> str:
    """An actor's state in words: the ruleset's word for down, else how much of its
    health is gone (none / short of half / half or more)."""
    if actor.down:
        return rs.down_word(actor).lower() if hasattr(rs, "down_word") else "down"
    lost, most = harm(actor, rs, words)
    if most <= 0 or lost <= 0:
        return words.health[0]
    return words.health[2] if 2 * lost >= most else words.health[1]


def harm(actor, rs, words: ViewWords) -> tuple[int, int]:
    """(harm taken, harm it can take): HP lost of its maximum, or the declared harm
    resource over its maximum (wounds)."""
    if words.harm is not None:
        spec = rs.resource_spec(words.harm)
        most = spec.max if isinstance(spec.max, int) else \
            rs.stat(actor.sheet, spec.max) if spec.max else 0
        return actor.resource(words.harm), most or 0
    if actor.hp is None or not actor.max_hp:
        return 0, 0
    return actor.max_hp - actor.hp, actor.max_hp


def public_state(state, rs, words: ViewWords, feed: list[dict] | tuple = ()) -> dict:
    """What the page draws: the round, who acts and who is next, each visible actor in
    turn order, the battlefield's size, and the feed of recent results."""
    shown = visible(state)
    names = public_names(state)
    layout = layout_for(state, rs)
    columns = list(layout.columns)
    acting = state.turn if state.turn in shown and state.over is None else None
    order = [a for a in state.order if a in shown] + \
        [a for a in shown if a not in state.order]
    return {
        "ruleset": rs.name,
        "round": state.round,
        "acting": names(acting) if acting else None,
        "next": _next(state, rs),
        "over": _result(state, names),
        "cols": state.cols,
        "rows": state.rows,
        "actors": [_actor(shown[a], state, rs, words, names, columns, a == acting,
                          layout.hp_column)
                   for a in order],
        "feed": list(feed),
    }


def _actor(actor, state, rs, words, names, columns, acting: bool,
           hp_column: bool = True) -> dict:
    party = is_party(actor, state)
    hidden = [a for a in state.actors.values() if a.hidden]
    numbers = []
    if party and actor.hp is not None and hp_column:      # no HP where the table has none
        numbers.append(["HP", f"{actor.hp}/{actor.max_hp}"])
    for column in columns:
        if party or column.header in words.public_columns:
            text = scrub(_plain(column.cell(actor, state, rs)), hidden)
            if text != "–":
                numbers.append([column.header, text])
    return {
        "name": names(actor.id),
        "side": actor.side,
        "party": party,
        "acting": acting,
        "down": actor.down,
        "health": health(actor, rs, words),
        "zone": actor.zone,
        "at": _cell(actor.zone, state),
        "numbers": numbers,
        "badges": [e.name[:PUBLIC_BADGE_LENGTH] for e in actor.effects],
    }


def _cell(zone: str | None, state) -> list[int] | None:
    if zone is None:
        return None
    try:
        col, row = grid.parse_cell(zone, state.cols, state.rows)
    except Exception:                     # a zone no grid cell names: off the map
        return None
    return [col, row]


def _next(state, rs) -> str | None:
    """Who is up next as the toolbar says it, unless that would name a hidden actor."""
    if state.turn is None or state.over is not None:
        return None
    text = rs.turn_order.upcoming(state, rs).removeprefix("next: ")
    hidden = [a.name for a in state.actors.values() if a.hidden]
    return None if not text or any(name in text for name in hidden) else text


def _result(state, names: Names) -> str | None:
    if state.over is None:
        return None
    return ending.result_text(state)


def _plain(cell) -> str:
    """An order-table cell as one line of text."""
    return " ".join(str(getattr(cell, "plain", cell)).split()) or "–"

"""ruleset.yaml's `item_offers`: how completion offers the items of a sheet list (`--with
ITEM`, `draw ITEM`): `{KIND: {text, first, first_text, notes, later, only, of, fields}}`,
each item in the sheet's order, those the sheet key `first` names (an item id or a list
of them) ahead of the rest (the weapon in hand, T7), told in `text` (a template over the
item's fields: `"{name} · {damage} damage"`) and, for a first one, `first_text` after
it (`in hand`). `notes` adds a text after a `·` for each item its `when` holds for;
`later` puts the items its `when` holds for after the rest, its `text` told
(`not now: 2 AP left`, D28); `only` offers just the items it holds for (what a `--draw`
can take: `of: weapons`, the list and kind a slot of its own offers); `more` names items
of the kind (else of another) offered after those carried, `only` deciding (the
offensive spell empty hands cast, S25). Its tests and texts read `item.X` (`item.id`
too), `actor.X`, `rules.X` and `fields`' names. Without it: by id, each with its name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, ident, list_of, mapping_of, snake_name, text
from shaper_gm.engine.errors import ExprError
from shaper_gm.engine.offers import FIRST, LATER
from shaper_gm.rulesets.data.entries import checked_keys


def _test(value: Any) -> Any:
    from shaper_gm.engine.stepkit import VocabError, expression
    try:
        return expression(value, "")
    except VocabError as exc:
        raise Bad(str(exc).lstrip(": ")) from None


def _told(value: Any) -> Mapping[str, Any]:
    """`{when: EXPR, text: TEXT}`, both required."""
    if not isinstance(value, Mapping) or set(value) != {"when", "text"}:
        raise Bad(f"expected {{when: EXPR, text: TEXT}}, got {value!r}")
    return {"when": _test(value["when"]), "text": text(value["text"])}


def _notes(value: Any) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(value, list):
        raise Bad(f"expected a list of {{when: EXPR, text: TEXT}}, got {value!r}")
    return tuple(_told(note) for note in value)


ITEM_OFFER = {"text": Field(text), "first": Field(snake_name), "first_text": Field(text),
              "notes": Field(_notes), "later": Field(_told), "only": Field(_test),
              "of": Field(ident), "fields": Field(mapping_of(ident, _test)),
              "more": Field(list_of(ident))}


def item_offer(value: Any) -> Mapping[str, Any]:
    """One entry of `item_offers`, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) - set(ITEM_OFFER) or \
            ("first_text" in value and "first" not in value):
        raise Bad(f"expected {{text: TEXT, first: KEY, first_text: TEXT, notes: [...], "
                  f"later: {{when, text}}, only: EXPR, of: KIND, fields: {{NAME: EXPR}}, "
                  f"more: [ID, ...]}} (first_text with first), got {value!r}")
    return checked_keys(value, ITEM_OFFER)


def offered_kind(rs: Any, slot: str) -> str:
    """The item kind and sheet list a completion slot offers: `of`, else its own name."""
    spec = dict(rs.library.numbers.get("item_offers") or ()).get(slot)
    return str(dict(spec).get("of", slot)) if spec is not None else slot


def offered_items(rs: Any, state: Any, actor: Any, slot: str, carried: Mapping[str, Any]
                  ) -> list[tuple[str, str, int]] | None:
    """(id, words, rank) of each item carried, as `item_offers` says, or None without
    it; the first rank ahead, the sheet's order kept within a rank."""
    spec = dict(rs.library.numbers.get("item_offers") or ()).get(slot)
    if spec is None:
        return None
    spec, sheet = dict(spec), actor.sheet
    kind = str(spec.get("of", slot))
    first = sheet.get(spec["first"]) if "first" in spec else None
    firsts = set(first) if isinstance(first, list | tuple) else {first}
    known = rs.library.kind(kind)
    carried = {**carried, **{item_id: _found(rs, known, item_id)          # `more`
                             for item_id in spec.get("more", ()) if item_id not in carried
                             and _found(rs, known, item_id) is not None}}
    out = []
    for item_id in sorted(carried, key=lambda item_id: item_id not in firsts):
        item = carried[item_id] if isinstance(carried[item_id], Mapping) else \
            known.get(item_id) or {"name": item_id}
        try:
            offer = _offer(rs, state, actor, {**item, "id": item_id}, spec,
                           item_id in firsts)
        except (ExprError, KeyError, TypeError, ValueError):  # what does not read: its name
            offer = (str(item.get("name", item_id)), FIRST)
        if offer is not None:
            out.append((item_id, *offer))
    return sorted(out, key=lambda offer: offer[2])


def _found(rs: Any, known: Mapping[str, Any], item_id: str) -> Any:
    """An item of the kind by id, else of the content's first kind that has it."""
    if item_id in known:
        return known[item_id]
    items = getattr(rs.library, "items", {})
    return next((kind[item_id] for kind in items.values() if item_id in kind), None)


def _offer(rs: Any, state: Any, actor: Any, item: Mapping[str, Any],
           spec: Mapping[str, Any], first: bool) -> tuple[str, int] | None:
    """(words, rank) of one item, None when `only` leaves it out."""
    env = _env(rs, state, actor, item, spec)
    if "only" in spec and not spec["only"].value(env):
        return None
    words = [_fill(spec.get("text", "{name}"), env)]
    if first and spec.get("first_text"):
        words.append(spec["first_text"])
    words += [_fill(n["text"], env) for n in spec.get("notes", ()) if n["when"].value(env)]
    later = "later" in spec and spec["later"]["when"].value(env)
    if later:
        words.append(_fill(spec["later"]["text"], env))
    return " · ".join(words), LATER if later else FIRST


def _env(rs: Any, state: Any, actor: Any, item: Mapping[str, Any],
         spec: Mapping[str, Any]) -> Mapping[str, Any]:
    """The names an offer's tests and texts read: the item's fields bare and as item.X,
    the actor's and the ruleset's numbers, and `fields`' names worked out."""
    from collections import ChainMap

    from shaper_gm.engine.request import Request
    from shaper_gm.engine.situation import Situation
    situation = Situation(state, rs, Request("offer", (("actor", actor.id),)), item=item)
    env: ChainMap[str, Any] = ChainMap({}, dict(item), situation)
    for name, expr in dict(spec.get("fields") or {}).items():
        env.maps[0][name] = expr.value(env)
    return env


def _fill(words: str, env: Mapping[str, Any]) -> str:
    from shaper_gm.engine.stepkit import fill
    return fill(words, env)

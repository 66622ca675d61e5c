"""What a ruleset lets the players see: its `view.yaml` (docs/rulesets.md, "view.yaml").

Every key is optional; a ruleset without the file shows enemies' health by their HP in
the default words and keeps every number of theirs off the page.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.content.folders import declaration
from shaper_gm.content.schema import ContentError
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.render.tables import layout_for

DEFAULT_HEALTH = ("unhurt", "hurt", "bloodied")
KEYS = ("health", "harm", "public_columns", "verdict")


@record
class ViewWords:
    """`health`: the words for no harm, harm short of half, half or more (down is the
    ruleset's own word); `harm`: a resource that counts harm up to its maximum, read
    instead of HP (wounds); `public_columns`: order-table columns every actor shows
    (the party shows them all); `verdict`: the fact of a declared action's result that
    says it in words (hit, miss, critical hit)."""

    health: tuple[str, str, str] = DEFAULT_HEALTH
    harm: str | None = None
    public_columns: tuple[str, ...] = ()
    verdict: str | None = None


def view_words(rs) -> ViewWords:
    """The ruleset's declared view words (its defaults when it declares none); a
    ContentError in one line when the file has a mistake or names a resource or a
    column the ruleset does not have."""
    found = declaration(rs.id, "view.yaml")
    if found is None:
        return ViewWords()
    display, data = found
    words = parse(data, display)
    if words.harm is not None and words.harm not in rs.resource_names():
        raise ContentError([f"{display}: harm names no resource of {rs.name} "
                            f"(its resources: {', '.join(rs.resource_names()) or 'none'})"])
    titles = [c.header for c in columns_of(rs)]
    for title in words.public_columns:
        if title not in titles:
            raise ContentError([f"{display}: public_columns: no column {title!r} in the "
                                f"order table (its columns: {', '.join(titles) or 'none'})"])
    return words


def columns_of(rs):
    """The order table's own columns for the ruleset."""
    return layout_for(Encounter(ruleset=rs.id), rs).columns


def parse(data: Any, display: str) -> ViewWords:
    if data is None:
        return ViewWords()
    if not isinstance(data, dict):
        raise ContentError([f"{display}: expected a mapping of {', '.join(KEYS)}"])
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ContentError([f"{display}: {unknown[0]!r} is not a key of view.yaml "
                            f"(known: {', '.join(KEYS)})"])
    health = data.get("health", list(DEFAULT_HEALTH))
    if not (isinstance(health, list) and len(health) == 3 and all(_word(w) for w in health)):
        raise ContentError([f"{display}: health must list three words (no harm, hurt, "
                            "half or worse), e.g. [unhurt, hurt, bloodied]"])
    columns = data.get("public_columns", [])
    if not (isinstance(columns, list) and all(_word(c) for c in columns)):
        raise ContentError([f"{display}: public_columns must list order-table column "
                            "titles, e.g. [Holding]"])
    for key, example in (("harm", "wounds"), ("verdict", "verdict")):
        if key in data and not _word(data[key]):
            raise ContentError([f"{display}: {key} must be one name, e.g. {example}"])
    return ViewWords(tuple(health), data.get("harm"), tuple(columns), data.get("verdict"))


def _word(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40 and value.strip() == value

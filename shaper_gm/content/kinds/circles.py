"""Records that hold each other in a circle: refused, since none of them could be made."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from shaper_gm.content.schema import Ctx

if TYPE_CHECKING:
    from shaper_gm.content.kinds.decls import RecordDecl
    from shaper_gm.content.kinds.words import Type

HOLDING = ("numbers", "record", "entries")      # the type words whose values are records


def held_records(kind: Type) -> set[str]:
    """The records a value of type `kind` holds, however deep in lists and mappings."""
    held = {kind.names[0]} if kind.word in HOLDING else set()
    return held.union(*(held_records(inner) for inner in kind.inner))


def refuse_circles(records: Mapping[str, RecordDecl], entry: Callable[[str], Ctx]) -> None:
    """One error, at the field that closes the first circle found (`entry(name)` is the
    record's Ctx): `Sheet` holding `Numbers` holding `Sheet` could never be made."""
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> bool:
        path.append(name)
        for f in records[name].fields:
            for held in sorted(held_records(f.kind) & records.keys()):
                if held in path:
                    circle = " → ".join((*path[path.index(held):], held))
                    entry(name).error(f"fields.{f.name}.type",
                                      f"the records hold each other in a circle ({circle}): "
                                      "a record cannot contain itself")
                    return True
                if held not in done and walk(held, path):
                    return True
        path.pop()
        done.add(name)
        return False

    for name in records:
        if name not in done and walk(name, []):
            return

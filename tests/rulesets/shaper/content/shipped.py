"""The shipped Shaper content as the ruleset playing `shaper` reads it: the Python
ruleset's library of records, or the data version's items (content/shaper's own item
files either way), each item's fields read alike: a field its file leaves out reads as
None in the data version, a record's default in the Python one; mappings and a
skill's effects read as plain dicts (an effect's fields its file gives), lists as
tuples."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from shaper_gm.commands import Session, new_session

KINDS = ("weapons", "armor", "shields", "spells", "skills", "creatures", "characters")


class Item:
    """One item, its fields as attributes."""

    def __init__(self, raw: Any) -> None:
        self._raw = raw

    def __getattr__(self, name: str) -> Any:
        raw = self.__dict__["_raw"]
        return plain(raw.get(name) if isinstance(raw, Mapping) else getattr(raw, name))


def plain(value: Any) -> Any:
    """A value as the item file wrote it: a mapping (or a list of pairs, a pool) as a
    dict, an effect record as the dict of the fields it was given."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if hasattr(value, "as_dict"):
        return dict(value.as_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) != f.default or f.name == "type"}
    if isinstance(value, tuple) and value and all(
            isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) for v in value):
        return {k: plain(v) for k, v in value}
    if isinstance(value, (tuple, list)):
        return tuple(plain(v) for v in value)
    return value


class Shipped:
    """The items of each kind by id (`shipped.weapons["longbow"].pierce`), and a session
    of the ruleset to add its templates through."""

    def __init__(self) -> None:
        self.session = new_session(ruleset="shaper", seed=1)
        library = self.session.ruleset_for(self.session.state).library
        for kind in KINDS:
            found = library.kind(kind) if hasattr(library, "kind") else getattr(library, kind)
            setattr(self, kind, {item_id: Item(raw) for item_id, raw in found.items()})

    def added(self, template: str) -> Any:
        """The actor `add X --as TEMPLATE` makes, on a fresh session."""
        s: Session = new_session(ruleset="shaper", seed=1)
        s.execute(f"add x --as {template} --at A1")
        return s.state.actors["x"]

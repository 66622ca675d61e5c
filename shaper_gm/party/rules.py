"""What lasts between fights and what a rest gives back: a ruleset's `party.yaml`
(docs/rulesets.md, "party.yaml"). HP last wherever the rules count them; `lasting` names
the resources that do too; each rest says, per number, `max` (back to its maximum),
`gain N` (that much more, up to it) or `N` (exactly that); `items: true` keeps what each
member carries (an item dropped, thrown or used up stays lost, one picked up stays
carried), as its ruleset reads it (`carried`)."""

from __future__ import annotations

import re

from shaper_gm.content.folders import declaration
from shaper_gm.content.schema import ContentError
from shaper_gm.records import record

CHANGE = re.compile(r"max|gain \d{1,6}|\d{1,6}")


@record
class Rest:
    name: str
    changes: tuple[tuple[str, str], ...]      # (hp or a resource, max | gain N | N)
    provisional: bool = False


@record
class PartyRules:
    lasting: tuple[str, ...] = ()
    rests: tuple[Rest, ...] = ()
    items: bool = False

    def rest(self, name: str) -> Rest | None:
        return next((r for r in self.rests if r.name == name.lower()), None)


def party_rules(rs) -> PartyRules:
    """The ruleset's declared party rules (none declared: HP alone last, no rests); a
    ContentError in one line for a mistake, or a name that is not HP or a resource."""
    found = declaration(rs.id, "party.yaml")
    if found is None:
        return PartyRules()
    display, data = found
    known = ["hp", *rs.resource_names()]

    def fail(text: str) -> ContentError:
        return ContentError([f"{display}: {text}"])
    if not isinstance(data, dict) or set(data) - {"lasting", "rests", "items"}:
        raise fail("expected a mapping of lasting, rests and items")
    if not isinstance(data.get("items", False), bool):
        raise fail(f"items: expected true or false, got {data['items']!r}")
    lasting = data.get("lasting", [])
    if not isinstance(lasting, list) or any(n not in known[1:] for n in lasting):
        raise fail(f"lasting must list resources of {rs.name} "
                   f"(its resources: {', '.join(known[1:]) or 'none'})")
    rests = []
    for name, body in (data.get("rests") or {}).items():
        if not isinstance(body, dict):
            raise fail(f"rests.{name}: expected a mapping of numbers to changes")
        provisional = body.get("provisional", False) is True
        changes = []
        for key, change in body.items():
            if key == "provisional":
                continue
            if key not in known:
                raise fail(f"rests.{name}: {key!r} is not HP or a resource of {rs.name}")
            if not CHANGE.fullmatch(str(change)):
                raise fail(f"rests.{name}.{key}: expected max, gain N or N, got {change!r}")
            changes.append((key, str(change)))
        rests.append(Rest(str(name).lower(), tuple(changes), provisional))
    return PartyRules(tuple(lasting), tuple(rests), data.get("items", False))


def changed(value: int, change: str, most: int | None) -> int:
    """A number after a rest's `change` (max, gain N, N), never past its maximum."""
    if change == "max":
        return most if most is not None else value
    new = value + int(change.split()[1]) if change.startswith("gain") else int(change)
    return new if most is None else min(new, most)


def describe(rest: Rest) -> str:
    parts = [f"{key} {'to its maximum' if c == 'max' else c}" for key, c in rest.changes]
    return ", ".join(parts) + (" (provisional)" if rest.provisional else "")


__all__ = ["PartyRules", "Rest", "changed", "describe", "party_rules"]

"""Names ruleset.yaml's keys give that must name something it declares: a resource's
`paid_by` other resources (a lesser action paid with a greater one), `template_sides`
item kinds (player characters joining the party). Each mistake is one line naming the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Ctx


def payers_declared(here: Ctx, resources: tuple[tuple[str, Mapping[str, Any]], ...]) -> None:
    """A resource's `paid_by` names other resources `resources:` declares."""
    names = [name for name, _ in resources]
    for name, spec in resources:
        for payer in spec.get("paid_by", ()):
            if payer not in names or payer == name:
                here.error(f"resources.{name}.paid_by", f"no other resource {payer!r} "
                                                        f"(resources: {', '.join(names)})")


def sides_declared(here: Ctx, good: Mapping[str, Any], kinds: set[str]) -> None:
    """Every kind `template_sides` names is an item file's."""
    for kind, _ in good.get("template_sides", ()):
        if kind not in kinds:
            here.error("template_sides", f"no item file {kind}.yaml for template_sides "
                                         f"{kind!r} (kinds: {', '.join(sorted(kinds))})")

"""Names ruleset.yaml's keys give that must name something it declares: a resource's
`paid_by` other resources (a lesser action paid with a greater one), `template_sides`
item kinds (player characters joining the party). Each mistake is one line naming the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Ctx, show


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


def told(value: Any) -> tuple[str, str]:
    """A resource's `told: [UP, DOWN]`: the verbs its changes are told with, as it rises
    and as it falls (`[gains, sheds]`: `Freya gains 1 stress (0 → 1, sprint, D26)`)."""
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, str) and v.strip() for v in value)):
        raise Bad(f"expected [VERB, VERB]: how a rise and a fall are told, e.g. [gains, "
                  f"sheds], got {show(value)}")
    return value[0].strip(), value[1].strip()


SHORT = "expected {text: TEXT, hint: TEXT, off_turn_hint: TEXT} (text and hint required)"
SHORT_FIELDS = ("who", "action", "need", "have", "max", "spent", "spent_all")


def short(value: Any) -> tuple[str, str, str]:
    """A resource's `short: {text, hint, off_turn_hint}`: its own words for a cost it
    cannot pay, each of its texts filled with `SHORT_FIELDS`."""
    if not (isinstance(value, Mapping) and {"text", "hint"} <= set(value)
            and set(value) <= {"text", "hint", "off_turn_hint"}
            and all(isinstance(v, str) and v.strip() for v in value.values())):
        raise Bad(f"{SHORT}, got {show(value)}")
    words = (value["text"].strip(), value["hint"].strip(),
             value.get("off_turn_hint", "").strip())
    try:
        for text in words:
            text.format(**{name: 0 for name in SHORT_FIELDS})
    except (KeyError, IndexError, ValueError) as exc:
        raise Bad(f"{text!r}: fills only {{{'}, {'.join(SHORT_FIELDS)}}} ({exc})") from None
    return words

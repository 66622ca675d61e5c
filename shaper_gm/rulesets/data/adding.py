"""What the GM's shared verbs give a ruleset written as data beyond their own: `add`'s
`add_items` (``--weapon ITEM``, repeatable, and ``--shield ITEM``: a sheet key set to
items of the content, each word checked against its item file and refused in the
ruleset's words) and the words its refusals use (a template's noun: `no creature
'dragon'`); `damage` played by the action `damage_action` names, `heal` by the one
`heal_action` names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content.schema import (
    Bad,
    Field,
    boolean,
    ident,
    list_of,
    mapping_of,
    snake_name,
    text,
)
from shaper_gm.engine import events as ev
from shaper_gm.engine import moments
from shaper_gm.engine.changes import hit_points
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.harm import reduced
from shaper_gm.engine.situation import lookup
from shaper_gm.engine.stepkit import fill
from shaper_gm.records import record

ITEM_FLAG = {"key": Field(snake_name, required=True), "kind": Field(ident, required=True),
             "many": Field(boolean), "default": Field(ident), "help": Field(text),
             "unknown": Field(text), "adds": Field(boolean), "pairs": Field(boolean),
             "also": Field(mapping_of(snake_name, snake_name)),
             "adds_to": Field(mapping_of(snake_name, snake_name)),
             "carried": Field(boolean), "lost": Field(snake_name),
             "among": Field(list_of(snake_name, non_empty=True)), "no_item": Field(boolean)}


@record
class AddItem:
    """``add --FLAG ITEM``: the sheet key it sets to items of `kind` (a list of them when
    `many`, the flag repeated; else one, `default` when given with no item)."""

    flag: str
    key: str
    kind: str
    many: bool = False
    default: str = ""
    help: str = ""
    unknown: str = ""           # its refusal of a word that is no such item: {word}
    adds: bool = False          # with many: the items join the template's, not replace them
    pairs: bool = False         # ITEM=N words, merged into the sheet's mapping (--prof)
    also: Any = ()              # (sheet key, item field): set from the one item chosen
    among: tuple[str, ...] = ()  # its items are some the sheet holds under these keys
    no_item: bool = False       # the flag alone, no item: it sets `default` (--shield)
    adds_to: Any = ()           # (sheet number, item field): added at add (item_numbers)
    carried: bool = True        # false: worn, not what a party member carries (carried.py)
    lost: str = ""              # a sheet key listing those of its items it no longer has


def add_item(value: Any) -> Mapping[str, Any]:
    """One entry of ruleset.yaml `add_items` (checked as the rest of the file is)."""
    if not isinstance(value, Mapping) or set(value) - set(ITEM_FLAG) or \
            not {"key", "kind"} <= set(value):
        raise Bad(f"expected {{{', '.join(ITEM_FLAG)}}} (key and kind required)")
    if value.get("no_item") and (not value.get("default") or value.get("many") or
                                 value.get("pairs")):
        raise Bad("no_item: the flag alone sets its default: give default, not many or pairs")
    return {name: ITEM_FLAG[name].check(item) for name, item in value.items()}


def add_items(raw: Any) -> tuple[AddItem, ...]:
    return tuple(AddItem(flag, **dict(spec)) for flag, spec in (raw or ()))


def onto_sheet(library: Any, base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """`add`'s item flags on the template's sheet `base` (`given_items`): a flag with
    `adds` joins the template's list, a `pairs` flag's ITEM=N words join its mapping, and
    an item chosen sets the sheet keys `also` names from its fields (the dice pool's
    `--holding spear` sets `held_stat` to the spear's stat, P2)."""
    specs = {**{s.key: s for s in library.add_items}, **{s.flag: s for s in library.add_items}}
    paired = {name for name in extra if name in specs and specs[name].pairs}
    among = {name for name in extra if name in specs and specs[name].among}
    out = dict(base)
    for key, value in given_items(library, {k: v for k, v in extra.items()
                                            if k not in paired | among}).items():
        spec = specs[key]
        if spec.adds and value:
            value = tuple(dict.fromkeys((*(base.get(key) or ()), *value)))
        out[key] = value
        if spec.also and isinstance(value, str):
            item = library.kind(spec.kind)[value]
            out.update((sheet_key, item.get(field)) for sheet_key, field in spec.also)
    for name in paired:
        spec = specs[name]
        out[spec.key] = {**dict(base.get(spec.key) or {}), **_pairs(library, spec, extra[name])}
    for name in among:                  # after the rest: what it holds with them
        out[specs[name].key] = _among(specs[name], out, extra[name])
    return out


def _among(spec: AddItem, sheet: Mapping[str, Any], value: Any) -> tuple[str, ...] | str:
    """`--holding longbow`: each item one the sheet holds under the keys of `among` (a
    weapon or the shield it carries, S19a), else refused in the spec's `unknown` words."""
    held = [item for key in spec.among for item in (
        sheet.get(key) if isinstance(sheet.get(key), (list, tuple)) else (sheet.get(key),))
            if isinstance(item, str) and item]
    words = [value] if isinstance(value, str) else list(value or ())
    for word in words:
        if word not in held:
            raise RuleViolation(fill(spec.unknown, {"word": word}) if spec.unknown else
                                f"--{spec.flag} {word}: not among its {', '.join(spec.among)}",
                                f"it has: {', '.join(held) or 'none'}")
    return tuple(words) if spec.many else words[0]


def among_declared(here: Any, good: Mapping[str, Any]) -> None:
    """At load: each key an entry's `among` names is another add_items entry's key (and
    each number an entry's `adds_to` raises one of the default sheet)."""
    from shaper_gm.rulesets.data.item_numbers import adds_to_declared
    adds_to_declared(here, good)
    keys = {spec["key"] for _, spec in good.get("add_items", ())}
    for flag, spec in good.get("add_items", ()):
        for key in spec.get("among", ()):
            if key not in keys - {spec["key"]}:
                here.error(f"add_items.{flag}.among", f"no other add_items key {key!r} "
                                                      f"(keys: {', '.join(sorted(keys))})")


def _pairs(library: Any, spec: AddItem, value: Any) -> dict[str, int]:
    """`--prof halberd=2`: items of the spec's kind, each with a whole number."""
    words = [value] if isinstance(value, str) else list(value or ())
    shape = spec.kind[:-1].upper() if spec.kind.endswith("s") else spec.kind.upper()
    known = library.kind(spec.kind)
    out: dict[str, int] = {}
    for word in words:
        item, sep, number = str(word).partition("=")
        if not sep or not item:
            raise RuleViolation(f"--{spec.flag} {word!r} is not {shape}=N",
                                f"e.g. --{spec.flag} {next(iter(known), 'ITEM')}=1")
        if item not in known:
            raise RuleViolation(fill(spec.unknown, {"word": item}) if spec.unknown
                                else f"no {spec.kind} {item!r}",
                                f"{spec.kind}: {', '.join(known)}")
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            raise RuleViolation(f"--{spec.flag} {item} must be a whole number 0 or more, "
                                f"not {number!r}", f"e.g. --{spec.flag} {item}=1")
        out[item] = int(number)
    return out


def noun(library: Any) -> str:
    """What a template is called: its one kind's item (`creature`), else `template`."""
    kinds = library.templates
    return kinds[0].removesuffix("s") if len(kinds) == 1 else "template"


def unknown_template(library: Any, word: str, known: list[str]) -> RuleViolation:
    return RuleViolation(f"no {noun(library)} {word!r}", f"known: {', '.join(known)}")


def given_items(library: Any, extra: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet keys `add`'s item flags set (by the flag's name or its key's), each
    item checked against its kind; any other extra is refused."""
    flags = {**{spec.key: spec for spec in library.add_items},
             **{spec.flag: spec for spec in library.add_items}}
    out: dict[str, Any] = {}
    for name, value in extra.items():
        spec = flags.get(name)
        if spec is None:
            shown = ", ".join(f"--{s.flag} ITEM" for s in library.add_items)
            raise RuleViolation(f"add has no {name!r} here",
                                f"add's flags here: {shown or '--as, --stat NAME=N, --hp N'}")
        if value is None or value is False:
            out[spec.key] = () if spec.many else None
            continue
        words = [spec.default] if value is True else \
            [value] if isinstance(value, str) else list(value)
        known = library.kind(spec.kind)
        for word in words:
            if word not in known:
                raise RuleViolation(fill(spec.unknown, {"word": word}) if spec.unknown
                                    else f"no {spec.kind} {word!r}",
                                    f"{spec.kind}: {', '.join(known)}")
        out[spec.key] = tuple(words) if spec.many else words[0]
    return out


def gm_damage(rs: Any, state: Any, target: str, amount: int,
              options: Mapping[str, Any]) -> Any:
    """`damage TARGET N [--FLAG ...]` as the action `damage_action` names plays it on the
    target (its own actor, `flag.amount` N, the verb's flags its flags), nothing paid:
    typed damage through armor and shield, like a hit without a block (R6-R8)."""
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.request import Request
    from shaper_gm.engine.steps import PlayTape
    declared = rs.library.action(rs.library.numbers["damage_action"])
    own = {flag.name for flag in declared.flags} - {"amount"}
    tape = options.get("tape")               # its dice slots' (an armour's Defense roll)
    rolled = {"tape", *(slot for slot, _ in declared.slots)}      # faces, not options
    options = {key: value for key, value in options.items() if key not in rolled}
    unknown = sorted(set(options) - own)
    if unknown:
        raise RuleViolation(f"damage has no option {unknown[0]} here",
                            f"its options: {', '.join(f'--{f}' for f in sorted(own))}")
    request = Request("damage", (("actor", target),)).with_flags(
        {**options, "amount": amount})

    def no_dice(slot: str, index: int, who: Any) -> Any:
        raise RuleViolation(f"the GM's damage rolls no {slot}",
                            "the ruleset's damage_action needs a fix")
    done = declared.played_alone(state, rs, request,
                                 tape if tape is not None else PlayTape(no_dice, Decisions()))
    events = [replace(e, action="damage") if isinstance(e, ev.Played) else e  # the GM's
              for e in done.events]
    if not any(isinstance(e, ev.HpChanged) for e in events) and not any(   # the HP line,
            entry.kind == "hp" and entry.quiet for entry in declared.apply):  # unless told
        hp = done.state.actors[target].hp or 0
        events.append(ev.HpChanged(target, hp, hp, f"{amount} damage: none gets through"))
    return done.state, events


def gm_worded(rs: Any, events: list[Any], amount: int) -> list[Any]:
    """The GM's damage in the ruleset's words (`terms.gm_damage`: the dice pool's `4 of 9
    GM damage (P8)`) where the HP line says it in the engine's (`4 of 9 damage`)."""
    from shaper_gm.engine.harm import damage_note
    words = rs.term("gm_damage")
    if not words:
        return events
    return [replace(e, why=damage_note(amount, e.before, e.after, words))
            if isinstance(e, ev.HpChanged) and e.before is not None and e.after is not None
            and e.why == damage_note(amount, e.before, e.after) else e for e in events]


def gm_heal(rs: Any, state: Any, target: str, amount: int) -> Any:
    """`heal TARGET N` as the action `heal_action` names plays it on the target (its own
    actor, `flag.amount` N), nothing paid and no dice: a dying character's timer gains
    time before its hit points do (time slices' T14)."""
    from shaper_gm.rulesets.data.gm_set import _unsaid
    done = played_by_gm(rs, state, "heal", "heal_action", target, amount)
    return done.state, [e for e in done.events if not _unsaid(e)]   # "": the HP line


def played_by_gm(rs: Any, state: Any, verb: str, key: str, target: str, amount: int) -> Any:
    """The action ruleset.yaml's `key` names, played for the GM's `verb` on `target`
    itself with `flag.amount` `amount`: nothing paid, and no dice (a roll it asks for is
    the ruleset's mistake, refused naming the key)."""
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.request import Request
    from shaper_gm.engine.steps import PlayTape
    declared = rs.library.action(rs.library.numbers[key])
    request = Request(verb, (("actor", target),)).with_flags({"amount": amount})

    def no_dice(slot: str, index: int, who: Any) -> Any:
        raise RuleViolation(f"the GM's {verb} rolls no {slot}",
                            f"the ruleset's {key} needs a fix")
    return declared.played_alone(state, rs, request, PlayTape(no_dice, Decisions()))


def typed_damage(rs: Any, state: Any, target: str, amount: int,
                 options: Mapping[str, Any]) -> Any:
    """The GM's `damage` of a ruleset with no damage action: of a type, through the
    target's immunity, resistance and vulnerability, then what absorbs damage first;
    `--direct` straight off hit points."""
    unknown = set(options) - {"type", "direct", "tape", *rs.moment_slots("damaged")}
    if unknown:
        raise RuleViolation(f"damage has no option --{sorted(unknown)[0]} here",
                            "use --type TYPE or --direct")
    kind, direct = options.get("type"), bool(options.get("direct"))
    if direct and kind:
        raise RuleViolation("--direct takes the damage straight off hit points, so "
                            "--type does not apply", "drop --type, or drop --direct")
    types = tuple(rs.library.numbers.get("damage_types") or ())
    if kind and types and kind not in types:
        raise RuleViolation(f"{kind!r} is no damage type here",
                            f"damage types: {', '.join(types)}")
    sheet, why = state.actors[target].sheet, ""
    if kind:
        amount, why = reduced(amount, kind, lookup(sheet, "resist") or (),
                              lookup(sheet, "vulnerable") or (),
                              lookup(sheet, "immune") or ())
    through = "" if direct else str(rs.library.numbers.get("absorbs") or "")
    with moments.rolling(options.get("tape")):    # what taking it brings rolls here
        state, events = hit_points(state, rs, target, -amount, through,
                                   why or "the GM's damage")
    events = gm_worded(rs, events, amount)               # terms.gm_damage
    if not events:
        hp = state.actors[target].hp or 0
        events = [ev.HpChanged(target, hp, hp, f"0 damage ({why or 'none taken'})")]
    return state, events


def kind_side(library: Any, template: Any) -> str | None:
    """The side ruleset.yaml's `template_sides` gives the kind a template is of (Shaper's
    `characters: party`), None when it gives none."""
    sides = dict(library.numbers.get("template_sides") or ())
    if template is None or not sides:
        return None
    return next((side for kind, side in sides.items()
                 if library.kind(kind).get(template.get("id")) is template), None)

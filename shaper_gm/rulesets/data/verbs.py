"""The verbs of a ruleset written as data: one per declared action, its words, flags,
dice slots and help taken from the declaration, and `odds` for the action that
declares its odds. Built for the ruleset the commands install them for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from weakref import WeakKeyDictionary

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.args import ODDS_JSON, flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import REACT, slot_flags
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.declared import Declared
from shaper_gm.engine.steps import odds_limits
from shaper_gm.rulesets.data import add_numbers, add_switches, word_log, words_pick
from shaper_gm.rulesets.data.entries import entries, usage
from shaper_gm.rulesets.data.sides import install as install_side_checks
from shaper_gm.rulesets.data.waiting import wait, waits
from shaper_gm.rulesets.data.words import role as word_role
from shaper_gm.rulesets.data.words import worded

FACES = "the faces of its {roll}{s}, in order"
MOMENT_FACES = "the faces of {name}'s {roll}, in order, each time it runs by itself"


def _roll(slot: str) -> str:
    """A slot's roll in words: `defend roll`, and `roll` for the slot named so."""
    return "roll" if slot == "roll" else f"{slot} roll"


class DeclaredVerbs:
    """What `commands.build_registry` installs: the ruleset's verbs, made from `rs` once
    for each ruleset (a session builds its registry again whenever its verbs change)."""

    def __init__(self) -> None:
        self._tables: WeakKeyDictionary[Any, VerbTable] = WeakKeyDictionary()

    def read(self, rs: Any = None) -> None:
        """Nothing to read: a data ruleset's verbs are its actions, read with it."""

    def apply_extensions(self, registry: Any, rs: Any) -> None:
        self._table(rs).apply_extensions(registry, rs)

    def install(self, registry: Any, rs: Any) -> None:
        self._table(rs).install(registry, rs)

    def _table(self, rs: Any) -> VerbTable:
        made = self._tables.get(rs)
        if made is None:
            made = self._tables[rs] = table(rs)
        return made


verbs = DeclaredVerbs()


def table(rs: Any) -> VerbTable:
    """Every declared action as a verb, `odds` for the first that declares odds, and
    the shared `damage` with a damage type and `--direct`."""
    made = VerbTable()
    gm = rs.library.numbers.get("damage_action")
    damaging = rs.library.action(gm) if gm else None
    made.extend("damage", **(_gm_damage(damaging) if damaging else _damage(rs)))
    turn_slots = _moment_slots(rs, "turn_start", "turn_end", "round_start",
                                repeats=True)
    if turn_slots:                  # what a turn's end and the next's start roll by
        for verb in ("end", "pass"):          # themselves (engine.moments)
            made.extend(verb, flags=slot_flags(turn_slots), slots=turn_slots)
    if add_numbers.declared(rs.library):          # add --level N: a sheet number
        made.extend("add", before="count", flags=add_numbers.flags(rs.library))
    if add_switches.declared(rs.library):         # add --player: a sheet key set
        made.extend("add", before="count", flags=add_switches.flags(rs.library))
    if rs.library.add_items:              # add --weapon ITEM, --shield ITEM
        made.extend("add", before="count", flags=tuple(
            flag(spec.flag, "bool" if spec.no_item else "text",   # --shield: its default
                 repeat=spec.many or spec.pairs,
                 metavar="ITEM=N" if spec.pairs else "ITEM", completes=spec.kind,
                 help=spec.help or f"an item of {spec.kind} for its {spec.key}")
            for spec in rs.library.add_items))
    if rs.library.numbers.get("add_entries"):       # add --prof NAME=RANK, --immune T
        made.extend("add", before="count", flags=tuple(
            flag(name, "text", repeat=True, metavar=usage(spec),
                 completes=spec.get("names") or "",
                 help=spec.get("help") or f"an entry of its {spec['key']}")
            for name, spec in entries(rs.library).items()))
    healing = {rs.library.numbers.get(key) for key in ("heal_action", "set_hp_action")}
    checking = {spec[key] for _, spec in rs.library.numbers.get("side_checks") or ()
                for key in ("side", "others")}      # played by their side check alone
    numbers = rule_numbers(rs)
    for name, declared in rs.library.actions:
        if declared is damaging or name in healing or name in checking:
            continue                       # the GM's damage, heal: no verbs of their own
        if declared.at is not None and declared.at.facts:
            continue              # it reads what only its moment tells (the damage taken)
        picked = words_pick.picks(rs, name)        # cast ACTOR spell: an attack's words
        more, dice = words_pick.joined(declared, picked) if picked else ((), {})
        slots = {**_slots(declared), **_slots(replace(declared, slots=tuple(dice.items())))}
        made.declare(declared.action(), **_worded(declared, rs),
                     flags=(*_item_flag(declared), *_flags(declared),
                            *_flags(replace(declared, flags=more, target_flag=None)),
                            *slot_flags(slots, react=declared.answers or declared.asks)),
                     slots=slots, **_help(declared, numbers),
                     **({"pick": words_pick.picker(rs, declared)} if picked else {}))
    if waits(rs):                        # wait 2: the GM lets time pass
        made.command("wait", group="gm", positionals=("text",), words={"text": "MINUTES"},
                     summary="let time pass (2 or 0.5 are minutes, 30s seconds): what "
                             "runs as it passes runs, while the fight lasts",
                     examples=("wait 2", "wait 30s"))(wait)
    install_side_checks(made, rs)          # surprise SIDE (T16)
    odds_of = next((d for _, d in rs.library.actions if d.odds is not None), None)
    if odds_of is not None:
        made.command("odds", group="gm", logged=False, rules=odds_of.help.rules,
                     summary=f"exact chances of {odds_of.what} and its damage, from the "
                             "same steps it plays",
                     examples=tuple(e.replace(odds_of.name, "odds", 1)
                                    for e in odds_of.help.examples[:2]),
                     positionals=_positionals(odds_of),
                     notes=(odds_limits(),),      # what odds weighs exactly, and past it
                     flags=(*_item_flag(odds_of), *_flags(odds_of),
                            *slot_flags({}, react=odds_of.answers or odds_of.asks),
                            *_odds_choice(rs), ODDS_JSON))(
            _odds_handler(odds_of))
    return made


def _odds_choice(rs: Any) -> tuple:
    """`odds --action NAME` when more than one action declares odds (Dungeoneers' power
    strike beside its strike): the first's unless named."""
    names = tuple(name for name, d in rs.library.actions if d.odds is not None)
    if len(names) < 2:
        return ()
    return (flag("action", "text", metavar="|".join(names), choices=names,
                 help=f"the action whose odds these are (default: {names[0]})"),
            *(flag(d.odds.flag, help=f"the odds of {d.what} (--action {name})")
              for name, d in rs.library.actions if d.odds is not None and d.odds.flag))


def _damage(rs: Any) -> dict[str, Any]:
    """The shared damage verb's type (immunity, resistance, vulnerability), --direct and
    the slots of what taking damage brings (engine.moments)."""
    types = tuple(rs.library.numbers.get("damage_types") or ())
    return {"rules": rs.term("damage_rules") or rs.rules,
            "flags": (flag("type", "text", metavar="TYPE", choices=types,
                           help="its damage type: immunity, resistance and vulnerability "
                                "apply"),
                      flag("direct", help="straight off hit points: nothing absorbs it"),
                      *slot_flags(_moment_slots(rs, "damaged"))),
            "slots": _moment_slots(rs, "damaged")}


def _gm_damage(declared: Declared) -> dict[str, Any]:
    """The damage verb as the action `damage_action` names: its flags (the amount is
    the verb's N), rules, summary and examples."""
    return {"flags": (*(f for f in _flags(declared) if f.name != "amount"),
                      *slot_flags(_slots(declared))),     # its dice (a Defense roll)
            **({"slots": _slots(declared)} if declared.slots else {}),
            **{k: v for k, v in _help(declared).items() if k != "aliases"}}


def _moment_slots(rs: Any, *moments: str, repeats: bool = False
                  ) -> dict[str, tuple[bool, str]]:
    """The slots of the actions those moments bring; a turn's slot repeats: one `end`
    may pass several turns, each rolling it (G24: two dying creatures in a row)."""
    return {slot: (repeats or again, MOMENT_FACES.format(roll=_roll(slot), name=name))
            for name, declared in rs.library.actions
            if declared.at is not None and declared.at.moment in moments
            for slot, again in declared.slots}


ACTOR_TEXT = ("actor?", "text")


def _actor_first(ctx: Context) -> Any:
    """`VERB [ACTOR] TEXT` (`prepare freya 'I dodge' --against barry`, as the log writes
    it): a first word that is an actor's id, with words after it, names the actor."""
    words = ctx.parsed.words
    named = len(words) > 1 and str(words[0]).lower() in ctx.state.actors
    return read_request(ctx, ("actor", "text") if named else None)


def _worded(declared: Declared, rs: Any) -> dict[str, Any]:
    """The verb's positionals and how they are read: a word standing for a flag
    (`word:`), an actor named first (`VERB [ACTOR] TEXT`), an item named by a word;
    with `logs_words`, the word logged as a word (`rulesets/data/word_log.py`)."""
    positionals = _positionals(declared)
    made = {"parse": _actor_first if positionals == ACTOR_TEXT else None,
            **_item_word(declared), **worded(declared, positionals)}
    if word_log.declared(rs.library) and declared.word is not None:
        made["logs"] = word_log.logs(declared, word_role(declared))
    return made


def _positionals(declared: Declared) -> tuple[str, ...]:
    """Its words; `actor_named`: the actor is named, not the one up (`wake ACTOR`)."""
    words = _words(declared)
    return tuple("actor" if w == "actor?" else w for w in words) if declared.actor_named \
        else words


def _words(declared: Declared) -> tuple[str, ...]:
    if declared.cost_word:                # act action climb the wall, as the shared act
        return ("actor" if declared.timing == "reaction" else "actor?", "cost", "text")
    if declared.item_word:                # wield dagger: the item named by a word
        return ("actor?", str(declared.item))
    if declared.target_flag:              # prepare I dodge --against barry
        return ("actor?", "text")
    if declared.to_cell:                   # a target too: the cell it is sent to
        return ("actor?", "zone") if declared.target is None else ("actor?", "target", "zone")
    if declared.target is None or declared.target_from is not None:
        return ("actor?",)
    if declared.self_when is not None:    # spellcast alberich mend: its own target
        return ("actor?", "target?")
    return ("actor?", "target") if declared.targets == 1 else ("actor?", "targets")


def _item_word(declared: Declared) -> dict[str, Any]:
    """The usage word of an item named by a word: `wield [ACTOR] WEAPON`."""
    kind = str(declared.item)
    one = kind[:-3] + "y" if kind.endswith("ies") else kind.removesuffix("s")
    return {"words": {kind: one.upper()}} if declared.item_word else {}


def _item_flag(declared: Declared) -> tuple[Any, ...]:
    if declared.item is None or declared.item_word:
        return ()
    kind = declared.item
    return (flag("with", "text", metavar=kind.rstrip("s").upper(), completes=kind,
                 help=f"one of the actor's {kind} (default: its first)"),)


def _flags(declared: Declared) -> tuple[Any, ...]:
    named = (flag(declared.target_flag, "text", metavar="TARGET", completes="actor",
                  help=f"who {declared.what} is against"),) if declared.target_flag else ()
    return named + tuple(flag(f.name, f.kind, help=f.help, metavar=f.metavar or f.name.upper(),
                              choices=f.choices, repeat=f.repeat, completes=f.completes)
                         for f in declared.flags)


def _slots(declared: Declared) -> dict[str, tuple[bool, str]]:
    return {slot: (repeats, FACES.format(roll=_roll(slot),
                                         s="s, one per target" if repeats else ""))
            for slot, repeats in declared.slots}


def rule_numbers(rs: Any) -> dict[str, Any]:
    """The ruleset's numbers as a summary's `{rules.NAME}` reads them."""
    return {f"rules.{k}": v for k, v in dict(rs.library.numbers).items()
            if isinstance(v, (int, str)) and not isinstance(v, bool)}


def _help(declared: Declared, numbers: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Its help: a summary's `{rules.NAME}` reads the ruleset's number (a GM who changes
    a cost reads the changed number in `help`)."""
    from shaper_gm.rulesets.data.summaries import filled
    out: dict[str, Any] = {"summary": filled(declared.help.summary or declared.what,
                                             numbers or {})}
    if declared.help.examples:
        out["examples"] = declared.help.examples
    if declared.help.rules:
        out["rules"] = declared.help.rules
    if declared.help.aliases:
        out["aliases"] = declared.help.aliases
    return out


def _odds_handler(declared: Declared):
    def odds(ctx: Context) -> Outcome:
        from shaper_gm.commands import resolve
        from shaper_gm.commands.oddsjson import odds_outcome
        from shaper_gm.engine.decisions import Decisions, parse_react
        from shaper_gm.engine.declared_odds import declared_odds
        request = read_request(ctx)
        said = parse_react(request.get(REACT) or (), lambda word: resolve.actor(ctx.state, word))
        named = request.get("action") or next(      # odds --FLAG: as --action names it
            (name for name, d in ctx.ruleset.library.actions
             if d.odds is not None and d.odds.flag and request.get(d.odds.flag)), None)
        chosen = declared if named is None else _odds_of(ctx.ruleset, str(named))
        return odds_outcome(declared_odds(chosen, ctx.state, ctx.ruleset, request,
                                          Decisions(declared=said)), request)
    return odds


def _odds_of(rs: Any, name: str) -> Declared:
    """The action `odds --action NAME` names, if it declares odds."""
    from shaper_gm.engine.errors import RuleViolation
    found = dict(rs.library.actions).get(name)
    if found is None or found.odds is None:
        names = ", ".join(n for n, d in rs.library.actions if d.odds is not None)
        raise RuleViolation(f"no odds of {name!r}", f"odds --action takes: {names}")
    return found


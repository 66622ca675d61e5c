"""One plain line per event, for the screen, the recap and anything else that reads.

`describe(event, names)` knows every event type in `shaper_gm.engine.events`; a
ruleset's own events by the lines its screen file declares (`content/ID/screen.yaml`,
plugins.py), read the first time one of them is met. Anything else falls back to the
class name, so a new event never crashes a renderer. `describe_events` reads a command's
events together: an `ActionSpent` is folded into the line of the event it paid for
(``Freya moves B2 → C3 (3 AP)``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import singledispatch

from shaper_gm import words
from shaper_gm.content.schema import ContentError
from shaper_gm.engine import events as ev
from shaper_gm.engine.laying import EncounterNumberChanged, ItemLaid, ItemTaken
from shaper_gm.render.names import Names, as_names
from shaper_gm.render.plugins import declared
from shaper_gm.words import plural


def item(item_id: str) -> str:
    return item_id.replace("-", " ")


def kind(name: str) -> str:
    """A resource or modifier name as the screen writes it: ``Action``, ``AP``, ``TS``."""
    return name.upper() if len(name) <= 2 else name.capitalize()


def cost_text(spent: Iterable[ev.ActionSpent]) -> str:
    """``Action``, ``2 Action``, ``1 AP``, ``Action for a Bonus``: what a run of spends
    paid. An action kind is named bare when spent once; a counted budget (AP, TS) always
    with its number."""
    counts: dict[str, int] = {}
    counted: set[str] = set()
    for s in spent:
        asked = s.cost[0][0] if s.cost else None
        for name, amount in s.paid:
            key = kind(name)
            if _counted(name):
                counted.add(key)
            elif asked and name != asked:
                key += f" for a {kind(asked)}"
            counts[key] = counts.get(key, 0) + amount
    return ", ".join(f"{n} {k}" if n > 1 or k in counted else k for k, n in counts.items())


def _counted(name: str) -> bool:
    """Short resource names are counted budgets (AP, TS); pool kinds are actions."""
    return len(name) <= 2


def line(text: str, details: Iterable[str] = ()) -> str:
    details = [d for d in details if d]
    return f"{text} ({', '.join(details)})" if details else text


def listed(words: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def said(decided: Iterable[str], entered: Iterable[str] = (), then: Iterable[str] = ()) -> str:
    """`` [GM damage bonus +2; totals entered: attack, damage]``: what the GM decided in
    an action (bonuses, totals called out at the table, then anything else), for its one
    line and so the recap; nothing when the GM decided nothing."""
    entered = list(entered)
    parts = [*decided, *([f"totals entered: {', '.join(entered)}"] if entered else []), *then]
    return f" [{'; '.join(parts)}]" if parts else ""


# --- one event ---------------------------------------------------------------------

def event_line(text, details=()) -> Callable[..., str]:
    """An event's one-line text from parsed templates over its fields (templates.py,
    ``cost`` is what paid for it); `details` follow in brackets, those that come out
    empty left out."""
    def describe(event: object, names: Names, cost: str = "") -> str:
        def get(key: str):
            return cost if key == "cost" else getattr(event, key)
        return line(text(get, names), [d(get, names) for d in details])
    return describe


def template(text: str, *details: str) -> Callable[..., str]:
    """`event_line` of templates parsed the first time the line is drawn."""
    parsed: list[Callable[..., str]] = []

    def describe(event: object, names: Names, cost: str = "") -> str:
        if not parsed:
            from shaper_gm.render.templates import parse
            head, *rest = (parse(t) for t in (text, *details))
            parsed.append(event_line(head, rest))
        return parsed[0](event, names, cost)
    return describe


def describe(event: object, names, cost: str = "") -> str:
    """The one-line text of `event`; `cost` (e.g. ``3 AP``) is what paid for it.

    `names` is a `Names`, an id -> name mapping or a lookup function (see `as_names`).
    """
    names = as_names(names)
    try:
        return _describe(event, names, cost)
    except ContentError:                # a screen file with mistakes: one line says so
        raise
    except Exception:                   # a malformed event still gets a line
        return _fallback(event, names, cost)


@singledispatch
def _describe(event: object, n: Names, cost: str) -> str:
    own = declared("lines", type(event))
    return own(event, n, cost) if own is not None else _fallback(event, n, cost)


@_describe.register(ev.Played)
def _(e: ev.Played, n: Names, cost: str) -> str:
    from shaper_gm.render.resolved import recap_line
    return recap_line(e, n, cost)


for _cls, _describer in {
    ev.EncounterCreated: template("New {ruleset} encounter on a {cols}x{rows} battlefield "
                                  "(seed {seed})"),
    ev.ActorRemoved: template("{actor|name} leaves the fight"),
    ev.Placed: template("{actor|name} is placed in {zone}"),
    ev.RoundStarted: template("Round {round} begins"),
    ev.TurnStarted: template("{actor|name}'s turn"),
    ev.NobodyLeft: template("Nobody is left who can act: no turn runs"),
    ev.WentDown: template("{actor|name} is {word}", "{rule}"),
    ev.Revived: template("{actor|name} is back on their feet"),
    ev.RoundEnded: template("Round {round} ends[: {lost|join} left is lost][ ({rule})]"),
    ev.PassStarted: template("Pass {number} of round {round}: the order starts over[ with "
                             "those who have {resource} left][ ({rule})]"),
    ev.HpChanged: template("{actor|name}: HP {before} → {after}[, {why}]"),
    ev.DiceSkipped: template("The dice move on {count|plural die dice}: the next roll is "
                             "fresh (dice position {before} → {after})"),
    ItemTaken: template("{actor|name} picks up {item|item} from {place}"),
    EncounterNumberChanged: template("{label} {before} → {after}[ ({why})]"),
}.items():
    _describe.register(_cls, _describer)
_LAID = "{item|item|capitalize} lands on {place}, by {actor|name}"   # says: its own words
_FIELD_SET = template("{actor|name}: {field} {before|listed} → {after|listed} "
                      "({why|else set by the GM})")
_describe.register(ev.FieldSet, lambda e, n, cost: template(e.said)(e, n, cost) if e.said
                   else _FIELD_SET(e, n, cost))          # a sheet change in its own words
_describe.register(ItemLaid, lambda e, n, cost: template(e.said or _LAID)(e, n, cost))
_HP_CHANGED = _describe.dispatch(ev.HpChanged)


@_describe.register(ev.HpChanged)
def _(e: ev.HpChanged, n: Names, cost: str) -> str:
    """A kept harm tally's words: ``Skeleton takes 4 wounds (0 → 4 of 8, D19)``."""
    if not e.tally:
        return _HP_CHANGED(e, n, cost)
    name, before, after, limit, rule, told = e.tally
    if before == after:
        return line(f"{n(e.actor)}'s {name} stay at {after} of {limit}", [told, rule])
    verb = "takes" if after > before else "heals"
    return line(f"{n(e.actor)} {verb} {plural(abs(after - before), name.removesuffix('s'))}",
                [f"{before} → {after} of {limit}", told, rule])


def _fallback(event: object, n: Names, cost: str) -> str:
    actor = getattr(event, "actor", None)
    who = f"{n(actor)}: " if isinstance(actor, str) else ""
    return line(f"{who}{type(event).__name__}", [cost])


@_describe.register(ev.Notice)
@_describe.register(ev.Told)
def _(e: ev.Notice | ev.Told, n: Names, cost: str) -> str:
    return e.text


@_describe.register(ev.Hidden)
def _(e: ev.Hidden, n: Names, cost: str) -> str:
    return (f"{n(e.actor)} is hidden from the player view" if e.hidden
            else f"{n(e.actor)} is shown on the player view")


@_describe.register(ev.ActorAdded)
def _(e: ev.ActorAdded, n: Names, cost: str) -> str:
    where = f" at {e.zone}" if e.zone else ", not yet placed"
    hp = f", {e.hp} HP" if e.hp is not None else ""
    return f"{e.name} ({e.actor}) joins the {e.side}{where}{hp}"


@_describe.register(ev.OrderSet)
def _(e: ev.OrderSet, n: Names, cost: str) -> str:
    rolled = dict(e.rolls)
    parts = [f"{n(a)} {rolled[a].total}" if a in rolled else n(a) for a in e.order]
    return line("Turn order: " + ", ".join(parts), [e.note])


@_describe.register(ev.TurnEnded)
def _(e: ev.TurnEnded, n: Names, cost: str) -> str:
    titles = e.titles if len(e.titles) == len(e.lapsed) else tuple(kind(k) for k, _ in e.lapsed)
    counts = [(title, count) for title, (_, count) in zip(titles, e.lapsed, strict=True)
              if count]
    lapsed = ", ".join(words.amount(count, title) for title, count in counts)
    rule = f" ({e.rule})" if e.rule else ""
    verb = "lapses" if [count for _, count in counts] == [1] else "lapse"
    return f"{n(e.actor)}'s turn ends" + (f"; unused {lapsed} {verb}{rule}" if lapsed else "")


@_describe.register(ev.CombatEnded)
def _(e: ev.CombatEnded, n: Names, cost: str) -> str:
    if e.winner is None:
        return f"The fight is over in round {e.round}: nobody is left standing"
    standing = f" ({', '.join(n(a) for a in e.standing)} standing)" if e.standing else ""
    return f"The fight is over in round {e.round}: {e.winner} won{standing}"


@_describe.register(ev.CombatResumed)
def _(e: ev.CombatResumed, n: Names, cost: str) -> str:
    sides = " and ".join(e.sides)
    text = f"The fight resumes (round {e.round}): {sides} can act"
    return text + (f"; {n(e.turn)}'s turn goes on" if e.turn else "")


@_describe.register(ev.Passed)
def _(e: ev.Passed, n: Names, cost: str) -> str:
    given = ", ".join(f"gives up {v} {kind(k)}" for k, v in e.given_up) or "nothing left"
    return line(f"{n(e.actor)} passes", [given, e.rule])


UP_NAMED = 12          # names an event line gives of those up together, at most


@_describe.register(ev.UpNext)
def _(e: ev.UpNext, n: Names, cost: str) -> str:
    names = ", ".join(n(a) for a in e.up[:UP_NAMED])
    more = f" and {len(e.up) - UP_NAMED} more" if len(e.up) > UP_NAMED else ""
    return f"Up: {names}{more}" + (f" ({e.why})" if e.why else "")


@_describe.register(ev.Reacted)
def _(e: ev.Reacted, n: Names, cost: str) -> str:
    """``Bo reacts: shouts a warning (1 reaction, 1 → 0 left, R11)``."""
    left = dict(e.left)
    paid = [spent_text(name, amount) for name, amount in e.spent]
    change = [f"{left[name] + amount} → {left[name]} left" for name, amount in e.spent
              if name in left]
    text = f"{n(e.actor)} reacts" + (f": {e.answer}" if e.answer else "")
    return line(text, [f"during {e.during}" if e.during else "", *paid, *change,
                       e.rule, "" if e.spent else cost])


def spent_text(resource: str, amount: int) -> str:
    """``3 AP``, ``1 reaction``, ``2 reactions``: an amount of a resource."""
    if _counted(resource):
        return f"{amount} {kind(resource)}"
    return plural(amount, resource.removesuffix("s"))


@_describe.register(ev.ResourceChanged)
def _(e: ev.ResourceChanged, n: Names, cost: str) -> str:
    if e.said:                 # its own words: "Bo's shield (10 left) lapses ... (R12)"
        return line(e.said.replace("{actor}", n(e.actor)).replace(
            "{amount}", str(e.before - e.after)), [*e.details, e.rule])
    verb = "regains" if e.after > e.before else "loses"
    change = abs(e.after - e.before)
    return line(f"{n(e.actor)} {verb} {words.amount(change, kind(e.resource))}",
                [f"{e.before} → {e.after}", e.rule])


@_describe.register(ev.Moved)
def _(e: ev.Moved, n: Names, cost: str) -> str:
    """``Bo dodges F2 → F3 (1 m, R4)``."""
    return line(f"{n(e.actor)} {e.word} {e.start} → {e.end}", [e.distance, cost, e.rule])


@_describe.register(ev.ActionSpent)
def _(e: ev.ActionSpent, n: Names, cost: str) -> str:
    asked = [k for k, _ in e.cost]
    parts = []
    for name, amount in e.paid:
        if _counted(name):
            parts.append(f"{amount} {kind(name)}")
            continue
        what = f"a {kind(name)} action"
        if asked and name not in asked:
            what += f" for a {kind(asked[0])}"
        parts.append(what)
    return f"{n(e.actor)} spends {', '.join(parts)} ({e.action})"


@_describe.register(ev.EffectAdded)
def _(e: ev.EffectAdded, n: Names, cost: str) -> str:
    effect = e.effect
    text = effect_text(effect) if hasattr(effect, "mods") else str(effect)
    until = getattr(effect, "until", "never")
    return line(f"{n(e.actor)} gains {text}", [until_text(until, n)])


def effect_text(effect) -> str:
    """``Charm (attack +1, damage +1)``; an amount that is used up reads ``absorb 2``."""
    parts = [f"{k} {v}" if k == "absorb" else f"{k} {v:+d}" for k, v in effect.mods if v]
    return f"{effect.name} ({', '.join(parts)})" if parts else effect.name


def until_text(until: str, n: Names) -> str:
    """``until the start of Josh's turn``, ``until used up``: an effect's end (S26)."""
    moment, _, arg = until.partition(":")
    if moment in ("start", "end") and arg:
        return f"until the {moment} of {n(arg)}'s turn"
    if moment == "round" and arg:
        return f"until the end of round {arg}"
    if moment == "used_up":
        return "until used up"
    return "" if moment == "never" else f"until {until}"


@_describe.register(ev.EffectEnded)
def _(e: ev.EffectEnded, n: Names, cost: str) -> str:
    if e.why == "used up":
        return f"{n(e.actor)}'s {e.name} is used up"
    return line(f"{n(e.actor)}'s {e.name} ends", [e.why])


@_describe.register(ev.DiceRolled)
def _(e: ev.DiceRolled, n: Names, cost: str) -> str:
    roll = e.roll
    text = roll.breakdown() if hasattr(roll, "breakdown") else str(roll)
    return f"{e.label}: {text}"


@_describe.register(ev.Said)
def _(e: ev.Said, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)}: {e.text}", [cost or kind(e.kind)])


# --- a command's events together ------------------------------------------------------


def fold_costs(events: Iterable[object]) -> list[tuple[object, str]]:
    """Pair each event with the cost text of the spends that paid for it.

    A spend is folded into the first later event of the same actor that it pays for;
    a spend nothing claims keeps its own line (with an empty cost).
    """
    events = list(events)
    claimed: dict[int, list[ev.ActionSpent]] = {}
    taken: set[int] = set()
    for j, event in enumerate(events):
        pays = getattr(event, "pays_for", None)
        actor = getattr(event, "actor", None)
        if pays is None:
            continue
        wanted = pays()
        for i in range(j):
            spent = events[i]
            if (i in taken or not isinstance(spent, ev.ActionSpent) or spent.actor != actor
                    or spent.action not in wanted):
                continue
            claimed.setdefault(j, []).append(spent)
            taken.add(i)
            if not getattr(event, "takes_all", False):
                break
    return [(event, cost_text(claimed.get(j, ())))
            for j, event in enumerate(events) if j not in taken]


def describe_events(events: Iterable[object], names) -> list[str]:
    """One line per event, spends folded into what they paid for."""
    names = as_names(names)
    return [describe(event, names, cost) for event, cost in fold_costs(events)]


# Refills and regains as a turn starts or ends: the table sees them, a one-line outcome
# skips them.
_NOT_OUTCOMES = (ev.ResourceChanged,)


def outcome_line(events: Iterable[object], names) -> str:
    """What a command did, in one line for `log`: ``hit; 8 damage, ..., HP 20 → 12;
    Reaver is Down (S8)``. A resolved action drops the who-does-what its command line
    already says (the text before its first ': '); a turn's end drops what lapsed."""
    names = as_names(names)
    parts = []
    for event, cost in fold_costs(events):
        if isinstance(event, _NOT_OUTCOMES):
            continue
        if isinstance(event, ev.TurnEnded):
            parts.append(f"{names(event.actor)}'s turn ends")
            continue
        text = describe(event, names, cost)
        if isinstance(event, ev.Resolved):
            head, sep, tail = text.partition(": ")
            if sep and tail and head.startswith(names(event.actor)):
                text = tail
        parts.append(text)
    return "; ".join(parts)

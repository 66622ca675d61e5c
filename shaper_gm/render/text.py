"""One plain line per event, for the screen, the recap and anything else that reads.

`describe(event, names)` knows every event type in `shaper_gm.encounter.events` and
falls back to the class name for anything else, so a new event never crashes a
renderer. `describe_events` reads a command's events together: an `ActionSpent` is
folded into the line of the event it paid for, e.g. ``Monica moves C5 → D3 (Medium,
2 Major)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import singledispatch

from shaper_gm.encounter import events as ev


@dataclass(frozen=True)
class Names:
    """How text refers to actors (their names) and to distances (the ruleset's bands)."""

    names: Mapping[str, str] = field(default_factory=dict)
    band: Callable[[int], str] | None = None
    lookup: Callable[[str], str] | None = None

    def __call__(self, actor_id: str | None) -> str:
        if actor_id is None:
            return "?"
        if self.lookup is not None:
            return self.lookup(actor_id)
        return self.names.get(actor_id, actor_id)

    @classmethod
    def of(cls, state=None, *, known: Mapping[str, str] | None = None,
           band: Callable[[int], str] | None = None) -> Names:
        """Names from `known` (e.g. actors since removed), then the state's actors."""
        names = dict(known or {})
        if state is not None:
            names.update({a.id: a.name for a in state.actors.values()})
        return cls(names, band)


def as_names(names: Names | Mapping[str, str] | Callable[[str], str] | None) -> Names:
    """Accept a `Names`, a plain id -> name mapping or a lookup function."""
    if isinstance(names, Names):
        return names
    if names is None:
        return Names()
    if isinstance(names, Mapping):
        return Names(dict(names))
    return Names(lookup=names)


def item(item_id: str) -> str:
    return item_id.replace("-", " ")


def kind(name: str) -> str:
    return "SP" if name == "sp" else name.capitalize()


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def cost_text(spent: Iterable[ev.ActionSpent]) -> str:
    """``Major``, ``2 Major``, ``1 SP``, ``Major for a Minor``: what a run of spends paid."""
    counts: dict[str, int] = {}
    for s in spent:
        if s.sp:
            key = "SP"
            counts[key] = counts.get(key, 0) + s.sp
            continue
        key = kind(s.paid_with)
        if s.paid_with != s.kind:
            key += f" for a {kind(s.kind)}"
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{n} {k}" if n > 1 or k == "SP" else k for k, n in counts.items())


def line(text: str, details: Iterable[str] = ()) -> str:
    details = [d for d in details if d]
    return f"{text} ({', '.join(details)})" if details else text


# --- one event ---------------------------------------------------------------------

def describe(event: object, names, cost: str = "") -> str:
    """The one-line text of `event`; `cost` (e.g. ``2 Major``) is what paid for it.

    `names` is a `Names`, an id -> name mapping or a lookup function (see `as_names`).
    """
    names = as_names(names)
    try:
        return _describe(event, names, cost)
    except Exception:                   # a malformed event still gets a line
        return _fallback(event, names, cost)


@singledispatch
def _describe(event: object, n: Names, cost: str) -> str:
    return _fallback(event, n, cost)


def _fallback(event: object, n: Names, cost: str) -> str:
    actor = getattr(event, "actor", None)
    who = f"{n(actor)}: " if isinstance(actor, str) else ""
    return line(f"{who}{type(event).__name__}", [cost])


@_describe.register
def _(e: ev.EncounterCreated, n: Names, cost: str) -> str:
    return f"New {e.ruleset} encounter on a {e.cols}x{e.rows} battlefield (seed {e.seed})"


@_describe.register
def _(e: ev.ActorAdded, n: Names, cost: str) -> str:
    where = f" at {e.zone}" if e.zone else ", not yet placed"
    return f"{e.name} ({e.actor}) joins the {e.side}{where}, {e.hp} HP"


@_describe.register
def _(e: ev.ActorRemoved, n: Names, cost: str) -> str:
    return f"{n(e.actor)} leaves the fight"


@_describe.register
def _(e: ev.Placed, n: Names, cost: str) -> str:
    return f"{n(e.actor)} is placed in {e.zone}"


@_describe.register
def _(e: ev.OrderSet, n: Names, cost: str) -> str:
    rolled = dict(e.rolls)
    parts = [f"{n(a)} {rolled[a].total}" if a in rolled else n(a) for a in e.order]
    return line("Turn order: " + ", ".join(parts), [e.note])


@_describe.register
def _(e: ev.RoundStarted, n: Names, cost: str) -> str:
    return f"Round {e.round} begins"


@_describe.register
def _(e: ev.TurnStarted, n: Names, cost: str) -> str:
    return f"{n(e.actor)}'s turn"


@_describe.register
def _(e: ev.TurnEnded, n: Names, cost: str) -> str:
    lapsed = ", ".join(f"{count} {kind(k)}" for k, count in e.lapsed if count)
    return f"{n(e.actor)}'s turn ends" + (f"; unused {lapsed} lapse (S18)" if lapsed else "")


@_describe.register
def _(e: ev.SpRegained, n: Names, cost: str) -> str:
    return f"{n(e.actor)} regains {e.after - e.before} SP ({e.before} → {e.after}, S22)"


@_describe.register
def _(e: ev.ActionSpent, n: Names, cost: str) -> str:
    if e.sp:
        return f"{n(e.actor)} spends {e.sp} SP ({e.action})"
    what = f"a {kind(e.paid_with)} action"
    if e.paid_with != e.kind:
        what += f" for a {kind(e.kind)}"
    return f"{n(e.actor)} spends {what} ({e.action})"


@_describe.register
def _(e: ev.EffectAdded, n: Names, cost: str) -> str:
    effect = e.effect
    text = effect.describe() if hasattr(effect, "describe") else str(effect)
    until = getattr(effect, "until", "never")
    return line(f"{n(e.actor)} gains {text}", [until_text(until, n)])


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


@_describe.register
def _(e: ev.EffectEnded, n: Names, cost: str) -> str:
    if e.why == "used up":
        return f"{n(e.actor)}'s {e.name} is used up"
    return line(f"{n(e.actor)}'s {e.name} ends", [e.why])


@_describe.register
def _(e: ev.Moved, n: Names, cost: str) -> str:
    band = n.band(e.distance) if n.band else plural(e.distance, "step")
    return line(f"{n(e.actor)} moves {e.start} → {e.end}", [band, cost])


@_describe.register
def _(e: ev.Engaged, n: Names, cost: str) -> str:
    others = [n(a) for a in e.group if a not in (e.actor, e.target)]
    text = f"{n(e.actor)} engages {n(e.target)}"
    if others:
        text += f", joining {', '.join(others)}"
    return line(text, [cost])


@_describe.register
def _(e: ev.Disengaged, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)} leaves the engagement", [e.why, cost])


_ITEM_VERBS = {"drew": "draws", "sheathed": "sheathes", "reloaded": "reloads",
               "raised": "raises", "dropped": "drops"}


@_describe.register
def _(e: ev.ItemChanged, n: Names, cost: str) -> str:
    verb = _ITEM_VERBS.get(e.verb, e.verb)
    return line(f"{n(e.actor)} {verb} the {item(e.item)}", [cost])


@_describe.register
def _(e: ev.SkillUsed, n: Names, cost: str) -> str:
    skill = item(e.skill).title()
    on = f" on {n(e.target)}" if e.target and e.target != e.actor else ""
    return line(f"{n(e.actor)} uses {skill}{on}", [e.note, cost])


@_describe.register
def _(e: ev.AttackResolved, n: Names, cost: str) -> str:
    return attack_summary(e, n, cost)


@_describe.register
def _(e: ev.DamageTaken, n: Names, cost: str) -> str:
    r = e.result
    return f"{n(e.actor)} takes {r.damage} damage: {damage_text(r)}"


@_describe.register
def _(e: ev.HpChanged, n: Names, cost: str) -> str:
    return f"{n(e.actor)}: HP {e.before} → {e.after}" + (f", {e.why}" if e.why else "")


@_describe.register
def _(e: ev.WentDown, n: Names, cost: str) -> str:
    return f"{n(e.actor)} is Down (S8)"


@_describe.register
def _(e: ev.Revived, n: Names, cost: str) -> str:
    return f"{n(e.actor)} is back on their feet"


@_describe.register
def _(e: ev.Summoned, n: Names, cost: str) -> str:
    return f"{n(e.summoner)} summons {n(e.actor)} in {e.zone} (S21)"


@_describe.register
def _(e: ev.FieldSet, n: Names, cost: str) -> str:
    return f"{n(e.actor)}: {e.field} {e.before} → {e.after} (set by the GM)"


@_describe.register
def _(e: ev.DiceRolled, n: Names, cost: str) -> str:
    roll = e.roll
    text = roll.breakdown() if hasattr(roll, "breakdown") else str(roll)
    return f"{e.label}: {text}"


@_describe.register
def _(e: ev.Said, n: Names, cost: str) -> str:
    return line(f"{n(e.actor)}: {e.text}", [cost or kind(e.kind)])


# --- attacks and damage in one line --------------------------------------------------

def damage_text(r) -> str:
    """``Defense 9 - Pierce 2 = 7, no damage`` / ``Defense 1, 13 taken, HP 20 → 7``."""
    if r.defense == 0 and r.effective_defense == 0 and not r.pierce:
        defense = "no Defense"
    else:
        defense = f"Defense {r.defense}"
        if r.magic:
            defense += f" halved {r.defense_after_magic}"
        if r.pierce:
            defense += f" - Pierce {r.pierce} = {r.effective_defense}"
        elif r.magic:
            defense += f" = {r.effective_defense}"
    if r.taken == 0:
        return f"{defense}, no damage"
    parts = [defense, f"{r.taken} taken"]
    if r.absorbed:
        parts.append(f"{r.absorbed} absorbed")
    parts.append(f"HP {r.hp_before} → {r.hp_after}" + (", Down" if r.down else ""))
    return ", ".join(parts)


def target_text(t, attack_total: int) -> str:
    auto = f" ({t.hit_reason.split(' (')[0]})" if "automatic" in t.hit_reason else ""
    text = f"{attack_total} vs {t.evasion.total}{auto}, "
    if not t.hit:
        return text + "miss"
    text += "critical hit" if t.critical else "hit"
    if t.result is None:
        return text
    return f"{text}; {t.damage} damage, {damage_text(t.result)}"


def attack_summary(e: ev.AttackResolved, n: Names, cost: str = "") -> str:
    """``Josh attacks Raider with the longbow: 15 vs 8, hit; 6 damage, Defense 9 - ...``."""
    o = e.outcome
    targets = [t.id for t in o.targets]
    skills = ", ".join(item(s).title() for s in o.skills)
    head = line(f"{n(e.attacker)} attacks {_and(n(t) for t in targets)} with the "
                f"{item(o.weapon)}", [skills, cost])
    if len(o.targets) == 1:
        return f"{head}: {target_text(o.targets[0], o.attack.total)}"
    return f"{head}: " + "; ".join(f"{n(t.id)} {target_text(t, o.attack.total)}"
                                   for t in o.targets)


def _and(words: Iterable[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# --- a command's events together ------------------------------------------------------

# Which spends each kind of event pays for: ActionSpent.action values.
_PAYS_FOR: dict[type, Callable[[object], set[str]]] = {
    ev.Moved: lambda e: {"move"},
    ev.Engaged: lambda e: {"engage"},
    ev.Disengaged: lambda e: {"disengage"},
    ev.ItemChanged: lambda e: {{"drew": "draw", "sheathed": "sheathe", "reloaded": "reload",
                                "raised": "raise_shield", "dropped": "drop"}.get(e.verb, e.verb)},
    ev.SkillUsed: lambda e: {"skill", "cast"},
    ev.AttackResolved: lambda e: {"attack", "cast"},
    ev.Said: lambda e: {e.text, e.kind},
}
# Events that take every matching spend before them (a move of 2 steps pays 2 Majors).
_TAKES_ALL = (ev.Moved,)


def fold_costs(events: Iterable[object]) -> list[tuple[object, str]]:
    """Pair each event with the cost text of the spends that paid for it.

    A spend is folded into the first later event of the same actor that it pays for;
    a spend nothing claims keeps its own line (with an empty cost).
    """
    events = list(events)
    claimed: dict[int, list[ev.ActionSpent]] = {}
    taken: set[int] = set()
    for j, event in enumerate(events):
        pays = _PAYS_FOR.get(type(event))
        actor = getattr(event, "actor", getattr(event, "attacker", None))
        if pays is None:
            continue
        wanted = pays(event)
        for i in range(j):
            spent = events[i]
            if (i in taken or not isinstance(spent, ev.ActionSpent) or spent.actor != actor
                    or spent.action not in wanted):
                continue
            claimed.setdefault(j, []).append(spent)
            taken.add(i)
            if not isinstance(event, _TAKES_ALL):
                break
    return [(event, cost_text(claimed.get(j, ())))
            for j, event in enumerate(events) if j not in taken]


def describe_events(events: Iterable[object], names) -> list[str]:
    """One line per event, spends folded into what they paid for."""
    names = as_names(names)
    return [describe(event, names, cost) for event, cost in fold_costs(events)]

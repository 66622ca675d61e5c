"""Per-actor resources as data: what an actor may spend, when it comes back, when it lapses.

Every ruleset describes its budgets as a table of `ResourceSpec`s (a turn's pool of
action kinds, skill points, Dungeoneers' AP, time-slice TS, a dice pool, reactions,
...). One mechanism reads the table: `refill` and `lapse` at the moments the turn flow
names, and `pay` for an action's cost, with substitution ("a lesser action may be paid
with a greater one") and the off-turn rule. A resource's maximum, starting value and
refill amount are a number or the name of a sheet number, which the ruleset's `stat`
reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from shaper_gm import words
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record

# The moments the turn flow announces; a resource refills or lapses at one of them.
MOMENTS = ("combat_start", "round_start", "turn_start", "turn_end", "round_end", "never")

Amount = int | str | None          # a number, a sheet number's name, or None
StatReader = Callable[[object, str], int]


@record
class ResourceSpec:
    name: str                       # "ap", "ts", "pool", "reactions", ...
    label: str = ""                 # how the screen names it ("AP", "TS", "Reactions")
    max: Amount = None              # None: no maximum
    start: Amount = None            # value when the actor joins (None: its maximum, or 0)
    refill: str = "never"           # the moment it comes back
    refill_by: Amount = None        # None: back to its maximum; else this much is added
    lapse: str = "never"            # the moment what is left is lost (set to 0)
    paid_by: tuple[str, ...] = ()   # resources that may pay for it once it runs out
    off_turn: bool = False          # may be spent outside the actor's own turn
    kept_on_pass: bool = False      # a budget `pass` does not give up (R11's reactions)
    while_down: bool = False        # comes back even while its actor is down
    rule: str = ""                  # the ruling that defines it, for messages
    # how the screen says it lapsed, `{actor}` and `{amount}` (what was lost) filled in;
    # else "Bo loses 10 Shield"
    lapsed: str = ""
    shown: bool = True              # shown in the order table and the toolbar
    # Never above its maximum (a turn's budget): a save holding more is refused. Else
    # only engine.limits.MAX_NUMBER bounds it (wounds may pass their limit).
    hard_max: bool = False
    # Added after saves were written: an actor saved without it gets its starting value
    # when the save is read, so older saves open and replay to the state their logs reach.
    backfill: bool = False
    # Worked out again from its `start` as the fight starts, these words saying so ("pool
    # built (P2)"): the sheet may have changed since the actor joined. "": never.
    rebuilt: str = ""
    # The verbs a change of it is told with, rising and falling, its label the amount's
    # word and the change's reason shown (`Freya gains 1 stress (0 → 1, sprint, D26)`);
    # (): `Freya regains 1 Stress (0 → 1, D26)`.
    told: tuple[str, ...] = ()
    # Its own words for a cost it cannot pay: (message, hint, off-turn hint) templates,
    # `{who}`, `{action}`, `{need}`, `{have}`, `{max}` and `{spent}` (a number `max` only)
    # filled in; (): "strike needs 2 AP; Bo has 1 left (D2)".
    short: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for moment in (self.refill, self.lapse):
            if moment not in MOMENTS:
                raise ValueError(f"resource {self.name}: unknown moment {moment!r}; "
                                 f"expected one of {', '.join(MOMENTS)}")

    @property
    def title(self) -> str:
        return self.label or self.name


def amount(value: Amount, sheet: object, stat: StatReader) -> int | None:
    if value is None or isinstance(value, int):
        return value
    return stat(sheet, value)


def maximum(spec: ResourceSpec, sheet: object, stat: StatReader) -> int | None:
    return amount(spec.max, sheet, stat)


def starting(specs: Sequence[ResourceSpec], sheet: object,
             stat: StatReader) -> tuple[tuple[str, int], ...]:
    """Every resource's value for an actor that has just joined the fight."""
    out = []
    for spec in specs:
        value = amount(spec.start, sheet, stat)
        top = maximum(spec, sheet, stat)
        if value is None:
            value = top or 0
        elif top is not None:               # a start past the maximum is capped (P4)
            value = min(value, top)
        out.append((spec.name, value))
    return tuple(out)


def at_moment(specs: Sequence[ResourceSpec], values: Mapping[str, int], moment: str,
              sheet: object, stat: StatReader) -> dict[str, int]:
    """Values after `moment`: what lapses then is lost, then what refills then comes back.
    Only resources the actor has are touched (a summon may lack a kind)."""
    out = dict(values)
    for spec in specs:
        if spec.lapse == moment and spec.name in out:
            out[spec.name] = 0
    for spec in specs:
        if spec.refill != moment or spec.name not in out:
            continue
        top = maximum(spec, sheet, stat)
        by = amount(spec.refill_by, sheet, stat)
        current = out.get(spec.name, 0)
        if by is None:
            new = top if top is not None else current
        else:
            new = current + by
            if top is not None:
                new = min(new, max(top, current))
        out[spec.name] = new
    return out


@record
class Payment:
    """What one cost took: `paid` is {resource: amount} actually spent."""

    action: str
    cost: tuple[tuple[str, int], ...]
    paid: tuple[tuple[str, int], ...]


# words a ruleset's own refusal of a resource run short (None: the shared wording)
Refusal = Callable[[ResourceSpec, Mapping[str, int], Mapping[str, int]], RuleViolation | None]


def pay(specs: Sequence[ResourceSpec], values: Mapping[str, int], cost: Mapping[str, int], *,
        action: str, who: str, on_turn: bool,
        refuse: Refusal | None = None) -> tuple[dict[str, int], Payment]:
    """Spend `cost` (all or nothing). A resource that runs short is paid, unit by unit,
    from its `paid_by` resources in order. Off the actor's turn only `off_turn`
    resources may be spent. `refuse(spec, values, cost)` words a ruleset's own refusal
    when `spec` cannot be paid on the actor's turn, from what was left at that point
    (None: the shared wording)."""
    by_name = {spec.name: spec for spec in specs}
    for name in cost:
        if name not in by_name:
            raise RuleViolation(f"{action} costs {name!r}, which this ruleset does not track",
                                f"its resources: {', '.join(by_name)}")
    out, paid, short = _paying(by_name, values, cost, on_turn)
    if short is not None:
        own = refuse(short, out, cost) if refuse is not None and (
            on_turn or short.off_turn) else None
        raise own or _short(by_name, values, short, cost, action=action, who=who,
                            on_turn=on_turn)
    return out, Payment(action, tuple(cost.items()), tuple(paid.items()))


def payable(specs: Sequence[ResourceSpec], values: Mapping[str, int],
            cost: Mapping[str, int], *, on_turn: bool) -> dict[str, int] | None:
    """What `pay` would leave of `values` after `cost` (the same payers, in the same
    order), or None where it would refuse: asked before trying a line, no words made."""
    by_name = {spec.name: spec for spec in specs}
    if any(name not in by_name for name in cost):
        return None
    out, _, short = _paying(by_name, values, cost, on_turn)
    return out if short is None else None


def _paying(by_name: Mapping[str, ResourceSpec], values: Mapping[str, int],
            cost: Mapping[str, int], on_turn: bool
            ) -> tuple[dict[str, int], dict[str, int], ResourceSpec | None]:
    """What is left and what paid, unit by unit; the spec that ran short (None: paid)."""
    out = dict(values)
    paid: dict[str, int] = {}
    for name, need in cost.items():
        spec = by_name[name]
        for _ in range(need):
            payer = _payer(by_name, out, spec, on_turn)
            if payer is None:
                return out, paid, spec
            out[payer] -= 1
            paid[payer] = paid.get(payer, 0) + 1
    return out, paid, None


def _payer(by_name: Mapping[str, ResourceSpec], values: Mapping[str, int],
           spec: ResourceSpec, on_turn: bool) -> str | None:
    for name in (spec.name, *spec.paid_by):
        candidate = by_name[name]
        if not on_turn and not candidate.off_turn:
            continue
        if values.get(name, 0) > 0:
            return name
    return None


def _short(by_name: Mapping[str, ResourceSpec], values: Mapping[str, int], spec: ResourceSpec,
           cost: Mapping[str, int], *, action: str, who: str,
           on_turn: bool) -> RuleViolation:
    rule = f" ({spec.rule})" if spec.rule else ""
    if not on_turn and not spec.off_turn:
        return RuleViolation(f"{who} cannot spend {spec.title} outside its own turn{rule}",
                             "wait for its turn, or pay with what may be spent off-turn")
    need = dict(cost)[spec.name]
    have = values.get(spec.name, 0)
    if spec.short:
        return _own_words(spec, on_turn, who=who, action=action, need=need, have=have,
                          spent_all=_spent_all(by_name, values, spec))
    extra = [by_name[n].title for n in spec.paid_by]
    also = f" (nor {' or '.join(extra)} to pay for it)" if extra else ""
    if on_turn:
        hint = "choose something cheaper, or give up the rest (end or pass)"
    else:
        hint = f"{who} gets its {spec.title} back {BACK_AT.get(spec.refill, 'when the GM sets it')}"
    return RuleViolation(f"{action} needs {words.amount(need, spec.title)}; {who} has {have} "
                         f"left{also}{rule}", hint)


def _own_words(spec: ResourceSpec, on_turn: bool, **fields: object) -> RuleViolation:
    """A cost refused in the resource's own words (`short`)."""
    if isinstance(spec.max, int):
        fields.update(max=spec.max, spent=max(0, spec.max - int(str(fields["have"]))))
    message, hint, off_turn_hint = (*spec.short, "", "")[:3]
    text = off_turn_hint if off_turn_hint and not on_turn else hint
    return RuleViolation(message.format(**fields), text.format(**fields))


def _spent_all(by_name: Mapping[str, ResourceSpec], values: Mapping[str, int],
               spec: ResourceSpec) -> str:
    """`{spent_all}`: what was spent of it and of each that may pay for it, of those
    with a number for their maximum (`1 of 1 Move and 3 of 3 Action`)."""
    payers = (spec, *(by_name[n] for n in spec.paid_by))
    return " and ".join(f"{max(0, p.max - values.get(p.name, 0))} of {p.max} {p.title}"
                        for p in payers if isinstance(p.max, int))


# When a resource spent off-turn comes back, for the refusal's hint.
BACK_AT = {"turn_start": "when its turn starts", "turn_end": "when its turn ends",
           "round_start": "when the next round starts", "round_end": "when this round ends",
           "combat_start": "in its next fight"}


def rebuilt_at_start(specs: Sequence[ResourceSpec], values: Mapping[str, int], sheet: object,
                     stat: StatReader) -> dict[str, int]:
    """The values of the resources `rebuilt` names, worked out again from their start as
    the fight starts (capped by their maximum, as `starting` caps them)."""
    again = [spec for spec in specs if spec.rebuilt and spec.name in values]
    return dict(starting(again, sheet, stat))

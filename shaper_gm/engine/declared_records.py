"""The records a declared action is made of and finds (`engine.declared`): its
requirements, spare rule, flags, odds and help as checked, and each target's result and
the outcome played; `run_checked` runs one of its expressions, a miss its refusal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.stepkit import FIELD, Facts, fill
from shaper_gm.engine.steps import Note
from shaper_gm.records import record


@record
class Result:
    """What the action found for one target (or for itself, with none); its facts read
    as attributes too (`result.hit`)."""

    target: str | None
    facts: Facts
    line: str = ""
    heading: str = ""         # after the target's name ("with the Duelling sword")
    aside: str = ""           # in the brackets, before the cost ("1 m")
    rule: str = ""            # in the brackets, after the cost ("R12")
    recap_aside: str = ""     # the recap's, before the cost ("physical 24")
    paid: str = ""            # what it cost in its own words ("1 action"), for the cost's
    paid_last: bool = False   # with a heading: the brackets at the line's end (paid_last)

    def __getattr__(self, name: str) -> Any:
        facts = self.__dict__.get("facts")
        if facts is not None and name in facts:
            return facts[name]
        raise AttributeError(name)


@record
class Outcome:
    """A declared action played: each target's result, and the breakdown's notes."""

    action: str
    actor: str
    results: tuple[Result, ...]
    notes: tuple[Note, ...] = ()
    recap: tuple[tuple[str, str], ...] = ()     # (join, words): the recap's one line

    def target(self, actor_id: str) -> Result | None:
        return next((r for r in self.results if r.target == actor_id), None)

    def __getattr__(self, name: str) -> Any:
        """One result's facts read as the outcome's own (`outcome.damage`)."""
        results: tuple[Result, ...] = self.__dict__.get("results") or ()
        only = results[0] if len(results) == 1 else None
        if only is not None and name in only.facts:
            return only.facts[name]
        raise AttributeError(name)


@record
class Requirement:
    test: Compiled
    refuse: str
    hint: str = ""
    fields: tuple[tuple[str, Compiled], ...] = ()   # worked out for its words alone

    def refused(self, env: Mapping[str, Any], verb: str) -> RuleViolation:
        """Its refusal, `{NAME}` filled from `env` and from `fields` worked out over it
        (Dungeoneers' `move at Ground (1) covers 1`, a speed read for the words)."""
        from collections import ChainMap
        said = ChainMap({name: expr.run(env) for name, expr in self.fields},
                        env) if self.fields else env  # type: ignore[arg-type]
        return RuleViolation(fill(self.refuse, said), fill(self.hint, said) or f"see help {verb}")


@record
class Spare:
    """When the steps end with `test` holding, answers declared and dice given for what
    they never reached are left out of the log with a note, not refused (R2: a defender
    stops trying once a try succeeds)."""

    test: Compiled
    rule: str = ""
    note: str = ""            # the note for the answers left out, else one per answer
    unused: tuple[tuple[str, str], ...] = ()    # a slot's own note for faces left out


@record
class Flag:
    """A flag the action's expressions read as ``flag.NAME``."""

    name: str
    kind: str = "bool"
    choices: tuple[str, ...] = ()
    help: str = ""
    metavar: str = ""
    repeat: bool = False          # a text flag given again and again: a list, in order
    completes: str = ""           # a kind of item: completion offers the actor's own
    marks: tuple[str, ...] = ()   # NAME:MARK words: flag.NAME_MARK (engine.flag_marks)


@record
class OddsSpec:
    """What `odds` shows of the action: chances and distributions over its final facts,
    which distribution is the target's loss, off which resource, from how much."""

    words: str
    chances: tuple[tuple[str, Compiled], ...]
    spreads: tuple[tuple[str, Compiled], ...]
    harm: str
    resource: str = "hp"
    start: Compiled | None = None
    assumes: tuple[str, ...] = ()         # what the odds read, {NAME} from the facts
    answers: tuple[str, str] | None = None    # (key, note): the answers declared
    facts: tuple[tuple[str, Compiled], ...] = ()  # what it rolls with: the kind of defense
    # (key, value, text, note): numbers of the action itself (`roll  3 of 5 dice`)
    given: tuple[tuple[str, Compiled | None, str, str], ...] = ()
    labels: tuple[tuple[str, ...], ...] = ()   # (spread, its title, its note)
    limits: tuple[Any, ...] = ()   # refused before any work past these (engine.odds_limits)
    limit: Compiled | None = None  # a count that goes up (wounds): the most it takes
    flag: str = ""                 # `odds --FLAG` names these odds, as --action does
    requires: tuple[Requirement, ...] = ()   # what the odds alone need of the facts


@record
class Help:
    """How help shows the action's verb."""

    summary: str = ""
    examples: tuple[str, ...] = ()
    rules: str = ""
    aliases: tuple[str, ...] = ()
    words: str = ""               # how its outcome says it: "attacks", "dashes"


def run_checked(expr: Compiled, env: Mapping[str, Any], where: str) -> Any:
    try:
        return expr.run(env)
    except ExprError as exc:
        raise fault(where, exc) from None


def fault(where: str, exc: ExprError) -> RuleViolation:
    return RuleViolation(f"{where}: {exc}", "the ruleset's declaration needs a fix")


def step_fault(action: str, exc: ExprError) -> RuleViolation:
    """A step that cannot work its numbers out (one past the largest, say): refused
    in one line, nothing changed; sheets set past what the rules expect are the usual
    cause, a declaration's mistake the other."""
    return RuleViolation(f"{action}: {exc}", "check the numbers on the sheets it reads "
                                             "(set or add --stat), or the ruleset's steps")


@record
class Said:
    """One target's outcome in words: after the target's name (`heading`), inside the
    brackets before and after the cost (`aside`, `rule`), and after the colon (`line`)."""

    line: str = ""
    heading: str = ""
    aside: str = ""
    rule: str = ""
    recap_aside: str = ""
    paid: str = ""
    paid_last: bool = False       # the brackets after the outcome, not after the heading


@record
class Wording:
    """How an action's outcome reads (`line`, `heading`): the first alternative whose
    `when` holds over the final facts (none: always), each text's `{NAME}` filled in."""

    alternatives: tuple[tuple[Compiled | None, str, str, str], ...] = ()  # when, text,
    heading: str = ""                                                     # aside, rule
    recap_aside: str = ""
    paid: str = ""                # the brackets' words for what it cost, for the cost's
    paid_last: bool = False       # with a heading: the brackets at the line's end

    def __bool__(self) -> bool:
        return bool(self.alternatives or self.heading)

    def fields(self) -> list[str]:
        """Every fact its texts and tests read."""
        out = FIELD.findall(self.heading + " " + self.recap_aside + " " + self.paid)
        for when, *texts in self.alternatives:
            out += [*(when.names if when is not None else ()), *FIELD.findall(" ".join(texts))]
        return out

    def said(self, facts: Mapping[str, Any], where: str) -> Said:
        heading = fill(self.heading, facts) if self.heading else ""
        recap_aside = fill(self.recap_aside, facts) if self.recap_aside else ""
        paid = fill(self.paid, facts) if self.paid else ""
        for when, text, aside, rule in self.alternatives:
            if when is None or run_checked(when, facts, f"{where}: line"):
                return Said(fill(text, facts), heading, fill(aside, facts) if aside else "",
                            rule, recap_aside, paid, self.paid_last)
        return Said(heading=heading, recap_aside=recap_aside, paid=paid,
                    paid_last=self.paid_last)

"""Asking the table for dice (S4): the question, and checking the answer.

`make_asker(ask, names)` builds the `session.asker` the dice box calls for actors whose
dice are entered by hand. `ask(question) -> str` is whatever reads a line (the shell's
prompt, or a list of answers in a test); a bad answer is asked again with the reason.
"""

from __future__ import annotations

from collections.abc import Callable

from shaper_gm.dice.errors import DiceInputError
from shaper_gm.dice.sources import read_roll
from shaper_gm.dice.totals import EnteredTotal, is_total
from shaper_gm.words import plural

# (actor, what, count, sides[, low]) -> faces, a total, or None to roll
Asker = Callable[..., "tuple[int, ...] | EnteredTotal | None"]


class BadFaces(ValueError):
    """An answer that is neither `count` faces of 1..sides nor a total; str() says why."""


def read_faces(text: str, count: int, sides: int,
               low: int = 1) -> tuple[int, ...] | EnteredTotal | None:
    """Faces typed at the table (`5,5,3` or `5 5 3`), or the total called out (`=14`),
    read as a `--SLOT` flag reads them (`dice.sources.read_roll`); an empty answer means
    roll them. `low` is the die's lowest face (0 for a d10 read 0-9). Whether the roll
    can come to a total is the roll's to say."""
    text = text.strip()
    if not text:
        return None
    try:
        given = read_roll(text)
    except DiceInputError as exc:
        how = "type numbers like 5,5,3" if not is_total(text) else exc.hint
        raise BadFaces(f"{exc.message}; {how}") from None
    if isinstance(given, EnteredTotal):
        return given
    high = low + sides - 1
    for face in given:
        if not low <= face <= high:
            raise BadFaces(f"{face} is not a face of a d{sides}; faces run {low}-{high}"
                           + (f" (this d{sides} reads {low}-{high})" if low != 1 else ""))
    if len(given) != count:
        raise BadFaces(f"{plural(len(given), 'face')} typed, the roll needs {count}")
    return given


def question(name: str, what: str, count: int, sides: int, actor: str = "") -> str:
    """`Josh — attack roll (3d6), faces or Enter to roll: ` for the rules' "attack by
    josh": the name already says whose roll it is."""
    words = what
    for who in {actor, name} - {""}:
        for joint in (" by ", " of "):
            if words.lower().endswith(f"{joint}{who}".lower()):
                words = words[:-len(joint + who)]
    if not words.lower().endswith("roll"):
        words += " roll"
    return f"{name} — {words} ({count}d{sides}), faces or Enter to roll: "


def lead_lines(what: str, names: Callable[[str], str]) -> list[str]:
    """What the table hears before these dice are asked for (a label's `lead`, see
    `dice.sources.Asked`): ``▸ Raider: hit, 15 vs 8 (S5, S6)``, one line per actor."""
    return [f"▸ {names(actor)}: {text}" for actor, text in getattr(what, "lead", ())]


def make_asker(ask: Callable[[str], str], names: Callable[[str], str],
               warn: Callable[[str], None]) -> Asker:
    """An asker that keeps asking until the answer is valid (or empty: roll). A label
    that carries a lead (the attack's verdicts before its damage dice) has it said
    first, once for all the dice of that roll."""
    said: list[object] = [None]

    def asker(actor: str, what: str, count: int, sides: int,
              low: int = 1) -> tuple[int, ...] | EnteredTotal | None:
        lead = getattr(what, "lead", ())
        if lead and lead is not said[0]:
            said[0] = lead
            for text in lead_lines(what, names):
                warn(text)
        prompt = question(names(actor), what, count, sides, actor)
        while True:
            try:
                return read_faces(ask(prompt), count, sides, low)
            except BadFaces as exc:
                warn(f"{exc}; try again, or press Enter to roll")

    return asker


def make_decider(ask: Callable[[str], str], names: Callable[[str], str],
                 warn: Callable[[str], None]):
    """Asks the GM for another actor's answer inside an action (a block, a dodge, a
    defensive skill); Enter takes the default."""

    def decider(question_) -> str | None:
        options = "/".join(question_.options)
        rule = f", {question_.rule}" if question_.rule else ""
        who = names(question_.actor)
        asked = question_.prompt or question_.point
        head = asked if asked.startswith(who) else f"{who} — {asked}"
        prompt = f"{head} [{options}]{rule}, Enter for {question_.default}: "
        while True:
            answer = ask(prompt).strip().lower()
            if not answer:
                return None
            found = [o for o in question_.options if o.startswith(answer)]
            if answer in question_.options:
                return answer
            if len(found) == 1:
                return found[0]
            warn(f"{answer!r} is not one of {options}; try again, or press Enter")

    return decider

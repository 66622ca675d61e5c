"""Words a played action says: a note's `says` (what its breakdown line reads), a
roll's `lead` (what the table hears before its dice are asked for), and a roll's faces
as text (`faces: NAME`): ``[3, 7]``, a pool's marked where they succeed, ``[4✓, 6✓, 2,
5✓, 1]``, and its failed dice apart under ``NAME_failed``, ``[2, 1]``. A total called
out at the table, and odds, which weigh outcomes and roll no faces, leave them ''."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.stepkit import VocabError, checked_name
from shaper_gm.engine.steps import Note

FAILED = "_failed"           # NAME_failed: a pool's failed faces


def face_names(declared: Mapping[str, Any], at: str, pool: bool) -> tuple[str, ...]:
    """The facts a roll's `faces` key writes: NAME, and NAME_failed for a pool."""
    if "faces" not in declared:
        return ()
    name = checked_name(declared["faces"], f"{at}.faces")
    return (name, name + FAILED) if pool else (name,)


def _listed(faces: Any) -> str:
    return f"[{', '.join(map(str, faces))}]"


def faces_text(rolled: Any) -> str:
    """The faces of a summed roll, '' when there are none to show."""
    if getattr(rolled, "entered", None) is not None:
        return ""
    faces = getattr(rolled, "naturals", ())
    return _listed(faces) if faces else ""


def pool_faces(rolled: Any, success_on: int) -> tuple[str, str]:
    """A pool's faces marked where they succeed, and its failed faces."""
    faces = getattr(rolled, "faces", ())
    if not faces or getattr(rolled, "entered", None) is not None:
        return "", ""
    return (_listed(f"{f}✓" if f >= success_on else str(f) for f in faces),
            _listed(f for f in faces if f < success_on))


def note_says(declared: Mapping[str, Any], at: str) -> tuple[str, str | None] | None:
    """A note's `says`: the words the breakdown draws for it, {NAME} filled from the
    facts, and the ruling drawn beside them (the note's own unless `{words, rule}` says
    another); false, or words that fill in as '', draw nothing. Its label, value and
    ruling stay the outcome's."""
    if "says" not in declared:
        return None
    says = declared["says"]
    if says is False:
        return "", None
    if isinstance(says, Mapping) and set(says) <= {"words", "rule"} and "words" in says:
        words, rule = says["words"], says.get("rule")
    else:
        words, rule = says, None
    if not isinstance(words, str) or not words or not isinstance(rule, str | None):
        raise VocabError(f"{at}.says", "expected words with {NAME} filled from the facts, "
                                       f"{{words, rule}}, or false (not drawn), got {says!r}")
    return words, rule


class Worded(Note):
    """A note with `says`, the (words, ruling) the breakdown draws in its place (no
    words: nothing); equal to the Note it extends, read the same in every other way."""

    says: tuple[str, str] = ("", "")


def worded(note: Note, words: str, rule: str) -> Worded:
    out = Worded(*note)
    out.says = (words, rule)
    return out


def lead_of(declared: Mapping[str, Any], at: str) -> tuple[str, str] | None:
    """A roll's `lead: {who, text}`: what the table hears before its dice are asked for,
    said of the actor `who` names (the dice pool's `hit, margin 1 over DT 2 (P7)` of the
    target, before the damage dice)."""
    if "lead" not in declared:
        return None
    lead = declared["lead"]
    if not isinstance(lead, Mapping) or set(lead) != {"who", "text"} \
            or not isinstance(lead["text"], str):
        raise VocabError(f"{at}.lead", f"expected {{who: NAME, text: TEXT}}, got {lead!r}")
    return checked_name(lead["who"], f"{at}.lead.who"), lead["text"]


def led(what: str, lead: tuple[str, str] | None, facts: Mapping[str, Any]) -> str:
    """The roll's label carrying its lead, {NAME} filled from the facts."""
    if lead is None:
        return what
    from shaper_gm.dice.sources import Asked
    from shaper_gm.engine.stepkit import fill
    return Asked(what, ((str(facts[lead[0]]), fill(lead[1], facts)),))

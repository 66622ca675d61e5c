"""Finding what a word names among candidates: an exact id, else the one candidate it is
a prefix of; an ambiguous or unknown word is refused with the candidates."""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation


def match_one(word: str, candidates: list[str], what: str, hint: str = "",
              error: type[Exception] = RuleViolation) -> str:
    key = word.lower()
    if key in candidates:
        return key
    found = [c for c in candidates if c.startswith(key)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise error(f"{word!r} could be {', '.join(sorted(found))}",
                    f"type more of the {what} id")
    import difflib  # only a miss needs it
    close = difflib.get_close_matches(key, candidates, n=3, cutoff=0.5)
    if close:
        raise error(f"no {what} {word!r}", f"did you mean {' or '.join(close)}?")
    listed = ", ".join(sorted(candidates)[:12]) or "none yet"
    raise error(f"no {what} {word!r}", hint or f"known: {listed}")

"""The player view's feed: what each logged command did, in words the players may hear.

Read from a command's events and the states around it, so every ruleset's commands give
lines without a ruleset saying anything: who acted on whom, what a declared action's
result says (its view.yaml `verdict` fact: hit, miss), an enemy's health in words when it
changes (hurt, bloodied, down), a party member's HP as numbers, effects begun and ended,
the round, the turn and the end of the fight. A hidden actor is never named: what it
does to a visible actor shows without it.
"""

from __future__ import annotations

from collections.abc import Iterable

from shaper_gm.engine import ending
from shaper_gm.engine import events as ev
from shaper_gm.view.public import health, is_party, public_names, scrub, visible
from shaper_gm.view.words import ViewWords

FEED_LENGTH = 12          # the entries the page keeps
LINE_LENGTH = 160         # a feed line cut to this


Line = tuple[str, frozenset]      # a feed line and the actors it speaks of


def frame_lines(line: str, events: Iterable, before, after, rs,
                words: ViewWords) -> list[Line]:
    """The feed lines of one logged command (`line`, its `events`, the states before and
    after it; `before` None for the first), each with the ids of the actors it names (a
    line naming an actor hidden later is dropped then: `shown_lines`)."""
    shown = visible(after)
    if before is not None:
        shown.update(visible(before))
    names = public_names(after) if before is None else public_names(before, after)
    out: list[Line] = []
    for event in events:
        found = _event_line(event, line, shown, names, words, rs)
        if found[0]:
            out.append(found)
    out += _health_changes(before, after, rs, words, names)
    hidden = [a for a in (*after.actors.values(),
                          *(before.actors.values() if before is not None else ()))
              if a.hidden]
    return [(scrub(text, hidden)[:LINE_LENGTH], ids) for text, ids in out]


def shown_lines(lines: Iterable[tuple[int, str, frozenset]], state) -> list[dict]:
    """The feed as the page gets it now: no line that names an actor hidden since."""
    hidden = [a for a in state.actors.values() if a.hidden]
    gone = {a.id for a in hidden}
    return [{"n": n, "text": scrub(text, hidden)} for n, text, ids in lines
            if not ids & gone]


def _event_line(event, line: str, shown, names, words: ViewWords, rs) -> Line:
    actor = getattr(event, "actor", None)
    about = frozenset({actor} if isinstance(actor, str) else ())
    if isinstance(event, ev.RoundStarted):
        return f"Round {event.round}", about
    if isinstance(event, ev.CombatResumed):
        return "The fight goes on", about
    if actor is not None and actor not in shown:
        return "", about
    if isinstance(event, ev.TurnStarted):
        return f"{names(actor)}'s turn", about
    if isinstance(event, ev.Hidden):
        return ("" if event.hidden else f"{names(actor)} appears"), about
    if isinstance(event, ev.ActorAdded):
        return f"{names(actor)} joins the {event.side}", about
    if isinstance(event, ev.EffectAdded):
        return f"{names(actor)}: {event.effect.name}", about
    if isinstance(event, ev.EffectEnded):
        return f"{names(actor)}: {event.name} ends", about
    if isinstance(event, ev.Resolved):
        return _action_line(event, line, shown, names, words, rs)
    return "", about


def _action_line(event: ev.Resolved, line: str, shown, names, words: ViewWords,
                 rs) -> Line:
    """``Josh attacks Raider: hit``: who did what to whom, with each target's result in
    the words its ruleset gives the players (a declared action's view.yaml `verdict`
    fact, or the ruleset's `public_verdicts`)."""
    doing = getattr(event, "words", "") or _third_person(line.split()[0] if line else "act")
    targets = _targets(event, line, shown)
    verdicts = _verdicts(event, words, rs)
    parts = [f"{names(t)}" + (f" ({verdicts[t]})" if t in verdicts else "") for t in targets]
    alone = verdicts.get(None) or verdicts.get(event.actor)
    head = f"{names(event.actor)} {doing}"
    about = frozenset({event.actor, *targets})
    if parts:
        return f"{head} {', '.join(parts)}", about
    return (f"{head}: {alone}" if alone else head), about


def _targets(event: ev.Resolved, line: str, shown) -> list[str]:
    if isinstance(event, ev.Played):
        found = [r.target for r in event.outcome.results if r.target is not None]
    else:
        found = [w for w in line.split()[1:] if not w.startswith("-")]
    seen: list[str] = []
    for target in found:
        if target in shown and target != event.actor and target not in seen:
            seen.append(target)
    return seen


def _verdicts(event: ev.Resolved, words: ViewWords, rs) -> dict:
    """Each target's result in words: a declared action's verdict fact, or what the
    ruleset says of its own outcome."""
    if not isinstance(event, ev.Played):
        return dict(event.verdict_words())
    if words.verdict is None:
        return {}
    out = {}
    for result in event.outcome.results:
        value = result.facts.get(words.verdict)
        if isinstance(value, str) and value:
            out[result.target] = value
    return out


def _health_changes(before, after, rs, words: ViewWords, names) -> list[Line]:
    """An enemy's health word when it changes; a party member's HP as numbers."""
    if before is None:
        return []
    out: list[Line] = []
    for actor_id, now in visible(after).items():
        was = before.actors.get(actor_id)
        if was is None or was.hidden:
            continue
        about = frozenset({actor_id})
        if is_party(now, after) and now.hp is not None and was.hp != now.hp:
            out.append((f"{names(actor_id)}: HP {was.hp} → {now.hp}", about))
            if was.down != now.down:
                out.append((f"{names(actor_id)} is {health(now, rs, words)}", about))
            continue
        old, new = health(was, rs, words), health(now, rs, words)
        if old != new:
            out.append((f"{names(actor_id)} is {new}", about))
    if after.over is not None and before.over is None:
        out.append((_capital(ending.result_text(after)), frozenset()))
    return out


def _third_person(verb: str) -> str:
    """``attack`` -> ``attacks``, ``reach`` -> ``reaches``, ``parry`` -> ``parries``."""
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]

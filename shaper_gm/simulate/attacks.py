"""The attacks an actor may make on a foe, most damaging first, each with the `odds` line
that weighs it.

The candidates come from what the ruleset offers, never from tactics code of its own:
its basic attack (with each weapon, or attack, it offers the actor for `--with` when it
offers more than one, and with each thing it offers for the other flags its hints list
as `options`: abilities, skills); every other action its `odds
--action` weighs (d20's off-hand attack); and the attacks its `simulate.yaml` hints name
with their odds (Dungeoneers' power strike). They are ranked by what the foes are
expected to lose, less the actor's own side, by the odds (`simulate.expected`: at full
HP); equal ones keep that order (the basic attack first), and those the odds refuse go
last. What an attack spends is not weighed: the most damaging one the rules let the
actor pay for is taken, lasting resources included (the summary's "Uses up" row says
what that cost).
"""

from __future__ import annotations

from typing import NamedTuple

from shaper_gm.commands.acting import read_flags, read_request
from shaper_gm.commands.session import Context, parse_line
from shaper_gm.engine.offers import FIRST
from shaper_gm.engine.play import affordable
from shaper_gm.simulate.expected import expected_harm, value


class Choice(NamedTuple):
    line: str                     # the command
    odds: str | None = None       # the odds line that weighs it (an attack's)
    offered: str | None = None    # a target the ruleset must offer for it now, else skipped
    own: bool = False             # about the actor alone (a ready hint): see runner.played


def offered_now(session, choice: Choice, asked: dict | None = None) -> bool:
    """Whether the ruleset offers the choice's target for its verb now (first rank: the
    rules let the actor take it on at once), asked instead of trying a line the rules
    would refuse; a verb it offers no targets for is tried. `asked` keeps the answers of
    this state (the caller empties it when the state changes)."""
    if choice.offered is None:
        return True
    state = session.state
    verb, actor_id = choice.line.split()[:2]
    asked = {} if asked is None else asked
    key = (verb, actor_id, choice.offered)
    if key not in asked:
        asked[key] = session.ruleset_for(state).offered_first(state, "target", actor_id,
                                                              verb, choice.offered)
    return asked[key] is not False


def payable_now(session, choice: Choice) -> bool:
    """Whether the actor could pay for the choice's action now (`engine.play.affordable`,
    a cost its words decide read from the line as the command would read it), asked
    instead of trying a line the rules would refuse for its cost; a verb that is no
    action, or whose cost is known only once it is prepared, is tried."""
    words = choice.line.split()
    verb = session.registry.verbs.get(words[0])
    state = session.state
    if verb is None or verb.action is None or len(words) < 2 or words[1] not in state.actors:
        return True
    action = verb.action
    request = _LineRequest(session, verb, choice.line) if callable(action.cost) else None
    return affordable(state, session.ruleset_for(state), words[1], action, request) \
        is not False


class _LineRequest:
    """The line's request as its command reads it (the verb's `reads`), read only as far
    as a price asks: a price of one action of a kind reads nothing of it; a flag the line
    does not hold is answered without reading it, one it holds by reading the flags alone
    (a line's first word after the verb names its actor, as a simulated line always
    does); anything else reads the whole line. A line that cannot be read is refused as a
    GmError, which leaves it to be tried."""

    def __init__(self, session, verb, line: str) -> None:
        self._session, self._verb, self._line, self._read = session, verb, line, None
        self._flags: dict | None = None

    def get(self, flag: str, default=None):
        if self._read is None and self._verb.reads is read_request:
            if not any(word.split("=", 1)[0] in (f"--{flag}", f"--{flag.replace('-', '_')}")
                       for word in self._line.split()):
                return default              # the flag is not on the line: nothing to read
            if self._flags is None:
                self._flags = dict(read_flags(self._context(), self._line.split()[1]))
            return self._flags.get(flag, default)
        return self._request().get(flag, default)

    def __getattr__(self, name: str):
        return getattr(self._request(), name)

    @property
    def resolved(self):
        """The whole request, read: what a price that reads more than its flags reads
        (a declared action keeps its situations by it, for its checks and its play)."""
        return self._request()

    def _context(self) -> Context:
        _, parsed, _ = parse_line(self._session.registry, self._line)
        return Context(self._session, self._session.state, parsed, None, self._verb)

    def _request(self):
        if self._read is None:
            self._read = self._verb.reads(self._context())
        return self._read


def attacks(session, actor_id: str, target_id: str, hints: dict | None = None) -> list[Choice]:
    """The actor's attacks on the target, the most damaging first (`hints`: the
    ruleset's simulate.yaml, as `tactics.hints_of` reads it)."""
    hints = hints or {}
    state = session.state
    rs = session.ruleset_for(state)
    verb = rs.attack_verb
    on = f"{actor_id} {target_id}"
    offered = _offered(session, rs, state, verb, actor_id, ("with", *hints.get("options", ())))
    weapons = offered.pop("with", [])
    found = [Choice(f"{verb} {on} --with {w}", f"odds {on} --with {w}") for w in weapons] \
        if len(weapons) > 1 else [Choice(f"{verb} {on}", f"odds {on}")]
    found += [Choice(f"{verb} {on} --{name} {v}", f"odds {on} --{name} {v}")
              for name, values in offered.items() for v in values]
    # An attack of another verb is asked of the ruleset's offers first, as a hint's line
    # is (d20's off-hand attack needs a light weapon's attack this turn).
    found += [Choice(f"{name} {on}", f"odds {on} --action {name}", target_id)
              for name in _odds_actions(session) if name != verb]
    found += [Choice(_filled(do, actor_id, target_id), _filled(odds, actor_id, target_id),
                     target_id) for do, odds in hints.get("attacks", ())]
    if len(found) == 1:
        return found
    side = state.actors[actor_id].side
    worth = {}
    for choice in found:
        harm = expected_harm(session, choice.odds)
        if harm is not None:
            worth[choice] = value(state, side, harm)
    return sorted(found, key=lambda c: (c not in worth, -worth.get(c, 0)))


def _filled(line: str, actor_id: str, target_id: str) -> str:
    return line.replace("{actor}", actor_id).replace("{target}", target_id)


def _offered(session, rs, state, verb: str, actor_id: str,
             names: tuple[str, ...]) -> dict[str, list[str]]:
    """What the ruleset offers the actor now for each of the attack's flags `names` its
    odds have too (`--with` a weapon, Dicepool's `--ability`)."""
    weighed = {f.name for f in _flags(session, "odds")}
    out = {}
    for spec in _flags(session, verb):
        if spec.completes and spec.name in weighed and spec.name in names:
            values = [o.text for o in rs.offers(state, spec.completes, actor_id, verb) or ()
                      if o.rank == FIRST]
            if values:
                out[spec.name] = values
    return out


def _odds_actions(session) -> tuple[str, ...]:
    """The actions `odds --action` weighs, when it weighs more than one."""
    spec = next((f for f in _flags(session, "odds") if f.name == "action"), None)
    return spec.choices if spec is not None else ()


def _flags(session, verb: str) -> tuple:
    found = session.registry.verbs.get(verb)
    return found.flags if found is not None else ()

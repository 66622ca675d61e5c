"""A session: the encounter, its undo history and its log, driven one line at a time.

`Session.execute(line)` is the single entry point the shell, scripts and tests use.
It either applies the command completely and returns a `Result`, or raises a
`GmError` and leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import field
from typing import Any

from shaper_gm.commands import undo_steps
from shaper_gm.commands.args import MAX_LINE, Parsed, file_read, parse_args, split_line
from shaper_gm.commands.logline import log_line
from shaper_gm.commands.registry import FILE_VERBS, Registry, Verb
from shaper_gm.content.schema import ContentError
from shaper_gm.dice import DiceInputError, DiceSyntaxError
from shaper_gm.encounter.dicebox import Answers, DiceBox, FacesAsker, TotalTyped
from shaper_gm.engine import ending, moments, play
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.engine.steps import PlayTape
from shaper_gm.errors import CommandError, GmError
from shaper_gm.interrupts import landing
from shaper_gm.records import record
from shaper_gm.words import plural

# Everything a lower layer raises to refuse a command; all reach the GM as a GmError.
REFUSALS = (RuleViolation, DiceInputError, DiceSyntaxError, ContentError)


def as_gm_error(exc: Exception) -> GmError:
    """One line, always: a content error lists its first problem and counts the rest."""
    if isinstance(exc, ContentError):
        return GmError(exc.summary(), getattr(exc, "hint", "") or "fix the sheet file, or "
                       "use a template from content/ (add ID --as TEMPLATE)")
    message = getattr(exc, "message", None) or str(exc)
    return GmError(" ".join(message.splitlines()), getattr(exc, "hint", "") or "")


@record
class Frame:
    """One applied, logged command: its resolved line and the states around it."""

    line: str
    before: EncounterState | None     # None for entries loaded from a save
    after: EncounterState
    events: tuple = ()
    joined: bool = False              # one undo step with the frame before (undo_steps)


@record
class Result:
    verb: str
    line: str | None                  # the resolved line if it went into the log
    events: tuple = ()
    view: Any = None                  # what a view command shows (show, map, odds, ...)
    verbose: bool = False             # --verbose: drawn in full, whatever `details` says


@record(frozen=False)
class Outcome:
    """What a handler hands back to the session."""

    state: EncounterState | None = None   # the new state, for commands that change it
    events: tuple = ()
    view: Any = None
    request: Any = None           # the command as resolved: its log line is written from it


@record(frozen=False)
class Context:
    session: Session
    state: EncounterState
    parsed: Parsed
    dice: DiceBox
    verb: Verb
    replaying: bool = False           # running a log's lines, not the GM's
    decider: Callable | None = None    # asks the GM another actor's answer (the shell)

    @property
    def library(self):
        return self.ruleset.library

    @property
    def ruleset(self):
        return self.session.ruleset_for(self.state)


@record(frozen=False)
class Session:
    """`content`, when given, is the content library of the ruleset whose numbers it
    holds (tests pass one of their own); every other ruleset loads its shipped content."""

    content: Any = None
    state: EncounterState = field(default_factory=EncounterState)
    history: list[Frame] = field(default_factory=list)
    future: list[Frame] = field(default_factory=list)
    manual: set[str] = field(default_factory=set)     # actors whose dice are asked for
    asker: FacesAsker | None = None
    decider: Callable | None = None    # asks the GM another actor's answer (the shell)
    save_path: str | None = None
    party: str | None = None          # the party file this encounter's party keeps to
    # What the application does once a command has landed (keep the party when the fight
    # ends): (session, frame) -> a line to say with the command, or None. Not on replay.
    after_landing: Callable[..., str | None] | None = None
    # How to rebuild states for frames loaded from a save (set by the persist layer):
    # rebuild(session, count) gives the last `count` frames their states (all if None).
    rebuild: Callable[..., None] | None = None
    # Whether a new state and log line could be saved and opened again; raises a GmError
    # if not (set by the persist layer: persist.admit.check).
    admit: Callable[[Session, EncounterState, str], None] | None = None
    keeper: Any = None                # what owns the save file (the shell's autosave)
    default_seed: int | None = None   # the seed of a `new` given none (run --seed)
    side_dice: int = 0                # dice drawn by side rolls (`roll`), not the fight's
    save_text: Any = field(default=None, compare=False, repr=False)   # persist's cache
    # Verb registrations the application adds to every ruleset's registry (file verbs).
    extra_verbs: tuple = ()
    _rulesets: dict = field(default_factory=dict)
    _registries: dict = field(default_factory=dict)

    # --- the log -----------------------------------------------------------------
    @property
    def log(self) -> list[str]:
        return [frame.line for frame in self.history]

    @property
    def library(self):
        """The content library of the encounter's ruleset."""
        return self.ruleset_for(self.state).library

    def ruleset_for(self, state: EncounterState):
        return self.ruleset_named(state.ruleset)

    def share_rulesets(self, other: Session) -> None:
        """Play on the rulesets `other` has built (the same content read once), this
        session's own kept: a replay of a session's log, or the first command after
        `load`, need not build and check them again."""
        if other.content is self.content:
            other._rulesets.update(self._rulesets)
            self._rulesets = other._rulesets

    def share_verbs(self, other: Session) -> None:
        """Play on the rulesets and the verbs `other` has built, its extra verbs with
        them (the same content): the many scratch sessions of a simulated fight build
        them once."""
        self.share_rulesets(other)
        if other.content is self.content:
            self.extra_verbs = other.extra_verbs
            self._registries = other._registries

    def ruleset_named(self, ruleset_id: str):
        """The ruleset object for an id (built once per session, its verbs file read with
        it: a broken one refuses the ruleset here, before an encounter runs it); unknown
        ids refused."""
        from shaper_gm.engine import registry
        if ruleset_id not in self._rulesets:
            own = self.content if ruleset_id in getattr(self.content, "rulesets", ()) else None
            rs = registry.build(ruleset_id, own)
            verbs = registry.verbs_of(ruleset_id)
            if verbs is not None:
                verbs.verbs.read(rs)
            self._rulesets[ruleset_id] = rs
        return self._rulesets[ruleset_id]

    @property
    def registry(self) -> Registry:
        """The verbs of the encounter's ruleset (shared verbs and its own)."""
        return self.registry_for(self.state.ruleset)

    def registry_for(self, ruleset_id: str) -> Registry:
        from shaper_gm.commands import build_registry
        if ruleset_id not in self._registries:
            self._registries[ruleset_id] = build_registry(self.ruleset_named(ruleset_id),
                                                          self.extra_verbs)
        return self._registries[ruleset_id]

    def forget_registries(self) -> None:
        """Build the registries again (after `extra_verbs` changed)."""
        self._registries.clear()

    # --- running a line ----------------------------------------------------------
    def execute(self, line: str, *, replaying: bool = False) -> Result:
        answers = Answers()
        while True:
            verb, parsed, by_hand_given = parse_line(self.registry, line, replaying=replaying)
            verbose = bool(parsed.flags.pop("verbose", False))    # for the screen alone
            answers.run()
            dice = DiceBox(self.state.seed, self.state.dice_position,
                           asker=None if replaying else self.asker,
                           manual=frozenset(self.manual), answers=answers)
            context = Context(self, self.state, parsed, dice, verb, replaying,
                              None if replaying else answers.recalling(self.decider))
            try:
                outcome = self._handle(context)
                break
            except TotalTyped as typed:     # the command again, with that total given
                answers.take(typed)
        if outcome.state is None or not verb.logged:
            return Result(verb.name, None, tuple(outcome.events), outcome.view, verbose)
        new_state = outcome.state.with_(dice_position=dice.position)
        if outcome.request is None:
            raise RuntimeError(f"{verb.name} changed the encounter but wrote no log line")
        resolved = log_line(outcome.request)
        by_hand = sorted({s.slot for s in dice.slots if s.by_hand and s.logged() is not None}
                         | by_hand_given)
        if by_hand:
            resolved += f" {BY_HAND} {','.join(by_hand)}"
        if len(resolved) > MAX_LINE:
            raise CommandError(f"the command as logged would be {len(resolved)} characters "
                               f"(limit {MAX_LINE})", "shorten its text or split it")
        if self.admit is not None:
            self.admit(self, new_state, resolved)
        frame = Frame(resolved, self.state, new_state, tuple(outcome.events))
        with landing():                     # up to here a stop signal changes nothing
            if verb.name == "new" and len(self.history) == 1:
                # The first `new` made an empty encounter nothing has touched: a fresh
                # one replaces it, so the log starts with the `new` the GM chose.
                self.history.clear()
            self.history.append(frame)
            self.future.clear()
            self.state = new_state
        events = tuple(outcome.events)
        if self.after_landing is not None and not replaying:
            note = self.after_landing(self, frame)
            if note:
                events += (ev.Notice(note),)
        return Result(verb.name, resolved, events, outcome.view, verbose)

    def _handle(self, context: Context) -> Outcome:
        """The verb's outcome, settled; any refusal as a GmError."""
        verb = context.verb
        try:
            # A file verb writes files and moves the session to them: it lands whole.
            with landing() if verb.takes_file else nullcontext(), \
                    moments.rolling(_seeded(context.dice)), \
                    moments.replaying(context.replaying):
                outcome = verb.handler(context) or Outcome()
                if outcome.state is not None and verb.logged:
                    outcome = self._settle_fight(outcome)
            context.dice.finish()
        except GmError:
            raise
        except REFUSALS as exc:
            raise as_gm_error(exc) from None
        return outcome

    def _settle_fight(self, outcome: Outcome) -> Outcome:
        """Whatever a command did, the ruleset settles what follows from it (who is up
        after a GM's change, wounds that put a creature down: `after_change`); then the
        fight ends when it is decided and resumes when it is not any more
        (engine.ending)."""
        state = outcome.state
        rs = self.ruleset_for(state)
        state, settled = rs.after_change(state, self.state)
        state, more = ending.settle(self.state, state, rs)
        state, handed = play.hand_on(state, rs)
        more = [*more, *handed]
        if state is outcome.state and not settled and not more:
            return outcome
        return Outcome(state, (*outcome.events, *settled, *more), outcome.view,
                       outcome.request)

    def run_lines(self, lines: list[str],
                  on_result: Callable[[int, str, Result], None] | None = None) -> list[Result]:
        """Run lines as a replay does (never a file command); the first refusal raises
        LineError with its number. `on_result` sees each step as it lands."""
        results = []
        for number, line in enumerate(lines, 1):
            try:
                result = self.execute(line, replaying=True)
            except GmError as exc:
                raise LineError(number, line, exc) from None
            results.append(result)
            if on_result is not None:
                on_result(number, line, result)
        return results

    # --- undo and redo -----------------------------------------------------------
    def undo(self, count: int = 1) -> list[Frame]:
        if count < 1:
            raise CommandError("undo needs a count of 1 or more", "e.g. undo 2")
        held, steps = undo_steps.last_steps(self.history, count, first=1)  # 0: `new`
        if not steps:
            raise CommandError("nothing to undo", "the encounter is as it began")
        if count > steps:
            raise CommandError(f"only {plural(steps, 'command')} can be undone",
                               f"use undo {steps}")
        count = held
        if any(frame.before is None for frame in self.history[-count:]):
            if self.rebuild is None:
                raise CommandError("this save's earlier states are not available",
                                   "replay the save to undo past where it was opened")
            self.rebuild(self, count)
        return self._move(count, redo=False)

    def dice_ahead(self) -> int:
        """How many dice the undone commands (the redo branch) drew beyond the current
        position: what `reroll` skips so that the next roll is one nobody has seen."""
        drawn = [f.after.dice_position for f in self.future if f.after is not None]
        return max(0, max(drawn, default=0) - self.state.dice_position)

    def redo(self, count: int = 1) -> list[Frame]:
        if count < 1:
            raise CommandError("redo needs a count of 1 or more", "e.g. redo 2")
        held, steps = undo_steps.last_steps(self.future, count, redo=True)
        if not steps:
            raise CommandError("nothing to redo", "redo follows an undo")
        if count > steps:
            raise CommandError(f"only {plural(steps, 'command')} can be redone",
                               f"use redo {steps}")
        return self._move(held, redo=True)

    def _move(self, count: int, *, redo: bool) -> list[Frame]:
        """The last `count` frames from the history to the redo branch, or back."""
        source, target = (self.future, self.history) if redo else (self.history, self.future)
        with landing():
            moved = [source.pop() for _ in range(count)]
            target.extend(moved)
            self.state = moved[-1].after if redo else moved[-1].before
        return moved


def _seeded(dice: DiceBox) -> PlayTape:
    """What the rules roll by themselves inside a command with no slots of its own for
    it (a turn handed on after a creature drops), from the command's seeded dice: the
    log line replays to the same faces."""
    return PlayTape(lambda slot, _index, _who: dice.source(slot))


def parse_line(registry: Registry, line: str, *,
               replaying: bool = False) -> tuple[Verb, Parsed, set[str]]:
    """A line as the command it is: its verb, its parsed words and flags, and the dice
    slots it marks as typed at the table. Replaying (a log), a file command or a flag
    that reads a file is refused (FileInLog), whatever quoting spells it."""
    tokens, by_hand_given = _take_by_hand(split_line(line))
    if not tokens:
        raise CommandError("empty command", "type help for the list of commands")
    if replaying and tokens[0].lower() in FILE_VERBS:
        raise FileInLog(command=tokens[0].lower())
    verb = registry.lookup(tokens[0])
    if replaying and verb.takes_file:
        raise FileInLog(command=verb.name)
    parsed = parse_args(verb.name, tokens[1:], verb.flags)
    read = file_read(parsed, verb.flags) if replaying else None
    if read is not None:
        raise FileInLog(read=read)
    return verb, parsed, by_hand_given


class FileInLog(CommandError):
    """A logged line that is a file command (`command`) or reads a file (`read`, the
    flag and path): a log never does either (spec: Save files)."""

    def __init__(self, *, command: str | None = None, read: str | None = None) -> None:
        if command is not None:
            super().__init__(f"the log holds the file command {command!r}",
                             "a save's log never runs file commands: remove that entry")
        else:
            super().__init__(f"the log reads a file ({read})",
                             "a save's log never reads files: the save is damaged")
        self.command, self.read = command, read


BY_HAND = "--by-hand"


def _take_by_hand(tokens: list[str]) -> tuple[list[str], set[str]]:
    """`--by-hand SLOTS` marks dice typed at the table (S4); any verb may carry it in
    the log, and it changes nothing when the line runs again."""
    if BY_HAND not in tokens:
        return tokens, set()
    at = tokens.index(BY_HAND)
    if at + 1 >= len(tokens):
        raise CommandError(f"{BY_HAND} needs the slots", f"e.g. {BY_HAND} roll,evade")
    slots = set(tokens[at + 1].split(","))
    return tokens[:at] + tokens[at + 2:], slots


class LineError(GmError):
    """A refusal while running lines, with the line's number."""

    def __init__(self, number: int, line: str, cause: GmError) -> None:
        super().__init__(cause.message, cause.hint)
        self.number = number
        self.line = line
        self.cause = cause

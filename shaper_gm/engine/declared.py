"""An action a ruleset declares as data, run by the engine's one pipeline like any other.

A declaration is a mapping (as a ruleset's YAML gives it, already parsed):

- ``what``: how refusals name the action ("an attack"); ``timing``: turn | reaction |
  either; ``while_down``: true for what a down actor still does (a death save), also
  once the fight is over; ``cost``: resource → amount (a number, or an expression over the facts:
  ``movement: travel``);
- ``target``: whom the verb's target words may name: ``foe`` (another side), ``ally``
  (its own side, not itself), ``other`` (anyone but itself), ``any``; omitted: nobody;
  ``targets``: how many it may name (1 by default): the steps run once per target;
- ``to: cell``: the verb names a cell of the grid, ``destination`` (its name),
  ``travel`` (how far, in the ruleset's units) and ``occupied`` read it, and the
  ``move`` change goes there;
- ``item``: the actor's sheet list the ``--with`` flag picks from (``weapons``); the
  first is taken when none is named, and ``item.X`` reads the item's fields;
- ``requires``: ``{test, refuse, hint}`` entries: a test that must hold, else the
  action is refused with that text (``{name}`` fields filled in) before anything is paid;
- ``given``: ``{NAME: EXPR}``, the facts the steps start from, read from the situation
  (`engine.situation`: ``actor.X``, ``target.X``, ``item.X``, ``distance``, ``flag.X``,
  ``rules.X``);
- ``steps``: the resolution (`engine.vocab`); ``apply``: what the facts change
  (`engine.changes`); ``line``: the outcome for one target in words, ``{NAME}`` fields
  from the facts;
- ``spare: {when, rule}``: when the steps end with `when` holding, answers (``--react``)
  and faces declared for what they never reached are left out of the log, each with a
  note, rather than refused.

A mistake in a declaration is a `VocabError` naming where, when the ruleset loads; what
the encounter holds (a sheet key, an item's field) is read as the action is taken, and a
miss refuses it.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping, MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from shaper_gm.engine import changes, grid, moments, moving, seen
from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.all_targets import played_steps, spread_targets
from shaper_gm.engine.declared_answers import answers_payable, refuse_others
from shaper_gm.engine.declared_records import (
    Flag,
    Help,
    OddsSpec,
    Outcome,
    Requirement,
    Result,
    Spare,
    Wording,
    run_checked,
    step_fault,
)
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.given import Given, request_names
from shaper_gm.engine.situation import (
    Situation,
    carried_items,
    check_target,
    chosen_item,
)
from shaper_gm.engine.sparing import spared
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.stepkit import NO, Facts, fill
from shaper_gm.engine.steps import PlayTape, Step, play
from shaper_gm.engine.worked_moves import check_named
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.request import Request


@record
class Declared:
    """A declared action, checked and compiled."""

    name: str
    what: str
    timing: str
    cost: tuple[tuple[str, int | Compiled], ...]
    target: str | None
    targets: int
    item: str | None
    requires: Sequence[Requirement]       # these three, like its steps: made when first
    given: Sequence[tuple[str, Compiled]]  # used where its file was checked before
    steps: Sequence[Step]         # made when first played where its file was checked
    once: tuple[str, ...]
    apply: tuple[changes.Entry, ...]
    line: Wording
    slots: tuple[tuple[str, bool], ...] = ()      # (slot, rolled more than once?)
    flags: tuple[Flag, ...] = ()
    odds: OddsSpec | None = None
    help: Help = Help()
    to_cell: bool = False
    while_down: bool = False      # a down actor may take it (a death save)
    asks: bool = False            # its steps ask others (its verb takes --react)
    provokes: tuple[Any, ...] = ()    # what others may take in answer (engine.provoked)
    spare: Spare | None = None    # what may be declared past where the steps end
    refusals: tuple[tuple[str, str, str], ...] = ()   # (shared check, refuse, hint)
    answers: tuple[str, ...] = ()     # what its asks offer (`--react ID=block|dodge`)
    at: Any = None                # when it runs by itself (`engine.moments.At`)
    offer: Wording | None = None  # how completion describes each cell it may go to
    held: str | None = None       # the sheet key naming the item used without --with
    item_word: bool = False       # the item named by a word after the actor, not --with
    target_flag: str | None = None    # the flag naming its target (TEXT --against X)
    checks: Sequence[Requirement] = ()    # tested once `given` is worked out, reading it
    target_optional: bool = False     # with target_flag: it may go with no target (P11)
    cost_word: bool = False           # its words the shared act's: [ACTOR] COST TEXT
    bare: str | None = None       # the item used when `held` holds none (a fist)
    target_from: str | None = None    # its target: who gave the actor this effect
    word: str | None = None       # the flag its own word stands for (engine.action_word)
    spread: Any = None            # who else a named target brings (engine.all_targets)
    second_word: str | None = None    # the flag a second word of its own stands for
    placed: tuple[str, ...] = ()      # slots rolled once a target, in its place
    self_when: Compiled | None = None   # no target named: its own when the item makes it hold
    after_fight: bool = False     # taken once the fight is over, free (tending the dying)
    actor_named: bool = False     # its verb names its actor: `wake ACTOR`, not the one up

    def action(self) -> Action:
        """The engine's action: `prepare` refuses, `resolve` plays and applies."""
        fixed = {name: amount for name, amount in self.cost if isinstance(amount, int)}
        cost = fixed if len(fixed) == len(self.cost) else self._cost
        return Action(self.name, self._resolve, cost=cost, prepare=self._prepare,
                      timing=self.timing, what=self.what, while_down=self.while_down,
                      after_fight=self.while_down or self.after_fight,
                      price=None if cost is fixed else self._price,
                      worded=self.worded if any(check == "unrolled" for check, _, _
                                                in self.refusals) else None)

    def _cost(self, acting: Acting) -> dict[str, int]:
        """A cost that depends on the facts (how far a move goes), from the first's."""
        return self._costed(acting.plan[0])

    def _price(self, state: Encounter, rs: Any, request: Request) -> dict[str, int]:
        """The same cost before the action is prepared, from the first target's given
        facts worked out as its expressions read them."""
        first = self._seen(state, rs, request)[0][1]
        if first.price is None:
            first.price = self._costed(first.given)
        return dict(first.price)

    def _costed(self, facts: Mapping[str, Any]) -> dict[str, int]:
        return {name: amount if isinstance(amount, int) else
                max(0, int(run_checked(amount, facts, f"{self.name}: cost")))
                for name, amount in self.cost}

    def _prepare(self, acting: Acting) -> tuple[Facts, ...]:
        plan = self.facts(acting.state, acting.rs, acting.request)
        if isinstance(acting.tape, PlayTape):
            refuse_others(self, acting.state, acting.rs, acting.request,
                          acting.tape.decisions.declared)
        if self.spare is not None and isinstance(acting.tape, PlayTape) and \
                acting.tape.decisions.declared:
            answers_payable(self, plan, acting.tape.decisions)
        return plan

    def facts(self, state: Encounter, rs: Any, request: Request) -> tuple[Facts, ...]:
        """Every refusal checked, then the facts the steps start from, one per target."""
        return tuple(self._checked(one, whole=True) for one in self._seen(state, rs, request))

    def check(self, state: Encounter, rs: Any, request: Request) -> None:
        """The refusals of `facts`, each given worked out only if a check reads it."""
        for one in self._seen(state, rs, request):
            self._checked(one, whole=False)

    def _seen(self, state: Encounter, rs: Any, request: Request) -> list[Any]:
        """Each target's situation with the action's verdict on it, kept for the state
        (`engine.seen`: an action is checked, priced and played on the same state)."""
        request = getattr(request, "resolved", request)     # a line's request, read whole
        found = seen.targets(self, state, rs, request,
                             lambda: self._situations(state, rs, request))
        return [(one, seen.verdict(self, one, request_names(self), self._given))
                for one in found]

    def _checked(self, seen_one: tuple[Situation, seen.Verdict], whole: bool) -> Any:
        """Its `requires`, the facts (`whole`: all worked out, their faults first), its
        `checks` and the cells it names: each check once for a state's target."""
        situation, one = seen_one
        if not one.required:
            self._required(situation)
            one.required = True
        facts = Facts(one.given.all()) if whole else one.given
        if not one.checked:
            self._check_given(ChainMap(cast("MutableMapping[str, Any]", facts),
                                       cast("MutableMapping[str, Any]", situation)))
            self._named_cells(situation, facts)
            one.checked = True
        return facts

    def _situations(self, state: Encounter, rs: Any, request: Request) -> list[Situation]:
        """The request's targets checked, each target's situation."""
        actor = state.actors[request.acting]
        targets: Sequence[str | None] = (None,)
        if self.target is not None:
            flagged = request.get(self.target_flag) if self.target_flag else None  # --against
            targets = self._sourced(state, rs, request, actor) if self.target_from else \
                request.targets or ((str(flagged),) if flagged else ()) or \
                ((None,) if self.target_optional else ())
            if not targets:
                raise RuleViolation(f"{self.name} needs a target", f"{self.name} TARGET"
                                    if self.target_flag is None else
                                    f"{self.name} TEXT --{self.target_flag} TARGET")
            if len(targets) > self.targets:
                raise RuleViolation(f"{self.name} takes at most {self.targets} target"
                                    f"{'s' if self.targets > 1 else ''}, not {len(targets)}",
                                    f"name {self.targets} or fewer")
            if self.spread is not None and targets and targets[0] in state.actors:
                targets = spread_targets(self.spread, targets, lambda one: Situation(
                    state, rs, request, one))
            for target in filter(None, targets):
                if target not in state.actors:
                    raise RuleViolation(f"no actor {target!r}",
                                        f"name one of {', '.join(state.actors)}")
                if target == actor.id and self.target != "any":
                    self.refuse("itself", Situation(state, rs, request, target))
                check_target(state, actor, str(target), self.target, self.name)
        item = self._item(state, rs, request, actor) if self.item else None
        destination = request.arg("zone") if self.to_cell else None
        if destination is not None:        # on the battlefield, in its canonical name
            destination = grid.cell_name(grid.parse_cell(
                destination, state.cols, state.rows, what=rs.term("cell") or "zone",
                board=rs.term("board") or "battlefield"))
        return [Situation(state, rs, request, target, item, destination) for target in targets]

    def _sourced(self, state: Encounter, rs: Any, request: Request,
                 actor: Any) -> tuple[str, ...]:
        """`target_from: NAME`: whoever gave the actor the effect NAME (D24: the grappler
        a grappled creature breaks free of), refused in the action's words when none."""
        for effect in actor.effects:
            if effect.name == self.target_from and effect.caster in state.actors \
                    and effect.caster != actor.id:
                return (str(effect.caster),)
        self.refuse("unsourced", Situation(state, rs, request))
        raise RuleViolation(f"{actor.name} holds no {self.target_from} that another gave it",
                            f"see help {self.name}")

    def refuse(self, check: str, env: Mapping[str, Any]) -> None:
        """Refuse in the action's own words for that shared check, if it gives any."""
        for said, text, hint in self.refusals:
            if said == check:
                raise RuleViolation(fill(text, env), fill(hint, env) or f"see help {self.name}")

    def worded(self, check: str, fields: Mapping[str, Any],
               outcome: Any) -> tuple[str, str] | None:
        """Its words for a shared check the commands make once it played (`unrolled`),
        filled from `fields` and the last target's final facts."""
        results = getattr(outcome, "results", None) or ()
        env = ChainMap(dict(fields), dict(results[-1].facts) if results else {})
        for said, text, hint in self.refusals:
            if said == check:
                return fill(text, env), fill(hint, env) or f"see help {self.name}"
        return None

    def cell_note(self, state: Encounter, rs: Any, actor_id: str, cell: str) -> str:
        """What completion says of `cell` for this action, in its `offer` words."""
        from shaper_gm.engine.request import Request
        if self.offer is None:
            return ""
        there = Situation(state, rs, Request(self.name, (("actor", actor_id),)),
                          destination=cell)          # its given facts too (a cost by cell)
        facts = ChainMap(cast("MutableMapping[str, Any]", self._given(there)),
                         cast("MutableMapping[str, Any]", there))
        return self.offer.said(facts, f"{self.name}: offer").line

    def words_for(self, results: Sequence[Result]) -> str:
        """How its outcome says it: `words`, its `{NAME}` fields filled from the first
        target's final facts (`{travel_word}`: time slices' flier flies, T17)."""
        words = self.help.words
        return fill(words, results[0].facts) if results and "{" in words else words

    def result(self, played: Facts) -> Result:
        """One target's result, in the words `line` and `heading` give."""
        said = self.line.said(played, self.name)
        return Result(played.get("target"), played, said.line, said.heading, said.aside,
                      said.rule, said.recap_aside, said.paid, said.paid_last)

    def _item(self, state: Encounter, rs: Any, request: Request, actor: Any) -> Any:
        """The item `--with` names (`chosen_item`); one the actor lacks, or none at all,
        refused in the action's words when it gives them."""
        carried = carried_items(actor, str(self.item))
        named = request.get("with", request.arg(str(self.item)))
        if self.bare is not None and (named == self.bare or named is None and not
                                      actor.sheet.get(str(self.held))):
            return chosen_item(rs, actor, request, str(self.item), self.held, self.bare)
        if named is None and not carried:
            self.refuse("no_item", Situation(state, rs, request))
        if named is not None and named not in carried:
            if not carried:                     # it names one, and carries none at all
                self.refuse("none_carried", ChainMap({"word": named}, cast(
                    "MutableMapping[str, Any]", Situation(state, rs, request))))
            known = rs.library.kind(self.item) if hasattr(rs.library, "kind") else {}
            if named not in known:              # no such item at all, in its words
                self.refuse("unknown", ChainMap({"word": named}, cast(
                    "MutableMapping[str, Any]", Situation(state, rs, request))))
            item = known.get(named, {"id": named, "name": named})
            self.refuse("lacks", ChainMap({"word": named}, cast(
                "MutableMapping[str, Any]", Situation(state, rs, request, item=item))))
        return chosen_item(rs, actor, request, str(self.item), self.held, self.bare)

    def _required(self, situation: Situation) -> None:
        for need in self.requires:
            if not run_checked(need.test, situation, f"{self.name}: requires"):
                raise need.refused(situation, self.name)

    def _given(self, situation: Situation) -> Given:
        return Given(situation, self.given, self.name)

    def _named_cells(self, situation: Situation, facts: Mapping[str, Any]) -> None:
        """A cell the GM named must be one it can take."""
        for entry in self.apply:
            if entry.worked_out:
                try:
                    check_named(situation.state, situation.rs, entry, facts)
                except moving.SameCell as stays:
                    self.refuse("stays", ChainMap({"cell": stays.cell}, cast(
                        "MutableMapping[str, Any]", situation)))
                    raise

    def _check_given(self, env: Mapping[str, Any]) -> None:
        """`checks`: what must hold of the given facts (a DT worked out, a name read
        from the content), refused in words that read them."""
        for need in self.checks:
            if not run_checked(need.test, env, f"{self.name}: checks"):
                raise need.refused(env, self.name)

    def _resolve(self, acting: Acting) -> Done:
        """Its steps and changes; what its damage brings by itself (a concentration
        save, `engine.moments`) rolls on its tape, in its dice slots."""
        if not isinstance(acting.tape, PlayTape):
            raise TypeError(f"{self.name}: a declared action is played on a PlayTape")
        with moments.rolling(acting.tape):
            return self._played(acting, acting.tape)

    def _played(self, acting: Acting, tape: PlayTape) -> Done:
        state = acting.state
        why = f"{state.actors[acting.actor].name}'s {self.name}"
        results: list[Result] = []
        events: list[ev.Event] = []
        logged: dict[str, Any] = {}
        if self.provokes:
            from shaper_gm.engine.provoked import answered
            destination = acting.request.arg("zone") if self.to_cell else None
            (state, events), reacted = answered(self.provokes, state, acting.rs,
                                                acting.request, destination, tape)
            if state.actors[acting.actor].down:        # brought down before it went
                return Done(state, tuple(events), None, others=tuple(reacted))
        try:
            finals = played_steps(self.steps, acting.plan, tape, self.once, self.placed)
        except ExprError as exc:
            raise step_fault(self.name, exc) from None
        for played in finals:
            for entry in self.apply:
                before = state
                state, changed = changes.apply(state, acting.rs, entry, played, why,
                                               tape.note)
                events += changed
                if entry.logs and state is not before:      # the cell a move went to
                    logged[entry.logs] = state.actors[played[entry.who]].zone
            results.append(self.result(played))
        if self.spare is not None and results and \
                run_checked(self.spare.test, results[-1].facts, f"{self.name}: spare"):
            spared(tape, self.spare, results[-1].facts, self.slots)
        outcome = Outcome(self.name, acting.actor, tuple(results), tuple(tape.notes),
                          tuple(tape.recaps))
        resolved = ev.Played(acting.actor, outcome, action=self.name,
                             words=self.words_for(results))
        others = tuple(dict.fromkeys(actor for actor, said in tape.decisions.made
                                     if said != NO and actor != acting.actor))
        return Done(state, (resolved, *events), outcome, others=others,
                    logged=tuple(logged.items()))

    def played_alone(self, state: Encounter, rs: Any, request: Request,
                     tape: PlayTape) -> Done:
        """Played outside the turn and its costs (the GM's `damage` through the action
        ruleset.yaml's `damage_action` names): every refusal, then its steps and changes."""
        acting = Acting(state, rs, request, tape)
        return self._resolve(acting.with_plan(self._prepare(acting)))

    def play_against(self, state: Encounter, rs: Any, plan: tuple[Facts, ...],
                     tape: PlayTape, actor: str) -> Change:
        """This action played inside another (an opportunity attack): its steps over
        `plan` on that action's tape, its changes, and its outcome as an event."""
        why = f"{state.actors[actor].name}'s {self.name}"
        events: list[ev.Event] = []
        results = []
        for facts in plan:
            played = play(self.steps, facts, tape)
            for entry in self.apply:
                with moments.rolling(tape):
                    state, changed = changes.apply(state, rs, entry, played, why, tape.note)
                events += changed
            results.append(self.result(played))
        outcome = Outcome(self.name, actor, tuple(results), ())
        return state, [ev.Played(actor, outcome, action=self.name,
                                 words=self.words_for(results)),
                       *events]

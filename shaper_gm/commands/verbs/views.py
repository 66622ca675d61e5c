"""View verbs: show, map, order, log, help. They change nothing and are not logged."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.args import ascii_digits
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import (
    DETAILS,
    ActorView,
    DetailsChosen,
    Explained,
    HelpView,
    LogView,
    MapView,
    Message,
    OrderView,
)
from shaper_gm.errors import CommandError, GmError


def rulesets_text(current: str) -> str:
    """`help rulesets`: every id with its one-line description, the encounter's marked;
    a ruleset written as data says what its folder says of it, and its attribution."""
    from shaper_gm.engine import registry
    lines = ["Rulesets (new --ruleset ID):"]
    credits = []
    for ruleset_id, (module, about) in sorted(registry.known().items()):
        mark = "▶" if ruleset_id == current else " "
        if module == registry.DATA:
            about, credit = _written_as_data(ruleset_id, about)
            credits += [f"{ruleset_id}: {credit}"] if credit else []
        lines.append(f"{mark} {ruleset_id:<12} {about}")
    return "\n".join([*lines, *(["", *credits] if credits else [])])


def _written_as_data(ruleset_id: str, about: str) -> tuple[str, str]:
    """(description, attribution) from a data ruleset's folder; its folder's place when
    it cannot be read."""
    from shaper_gm.engine import registry
    try:
        numbers = registry.build(ruleset_id).library.numbers
    except (GmError, ValueError, OSError) as exc:       # ContentError: a ValueError
        return f"{about} (cannot be read: {str(exc).splitlines()[0]})", ""
    return str(numbers.get("description") or numbers.get("name") or about), \
        str(numbers.get("attribution") or "")


RECALL_LIMIT = 500      # entries a `log` re-runs to recall the outcomes a save did not keep


def _recall_outcomes(session, count: int) -> None:
    """Entries loaded from a save carry no events: re-run the last `count` from the
    nearest checkpoint, as undo would, to know their outcomes (when cheap enough)."""
    tail = session.history[len(session.history) - count:]
    unknown = [f for f in tail if f.before is None and not f.events]
    if not unknown or session.rebuild is None or count > RECALL_LIMIT:
        return
    try:
        session.rebuild(session, count)
    except GmError:
        pass                    # the log still shows the lines; undo will say why


verbs = VerbTable()


@verbs.command("show", group="view", logged=False,
               summary="the turn order table, or one actor in full",
               examples=("show", "show josh"), positionals=("actor?",))
def show(ctx: Context) -> Outcome:
    words = ctx.parsed.words
    if not words:
        return Outcome(view=OrderView(ctx.state))
    if len(words) != 1:
        raise CommandError("expected show [ACTOR]", "e.g. show josh")
    who = resolve.actor(ctx.state, words[0])
    return Outcome(view=ActorView(ctx.state, who, ctx.library, ctx.ruleset))


@verbs.command("map", group="view", logged=False,
               rules=lambda rs: rs.term("map_rules"),
               summary="the battlefield grid with every actor and where they stand",
               examples=("map",))
def map_(ctx: Context) -> Outcome:
    return Outcome(view=MapView(ctx.state, ctx.ruleset))


@verbs.command("order", group="view", logged=False,
               rules=lambda rs: rs.term("order_rules"),
               summary="the turn order: who acts, and each actor's resources and effects",
               examples=("order",), aliases=("status",))
def order(ctx: Context) -> Outcome:
    return Outcome(view=OrderView(ctx.state))


@verbs.command("log", group="view", logged=False,
               summary="the last N resolved commands, each with its outcome (all with no N)",
               examples=("log", "log 10"), positionals=("number?",))
def log(ctx: Context) -> Outcome:
    session = ctx.session
    words = ctx.parsed.words
    count = len(session.history)
    if words:
        if (len(words) != 1 or not ascii_digits(words[0]) or len(words[0]) > 7
                or int(words[0]) < 1):
            raise CommandError(f"log takes a count of 1 or more, got {' '.join(words)!r}",
                               "e.g. log 10, or log for all of it")
        count = min(count, int(words[0]))
    _recall_outcomes(session, count)
    shown = session.history[len(session.history) - count:]
    return Outcome(view=LogView(tuple(f.line for f in shown),
                                len(session.history) - count + 1,
                                tuple(f.events for f in shown)))


@verbs.command("why", group="view", logged=False,
               summary="the last command in full: every roll, number and ruling behind it",
               examples=("why",))
def why(ctx: Context) -> Outcome:
    session = ctx.session
    if not session.history:
        raise CommandError("nothing has happened yet to explain", "take an action first")
    _recall_outcomes(session, 1)
    last = session.history[-1]
    return Outcome(view=Explained(last.line, tuple(last.events)))


@verbs.command("details", group="view", logged=False,
               summary="brief: each action's verdict lines only (why, or --verbose on the "
                       "action, shows the rest); full: every breakdown (the default; "
                       "SHAPER_GM_DETAILS sets it)",
               examples=("details brief", "details full"), positionals=("mode",))
def details(ctx: Context) -> Outcome:
    words = ctx.parsed.words
    if len(words) != 1 or words[0].lower() not in DETAILS:
        raise CommandError(f"details takes {' or '.join(DETAILS)}", "e.g. details brief")
    return Outcome(view=DetailsChosen(words[0].lower()))


def with_verbose(registry) -> None:
    """Every verb that resolves an action (a logged play or GM verb, shared or the
    ruleset's own) takes --verbose: its one command drawn in full (`details`, `why`)."""
    from dataclasses import replace

    from shaper_gm.commands.args import VERBOSE
    for name, verb in registry.verbs.items():
        if verb.logged and verb.group in ("play", "gm") and verb.flag(VERBOSE.name) is None:
            registry.verbs[name] = replace(verb, flags=(*verb.flags, VERBOSE))


@verbs.command("help", group="view", logged=False, aliases=("?",),
               summary="the list of commands, one command in full, or the rulesets",
               examples=("help", "help attack", "help rulesets"), positionals=("verb?",))
def help_(ctx: Context) -> Outcome:
    words = ctx.parsed.words
    reg_ = ctx.session.registry
    if not words:
        return Outcome(view=HelpView(tuple(reg_.verbs[n] for n in reg_.verbs), False))
    if words[0].lower() == "rulesets":
        return Outcome(view=Message(rulesets_text(ctx.state.ruleset)))
    return Outcome(view=HelpView((reg_.lookup(words[0]),), True, ctx.state.ruleset))

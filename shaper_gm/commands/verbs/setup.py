"""Setup verbs: new, add, remove, place, init, start."""

from __future__ import annotations

import os
import re

from shaper_gm.commands import identity, resolve
from shaper_gm.commands.args import MAX_SEED, flag, parse_slot
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import slot_text
from shaper_gm.dice.totals import is_total
from shaper_gm.encounter import setup
from shaper_gm.engine import grid, limits
from shaper_gm.engine import play as turns
from shaper_gm.errors import CommandError, excerpt

GRID = re.compile(r"^(\d+)x(\d+)$", re.ASCII)
MAX_COUNT = 20


def register(reg: Registry, rs) -> None:
    @reg.command("new", group="setup", usage="new [--grid 5x5] [--ruleset ID] [--seed N]",
                 summary="start a new encounter on an empty battlefield",
                 examples=("new", "new --grid 6x4 --seed 7"),
                 flags=(flag("grid", "text", metavar="COLSxROWS",
                             help="the battlefield's size in columns and rows, e.g. 6x4"),
                        flag("ruleset", "text", metavar="NAME", completes="ruleset",
                             help="the rules the encounter runs (help rulesets lists them)"),
                        flag("seed", "int", metavar="N",
                             help="the dice generator's seed: the same seed rolls the same"
                                  " dice"),
                        flag(identity.FLAG, "text", metavar="HEX",
                             help="the encounter's identity: new makes one, and a log's "
                                  "first line keeps it")))
    def new(ctx: Context) -> Outcome:
        p = ctx.parsed
        if p.words:
            raise CommandError(f"new takes no words, got {' '.join(p.words)!r}",
                               "e.g. new --grid 5x5")
        from shaper_gm.engine import registry
        ruleset_id = (p.get("ruleset") or registry.DEFAULT).lower()
        if ruleset_id not in registry.known():
            raise CommandError(f"no ruleset {ruleset_id!r}",
                               f"known rulesets: {', '.join(registry.ids())}")
        rs = ctx.session.ruleset_named(ruleset_id)
        cols, rows = rs.grid
        if p.get("grid") is not None:
            cols, rows = grid_size(p.get("grid"))
        session = ctx.session
        _nothing_to_start_over(session)
        seed = p.get("seed")
        if seed is None:
            seed = session.default_seed
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") % 10**6
        if not 0 <= seed <= MAX_SEED:
            raise CommandError(f"--seed {seed} is out of range", f"use 0 to {MAX_SEED}")
        p.flags.update(grid=f"{cols}x{rows}", ruleset=ruleset_id, seed=seed,
                       **{identity.FLAG: _identity(session, p.get(identity.FLAG))})
        state, events = setup.new_encounter(ruleset_id, cols, rows, seed, rs.new_system())
        return Outcome(state, events)

    own = ruleset_verbs(rs)
    add_flags = tuple(getattr(own, "ADD_FLAGS", ()))
    add_usage = getattr(own, "ADD_USAGE", "")

    @reg.command(
        "add", group="setup", rules=rs.term("add_rules"),
        usage="add ID [--as TEMPLATE] [--side SIDE] [--at ZONE] [--name TEXT] [--hp N] "
              f"[--stat NAME=N]... {add_usage + ' ' if add_usage else ''}[--count N]",
        summary="add an actor from a template, or the ruleset's default sheet",
        examples=tuple(rs.term("add_examples").split("|")) if rs.term("add_examples") else (),
        positionals=("new-id",),
        flags=(flag("as", "text", metavar="TEMPLATE", completes="template", reads_file=True,
                    help="a creature or character of the ruleset's content, or a sheet file"),
               flag("sheet", "text", metavar="JSON",
                    help="a sheet file's content, as the log writes `--as PATH`"),
               flag("side", "text", metavar="SIDE", completes="side",
                    help="the side it fights on: party, enemies or any other name"),
               flag("at", "text", metavar="ZONE", completes="zone",
                    help="where it stands on the battlefield"),
               flag("name", "text", metavar="TEXT", help="the name the screen uses"),
               flag("hp", "int", help="hit points, where the ruleset has them"),
               flag("stat", "text", repeat=True, metavar="NAME=N",
                    help=f"a sheet number: {', '.join(rs.sheet_numbers)}"),
               *add_flags, flag("count", "int", metavar="N",
                                help="add N of them: ID-1, ID-2, ...")))
    def add(ctx: Context) -> Outcome:
        p = ctx.parsed
        if len(p.words) != 1:
            raise CommandError("add: expected one new id", "e.g. add josh --as josh --at A5")
        base = p.words[0].lower()
        p.words[0] = base
        sheet = None
        if p.get("as") and p.get("sheet"):
            raise CommandError("add takes --as or --sheet, not both", "e.g. add josh --as josh")
        if p.get("as"):
            sheet = template(ctx, p.get("as"))
        elif p.get("sheet"):
            own = getattr(ruleset_verbs(ctx.ruleset), "logged_sheet", None)
            if own is None:
                raise CommandError(f"{ctx.ruleset.name} reads no sheet files",
                                   "use add ID --as TEMPLATE")
            sheet = own(ctx, p.get("sheet"))
        numbers = stat_numbers(ctx, p)
        own_extra = getattr(ruleset_verbs(ctx.ruleset), "add_extra", None)
        extra = own_extra(ctx, p) if own_extra is not None else {}
        count = p.get("count")
        ids = [base]
        if count is not None:
            if not 1 <= count <= MAX_COUNT:
                raise CommandError(f"--count {count} is out of range", f"use 1 to {MAX_COUNT}")
            ids = [f"{base}-{n}" for n in range(1, count + 1)]
        state, events = ctx.state, []
        for n, actor_id in enumerate(ids, 1):
            name = p.get("name")
            if name and count:
                name = f"{name} {n}"
            elif not name and sheet and count:
                name = f"{sheet.name} {n}"
            spec = setup.NewActor(actor_id, sheet, p.get("side"), p.get("at"), name,
                                  tuple(numbers.items()), tuple(extra.items()))
            state, added = setup.add_actor(state, ctx.ruleset, spec)
            events += added
        return Outcome(state, events)

    @reg.command("remove", group="setup", usage="remove ID",
                 summary="take an actor (and its summons) out of the encounter",
                 examples=("remove goblin-2",), positionals=("actor",), aliases=("rm",))
    def remove(ctx: Context) -> Outcome:
        (word,) = _exactly(ctx, 1, "remove ID")
        actor_id = resolve.actor(ctx.state, word)
        ctx.parsed.words[:] = [actor_id]
        return Outcome(*setup.remove_actor(ctx.state, ctx.ruleset, actor_id))

    @reg.command("place", group="setup", usage="place ID ZONE",
                 summary="put an actor in a zone, at no action cost (setup and GM fixes)",
                 examples=("place josh A5",), positionals=("actor", "zone"))
    def place(ctx: Context) -> Outcome:
        word, zone = _exactly(ctx, 2, "place ID ZONE")
        actor_id = resolve.actor(ctx.state, word)
        state, events = setup.place(ctx.state, ctx.ruleset, actor_id, zone)
        ctx.parsed.words[:] = [actor_id, state.actors[actor_id].zone]
        return Outcome(state, events)

    @reg.command(
        "init", group="setup", rules=rs.term("init_rule"), positionals=("actors*",),
        usage="init | init ID ID ... | init ID --roll FACES | init ID --before|--after ID",
        summary="roll the turn order (keeping rolls entered by hand), set it by hand, enter a "
                "roll, or move one actor in it",
        examples=("init", "init josh monica goblin-1", "init josh --roll 5,5,3",
                  "init josh --roll =13", "init goblin-1 --after josh"),
        flags=(flag("roll", "text", repeat=True, metavar="[ID=]FACES",
                    help="an initiative roll's faces, or =N for the total called out, for "
                         "the actor named or ID"),
               flag("before", "text", metavar="ID", completes="actor",
                    help="move the actor just before ID in the order"),
               flag("after", "text", metavar="ID", completes="actor",
                    help="move the actor just after ID in the order")))
    def init(ctx: Context) -> Outcome:
        p, state, rs = ctx.parsed, ctx.state, ctx.ruleset
        ids = [resolve.actor(state, w) for w in p.words]
        p.words[:] = ids
        anchor = p.get("before") or p.get("after")
        if anchor:
            if len(ids) != 1 or p.get("roll") or (p.get("before") and p.get("after")):
                raise CommandError("init ID --before|--after ID moves one actor",
                                   "e.g. init goblin-1 --after josh")
            other = resolve.actor(state, anchor)
            p.flags["before" if p.get("before") else "after"] = other
            key = "before" if p.get("before") else "after"
            return Outcome(*setup.move_in_order(state, ids[0], **{key: other}))
        if ids and not p.get("roll"):
            return Outcome(*setup.set_order(state, ids))
        given: dict[str, object] = {}
        if len(ids) == 1:
            entry = p.get("roll")[0]
            if len(p.get("roll")) != 1 or ("=" in entry and not is_total(entry)):
                raise CommandError("init ID --roll FACES enters one roll",
                                   "e.g. init josh --roll 5,5,3, or its total: --roll =13")
            given[ids[0]] = parse_slot(entry, "roll")
        elif ids:
            raise CommandError("init with several ids sets the order by hand; --roll is for one",
                               "drop --roll, or name one actor")
        else:
            for entry in p.get("roll") or []:
                who, sep, faces = entry.partition("=")
                if not sep:
                    raise CommandError(f"--roll {entry!r}: name the actor",
                                       "write --roll ID=FACES, e.g. --roll josh=5,5,3")
                given[resolve.actor(state, who)] = parse_slot(faces, "roll")
        state, events, rolls = setup.roll_initiative(state, rs, ctx.dice, given,
                                                     only=ids or None)
        if ids:
            p.flags["roll"] = [slot_text(rolls[0][2])]
        else:
            p.flags["roll"] = [f"{a}={slot_text(taken)}" for a, _, taken in rolls] or None
        return Outcome(state, events)

    @reg.command("start", group="setup", usage="start", rules=rs.term("start_rules"),
                 summary="begin round 1 with the first actor's turn", examples=("start",))
    def start(ctx: Context) -> Outcome:
        _exactly(ctx, 0, "start")
        return Outcome(*turns.start_fight(ctx.state, ctx.ruleset))


def _nothing_to_start_over(session) -> None:
    """A `new` replaces only an encounter nothing has happened in yet (its log is its
    `new`): one log, one encounter, so a script, a journal or a log that starts over
    in the middle is refused at that line, and what came before stays as it is."""
    done = len(session.history) - 1
    if done < 1:
        return
    if session.save_path is not None:
        raise CommandError(f"new would replace the fight saved in {session.save_path} "
                           f"({len(session.history)} commands)",
                           "that fight stays as it is: quit, then start shaper-gm "
                           "for a new encounter")
    raise CommandError(f"new would start over: this encounter has {done} command(s) "
                       "after its new", "one encounter a script: run the next fight "
                       "as a script of its own")


def _identity(session, given: str | None) -> str:
    """The new encounter's identity: as given (a log's first line), else that of the
    untouched encounter it replaces (a script's `new` takes the place of the one
    `run` starts with), else a fresh one."""
    if given is not None:
        return identity.checked(given)
    if len(session.history) == 1:
        kept = identity.of_line(session.history[0].line)
        if kept is not None:
            return kept
    return identity.fresh()


def grid_size(text: str) -> tuple[int, int]:
    """`--grid COLSxROWS` as numbers, within the sizes a battlefield may have."""
    m = GRID.match(text.strip().lower())
    if not m:
        raise CommandError(f"--grid {excerpt(text)!r} is not COLSxROWS",
                           f"e.g. --grid 5x5, with {grid.SIZES}")
    cols, rows = (int(n) if len(n) <= 4 else 0 for n in m.groups())
    if grid.size_refusal(cols, rows) is not None:
        raise CommandError(f"--grid {excerpt(text)} is out of range: a battlefield has "
                           f"{grid.SIZES}", "e.g. --grid 5x5")
    return cols, rows


def template(ctx: Context, word: str):
    """A content template of the encounter's ruleset (its verbs may also read a file)."""
    own = getattr(ruleset_verbs(ctx.ruleset), "template", None)
    if own is not None:
        return own(ctx, word)
    templates = ctx.ruleset.templates()
    return templates[resolve.match_one(word.lower(), list(templates), "template")]


def stat_numbers(ctx: Context, parsed) -> dict[str, int]:
    """`--stat NAME=N` (repeatable) and `--hp N`: sheet numbers by the ruleset's names."""
    out: dict[str, int] = {}
    known = ctx.ruleset.sheet_numbers
    for entry in parsed.get("stat") or ():
        name, sep, value = entry.partition("=")
        name = name.strip().lower()
        if not sep or name not in known:
            raise CommandError(f"--stat {entry!r}: {ctx.ruleset.name} sheets have "
                               f"{', '.join(known) or 'no numbers to set'}",
                               "write --stat NAME=N, e.g. --stat " + (known[0] + "=2"
                                                                      if known else "x=1"))
        out[name] = whole_number(value, f"--stat {name}")
    if parsed.get("hp") is not None:
        out["hp"] = parsed.get("hp")
    return out


def whole_number(text: str, what: str) -> int:
    """A sheet number as typed: a whole number of at most MAX_NUMBER either way (the
    sheet's own range is the ruleset's to check)."""
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not (digits.isascii() and digits.isdigit()):
        raise CommandError(f"{what} needs a whole number, got {excerpt(text)!r}",
                           f"e.g. {what}=2")
    if len(digits) > 6:
        raise CommandError(f"{what}={excerpt(text)} is out of range: a sheet number is "
                           f"{limits.span(-limits.MAX_NUMBER, None)}", f"e.g. {what}=2")
    return int(body)


def ruleset_verbs(rs):
    """The verbs module of a ruleset (`shaper_gm.rulesets.ID.verbs`)."""
    from shaper_gm.engine import registry
    return registry.verbs_of(rs.id)


def _exactly(ctx: Context, n: int, usage: str) -> list[str]:
    if len(ctx.parsed.words) != n:
        raise CommandError(f"expected {usage}", f"e.g. {usage}")
    return list(ctx.parsed.words)

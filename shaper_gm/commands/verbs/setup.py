"""Setup verbs: new, add, remove, place, init, start."""

from __future__ import annotations

import os
import re

from shaper_gm.commands import identity, resolve
from shaper_gm.commands.acting import read_flags, read_request
from shaper_gm.commands.args import MAX_SEED, flag, parse_slot
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import slot_text
from shaper_gm.commands.table import VerbTable
from shaper_gm.dice.totals import is_total
from shaper_gm.encounter import setup
from shaper_gm.engine import events as ev
from shaper_gm.engine import grid, limits
from shaper_gm.engine import play as turns
from shaper_gm.engine.request import Request
from shaper_gm.errors import CommandError, excerpt
from shaper_gm.words import plural

GRID = re.compile(r"^(\d+)x(\d+)$", re.ASCII)
MAX_COUNT = 20
DEFAULT_SIDE = "enemies"        # `add` without --side or a template's side


verbs = VerbTable()


@verbs.command("new", group="setup", usage="new [--grid 5x5] [--ruleset ID] [--seed N]",
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
    state, events = setup.new_encounter(ruleset_id, cols, rows, seed, rs.new_system())
    request = Request("new", (), tuple(p.flags.items())).with_flags(
        {"grid": f"{cols}x{rows}", "ruleset": ruleset_id, "seed": seed,
         identity.FLAG: _identity(session, p.get(identity.FLAG))})
    return Outcome(state, events, request=request)


ADD_FLAGS = (
    flag("as", "text", metavar="TEMPLATE", completes="template", reads_file=True,
         help="a creature or character of the ruleset's content, or a sheet file"),
    flag("sheet", "text", metavar="JSON",
         help="a sheet file's content, as the log writes `--as PATH`"),
    flag("side", "text", metavar="SIDE", completes="side",
         help="the side it fights on: party, enemies or any other name, in any case "
              "(default: the template's side, else enemies)"),
    flag("at", "text", metavar="ZONE", completes="zone",
         help="where it stands on the battlefield"),
    flag("name", "text", metavar="TEXT", help="the name the screen uses"),
    flag("hp", "int", help="hit points, where the ruleset has them"),
    flag("hidden", help="keep it off the player view until `reveal` (an ambush)"))
COUNT_FLAG = flag("count", "int", metavar="N", help="add N of them: ID-1, ID-2, ...")
SPREAD_FLAG = flag("spread", help="where a cell holds one actor, one added onto a taken cell "
                                  "stands on the nearest free one (the log writes it)")
CARRY_FLAGS = (
    flag("lacks", "text", repeat=True, metavar="ITEM",
         help="an item of its sheet it comes without (dropped, thrown or used up in an "
              "earlier fight: a party's join writes it)"),
    flag("carries", "text", repeat=True, metavar="ITEM",
         help="an item it carries beyond its sheet (picked up in an earlier fight)"))
SHARED_ADD = {f.name for f in (*ADD_FLAGS, *CARRY_FLAGS)} | {"stat", "count", "spread"}


def _add_flags(rs) -> tuple:
    return (*ADD_FLAGS, flag("stat", "text", repeat=True, metavar="NAME=N",
                             help=f"a sheet number: {', '.join(rs.sheet_numbers)}"), COUNT_FLAG,
            SPREAD_FLAG, *CARRY_FLAGS)


@verbs.command("add", group="setup", rules=lambda rs: rs.term("add_rules"),
               summary="add an actor from a template, or the ruleset's default sheet",
               examples=lambda rs: tuple(rs.term("add_examples").split("|"))
               if rs.term("add_examples") else (),
               positionals=("new-id",), flags=_add_flags)
def add(ctx: Context) -> Outcome:
    """One actor (or `--count` of them) from a template or the default sheet; the flags
    a ruleset adds (`VerbTable.extend("add", ...)`) reach its `make_actor` as extras,
    resolved by its `resolve_word`."""
    p = ctx.parsed
    if len(p.words) != 1:
        raise CommandError("add: expected one new id", "e.g. add josh --as josh --at A5")
    base = p.words[0].lower()
    flags = dict(read_flags(ctx))
    if flags.get("as") and flags.get("sheet"):
        raise CommandError("add takes --as or --sheet, not both", "e.g. add josh --as josh")
    sheet, flags = ctx.ruleset.sheet_for(ctx.state, flags)
    numbers = stat_numbers(ctx, p)
    extra = {name: value for name, value in flags.items() if name not in SHARED_ADD}
    flags["side"] = side = _side(flags.get("side"), sheet, ctx.replaying)
    count = flags.get("count")
    ids = [base]
    if count is not None:
        if not 1 <= count <= MAX_COUNT:
            raise CommandError(f"--count {count} is out of range", f"use 1 to {MAX_COUNT}")
        ids = [f"{base}-{n}" for n in range(1, count + 1)]
    # A log from before spreading (no --spread) stacks them as it did then.
    spread = ctx.ruleset.one_per_cell and bool(flags.get("spread") or not ctx.replaying)
    state, events = ctx.state, []
    for n, actor_id in enumerate(ids, 1):
        name = flags.get("name")
        if name and count:
            name = f"{name} {n}"
        elif not name and sheet and count:
            name = f"{sheet.name} {n}"
        at = _free_cell(state, ctx.ruleset, flags.get("at")) if spread else flags.get("at")
        if at != flags.get("at"):
            flags["spread"] = True
        spec = setup.NewActor(actor_id, sheet, side, at, name, tuple(numbers.items()),
                              tuple(extra.items()), *_items(flags))
        state, added = setup.add_actor(state, ctx.ruleset, spec)
        if flags.get("hidden"):
            state = state.with_actor(state.actors[actor_id].with_(hidden=True))
            added = [*added, ev.Hidden(actor_id, True)]
        events += added
    return Outcome(state, events, request=Request("add", (("new-id", base),),
                                                  tuple(flags.items())))


def _items(flags: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`--lacks` and `--carries`: item ids, as the log writes them."""
    return tuple(tuple(i.lower() for i in flags.get(name) or ()) for name in ("lacks",
                                                                          "carries"))


def _free_cell(state, rs, at: str | None) -> str | None:
    """Where an added actor stands where a cell holds one standing actor: `at`, or, when
    someone stands there, the nearest free cell (reading order among the nearest)."""
    if at is None:
        return None
    cell = grid.parse_cell(rs.canonical_zone(at, state.cols, state.rows), state.cols,
                           state.rows)
    found = grid.free_near(state, cell)
    if found is None:
        raise CommandError("no free cell is left on the battlefield", "remove someone first")
    return at if found == cell else grid.cell_name(found)


def _side(typed: str | None, sheet, replaying: bool) -> str | None:
    """The side typed (lowercase: `read_flags`); without one, a template's own side, else
    DEFAULT_SIDE in every ruleset, written into the log. A logged line from before that
    (replayed, no side) keeps its ruleset's old default."""
    if typed is not None or sheet is not None or replaying:
        return typed
    return DEFAULT_SIDE


@verbs.command("remove", group="setup", words={"actor": "ID"},
               summary="take an actor (and its summons) out of the encounter",
               examples=("remove goblin-2",), positionals=("actor",), aliases=("rm",))
def remove(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*setup.remove_actor(ctx.state, ctx.ruleset, request.actor), request=request)


@verbs.command("place", group="setup", words={"actor": "ID", "zone": "ZONE"},
               summary="put an actor in a zone, at no action cost (setup and GM fixes)",
               examples=("place josh A5",), positionals=("actor", "zone"))
def place(ctx: Context) -> Outcome:
    request = read_request(ctx)
    state, events = setup.place(ctx.state, ctx.ruleset, request.actor, request.arg("zone"))
    return Outcome(state, events, request=request)


@verbs.command(
    "init", group="setup", rules=lambda rs: rs.term("init_rule"), positionals=("actors*",),
    usage="init | init ID ID ... | init ID --roll FACES | init ID --before|--after ID",
    summary="roll the turn order (keeping rolls entered by hand), set it by hand, enter a "
            "roll, or move one actor in it",
    examples=("init", "init josh monica goblin-1", "init josh --roll 5,5,3",
              "init josh --roll =13", "init goblin-1 --after josh"),
    flags=(flag("roll", "text", repeat=True, metavar="[ID=]FACES",
                help="an initiative roll's faces, or =N for the total called out, for "
                     "the actor named or ID"),
           flag("rolled", "text", repeat=True, metavar="ID=FACES",
                help="faces the tool rolled for ID, as the log keeps them (not entered)"),
           flag("before", "text", metavar="ID", completes="actor",
                help="move the actor just before ID in the order"),
           flag("after", "text", metavar="ID", completes="actor",
                help="move the actor just after ID in the order")))
def init(ctx: Context) -> Outcome:
    p, state, rs = ctx.parsed, ctx.state, ctx.ruleset
    ids = [resolve.actor(state, w) for w in p.words]
    request = Request("init", (("actors", ids),), tuple(p.flags.items()))
    anchor = p.get("before") or p.get("after")
    if anchor:
        if len(ids) != 1 or p.get("roll") or p.get("rolled") or (p.get("before")
                                                                  and p.get("after")):
            raise CommandError("init ID --before|--after ID moves one actor",
                               "e.g. init goblin-1 --after josh")
        other = resolve.actor(state, anchor)
        key = "before" if p.get("before") else "after"
        return Outcome(*setup.move_in_order(state, ids[0], **{key: other}),
                       request=request.with_flags({key: other}))
    if ids and not p.get("roll"):
        return Outcome(*setup.set_order(state, ids), request=request)
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
        given = _named_rolls(state, p.get("roll"), "roll")
    entered = set(given)
    rolled_given = _named_rolls(state, p.get("rolled"), "rolled")
    for faces in (*given.values(), *rolled_given.values()):
        rs.check_faces("roll", faces)
    state, events, rolls = setup.roll_initiative(state, rs, ctx.dice, {**rolled_given, **given},
                                                 only=ids or None, entered=entered)
    if ids:
        return Outcome(state, events,
                       request=request.with_flags({"roll": [slot_text(rolls[0][2])]}))
    # What the GM entered stays --roll; what the tool rolled is logged as --rolled, so a
    # replay keeps the one and not the other as entered.
    typed = [f"{a}={slot_text(taken)}" for a, _, taken in rolls if a in entered]
    tool = [f"{a}={slot_text(taken)}" for a, _, taken in rolls if a not in entered]
    return Outcome(state, events, request=request.with_flags({"roll": typed or None,
                                                              "rolled": tool or None}))


def _named_rolls(state, entries, flag_name: str) -> dict[str, object]:
    """`--roll ID=FACES` (or `--rolled`) values by resolved actor id."""
    out: dict[str, object] = {}
    for entry in entries or []:
        who, sep, faces = entry.partition("=")
        if not sep:
            raise CommandError(f"--{flag_name} {entry!r}: name the actor",
                               f"write --{flag_name} ID=FACES, e.g. --{flag_name} josh=5,5,3")
        out[resolve.actor(state, who)] = parse_slot(faces, flag_name)
    return out


@verbs.command("start", group="setup", rules=lambda rs: rs.term("start_rules"),
               summary="begin round 1 with the first actor's turn", examples=("start",))
def start(ctx: Context) -> Outcome:
    _exactly(ctx, 0, "start")
    return Outcome(*turns.start_fight(ctx.state, ctx.ruleset), request=Request("start"))


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
    raise CommandError(f"new would start over: this encounter has {plural(done, 'command')} "
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


def stat_numbers(ctx: Context, parsed) -> dict[str, int]:
    """`--stat NAME=N` (repeatable) and `--hp N`: sheet numbers by the ruleset's names."""
    out: dict[str, int] = {}
    known = ctx.ruleset.sheet_numbers
    own_hp = getattr(ctx.ruleset, "hp_key", "hp")      # the number hp reads, by its name
    for entry in parsed.get("stat") or ():
        name, sep, value = entry.partition("=")
        name = name.strip().lower()
        if not sep or name not in known and (name != own_hp or own_hp == "hp"):
            raise CommandError(f"--stat {entry!r}: {ctx.ruleset.name} sheets have "
                               f"{', '.join(known) or 'no numbers to set'}",
                               "write --stat NAME=N, e.g. --stat " + (known[0] + "=2"
                                                                      if known else "x=1"))
        out[name] = whole_number(value, f"--stat {name}")
    if parsed.get("hp") is not None:
        refused = ctx.ruleset.term("no_hp") if hasattr(ctx.ruleset, "term") else ""
        if refused:                  # hit points that are another count's other side
            raise CommandError(f"--hp: {refused}", f"set --stat {own_hp}=N")
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


def _exactly(ctx: Context, n: int, usage: str) -> list[str]:
    if len(ctx.parsed.words) != n:
        raise CommandError(f"expected {usage}", f"e.g. {usage}")
    return list(ctx.parsed.words)

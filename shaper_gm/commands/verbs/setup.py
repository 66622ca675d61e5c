"""Setup verbs: new, add, remove, place, init, start."""

from __future__ import annotations

import json
import re
import secrets

from shaper_gm.commands import resolve
from shaper_gm.commands.args import MAX_SEED, ascii_digits, flag, names_a_file, parse_faces
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.encounter import setup, turns
from shaper_gm.errors import CommandError

GRID = re.compile(r"^(\d{1,3})x(\d{1,3})$", re.ASCII)
MAX_COUNT = 20


def register(reg: Registry) -> None:
    @reg.command("new", group="setup", usage="new [--grid 5x5] [--ruleset shaper] [--seed N]",
                 summary="start a new encounter on an empty battlefield", rules="S9",
                 examples=("new", "new --grid 6x4 --seed 7"),
                 flags=(flag("grid", "text", metavar="COLSxROWS"),
                        flag("ruleset", "text", metavar="NAME", completes="ruleset"),
                        flag("seed", "int", metavar="N")))
    def new(ctx: Context) -> Outcome:
        p = ctx.parsed
        if p.words:
            raise CommandError(f"new takes no words, got {' '.join(p.words)!r}",
                               "e.g. new --grid 5x5")
        ruleset_id = p.get("ruleset", "shaper")
        if ruleset_id not in ctx.library.rulesets:
            raise CommandError(f"no ruleset {ruleset_id!r}",
                               f"known: {', '.join(sorted(ctx.library.rulesets))}")
        numbers = ctx.library.rulesets[ruleset_id]
        cols, rows = numbers.grid_cols, numbers.grid_rows
        if p.get("grid") is not None:
            m = GRID.match(p.get("grid").lower())
            if not m:
                raise CommandError(f"--grid {p.get('grid')!r} is not COLSxROWS", "e.g. --grid 5x5")
            cols, rows = int(m.group(1)), int(m.group(2))
        session = ctx.session
        if session.save_path is not None and len(session.history) > 1:
            raise CommandError(f"new would replace the fight saved in {session.save_path} "
                               f"({len(session.history)} commands)",
                               "that fight stays as it is: quit, then start shaper-gm "
                               "for a new encounter")
        seed = p.get("seed")
        if seed is None:
            seed = session.default_seed
        if seed is None:
            seed = secrets.randbelow(10**6)
        if not 0 <= seed <= MAX_SEED:
            raise CommandError(f"--seed {seed} is out of range", f"use 0 to {MAX_SEED}")
        p.flags.update(grid=f"{cols}x{rows}", ruleset=ruleset_id, seed=seed)
        state, events = setup.new_encounter(ruleset_id, cols, rows, seed)
        return Outcome(state, events)

    @reg.command(
        "add", group="setup", rules="S27-S29",
        usage="add ID [--as TEMPLATE] [--side SIDE] [--at ZONE] [--name TEXT] [--level N] "
              "[--vigor N] [--finesse N] [--mentality N] [--hp N] [--weapon ITEM]... "
              "[--shield] [--armor ITEM] [--skill SKILL[:LEVEL]]... [--holding ITEM]... "
              "[--count N]",
        summary="add an actor from a template or the level-1 creation rules",
        examples=("add josh --as josh --at A5", "add goblin --as bandit --count 3 --at D1",
                  "add zed --finesse 1 --weapon longbow --weapon dagger --skill longshot"),
        positionals=("new-id",),
        flags=(flag("as", "text", metavar="TEMPLATE", completes="template", reads_file=True),
               flag("sheet", "text", metavar="JSON",
                    help="a sheet file's content, as the log writes `--as PATH`"),
               flag("side", "text", metavar="SIDE", completes="side"),
               flag("at", "text", metavar="ZONE", completes="zone"),
               flag("name", "text", metavar="TEXT"),
               flag("level", "int"), flag("vigor", "int"), flag("finesse", "int"),
               flag("mentality", "int"), flag("hp", "int"),
               flag("weapon", "text", repeat=True, metavar="ITEM", completes="weapon"),
               flag("shield"), flag("armor", "text", metavar="ITEM", completes="armor"),
               flag("skill", "text", repeat=True, metavar="SKILL[:LEVEL]", completes="skill"),
               flag("holding", "text", repeat=True, metavar="ITEM", completes="weapon"),
               flag("count", "int", metavar="N")))
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
            sheet = logged_sheet(ctx, p.get("sheet"))
        overrides = _overrides(ctx, p)
        if overrides.get("hp") is not None and overrides["hp"] < 1:
            raise CommandError(f"--hp {overrides['hp']}: an actor starts with 1 HP or more",
                               "e.g. --hp 12")
        count = p.get("count")
        ids = [base]
        if count is not None:
            if not 1 <= count <= MAX_COUNT:
                raise CommandError(f"--count {count} is out of range", f"use 1 to {MAX_COUNT}")
            ids = [f"{base}-{n}" for n in range(1, count + 1)]
        holding = tuple(p.get("holding")) if p.get("holding") else None
        state, events = ctx.state, []
        for n, actor_id in enumerate(ids, 1):
            name = p.get("name")
            if name and count:
                name = f"{name} {n}"
            elif not name and sheet and count:
                name = f"{sheet.name} {n}"
            spec = setup.NewActor(actor_id, sheet, p.get("side"), p.get("at"), name,
                                  tuple(overrides.items()), holding)
            state, added = setup.add_actor(state, ctx.ruleset, ctx.library, spec)
            events += added
        return Outcome(state, events)

    @reg.command("remove", group="setup", usage="remove ID", rules="S21",
                 summary="take an actor (and its summons) out of the encounter",
                 examples=("remove goblin-2",), positionals=("actor",), aliases=("rm",))
    def remove(ctx: Context) -> Outcome:
        (word,) = _exactly(ctx, 1, "remove ID")
        actor_id = resolve.actor(ctx.state, word)
        ctx.parsed.words[:] = [actor_id]
        return Outcome(*setup.remove_actor(ctx.state, actor_id))

    @reg.command("place", group="setup", usage="place ID ZONE", rules="S9",
                 summary="put an actor in a zone, at no action cost (setup and GM fixes)",
                 examples=("place josh A5",), positionals=("actor", "zone"))
    def place(ctx: Context) -> Outcome:
        word, zone = _exactly(ctx, 2, "place ID ZONE")
        actor_id = resolve.actor(ctx.state, word)
        state, events = setup.place(ctx.state, ctx.ruleset, actor_id, zone)
        ctx.parsed.words[:] = [actor_id, state.actors[actor_id].zone]
        return Outcome(state, events)

    @reg.command(
        "init", group="setup", rules="S17", positionals=("actors*",),
        usage="init | init ID ID ... | init ID --roll FACES | init ID --before|--after ID",
        summary="roll the turn order, set it by hand, enter a roll, or move one actor in it",
        examples=("init", "init josh monica goblin-1", "init josh --roll 5,5,3",
                  "init goblin-1 --after josh"),
        flags=(flag("roll", "text", repeat=True, metavar="[ID=]FACES"),
               flag("before", "text", metavar="ID", completes="actor"),
               flag("after", "text", metavar="ID", completes="actor")))
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
        given: dict[str, tuple[int, ...]] = {}
        if len(ids) == 1:
            if len(p.get("roll")) != 1 or "=" in p.get("roll")[0]:
                raise CommandError("init ID --roll FACES enters one roll",
                                   "e.g. init josh --roll 5,5,3")
            given[ids[0]] = parse_faces(p.get("roll")[0], "roll")
        elif ids:
            raise CommandError("init with several ids sets the order by hand; --roll is for one",
                               "drop --roll, or name one actor")
        else:
            for entry in p.get("roll") or []:
                who, sep, faces = entry.partition("=")
                if not sep:
                    raise CommandError(f"--roll {entry!r}: name the actor",
                                       "write --roll ID=FACES, e.g. --roll josh=5,5,3")
                given[resolve.actor(state, who)] = parse_faces(faces, "roll")
        state, events, rolls = setup.roll_initiative(state, rs, ctx.dice, given,
                                                     only=ids or None)
        if ids:
            p.flags["roll"] = [",".join(map(str, rolls[0][2]))]
        else:
            p.flags["roll"] = [f"{a}={','.join(map(str, faces))}" for a, _, faces in rolls]
        return Outcome(state, events)

    @reg.command("start", group="setup", usage="start", rules="S17, S18, S22",
                 summary="begin round 1 with the first actor's turn", examples=("start",))
    def start(ctx: Context) -> Outcome:
        _exactly(ctx, 0, "start")
        return Outcome(*turns.start_fight(ctx.state, ctx.ruleset))


def template(ctx: Context, name: str):
    """A content creature or character, or a sheet YAML file the GM points at. A file's
    content goes into the logged line (`--sheet`), so the log never reads a file."""
    found = ctx.library.template(name.lower())
    if found is not None:
        return found
    if names_a_file(name):
        return _sheet_file(ctx, name)
    known = sorted([*ctx.library.characters, *ctx.library.creatures])
    return ctx.library.template(resolve.match_one(name, known, "template"))


def _sheet_file(ctx: Context, name: str):
    from pathlib import Path

    from shaper_gm.content.loader import load_sheet_file
    from shaper_gm.persist.yamlio import load_yaml_file
    sheet = load_sheet_file(name, ctx.library)          # checked, errors named
    payload = {"id": Path(name).stem.lower(), "data": load_yaml_file(name)}
    try:
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        raise CommandError(f"--as {name}: the sheet holds values a log line cannot carry",
                           "keep to numbers, text and lists in the sheet") from None
    del ctx.parsed.flags["as"]
    ctx.parsed.flags["sheet"] = text
    return sheet


def logged_sheet(ctx: Context, text: str):
    """The sheet a log line carries in `--sheet` (see `_sheet_file`)."""
    from shaper_gm.content.loader import sheet_from_data
    try:
        payload = json.loads(text)
        default_id, data = payload["id"], payload["data"]
    except (ValueError, TypeError, KeyError):
        raise CommandError("--sheet is not a sheet written by add --as PATH",
                           "use add ID --as TEMPLATE or --as a sheet file") from None
    if not isinstance(default_id, str):
        raise CommandError("--sheet has no sheet id", "use add ID --as a sheet file")
    return sheet_from_data(data, ctx.library, "the logged sheet", default_id)


def _overrides(ctx: Context, p) -> dict:
    out: dict = {}
    for key in ("level", "vigor", "finesse", "mentality", "hp"):
        if p.get(key) is not None:
            out[key] = p.get(key)
    if p.get("weapon"):
        out["weapons"] = tuple(w.lower() for w in p.get("weapon"))
    if p.get("shield"):
        shields = sorted(ctx.library.shields)
        if not shields:
            raise CommandError("the content has no shield", "add one under content/shields")
        out["shield"] = "shield" if "shield" in shields else shields[0]
    if p.get("armor"):
        out["armor"] = p.get("armor").lower()
    if p.get("skill"):
        skills = {}
        for entry in p.get("skill"):
            sid, _, level = entry.lower().partition(":")
            if level and not (ascii_digits(level) and len(level) <= 4):
                raise CommandError(f"--skill {entry!r}: the level must be a number",
                                   "e.g. --skill longshot:2")
            skills[sid] = int(level) if level else 1
        out["skills"] = skills
    return out


def _exactly(ctx: Context, n: int, usage: str) -> list[str]:
    if len(ctx.parsed.words) != n:
        raise CommandError(f"expected {usage}", f"e.g. {usage}")
    return list(ctx.parsed.words)

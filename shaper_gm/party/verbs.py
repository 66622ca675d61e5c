"""The `party` and `rest` verbs: a party made, filled, shown, kept, brought into a fight
and rested. File verbs: never logged themselves; a join's `add`, `set` and `effect`
lines are, so the encounter's save replays without the party file."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from shaper_gm.commands import identity, resolve, undo_steps
from shaper_gm.commands.args import flag, quote
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine import ending
from shaper_gm.errors import CommandError
from shaper_gm.party.member import Member

if TYPE_CHECKING:
    from shaper_gm.party import lasting, store
    from shaper_gm.party.rules import describe, party_rules

verbs = VerbTable()

USAGE = ("party new NAME | party add ACTOR... | party show [NAME] | party keep | "
         "party join NAME [--at ID=ZONE]... | party use NAME")


@verbs.command("party", group="file", logged=False, takes_file=True, usage=USAGE,
               positionals=("new|add|show|keep|join|use", "words*"),
               summary="a party that carries its wounds, spent resources and items from fight "
                       "to fight: made, filled from this encounter, shown, kept, brought in",
               examples=("party new heroes", "party add josh monica", "party keep",
                         "party join heroes --at josh=A1 --at monica=A2", "party show"),
               flags=(flag("at", "text", repeat=True, metavar="ID=ZONE",
                           help="where a member joins (party join)"),))
def party(ctx: Context) -> Outcome:
    _load_store()
    words = ctx.parsed.words
    what = words[0].lower() if words else ""
    handler = {"new": _new, "add": _add, "show": _show, "keep": _keep, "join": _join,
               "use": _use}.get(what)
    if handler is None:
        raise CommandError(f"party {what!r} is not something a party does" if what else
                           "party needs what to do", f"e.g. {USAGE}")
    said = handler(ctx, words[1:])
    return said if isinstance(said, Outcome) else Outcome(view=Message(said))


@verbs.command("rest", group="file", logged=False, takes_file=True, usage="rest KIND",
               positionals=("kind",),
               summary="the party rests between fights: its ruleset's rest of that kind "
                       "gives back what it says (a before/after table)",
               examples=("rest long", "rest short"))
def rest(ctx: Context) -> Outcome:
    _load_store()
    words = ctx.parsed.words
    name = _current(ctx)
    rs = ctx.ruleset
    rules = party_rules(rs)
    kinds = ", ".join(r.name for r in rules.rests) or "none"
    if len(words) != 1 or rules.rest(words[0]) is None:
        raise CommandError(f"{rs.name} has no rest {' '.join(words)!r}" if words
                           else "rest needs a kind", f"its rests: {kinds}")
    chosen = rules.rest(words[0])
    before = store.read_party(name)
    after = store.update_party(name, lambda p: p.members.update(
        {m.id: lasting.rested(m, chosen, *_maxima(ctx, m)) for m in p.members.values()}))
    rows = [(before.members[m].name if n == 0 else "", key, old, new)
            for m in after.members
            for n, (key, old, new) in enumerate(_changes(before.members[m], after.members[m])
                                                or [("", "unchanged", "")])]
    return Outcome(view=Message("\n".join([f"The party {name} takes a {chosen.name} rest "
                                           f"({describe(chosen)}):",
                                           *_table(("Member", "", "Before", "After"),
                                                   rows)])))


# --- the party's verbs -------------------------------------------------------------

def _new(ctx: Context, words: list[str]) -> str:
    if len(words) != 1:
        raise CommandError("party new takes one name", "e.g. party new heroes")
    made = store.create_party(words[0].lower(), ctx.state.ruleset)
    ctx.session.party = made.name
    return (f"Party {made.name} made ({store.party_path(made.name)}); party add ACTOR... "
            "takes members from this fight")


def _add(ctx: Context, words: list[str]) -> str:
    name = _current(ctx)
    if not words:
        raise CommandError("party add needs who", "e.g. party add josh monica")
    ids = [resolve.actor(ctx.state, w) for w in words]
    rules = party_rules(ctx.ruleset)
    members = [lasting.member_of(ctx.session, i, rules) for i in ids]

    def put(p: store.Party) -> None:
        _same_ruleset(p, ctx.state.ruleset)
        p.members.update({m.id: m for m in members})
    store.update_party(name, put)
    return f"{', '.join(m.name for m in members)} now in the party {name}"


def _show(ctx: Context, words: list[str]) -> str:
    name = words[0].lower() if words else _current(ctx)
    p = store.read_party(name)
    lines = [f"Party {p.name} ({p.ruleset}): {len(p.members)} members"]
    lines += [f"  {m.name} ({m.id}): {_numbers(m)}" for m in p.members.values()]
    if p.history:
        lines.append("Fights:")
        lines += [f"  {h.get('save', '?')}: {h.get('result', '?')}" for h in p.history]
    return "\n".join(lines)


def _keep(ctx: Context, words: list[str]) -> str:
    if words:
        raise CommandError("party keep takes no more words", "party keep")
    _current(ctx)
    return keep_party(ctx.session)


def keep_party(session) -> str:
    """Write back what this fight left each member in it, and the fight into the
    party's history (once per encounter: a later keep replaces it)."""
    _load_store()
    name = session.party
    state = session.state
    rs = session.ruleset_for(state)
    rules = party_rules(rs)

    def keep(p: store.Party) -> None:
        _same_ruleset(p, state.ruleset)
        for member_id in p.members:
            if member_id in state.actors:
                p.members[member_id] = lasting.member_of(session, member_id, rules)
        entry = _fight(session)
        p.history = [h for h in p.history if h.get("encounter") != entry["encounter"]]
        p.history.append(entry)
    kept = store.update_party(name, keep)
    here = [m.name for m in kept.members.values() if m.id in state.actors]
    return f"The party {name} keeps what this fight left them: {', '.join(here) or 'nobody'}"


def _use(ctx: Context, words: list[str]) -> str:
    """The party goes with this encounter (its members in it already): kept when it ends."""
    p = _named(ctx, words, "use")
    ctx.session.party = p.name
    return f"The party {p.name} goes with this fight: it keeps what the fight leaves it"


def _join(ctx: Context, words: list[str]) -> Outcome:
    p = _named(ctx, words, "join")
    return bring_in(ctx.session, p, _places(ctx, p))


def bring_in(session, p: store.Party, places: dict[str, str]) -> Outcome:
    """The party's members into the encounter, each by its `add` line (where it stands,
    what it lacks and carries) and the `set` and `effect` lines of its lasting state:
    one undo step, or, if any line is refused, none of them."""
    clash = [m for m in p.members if m in session.state.actors]
    if clash:
        raise CommandError(f"{', '.join(clash)} is in this fight already",
                           "remove it first, or party keep to write it back")
    events: list = []
    with undo_steps.one_step(session):
        for member in p.members.values():
            for line in lasting.join_lines(member, places.get(member.id)):
                events += session.execute(line).events
            for line in lasting.settings(member, session.state.actors[member.id],
                                         session.ruleset_for(session.state).settable_fields()):
                events += session.execute(line).events
    session.party = p.name
    names = ", ".join(m.name for m in p.members.values())
    return Outcome(view=Message(f"The party {p.name} joins: {names} (undo takes them back)"),
                   events=tuple(events))


# --- new --party NAME -------------------------------------------------------------

PARTY_FLAGS = (flag("party", "text", metavar="NAME",
                    help="bring this party in (its ruleset unless --ruleset says it): "
                         "one undo step"),
               flag("at", "text", repeat=True, metavar="ID=ZONE",
                    help="where a member of the party joins"))


def install(registry, rs) -> None:
    """The party's verbs, and `new --party NAME [--at ID=ZONE]...`: a new encounter the
    party joins, its `new` and the join's lines landing whole or not at all."""
    verbs.install(registry, rs)
    plain = registry.verbs["new"]

    def new(ctx: Context) -> Outcome:
        name = ctx.parsed.get("party")
        if name is None:
            if ctx.parsed.get("at"):
                raise CommandError("new --at places the members of a party",
                                   "new --party NAME --at ID=ZONE")
            return plain.handler(ctx)
        _load_store()
        p = store.read_party(name.lower())
        ruleset = str(ctx.parsed.get("ruleset") or p.ruleset).lower()
        _same_ruleset(p, ruleset)
        places = _places(ctx, p)
        given = {**ctx.parsed.flags, "ruleset": ruleset}
        line = "new" + "".join(f" --{key} {quote(str(value))}" for key, value in given.items()
                               if key not in ("party", "at") and value is not None)
        session = ctx.session
        with undo_steps.one_step(session):
            made = session.execute(line)
            joined = bring_in(session, p, places)
        return replace(joined, events=(*made.events, *joined.events))
    registry.verbs["new"] = replace(
        plain, handler=new, flags=(*plain.flags, *PARTY_FLAGS),
        usage=f"{plain.usage} [--party NAME [--at ID=ZONE]...]",
        examples=(*plain.examples, "new --party heroes --at josh=A1 --at monica=A2"))


# --- helpers ------------------------------------------------------------------------

def _load_store() -> None:
    """The party's modules (the file's, with the save machinery it locks by; what
    lasts) when first used: a shell or a script that never names a party loads none."""
    global store, lasting, describe, party_rules
    from shaper_gm.party import lasting, store
    from shaper_gm.party.rules import describe, party_rules


def _current(ctx: Context) -> str:
    if ctx.session.party is None:
        raise CommandError("no party goes with this encounter",
                           "party new NAME makes one; party join NAME brings one in")
    return ctx.session.party


def _named(ctx: Context, words: list[str], what: str) -> store.Party:
    """The party `party WHAT NAME` names, of this encounter's ruleset."""
    if len(words) != 1:
        raise CommandError(f"party {what} takes the party's name", f"e.g. party {what} heroes")
    p = store.read_party(words[0].lower())
    _same_ruleset(p, ctx.state.ruleset)
    return p


def _same_ruleset(p: store.Party, ruleset: str) -> None:
    if p.ruleset != ruleset:
        raise CommandError(f"the party {p.name} plays {p.ruleset}; this encounter plays "
                           f"{ruleset}", "a party stays with its ruleset")


def _places(ctx: Context, p: store.Party) -> dict[str, str]:
    out = {}
    for pair in ctx.parsed.get("at") or []:
        who, _, zone = pair.partition("=")
        if who.lower() not in p.members or not zone:
            raise CommandError(f"--at {pair}: not a member and a zone",
                               f"members: {', '.join(p.members)}; e.g. --at josh=A1")
        out[who.lower()] = zone
    return out


def _fight(session) -> dict:
    state = session.state
    log = session.log
    result = ending.result_text(state) or f"unfinished, round {state.round}"
    path = getattr(session.keeper, "path", None) or session.save_path
    return {"encounter": identity.of_line(log[0]) if log else None,
            "save": str(path) if path else None, "result": result, "entries": len(log)}


def _table(heads: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    """Rows in columns as wide as their widest cell."""
    widths = [max(len(r[i]) for r in (heads, *rows)) for i in range(len(heads))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
            for row in (heads, *rows)]


def _changes(before: Member, after: Member) -> list[tuple[str, str, str]]:
    """(what, before, after) of each number a rest changed."""
    out = [("HP", str(before.hp), str(after.hp))] if before.hp != after.hp else []
    return out + [(key, str(before.resources.get(key)), str(value))
                  for key, value in after.resources.items()
                  if before.resources.get(key) != value]


def _numbers(member: Member) -> str:
    parts = ([f"HP {member.hp}"] if member.hp is not None else []) + \
        [f"{k} {v}" for k, v in member.resources.items()] + \
        [e["name"] for e in member.effects] + \
        [f"{what} {', '.join(items)}" for what, items in (("without", member.lacks),
                                                          ("carries", member.carries)) if items]
    return ", ".join(parts) or "–"


def _maxima(ctx: Context, member: Member) -> tuple[int | None, dict[str, int | None]]:
    """Its maximum HP and resources, from a fight of its own that its add line makes."""
    rs, actor = lasting.as_added(ctx.session, member.add)
    maxima = {}
    for spec in rs.resources:
        most = spec.max
        maxima[spec.name] = most if isinstance(most, int) or most is None else \
            rs.stat(actor.sheet, most)
    return actor.max_hp, maxima

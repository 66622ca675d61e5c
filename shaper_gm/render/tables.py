"""The two views the GM looks at most: the turn-order table and the battlefield map."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from shaper_gm.render.text import kind

PARTY, ENEMIES = "party", "enemies"
OTHER_COLOURS = ("yellow", "magenta", "cyan", "blue", "bright_white")
BAR = 5            # cells in an HP bar
ACTING = "▶"
ENGAGED = "⚔"
NAME_WIDTH = 20    # the turn-order table's Name column shrinks no further than this

# What a full pool looks like for an actor (the ruleset's `new_pool`), when known.
FullPool = Callable[[object], Mapping[str, int]]


def side_colours(state) -> dict[str, str]:
    """party green, enemies red, every other side its own colour (stable by name)."""
    colours = {PARTY: "green", ENEMIES: "red"}
    others = sorted({a.side for a in state.actors.values()} - set(colours))
    for i, side in enumerate(others):
        colours[side] = OTHER_COLOURS[i % len(OTHER_COLOURS)]
    return colours


def engagement_tags(state) -> dict[str, int]:
    """actor id -> engagement number (1, 2, ...), numbered by their sorted members."""
    groups = sorted(sorted(g) for g in state.engagements)
    return {member: i for i, group in enumerate(groups, 1) for member in group}


def label(actor) -> str:
    """``Josh``, or ``Taylor's Minion (taylor-minion)`` when the id is not the name."""
    slug = actor.name.lower().replace(" ", "-")
    return actor.name if slug == actor.id else f"{actor.name} ({actor.id})"


def name_cell(actor, state, depth: int) -> str:
    """The turn-order Name: marker, tree branch for a summon, name, id below if long."""
    marker = ACTING if state.controls_turn(actor.id) and actor.summoner is None else " "
    branch = "└ " if depth else ""
    name = actor.name
    summoner = state.actors.get(actor.summoner) if actor.summoner else None
    if depth and summoner and name.startswith(f"{summoner.name}'s "):
        name = name[len(summoner.name) + 3:]          # "Taylor's Minion" under Taylor
    text = f"{marker} {branch}{name}"
    if actor.name.lower().replace(" ", "-") == actor.id:
        return text
    if len(text) + len(actor.id) + 3 <= NAME_WIDTH:
        return f"{text} ({actor.id})"
    return f"{text}\n{' ' * (2 + len(branch))}({actor.id})"


def hp_bar(hp: int, max_hp: int) -> Text:
    filled = 0 if max_hp <= 0 else round(BAR * max(0, hp) / max_hp)
    if hp > 0:
        filled = max(filled, 1)
    ratio = hp / max_hp if max_hp else 0
    style = "green" if ratio > 0.5 else "yellow" if ratio > 0.25 else "red"
    text = Text("█" * filled, style=style)
    text.append("░" * (BAR - filled), style="dim")
    text.append(f" {hp}/{max_hp}")
    return text


def hp_cell(actor) -> Text:
    """The HP bar, or DOWN in its place (S8)."""
    if actor.down:
        return Text.assemble(("DOWN", "bold red"), f"  {actor.hp}/{actor.max_hp}")
    return hp_bar(actor.hp, actor.max_hp)


def pips(actor, full: Mapping[str, int] | None) -> Text:
    """● per action left, ○ per action spent, one group per pool kind (S18)."""
    text = Text()
    for i, (name, left) in enumerate(actor.pool):
        size = max(left, (full or {}).get(name, left))
        if i:
            text.append(" ")
        text.append("●" * left, style="bold")
        text.append("○" * (size - left), style="dim")
    return text


def pool_legend(actor) -> str:
    return " ".join(kind(name) for name, _ in actor.pool)


def _rows(state) -> list[tuple[object, int]]:
    """Actors in turn order, each summon right under its summoner (depth 1)."""
    order = [a for a in state.order if a in state.actors]
    order += [a for a in state.actors if a not in order]
    placed: list[tuple[object, int]] = []
    for actor_id in order:
        actor = state.actors[actor_id]
        if actor.summoner is not None and actor.summoner in state.actors:
            continue
        placed.append((actor, 0))
        placed += [(state.actors[s], 1) for s in order if state.actors[s].summoner == actor_id]
    return placed


def order_table(state, full_pool: FullPool | None = None) -> Table:
    """The turn order: who acts, HP, actions left, SP, zone, engagement and effects."""
    colours = side_colours(state)
    sample = next((a for a in state.actors.values() if a.pool), None)
    caption = "▶ acting · ● action left, ○ spent"
    if sample is not None:
        caption += f" ({pool_legend(sample)})"
    title = f"Round {state.round}" if state.round else "Before the fight"
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, show_edge=False,
                  padding=0, pad_edge=False,
                  title_justify="left", caption_justify="left", title_style="bold",
                  caption_style="dim")
    rows = _rows(state)
    names = [name_cell(actor, state, depth) for actor, depth in rows]
    table.add_column("Name", no_wrap=True, overflow="ellipsis", max_width=NAME_WIDTH)
    for header in ("Side", "HP", "Actions", "SP", "Zone"):
        table.add_column(header, no_wrap=True)
    table.add_column("Engaged")
    table.add_column("Effects")
    table.add_column("Init", justify="right", no_wrap=True)
    for (actor, _), name in zip(rows, names, strict=True):
        acting = state.controls_turn(actor.id) and actor.summoner is None
        full = full_pool(actor.stats) if full_pool else None
        effects = ", ".join(e.name for e in actor.effects)
        table.add_row(Text(name, style=colours.get(actor.side, "")), actor.side,
                      hp_cell(actor), pips(actor, full),
                      f"{actor.sp}/{actor.max_sp}", actor.zone or "–",
                      ", ".join(state.engaged_with(actor.id)) or "–", effects or "–",
                      "–" if actor.initiative is None else str(actor.initiative),
                      style="dim" if actor.down else ("bold" if acting else ""))
    return table


# --- the map ----------------------------------------------------------------------------

def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (S9)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def token(actor, state, tags: Mapping[str, int], colours: Mapping[str, str]) -> Text:
    style = colours.get(actor.side, "")
    if actor.down:
        style += " dim strike"
    text = Text()
    if state.controls_turn(actor.id) and actor.summoner is None:
        text.append(ACTING, style="bold")
    text.append(actor.id, style=style)
    if actor.id in tags:
        text.append(f" {ENGAGED}{tags[actor.id]}", style="bold")
    if actor.down:
        text.append(" †", style="red")
    return text


def map_grid(state) -> Group:
    """The battlefield: columns A.., rows 1.., each zone's actors; engagements tagged."""
    colours = side_colours(state)
    tags = engagement_tags(state)
    table = Table(box=box.SQUARE, show_lines=True, padding=(0, 1), pad_edge=True)
    table.add_column("", justify="right", no_wrap=True)
    for col in range(state.cols):
        table.add_column(column_name(col), justify="left", overflow="ellipsis", no_wrap=True,
                         min_width=4)
    cells: dict[str, list[Text]] = {}
    for actor_id in [*state.order, *sorted(set(state.actors) - set(state.order))]:
        actor = state.actors.get(actor_id)
        if actor is not None and actor.zone:
            cells.setdefault(actor.zone, []).append(token(actor, state, tags, colours))
    for row in range(state.rows):
        zones = [f"{column_name(col)}{row + 1}" for col in range(state.cols)]
        table.add_row(str(row + 1), *(Text("\n").join(cells.get(z, [])) for z in zones))
    return Group(table, *map_legend(state, tags, colours))


def map_legend(state, tags: Mapping[str, int], colours: Mapping[str, str]) -> list[Text]:
    sides = Text("Sides: ")
    for i, side in enumerate(sorted({a.side for a in state.actors.values()})):
        if i:
            sides.append(", ")
        sides.append(f"{side} ({colours[side]})", style=colours[side])
    out = [sides]
    groups: dict[int, list[str]] = {}
    for actor_id, number in tags.items():
        groups.setdefault(number, []).append(actor_id)
    for number in sorted(groups):
        out.append(Text(f"{ENGAGED}{number} engaged: {', '.join(sorted(groups[number]))}"))
    unplaced = sorted(a.id for a in state.actors.values() if not a.zone)
    if unplaced:
        out.append(Text(f"Not placed: {', '.join(unplaced)}"))
    marks = [f"{ACTING} acting"] if state.turn else []
    if any(a.down for a in state.actors.values()):
        marks.append("† Down")
    if marks:
        out.append(Text(" · ".join(marks), style="dim"))
    return out

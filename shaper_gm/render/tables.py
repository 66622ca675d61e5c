"""The two views the GM looks at most: the turn-order table and the battlefield map.

Both are the same for every ruleset; what differs comes from the ruleset's `Layout` (the
`table` of its screen file, `content/ID/screen.yaml`): its order table's columns, its caption's
legend, groups it tags on the map (melee); without one, a column per shown resource.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from shaper_gm.engine import ending
from shaper_gm.records import record
from shaper_gm.render.plugins import screen
from shaper_gm.render.table_width import natural_width

PARTY, ENEMIES = "party", "enemies"
OTHER_COLOURS = ("yellow", "magenta", "cyan", "blue", "bright_white")
BAR = 5            # cells in an HP bar
ACTING = "▶"
HIDDEN = "◌"          # kept off the player view (`hide`)
NAME_WIDTH = 20    # the turn-order table's Name column shrinks no further than this

Cell = Callable[[object, object, object], "str | Text"]    # (actor, state, ruleset)
Segment = Callable[[object, object, object], str]          # (actor, ruleset, state)


@record
class Column:
    header: str
    cell: Cell
    after_zone: bool = False      # placed after the Zone column instead of before it
    wrap: bool = False


@record
class Layout:
    """A ruleset's part of the order table and the map."""

    columns: Sequence[Column] = ()
    legend: str | Callable[[object, object], str] = ""    # caption, or (state, ruleset) -> it
    # The map's numbered groups, e.g. melee groups: (state) -> groups of actor ids.
    groups: Callable[[object], Sequence[Sequence[str]]] | None = None
    group_mark: str = "⚔"
    group_word: str = "together"
    down_word: str = ""           # the map's word for down; "" takes the ruleset's term
    drawn_after: str = "turn"     # the table follows each turn change, or each round's
    # The toolbar's segment for the acting actor: its parts, each a resource's name or a
    # function (actor, ruleset, state) -> text ("" leaves it out), or one such for all of
    toolbar: Segment | Sequence[str | Segment] = ()   # it; without: every resource shown
    hp_column: bool = True        # false: no HP column (a harm tally's column says it)
    hidden_effects: tuple[str, ...] = ()    # effects the Effects column leaves out

    def toolbar_text(self, actor, rs, state=None) -> str:
        if callable(self.toolbar):
            return self.toolbar(actor, rs, state)
        if not self.toolbar:
            return resource_text(actor, rs)
        parts = [part(actor, rs, state) if callable(part) else
                 resource_part(actor, rs.resource_spec(part), rs) for part in self.toolbar]
        notes = getattr(rs, "toolbar_notes", None)    # a ruleset's own: the pass, timers
        if state is not None and notes is not None:
            parts += notes(state)
        return " · ".join(part for part in parts if part)


PLAIN = Layout()                   # a ruleset that adds nothing


def layout_for(state, rs=None) -> Layout:
    """The layout the state's ruleset declares, else a column per shown resource."""
    declared = screen(getattr(state, "ruleset", "")).layout
    return declared if declared is not None else resource_layout(rs)


def resource_value(actor, spec, rs) -> str:
    value = actor.resource(spec.name)
    if spec.max is None:
        return str(value)
    most = spec.max if isinstance(spec.max, int) else rs.stat(actor.sheet, spec.max)
    return f"{value}/{most}"


def resource_dots(actor, spec, rs) -> str:
    """``●●●●○○ 4``: a resource left (●) and spent (○) of its maximum, then its value."""
    value = actor.resource(spec.name)
    most = value if spec.max is None else spec.max if isinstance(spec.max, int) \
        else rs.stat(actor.sheet, spec.max)
    return f"{'●' * value}{'○' * max(0, most - value)} {value}"


def resource_part(actor, spec, rs) -> str:
    """``AP 4/6``: a resource in the ruleset's own word, over its maximum if it has one."""
    return f"{spec.title} {resource_value(actor, spec, rs)}"


def resource_text(actor, rs) -> str:
    """``AP 4/6 · stress 1``: the shown resources in the ruleset's own words."""
    return " · ".join(resource_part(actor, spec, rs)
                      for spec in getattr(rs, "resources", ()) if spec.shown)


def resource_layout(rs) -> Layout:
    """A column per resource the ruleset shows: its value, over its maximum if it has one."""
    columns = []
    for spec in getattr(rs, "resources", ()):
        if not spec.shown:
            continue

        def cell(actor, state, rs, spec=spec):
            return resource_value(actor, spec, rs)
        columns.append(Column(spec.title, cell))
    return Layout(tuple(columns))


def term(rs, key: str, default: str = "") -> str:
    """The ruleset's word for `key` (its `terms`: the word for down, its ruling, ...)."""
    return rs.term(key) if hasattr(rs, "term") else default


def side_colours(state) -> dict[str, str]:
    """party green, enemies red, every other side its own colour (stable by name)."""
    colours = {PARTY: "green", ENEMIES: "red"}
    others = sorted({a.side for a in state.actors.values()} - set(colours))
    for i, side in enumerate(others):
        colours[side] = OTHER_COLOURS[i % len(OTHER_COLOURS)]
    return colours


def group_tags(state, layout: Layout) -> dict[str, int]:
    """actor id -> group number (1, 2, ...), numbered by their sorted members."""
    if layout.groups is None:
        return {}
    groups = sorted(sorted(g) for g in layout.groups(state))
    return {member: i for i, group in enumerate(groups, 1) for member in group}


def label(actor) -> str:
    """``Josh``, or ``Taylor's Minion (taylor-minion)`` when the id is not the name."""
    slug = actor.name.lower().replace(" ", "-")
    return actor.name if slug == actor.id else f"{actor.name} ({actor.id})"


def name_cell(actor, state, depth: int, one_line: bool = False) -> str:
    """The turn-order Name: marker, tree branch for a summon, name, and the id when it
    is not the name: beside it, or below it when that would be wider than NAME_WIDTH
    (unless `one_line`)."""
    marker = ACTING if state.controls_turn(actor.id) and actor.summoner is None \
        else HIDDEN if actor.hidden else " "
    branch = "└ " if depth else ""
    name = actor.name
    summoner = state.actors.get(actor.summoner) if actor.summoner else None
    if depth and summoner and name.startswith(f"{summoner.name}'s "):
        name = name[len(summoner.name) + 3:]          # "Taylor's Minion" under Taylor
    text = f"{marker} {branch}{name}"
    if actor.name.lower().replace(" ", "-") == actor.id:
        return text
    if one_line or len(text) + len(actor.id) + 3 <= NAME_WIDTH:
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
    """The HP bar, or DOWN in its place."""
    if actor.down:
        return Text.assemble(("DOWN", "bold red"), f"  {actor.hp}/{actor.max_hp}")
    return hp_bar(actor.hp, actor.max_hp)


def pips(counts: Sequence[tuple[str, int]], full: Mapping[str, int] | None) -> Text:
    """● per action left, ○ per action spent, one group per kind."""
    text = Text()
    for i, (name, left) in enumerate(counts):
        size = max(left, (full or {}).get(name, left))
        if i:
            text.append(" ")
        text.append("●" * left, style="bold")
        text.append("○" * (size - left), style="dim")
    return text


def _rows(state) -> list[tuple[object, int]]:
    """Actors in turn order, each summon right under its summoner (depth 1)."""
    listed = dict.fromkeys(a for a in state.order if a in state.actors)
    listed.update(dict.fromkeys(state.actors))
    summons: dict[str, list[str]] = {}
    for actor_id in listed:
        summoner = state.actors[actor_id].summoner
        if summoner is not None:
            summons.setdefault(summoner, []).append(actor_id)
    placed: list[tuple[object, int]] = []
    for actor_id in listed:
        actor = state.actors[actor_id]
        if actor.summoner is not None and actor.summoner in state.actors:
            continue
        placed.append((actor, 0))
        placed += [(state.actors[s], 1) for s in summons.get(actor_id, ())]
    return placed


ORDER_ROWS = 20       # rows a brief turn order shows: from the acting actor on


def _window(state, rows: list, brief: bool) -> tuple[list, int]:
    """The rows a table shows, and how many it leaves out: a brief one (drawn when a
    turn begins) shows ORDER_ROWS from the acting actor on, so a fight of a thousand
    draws twenty; `order` draws them all."""
    if not brief or len(rows) <= ORDER_ROWS:
        return rows, 0
    acting = state.up[0] if state.up else state.turn
    start = next((i for i, (actor, _) in enumerate(rows) if actor.id == acting), 0)
    shown = [rows[(start + i) % len(rows)] for i in range(ORDER_ROWS)]
    return shown, len(rows) - ORDER_ROWS


def order_table(state, rs=None, brief: bool = False, width: int | None = None) -> Group:
    """The turn order: who acts, HP, the ruleset's columns, zone, effects and initiative
    (each when anyone shown has one; `brief`: from the acting actor on, at most
    ORDER_ROWS rows), and its legend below, as wide as the screen. Within `width`: each
    row one line if it fits so, else a long name's id goes below it, and then the Init
    column goes (the rows stand in turn order); effects that still do not fit wrap,
    never cut."""
    rows, left_out = _window(state, _rows(state), brief)
    table = _order_table(state, rs, rows, one_line=width is not None)
    for fallback in ({"one_line": False}, {"one_line": False, "initiative": False},
                     {"one_line": False, "initiative": False, "blank_columns": False}):
        if width is None or natural_width(table) <= width:
            break
        table = _order_table(state, rs, rows, **fallback)
    return Group(table, Text(_legend(state, rs, left_out), style="dim"))


def _legend(state, rs, left_out: int) -> str:
    layout = layout_for(state, rs)
    caption = "▶ acting"
    if any(a.hidden for a in state.actors.values()):
        caption += f" · {HIDDEN} hidden from the player view"
    if left_out:
        caption += f" · {left_out} more not shown (order lists them all)"
    caption_notes = getattr(rs, "caption_notes", None)   # a ruleset's own (fight time)
    order_notes = getattr(rs, "order_notes", None)       # what lies on the map
    return caption + (layout.legend if isinstance(layout.legend, str)
                      else layout.legend(state, rs)) + "".join(
        f" · {note}" for note in (caption_notes(state) if caption_notes else ())) + \
        "".join(f"\n{note}" for note in (order_notes(state) if order_notes else ()))


def _order_table(state, rs, rows: list, one_line: bool, initiative: bool = True,
                 blank_columns: bool = True) -> Table:
    """`blank_columns=False` leaves out a ruleset's column that says nothing of anyone
    shown (every cell "–"), to keep each row on one line."""
    layout = layout_for(state, rs)
    colours = side_colours(state)
    title = f"Round {state.round}" if state.round else "Before the fight"
    if state.over is not None:
        title += f" · the fight is over: {ending.result_text(state)}"
    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, padding=0,
                  pad_edge=False, title_justify="left", title_style="bold")
    names = [name_cell(actor, state, depth, one_line) for actor, depth in rows]
    columns = [c for c in layout.columns
               if blank_columns or any(_said(c.cell(actor, state, rs)) for actor, _ in rows)]
    before = [c for c in columns if not c.after_zone]
    after = [c for c in columns if c.after_zone]
    has_hp = getattr(rs, "has_hp", True) and layout.hp_column
    effects = [", ".join(e.name for e in actor.effects if e.name not in layout.hidden_effects)
               for actor, _ in rows]
    table.add_column("Name", no_wrap=True, overflow="ellipsis",
                     max_width=None if one_line else NAME_WIDTH)
    for header in ("Side", *(("HP",) if has_hp else ()), *(c.header for c in before), "Zone"):
        table.add_column(header, no_wrap=True)
    for column in after:
        table.add_column(column.header, no_wrap=not column.wrap)
    if any(effects):
        table.add_column("Effects", overflow="fold")
    initiative = initiative and any(actor.initiative is not None for actor, _ in rows)
    if initiative:
        table.add_column("Init", justify="right", no_wrap=True)
    for (actor, _), name, worn in zip(rows, names, effects, strict=True):
        acting = state.controls_turn(actor.id) and actor.summoner is None
        cells = [Text(name, style=colours.get(actor.side, "")), actor.side,
                 *((hp_cell(actor),) if has_hp else ()),
                 *(c.cell(actor, state, rs) for c in before), actor.zone or "–",
                 *(c.cell(actor, state, rs) for c in after), *([worn or "–"] if any(effects)
                                                              else ()),
                 *([str(actor.initiative) if actor.initiative is not None else "–"]
                   if initiative else ())]
        table.add_row(*cells, style="dim" if actor.down else ("bold" if acting else ""))
    return table


def _said(cell) -> bool:
    text = cell.plain if isinstance(cell, Text) else str(cell)
    return text.strip() not in ("", "–")


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def token(actor, state, tags: Mapping[str, int], colours: Mapping[str, str],
          mark: str = "⚔") -> Text:
    style = colours.get(actor.side, "")
    if actor.down:
        style += " dim strike"
    text = Text()
    if state.controls_turn(actor.id) and actor.summoner is None:
        text.append(ACTING, style="bold")
    text.append(actor.id, style=style)
    if actor.id in tags:
        text.append(f" {mark}{tags[actor.id]}", style="bold")
    if actor.down:
        text.append(" †", style="red")
    return text


def map_grid(state, rs=None) -> Group:
    """The battlefield: columns A.., rows 1.., each cell's actors; the ruleset's groups
    (melee groups) tagged."""
    layout = layout_for(state, rs)
    colours = side_colours(state)
    tags = group_tags(state, layout)
    table = Table(box=box.SQUARE, show_lines=True, padding=(0, 1), pad_edge=True)
    table.add_column("", justify="right", no_wrap=True)
    for col in range(state.cols):
        table.add_column(column_name(col), justify="left", overflow="ellipsis", no_wrap=True,
                         min_width=4)
    cells: dict[str, list[Text]] = {}
    marked = getattr(rs, "map_mark", None)           # a ruleset's mark (flying: ^)
    for actor_id in [*state.order, *sorted(set(state.actors) - set(state.order))]:
        actor = state.actors.get(actor_id)
        if actor is not None and actor.zone:
            shown = token(actor, state, tags, colours, layout.group_mark)
            if marked and (mark := marked(actor)):
                shown.append(f" {mark}", style="bold")
            cells.setdefault(actor.zone, []).append(shown)
    for row in range(state.rows):
        zones = [f"{column_name(col)}{row + 1}" for col in range(state.cols)]
        table.add_row(str(row + 1), *(Text("\n").join(cells.get(z, [])) for z in zones))
    return Group(table, *map_legend(state, tags, colours, layout, rs))


def map_legend(state, tags: Mapping[str, int], colours: Mapping[str, str],
               layout: Layout = PLAIN, rs=None) -> list[Text]:
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
        out.append(Text(f"{layout.group_mark}{number} {layout.group_word}: "
                        f"{', '.join(sorted(groups[number]))}"))
    unplaced = sorted(a.id for a in state.actors.values() if not a.zone)
    if unplaced:
        out.append(Text(f"Not placed: {', '.join(unplaced)}"))
    notes = getattr(rs, "map_notes", None)           # a ruleset's own lines (items lying)
    out += [Text(note) for note in (notes(state) if notes else ())]
    marks = [f"{ACTING} acting"] if state.turn else []
    if any(a.down for a in state.actors.values()):
        marks.append(f"† {layout.down_word or term(rs, 'down', 'Down')}")
    if marks:
        out.append(Text(" · ".join(marks), style="dim"))
    return out

"""`shaper-gm check-ruleset PATH`: read a ruleset written as data the way `new --ruleset`
would, and either list every mistake (one line each, naming file, entry and key) or
say what it declares: its resources, its verbs with their dice slots, its templates and
items. A GM writing house rules runs it after each edit."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.places import MARKER

OK, FAILED, UNUSABLE = 0, 1, 2


def check_ruleset(path: str, out, err) -> int:
    """Check the folder at `path`; write the report to `out`, mistakes to `err`."""
    from shaper_gm.content.schema import ContentError
    from shaper_gm.rulesets.data import build_from

    folder = Path(path).expanduser()
    if not folder.is_dir():
        err(f"{path}: no such folder; give the folder that holds the ruleset's {MARKER}")
        return UNUSABLE
    if not (folder / MARKER).is_file():
        err(f"{path}: no {MARKER} here, so it is no ruleset written as data; "
            f"a ruleset folder holds ruleset.yaml and {MARKER}")
        return UNUSABLE
    try:
        rs = build_from(folder.resolve())
    except ContentError as exc:
        for problem in exc.errors:
            err(problem)
        err(f"{len(exc.errors)} mistake{'s' if len(exc.errors) != 1 else ''}: nothing of "
            f"{folder.name} was played")
        return FAILED
    for line in report(rs):
        out(line)
    return OK


def report(rs) -> list[str]:
    """What the ruleset declares, a few lines a GM reads at a glance."""
    from shaper_gm.commands.registry import Registry
    from shaper_gm.rulesets.data.verbs import table

    numbers = rs.library.numbers
    lines = [f"{rs.name} ({rs.id}): ok" + (f", rules {rs.rules}" if rs.rules else "")]
    cols, rows = rs.grid
    lines.append(f"grid {cols}x{rows}, a cell is {numbers.get('cell_size') or 1} "
                 f"{numbers.get('unit') or 'unit'}")
    lines.append("resources:")
    for spec in rs.resources:
        most = "no maximum" if spec.max is None else f"max {spec.max}"
        lines.append(f"  {spec.name:<12} {most}, refills at {spec.refill}, lapses at "
                     f"{spec.lapse}" + (", off-turn" if spec.off_turn else ""))
    registry = Registry(ruleset=rs.id, ruleset_name=rs.name)
    table(rs).install(registry, rs)
    lines.append("verbs:")
    for name in sorted(registry.verbs):
        verb = registry.verbs[name]
        slots = ", ".join(f"--{slot}" + (" (per roll)" if repeats else "")
                          for slot, repeats in verb.slots)
        lines.append(f"  {verb.usage}")
        if slots:
            lines.append(f"    dice slots: {slots}")
    kinds = {kind: len(items) for kind, items in rs.library.items.items()}
    lines.append("templates: " + (", ".join(sorted(rs.templates())) or "none"))
    lines.append("items: " + (", ".join(f"{kind} {count}" for kind, count in
                                         sorted(kinds.items())) or "none"))
    return lines

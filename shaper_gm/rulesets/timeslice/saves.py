"""Time slices in a save file: a state read from one must name only what exists (the
content's weapons, armor and gear, conditions, combatants in the fight) and hold every
number in the range `add` and `set` accept (`rs.sheet_ranges`), or the save is refused
naming the key (engine.data.DataError)."""

from __future__ import annotations

from shaper_gm.commands.args import split_line
from shaper_gm.engine import limits
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.errors import GmError
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.models import DEAD, DYING, UNCONSCIOUS, UP

CONDITIONS = (UP, UNCONSCIOUS, DYING, DEAD)                 # T13, T14
ATTACK_BOOLEAN_FLAGS = ("--nonlethal",)     # every other flag of `attack` takes a value


def with_standing_defenses(data: dict, log: list[str]) -> dict:
    """T10: a save written before each defender kept its standing defense kind has it
    read back from its log: the kind of the last defense roll each actor made (every
    logged attack that rolled one names it, `--defense KIND`)."""
    actors = data.get("actors") if isinstance(data, dict) else None
    if not isinstance(actors, dict) or all(
            not isinstance(raw, dict) or not isinstance(raw.get("system"), dict)
            or "defense" in raw["system"] for raw in actors.values()):
        return data
    standing: dict[str, str] = {}
    for line in log:
        try:
            words = split_line(line)
        except GmError:
            continue
        if words[:1] != ["attack"] or "--defense" not in words:
            continue
        plain, at = [], 1
        while at < len(words):
            if words[at].startswith("--"):
                at += 1 if words[at] in ATTACK_BOOLEAN_FLAGS or "=" in words[at] else 2
                continue
            plain.append(words[at])
            at += 1
        kind = words[words.index("--defense") + 1] if words[-1] != "--defense" else None
        if plain and kind:
            standing[plain[-1]] = kind
    upgraded = {}
    for actor_id, raw in actors.items():
        if isinstance(raw, dict) and isinstance(raw.get("system"), dict) \
                and "defense" not in raw["system"]:
            raw = {**raw, "system": {**raw["system"], "defense": standing.get(actor_id)}}
        upgraded[actor_id] = raw
    return {**data, "actors": upgraded}


def check_actor(rs, state: Encounter, actor: Actor, at: str) -> None:
    """One combatant of the state (each a save or a command gives anew)."""
    library, sheet = rs.library, actor.sheet
    weapons = {rs.numbers.unarmed.id, *library.weapons}
    rs.sheet_ranges.check_saved(f"{at}.sheet", sheet)
    for i, item in enumerate(sheet.weapons):
        limits.known(f"{at}.sheet.weapons[{i}]", item, weapons, "weapon")
    if sheet.armor is not None:
        limits.known(f"{at}.sheet.armor", sheet.armor, library.armor, "armor (T12)")
    for i, item in enumerate(sheet.gear):
        limits.known(f"{at}.sheet.gear[{i}]", item, library.gear, "gear")
    data = harm.info(actor)
    if data.held is not None:
        limits.known(f"{at}.system.held", data.held, weapons, "weapon (T10)")
    for i, item in enumerate(data.dropped):
        limits.known(f"{at}.system.dropped[{i}]", item, weapons, "weapon (T11)")
    limits.known(f"{at}.system.condition", data.condition, CONDITIONS, "condition (T13, T14)")
    if data.dying_left is not None:
        limits.check(f"{at}.system.dying_left", data.dying_left, 0, why="T14")


def check_encounter(rs, state: Encounter, where: str) -> None:
    data = harm.fight(state)
    limits.check(f"{where}.system.seconds", data.seconds, 0, why="T15")
    if data.surprise_round is not None:
        limits.check(f"{where}.system.surprise_round", data.surprise_round, 0, why="T16")
    for who in sorted(data.surprised):
        limits.known(f"{where}.system.surprised", who, state.actors, "combatant (T16)")


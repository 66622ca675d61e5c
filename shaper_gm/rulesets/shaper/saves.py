"""Shaper in a save file: the keys it keeps beside its resources (sp, max_sp,
engaged_with), the check that a save names only content that exists, and the
migration of version-1 saves (written before rulesets) to version 2."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import limits
from shaper_gm.engine.data import DataError
from shaper_gm.engine.reader import Reader
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.content.models import ABILITIES, SHEET
from shaper_gm.rulesets.shaper.model import SP

V1_EFFECT_KEYS = ("attack", "damage", "evasion", "absorb")
V1_ACTOR_KEYS = ("name", "side", "hp", "max_hp", "sp", "max_sp", "zone", "engaged_with",
                 "down", "template", "summoner", "initiative")


def extras(state: Encounter, actor: Actor) -> dict:
    """What a GM reads first in a Shaper save (the contract's keys): SP and engagement."""
    return {"sp": actor.resource(SP), "max_sp": actor.sheet.max_sp,
            "engaged_with": model.engaged_with(state, actor.id)}


def touched(before: Encounter, after: Encounter) -> frozenset[str]:
    """Whose extras may differ between two states for the same actor value: the members
    of the engagements one has and the other has not."""
    old, new = model.engagements(before), model.engagements(after)
    return frozenset() if old is new else frozenset().union(*(old ^ new))


def check_extras(state: Encounter, actor: Actor, raw: Any, where: str) -> None:
    """The keys beside the resources must say the same as the state they describe."""
    told = {key: raw.get(key) for key in ("sp", "max_sp", "engaged_with")}
    if told != extras(state, actor):
        key = next(k for k in told if told[k] != extras(state, actor)[k])
        raise DataError(f"{where}.{key}", f"{told[key]!r} disagrees with the rest of the "
                                          f"save ({extras(state, actor)[key]!r})")
    if actor.max_hp != actor.sheet.max_hp:
        raise DataError(f"{where}.max_hp", "disagrees with its sheet")
    if not 0 <= actor.resource(SP) <= actor.sheet.max_sp:
        raise DataError(f"{where}.sp", f"{actor.resource(SP)} is outside 0 to "
                                       f"{actor.sheet.max_sp}")


def check_references(actor: Actor, library, at: str) -> None:
    """Everything an actor names must exist in the content: action kinds, items and
    skills. A save from other content is refused, not half-loaded."""
    kinds = set(library.rulesets["shaper"].pool.as_dict())
    sheet = actor.sheet
    pools = [("resources", model.pool(actor))]
    if sheet.pool is not None:
        pools.append(("sheet.pool", sheet.pool.as_dict()))
    for label, pool in pools:
        odd = set(pool) - kinds
        if odd:
            raise DataError(f"{at}.{label}", f"unknown action kind {sorted(odd)[0]!r} "
                            f"(Shaper has {', '.join(sorted(kinds))})")
    named = [("sheet.weapons", "item", w, library.item(w) or library.spells.get(w))
             for w in sheet.weapons]
    named += [("system.holding", "item", i, library.item(i) or library.spells.get(i))
              for i in model.holding(actor)]
    named += [(f"sheet.{label}", "item", item, table.get(item))
              for label, item, table in (("shield", sheet.shield, library.shields),
                                         ("armor", sheet.armor, library.armor)) if item is not None]
    named += [("sheet.skills", "skill", s, library.skills.get(s)) for s, _ in sheet.skills]
    for label, kind, item, found in named:
        if found is None:
            raise DataError(f"{at}.{label}", f"unknown {kind} {item!r}: the content no "
                            "longer has it; add it back to content/shaper/")
    check_numbers(actor, library.rulesets["shaper"], at)


def check_numbers(actor: Actor, numbers, at: str) -> None:
    """Every number a Shaper actor holds in the range the creation rules and `add`
    give it (S24, S27, S29; at most engine.limits.MAX_NUMBER), and what it holds,
    reloads and has used among what it carries and knows."""
    levels = [row.level for row in numbers.levels]
    sheet = actor.sheet
    limits.known(f"{at}.sheet.level", sheet.level, levels, "level (S29)")
    for name in ABILITIES:
        SHEET[name].check_saved(f"{at}.sheet.{name}", getattr(sheet, name))
    SHEET["hp"].check_saved(f"{at}.sheet.max_hp", sheet.max_hp)
    for name in ("max_sp", "sp_regen"):
        limits.check(f"{at}.sheet.{name}", getattr(sheet, name), 0, why="S27")
    for name in ("evasion_bonus", "spell_cost_reduction", "spell_bonus"):
        limits.check(f"{at}.sheet.{name}", getattr(sheet, name), -limits.MAX_NUMBER)
    for label in ("attack_bonus", "damage_bonus"):
        for i, (_, bonus) in enumerate(getattr(sheet, label)):
            limits.check(f"{at}.sheet.{label}[{i}]", bonus, -limits.MAX_NUMBER, why="S28")
    for i, (_, level) in enumerate(sheet.skills):
        limits.check(f"{at}.sheet.skills[{i}]", level, 1, numbers.skill_max_level, why="S24")
    if sheet.pool is not None:
        for kind, count in sheet.pool.as_dict().items():
            limits.check(f"{at}.sheet.pool.{kind}", count, 0, why="S21")
    carried = set(sheet.carried)
    for label, items in (("sheet.holding", sheet.holding),
                         ("system.unloaded", model.unloaded(actor))):
        for i, item in enumerate(items):
            limits.known(f"{at}.{label}[{i}]", item, carried, "item it carries (S19a)")
    for i, (skill, used) in enumerate(model.own(actor).skill_uses):
        limits.known(f"{at}.system.skill_uses[{i}]", skill, dict(sheet.skills),
                     "skill it has (S24)")
        limits.check(f"{at}.system.skill_uses[{i}]", used, 0, why="S24")


def check_engagements(state: Encounter, where: str) -> None:
    """Everyone engaged is in the fight (S14)."""
    for group in model.engagements(state):
        for member in sorted(group):
            limits.known(f"{where}.system.engagements", member, state.actors, "actor (S14)")


# --- version 1 --------------------------------------------------------------------------

def v1_to_v2(data: dict, where: str) -> dict:
    """A version-1 save as version 2: pool and SP become resources; hands, reloads and
    skill uses the actor's system data; engagements the encounter's."""
    top = Reader(data, where)
    raw_actors = top.get("actors", dict)
    actors, groups = {}, frozenset()
    for actor_id, raw in raw_actors.items():
        r = Reader(raw, f"{where}.actors.{actor_id}")
        pool, sp = r.counts("pool"), r.get("sp", int)
        actor = {key: raw[key] for key in V1_ACTOR_KEYS if key in raw}
        actor["resources"] = {**pool, SP: sp}
        actor["effects"] = [_v1_effect(Reader(e, f"{r.where}.effects[{i}]"))
                            for i, e in enumerate(r.get("effects", list))]
        actor["sheet"] = _v1_sheet(Reader(r.get("stats", dict), f"{r.where}.stats"))
        actor["system"] = {"holding": r.items("holding", str),
                           "unloaded": r.items("unloaded", str),
                           "skill_uses": [[k, v] for k, v in r.counts("skill_uses").items()]}
        for other in r.items("engaged_with", str):
            groups = model.join_engagement(groups, actor_id, other)
        actors[actor_id] = actor
    turn = top.get("turn", (str, type(None)))
    out = {key: value for key, value in data.items() if key != "actors"}
    out.update(version=2, actors=actors, up=[turn] if turn else [],
               passes=1 if top.get("round", int) else 0, passed=[],
               system={"engagements": sorted(sorted(g) for g in groups)})
    return out


def _v1_effect(r) -> dict:
    mods = {key: r.get(key, int) for key in V1_EFFECT_KEYS if r.get(key, int)}
    return {"name": r.get("name", str), "source": r.get("source", str),
            "caster": r.get("caster", (str, type(None))), "mods": mods,
            "until": r.get("until", str)}


def _v1_sheet(r) -> dict:
    """Version 1 wrote the sheet's pairs as mappings; version 2 as lists of pairs."""
    out = dict(r.data)
    for key in ("attack_bonus", "damage_bonus", "skills"):
        out[key] = [[k, v] for k, v in r.counts(key).items()]
    pool = r.get("pool", (dict, type(None)))
    out["pool"] = None if pool is None else {"counts": [[k, v] for k, v in
                                                       r.counts("pool").items()]}
    return out

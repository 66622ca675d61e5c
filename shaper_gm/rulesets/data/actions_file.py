"""A data ruleset's `actions.yaml`, read and compiled: each action (an action written
`like` another takes that one's keys), and the dice slots an action rolls for what it
brings by itself (a concentration save) or provokes (an opportunity attack)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content.folders import display_name, read_yaml, yaml_message
from shaper_gm.content.schema import Ctx, ident
from shaper_gm.content.yamlcache import modules_stamp, passed_before, remember_passed
from shaper_gm.content.yamlio import YamlError
from shaper_gm.engine.declared import Declared
from shaper_gm.engine.declaring import compile_action
from shaper_gm.engine.stepkit import VocabError


def read_actions(ctx: Ctx, folder: Any) -> tuple[tuple[tuple[str, Declared], ...], Ctx]:
    """The compiled actions, and where errors about them go (their file and lines)."""
    path = folder / "actions.yaml"
    display = display_name(path, folder)
    here = ctx.at(display)
    try:
        raw = read_yaml(path, display)
    except (YamlError, UnicodeDecodeError) as exc:
        ctx.errors.append(yaml_message(exc, display, None))
        return (), here
    if not isinstance(raw, Mapping) or not raw:
        here.error(None, "expected a mapping of action names to actions")
        return (), here
    before, compiler = len(ctx.errors), _compiler()
    checked = passed_before(path, compiler)
    out = []
    for name, body in raw.items():
        try:
            body = _like(raw, name, body)
            if not checked:
                _logged_flags(body)
            out.append((verb_name(name), _sheet_words(compile_action(str(name), body,
                                                                     checked=checked))))
        except VocabError as exc:
            ctx.at(display, str(name), lines=raw).error(exc.where.partition(".")[2] or None,
                                                        exc.message)
        except ValueError as exc:
            ctx.at(display, str(name), lines=raw).error(None, str(exc))
    here = ctx.at(display, lines=raw)
    actions = _with_provoked_slots(here, _with_damaged_slots(dict(out)))
    if not checked and len(ctx.errors) == before:
        remember_passed(path, compiler)
    return actions, here


def _compiler() -> bytes:
    """What compiles an actions file, named by its modules as they stand: an engine
    installed or edited since compiles every file whole again."""
    from shaper_gm import __version__, engine
    return f"actions {__version__} ".encode() + modules_stamp(engine)


def _logged_flags(body: Any) -> None:
    """An ask's `logs` names one of the action's own flags: its answer is logged as that
    flag (`--defense parry`), which the action reads when its line is replayed."""
    if not isinstance(body, Mapping):
        return
    flags = body.get("flags")
    known = tuple(flags) if isinstance(flags, Mapping) else ()

    def walk(steps: Any, at: str) -> None:
        for index, step in enumerate(steps if isinstance(steps, list) else ()):
            if isinstance(step, Mapping) and isinstance(step.get("repeat"), Mapping):
                walk(step["repeat"].get("steps"), f"{at}[{index}].repeat.steps")
            elif isinstance(step, Mapping) and "logs" in step and step["logs"] not in known:
                raise VocabError(f"action.{at}[{index}].logs",
                                 f"no flag {step['logs']!r} of this action: an answer is "
                                 f"logged as one of its own flags (flags: "
                                 f"{', '.join(map(str, known)) or 'none'})")
    walk(body.get("steps"), "steps")


SHEET_FIELDS = ("actor", "field", "before", "after", "why")     # engine.events.FieldSet
LAY_FIELDS = ("actor", "item", "place", "by")                   # engine.laying.ItemLaid


def _sheet_words(declared: Declared) -> Declared:
    """A sheet change's `says` is a template over its event's fields, read as the screen
    reads it: one that cannot be read is refused here, not when it is drawn."""
    from shaper_gm.render.templates import TemplateError, parse
    for index, entry in enumerate(declared.apply):
        if entry.kind in ("sheet", "lay") and entry.says:
            try:
                parse(entry.says, fields=SHEET_FIELDS if entry.kind == "sheet" else LAY_FIELDS)
            except TemplateError as exc:
                raise VocabError(f"{declared.name}.apply[{index}].{entry.kind}.says",
                                 str(exc)) from None
    return declared


def _with_damaged_slots(actions: dict[str, Declared]) -> dict[str, Declared]:
    """An action whose changes may deal damage rolls what taking it brings (the actions
    `at: {moment: damaged}`: a concentration save), on its own tape: its verb takes their
    slots, repeated when it has several targets."""
    brought = [slot for declared in actions.values()
               if declared.at is not None and declared.at.moment == "damaged"
               for slot in declared.slots]
    out = {}
    for name, declared in actions.items():
        slots = dict(declared.slots)
        if brought and any(entry.deals_damage for entry in declared.apply):
            slots.update((slot, again or declared.targets > 1) for slot, again in brought
                         if slot not in slots)
        out[name] = replace(declared, slots=tuple(slots.items())) \
            if len(slots) != len(declared.slots) else declared
    return out


OWN_KEYS = ("what", "words", "summary", "examples", "rules", "aliases", "provokes")


def _like(actions: Mapping[str, Any], name: Any, body: Any) -> Any:
    """An action written `like: OTHER`: OTHER's keys it does not state, its help and
    provoked answers aside; OTHER's `given` with its own names added or replaced, and
    OTHER's `requires` and `apply` with its own after them (d20's off-hand attack is its
    attack with another cost, one more fact and two more tests)."""
    if not isinstance(body, Mapping) or "like" not in body:
        return body
    other = actions.get(body["like"]) if isinstance(body["like"], str) else None
    if not isinstance(other, Mapping) or "like" in other:
        raise VocabError(f"{name}.like", f"expected the name of an action written in full "
                                         f"above or below, got {body['like']!r}")
    out = {key: value for key, value in other.items() if key not in OWN_KEYS}
    out.update((key, value) for key, value in body.items() if key != "like")
    if isinstance(other.get("given"), Mapping) and isinstance(body.get("given"), Mapping):
        out["given"] = {**other["given"], **body["given"]}
    for key in ("requires", "apply"):
        if isinstance(other.get(key), list) and isinstance(body.get(key), list):
            out[key] = [*other[key], *body[key]]
    return out


def _with_provoked_slots(ctx: Ctx, actions: dict[str, Declared]
                         ) -> tuple[tuple[str, Declared], ...]:
    """An action that others may answer with theirs (an opportunity attack) rolls their
    slots too, once per answer: its verb takes them, repeated."""
    out = []
    for name, declared in actions.items():
        slots = dict(declared.slots)
        for index, entry in enumerate(declared.provokes):
            answering = actions.get(entry.action)
            if answering is None:
                ctx.at(ctx.file, name).error(f"provokes[{index}].action",
                                             f"no action {entry.action!r} in the file")
                continue
            if answering.provokes:            # it could answer itself without end
                ctx.at(ctx.file, name).error(f"provokes[{index}].action",
                                             f"{entry.action!r} provokes answers itself, so "
                                             "answers could follow answers without end")
                continue
            slots.update((slot, True) for slot, _ in answering.slots if slot not in slots)
        out.append((name, replace(declared, slots=tuple(slots.items()))
                    if declared.provokes else declared))
    return tuple(out)


def verb_name(name: Any) -> str:
    """An action's name, which is its verb: lowercase letters, digits and '-'."""
    return str(ident(name))

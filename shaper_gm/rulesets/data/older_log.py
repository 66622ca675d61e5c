"""`older_saves.actor_system` `from_log: {verb, flag}`: a field a save written before
the ruleset kept it lacks is read back from the save's log, the value of `--FLAG` on
the last logged VERB line whose last plain word (its target) is the actor (time slices'
standing defense, T10: `attack kara guard --defense dodge` names guard's); the effect
it becomes is cast by that line's first plain word (kara), as playing the line casts
it, whether the record kept the value or not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, ident
from shaper_gm.rulesets.data.entries import checked_keys

FROM_LOG = {"verb": Field(ident, required=True), "flag": Field(ident, required=True)}


def from_log(value: Any) -> Mapping[str, Any]:
    """`from_log`, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) != set(FROM_LOG):
        raise Bad(f"expected {{verb: VERB, flag: FLAG}}, got {value!r}")
    return checked_keys(value, FROM_LOG)


def read_back(rs: Any, data: dict[str, Any], log: list[str]) -> dict[str, Any]:
    """`data` with each actor record's missing `from_log` field read from `log`."""
    spec = dict(rs.library.numbers.get("older_saves") or ())
    wanted = {name: dict(dict(field)["from_log"])
              for name, field in dict(spec.get("actor_system", ())).items()
              if "from_log" in dict(field)}
    actors = data.get("actors") if isinstance(data, dict) else None
    records = [actor_id for actor_id, raw in (actors if isinstance(actors, dict) else {}).items()
               if isinstance(raw, dict) and isinstance(raw.get("system"), dict)]
    if not wanted or not records or not isinstance(actors, dict):
        return data
    found = {name: _last_flags(rs, how["verb"], how["flag"], log)
             for name, how in wanted.items()}
    out = dict(actors)
    for actor_id in records:
        raw, read = out[actor_id], {}
        for name in wanted:
            kept = raw["system"].get(name, found[name].get(actor_id, (None, ""))[0])
            value, by = found[name].get(actor_id, (None, ""))
            read[name] = {"value": kept, "by": by if value == kept else ""}
        out[actor_id] = {**raw, "system": {**raw["system"], **read}}
    return {**data, "actors": out}


def _last_flags(rs: Any, verb: str, flag: str, log: list[str]
                ) -> dict[str, tuple[str, str]]:
    """Target -> (the flag's value, the actor) of its last VERB line giving the flag, each
    line read by the verb's own flags as the command language reads it (a line that does
    not read is passed over)."""
    from shaper_gm.commands.args import parse_args, split_line
    from shaper_gm.errors import GmError
    from shaper_gm.rulesets.data.verbs import table
    specs = next((tuple(declared.meta.get("flags", ())) for declared in table(rs).declared
                  if declared.name == verb), ())
    out: dict[str, tuple[str, str]] = {}
    for line in log:
        try:
            words = split_line(line)
            if words[:1] != [verb]:
                continue
            parsed = parse_args(verb, words[1:], specs)
        except GmError:
            continue
        if parsed.words and parsed.get(flag) is not None:
            out[parsed.words[-1]] = (str(parsed.get(flag)), parsed.words[0])
    return out

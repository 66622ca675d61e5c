"""A state's save YAML made in pieces, so that checking or writing it after a command
costs what the command changed, not the number of actors.

The text is the encounter's own keys, then one block per actor under `actors:`, then the
result of a fight that is over: byte for byte what `dump_yaml(encode.state_to_data(state))`
writes, because every piece is PyYAML's own output for that key or actor at the column
the whole document gives it. An actor's block (its data and its text) is made once per
actor value and kept while the states keep that value; it is made again when the
ruleset's save extras for it may have changed (`Ruleset.save_extras_touched`). An
encounter key is dumped again only when its value changed, and a list of ids (the turn
order) item by item, so adding the thousandth actor does not write out the other 999.

`draft(state, rs)` makes what is new for a state and leaves what is kept alone (a refused
command leaves nothing behind); `accept(draft)` keeps it.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from shaper_gm.content.yamlio import dump_yaml
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.persist import encode
from shaper_gm.records import record

ACTORS = "actors:\n"
NO_ACTORS = "actors: {}\n"
ID_LISTS = ("up", "passed", "order")      # encounter keys that hold lists of actor ids


@record(frozen=False)
class ActorBlock:
    """One actor's save data and its YAML under `actors:`."""

    actor: Actor
    data: dict
    text: str
    size: int                             # UTF-8 bytes
    lines: int


@record(frozen=False)
class Draft:
    """What a state's text needs beyond what is kept: made by `StateText.draft`."""

    state: Encounter
    rs: Any
    blocks: dict[str, ActorBlock]         # made for this state: changed, new or touched
    gone: tuple[str, ...]                 # actors of the kept state this one lacks
    whole: bool                           # every block was made anew (nothing kept fits)
    fields: dict                          # the encounter's keys (encode.encounter_to_data)
    texts: dict[str, str]                 # their YAML, key by key
    system: tuple                         # (the encounter system, its data)
    result: str                           # YAML of `result`, "" while the fight goes on
    actors_size: int = 0
    actors_lines: int = 0
    id_chars: int = 0                     # characters of all the actors' ids
    size: int = 0                         # of the whole text, UTF-8 bytes
    lines: int = 0

    @property
    def keys(self) -> dict:
        """The save data but the actors: the encounter's keys, and the result of a fight
        that is over."""
        if self.state.over is None:
            return self.fields
        return {**self.fields, "result": encode.result_to_data(self.state.over)}

    @property
    def fresh(self) -> dict[str, dict]:
        """The data of each actor whose block is new: what `decode.state_from_parts` checks
        against the rest of the state."""
        return {actor_id: block.data for actor_id, block in self.blocks.items()}


@record(frozen=False)
class StateText:
    """The pieces of the last state accepted, kept for the next."""

    state: Encounter | None = None
    rs: Any = None
    blocks: dict = field(default_factory=dict)       # actor id -> ActorBlock, of `state`
    texts: dict = field(default_factory=dict)        # encounter key -> (value, YAML)
    system: tuple = (None, None)
    items: dict = field(default_factory=dict)        # actor id -> its line in an id list
    actors_size: int = 0
    actors_lines: int = 0
    id_chars: int = 0

    def text(self, state: Encounter, rs) -> str:
        """The whole YAML of `state` (its pieces kept for the next)."""
        draft = self.draft(state, rs)
        self.accept(draft)
        if state.actors:
            blocks = self.blocks
            actors = ACTORS + "".join(blocks[actor_id].text for actor_id in state.actors)
        else:
            actors = NO_ACTORS
        return "".join(draft.texts.values()) + actors + draft.result

    def data(self, state: Encounter, rs) -> dict:
        """`encode.state_to_data(state, rs)`, taking each actor's data from its kept block
        where that still holds (a checkpoint's state shares most of its actors with the
        state kept)."""
        base, blocks = self.state, self.blocks
        if base is None or rs is not self.rs or base.ruleset != state.ruleset:
            return encode.state_to_data(state, rs)
        touched = set(rs.save_extras_touched(base, state))
        data = encode.encounter_to_data(state, rs)
        data["actors"] = {
            actor_id: block.data if (block := blocks.get(actor_id)) is not None
            and block.actor is actor and actor_id not in touched
            else encode.actor_to_data(state, actor, rs)
            for actor_id, actor in state.actors.items()}
        if state.over is not None:
            data["result"] = encode.result_to_data(state.over)
        return data

    def draft(self, state: Encounter, rs) -> Draft:
        base = self.state
        whole = (base is None or rs is not self.rs or base.ruleset != state.ruleset
                 or (base.cols, base.rows) != (state.cols, state.rows))
        kept = {} if whole else self.blocks
        remade, gone = self._changed(state, kept, whole)
        if not whole:               # the same actor, its extras changed by the others
            remade += [a for a in rs.save_extras_touched(base, state)
                       if a in kept and kept[a].actor is state.actors.get(a) and a not in remade]
        blocks = {actor_id: _block(state, state.actors[actor_id], rs) for actor_id in remade}
        system = self.system if self.system[0] is state.system and not whole else \
            (state.system, rs.encode_system(state.system))
        fields = encode.encounter_to_data(state, rs, system[1])
        draft = Draft(state, rs, blocks, gone, whole, fields, self._texts(fields), system,
                      _result(state))
        size = 0 if whole else self.actors_size
        lines = 0 if whole else self.actors_lines
        chars = 0 if whole else self.id_chars
        for actor_id in (*(a for a in remade if a in kept), *gone):
            size -= kept[actor_id].size
            lines -= kept[actor_id].lines
        for actor_id in gone:
            chars -= len(actor_id)
        for actor_id, block in blocks.items():
            size += block.size
            lines += block.lines
            if actor_id not in kept:
                chars += len(actor_id)
        draft.actors_size, draft.actors_lines, draft.id_chars = size, lines, chars
        head = "".join(draft.texts.values()) + (ACTORS if state.actors else NO_ACTORS)
        head += draft.result
        draft.size = len(head.encode()) + size
        draft.lines = head.count("\n") + lines
        return draft

    def accept(self, draft: Draft) -> None:
        if draft.whole:
            self.blocks = {}
        for actor_id in draft.gone:
            del self.blocks[actor_id]
        self.blocks.update(draft.blocks)
        self.state, self.rs, self.system = draft.state, draft.rs, draft.system
        self.actors_size, self.actors_lines = draft.actors_size, draft.actors_lines
        self.id_chars = draft.id_chars
        for key, value in draft.fields.items():
            self.texts[key] = (value, draft.texts[key])

    def _changed(self, state: Encounter, kept: dict, whole: bool) -> tuple[list, tuple]:
        """The actors of `state` whose kept block is missing or of another value, and
        the kept ones `state` lacks: from the steps between the two mappings where
        they are linked (ActorMap.changed_since), else by comparing every actor."""
        actors = state.actors
        ids = None if whole else actors.changed_since(self.state.actors)
        if ids is None:
            remade = [actor_id for actor_id, actor in actors.items()
                      if (block := kept.get(actor_id)) is None or block.actor is not actor]
            added = sum(1 for actor_id in remade if actor_id not in kept)
            gone: tuple[str, ...] = ()
            if len(actors) - added != len(kept):
                gone = tuple(kept.keys() - actors.keys())
            return remade, gone
        remade = [actor_id for actor_id in ids if actor_id in actors and (
            (block := kept.get(actor_id)) is None or block.actor is not actors[actor_id])]
        return remade, tuple(actor_id for actor_id in ids
                             if actor_id in kept and actor_id not in actors)

    def _texts(self, fields: dict) -> dict[str, str]:
        """Each encounter key's YAML, dumped again only when its value changed."""
        out = {}
        for key, value in fields.items():
            made = self.texts.get(key)
            if made is not None and (made[0] is value or key != "system"
                                     and type(made[0]) is type(value) and made[0] == value):
                out[key] = made[1]           # the system's data is made once per value
            elif key in ID_LISTS and value:
                out[key] = f"{key}:\n" + "".join(self._items(value))
            else:
                out[key] = dump_yaml({key: value})
        return out

    def _items(self, ids) -> list[str]:
        """Each id's line in a block list at the top level (`- josh`), made once per id;
        the list itself is joined without a call per id (a side can be hundreds)."""
        lines = self.items
        for actor_id in [i for i in ids if i not in lines]:
            lines[actor_id] = dump_yaml([actor_id])
        return [lines[i] for i in ids]


def _block(state: Encounter, actor: Actor, rs) -> ActorBlock:
    data = encode.actor_to_data(state, actor, rs)
    text = dump_yaml({"actors": {actor.id: data}})[len(ACTORS):]
    return ActorBlock(actor, data, text, len(text.encode()), text.count("\n"))


def _result(state: Encounter) -> str:
    return "" if state.over is None else dump_yaml({"result": encode.result_to_data(state.over)})

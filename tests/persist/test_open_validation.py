"""A save is validated at open: whatever a hand edit puts in it, it either opens into a
state every command can work on (every reference resolves, every number is in its
range), or it is refused with one line naming the key. Nothing that opens crashes or
runs away in a later command."""

from __future__ import annotations

import copy
import functools
import io
import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.app import equip
from shaper_gm.content.yamlio import dump_yaml, load_yaml_text
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.savetext import dump_session
from shaper_gm.shell.output import make_renderer
from tests.fuzz.grammar import lines as command_lines

SAVES = Path(__file__).resolve().parents[2] / "saves"
DEMOS = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
         "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
         "reactions": "reactions-demo.yaml"}
NOT_EDITED = {"version", "log", "checkpoints", "closed", "manual_dice", "ruleset", "seed",
              "dice_position"}
pytestmark = pytest.mark.usefixtures("few_simulated_runs")
SECONDS = 20                       # far beyond any command on a demo-sized fight


@functools.cache
def _demo_text(ruleset: str) -> str:
    """The ruleset's demo as this version writes it (the shipped files may be older)."""
    return dump_session(saves.read_save(SAVES / DEMOS[ruleset]))


def demo_data(ruleset: str) -> dict:
    return load_yaml_text(_demo_text(ruleset), origin=DEMOS[ruleset])


def paths(data, at=()):
    """Every place in the data a hand edit could change (keys, list items)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not at and key in NOT_EDITED:
                continue
            yield (*at, key)
            yield from paths(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*at, index)
            yield from paths(value, (*at, index))


# Numbers a hand edit writes. A pool of hundreds of dice is left out: how long odds
# take for one is tests/bench/bench_odds.py's to check, not this test's.
NUMBERS = [0, -1, 1, 2, 3, 7, 20, 10**6, 10**9, 10**12]


def values(ids: list[str], was) -> st.SearchStrategy:
    """What a hand edit puts where `was` stood: mostly a value of its kind gone wrong
    (an absurd number, an empty or dangling name, another actor's id), sometimes
    anything."""
    numbers = st.sampled_from(NUMBERS)
    names = st.sampled_from(["", "nobody", "zz", "B2", "Z99", "end:nobody", "round:0",
                             "start:" + ids[0], "used_up", "never", *ids])
    lists = st.sampled_from([[], [""], ["nobody"], [ids[0]], [ids[0], ids[-1]],
                             [[ids[0], ids[-1]]], [[ids[0], "nobody"]], [["nobody", 1]]])
    anything = st.one_of(numbers, names, lists, st.sampled_from([None, True, {}]))
    if isinstance(was, bool) or was is None:
        kind = st.one_of(names, st.sampled_from([None, True, False]))
    elif isinstance(was, int):
        kind = numbers
    elif isinstance(was, str):
        kind = names
    elif isinstance(was, list):
        kind = lists
    else:
        kind = anything
    return st.one_of(kind, kind, kind, anything)


def value_at(data, place):
    for step in place:
        data = data[step]
    return data


def edited(data, place, value) -> dict:
    out = copy.deepcopy(data)
    target = out
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = value
    return out


class RanAway(Exception):
    pass


def _alarm(signum, frame):
    raise RanAway(f"a command ran for more than {SECONDS} s")


def opened_or_refused(tmp_path, data):
    """The session the edited save opens to, or None when it is refused as it should
    be: one line naming where."""
    path = tmp_path / "edited.yaml"
    path.write_text(dump_yaml(data))
    try:
        return equip(saves.read_save(path))
    except SaveFormatError as exc:
        text = str(exc)
        assert "\n" not in text and str(path) in text, text
        return None


def every_command_works_or_is_refused(session, lines, probes=None) -> None:
    """Each line either works (and its result draws) or is refused, within SECONDS."""
    out = io.StringIO()
    renderer = make_renderer(out, ruleset_for=session.ruleset_for)
    ids = list(session.state.actors)
    if probes is None:
        probes = ["show", "map", "log", *(f"show {a}" for a in ids[:3]),
                  *(f"odds {a} {b}" for a in ids[:2] for b in ids[-2:] if a != b),
                  "start", "end", "end", "undo"]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        for line in [*probes, *lines]:
            try:
                result = session.execute(line)
            except GmError:
                continue
            renderer.show(result, session.state)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def leaves(save: dict) -> list[tuple]:
    """The places a hand edit changes one value at (not a whole mapping)."""
    return sorted((p for p in paths(save) if not isinstance(value_at(save, p), dict)),
                  key=repr)


@pytest.mark.parametrize("ruleset", list(DEMOS))
@settings(max_examples=int(os.environ.get("HAND_EDITS", "30")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_hand_edited_save_opens_to_a_state_every_command_can_use_or_is_refused(
        tmp_path_factory, ruleset, data):
    save = demo_data(ruleset)
    ids = sorted(save["actors"])
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        place = data.draw(st.sampled_from(leaves(save)), label="where")
        save = edited(save, place, data.draw(values(ids, value_at(save, place)),
                                             label="value"))
    session = opened_or_refused(tmp_path_factory.mktemp("edit"), save)
    if session is None:
        return
    lines = data.draw(st.lists(command_lines(session.registry, list(session.state.actors)),
                               max_size=6), label="commands")
    every_command_works_or_is_refused(session, lines)


def hostile(ids: list[str], was) -> list:
    """One value of each way a hand edit goes wrong, for a value like `was`."""
    if isinstance(was, bool) or was is None:
        return ["nobody", 7]
    if isinstance(was, int):
        return [-1, 0, 10**9]
    if isinstance(was, str):
        return ["", "nobody", ids[-1]]
    return [["nobody"], [ids[0], ids[0]]]


@pytest.mark.parametrize("ruleset", list(DEMOS))
def test_every_value_of_an_actor_and_of_the_encounter_edited_alone_is_safe(tmp_path,
                                                                          ruleset):
    save = demo_data(ruleset)
    ids = sorted(save["actors"])
    first = ids[0]
    places = [p for p in leaves(save) if p[:2] == ("actors", first) or p[0] == "system"]
    for place in places:
        for value in hostile(ids, value_at(save, place)):
            session = opened_or_refused(tmp_path, edited(save, place, value))
            if session is None:
                continue
            assert value != 10**9, f"{place} = {value} opened"    # no number is that large
            every_command_works_or_is_refused(session, [], probes=["show", "map",
                                                                   f"show {first}"])


# The hand edits the issue names, and one of each kind per ruleset: each is refused at
# open with one line naming its key (each opened before, then crashed or ran away).
def _played_as_data(ruleset: str) -> bool:
    from shaper_gm.places import data_rulesets
    return ruleset in data_rulesets()


# Dungeoneers' edits in the Python ruleset's layout (its own records, pairs as lists) or
# the same edits in its data version's (a grapple an effect, pairs a mapping, the
# encounter's numbers): (place, value, key) each
_DG_EDITS = [
    ((("actors", "alberich", "system", "grappled_by"), "nobody",
      "alberich.system.grappled_by"),
     (("actors", "alberich", "effects"),
      [{"name": "grappled", "source": "while:grappling", "caster": "nobody", "mods": {},
        "until": "never"}], "alberich.effects[0].caster")),
    ((("actors", "alberich", "system", "holding"), [""], "alberich.system.holding[0]"),
     (("actors", "alberich", "sheet", "holding"), [""], "alberich.sheet.holding[0]")),
    ((("actors", "freya", "sheet", "proficiencies", 0, 1), "godlike",
      "freya.sheet.proficiencies[0]"),
     (("actors", "freya", "sheet", "proficiencies", "dodging"), "godlike",
      "freya.sheet.proficiencies.dodging")),
    ((("system", "ambient_arca"), 10**9, "system.ambient_arca"),
     (("system",), {"lying": [], "numbers": [["ambient_arca", 10**9]]},
      "system.ambient_arca")),
]
DG_EDITS = [("dungeoneers", *pair[_played_as_data("dungeoneers")]) for pair in _DG_EDITS]

KNOWN = [
    *DG_EDITS[:2],
    ("dungeoneers", ("actors", "alberich", "sheet", "critical_threshold"), 0,
     "alberich.sheet.critical_threshold"),
    ("dungeoneers", ("actors", "alberich", "resources", "ap"), 1_000_000_000,
     "alberich.resources.ap"),
    *DG_EDITS[2:],
    ("shaper", ("actors", "josh", "sheet", "skills", 0, 1), 99, "josh.sheet.skills[0]"),
    ("shaper", ("actors", "josh", "sheet", "level"), 1000, "josh.sheet.level"),
    ("shaper", ("actors", "josh", "effects"),
     [{"name": "x", "source": "gm", "caster": None, "mods": {}, "until": "end:nobody"}],
     "josh.effects[0].until"),
    ("timeslice", ("actors", "kara", "system", "condition"), "asleep",
     "kara.system.condition"),
    ("timeslice", ("actors", "kara", "sheet", "hp"), 0, "kara.sheet.hp"),
    ("timeslice", ("actors", "kara", "system", "held"), "", "kara.system.held"),
    ("dicepool", ("actors", "freya", "resources", "pool"), 10**9, "freya.resources.pool"),
    ("dicepool", ("actors", "freya", "sheet", "abilities"), ["nobody"],
     "freya.sheet.abilities[0]"),
    ("dicepool", ("actors", "freya", "sheet", "holding"), "", "freya.sheet.holding"),
    ("reactions", ("actors", "ann", "sheet", "critical"), 0, "ann.sheet.critical"),
    ("reactions", ("actors", "ann", "sheet", "weapons"), ["nobody"],
     "ann.sheet.weapons[0]"),
    ("reactions", ("actors", "bones-2", "template"), [], "bones-2.template"),
    ("reactions", ("actors", "bones-1", "sheet", "weapons"), ["rusty-blade", {}],
     "bones-1.sheet.weapons[1]"),
    ("dicepool", ("actors", "freya", "template"), {}, "freya.template"),
]


# The same hand edits of the time slices written as data: a condition kept as an effect
# (T13), the weapon in hand kept on the sheet ('' holds none there, T7).
DATA_LAYOUT = {
    "kara.system.condition": (("actors", "kara", "effects"), [
        {"name": "asleep", "source": "zero_hp", "caster": None, "mods": {}, "until": "never"}],
        "kara.effects[0].name"),
    "kara.system.held": (("actors", "kara", "sheet", "holding"), "nobody",
                         "kara.sheet.holding"),
    # Shaper written as data keeps a skill's level by its name (S24, S29)
    "josh.sheet.skills[0]": (("actors", "josh", "sheet", "skills", "piercing-strike"), 99,
                             "josh.sheet.skills.piercing-strike"),
}


def _in_data_layout(save: dict, key: str) -> bool:
    """Whether the save is the data version's, where `key`'s edit is made elsewhere."""
    if key.startswith("kara."):
        return save["actors"]["kara"].get("system") is None
    return isinstance(save["actors"]["josh"]["sheet"]["skills"], dict)


@pytest.mark.parametrize("ruleset, place, value, key", KNOWN)
def test_a_known_hand_edit_is_refused_at_open_naming_its_key(tmp_path, ruleset, place,
                                                            value, key):
    save = demo_data(ruleset)
    if key in DATA_LAYOUT and _in_data_layout(save, key):
        place, value, key = DATA_LAYOUT[key]
    assert place[0] == "system" or place[1] in save[place[0]]
    path = tmp_path / "edited.yaml"
    path.write_text(dump_yaml(edited(save, place, value)))
    with pytest.raises(SaveFormatError) as refused:
        saves.read_save(path)
    assert key in str(refused.value) and "\n" not in str(refused.value)

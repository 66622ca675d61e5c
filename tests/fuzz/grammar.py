"""Command lines for fuzzing: built from the spec's verbs, ids, zones, flags and dice,
mixed with mutations and garbage. Shared by the quick test and the long script.

Each verb's line is assembled from its own metadata (positionals and typed flags), so
most lines are plausible and many apply; a share is then mutated or replaced by garbage.
"""

from __future__ import annotations

from hypothesis import strategies as st

SETUP = ["add josh --as josh --at B4", "add monica --as monica --at C5",
         "add taylor --as taylor --at C5", "add raider --as raider --at B1",
         "add crossbowman --as crossbowman --at E2", "add reaver --as reaver --at B2",
         "init josh monica raider taylor crossbowman reaver", "start"]

ZONES = ["A1", "B4", "c5", "C4", "D3", "E2", "B1", "B2", "e5", "F1", "A0", "Z99", "B", ""]
ITEMS = ["longbow", "longsword", "shield", "wand", "crossbow", "greatsword", "dagger",
         "spell", "axe"]
SKILLS = ["charm", "minion", "energy-shield", "overswing", "piercing-strike", "longshot",
          "thread-the-needle", "step-up", "retreat", "power-strike", "nope"]
TEMPLATES = ["josh", "bandit", "archer", "brute", "goblin", "minion", "nobody", "x.yaml"]
FACES = ["5,5,3", "6,6,6", "1,1,1", "4", "3,3", "2,5", "7,7,7", "0", "a,b", "", "-",
         "1,,2", "99999999999999999", "6, 6", "=14", "=7", "=", "=x", "=-3", "=999999999",
         "==4", "=5,5"]
GARBAGE = ["", " ", "'", '"', "\\", "--", "-", "é", "⚔", "\u202e", "\t", ";", "&&",
           "'unclosed", "x" * 300, "9" * 40, "--=", "==", "#"]
SETTABLE = ["hp=3", "sp=0", "zone=C3", "hp=-4", "hp=99999999999", "side=", "name=Bob",
            "initiative=12", "armor=x", "major=1", "minor=0", "free=2", "major=9"]


def _ids(actor_ids: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(actor_ids + ["jo", "r", "nobody", "JOSH", "taylor-minion"])


def _slot(kind: str, actor_ids: list[str]) -> st.SearchStrategy[str]:
    ids = _ids(actor_ids)
    table = {
        "actor": ids, "target": ids, "new-id": st.sampled_from(["zed", "orc", "Bad Id", "a"]),
        "targets": st.one_of(ids, st.lists(ids, min_size=2, max_size=3).map(",".join)),
        "zone": st.sampled_from(ZONES), "item": st.sampled_from(ITEMS),
        "held-item": st.sampled_from(ITEMS), "skill": st.sampled_from(SKILLS),
        "spell": st.sampled_from(["spell", "charm", "minion", "energy-shield"]),
        "number": st.sampled_from(["1", "2", "3", "7", "0", "-1", "x", "99999999", "\u00b2"]),
        "kind": st.sampled_from(["major", "minor", "free", "huge"]),
        "text": st.sampled_from(["open the door", "shout", "", "'\x1b]0;x\x07\x1b[2J'"]),
        "dice": st.sampled_from(["3d6", "1d6+3", "2d6+1d6+3", "3d6x", "1d0", "999d999"]),
        "field=value": st.sampled_from(SETTABLE), "verb": st.sampled_from(["attack", "nope"]),
        "manual|auto": st.sampled_from(["manual", "auto", "sometimes"]),
        "path": st.just("nowhere.yaml"),
    }
    return table.get(kind, st.sampled_from(actor_ids))


def _positionals(verb, actor_ids):
    parts = []
    for slot in verb.positionals:
        name = slot.rstrip("?*")
        value = _slot(name, actor_ids)
        if slot.endswith("?"):
            value = st.one_of(st.just(""), value)
        if slot.endswith("*"):
            value = st.lists(value, max_size=3).map(" ".join)
        parts.append(value)
    return st.tuples(*parts).map(lambda ws: [w for w in ws if w]) if parts else st.just([])


def _flag_value(spec, actor_ids) -> st.SearchStrategy[str]:
    if spec.kind == "int":
        return st.sampled_from(["1", "2", "0", "-2", "-3", "x", "123456789012", "\u00b2"])
    if spec.kind == "faces" or spec.name in ("evade", "defense", "roll"):
        return st.sampled_from(FACES)
    by_completion = {"actor": _ids(actor_ids), "zone": st.sampled_from(ZONES),
                     "weapon": st.sampled_from(ITEMS), "armor": st.sampled_from(
                         ["armor-t1", "armor-t2", "paper"]),
                     "skill": st.sampled_from(SKILLS), "template": st.sampled_from(TEMPLATES),
                     "side": st.sampled_from(["party", "enemies", "neutral"]),
                     "ignore": st.sampled_from(["outnumbered", "firing-into-melee", "luck"])}
    if spec.completes in by_completion:
        return by_completion[spec.completes]
    if spec.name == "until":
        return st.sampled_from(["start:josh", "end:raider", "round", "rounds:2", "never",
                                "used_up", "later"])
    if spec.name == "auto":
        return st.sampled_from(["success", "failure", "raider=success", "josh=failure",
                                "maybe", "=success"])
    if spec.name == "grid":
        return st.sampled_from(["5x5", "6x4", "0x0", "30x30", "big"])
    return st.sampled_from(["Bob", "x", ""])


def _flags(verb, actor_ids):
    if not verb.flags:
        return st.just([])
    one = st.sampled_from(verb.flags).flatmap(
        lambda spec: st.just(spec.flag) if spec.kind == "bool" else
        _flag_value(spec, actor_ids).map(lambda v, f=spec.flag: f"{f} {v}" if v else f))
    return st.lists(one, max_size=3)


def verb_line(verb, actor_ids) -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from([verb.name, *verb.aliases]),
                     _positionals(verb, actor_ids), _flags(verb, actor_ids)).map(
        lambda t: " ".join([t[0], *t[1], *t[2]]))


def _mutate(line: str, how: int, junk: str) -> str:
    words = line.split(" ")
    if how == 0 and len(words) > 1:
        words.pop()
    elif how == 1:
        words.insert(len(words) // 2 + 1, junk)
    elif how == 2:
        return line.upper()
    elif how == 3:
        return line + " --"
    return " ".join(words)


def lines(registry, actor_ids: list[str]) -> st.SearchStrategy[str]:
    """One command line: mostly well-formed, often subtly wrong, sometimes garbage."""
    verbs = [v for v in registry.verbs.values() if not v.takes_file and v.name != "new"]
    good = st.sampled_from(verbs).flatmap(lambda v: verb_line(v, actor_ids))
    rare = verb_line(registry.verbs["new"], actor_ids)
    mutated = st.tuples(good, st.integers(0, 3), st.sampled_from(GARBAGE)).map(
        lambda t: _mutate(*t))
    garbage = st.one_of(st.text(max_size=60), st.sampled_from(GARBAGE),
                        st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
    long_line = st.integers(700, 3000).map(lambda n: "attack " + "josh," * n)
    return st.one_of(good, good, good, good, good, good, mutated, garbage, long_line,
                     rare)

"""PyYAML behind `yamlio`: parsing and block dumping, imported only when needed.

The libyaml C loader is used when PyYAML was built with it, because it is several times
faster. No text reaches either loader before its depth is known to be within
`nesting.MAX_DEPTH` (see nesting.py), and a value the constructor cannot build (a
5,000-digit number, the 45th of a month) is a YamlError at its line like any other.
"""

from __future__ import annotations

import yaml

from shaper_gm.content.yamlio import Marked, YamlError
from shaper_gm.nesting import MAX_DEPTH, TOO_DEEP, yaml_surely_shallow

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load_yaml_text(text: str, *, origin: str, lines: bool = False) -> object:
    """Parse one YAML document of plain data; `origin` names it in errors. With `lines`,
    a top mapping comes as `Marked`, holding the line of every key path."""
    check_depth(text, origin)
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            raise _error(origin, exc, ()) from None
        except yaml.YAMLError as exc:
            raise YamlError(origin, str(exc)) from None
        if node is None:
            return None
        found: dict[tuple[str, ...], int] | None = {} if lines else None
        _check_duplicate_keys(node, origin, (), set(), found)
        try:
            data = loader.construct_document(node)
        except yaml.MarkedYAMLError as exc:
            raise _error(origin, exc, _path_to(node, exc.problem_mark) or ()) from None
    finally:
        loader.dispose()
    if found is not None and isinstance(data, dict):
        data = Marked(data)
        data.lines = found
    return data


class _Loader(LOADER):
    """The safe loader, turning a value the constructor cannot build (Python's ValueError
    from deep inside PyYAML) into a ConstructorError at its node."""

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, _unreadable(node, exc), node.start_mark) from None


class _SaveLoader(_Loader):
    """The fast loader, refusing a mapping that repeats a key (PyYAML keeps the last)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key '{key.value}'", key.start_mark)
                seen.add(key.value)
        return super().construct_mapping(node, deep=deep)


def load_yaml_data(text: str, *, origin: str) -> object:
    """Parse large plain data (a save) in bounded memory: anchors and aliases are refused
    (by a pass over the parser's events, only when the text holds '&' or '*'), then
    libyaml builds the data directly, refusing duplicate keys."""
    check_depth(text, origin, aliases=True)
    try:
        return yaml.load(text, Loader=_SaveLoader)
    except yaml.MarkedYAMLError as exc:
        raise _error(origin, exc, ()) from None
    except yaml.YAMLError as exc:
        raise YamlError(origin, str(exc)) from None


_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def check_depth(text: str, origin: str, *, aliases: bool = False) -> None:
    """YamlError when `text` nests deeper than MAX_DEPTH, or, with `aliases`, holds an
    anchor or an alias. The parser's events are counted (the parser itself never
    recurses) only when a glance at the text cannot tell."""
    anchors = aliases and ("&" in text or "*" in text)
    if not anchors and yaml_surely_shallow(text):
        return
    depth = 0
    try:
        for event in yaml.parse(text, Loader=LOADER):
            if isinstance(event, _OPEN):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _at(origin, TOO_DEEP, event)
            elif isinstance(event, _CLOSE):
                depth -= 1
            if anchors and (isinstance(event, yaml.AliasEvent)
                            or getattr(event, "anchor", None)):
                raise _at(origin, "anchors and aliases (&name, *name) are not allowed", event)
    except yaml.MarkedYAMLError as exc:
        # libyaml (0.2.5 on) refuses 1,000 levels while reading ahead of its events,
        # before the count above reaches the limit: the same refusal, said the same way.
        if "maximum nesting depth" in str(exc.problem):
            exc.context, exc.problem = None, TOO_DEEP
        raise _error(origin, exc, ()) from None
    except yaml.YAMLError as exc:
        raise YamlError(origin, str(exc)) from None


def _at(origin: str, problem: str, event: yaml.Event) -> YamlError:
    mark = event.start_mark
    return YamlError(origin, problem, mark.line + 1, mark.column + 1)


def dump_yaml(data: object) -> str:
    """Plain data to block-style YAML, keys in their given order."""
    return yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True,
                     default_flow_style=False)



def _error(origin: str, exc: yaml.MarkedYAMLError, path: tuple) -> YamlError:
    mark = exc.problem_mark or exc.context_mark
    problem = ": ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
    if "constructor for the tag" in problem:
        problem = f"tag {_tag_of(problem)} is not allowed: only plain data is read"
    line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    return YamlError(origin, problem, line, column, path)


_KINDS = {"int": "a whole number", "float": "a number", "timestamp": "a date"}


def _unreadable(node: yaml.Node, exc: Exception) -> str:
    """`'2001-13-45' is not a date (month must be in 1..12)`, the value cut short."""
    value = node.value if isinstance(node.value, str) else ""
    shown = value if len(value) <= 24 else f"{value[:20]}... ({len(value)} characters)"
    kind = _KINDS.get(str(node.tag).rsplit(":", 1)[-1], "a value shaper-gm reads")
    reason = str(exc).split(";")[0].split(": value has")[0][:80]
    if "integer string conversion" in reason:   # Python's own limit on digits
        reason = f"{len(value)} digits; write a number of at most 4,300"
    return f"'{shown}' is not {kind} ({reason})"


def _tag_of(problem: str) -> str:
    start = problem.find("'")
    return problem[start:] if start >= 0 else "(unknown)"


def _check_duplicate_keys(node: yaml.Node, origin: str, path: tuple, seen_nodes: set,
                          lines: dict | None = None) -> None:
    """PyYAML keeps the last of two equal keys silently; a content file must not.

    Anchors and aliases are refused too: nothing we read needs them, and an alias
    bomb (a few lines that expand to billions of nodes) must not get past this walk.
    With `lines`, the line of each key path (its parts as text) goes there.
    """
    if id(node) in seen_nodes:
        mark = node.start_mark
        raise YamlError(origin, "anchors and aliases (&name, *name) are not allowed",
                        mark.line + 1, mark.column + 1, path)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        seen_nodes.add(id(node))
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name is not None and name in seen:
                mark = key.start_mark
                raise YamlError(origin, f"duplicate key '{name}'", mark.line + 1,
                                mark.column + 1, path + (name,))
            if name is not None:
                seen.add(name)
            if lines is not None:
                lines[_texts(path) + (str(name),)] = key.start_mark.line + 1
            _check_duplicate_keys(value, origin, path + (name,), seen_nodes, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            if lines is not None:
                lines[_texts(path) + (str(index),)] = item.start_mark.line + 1
            _check_duplicate_keys(item, origin, path + (index,), seen_nodes, lines)


def _texts(path: tuple) -> tuple[str, ...]:
    return tuple(map(str, path))


def _path_to(node: yaml.Node, mark: yaml.Mark | None) -> tuple | None:
    """Keys and indexes from the root to the node that starts at `mark`."""
    if mark is None:
        return None
    if node.start_mark.index == mark.index and node.end_mark.index >= mark.index:
        return ()
    if isinstance(node, yaml.MappingNode):
        children = [(k.value if isinstance(k, yaml.ScalarNode) else None, v)
                    for k, v in node.value]
    elif isinstance(node, yaml.SequenceNode):
        children = list(enumerate(node.value))
    else:
        return None
    for step, child in children:
        if child.start_mark.index <= mark.index <= child.end_mark.index:
            rest = _path_to(child, mark)
            if rest is not None:
                return (step,) + rest
    return None

"""`@record`: a dataclass that costs next to nothing to define.

`dataclass(frozen=True)` processes the fields and compiles six methods the moment a
class is defined, about half a millisecond a class; the program defines a few hundred
value classes and a command instantiates a handful, so at start-up that was the largest
single cost.

A record is a real dataclass to everything that looks (`dataclasses.fields`, `replace`,
`is_dataclass`, match patterns) and behaves as `@dataclass(frozen=True)` does: the same
`__init__` (defaults, `field(default_factory=...)`, `kw_only`, `__post_init__`), `==`
and `hash` over the compared fields, the same `repr`, and `FrozenInstanceError` on
assignment. The difference is when the work happens. Defining a record only marks it;
the fields are processed (by dataclass itself) when something first reads them, and
`__init__`, `==` and `hash` are compiled once the class has been instantiated a few
times (COMPILE_AT), in one go, and installed so that later calls run them directly;
until then `__init__` binds its arguments from the fields, and `==`, `hash` (and always
`repr`) are shared functions reading a per-class attribute getter. A field order that
dataclass refuses (a default before a non-default) is refused then too, at first use.
`@record(frozen=False)` is the mutable form (no hash, assignment allowed). Type
checkers see a record as the frozen dataclass it behaves as (`dataclass_transform`).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
elif TYPE_CHECKING:                                # the checkers' own stubs have it
    from typing_extensions import dataclass_transform
else:                                              # Python 3.10: nothing to tell
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator

T = TypeVar("T", bound=type)
R = TypeVar("R")


@overload
def record(cls: T, /) -> T: ...


@overload
def record(*, frozen: bool = True, kw_only: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(frozen_default=True,
                     field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: T | None = None, /, *, frozen: bool = True,
           kw_only: bool = False) -> T | Callable[[T], T]:
    """Make `cls` a record (see the module docstring); usable bare or with options."""

    def make(cls: T) -> T:
        return _make_record(cls, frozen=frozen, kw_only=kw_only)

    return make if cls is None else make(cls)


def _make_record(cls: T, *, frozen: bool, kw_only: bool) -> T:
    own = dict(cls.__dict__)
    if not own.get("__doc__"):
        # dataclass otherwise writes a docstring from inspect.signature, at a cost
        cls.__doc__ = f"{cls.__name__} record."
    cls._record_options = {"kw_only": kw_only}
    for name in _SETTLED_BY_FIRST_READ:
        setattr(cls, name, _Unsettled(cls, name))
    if "__init__" not in own:
        cls.__init__ = _first_init
    if "__repr__" not in own:
        cls.__repr__ = _repr
    if "__eq__" not in own:
        cls.__eq__ = _eq
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not explicit_hash:
        cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__setattr__ = _refuse_assignment
        cls.__delattr__ = _refuse_deletion
    return cls


# What dataclass's processing of the fields makes, and the getters made from it: left
# until something reads one of them (an instantiation, `dataclasses.fields`, a match).
_SETTLED_BY_FIRST_READ = ("__dataclass_fields__", "__match_args__", "_record_key",
                          "_record_shown", "_record_binding")


class _Unsettled:
    """A class attribute of a record not yet processed: reading it processes the record
    (see `_settle`), which puts the real attribute in its place."""

    def __init__(self, cls: type, name: str) -> None:
        self.cls = cls
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        _settle(self.cls)
        return getattr(self.cls, self.name)


def _settle(cls: type) -> None:
    """Process the record's fields as dataclass does (its bases first, through their
    own attributes), and make the getters the shared methods read."""
    for name in _SETTLED_BY_FIRST_READ:
        if isinstance(cls.__dict__.get(name), _Unsettled):
            delattr(cls, name)
    dataclasses.dataclass(cls, init=False, repr=False, eq=False, **cls._record_options)
    fields = dataclasses.fields(cls)
    try:
        _check_default_order(cls, fields)
    except TypeError:
        for name in _SETTLED_BY_FIRST_READ:         # so that every use is refused
            setattr(cls, name, _Unsettled(cls, name))
        raise
    cls._record_key = _getter(tuple(f.name for f in fields if f.compare))
    cls._record_shown = tuple(f.name for f in fields if f.repr)
    cls._record_binding = (tuple(f.name for f in fields if f.init and not f.kw_only),
                           frozenset(f.name for f in fields if f.init), fields)


def _check_default_order(cls: type, fields: tuple[dataclasses.Field, ...]) -> None:
    """The error dataclass gives at definition: a positional field without a default
    cannot follow one with a default."""
    seen_default = None
    for f in fields:
        if not f.init or f.kw_only:
            continue
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if has_default:
            seen_default = f.name
        elif seen_default is not None:
            raise TypeError(f"{cls.__name__}: non-default argument {f.name!r} follows "
                            f"default argument {seen_default!r}")


def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    if not names:
        return lambda obj: ()
    return attrgetter(*names)


def _repr(self) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_shown)
    return f"{type(self).__qualname__}({shown})"


def _eq(self, other):
    if other.__class__ is self.__class__:
        key = self._record_key
        return key(self) == key(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(self._record_key(self))


def _refuse_assignment(self, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


# A record's __init__ binds its arguments in plain Python for the first instantiations
# of its class and is compiled (with == and hash) at the COMPILE_AT-th: a command makes
# most classes a few times, where compiling (about 0.2 ms a class) costs more than it
# saves, while the classes made in loops (exact odds, content) compile early on.
COMPILE_AT = 16


def _first_init(self, *args: Any, **kwargs: Any) -> None:
    """The `__init__` of a record class until it is compiled (see COMPILE_AT)."""
    for owner in type(self).__mro__:
        if owner.__dict__.get("__init__") is _first_init:
            break
    made = owner.__dict__.get("_record_made", 0) + 1
    if made < COMPILE_AT:
        owner._record_made = made
        _bind(owner, self, args, kwargs)
        return
    for name, method in _compile_methods(owner).items():
        setattr(owner, name, method)
    owner.__init__(self, *args, **kwargs)


def _bind(cls: type, obj: Any, args: tuple, kwargs: dict[str, Any]) -> None:
    """What the compiled `__init__` does, read from the fields."""
    positional, accepted, fields = cls._record_binding
    where = f"{cls.__qualname__}.__init__()"
    if len(args) > len(positional):
        raise TypeError(f"{where} takes {len(positional) + 1} positional arguments but "
                        f"{len(args) + 1} were given")
    given = dict(zip(positional, args, strict=False))      # the rest by keyword or default
    for name, value in kwargs.items():
        if name in given:
            raise TypeError(f"{where} got multiple values for argument {name!r}")
        if name not in accepted:
            raise TypeError(f"{where} got an unexpected keyword argument {name!r}")
        given[name] = value
    missing = [f.name for f in fields if f.init and f.name not in given
               and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise TypeError(f"{where} missing {len(missing)} required argument(s): "
                        + ", ".join(repr(name) for name in missing))
    for f in fields:
        if f.init and f.name in given:
            value = given[f.name]
        elif f.default_factory is not MISSING:
            value = f.default_factory()
        elif f.default is not MISSING:
            value = f.default
        else:
            continue                      # init=False without a default: left unset
        object.__setattr__(obj, f.name, value)
    if hasattr(cls, "__post_init__"):
        obj.__post_init__()


def _compile_methods(cls: type) -> dict[str, Callable[..., Any]]:
    """`__init__`, and `__eq__`/`__hash__` where `cls` uses the shared ones, as dataclass
    would write them for `cls`'s fields; one compile for all."""
    names: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    fields = dataclasses.fields(cls)
    for f in fields:
        default = factory = None
        if f.default_factory is not MISSING:
            factory = f"_factory_{f.name}"
            names[factory] = f.default_factory
        elif f.default is not MISSING:
            default = f"_default_{f.name}"
            names[default] = f.default
        if not f.init:
            if factory:
                body.append(f"_set(self, {f.name!r}, {factory}())")
            elif default:
                body.append(f"_set(self, {f.name!r}, {default})")
            continue
        parameter = (f"{f.name}=_MISSING" if factory else
                     f"{f.name}={default}" if default else f.name)
        (keyword if f.kw_only else positional).append(parameter)
        value = f"{factory}() if {f.name} is _MISSING else {f.name}" if factory else f.name
        body.append(f"_set(self, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    parameters = ["self", *positional, *(["*", *keyword] if keyword else [])]
    source = [f"def __init__({', '.join(parameters)}):", *(f"    {b}" for b in body or ["pass"])]
    compared = [f.name for f in fields if f.compare]
    mine, theirs = (", ".join(f"{who}.{name}" for name in compared) + ("," if compared else "")
                    for who in ("self", "other"))
    wanted = ["__init__"]
    if cls.__dict__.get("__eq__") is _eq:
        wanted.append("__eq__")
        source += ["def __eq__(self, other):",
                   "    if other.__class__ is self.__class__:",
                   f"        return ({mine}) == ({theirs})",
                   "    return NotImplemented"]
    if cls.__dict__.get("__hash__") is _hash:
        wanted.append("__hash__")
        source += ["def __hash__(self):", f"    return hash(({mine}))"]
    exec("\n".join(source) + "\n", names)                  # noqa: S102 - our own text
    methods = {name: names[name] for name in wanted}
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
    return methods


def revise(ctx: R, **changes: Any) -> R:
    """`dataclasses.replace(ctx, **changes)`, at a fraction of its cost for a context
    with nothing to re-check (no `__post_init__`, every field set by `__init__`): the
    fields are copied as they are, not passed through `__init__` again."""
    cls = ctx.__class__
    names = _COPYABLE.get(cls)
    if names is None:
        names = _COPYABLE[cls] = _copyable(cls)
    if not changes.keys() <= names:
        return dataclasses.replace(ctx, **changes)
    copy = _new(cls)
    _set(copy, "__dict__", ctx.__dict__ | changes)    # a record refuses `=`
    return copy


_COPYABLE: dict[type, frozenset[str]] = {}
_new, _set = object.__new__, object.__setattr__


def _copyable(cls: type) -> frozenset[str]:
    """The fields `revise` may copy for `cls`: none when a copy would skip a check or a
    default (`__post_init__`, `init=False` fields) or the class has no `__dict__`."""
    every = dataclasses.fields(cls)
    plain = (not hasattr(cls, "__post_init__") and all(f.init for f in every)
             and not any("__slots__" in vars(base) for base in cls.__mro__))
    return frozenset(f.name for f in every) if plain else frozenset()

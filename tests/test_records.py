"""`@record` behaves as `@dataclass(frozen=True)` does, wherever the program looks."""

from __future__ import annotations

import copy
import dataclasses
from contextlib import contextmanager
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm import records
from shaper_gm.records import record


def pair(**options):
    """The same class body made a record and a frozen dataclass."""

    def body():
        class Move:
            actor: str
            zone: str | None = None
            path: tuple = field(default_factory=tuple)
            note: str = field(default="", compare=False)
        return Move

    return (record(**options)(body()),
            dataclass(frozen=options.get("frozen", True), kw_only=options.get("kw_only",
                                                                              False))(body()))


values = st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=2),
                   st.tuples(st.integers(0, 2)))
# Until COMPILE_AT instantiations a record's __init__ binds its arguments from the
# fields; from then on its compiled __init__, == and hash run. Both must agree with
# dataclass.
MODES = {"bound": 10**9, "compiled": 1}


@contextmanager
def compiling(mode: str):
    saved, records.COMPILE_AT = records.COMPILE_AT, MODES[mode]
    try:
        yield pair()
    finally:
        records.COMPILE_AT = saved


@pytest.fixture(params=sorted(MODES))
def classes(request):
    with compiling(request.param) as made:
        yield made


@pytest.fixture(params=sorted(MODES))
def mode(request, monkeypatch):
    monkeypatch.setattr(records, "COMPILE_AT", MODES[request.param])
    return request.param


@given(st.text(max_size=3), values, values, st.text(max_size=2),
       st.text(max_size=3), values, values, st.text(max_size=2))
def test_equality_hash_and_repr_match_dataclass(a1, z1, p1, n1, a2, z2, p2, n2):
    for mode in MODES:
        with compiling(mode) as (Rec, Dat):
            r1, r2 = Rec(a1, z1, p1, n1), Rec(a2, z2, p2, n2)
            d1, d2 = Dat(a1, z1, p1, n1), Dat(a2, z2, p2, n2)
            assert (r1 == r2) == (d1 == d2)
            if r1 == r2:
                assert hash(r1) == hash(r2)
            assert repr(r1).split(".")[-1] == repr(d1).split(".")[-1]


NAMES = ("actor", "zone", "path", "note", "nope")


@given(st.lists(values, max_size=6), st.dictionaries(st.sampled_from(NAMES), values))
def test_arguments_bind_as_dataclass_binds_them(args, kwargs):
    for mode in MODES:
        with compiling(mode) as (Rec, Dat):
            try:
                expected = vars(Dat(*args, **kwargs))
            except TypeError:
                with pytest.raises(TypeError):
                    Rec(*args, **kwargs)
            else:
                assert vars(Rec(*args, **kwargs)) == expected


def test_defaults_factories_and_keywords(classes):
    Rec, Dat = classes
    assert Rec("kira") == Rec("kira", None, (), "")
    assert Rec(actor="kira", zone="B2").zone == "B2"
    assert Rec("kira").path == () and Rec("kira", path=(1,)).path == (1,)
    assert Rec("kira", note="x") == Rec("kira", note="y")        # note is not compared
    assert Rec("kira") != Dat("kira") and Rec("kira") != ("kira",)


@pytest.mark.parametrize("args, kwargs", [((), {}), (("a", "b", (), "", 5), {}),
                                          (("a",), {"nope": 1}), (("a",), {"actor": "b"})])
def test_wrong_arguments_raise_type_error(classes, args, kwargs):
    Rec, _ = classes
    with pytest.raises(TypeError, match=r"Move\.__init__\(\)"):
        Rec(*args, **kwargs)


def test_compiles_at_the_compile_at_th_instantiation(monkeypatch):
    monkeypatch.setattr(records, "COMPILE_AT", 3)
    Rec, _ = pair()
    shared = Rec.__init__
    Rec("a"), Rec("b")
    assert Rec.__init__ is shared and Rec.__eq__ is records._eq
    assert Rec("c").actor == "c"
    assert Rec.__init__ is not shared and Rec.__eq__ is not records._eq
    assert Rec("d") == Rec("d") and hash(Rec("d")) == hash(Rec("d"))


def test_frozen(classes):
    move = classes[0]("kira")
    with pytest.raises(FrozenInstanceError):
        move.zone = "A1"
    with pytest.raises(FrozenInstanceError):
        del move.actor
    assert move.zone is None


def test_dataclass_tools_work(classes):
    Rec, _ = classes
    move = Rec("kira", "A1")
    assert dataclasses.is_dataclass(move)
    assert [f.name for f in dataclasses.fields(move)] == ["actor", "zone", "path", "note"]
    assert dataclasses.replace(move, zone="B2") == Rec("kira", "B2")
    assert dataclasses.asdict(move) == {"actor": "kira", "zone": "A1", "path": (),
                                        "note": ""}
    assert copy.deepcopy(move) == move and copy.copy(move) == move
    match move:
        case Rec(actor, zone):
            assert (actor, zone) == ("kira", "A1")


def test_kw_only_post_init_and_inheritance(mode):
    @record(kw_only=True)
    class Base:
        size: int
        twice: int = field(init=False, default=0)

        def __post_init__(self):
            object.__setattr__(self, "twice", self.size * 2)

    @record
    class Child(Base):
        label: str = "x"

    class Plain(Base):                      # not itself a record: Base's __init__
        pass

    with pytest.raises(TypeError):
        Base(3)
    assert Base(size=3).twice == 6
    assert Child(size=2, label="y") == Child(size=2, label="y")
    assert Child(size=2).twice == 4 and Child(size=2).label == "x"
    assert Plain(size=5).twice == 10
    assert Base(size=1) != Child(size=1)


def test_mutable_records_compare_but_do_not_hash(mode):
    @record(frozen=False)
    class Tally:
        made: list = field(default_factory=list)

    tally = Tally()
    tally.made.append(1)
    tally.made = [2]
    assert tally == Tally([2]) and Tally() is not Tally()
    assert Tally().made is not Tally().made
    with pytest.raises(TypeError):
        hash(tally)


def test_positional_after_default_is_refused_at_first_use():
    @record
    class Bad:
        a: int = 0
        b: int

    with pytest.raises(TypeError, match="non-default argument 'b'"):
        Bad(1, 2)
    with pytest.raises(TypeError, match="non-default argument 'b'"):
        dataclasses.fields(Bad)


def test_a_record_is_processed_when_first_read_not_when_defined():
    @record
    class Base:
        a: int
        made: list = field(default_factory=list)

    @record
    class Child(Base):
        b: int = 2

    class Plain(Child):
        pass

    assert "__dataclass_fields__" not in Base.__dict__ or not isinstance(
        Base.__dict__["__dataclass_fields__"], dict)
    assert [f.name for f in dataclasses.fields(Plain)] == ["a", "made", "b"]
    assert isinstance(Base.__dict__["__dataclass_fields__"], dict)   # bases settled too
    assert Child.__match_args__ == ("a", "made", "b")
    assert Plain(1) == Plain(1, [], 2) and Plain(1) != Child(1)
    assert repr(Plain(1)).endswith(".Plain(a=1, made=[], b=2)")      # as dataclass: qualname


def test_own_methods_are_kept(mode):
    @record
    class Named:
        name: str

        def __repr__(self):
            return f"<{self.name}>"

    assert repr(Named("x")) == "<x>"

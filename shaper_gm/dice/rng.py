"""Seeded, counter-based dice generator.

The whole state is ``(seed, position)``: die number *k* of a session is a
pure function of ``(seed, k)``.  A saved session therefore only needs those
two integers to replay or continue exactly, and dice entered by hand can
``skip`` the position so later rolls do not depend on whether earlier ones
were rolled or typed in.

The stream is a SplitMix64-style hash of ``(seed, k, j)``; ``j`` is a
sub-counter bumped only when a 64-bit word is rejected to keep the mapping
onto ``1..sides`` exactly uniform.  The ``random`` module is deliberately
not used (its state is large, opaque and version-dependent).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SUB_GOLDEN = 0xD1B54A32D192ED03
_SEED_SALT = 0x5DEECE66D2B7E151


def _mix64(z: int) -> int:
    """SplitMix64 finaliser: a bijective avalanche on 64-bit words."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _word(seed: int, k: int, j: int) -> int:
    """The j-th candidate 64-bit word for die number k (seeds wrap mod 2**64)."""
    z = _mix64((seed ^ _SEED_SALT) & _MASK)
    z = _mix64((z + (k + 1) * _GOLDEN) & _MASK)
    return _mix64((z + (j + 1) * _SUB_GOLDEN) & _MASK)


class DiceRng:
    """Counter-based die generator; ``position`` counts dice drawn so far."""

    __slots__ = ("_seed", "_position")

    def __init__(self, seed: int, position: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            raise ValueError(f"position must be a non-negative int, got {position!r}")
        self._seed = seed
        self._position = position

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def position(self) -> int:
        return self._position

    def draw(self, sides: int) -> int:
        """Return a face in ``1..sides`` for the current position, then advance by one."""
        if not isinstance(sides, int) or sides < 1:
            raise ValueError(f"sides must be a positive int, got {sides!r}")
        # Reject the top (2**64 mod sides) words so every face is equally likely.
        limit = (1 << 64) - ((1 << 64) % sides)
        j = 0
        word = _word(self._seed, self._position, j)
        while word >= limit:
            j += 1
            word = _word(self._seed, self._position, j)
        self._position += 1
        return word % sides + 1

    def skip(self, n: int) -> None:
        """Advance past ``n`` dice without drawing them (faces were given by hand)."""
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"skip count must be a non-negative int, got {n!r}")
        self._position += n

    def copy(self) -> DiceRng:
        return DiceRng(self._seed, self._position)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiceRng):
            return NotImplemented
        return (self._seed, self._position) == (other._seed, other._position)

    __hash__ = None  # type: ignore[assignment]  # mutable: position advances

    def __repr__(self) -> str:
        return f"DiceRng(seed={self._seed}, position={self._position})"

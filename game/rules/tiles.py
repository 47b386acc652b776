"""Tiles and double-N sets.

Every tile has a small integer id that does not depend on the set: ``high*(high+1)//2 + low``.
A double-N set is then simply the ids ``0 .. (N+1)(N+2)/2 - 1``, and a hand can be kept as a
bit mask of ids, which is what makes the engine fast enough for search.

>>> Tile(5, 3)
Tile(low=3, high=5)
>>> Tile(12, 12).is_double, Tile(12, 5).pips
(True, 17)
>>> tile_count(12)
91
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a plain install: the mark only matters to the optional compiled build
    _T = TypeVar("_T")

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        return lambda cls: cls


SUPPORTED_SETS: tuple[int, ...] = (6, 9, 12, 15, 18)
MAX_NUMBER = 18


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of tuple as a native class
class Tile(tuple[int, int]):
    """One domino ``low|high``; built in either order, always stored low first.

    A tile is a plain pair underneath, so ``Tile(3, 5) == (3, 5)`` and it hashes like one.
    """

    __slots__ = ()

    def __new__(cls, a: int, b: int) -> Tile:
        if a > b:
            a, b = b, a
        return tuple.__new__(cls, (a, b))

    def __getnewargs__(self) -> tuple[int, int]:  # keeps copy/pickle working
        return (self[0], self[1])

    @property
    def low(self) -> int:
        return self[0]

    @property
    def high(self) -> int:
        return self[1]

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def id(self) -> int:
        return self.high * (self.high + 1) // 2 + self.low

    def has(self, number: int) -> bool:
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The half that is not ``number`` (for a double, ``number`` itself)."""
        return self.high if self.low == number else self.low

    def __str__(self) -> str:
        return f"{self.low}|{self.high}"

    def __repr__(self) -> str:
        return f"Tile(low={self.low}, high={self.high})"


def tile_count(set_size: int) -> int:
    """Tiles in a double-``set_size`` set."""
    return (set_size + 1) * (set_size + 2) // 2


# Tables indexed by tile id, shared by every set (a smaller set uses a prefix of them).
ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(low, high) for high in range(MAX_NUMBER + 1) for low in range(high + 1)
)
LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
# NUMBER_MASK[n]: bit mask of every tile id that carries the number n.
NUMBER_MASK: tuple[int, ...] = tuple(
    sum(1 << t.id for t in ALL_TILES if t.has(n)) for n in range(MAX_NUMBER + 1)
)
DOUBLE_ID: tuple[int, ...] = tuple(Tile(n, n).id for n in range(MAX_NUMBER + 1))
DOUBLES_MASK: int = sum(1 << t.id for t in ALL_TILES if t.is_double)
ZERO_ZERO_ID = 0


NUMBER_TILES: dict[int, int] = {}  # numbers_to_tiles, as computed so far


def numbers_to_tiles(numbers: int) -> int:
    """Bit mask of every tile carrying one of the numbers in the ``numbers`` bit mask."""
    mask = NUMBER_TILES.get(numbers)
    if mask is None:
        mask = 0
        n = 0
        rest = numbers
        while rest:
            if rest & 1:
                mask |= NUMBER_MASK[n]
            rest >>= 1
            n += 1
        NUMBER_TILES[numbers] = mask  # at most 2**(MAX_NUMBER+1) keys; a few hundred seen
    return mask


def set_tiles(set_size: int) -> tuple[Tile, ...]:
    """Every tile of a double-``set_size`` set, in id order."""
    return ALL_TILES[: tile_count(set_size)]


_SET_MASKS: dict[int, int] = {}  # set_mask, by set size (every observation asks)


def set_mask(set_size: int) -> int:
    """Bit mask of every tile id of a double-``set_size`` set."""
    mask = _SET_MASKS.get(set_size)
    if mask is None:
        mask = _SET_MASKS[set_size] = (1 << tile_count(set_size)) - 1
    return mask


def iter_ids(mask: int) -> Iterator[int]:
    """Tile ids in a bit mask, lowest first."""
    while mask:
        low_bit = mask & -mask
        yield low_bit.bit_length() - 1
        mask ^= low_bit


def ids_to_tiles(mask: int) -> tuple[Tile, ...]:
    """The tiles in a bit mask, lowest id first."""
    tiles = ALL_TILES
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(tiles[low_bit.bit_length() - 1])
        mask ^= low_bit
    return tuple(out)


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.id
    return mask


def tile_from_id(tile_id: int) -> Tile:
    return ALL_TILES[tile_id]

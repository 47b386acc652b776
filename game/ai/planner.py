"""The hand planner: the line of tiles that best extends a player's own train, and the rest.

Every rulebook gives a beginner the same advice: build your train in your hand first, keep the
doubles in it, and keep the tiles that do not fit apart, free to shed elsewhere. The planner
does exactly that. Given a hand (a bit mask of tile ids, see :mod:`game.rules.tiles`) and the
open end of the player's own train, :func:`best_line` finds the line of tiles, from the open
end outward, that is

1. the **longest** (most tiles), then
2. the **heaviest** (most pips), then
3. by the documented **tie-break**: comparing the equally good lines tile by tile from the
   train outward, the one whose first differing non-double tile is heavier (more pips), then
   has the higher tile id.

Doubles cost nothing in a line: a double ``n|n`` fits wherever the line reaches ``n``, so the
planner places each double it holds at the first point where the line reaches its number
(at the very start when the open end is ``n``). A line may end on a double.

The search treats numbers as nodes and non-double tiles as edges, and looks for the best trail
by depth-first search with branch and bound: children in (pips, id) order, heaviest first, and
a bound from the tiles left in the reachable part of the hand and from the parity of its
numbers (a trail uses every tile of a part only when at most two of its numbers are odd). The
result is exact for any hand up to :data:`EXACT_LIMIT` tiles; beyond that, or when the caller
gives a ``budget`` of search nodes, the search stops after that many nodes and returns the best
line found so far (the first line found is already the greedy heaviest-first line).

>>> from game.rules.tiles import Tile, mask_of
>>> hand = mask_of([Tile(12, 5), Tile(5, 5), Tile(5, 0), Tile(0, 1), Tile(3, 9)])
>>> plan = best_line(hand, 12)
>>> [str(t) for t in plan.tiles], [str(t) for t in plan.free]
(['5|12', '5|5', '0|5', '0|1'], ['3|9'])
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from game.rules.tiles import (
    ALL_TILES,
    DOUBLE_ID,
    HIGH,
    IS_DOUBLE,
    LOW,
    MAX_NUMBER,
    NUMBER_MASK,
    PIPS,
    Tile,
    ids_to_tiles,
    iter_ids,
)

# Hands up to this many tiles are always searched to the end (exact); larger hands get
# DEFAULT_BUDGET search nodes (a node costs about 10 microseconds). benchmarks/bench_ai.py
# measures the planner on random hands of 15 and 20 tiles.
EXACT_LIMIT = 20
DEFAULT_BUDGET = 3_000


class Line(NamedTuple):
    """A planned line: tile ids in playing order from the open end, and the free tiles."""

    ids: tuple[int, ...]
    pips: int
    free_mask: int
    end: int  # the train's open end after the whole line is played
    exact: bool  # False when a node budget cut the search short

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(ALL_TILES[i] for i in self.ids)

    @property
    def free(self) -> tuple[Tile, ...]:
        return ids_to_tiles(self.free_mask)

    @property
    def mask(self) -> int:
        mask = 0
        for tile_id in self.ids:
            mask |= 1 << tile_id
        return mask

    @property
    def length(self) -> int:
        """How many tiles the line lays (a named tuple's own ``len`` counts its fields)."""
        return len(self.ids)


# Per tile id: the bit mask of its two numbers (one bit for a double).
_NUMBER_BITS: tuple[int, ...] = tuple((1 << LOW[i]) | (1 << HIGH[i]) for i in range(len(ALL_TILES)))


class _Search:
    """One branch-and-bound search; plain attributes keep the inner loop cheap."""

    __slots__ = (
        "adj",
        "double_at",
        "best_len",
        "best_pips",
        "best_path",
        "path",
        "nodes",
        "budget",
        "cut",
        "seen",
        "at",
    )

    def __init__(self, hand: int, budget: int | None) -> None:
        # adj[n]: (tile id, other number, pips, bit) for each non-double tile with n,
        # heaviest first, then higher id first (the documented tie-break order).
        adj: list[list[tuple[int, int, int, int]]] = [[] for _ in range(MAX_NUMBER + 1)]
        double_at = [-1] * (MAX_NUMBER + 1)
        for tile_id in sorted(iter_ids(hand), key=lambda i: (-PIPS[i], -i)):
            low, high = LOW[tile_id], HIGH[tile_id]
            if IS_DOUBLE[tile_id]:
                double_at[low] = tile_id
                continue
            adj[low].append((tile_id, high, PIPS[tile_id], 1 << tile_id))
            adj[high].append((tile_id, low, PIPS[tile_id], 1 << tile_id))
        self.adj = adj
        self.double_at = double_at
        self.best_len = -1
        self.best_pips = -1
        self.best_path: list[int] = []
        self.path: list[int] = []
        self.nodes = 0
        self.budget = budget
        self.cut = False
        # States already searched: (tiles left, open end). The tiles used so far fix the
        # line's length and pips, so a state met again cannot do better than the first time.
        self.seen: set[int] = set()
        # at[n]: bit mask of the hand's non-double tiles with the number n.
        self.at = [0] * (MAX_NUMBER + 1)
        for number in range(MAX_NUMBER + 1):
            for _tile_id, _other, _pips, bit in adj[number]:
                self.at[number] |= bit

    def run(self, hand: int, end: int) -> None:
        plain = 0
        parity = 0
        doubles = 0
        for tile_id in iter_ids(hand):
            if IS_DOUBLE[tile_id]:
                doubles |= 1 << tile_id
            else:
                plain |= 1 << tile_id
                parity ^= _NUMBER_BITS[tile_id]
        self._visit(end, plain, parity, doubles, 0, 0)

    def _visit(
        self, end: int, plain: int, parity: int, doubles: int, length: int, pips: int
    ) -> None:
        """The line so far is ``self.path``: extend it from ``end`` with the tiles left."""
        key = plain << 5 | end
        seen = self.seen
        if key in seen:
            return
        seen.add(key)
        self.nodes += 1
        path = self.path
        placed_double = False
        double_id = self.double_at[end]
        if double_id >= 0 and doubles >> double_id & 1:
            doubles ^= 1 << double_id
            path.append(double_id)
            length += 1
            pips += PIPS[double_id]
            placed_double = True

        best_len = self.best_len
        if length > best_len or (length == best_len and pips > self.best_pips):
            self.best_len = length
            self.best_pips = pips
            self.best_path = path[:]

        if plain:
            budget = self.budget
            if budget is not None and self.nodes >= budget:
                self.cut = True
            else:
                self._children(end, plain, parity, doubles, length, pips)
        if placed_double:
            path.pop()

    def _children(
        self, end: int, plain: int, parity: int, doubles: int, length: int, pips: int
    ) -> None:
        # Upper bound on what the line can still gain: the non-double tiles reachable from
        # ``end`` (its connected part), less what parity forbids, plus every double left.
        reach = 1 << end
        frontier = reach
        part = 0
        part_parity = 0
        part_pips = 0
        weights: list[int] = []
        at = self.at
        while frontier:
            low_bit = frontier & -frontier
            frontier ^= low_bit
            n = low_bit.bit_length() - 1
            new = plain & at[n] & ~part
            part |= new
            while new:
                bit = new & -new
                new ^= bit
                tile_id = bit.bit_length() - 1
                other_bit = 1 << (LOW[tile_id] + HIGH[tile_id] - n)
                if not reach & other_bit:
                    reach |= other_bit
                    frontier |= other_bit
                part_parity ^= low_bit | other_bit
                tile_pips = PIPS[tile_id]
                part_pips += tile_pips
                weights.append(tile_pips)
        if not part:
            return
        part_count = len(weights)
        odd = part_parity.bit_count()
        end_odd = part_parity >> end & 1
        if end_odd:
            odd -= 2
        gain = part_count - odd // 2
        if gain < part_count:
            weights.sort()
            total = self._pairing_loss(end, end_odd, part_parity, plain)
            if total < 0:  # the odd numbers cannot be paired off: one tile more stays out
                gain -= 1
                part_pips -= sum(weights[: part_count - gain])
            else:
                part_pips -= max(sum(weights[: part_count - gain]), (total + 1) // 2)
        double_gain = 0
        double_pips = 0
        for tile_id in iter_ids(doubles):
            if reach >> LOW[tile_id] & 1:
                double_gain += 1
                double_pips += PIPS[tile_id]
        bound_len = length + gain + double_gain
        if bound_len < self.best_len or (
            bound_len == self.best_len and pips + part_pips + double_pips <= self.best_pips
        ):
            return
        path = self.path
        for tile_id, other, tile_pips, bit in self.adj[end]:
            if plain & bit:
                path.append(tile_id)
                self._visit(
                    other,
                    plain ^ bit,
                    parity ^ _NUMBER_BITS[tile_id],
                    doubles,
                    length + 1,
                    pips + tile_pips,
                )
                path.pop()
                if self.cut:
                    return

    def _pairing_loss(self, end: int, end_odd: int, odd: int, plain: int) -> int:
        """Twice a lower bound on the pips a line as long as the parity bound leaves out.

        Such a line leaves out exactly one tile per pair of the odd numbers it cannot end on,
        and those tiles join two such numbers each (a perfect matching): so each of them loses
        at least its lightest tile to another odd number (or to ``end``, when ``end`` is
        even). The far end of the line is the odd number it is best to skip. Returns -1 when
        no choice of far end can be paired off at all.
        """
        pool = odd & ~(1 << end) if end_odd else odd | 1 << end
        at = self.at
        numbers = []
        lights = []
        rest = pool
        while rest:
            low_bit = rest & -rest
            rest ^= low_bit
            numbers.append(low_bit.bit_length() - 1)
        for number in numbers:
            others = 0
            for other in numbers:
                if other != number:
                    others |= at[other]
            joining = plain & at[number] & others
            light = -1
            while joining:
                bit = joining & -joining
                joining ^= bit
                tile_pips = PIPS[bit.bit_length() - 1]
                if light < 0 or tile_pips < light:
                    light = tile_pips
            lights.append(light)
        if end_odd:
            # Pair off every odd number but the far end.
            missing = [light for light in lights if light < 0]
            if len(missing) >= 2:
                return -1
            known = [light for light in lights if light >= 0]
            return sum(known) - (0 if missing else max(known, default=0))
        # ``end`` is even: a closed line pairs off every odd number; a line ending on an odd
        # number pairs off the others and ``end``.
        end_light = lights[numbers.index(end)]
        odd_lights = [light for number, light in zip(numbers, lights, strict=True) if number != end]
        missing = [light for light in odd_lights if light < 0]
        known = [light for light in odd_lights if light >= 0]
        best = -1
        if not missing:
            best = sum(known)
        if end_light >= 0 and len(missing) <= 1:
            skipped = 0 if missing else max(known, default=0)
            open_line = sum(known) - skipped + end_light
            if best < 0 or open_line < best:
                best = open_line
        return best


@lru_cache(maxsize=4096)
def best_line(hand: int, end: int, budget: int | None = None) -> Line:
    """The best line for ``hand`` (a bit mask of tile ids) from the open end ``end``.

    ``budget`` caps the search nodes; by default hands up to :data:`EXACT_LIMIT` tiles are
    searched exactly and larger ones get :data:`DEFAULT_BUDGET` nodes. Results are cached (a
    decision, its hint and a search ask for the same lines); :func:`search_line` is the same
    without the cache, for hands that will not come again.
    """
    return search_line(hand, end, budget)


def search_line(hand: int, end: int, budget: int | None = None) -> Line:
    """:func:`best_line` without its cache."""
    if budget is None and hand.bit_count() > EXACT_LIMIT:
        budget = DEFAULT_BUDGET
    search = _Search(hand, budget)
    search.run(hand, end)
    ids = tuple(search.best_path)
    line_mask = 0
    line_end = end
    for tile_id in ids:
        line_mask |= 1 << tile_id
        line_end = LOW[tile_id] + HIGH[tile_id] - line_end
    return Line(ids, max(search.best_pips, 0), hand & ~line_mask, line_end, not search.cut)


def line_for_tiles(tiles: list[Tile] | tuple[Tile, ...], end: int) -> Line:
    """:func:`best_line` for a list of tiles (a convenience for tests and the table)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << Tile(*tile).id
    return best_line(mask, end)


def double_of(number: int) -> int:
    """The tile id of the double ``number|number``."""
    return DOUBLE_ID[number]


def quick_line(hand: int, end: int) -> int:
    """A fast, approximate line as a tile mask: no search, some 25 microseconds.

    From ``end``: lay the double if held, then the tile that looks furthest ahead (its far
    number can be continued, and that continuation continued), heaviest first among equals;
    repeat. Hard uses it for the guessed hands of its opponents, where an exact plan of a guess
    would cost more than it tells. On random 15-tile hands of a double-12 set it finds lines of
    7.6 tiles on average where the exact planner finds 8.7.
    """
    line = 0
    for tile_id in quick_line_ids(hand, end):
        line |= 1 << tile_id
    return line


def quick_line_ids(hand: int, end: int) -> list[int]:
    """:func:`quick_line` as tile ids in the order they are laid from ``end``."""
    line: list[int] = []
    left = hand
    while True:
        double_bit = 1 << DOUBLE_ID[end]
        if left & double_bit:
            line.append(DOUBLE_ID[end])
            left ^= double_bit
        fits = left & NUMBER_MASK[end]
        if not fits:
            return line
        best = -1
        best_key = -1
        while fits:
            bit = fits & -fits
            fits ^= bit
            tile_id = bit.bit_length() - 1
            far = LOW[tile_id] + HIGH[tile_id] - end
            rest = left ^ bit
            onward = rest & NUMBER_MASK[far]
            key = PIPS[tile_id]
            if onward:
                key += 100
                while onward:
                    next_bit = onward & -onward
                    onward ^= next_bit
                    next_id = next_bit.bit_length() - 1
                    if (rest ^ next_bit) & NUMBER_MASK[LOW[next_id] + HIGH[next_id] - far]:
                        key += 100
                        break
            if key > best_key:
                best, best_key = tile_id, key
        line.append(best)
        left ^= 1 << best
        end = LOW[best] + HIGH[best] - end


def short_line_ids(hand: int, end: int, nodes: int) -> list[int]:
    """A line found by a depth-first search of at most ``nodes`` nodes, with no bounds.

    Longest, then heaviest, of the lines met; doubles are laid where the line first reaches
    their number, and the search tries the heaviest tiles first, so its first line is the
    greedy one. Cheaper per node than :func:`search_line` (no bound to compute), for the many
    guessed hands of Hard's playouts.
    """
    best: list[int] = []
    best_key = (-1, -1)
    path: list[int] = []
    count = 0

    def visit(at: int, left: int, length: int, pips: int) -> None:
        nonlocal best, best_key, count
        count += 1
        placed = -1
        double_id = DOUBLE_ID[at]
        if left >> double_id & 1:
            left ^= 1 << double_id
            path.append(double_id)
            length += 1
            pips += PIPS[double_id]
            placed = double_id
        if (length, pips) > best_key:
            best_key = (length, pips)
            best = path[:]
        fits = left & NUMBER_MASK[at]
        children = []
        while fits:
            bit = fits & -fits
            fits ^= bit
            tile_id = bit.bit_length() - 1
            children.append((PIPS[tile_id], tile_id))
        children.sort(reverse=True)
        for tile_pips, tile_id in children:
            if count >= nodes:
                break
            path.append(tile_id)
            far = LOW[tile_id] + HIGH[tile_id] - at
            visit(far, left ^ 1 << tile_id, length + 1, pips + tile_pips)
            path.pop()
        if placed >= 0:
            path.pop()

    visit(end, hand, 0, 0)
    return best

"""Longest-line puzzles: a hand and an open end; lay the longest line your train can take.

This is a first turn under the standard rules' ``first_turn_chain``: from the open end, each
tile's touching half matches the end before it, doubles included (a double keeps the end's
number). The solver here searches every line exhaustively (each distinct order of tiles is a
different line) and counts how many reach the longest length; it does not use the planner, so
``puzzles check`` holds two independent searches against each other: the planner's line
(:func:`game.ai.planner.best_line`, exact up to its limit) must be as long.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.planner import best_line
from game.rules.tiles import ALL_TILES, DOUBLE_ID, Tile, mask_of, set_tiles

from .model import LONGEST_LINE, Puzzle, tile_json, tile_of

SIZES = {6: (7, 7), 9: (10, 15), 12: (12, 17), 15: (16, 20)}  # hand sizes by set


@dataclass(frozen=True)
class LineSolution:
    length: int  # tiles in the longest line
    count: int  # how many distinct lines reach it
    best: tuple[Tile, ...]  # one of them: the planner's (longest, then heaviest)
    greedy: int  # the length a player laying the heaviest fitting tile each time reaches


class _Search:
    """Longest lines from an end through the tiles left: (length, how many), once per state."""

    def __init__(self, hand: list[Tile]) -> None:
        self.tiles = hand
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}

    def longest(self, end: int, left: int) -> tuple[int, int]:
        key = (end, left)
        known = self.memo.get(key)
        if known is not None:
            return known
        best, count = 0, 1  # stopping here is one line of length 0
        for index, tile in enumerate(self.tiles):
            if not left >> index & 1 or end not in (tile.low, tile.high):
                continue
            after = tile.high if tile.low == end else tile.low
            length, ways = self.longest(after, left & ~(1 << index))
            length += 1
            if length > best:
                best, count = length, ways
            elif length == best:
                count += ways
        self.memo[key] = (best, count)
        return best, count


def solve(hand: list[Tile], end: int) -> LineSolution:
    search = _Search(hand)
    length, count = search.longest(end, (1 << len(hand)) - 1)
    plan = best_line(mask_of(hand), end)
    return LineSolution(length, count, plan.tiles, greedy_length(hand, end))


def greedy_length(hand: list[Tile], end: int) -> int:
    """The line of a player who lays, each time, a double if one fits, else the heaviest
    tile that fits: what the puzzle asks to do better than."""
    left = list(hand)
    laid = 0
    while True:
        fits = [t for t in left if end in (t.low, t.high)]
        if not fits:
            return laid
        tile = max(fits, key=lambda t: (t.is_double, t.pips, t.id))
        left.remove(tile)
        end = tile.high if tile.low == end else tile.low
        laid += 1


def is_line(tiles: list[Tile], hand: list[Tile], end: int) -> bool:
    """Do ``tiles``, in order, form a line from ``end`` out of ``hand`` (each tile once)?"""
    left = list(hand)
    for tile in tiles:
        if tile not in left or end not in (tile.low, tile.high):
            return False
        left.remove(tile)
        end = tile.high if tile.low == end else tile.low
    return True


def read_position(position: dict[str, Any]) -> tuple[int, int, list[Tile]]:
    """(set, open end, hand) of a longest-line position; ValueError saying what is wrong."""
    size, end, raw = position.get("set"), position.get("end"), position.get("hand")
    if size not in SIZES:
        raise ValueError(f"set must be one of {', '.join(map(str, SIZES))}")
    assert isinstance(size, int)
    if not isinstance(end, int) or isinstance(end, bool) or not 0 <= end <= size:
        raise ValueError(f"end must be a number from 0 to {size}")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 24:
        raise ValueError("hand must be a list of 1 to 24 tiles")
    hand = [tile_of(value, size, "a hand's tile") for value in raw]
    if len(set(hand)) != len(hand):
        raise ValueError("the hand holds a tile twice")
    if Tile(end, end) in hand:
        raise ValueError(f"the double {end}|{end} is on the table, not in the hand")
    return size, end, hand


def difficulty_of(solution: LineSolution, tiles: int) -> int:
    """1 (easy) to 5: harder with a bigger hand, a longer best line, fewer lines as long,
    and where laying the heaviest tile each time falls short."""
    score = (tiles - 7) / 5 + (solution.length - 3) / 5
    score += min(3, solution.length - solution.greedy) / 2
    score += 0.5 if solution.count == 1 else -0.5 if solution.count >= 8 else 0.0
    return max(1, min(5, round(score + 0.5)))


RATING_OF = {1: 900, 2: 1150, 3: 1400, 4: 1650, 5: 1900}


def make_puzzle(ident: str, size: int, end: int, hand: list[Tile]) -> Puzzle:
    solution = solve(hand, end)
    difficulty = difficulty_of(solution, len(hand))
    return Puzzle(
        ident,
        LONGEST_LINE,
        RATING_OF[difficulty],
        difficulty,
        {"set": size, "end": end, "hand": [tile_json(t) for t in hand]},
        {"length": solution.length, "line": [tile_json(t) for t in solution.best]},
        {"lines": solution.count, "greedy": solution.greedy},
    )


def generate(count: int, seed: int, prefix: str = "line") -> list[Puzzle]:
    """``count`` longest-line puzzles dealt from ``seed`` (the same seed, the same puzzles):
    sets from double-6 to double-15 in turn, each with its first round's engine (double-6 ...
    double-15) and a hand of the set's sizes, kept when the best line is
    at least 3 tiles and a puzzle (the heaviest-first player falls short, or few lines tie)."""
    rng = random.Random(f"puzzles/longest_line/{seed}")
    sets = list(SIZES)
    puzzles: list[Puzzle] = []
    tries = 0
    while len(puzzles) < count:
        size = sets[tries % len(sets)]
        tries += 1
        low, high = SIZES[size]
        end = size  # the engine of a match's first round: the puzzle opens as a real table
        pool = [t for t in set_tiles(size) if t.id != DOUBLE_ID[end]]
        hand = sorted(rng.sample(pool, rng.randint(low, high)), key=lambda t: t.id)
        solution = solve(hand, end)
        if solution.length < 3 or (solution.greedy == solution.length and solution.count > 6):
            continue
        puzzles.append(make_puzzle(f"{prefix}-{len(puzzles) + 1:04d}", size, end, hand))
    return puzzles


def tiles_of(values: list[Any], size: int) -> list[Tile]:
    return [tile_of(v, size) for v in values]


__all__ = ["ALL_TILES", "generate", "make_puzzle", "solve"]

"""Puzzle solver and generator speed, single core.

    python benchmarks/bench_puzzles.py [--endgames 200] [--count 100] [--kinds ...]

1. Go-out endgames of four seats with four tiles in every hand (and two to four tiles,
   mixed), the boneyard empty (and four tiles to draw, their order known): each solved exactly
   from scratch (``game.puzzles.endgame.solve``); the time per position at p50, p95 and the
   slowest. Positions come from seeded matches of Normal seats played until every seat's
   first turn is over, then every hand dealt afresh from the tiles not yet on the table, so
   the table is a real one and the hands are as full as asked.
2. Generation of ``--count`` puzzles of each kind (``puzzles generate``), timed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import make_opponent  # noqa: E402
from game.puzzles import KINDS, generate  # noqa: E402
from game.puzzles.endgame import solve  # noqa: E402
from game.rules import PLAY, GameState, Play, Rules  # noqa: E402
from game.rules.tiles import iter_ids  # noqa: E402


def endgame(seed: int, tiles: tuple[int, int], pile: int = 0) -> GameState | None:
    """A four-seat table after everyone's first turn, hands dealt again with ``tiles`` tiles
    each (between the bounds) from what is not on the table, ``pile`` tiles left to draw in a
    known order; None when too few are left."""
    rng = random.Random(seed)
    rules = (Rules.standard() if seed % 2 else Rules.station()).with_options(rounds=1)
    state = GameState.new(rules, 4, seed)
    state.start_round()
    seats = [make_opponent("normal", seed * 16 + i, i) for i in range(4)]
    while state.phase == PLAY and (any(state.first_pending) or state.in_first_turn_line):
        state.apply(seats[state.current].choose(state.observation(state.current)))
    if state.phase != PLAY or state.follow or state.drawn >= 0 or state.open_doubles:
        return None
    free = [i for hand in state.hands for i in iter_ids(hand)] + list(state.boneyard)
    rng.shuffle(free)
    hands = []
    for _seat in range(4):
        take = rng.randint(*tiles)
        if len(free) < take:
            return None
        hands.append(sum(1 << i for i in free[:take]))
        free = free[take:]
    state.hands = hands
    state.boneyard = free[:pile]
    state._legal = None
    legal = state.legal_actions()
    if len(legal) < 2 or not all(isinstance(a, Play) for a in legal):
        return None
    return state


def bench_endgames(count: int, tiles: tuple[int, int], pile: int = 0) -> None:
    times: list[float] = []
    nodes: list[int] = []
    seed = 0
    while len(times) < count:
        seed += 1
        state = endgame(seed, tiles, pile)
        if state is None:
            continue
        started = time.perf_counter()
        solution = solve(state)
        times.append(time.perf_counter() - started)
        nodes.append(solution.nodes)
    times.sort()
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    label = f"{tiles[0]}" if tiles[0] == tiles[1] else f"{tiles[0]}-{tiles[1]}"
    bone = f", boneyard {pile} in order" if pile else ", boneyard empty"
    print(
        f"go-out, 4 seats x {label} tiles{bone}, {count} positions: p50 {p50 * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms "
        f"(positions solved: up to {max(nodes)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endgames", type=int, default=200)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    if args.endgames:
        bench_endgames(args.endgames, (4, 4))
        bench_endgames(args.endgames, (2, 4))
        bench_endgames(args.endgames, (4, 4), pile=4)
    for kind in filter(None, args.kinds.split(",")):
        started = time.perf_counter()
        made = generate(kind, args.count, seed=1)
        seconds = time.perf_counter() - started
        print(f"generate {len(made)} {kind}: {seconds:.1f} s ({seconds / len(made):.2f} s each)")


if __name__ == "__main__":
    main()

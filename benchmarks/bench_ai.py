"""How long the computer opponents take to decide, single core: median, p95 and max.

    python benchmarks/bench_ai.py [--positions N] [--preset standard|station] [--players P]
                                  [--budget-ms MS] [--iterations N] [--seed S] [--slowdown F]
                                  [--race-z Z] [--race-margin POINTS]

Positions come from real rounds between Normal seats (every engine, every stage of a round);
each level then decides at every position where the seat to move has a choice (two or more
legal actions: a forced draw, pass or single play costs nothing). Hard runs as the game
makes it (its default guesses per decision, capped by its default time guard) unless
``--iterations`` or ``--budget-ms`` say otherwise; the figure to watch is Hard's p95, which
must stay at or under 300 ms. The load average is printed: other processes on the machine
slow every figure. Also measured:

* the planner on random hands (exact search) of 15 and 20 tiles, double-9 and double-12;
* the longest single slice of Hard thinking in 8 ms slices (``HardSearch.step(seconds=...)``),
  the most a frame would wait if the table ran Hard inline, a slice per frame.

``--slowdown F`` shows what a device F times slower would see (a handheld: ``--slowdown 6``):
every time, Hard's own guard included, is this thread's CPU time times F
(``benchmarks/slow_device.py``), so the figures do not depend on the machine's load.
``--slowdown 1`` is this machine as if it were quiet.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from slow_device import DeviceClock, give_clock  # noqa: E402

import game.ai.hard  # noqa: E402
from game.ai import EasySeat, HardConfig, HardSeat, NormalSeat  # noqa: E402
from game.ai.planner import best_line, search_line  # noqa: E402
from game.rules import GameState, Observation, Rules  # noqa: E402
from game.rules.state import PLAY  # noqa: E402
from game.rules.tiles import tile_count  # noqa: E402

clock = time.perf_counter  # what every figure is timed with (see --slowdown)


def collect_positions(rules: Rules, players: int, count: int, seed: int) -> list[Observation]:
    rng = random.Random(seed)
    out: list[Observation] = []
    game_seed = seed
    while len(out) < count:
        game = GameState.new(rules, players, game_seed)
        game_seed += 1
        game.round_number = rng.randrange(game.deal.rounds)
        game.start_round()
        seats = [NormalSeat(s) for s in range(players)]
        while game.phase == PLAY and len(out) < count:
            observation = game.observation(game.current)
            if len(observation.legal_actions) > 1 and rng.random() < 0.5:
                out.append(observation)
            game.apply(seats[game.current].choose(observation))
    return out


def figures(seconds: Sequence[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms   "
        f"max {ordered[-1] * 1000:7.2f} ms   (n={len(ordered)})"
    )


def time_level(
    choose: Callable[[Observation], object], positions: list[Observation]
) -> list[float]:
    out = []
    for observation in positions:
        best_line.cache_clear()  # no help from a plan cached by an earlier decision
        started = clock()
        choose(observation)
        out.append(clock() - started)
    return out


def print_load() -> None:
    if hasattr(os, "getloadavg"):
        one, five, fifteen = os.getloadavg()
        print(f"load average {one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--preset", choices=["standard", "station"], default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--race-z", type=float, default=None, help="Hard's race_z (default: its own)"
    )
    parser.add_argument(
        "--race-margin", type=float, default=None, help="Hard's race_margin (default: its own)"
    )
    parser.add_argument(
        "--slowdown",
        type=float,
        default=None,
        metavar="F",
        help="time everything as a device F times slower would (CPU time times F)",
    )
    args = parser.parse_args()
    global clock
    if args.slowdown is not None:
        device = DeviceClock(args.slowdown)
        clock = device.perf_counter
        give_clock(game.ai.hard, device)
    rules = Rules.preset_named(args.preset)
    deal = rules.deal_for(args.players)
    positions = collect_positions(rules, args.players, args.positions, args.seed)
    print(
        f"{len(positions)} positions with a choice, {args.players} players, {args.preset} rules, "
        f"double-{deal.set_size}, {deal.hand_size} tiles each; one core"
    )
    print_load()
    if args.slowdown is not None:
        factor = f"{args.slowdown:g}"
        print(f"times are for a device {factor} times slower: CPU time x {factor}")
    config = HardConfig()
    if args.iterations is not None:
        config = replace(config, iterations=args.iterations, budget_ms=args.budget_ms)
    elif args.budget_ms is not None:
        config = replace(config, budget_ms=args.budget_ms)
    if args.race_margin is not None:
        config = replace(config, race_margin=args.race_margin)
    if args.race_z is not None:
        config = replace(config, race_z=args.race_z)
    easy, normal, hard = EasySeat(1), NormalSeat(1), HardSeat(1, config=config)
    print(f"easy      {figures(time_level(easy.choose, positions))}")
    print(f"normal    {figures(time_level(normal.choose, positions))}")
    guesses: list[int] = []
    guarded = 0  # decisions the time guard stopped before their guesses were made
    settled = 0  # decisions the race settled (one candidate left) before all guesses

    def hard_choose(observation: Observation) -> object:
        nonlocal guarded, settled
        search = hard.start(observation)
        search.step()
        guesses.append(search.samples)
        one_left = search.trivial or search.active.count(True) == 1
        if search.planned and search.samples < search.planned:
            if one_left:
                settled += not search.trivial
            else:
                guarded += 1
        return search.best()

    hard_times = time_level(hard_choose, positions)
    cap = "none" if config.budget_ms is None else f"{config.budget_ms:.0f} ms"
    print(
        f"hard      {figures(hard_times)}   {config.iterations} guesses "
        f"(x{config.first_turn_factor} in a first turn), time guard {cap}; "
        f"guesses made: median {statistics.median(guesses):.0f}, min {min(guesses)}; "
        f"stopped by the guard: {guarded} of {len(guesses)} ({guarded / len(guesses):.0%}); "
        f"settled by the race before: {settled}"
    )

    slices: list[float] = []
    for observation in positions[:40]:
        search = hard.start(observation)
        while True:
            started = clock()
            done = search.step(seconds=0.008)
            slices.append(clock() - started)
            if done:
                break
    print(f"hard, 8 ms slices: {figures(slices)}")

    rng = random.Random(args.seed)
    for set_size, size in ((12, 15), (9, 15), (12, 20), (9, 20)):
        times = []
        for _ in range(200):
            ids = rng.sample(range(tile_count(set_size)), size)
            hand = sum(1 << i for i in ids)
            end = rng.randrange(set_size + 1)
            started = clock()
            search_line(hand, end)
            times.append(clock() - started)
        print(f"planner, {size} tiles of double-{set_size}: {figures(times)}")
    print_load()


if __name__ == "__main__":
    main()

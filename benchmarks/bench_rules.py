"""How fast the rules engine plays whole matches, single core.

Plays 4-player standard matches (double-12, 13 rounds) with uniformly random seats, three ways:
  engine    - random legal actions applied with ``apply_quietly`` (what a search AI's playouts do)
  events    - the same with ``apply``, building the events the table animates and records use
  seats     - seats deciding from a fresh per-seat observation each action (``simulate``)

    python benchmarks/bench_rules.py [--matches N] [--players P] [--preset standard|station]
                                     [--cpu-time]

Times are wall time; ``--cpu-time`` times with this thread's CPU time instead, which on a
busy machine is close to what a quiet one gives (the load average is printed either way).
Run it on one core (``taskset -c 1 python ...``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simple import RandomSeat  # noqa: E402
from game.commands.simulate import play_match  # noqa: E402
from game.rules import PLAY, GameState, Rules  # noqa: E402

clock = time.perf_counter  # time.thread_time with --cpu-time


def run_engine(rules: Rules, players: int, matches: int, quiet: bool) -> tuple[int, int, float]:
    rng = random.Random(1)
    rounds = actions = 0
    started = clock()
    for seed in range(matches):
        game = GameState.new(rules, players, seed)
        step = game.apply_quietly if quiet else game.apply
        while not game.match_over:
            game.start_round()
            rounds += 1
            while game.phase == PLAY:
                legal = game.legal_actions()
                step(legal[int(rng.random() * len(legal))])
                actions += 1
    return rounds, actions, clock() - started


def run_seats(rules: Rules, players: int, matches: int) -> tuple[int, int, float]:
    rounds = actions = 0
    started = clock()
    for seed in range(matches):
        seats = [RandomSeat(seed * 31 + s) for s in range(players)]
        result = play_match(rules, players, seed, seats)
        rounds += result.rounds
        actions += result.actions
    return rounds, actions, clock() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", choices=["standard", "station"], default="standard")
    parser.add_argument("--cpu-time", action="store_true", help="time with CPU time, not wall")
    args = parser.parse_args()
    global clock
    if args.cpu_time:
        clock = time.thread_time
    rules = Rules.preset_named(args.preset)
    deal = rules.deal_for(args.players)
    print(
        f"{args.matches} matches, {args.players} players, {args.preset} rules, "
        f"double-{deal.set_size}, {deal.rounds} rounds each, random seats, one core, "
        f"{'CPU' if args.cpu_time else 'wall'} time"
    )
    if hasattr(os, "getloadavg"):
        print("load average {:.2f} {:.2f} {:.2f} (1, 5, 15 min)".format(*os.getloadavg()))
    print(f"{'way':8s} {'matches/s':>10s} {'rounds/s':>10s} {'actions/s':>10s} {'us/action':>10s}")
    for name, (rounds, actions, seconds) in (
        ("engine", run_engine(rules, args.players, args.matches, quiet=True)),
        ("events", run_engine(rules, args.players, args.matches, quiet=False)),
        ("seats", run_seats(rules, args.players, max(1, args.matches // 3))),
    ):
        matches = rounds / deal.rounds
        print(
            f"{name:8s} {matches / seconds:10.1f} {rounds / seconds:10.0f} "
            f"{actions / seconds:10.0f} {1e6 * seconds / actions:10.2f}"
        )


if __name__ == "__main__":
    main()

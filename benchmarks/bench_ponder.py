"""Thinking ahead: how often a Hard seat's move uses the work it did on the person's time.

A 4-player standard table: seat 0 is the "person" (played as Normal would), seat 1 Hard, the
others Normal. Each time the person is to move, seat 1 ponders from its own view for as long
as pondering goes (``game.ai.ponder.PONDER_SECONDS`` at most; a person thinks longer than that
on most moves); then the person moves, and when seat 1 is next to move we count whether the
position it searched came. Hard's clock is this thread's CPU time, so a busy machine measures
what a quiet one would.

    python benchmarks/bench_ponder.py [--rounds N] [--pace fast|normal|slow]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import hard  # noqa: E402
from game.ai.normal import NormalSeat  # noqa: E402
from game.match.computer_move import THINK_MARGIN  # noqa: E402
from game.rules import PLAY, GameState, Rules  # noqa: E402
from game.store.settings import PACE_SECONDS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--pace", choices=tuple(PACE_SECONDS), default="fast")
    args = parser.parse_args()
    hard.use_clock(time.thread_time)
    think = max(0.0, PACE_SECONDS[args.pace] - THINK_MARGIN)
    asked = hits = 0
    pondered_cpu = 0.0
    guesses_hit: list[int] = []
    for seed in range(args.rounds):
        state = GameState.new(Rules.standard(), 4, 1000 + seed)
        state.start_round()
        seat = hard.HardSeat()
        person, others = NormalSeat(), NormalSeat()
        while state.phase == PLAY:
            if state.current == 0:
                ponder = seat.ponder(state.observation(1))
                assert ponder is not None
                started = time.thread_time()
                while not ponder.finished:
                    ponder.step()
                pondered_cpu += time.thread_time() - started
                while state.phase == PLAY and state.current == 0:
                    state.apply(person.choose(state.observation(0)))
                if state.phase != PLAY or state.current != 1:
                    continue
                seen = state.observation(1)
                begun = ponder.take(seen)
                search = seat.think_within(seen, think, begun)
                if not search.trivial:
                    asked += 1
                    if begun is not None:
                        hits += 1
                        guesses_hit.append(search.samples)
                state.apply(search.best())
            elif state.current == 1:
                state.apply(seat.choose_within(state.observation(1), think))
            else:
                state.apply(others.choose(state.observation(state.current)))
    share = hits / asked if asked else 0.0
    print(f"rounds {args.rounds}, pace {args.pace} (Hard thinks {think:.2f} s a move)")
    print(f"Hard's moves right after the person's, not forced: {asked}")
    print(f"  used pondered work: {hits} ({share:.0%})")
    if guesses_hit:
        print(f"  guesses in those moves, median: {sorted(guesses_hit)[len(guesses_hit) // 2]}")
    print(f"pondering CPU per person's turn: {pondered_cpu / max(1, asked):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

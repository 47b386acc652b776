"""How long the hint takes, from the press to the tile lifting: p50 and p95.

    python benchmarks/bench_hint.py [--positions N] [--slowdown F]

The positions are the person's turns in seeded four-player double-12 matches (Quick play's
table, Normal opponents), each asked once, at the coach's default guesses. Two figures: the
search's CPU time in this process (``hint_advice``), and the wall time through the help worker
process as the table asks it (the press, the pickled position, the search, the answer read by
the next frame). ``--slowdown F`` adds what a device F times slower would see (a handheld:
``--slowdown 6``): the search's CPU time times F, plus the worker's round trip as measured.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.review import hint_advice  # noqa: E402
from game.ai.simple import make_seat  # noqa: E402
from game.match.help_worker import HelpWorker  # noqa: E402
from game.match.session import MatchConfig, Session  # noqa: E402
from game.rules import PLAY, Observation, Rules  # noqa: E402


def positions(count: int) -> list[tuple[str, Observation]]:
    """The person's (seat 0's) turns in seeded matches, with the record up to each."""
    found: list[tuple[str, Observation]] = []
    seed = 1
    while len(found) < count:
        kinds: list[str | None] = [None, "normal", "normal", "normal"]
        session = Session(
            MatchConfig(4, Rules.standard(), "normal", seed), inline=True, kinds=kinds
        )
        session.start_round()
        state = session.state
        seats = {s: make_seat("normal", seed * 10 + s) for s in (1, 2, 3)}
        me = make_seat("normal", seed)
        while state.phase == PLAY and len(found) < count:
            seat = state.current
            if seat == 0:
                found.append((session.writer.text(), state.observation(0)))
                session.apply(me.choose(state.observation(0)))
            else:
                session.apply(seats[seat].choose(state.observation(seat)))
        seed += 1
    return found


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def figures(seconds: list[float]) -> str:
    return f"p50 {pct(seconds, 0.5) * 1000:6.0f} ms  p95 {pct(seconds, 0.95) * 1000:6.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--slowdown", type=float, default=None, metavar="F")
    args = parser.parse_args()
    asked = positions(args.positions)
    cpu: list[float] = []
    for record, observation in asked:
        start = time.thread_time()
        hint_advice(record, observation)
        cpu.append(time.thread_time() - start)
    worker = HelpWorker()
    wall: list[float] = []
    try:
        worker.submit("plan", asked[0][1]).result(timeout=120)  # the worker's start, once
        for record, observation in asked:
            start = time.perf_counter()
            worker.submit("hint", record, observation).result(timeout=120)
            wall.append(time.perf_counter() - start)
    finally:
        worker.close()
    trip = [w - c for w, c in zip(wall, cpu, strict=True)]
    print(f"{len(asked)} positions (the person's turns, 4 players, double-12), default guesses")
    print(f"search, CPU in process   {figures(cpu)}")
    print(f"press to answer (worker) {figures(wall)}")
    if args.slowdown:
        slow = [c * args.slowdown + max(0.0, t) for c, t in zip(cpu, trip, strict=True)]
        print(f"a device {args.slowdown:g}x slower    {figures(slow)}")
    print(f"mean round trip beyond the search: {statistics.mean(trip) * 1000:.1f} ms")


if __name__ == "__main__":
    main()

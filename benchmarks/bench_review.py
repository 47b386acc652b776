"""Time of a match review, and how its labels move with more guesses.

    python benchmarks/bench_review.py                        # time at the default guesses
    python benchmarks/bench_review.py --compare 100,240      # ... and the labels at 100 vs 240
    python benchmarks/bench_review.py --compare 100,240,480 --reference 1600
    python benchmarks/bench_review.py --record FILE --seat 2 # a record of your own

The match: a whole 13-round, 4-player, double-twelve match under the standard rules, seeded
(``--seed``), between the seats of ``--seats`` (Hard seats with a fixed number of guesses and no
clock, so the match is the same on every machine); seat 0 is reviewed. Everything runs in this
one process, on one core.

Time: wall and CPU (``time.process_time``) of the whole review, and per decision (CPU, between
two progress calls) the median and 95th percentile, over the decisions with a choice and over
all of them (a forced decision costs next to nothing). The machine's load is printed beside.

Labels with more guesses: the same match reviewed at each count of ``--compare``; for each pair
of counts, how many decisions changed label, how many changed best move, and the mean absolute
change of the points lost. With ``--reference K`` every count is also compared with a review at
K guesses (taken as the truth): the labels that differ from it and the mean absolute error.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.hard import DEFAULT_CONFIG, HardSeat  # noqa: E402
from game.ai.review import DEFAULT_GUESSES, FORCED, Review, review  # noqa: E402
from game.ai.simple import Seat, make_seat  # noqa: E402
from game.commands.simulate import play_match  # noqa: E402
from game.rules import Rules  # noqa: E402
from game.rules.record import Record, load_record  # noqa: E402
from game.store.safe_files import load_record_file  # noqa: E402


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min), {five:.2f} (5 min)"


def seat_for(kind: str, seed: int) -> Seat:
    if kind == "hard":
        return HardSeat(seed, config=dataclasses.replace(DEFAULT_CONFIG, budget_ms=None))
    return make_seat(kind, seed)


def match(kinds: list[str], seed: int) -> str:
    """A whole seeded match between ``kinds``, as its record text."""
    seats = [seat_for(kind, seed * 10 + i) for i, kind in enumerate(kinds)]
    names = [f"{k} {i}" for i, k in enumerate(kinds)]
    text = play_match(Rules.standard(), len(kinds), seed, seats, names, record=True).record
    assert text is not None
    return text


def timed(record: Record, seat: int, guesses: int) -> tuple[Review, float, float, list[float]]:
    """The review, its wall and CPU seconds, and each decision's CPU seconds."""
    marks: list[float] = []

    def progress(done: int, total: int) -> None:
        marks.append(time.process_time())

    wall, cpu = time.perf_counter(), time.process_time()
    result = review(record, seat, guesses, progress)
    wall, end = time.perf_counter() - wall, time.process_time()
    steps = [b - a for a, b in zip([cpu, *marks], marks, strict=False)]
    return result, wall, end - cpu, steps


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(result: Review) -> str:
    """Accuracy, label counts and points lost of a review."""
    shares = {label: 0 for label in ("good", "inaccuracy", "mistake", "blunder")}
    for decision in result.weighed:
        shares[decision.label] += 1
    labels = ", ".join(f"{k} {v}" for k, v in shares.items())
    lost = sum(result.lost_per_round().values())
    return f"accuracy {result.accuracy or 0:.0%}; {labels}; points lost {lost:.1f}"


def compare(a: Review, b: Review) -> tuple[int, int, int, float]:
    """Decisions with a choice; how many changed label, best move; mean |change| of lost."""
    pairs = [(x, y) for x, y in zip(a.decisions, b.decisions, strict=True) if x.label != FORCED]
    labels = sum(x.label != y.label for x, y in pairs)
    best = sum(x.best != y.best for x, y in pairs)
    change = statistics.fmean(abs(x.points_lost - y.points_lost) for x, y in pairs)
    return len(pairs), labels, best, change


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="normal,normal,normal,normal", help="seat kinds")
    parser.add_argument("--seed", type=int, default=1, help="the match's seed (default: 1)")
    parser.add_argument("--record", metavar="FILE", help="review this record instead")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default: 0)")
    parser.add_argument("--guesses", type=int, default=DEFAULT_GUESSES)
    parser.add_argument("--compare", default="", help="guess counts to compare, e.g. 100,400")
    parser.add_argument("--reference", type=int, default=0, help="guesses taken as the truth")
    args = parser.parse_args()

    if args.record:
        record, _ = load_record_file(args.record)
        where = args.record
    else:
        kinds = args.seats.split(",")
        made = time.perf_counter()
        record, _ = load_record(match(kinds, args.seed))
        where = f"seeded match {args.seed} ({', '.join(kinds)}; standard rules, 13 rounds)"
        print(f"match played in {time.perf_counter() - made:.0f} s")
    print(f"{where}: {record.players} players, double-{record.set_size}, seat {args.seat}")
    print(f"before: {load()}")

    result, wall, cpu, steps = timed(record, args.seat, args.guesses)
    choice = [s for s, d in zip(steps, result.decisions, strict=True) if d.label != FORCED]
    print(
        f"review at {args.guesses} guesses: {len(result.decisions)} decisions, {len(choice)} "
        f"with a choice: {wall:.1f} s wall, {cpu:.1f} s CPU ({load()})"
    )
    print(
        f"  per decision with a choice (CPU): p50 {pct(choice, 0.5) * 1000:.0f} ms, "
        f"p95 {pct(choice, 0.95) * 1000:.0f} ms, max {max(choice, default=0) * 1000:.0f} ms"
    )
    print(
        f"  per decision, all (CPU): p50 {pct(steps, 0.5) * 1000:.0f} ms, "
        f"p95 {pct(steps, 0.95) * 1000:.0f} ms"
    )
    print(f"  {summary(result)}")

    counts = [int(c) for c in args.compare.split(",") if c]
    reviews: dict[int, Review] = {args.guesses: result}
    for count in [*counts, args.reference]:
        if count and count not in reviews:
            again, wall, cpu, _ = timed(record, args.seat, count)
            reviews[count] = again
            print(f"review at {count} guesses: {wall:.1f} s wall, {cpu:.1f} s CPU ({load()})")
    if len(reviews) > 1:
        for count, shown in sorted(reviews.items()):
            print(f"  at {count:>5} guesses: {summary(shown)}")
    for a, b in zip(counts, counts[1:], strict=False):
        n, labels, best, change = compare(reviews[a], reviews[b])
        print(
            f"{a} vs {b} guesses: of {n} decisions with a choice, {labels} changed label "
            f"({labels / max(1, n):.0%}), {best} changed best move; mean |change| of points "
            f"lost {change:.2f}"
        )
    if args.reference:
        truth = reviews[args.reference]
        for count in counts:
            n, labels, best, change = compare(reviews[count], truth)
            print(
                f"{count} against {args.reference} guesses: {labels} of {n} labels differ "
                f"({labels / max(1, n):.0%}), {best} best moves differ; mean |error| of points "
                f"lost {change:.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

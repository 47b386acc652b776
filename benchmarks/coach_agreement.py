"""Does the review agree with the coach (or with Hard)? Review seat 0 of every record in a
folder (made with ``simulate --seats coach,... --record DIR``, or ``hard,...``: Hard at the
table's time guard) and count the labels and how often the review's best move is the move the
seat played.

    python benchmarks/coach_agreement.py DIR [--seat 0] [--guesses 480] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.review import DEFAULT_GUESSES, FORCED, review  # noqa: E402
from game.rules.record import load_record  # noqa: E402


def one(path: str, seat: int, guesses: int) -> tuple[Counter[str], int, int, list[str]]:
    record, _ = load_record(Path(path).read_text(encoding="utf-8"))
    result = review(record, seat, guesses)
    labels: Counter[str] = Counter(d.label for d in result.decisions)
    chosen = [d for d in result.decisions if d.label != FORCED]
    same = sum(1 for d in chosen if d.best == d.made)
    odd = [
        f"{Path(path).name} #{d.number}: {d.label} {d.points_lost}"
        for d in chosen
        if d.best != d.made
    ]
    return labels, len(chosen), same, odd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--guesses", type=int, default=DEFAULT_GUESSES)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    paths = sorted(str(p) for p in args.folder.glob("*.jsonl"))
    labels: Counter[str] = Counter()
    chosen = same = 0
    odd: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(one, paths, [args.seat] * len(paths), [args.guesses] * len(paths)):
            labels.update(result[0])
            chosen += result[1]
            same += result[2]
            odd += result[3]
    print(f"{len(paths)} records, seat {args.seat}, {args.guesses} guesses a decision")
    print("labels   " + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))
    print(f"with a choice {chosen}: the review's best is the move played in {same}")
    for line in odd:
        print("  differs:", line)


if __name__ == "__main__":
    main()

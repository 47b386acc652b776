"""Does the match review agree with play strength? Points lost per decision by seat kind.

    python benchmarks/review_strength.py                    # 120 deals of 3 rounds, ~18 min
    python benchmarks/review_strength.py --deals 20 --rounds 2   # a quick look

Method. For every deal (a match seed) the reviewed seat (seat 0) is played by each kind in
turn, random, easy, normal and hard, against the same opponents (by default three Normal
seats, which are deterministic) on the same deals: every match with a given seed deals the
same hands in every round, so the kinds meet the same tiles and only their play differs. The
matches are short (``--rounds``, default 3 of the double-twelve set's 13 rounds: 12|12, 11|11
and 10|10 engines) so that many deals fit in the time; a round is a round whichever engine it
has. Hard seats play a fixed number of guesses without the clock (``--hard-iterations``), so
every figure repeats on any machine. Each match's record is reviewed for seat 0 at
``--guesses`` guesses a decision: 100 by default, under half of the review's own default
(``game.ai.review.DEFAULT_GUESSES``), so that 120 deals fit in some 18 minutes of one core;
fewer guesses add noise and overstate every kind's losses a little (a noise floor that is the
same for every kind's good moves). ``--guesses 240 --deals 48`` checks the order at the
review's default.

Figures per kind: the decisions the seat made, how many had a choice (not forced), the mean
points lost per decision with a choice (the total lost over the matches divided by the
decisions with a choice), the same over every decision (forced ones count 0), the accuracy
(share of decisions with a choice labelled good), the share of each label, and the mean round
score the seat actually scored (the outcome the review should agree with; lower is better
under penalty scoring).

Confidence intervals: 95% percentile bootstrap over deals, paired: each of ``--bootstrap``
resamples draws deals with replacement and uses the same deals for every kind, so the
difference between two kinds is measured on the same hands. The seed of the resampling is
fixed, so the table repeats exactly.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.hard import DEFAULT_CONFIG, HardSeat  # noqa: E402
from game.ai.review import DEFAULT_GUESSES, FORCED, LABELS, review  # noqa: E402
from game.ai.simple import Seat, make_seat  # noqa: E402
from game.commands.simulate import play_match  # noqa: E402
from game.rules import Rules  # noqa: E402
from game.rules.record import load_record  # noqa: E402

KINDS = ("random", "easy", "normal", "hard")


@dataclass
class Match:
    """One reviewed match of the reviewed seat."""

    kind: str
    deal: int
    decisions: int
    weighed: int  # decisions with a choice
    lost: float  # points lost over the match
    labels: dict[str, int]
    scored: int  # the seat's match total (its round scores added)
    rounds: int
    seconds: float  # CPU seconds of the review


def seat_for(kind: str, seed: int, hard_iterations: int) -> Seat:
    if kind == "hard":
        config = dataclasses.replace(DEFAULT_CONFIG, iterations=hard_iterations, budget_ms=None)
        return HardSeat(seed, config=config)
    return make_seat(kind, seed)


def play(kinds: list[str], seed: int, rounds: int, hard_iterations: int) -> tuple[str, int]:
    """A match between the given seats: its record text and seat 0's total."""
    rules = Rules.standard().with_options(rounds=rounds)
    names = [f"{kind} {i}" for i, kind in enumerate(kinds)]
    seats = [seat_for(kind, seed * 10 + i, hard_iterations) for i, kind in enumerate(kinds)]
    result = play_match(rules, len(kinds), seed, seats, names, record=True)
    assert result.record is not None
    return result.record, result.totals[0]


def reviewed(kind: str, deal: int, args: argparse.Namespace) -> Match:
    kinds = [kind, *[args.opponents] * (args.players - 1)]
    text, scored = play(kinds, deal, args.rounds, args.hard_iterations)
    record, _ = load_record(text)
    started = time.process_time()
    result = review(record, 0, args.guesses)
    seconds = time.process_time() - started
    labels = dict.fromkeys(LABELS, 0)
    for decision in result.decisions:
        labels[decision.label] += 1
    return Match(
        kind,
        deal,
        len(result.decisions),
        len(result.weighed),
        sum(d.points_lost for d in result.decisions),
        labels,
        scored,
        args.rounds,
        seconds,
    )


def per_choice(matches: list[Match]) -> float:
    return sum(m.lost for m in matches) / max(1, sum(m.weighed for m in matches))


def per_decision(matches: list[Match]) -> float:
    return sum(m.lost for m in matches) / max(1, sum(m.decisions for m in matches))


def per_round(matches: list[Match]) -> float:
    return sum(m.scored for m in matches) / max(1, sum(m.rounds for m in matches))


def interval(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    n = len(ordered)
    return ordered[int(0.025 * (n - 1))], ordered[int(0.975 * (n - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120, help="match seeds (default: 120)")
    parser.add_argument("--first-deal", type=int, default=1, help="the first seed (default: 1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds a match (default: 3)")
    parser.add_argument("--players", type=int, default=4, help="players (default: 4)")
    parser.add_argument("--opponents", default="normal", help="kind of the other seats")
    parser.add_argument(
        "--guesses",
        type=int,
        default=100,
        help=f"review guesses a decision (default: 100; the review's own is {DEFAULT_GUESSES})",
    )
    parser.add_argument("--hard-iterations", type=int, default=DEFAULT_CONFIG.iterations or 480)
    parser.add_argument("--bootstrap", type=int, default=4000, help="resamples (default: 4000)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="seat kinds, weakest first")
    parser.add_argument("--save", metavar="FILE", help="write every match's figures as JSON")
    parser.add_argument(
        "--load", metavar="FILE", help="print the table of a --save file (the same options)"
    )
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    deals = list(range(args.first_deal, args.first_deal + args.deals))

    started, cpu = time.perf_counter(), time.process_time()
    by_kind: dict[str, list[Match]] = {kind: [] for kind in kinds}
    if args.load:  # the table again from a --save file, nothing played
        data = json.loads(Path(args.load).read_text(encoding="utf-8"))
        by_kind = {kind: [Match(**m) for m in data[kind]] for kind in kinds}
        deals = [m.deal for m in by_kind[kinds[0]]]
    for count, deal in enumerate([] if args.load else deals, start=1):
        for kind in kinds:
            by_kind[kind].append(reviewed(kind, deal, args))
        if count % 10 == 0 or count == len(deals):
            print(
                f"  {count}/{len(deals)} deals, {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu

    rng = random.Random(20261201)
    indices = range(len(deals))
    samples: dict[str, list[float]] = {kind: [] for kind in kinds}
    scores: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(args.bootstrap):
        pick = [rng.choice(indices) for _ in indices]
        for kind in kinds:
            chosen = [by_kind[kind][i] for i in pick]
            samples[kind].append(per_choice(chosen))
            scores[kind].append(per_round(chosen))

    print(
        f"review strength: {len(deals)} deals (seeds {deals[0]}-{deals[-1]}), "
        f"{args.players} players, double-12 standard rules, {args.rounds} rounds a match; "
        f"seat 0 reviewed with {args.guesses} guesses a decision; opponents {args.opponents}; "
        f"hard seats {args.hard_iterations} guesses, no clock"
    )
    print("95% CIs: percentile bootstrap over deals, paired (the same resampled deals for all)")
    print()
    header = (
        f"{'kind':<7} {'decisions':>9} {'choice':>6}  {'lost/choice [95% CI]':<24}"
        f" {'lost/decision':>13} {'accuracy':>8}  {'round score [95% CI]':<22}"
    )
    print(header)
    for kind in kinds:
        matches = by_kind[kind]
        low, high = interval(samples[kind])
        s_low, s_high = interval(scores[kind])
        weighed = sum(m.weighed for m in matches)
        good = sum(m.labels["good"] for m in matches)
        print(
            f"{kind:<7} {sum(m.decisions for m in matches):>9} {weighed:>6}  "
            f"{per_choice(matches):5.2f} [{low:5.2f}, {high:5.2f}]       "
            f"{per_decision(matches):13.2f} {good / max(1, weighed):8.1%}  "
            f"{per_round(matches):5.1f} [{s_low:5.1f}, {s_high:5.1f}]"
        )
    print()
    print("difference of lost/choice between adjacent kinds (weaker minus stronger):")
    ordered = True
    for weak, strong in zip(kinds, kinds[1:], strict=False):
        diffs = [a - b for a, b in zip(samples[weak], samples[strong], strict=True)]
        low, high = interval(diffs)
        point = per_choice(by_kind[weak]) - per_choice(by_kind[strong])
        verdict = "excludes 0" if low > 0 else "DOES NOT exclude 0"
        ordered = ordered and low > 0
        print(
            f"  {weak:>6} - {strong:<6} {point:+6.2f}  "
            f"95% CI [{low:+6.2f}, {high:+6.2f}]  {verdict}"
        )
    print("difference of the round score actually scored (weaker minus stronger):")
    for weak, strong in zip(kinds, kinds[1:], strict=False):
        diffs = [a - b for a, b in zip(scores[weak], scores[strong], strict=True)]
        low, high = interval(diffs)
        point = per_round(by_kind[weak]) - per_round(by_kind[strong])
        print(f"  {weak:>6} - {strong:<6} {point:+6.1f}  95% CI [{low:+6.1f}, {high:+6.1f}]")
    print()
    print("labels among decisions with a choice:")
    shown = [label for label in LABELS if label != FORCED]
    print(f"  {'kind':<7} " + " ".join(f"{label:>10}" for label in shown) + f" {'forced':>10}")
    for kind in kinds:
        matches = by_kind[kind]
        weighed = max(1, sum(m.weighed for m in matches))
        total = max(1, sum(m.decisions for m in matches))
        shares = [sum(m.labels[label] for m in matches) / weighed for label in shown]
        forced = sum(m.labels[FORCED] for m in matches) / total
        print(
            f"  {kind:<7} "
            + " ".join(f"{share:10.1%}" for share in shares)
            + f" {forced:10.1%} of all"
        )
    review_cpu = sum(m.seconds for ms in by_kind.values() for m in ms)
    print()
    spent = f"loaded from {args.load}" if args.load else f"{wall:.0f} s wall, {cpu:.0f} s CPU"
    print(
        f"time: {spent} ({review_cpu:.0f} s CPU reviewing); "
        f"order random > easy > normal > hard: {'yes' if ordered else 'NO'}"
    )
    if args.save:
        data = {kind: [dataclasses.asdict(m) for m in ms] for kind, ms in by_kind.items()}
        Path(args.save).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Tournaments between computer levels: ``python main.py tournament --seats hard,normal,...``.

How a tournament is played
--------------------------
The seats list one level per chair (``hard,normal,normal,normal``: four players). Matches are
played in **deal groups** of P matches (P = players): every match of a group uses the same
seeded deal, and match ``k`` of the group rotates the seats ``k`` chairs, so each level sits
in every chair on the same tiles and no level keeps a lucky chair. (``--matches`` that is
not a multiple of P leaves the last group partly rotated.)

What is reported, per level
---------------------------
* **mean round score**: the mean over every round of every seat of the level;
* **win rate**: the share of the level's seat-matches it won (a shared first place counts as a
  share);
* a **95% confidence interval of the mean round score**. Rounds are not independent: the
  rounds of one match share a table and, in a deal group, the same deals. The deal groups are
  independent, so the interval is built over them: each group gives the level's mean round
  score in that group, and the interval is that mean of means plus or minus t(0.975, G-1)
  standard errors (G groups; the normal 1.96 from 30 groups on).
* for each pair of levels, the **difference** of their mean round scores with a 95% interval
  built the same way over the groups' paired differences (the pairing removes the luck of the
  deal), and their ratio. An interval that excludes 0 means the levels are not tied.

``--json`` prints the same figures as one JSON object.

Hard as at the table
--------------------
By default Hard makes a fixed number of guesses (reproducible on any machine). ``--pace``
makes it think as the table lets it: for the pace's pause less the margin the table keeps
(``game.match.computer_move.THINK_MARGIN``), by this process's own CPU time, so a busy machine
measures what a quiet one would; ``--slower K`` makes that clock run K times faster, as a
device K times slower than this one would see it (``benchmarks/slow_device.py``).
``--jobs N`` plays the matches in N processes (the figures are the same as in one).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.simple import SEAT_KINDS, Seat, make_seat
from game.commands.simulate import check_deal, check_table_options, one_per_seat, plural
from game.match.playout import play_out
from game.rules import GameState, Rules

if TYPE_CHECKING:
    from game.commands.paced import PacedSeats

# Two-sided 95% Student t quantiles by degrees of freedom (1..29); 1.96 from 30 on.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)  # fmt: skip


def t95(df: int) -> float:
    """The two-sided 95% t quantile for ``df`` degrees of freedom (df >= 1)."""
    return _T95[df - 1] if df < 30 else 1.96


def mean_ci(values: Sequence[float]) -> tuple[float, float | None]:
    """Mean and 95% half-width over independent values (None with fewer than two)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, t95(n - 1) * math.sqrt(var / n)


@dataclass
class LevelTally:
    seats: int = 0  # chairs the level holds at the table
    rounds: int = 0  # round scores counted (rounds x seats)
    score_sum: int = 0
    seat_matches: int = 0
    wins: float = 0.0
    group_sums: dict[int, list[int]] = field(default_factory=dict)  # group -> [sum, count]

    def add_round(self, group: int, score: int) -> None:
        self.rounds += 1
        self.score_sum += score
        entry = self.group_sums.setdefault(group, [0, 0])
        entry[0] += score
        entry[1] += 1

    def group_means(self) -> dict[int, float]:
        return {g: s / c for g, (s, c) in self.group_sums.items() if c}


SeatFactory = Callable[[str, int], Seat]


@dataclass(frozen=True)
class HardPlan:
    """How Hard thinks in a tournament (the command line's ``--budget-ms``, ``--iterations``,
    ``--pace`` and ``--slower``); a plain value, so a match can be played in another process."""

    budget_ms: float | None = None
    iterations: int | None = None
    pace: str | None = None
    slower: float = 1.0
    ponder: bool = False
    person_seconds: float | None = None

    def factory(self) -> SeatFactory:
        if self.pace is not None:
            return paced_factory(self.pace, self.slower, self.ponder, self.person_seconds)
        return seat_factory(self.budget_ms, self.iterations)


def match_order(kinds: Sequence[str], index: int, seed: int) -> tuple[int, int, tuple[str, ...]]:
    """Match ``index``'s deal group, seed and chairs (the seats rotated within the group)."""
    players = len(kinds)
    group, rotation = divmod(index, players)
    chairs = tuple(kinds[(chair + rotation) % players] for chair in range(players))
    return group, seed + group, chairs


def _play_nth(
    rules: Rules, kinds: Sequence[str], seed: int, index: int, make: SeatFactory
) -> MatchScores:
    """Match ``index`` of the tournament, its seats made by ``make``."""
    _group, match_seed, chairs = match_order(kinds, index, seed)
    seats = [make(kind, match_seed * 97 + chair) for chair, kind in enumerate(chairs)]
    result = play_match(rules, len(kinds), match_seed, seats, getattr(make, "at_table", None))
    # Paced Hard seats count their decisions and those that carried on a pondered search.
    decisions = sum(getattr(seat, "decisions", 0) for seat in seats)
    handed_over = sum(getattr(seat, "handed_over", 0) for seat in seats)
    carried_own = sum(getattr(seat, "carried_own", 0) for seat in seats)
    return dataclasses.replace(
        result, hard_decisions=decisions, handed_over=handed_over, carried_own=carried_own
    )


def _play_indexed(job: tuple[Rules, tuple[str, ...], int, int, HardPlan]) -> MatchScores:
    rules, kinds, seed, index, plan = job
    return _play_nth(rules, kinds, seed, index, plan.factory())


def _results(
    rules: Rules,
    kinds: Sequence[str],
    matches: int,
    seed: int,
    make: SeatFactory,
    plan: HardPlan | None,
    jobs: int,
) -> Iterator[MatchScores]:
    """Each match's scores in order: here, or in ``jobs`` processes when a plan says how
    their seats are made."""
    if plan is None or jobs <= 1:
        for index in range(matches):
            yield _play_nth(rules, kinds, seed, index, make)
        return
    from game.processes import spawn_context

    work = [(rules, tuple(kinds), seed, index, plan) for index in range(matches)]
    with spawn_context().Pool(jobs) as pool:
        yield from pool.imap(_play_indexed, work)


def run_tournament(
    rules: Rules,
    kinds: Sequence[str],
    matches: int,
    seed: int,
    make: SeatFactory = make_seat,
    progress: Callable[[int, tuple[str, ...], tuple[int, ...]], None] | None = None,
    plan: HardPlan | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play the tournament and return its figures (the ``--json`` object). With a ``plan``
    the seats are made from it (``make`` is then not used) and ``jobs`` processes may play."""
    players = len(kinds)
    deal = rules.deal_for(players)
    levels = list(dict.fromkeys(kinds))
    tallies = {level: LevelTally(seats=kinds.count(level)) for level in levels}
    started = time.perf_counter()
    rounds_played = 0
    hard_decisions = handed_over = carried_own = 0
    if plan is not None:
        make = plan.factory()
    results = _results(rules, kinds, matches, seed, make, plan, jobs)
    for index, result in enumerate(results):
        group, _match_seed, chairs = match_order(kinds, index, seed)
        rounds_played += len(result.round_scores)
        hard_decisions += result.hard_decisions
        handed_over += result.handed_over
        carried_own += result.carried_own
        for chair, level in enumerate(chairs):
            tally = tallies[level]
            tally.seat_matches += 1
            if chair in result.winners:
                tally.wins += 1 / len(result.winners)
        for scores in result.round_scores:
            for chair, level in enumerate(chairs):
                tallies[level].add_round(group, scores[chair])
        if progress is not None:
            progress(index, chairs, result.totals)
    seconds = time.perf_counter() - started

    out_levels: dict[str, Any] = {}
    for level in levels:
        tally = tallies[level]
        by_group = tally.group_means()
        means = list(by_group.values())
        group_mean, half = mean_ci(means)
        mean = tally.score_sum / tally.rounds
        out_levels[level] = {
            "seats": tally.seats,
            "rounds": tally.rounds,
            "mean_round_score": mean,
            "ci95": None if half is None else [group_mean - half, group_mean + half],
            "win_rate": tally.wins / tally.seat_matches,
            "seat_matches": tally.seat_matches,
            # Per deal group, so that two tournaments on the same deals can be paired.
            "group_means": [by_group[g] for g in sorted(by_group)],
        }
    comparisons = []
    for i, first in enumerate(levels):
        for second in levels[i + 1 :]:
            a = tallies[first].group_means()
            b = tallies[second].group_means()
            groups = sorted(set(a) & set(b))
            diffs = [a[g] - b[g] for g in groups]
            diff, half = mean_ci(diffs)
            mean_a = out_levels[first]["mean_round_score"]
            mean_b = out_levels[second]["mean_round_score"]
            comparisons.append(
                {
                    "levels": [first, second],
                    "difference": diff,
                    "ci95": None if half is None else [diff - half, diff + half],
                    "ratio": mean_a / mean_b if mean_b else None,
                }
            )
    return {
        "table": {
            "players": players,
            "preset": rules.preset,
            "set": deal.set_size,
            "hand": deal.hand_size,
            "rounds_per_match": deal.rounds,
            "scoring": rules.scoring,
        },
        "seats": list(kinds),
        "matches": matches,
        "deal_groups": math.ceil(matches / players),
        "rounds": rounds_played,
        "seed": seed,
        "hard": None if plan is None else dataclasses.asdict(plan),
        # With --pace: Hard's decisions, and those that used work done thinking ahead.
        "hard_decisions": hard_decisions,
        "handed_over": handed_over,
        "carried_own": carried_own,  # ... of its own next step, begun in the rest of its pause
        "seconds": seconds,
        "levels": out_levels,
        "comparisons": comparisons,
    }


@dataclass(frozen=True)
class MatchScores:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    hard_decisions: int = 0  # counted by Hard seats thinking at a pace (``--pace``)
    handed_over: int = 0  # of those, the ones that carried on a search begun thinking ahead
    carried_own: int = 0  # ... begun in the rest of the seat's own pause, on its next step


def play_match(
    rules: Rules,
    players: int,
    seed: int,
    seats: Sequence[Seat],
    at_table: Callable[[GameState, Sequence[Seat]], Sequence[Seat]] | None = None,
) -> MatchScores:
    """One whole match, each seat deciding from its own observation; every round's scores.
    ``at_table``: seats with the table's pauses (``PacedSeats.at_table``)."""
    game = GameState.new(rules, players, seed)
    play_out(game, seats if at_table is None else at_table(game, seats))
    return MatchScores(
        tuple(game.totals), game.match_winners, tuple(tuple(r) for r in game.round_scores)
    )


def format_report(report: dict[str, Any]) -> str:
    table = report["table"]
    lines = [
        f"table     {table['players']} players, {table['preset']} rules, double-{table['set']}, "
        f"{table['hand']} tiles each, {plural(table['rounds_per_match'], 'round')}, "
        f"{table['scoring']} scoring",
        f"seats     {', '.join(report['seats'])} (rotated each match, "
        f"{table['players']} matches per deal)",
        f"matches   {report['matches']} in {plural(report['deal_groups'], 'deal group')}, "
        f"{plural(report['rounds'], 'round')}, {report['seconds']:.0f} s",
        "",
        f"{'level':<8} {'seats':>5} {'rounds':>7} {'mean round score':>17}  "
        f"{'95% CI':<17} {'win rate':>8}",
    ]
    for level, figures in report["levels"].items():
        ci = figures["ci95"]
        ci_text = "n/a (one group)" if ci is None else f"[{ci[0]:.1f}, {ci[1]:.1f}]"
        lines.append(
            f"{level:<8} {figures['seats']:>5} {figures['rounds']:>7} "
            f"{figures['mean_round_score']:>17.2f}  {ci_text:<17} {figures['win_rate']:>8.1%}"
        )
    if report["comparisons"]:
        lines.append("")
    for comp in report["comparisons"]:
        first, second = comp["levels"]
        ci = comp["ci95"]
        ci_text = "n/a" if ci is None else f"[{ci[0]:.2f}, {ci[1]:.2f}]"
        tie = ""
        if ci is not None:
            tie = "  (excludes a tie)" if ci[0] > 0 or ci[1] < 0 else "  (a tie is possible)"
        ratio = "n/a" if comp["ratio"] is None else f"{comp['ratio']:.2f}"
        lines.append(
            f"{first} - {second}: difference {comp['difference']:.2f}, 95% CI {ci_text}, "
            f"ratio {ratio}{tie}"
        )
    plan = report.get("hard") or {}
    decisions = report.get("hard_decisions") or 0
    if plan.get("pace") and decisions:
        own = report.get("carried_own", 0)
        ahead = ""
        if plan.get("ponder") or plan.get("person_seconds"):
            share = report["handed_over"] / decisions
            ahead = f"{report['handed_over']} ({share:.0%}) while another seat decided, "
        lines.append(
            f"hard thought ahead: of {decisions} decisions, {ahead}{own} ({own / decisions:.0%})"
            " in the rest of its own pause carried on a search begun there"
        )
    return "\n".join(lines)


def parse_kinds(text: str, players: int | None) -> list[str]:
    """The seats' levels; ValueError with a message a player can read."""
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not kinds:
        raise ValueError("--seats needs at least one level, e.g. hard,normal,normal,normal")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            kinds_there = ", ".join(SEAT_KINDS)
            raise ValueError(f"unknown level {kind!r} in --seats: choose from {kinds_there}")
    if players is not None:
        kinds = one_per_seat(kinds, players, "level")
    if len(kinds) < 2:
        raise ValueError("a tournament needs at least two seats")
    return kinds


def tournament_main(args: argparse.Namespace) -> int:
    """Run ``main.py tournament``; returns the exit status (2 for bad options)."""
    try:
        check_table_options(args)
        kinds = parse_kinds(args.seats, args.players)
        rules = Rules.preset_named(args.preset)
        if args.rounds is not None:
            rules = rules.with_options(rounds=args.rounds)
        check_deal(rules, len(kinds))
        plan = hard_plan(args)
        if plan.person_seconds is not None and "hard" not in kinds:
            raise ValueError("--person-seconds is time for the Hard seats: --seats needs one")
        make = plan.factory()
        if not 1 <= args.jobs <= 64:
            raise ValueError(f"--jobs must be 1 to 64, not {args.jobs}")
    except ValueError as error:  # RulesError too
        print(f"tournament: {error}", file=sys.stderr)
        return 2

    progress = None
    if not args.json and not args.quiet:

        def progress(index: int, chairs: tuple[str, ...], totals: tuple[int, ...]) -> None:
            seats = " ".join(f"{k}:{t}" for k, t in zip(chairs, totals, strict=True))
            print(f"match {index + 1:4d}/{args.matches}  {seats}", flush=True)

    report = run_tournament(rules, kinds, args.matches, args.seed, make, progress, plan, args.jobs)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 0


def seat_factory(budget_ms: float | None, iterations: int | None) -> SeatFactory:
    """Seats as ``make_seat`` makes them, with Hard's budget changed if asked."""
    if budget_ms is None and iterations is None:
        return make_seat
    # NaN passes a "<= 0" test and would make Hard think forever: refuse all but real numbers.
    if budget_ms is not None and not (math.isfinite(budget_ms) and budget_ms > 0):
        raise ValueError(f"--budget-ms must be a number of milliseconds above 0, not {budget_ms}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"--iterations must be at least 1, not {iterations}")
    from game.ai.hard import DEFAULT_CONFIG, HardSeat

    # --iterations alone: exactly that many guesses, no clock (the same on every machine);
    # --budget-ms alone: thinking time only; both: that many guesses, at most that long.
    changes: dict[str, Any] = {"budget_ms": budget_ms, "iterations": iterations}
    from dataclasses import replace

    config = replace(DEFAULT_CONFIG, **changes)

    def make(kind: str, seed: int) -> Seat:
        if kind == "hard":
            return HardSeat(seed, config=config)
        return make_seat(kind, seed)

    return make


def hard_plan(args: argparse.Namespace) -> HardPlan:
    """Hard's thinking from the command line; ValueError for options that cannot go together."""
    pace = getattr(args, "pace", None)
    slower = getattr(args, "slower", None)
    ponder = bool(getattr(args, "ponder", False))
    if pace is not None and (args.budget_ms is not None or args.iterations is not None):
        raise ValueError("--pace thinks as the table does: leave out --budget-ms and --iterations")
    if slower is not None and pace is None:
        raise ValueError("--slower is for a device thinking at a pace: give --pace too")
    if slower is not None and not (math.isfinite(slower) and slower >= 1):
        raise ValueError(f"--slower must be a number from 1 up, not {slower}")
    if ponder and pace is None:
        raise ValueError("--ponder is for Hard thinking at a pace: give --pace too")
    person = getattr(args, "person_seconds", None)
    if person is not None and pace is None:
        raise ValueError("--person-seconds is for Hard thinking at a pace: give --pace too")
    if person is not None and not (math.isfinite(person) and 0 < person <= 60):
        raise ValueError(f"--person-seconds must be a number of seconds from 0 to 60, not {person}")
    plan = HardPlan(args.budget_ms, args.iterations, pace, slower or 1.0, ponder, person)
    plan.factory()  # refuses a bad budget or number of guesses now
    return plan


def paced_factory(
    pace: str, slower: float = 1.0, ponder: bool = False, person_seconds: float | None = None
) -> PacedSeats:
    """Seats as ``make_seat`` makes them, Hard thinking as the table lets it at ``pace``
    (``game.commands.paced``)."""
    from game.commands.paced import PacedSeats

    return PacedSeats(pace, slower, ponder, person_seconds)

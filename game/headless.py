"""Headless matches between computer seats: the ``simulate`` command and its building blocks."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.simple import SEAT_KINDS, Seat, make_seat
from game.records import load_record_file, write_text_atomically
from game.rules import GameState, Rules, RulesError
from game.rules.events import RoundEnded
from game.rules.record import RecordError, RecordWriter
from game.rules.state import PLAY


@dataclass
class MatchResult:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    actions: int
    round_ends: Counter[str]
    record: str | None = None


@dataclass
class Summary:
    matches: int = 0
    rounds: int = 0
    actions: int = 0
    round_ends: Counter[str] = field(default_factory=Counter)
    score_sums: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, result: MatchResult) -> None:
        if not self.score_sums:
            self.score_sums = [0] * len(result.totals)
            self.wins = [0.0] * len(result.totals)
        self.matches += 1
        self.rounds += result.rounds
        self.actions += result.actions
        self.round_ends.update(result.round_ends)
        for seat, total in enumerate(result.totals):
            self.score_sums[seat] += total
        for seat in result.winners:
            self.wins[seat] += 1 / len(result.winners)


def play_match(
    rules: Rules,
    players: int,
    seed: int,
    seats: Sequence[Seat],
    names: Sequence[str] | None = None,
    record: bool = False,
) -> MatchResult:
    """Play one whole match; each seat decides from its own observation only."""
    game = GameState.new(rules, players, seed, names)
    writer = RecordWriter(game) if record else None
    actions = 0
    ends: Counter[str] = Counter()
    while not game.match_over:
        events = game.start_round()
        if writer:
            writer.add(events)
        while game.phase == PLAY:
            seat = game.current
            action = seats[seat].choose(game.observation(seat))
            events = game.apply(action)
            actions += 1
            if writer:
                writer.add(events)
            for event in events:
                if isinstance(event, RoundEnded):
                    ends[event.reason] += 1
    return MatchResult(
        tuple(game.totals),
        game.match_winners,
        game.round_number,
        actions,
        ends,
        writer.text() if writer else None,
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the command line asks for; RulesError naming what is wrong."""
    rules = Rules.preset_named(args.preset)
    changes: dict[str, object] = {}
    if args.set is not None:
        changes["set_size"] = args.set
    if args.hand is not None:
        changes["hand_size"] = args.hand
    if args.scoring is not None:
        changes["scoring"] = args.scoring
    if args.first_turn_chain is not None:
        changes["first_turn_chain"] = args.first_turn_chain
    if args.first_turn_draw is not None:
        changes["first_turn_draw"] = args.first_turn_draw
    if args.max_open_doubles is not None:
        if args.max_open_doubles < 0:
            raise RulesError("--max-open-doubles cannot be negative (0 means no limit)")
        changes["max_open_doubles"] = args.max_open_doubles or None
    if args.double_blank_points is not None:
        changes["double_blank_points"] = args.double_blank_points
    if args.rounds is not None:
        changes["rounds"] = args.rounds
    rules = rules.with_options(**changes)
    rules.deal_for(args.players)  # refuse a table that cannot be dealt before playing
    return rules


def seat_kinds(text: str, players: int) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players:
        raise ValueError(f"--seats lists {len(kinds)} seats for {players} players")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}: choose from {', '.join(SEAT_KINDS)}")
    return kinds


def simulate_main(args: argparse.Namespace) -> int:
    """Run ``main.py simulate``; returns the exit status."""
    try:
        if args.matches < 1:
            raise ValueError("--matches must be at least 1")
        rules = rules_from_args(args)
        kinds = seat_kinds(args.seats, args.players)
        record_dir = Path(args.record) if args.record else None
        if record_dir is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
    except (RulesError, ValueError) as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"simulate: cannot write records to {args.record}: {error.strerror}", file=sys.stderr)
        return 2

    summary = Summary()
    started = time.perf_counter()
    for index in range(args.matches):
        match_seed = args.seed + index
        seats = [make_seat(kind, match_seed * 31 + seat) for seat, kind in enumerate(kinds)]
        result = play_match(rules, args.players, match_seed, seats, record=record_dir is not None)
        summary.add(result)
        if record_dir is not None and result.record is not None:
            path = record_dir / f"match-{match_seed}.jsonl"
            try:
                write_text_atomically(path, result.record)
            except OSError as error:
                print(f"simulate: cannot write {path}: {error.strerror}", file=sys.stderr)
                return 1
        if not args.quiet:
            totals = " ".join(f"{t:4d}" for t in result.totals)
            winners = ",".join(str(w) for w in result.winners)
            print(f"match {index + 1:4d}  seed {match_seed}  totals {totals}  winner {winners}")
    summary.seconds = time.perf_counter() - started
    print(format_summary(summary, rules, args.players, kinds))
    return 0


def format_summary(summary: Summary, rules: Rules, players: int, kinds: Sequence[str]) -> str:
    deal = rules.deal_for(players)
    seconds = max(summary.seconds, 1e-9)
    ends = ", ".join(f"{reason} {count}" for reason, count in sorted(summary.round_ends.items()))
    means = " ".join(f"{s / summary.matches:.1f}" for s in summary.score_sums)
    wins = " ".join(f"{w / summary.matches:.0%}" for w in summary.wins)
    return "\n".join(
        [
            f"table     {players} players, {rules.preset} rules, double-{deal.set_size}, "
            f"{deal.hand_size} tiles each, {deal.rounds} rounds, {rules.scoring} scoring",
            f"seats     {', '.join(kinds)}",
            f"matches   {summary.matches}",
            f"rounds    {summary.rounds} (ended: {ends})",
            f"actions   {summary.actions}",
            f"mean match total per seat  {means}",
            f"wins per seat              {wins}",
            f"speed     {summary.rounds / seconds:.0f} rounds/s, "
            f"{summary.actions / seconds:.0f} actions/s ({summary.seconds:.2f} s)",
        ]
    )


def verify_main(paths: Sequence[str]) -> int:
    """Run ``main.py verify FILE...``: replay each record through the rules and report."""
    status = 0
    for path in paths:
        try:
            record, state = load_record_file(path)
        except RecordError as error:
            print(f"{path}: refused at {error}", file=sys.stderr)
            status = 1
            continue
        except OSError as error:
            print(error, file=sys.stderr)
            status = 1
            continue
        if record.complete:
            totals = ", ".join(str(t) for t in state.totals)
            winners = ", ".join(state.names[w] for w in state.match_winners)
            print(f"{path}: ok, {state.round_number} rounds, totals {totals}, won by {winners}")
        else:
            print(f"{path}: ok so far, match still in round {state.round_number}")
    return status

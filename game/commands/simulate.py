"""Headless matches between computer seats: the ``simulate`` command and its building blocks."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.simple import SEAT_KINDS, Seat, make_seat
from game.match.playout import play_out
from game.rules import END_TURN, SUPPORTED_SETS, Action, GameState, Play, RoundEnd, Rules
from game.rules.options import MAX_PLAYERS, MIN_PLAYERS
from game.rules.record import RecordError, RecordWriter
from game.rules.state import PLAY
from game.store.safe_files import load_record_file, write_text_atomically


@dataclass
class MatchResult:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    actions: int
    round_ends: Counter[RoundEnd]
    record: str | None = None


@dataclass
class Summary:
    matches: int = 0
    rounds: int = 0
    actions: int = 0
    round_ends: Counter[RoundEnd] = field(default_factory=Counter)
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
    ends: Counter[RoundEnd] = Counter()

    def count_end(state: GameState) -> None:
        if state.end_reason is not None:
            ends[state.end_reason] += 1

    if writer is None:  # nothing reads the events without a record: the same play without them
        actions = play_out(game, seats, round_ended=count_end)
    else:
        actions = play_out(
            game,
            seats,
            start_round=lambda: writer.add(game.start_round()),
            apply=lambda action: writer.add(game.apply(action)),
            round_ended=count_end,
        )
    return MatchResult(
        tuple(game.totals),
        game.match_winners,
        game.round_number,
        actions,
        ends,
        writer.text() if writer else None,
    )


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 round``, ``2 rounds``: a count with its noun (the command line is in English)."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def check_table_options(args: argparse.Namespace) -> None:
    """Refuse an option out of its range, naming it as typed; ValueError.

    ``args`` holds the options ``simulate`` and ``tournament`` share; the ones one of them lacks
    are skipped. The rules check the table as a whole afterwards.
    """
    if args.matches < 1:
        raise ValueError(f"--matches must be at least 1, not {args.matches}")
    if args.players is not None and not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise ValueError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {args.players}")
    if args.rounds is not None and args.rounds < 1:
        raise ValueError(f"--rounds must be at least 1, not {args.rounds}")
    set_size = getattr(args, "set", None)
    if set_size is not None and set_size not in SUPPORTED_SETS:
        sets = ", ".join(str(s) for s in SUPPORTED_SETS)
        raise ValueError(f"--set must be one of {sets} (a double-N set), not {set_size}")
    hand = getattr(args, "hand", None)
    if hand is not None and hand < 2:
        raise ValueError(f"--hand must be at least 2 tiles, not {hand}")
    open_doubles = getattr(args, "max_open_doubles", None)
    if open_doubles is not None and open_doubles < 0:
        raise ValueError(f"--max-open-doubles must be 0 (no limit) or more, not {open_doubles}")
    blank = getattr(args, "double_blank_points", None)
    if blank is not None and blank < 0:
        raise ValueError(f"--double-blank-points must be 0 or more, not {blank}")


def check_deal(rules: Rules, players: int) -> None:
    """Refuse a table the rules cannot deal, naming the options to change; ValueError."""
    if rules.preset == "station" and players > 10 and rules.hand_size is None:
        raise ValueError(
            f"the station rules deal for 2 to 10 players, not {players}: give --hand to seat more"
        )
    if rules.rounds is not None:
        full = rules.with_options(rounds=None).deal_for(players)
        if rules.rounds > full.rounds:
            raise ValueError(
                f"--rounds {rules.rounds} is too many: a double-{full.set_size} set has engines "
                f"for {plural(full.rounds, 'round')}"
            )
    rules.deal_for(players)  # RulesError for what is left, e.g. hands too big for the set


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the command line asks for; ValueError (RulesError) naming what is wrong."""
    check_table_options(args)
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
        changes["max_open_doubles"] = args.max_open_doubles or None
    if args.double_blank_points is not None:
        changes["double_blank_points"] = args.double_blank_points
    if args.rounds is not None:
        changes["rounds"] = args.rounds
    rules = rules.with_options(**changes)
    check_deal(rules, args.players)  # refuse a table that cannot be dealt before playing
    return rules


def seat_kinds(text: str, players: int) -> list[str]:
    """The seats' kinds from ``--seats``; ValueError with a message a player can read."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not kinds:
        raise ValueError(f"--seats needs a seat kind: {', '.join(SEAT_KINDS)}")
    kinds = one_per_seat(kinds, players, "kind")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"unknown seat kind {kind!r} in --seats: choose from {', '.join(SEAT_KINDS)}"
            )
    return kinds


def one_per_seat(kinds: list[str], players: int, word: str) -> list[str]:
    """``--seats`` as one ``word`` (kind, level) per seat: a lone one stands for every seat."""
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise ValueError(
            f"--seats lists {plural(len(kinds), 'seat')} but --players is {players}: "
            f"list one {word} per seat, or one {word} for all"
        )
    return kinds


def seat_names(kinds: Sequence[str]) -> list[str]:
    """Names for computer seats in a record: the kind and the seat's number, e.g. "Hard 1"."""
    return [f"{kind.capitalize()} {seat + 1}" for seat, kind in enumerate(kinds)]


def folder_problem(error: OSError) -> str:
    """Why a folder given on the command line cannot be made or written to, in words."""
    if isinstance(error, FileExistsError):
        return "it is a file, not a folder"
    if isinstance(error, NotADirectoryError):
        return "part of that path is a file, not a folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    if isinstance(error, FileNotFoundError):
        return "the folder cannot be made there"
    return error.strerror.lower() if error.strerror else "the system refused"


def simulate_main(args: argparse.Namespace) -> int:
    """Run ``main.py simulate``; returns the exit status."""
    try:
        rules = rules_from_args(args)
        kinds = seat_kinds(args.seats, args.players)
        record_dir = Path(args.record) if args.record else None
        if record_dir is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
    except ValueError as error:  # RulesError too
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        problem = folder_problem(error)
        print(
            f"simulate: cannot write records to --record {args.record}: {problem}", file=sys.stderr
        )
        return 2

    names = seat_names(kinds)
    summary = Summary()
    started = time.perf_counter()
    for index in range(args.matches):
        match_seed = args.seed + index
        seats = [make_seat(kind, match_seed * 31 + seat) for seat, kind in enumerate(kinds)]
        result = play_match(
            rules, args.players, match_seed, seats, names, record=record_dir is not None
        )
        summary.add(result)
        if record_dir is not None and result.record is not None:
            path = record_dir / f"match-{match_seed}.jsonl"
            try:
                write_text_atomically(path, result.record)
            except OSError as error:
                problem = folder_problem(error)
                print(f"simulate: cannot write the record {path}: {problem}", file=sys.stderr)
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
            f"{deal.hand_size} tiles each, {plural(deal.rounds, 'round')}, "
            f"{rules.scoring} scoring",
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


def verify_main(paths: Sequence[str], partial: bool = False) -> int:
    """Run ``main.py verify [--partial] FILE...``: replay each record through the rules.

    A record that stops before its match_end line (an autosave, a match still being played)
    fails unless ``partial`` is given; either way the report says where it stops.
    """
    status = 0
    for path in paths:
        try:
            record, state = load_record_file(path, keep=False)
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
            rounds = plural(state.round_number, "round")
            print(f"{path}: ok, {rounds}, totals {totals}, won by {winners}")
        elif partial:
            print(f"{path}: ok so far, incomplete: {where_it_stops(state)}")
        else:
            print(
                f"{path}: incomplete: {where_it_stops(state)} and has no match_end line "
                "(give --partial to accept a match still being played)",
                file=sys.stderr,
            )
            status = 1
    return status


def where_it_stops(state: GameState) -> str:
    if state.round_number == 0:
        return "the match stops before its first round"
    if state.phase == PLAY:
        return f"the match stops in the middle of round {state.round_number}"
    return f"the match stops after round {state.round_number}"


def _said(action: Action, names: Sequence[str]) -> str:
    """An action in words for the review table: "9|2 on Ana's train", "draw", "stop"."""
    if isinstance(action, Play):
        players = len(names)
        train = "the Mexican train" if action.train == players else f"{names[action.train]}'s train"
        return f"{action.tile} on {train}"
    if action == END_TURN:
        return "stop the first-turn line"
    return str(action)


def review_main(path: str, seat: int, guesses: int, as_json: bool) -> int:
    """Run ``main.py review FILE [--seat N] [--iterations K] [--json]``: what each decision of
    the seat cost, by the Hard search from what the seat could see (game.ai.review)."""
    from game.ai.review import review

    try:
        record, _state = load_record_file(path)
    except RecordError as error:
        print(f"{path}: refused at {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(error, file=sys.stderr)
        return 1
    if not 0 <= seat < record.players:
        print(
            f"review: --seat must be 0 to {record.players - 1} for this match, not {seat}",
            file=sys.stderr,
        )
        return 2
    result = review(record, seat, guesses)
    names = record.names
    if as_json:
        print(
            json.dumps(
                {
                    "file": str(path),
                    "seat": seat,
                    "name": result.name,
                    "guesses": result.guesses,
                    "accuracy": result.accuracy,
                    "points_lost_per_round": {
                        str(k): round(v, 2) for k, v in sorted(result.lost_per_round().items())
                    },
                    "costliest": [d.number for d in result.costliest()],
                    "decisions": [
                        {
                            "number": d.number,
                            "round": d.round,
                            "made": _said(d.made, names),
                            "best": _said(d.best, names),
                            "points_lost": d.points_lost,
                            "label": d.label,
                            "choices": d.choices,
                            "close": d.close,
                        }
                        for d in result.decisions
                    ],
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    weighed = result.weighed
    print(
        f"{path}: review of {result.name} (seat {seat}): "
        f"{plural(len(result.decisions), 'decision')}, {len(weighed)} with a choice; "
        f"{result.guesses} guesses each"
    )
    print(f"{'#':>4}  {'round':>5}  {'made':<34} {'best':<34} {'lost':>6}  label")
    for d in result.decisions:
        best = "" if d.best == d.made else _said(d.best, names)
        lost = "" if d.label == "forced" else f"{d.points_lost:6.1f}"
        made = _said(d.made, names)
        label = f"{d.label} (close call)" if d.close else d.label
        print(f"{d.number:>4}  {d.round:>5}  {made:<34} {best:<34} {lost:>6}  {label}")
    accuracy = result.accuracy
    good = sum(d.label == "good" for d in weighed)
    if accuracy is None:
        print("accuracy: no decision had a choice")
    else:
        print(
            f"accuracy: {accuracy:.0%} ({good} of {len(weighed)} decisions with a choice were good)"
        )
    lost = ", ".join(f"round {k}: {v:.1f}" for k, v in sorted(result.lost_per_round().items()))
    print(f"points lost: {lost}")
    for d in result.costliest():
        print(
            f"costly: #{d.number} in round {d.round}: {_said(d.made, names)}; better "
            f"{_said(d.best, names)}, about {d.points_lost:.1f} points ({d.label})"
        )
    return 0

"""``main.py puzzles generate`` and ``main.py puzzles check``: puzzle files made and proved.

``generate --kind K --count N --seed S --out FILE`` writes N puzzles of kind K (the same seed,
the same file, on any machine); ``check FILE...`` solves every puzzle again and refuses any
whose answer or proof differs, naming it, and any line that cannot be read, with its line number
and reason. Exit status 0 when every puzzle holds.

``reweigh FILE...`` is for after a change to how the computer draws its guesses, which moves
every best-play puzzle's figures a little: it weighs each best-play puzzle again and rewrites
those whose move still stands with the new figures (points saved, proof, difficulty), names
those whose move does not (they stay as they were, for a person to decide), and rewrites no
file that has a line it cannot read. Exit status 0 when every best-play puzzle now holds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from game.puzzles import KINDS, generate

MAX_COUNT = 10_000


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    puzzles = commands.add_parser("puzzles", help="make and check puzzle files")
    actions = puzzles.add_subparsers(dest="puzzles_command", metavar="ACTION", required=True)
    made = actions.add_parser("generate", help="write puzzles with their proofs to a file")
    made.add_argument("--kind", required=True, choices=KINDS, help="the kind of puzzle")
    made.add_argument("--count", required=True, type=int, metavar="N", help="how many")
    made.add_argument("--seed", type=int, default=1, metavar="S", help="the seed (default 1)")
    made.add_argument("--out", required=True, metavar="FILE", help="the puzzle file to write")
    checked = actions.add_parser("check", help="solve every puzzle of the files again")
    checked.add_argument("files", nargs="+", metavar="FILE", help="puzzle files (.jsonl)")
    checked.add_argument(
        "--kind", choices=KINDS, action="append", help="check only puzzles of this kind"
    )
    weighed = actions.add_parser(
        "reweigh", help="weigh best-play puzzles again, keeping those whose move stands"
    )
    weighed.add_argument("files", nargs="+", metavar="FILE", help="puzzle files (.jsonl)")


def puzzles_main(args: argparse.Namespace) -> int:
    if args.puzzles_command == "generate":
        return generate_main(args.kind, args.count, args.seed, args.out)
    if args.puzzles_command == "reweigh":
        return reweigh_main(args.files)
    return check_main(args.files, args.kind)


def generate_main(kind: str, count: int, seed: int, out: str) -> int:
    from game.puzzles.model import write_puzzles

    if not 1 <= count <= MAX_COUNT:
        print(f"puzzles generate: --count must be 1 to {MAX_COUNT}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    made = generate(kind, count, seed)
    seconds = time.perf_counter() - started
    path = Path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_whole(path, write_puzzles(made))
    except OSError as error:
        print(f"puzzles generate: {error}", file=sys.stderr)
        return 1
    print(f"{out}: {len(made)} {kind} puzzles in {seconds:.1f} s")
    return 0


def check_main(paths: Sequence[str], kinds: Sequence[str] | None = None) -> int:
    from game.puzzles.check import check
    from game.puzzles.model import PuzzleError, read_puzzles

    status = 0
    for name in paths:
        try:
            with open(name, encoding="utf-8", errors="replace") as file:
                puzzles, errors = read_puzzles(file)
        except OSError as error:
            print(f"{name}: {error}", file=sys.stderr)
            status = 1
            continue
        refused: list[PuzzleError] = list(errors)
        held = 0
        for puzzle in puzzles:
            if kinds and puzzle.kind not in kinds:
                continue
            why = check(puzzle)
            if why is None:
                held += 1
            else:
                refused.append(PuzzleError(puzzle.line, why, puzzle.id))
        for refusal in sorted(refused, key=lambda e: e.line):
            print(f"{name}: refused at {refusal}", file=sys.stderr)
        print(f"{name}: {held} puzzles hold, {len(refused)} refused")
        if refused:
            status = 1
    return status


def reweigh_main(paths: Sequence[str]) -> int:
    from game.puzzles import BEST_PLAY
    from game.puzzles.best_play import weighed_again
    from game.puzzles.model import Puzzle, read_puzzles, write_puzzles

    status = 0
    for name in paths:
        try:
            # Read strictly: a byte replaced here would be written back replaced.
            with open(name, encoding="utf-8") as file:
                puzzles, errors = read_puzzles(file)
        except (OSError, UnicodeDecodeError) as error:
            print(f"{name}: {error}", file=sys.stderr)
            status = 1
            continue
        if errors:
            for unread in errors:
                print(f"{name}: cannot be read at {unread}", file=sys.stderr)
            print(f"{name}: not rewritten (its unreadable lines would be lost)", file=sys.stderr)
            status = 1
            continue
        kept: list[Puzzle] = []
        held = moved = refused = 0
        for puzzle in puzzles:
            if puzzle.kind != BEST_PLAY:
                kept.append(puzzle)
                continue
            try:
                again = weighed_again(puzzle)
            except ValueError as refusal:
                again = f"its position is refused: {refusal}"
            if isinstance(again, str) or again.answer["move"] != puzzle.answer["move"]:
                why = again if isinstance(again, str) else f"the best move is now {again.answer}"
                print(
                    f"{name}: kept as it was, line {puzzle.line} ({puzzle.id}): {why}",
                    file=sys.stderr,
                )
                refused += 1
                kept.append(puzzle)
            elif again == puzzle:
                held += 1
                kept.append(puzzle)
            else:
                moved += 1
                kept.append(again)
        if moved:
            try:
                _write_whole(Path(name), write_puzzles(kept))
            except OSError as error:
                print(f"{name}: {error}", file=sys.stderr)
                status = 1
                continue
        said = f"{held} best-play puzzles hold, {moved} weighed again, {refused} kept as they were"
        print(f"{name}: {said}")
        if refused:
            status = 1
    return status


def _write_whole(path: Path, lines: Iterable[str]) -> None:
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", encoding="utf-8", newline="\n") as file:
        file.writelines(lines)
    os.replace(partial, path)  # a file half written never takes the old one's place

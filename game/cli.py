"""Command line: ``python main.py`` plays; ``simulate``, ``verify``, ``replay``, ``screenshots``,
``puzzles``.

Nothing here imports pygame at module level, so headless commands never load it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence

from game import __version__
from game.input.viewport import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE  # no pygame there


def parse_size(text: str) -> tuple[int, int]:
    """Parse a window size written ``WxH``, e.g. ``1280x720``.

    >>> parse_size("1280x720")
    (1280, 720)
    """
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a size: write WIDTHxHEIGHT in pixels, e.g. 1280x720"
        )
    width, height = (_digits(p) for p in parts)
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is out of range: width must be {MIN_SIZE[0]}-{MAX_SIZE[0]} and "
            f"height {MIN_SIZE[1]}-{MAX_SIZE[1]} pixels"
        )
    return width, height


SHOWN_CHARACTERS = 40  # a refused value is echoed this far, not thousands of digits


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut short when long (the message says what is wrong)."""
    if len(text) <= SHOWN_CHARACTERS:
        return repr(text)
    return f"{text[: SHOWN_CHARACTERS - 3]!r}... ({len(text)} characters)"


def _digits(text: str) -> int:
    """``int(text)``; a number longer than Python converts (``sys.get_int_max_str_digits``,
    a guard against slow conversions) is refused with that reason, not called "not a whole
    number"."""
    try:
        return int(text)
    except ValueError:
        body = text.strip().lstrip("+-").replace("_", "")
        limit = sys.get_int_max_str_digits()
        if body.isdigit() and 0 < limit < len(body):
            raise argparse.ArgumentTypeError(
                f"{len(body)} digits is too long; at most {limit}"
            ) from None
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number") from None


def whole_number(text: str) -> int:
    """Parse a whole number (an option's range is checked where the option is used).

    >>> whole_number(" -3 ")
    -3
    """
    return _digits(text)


def positive_int(text: str) -> int:
    """Parse an integer that is at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{_shown(text)} must be at least 1")
    return value


def finite_number(text: str) -> float:
    """Parse a number such as 250 or 0.5; NaN and infinities are refused.

    >>> finite_number("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a finite number (such as 250 or 0.5)"
        )
    return value


def _add_number(
    parser: argparse.ArgumentParser,
    flag: str,
    help: str,
    *,
    metavar: str = "N",
    default: int | None = None,
) -> argparse.Action:
    """A whole-number option (its range is checked by the command that reads it)."""
    return parser.add_argument(flag, type=whole_number, default=default, metavar=metavar, help=help)


class _StoreSize(argparse.Action):
    """Store the size and note that it was given: without one, the game opens its window as
    the player left it last time (fullscreen, or the last windowed size)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.size_given = True


def _add_play_options(
    parser: argparse.ArgumentParser, *, subcommand: bool, kiosk: bool = True
) -> None:
    # In the ``play`` subparser the defaults are suppressed so that options given before the
    # subcommand (``main.py --size 800x600 play``) are not overwritten by the subparser's defaults.
    remembered = kiosk  # the game remembers its window; a replay (no kiosk option) does not
    parser.add_argument(
        "--size",
        type=parse_size,
        action=_StoreSize,
        metavar="WxH",
        default=argparse.SUPPRESS if subcommand else DEFAULT_SIZE,
        help="window size in pixels, starting in a window (default: the last window's size, "
        "at first 1280x720)"
        if remembered
        else "window size in pixels (default: 1280x720)",
    )
    parser.add_argument(
        "--frames",
        type=positive_int,
        default=argparse.SUPPRESS if subcommand else None,
        help=argparse.SUPPRESS,  # testing: quit after N frames
    )
    parser.add_argument(
        "--fullscreen",
        action="store_true",
        default=argparse.SUPPRESS if subcommand else False,
        help="fill the screen (F11 or Alt+Enter switches while playing, and is remembered)"
        if remembered
        else "fill the screen (F11 or Alt+Enter switches while playing)",
    )
    if kiosk:
        parser.add_argument(
            "--kiosk",
            action="store_true",
            default=argparse.SUPPRESS if subcommand else False,
            help="kiosk mode, for a public touch screen (a cafe, a waiting room): fullscreen, "
            "no way out for players, back to a self-playing table when idle, and what players "
            "change in the settings lasts until then. The first kiosk start asks the operator "
            "to choose a PIN; the operator leaves by holding the top-left corner for three "
            "seconds and typing it (or by their own key chord, kiosk_exit_chord in the "
            "settings file)",
        )


def _add_table_options(
    parser: argparse.ArgumentParser,
    *,
    seats: str,
    seats_help: str,
    matches: int,
    matches_help: str,
    players: int | None,
    players_help: str,
    rounds_help: str,
) -> None:
    """The options ``simulate`` and ``tournament`` share: who sits, how many matches, which
    rules, the seed, and how much to print. What the two mean differently is passed in."""
    action = parser.add_argument("--seats", default=seats, metavar="LIST", help=seats_help)
    action.kinds = _Later(_seat_kinds_text)  # type: ignore[attr-defined]  # for %(kinds)s
    _add_number(parser, "--matches", matches_help, default=matches)
    action = _add_number(parser, "--players", players_help, metavar="P", default=players)
    action.range = _Later(_players_range_text)  # type: ignore[attr-defined]  # for %(range)s
    parser.add_argument(
        "--preset",
        choices=["standard", "station"],
        default="standard",
        help="rule preset (default: standard)",
    )
    _add_number(parser, "--seed", "random seed (default: 1)", metavar="S", default=1)
    _add_number(parser, "--rounds", rounds_help)
    parser.add_argument("--quiet", action="store_true", help="print only the summary")


class _Later:
    """A part of a help text (``%(name)s``, the name an attribute of its option) looked up only
    when the help is shown: the seat kinds and the player counts come from the AI and the
    rules, which starting the game does not need before its first frame."""

    def __init__(self, text: Callable[[], str]) -> None:
        self._text = text

    def __str__(self) -> str:
        return self._text()


def _seat_kinds_text() -> str:
    from game.ai.simple import SEAT_KINDS  # no pygame there

    return ", ".join(SEAT_KINDS)


def _players_range_text() -> str:
    from game.rules.options import MAX_PLAYERS, MIN_PLAYERS

    return f"{MIN_PLAYERS} to {MAX_PLAYERS}"


def _add_simulate_options(parser: argparse.ArgumentParser) -> None:
    _add_table_options(
        parser,
        seats="random",
        seats_help="comma-separated computer kind per seat, or one kind for every seat: "
        "%(kinds)s (default: random)",
        matches=10,
        matches_help="number of matches to play (default: 10)",
        players=4,
        players_help="number of players, %(range)s (default: 4)",
        rounds_help="rounds in a match (default: the preset's)",
    )
    _add_number(parser, "--set", "domino set, double-N (default: the preset's)")
    _add_number(parser, "--hand", "tiles dealt to each player (default: the preset's)")
    parser.add_argument(
        "--record", default=None, metavar="DIR", help="write a record of each match into DIR"
    )
    parser.add_argument(
        "--scoring",
        choices=["penalty", "positive"],
        default=None,
        help="scoring style (default: the preset's)",
    )
    parser.add_argument(
        "--first-turn-chain",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="allow playing a chain on the first turn (default: the preset's)",
    )
    parser.add_argument(
        "--first-turn-draw",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw on the first turn when unable to play (default: the preset's)",
    )
    _add_number(
        parser,
        "--max-open-doubles",
        "most doubles left open at once; 0 means no limit (default: the preset's)",
    )
    _add_number(
        parser, "--double-blank-points", "points the double blank counts (default: the preset's)"
    )


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser for every command."""
    parser = argparse.ArgumentParser(
        prog="mexican-train",
        description="Mexican Train dominoes against the computer.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="check this installation headless: load every asset, render every scene, play a "
        "round between computer players; exit status 0 when all is well",
    )
    _add_play_options(parser, subcommand=False)
    parser.set_defaults(size_given=False)

    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser("play", help="play the game (the default)")
    _add_play_options(play, subcommand=True)
    simulate = commands.add_parser(
        "simulate", help="play matches between computer players, without a window"
    )
    _add_simulate_options(simulate)
    verify = commands.add_parser(
        "verify", help="replay game records through the rules and report any broken line"
    )
    verify.add_argument("files", nargs="+", metavar="FILE", help="record files (.jsonl)")
    verify.add_argument(
        "--partial",
        action="store_true",
        help="accept a record of a match still being played (it stops before its match_end "
        "line, like an autosave); without it such a record fails",
    )
    review = commands.add_parser(
        "review",
        help="what each decision of a seat in a recorded match cost, weighed by the Hard "
        "search from what that seat could see",
    )
    review.add_argument("file", metavar="FILE", help="a game record (.jsonl)")
    _add_number(review, "--seat", "the seat to review (default: 0)", default=0)
    _add_number(
        review,
        "--iterations",
        "guesses per decision (default: 480); the same record and K give the same review "
        "on any machine",
        metavar="K",
    )
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    replay = commands.add_parser(
        "replay", help="show a recorded match on the table (play, pause, step, speed)"
    )
    replay.add_argument("file", metavar="FILE", help="a game record (.jsonl)")
    _add_play_options(replay, subcommand=True, kiosk=False)
    screenshots = commands.add_parser(
        "screenshots", help="render every scene and the table's hard cases to PNG, headless"
    )
    screenshots.add_argument("--out", required=True, metavar="DIR", help="folder for the PNGs")
    screenshots.add_argument(
        "--size",
        type=parse_size,
        metavar="WxH",
        default=argparse.SUPPRESS,
        help="picture size in pixels (default: 1280x720)",
    )
    screenshots.add_argument(
        "--language",
        metavar="CODE",
        default=None,
        help="the language to show: en, ga, ta, is, eu, or 'all' for one folder each "
        "(default: English)",
    )
    tournament = commands.add_parser(
        "tournament", help="play computer levels against each other, seats rotated"
    )
    _add_tournament_options(tournament)
    from game.commands.puzzles import add_parser as add_puzzles

    add_puzzles(commands)
    return parser


def _add_tournament_options(parser: argparse.ArgumentParser) -> None:
    _add_table_options(
        parser,
        seats="hard,normal,normal,normal",
        seats_help="comma-separated level per seat: %(kinds)s (default: hard,normal,normal,normal)",
        matches=8,
        matches_help="matches to play (default: 8)",
        players=None,
        players_help="number of players (default: the number of seats listed)",
        rounds_help="rounds per match (default: all)",
    )
    parser.add_argument(
        "--budget-ms",
        type=finite_number,
        default=None,
        metavar="MS",
        help="Hard's time limit per decision in ms (default: 250); given alone, Hard thinks "
        "this long instead of a number of guesses",
    )
    _add_number(
        parser,
        "--iterations",
        "Hard makes exactly N guesses per decision and never reads the clock "
        "(default: 480, with a 250 ms limit)",
    )
    parser.add_argument(
        "--pace",
        choices=("slow", "normal", "fast"),
        default=None,
        help="Hard thinks as at the table at this pace: for the seat's pause, by CPU time",
    )
    parser.add_argument(
        "--slower",
        type=finite_number,
        default=None,
        metavar="K",
        help="with --pace: think as a device K times slower than this machine would",
    )
    parser.add_argument(
        "--ponder",
        action="store_true",
        help="with --pace: Hard also thinks ahead in the other seats' pauses, as at the table",
    )
    parser.add_argument(
        "--person-seconds",
        type=finite_number,
        default=None,
        metavar="S",
        help="with --pace: the seat just before the first Hard seat plays the person, each "
        "decision with a choice lasting S seconds in which the Hard seats think ahead "
        "(--ponder adds the other seats' pauses)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="play the matches in N processes"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error (status 2)
        return _exit_code(exc.code)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # a kiosk's game is started so

    try:
        if args.selftest:
            from game.selftest import selftest_main

            return selftest_main()
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "puzzles":
            from game.commands.puzzles import puzzles_main

            return puzzles_main(args)
        if args.command == "verify":
            from game.commands.simulate import verify_main

            return verify_main(args.files, partial=args.partial)
        if args.command == "review":
            from game.ai.review import DEFAULT_GUESSES
            from game.commands.simulate import review_main

            guesses = args.iterations if args.iterations is not None else DEFAULT_GUESSES
            if guesses < 1:
                print("review: --iterations must be 1 or more", file=sys.stderr)
                return 2
            return review_main(args.file, args.seat, guesses, args.json)
        if args.command == "replay":
            if _no_display():
                return 1
            return _replay(args.file, args.size, args.frames, fullscreen=args.fullscreen)
        if args.command == "screenshots":
            _headless_video()
            from game.commands.screenshots import screenshots_main

            return screenshots_main(args.out, args.size, args.language)
        return _play(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _no_display() -> bool:
    """Say so on stderr when there is no display for a window (a headless machine)."""
    from game.startup import missing_display

    message = missing_display()
    if message is not None:
        print(message, file=sys.stderr)
    return message is not None


def _play(args: argparse.Namespace) -> int:
    if _no_display():
        return 1
    if args.kiosk:
        from game import supervisor

        if not supervisor.supervised():
            return supervisor.run_kiosk(args.argv)  # the game runs as its child
        supervisor.as_child()
    from game import app

    # None (not on the command line): the window as the player left it last time.
    return app.run(
        size=args.size if args.size_given else None,
        max_frames=args.frames,
        fullscreen=True if args.fullscreen else None,
        kiosk=args.kiosk,
    )


def _replay(
    path: str, size: tuple[int, int], max_frames: int | None, *, fullscreen: bool = False
) -> int:
    """``replay FILE``: the record on the table, or the reason it is refused; the exit status."""
    import pygame

    from game.app import App
    from game.rules.record import Record, RecordError
    from game.scenes.review.replay import ReplayErrorScene, ReplayScene
    from game.store.safe_files import load_record_file

    error: tuple[int | None, str] | None = None
    record: Record | None = None
    try:
        record, _warnings = load_record_file(path)
    except RecordError as broken:
        print(f"replay: {path}: line {broken.line}: {broken.reason}", file=sys.stderr)
        error = (broken.line, broken.reason)
    except OSError as failure:
        print(f"replay: {failure}", file=sys.stderr)
        return 1
    try:
        app = App(size, fullscreen=fullscreen)
    except pygame.error as failure:
        print(f"cannot open a window: {failure}", file=sys.stderr)
        return 1
    try:
        if record is not None:
            app.push(ReplayScene(app, record, path))
        else:
            assert error is not None
            app.push(ReplayErrorScene(app, path, error[0], error[1]))
            app.exit_code = 1
        code = app.run(max_frames)
        return 1 if error is not None else code
    finally:
        app.close()


def _headless_video() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _simulate(args: argparse.Namespace) -> int:
    from game.commands.simulate import simulate_main

    return simulate_main(args)


def _tournament(args: argparse.Namespace) -> int:
    from game.commands.tournament import tournament_main

    return tournament_main(args)

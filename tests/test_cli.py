"""The command line: bad input gives a message and status 2, the window runs headless."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli

ROOT = Path(__file__).resolve().parent.parent


def _main_py(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_bad_size_exits_2_with_message() -> None:
    result = _main_py("--size", "12x")
    assert result.returncode == 2
    assert "--size" in result.stderr
    assert "WIDTHxHEIGHT" in result.stderr
    assert "Traceback" not in result.stderr


def test_game_window_runs_headless_for_a_few_frames() -> None:
    result = _main_py("--frames", "3")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_version() -> None:
    result = _main_py("--version")
    assert result.returncode == 0
    assert "0.1.0" in result.stdout


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1280x720", (1280, 720)), ("800X600", (800, 600)), (" 1920x1080 ", (1920, 1080))],
)
def test_parse_size_accepts(text: str, expected: tuple[int, int]) -> None:
    assert cli.parse_size(text) == expected


@pytest.mark.parametrize("text", ["12x", "x720", "1280", "1280x720x2", "-1x5", "abcxdef", "10x10"])
def test_main_refuses_bad_sizes(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--size", text]) == 2
    assert "--size" in capsys.readouterr().err


def test_play_subcommand_keeps_options_given_before_it() -> None:
    args = cli.build_parser().parse_args(["--size", "800x600", "play"])
    assert args.size == (800, 600)
    args = cli.build_parser().parse_args(["play", "--size", "800x600", "--frames", "2"])
    assert args.size == (800, 600)
    assert args.frames == 2


def test_simulate_defaults() -> None:
    args = cli.build_parser().parse_args(["simulate"])
    assert args.command == "simulate"
    assert (args.matches, args.players, args.preset, args.seed) == (10, 4, "standard", 1)
    assert args.seats == "random"
    assert args.first_turn_chain is None and args.first_turn_draw is None
    assert args.set is None and args.hand is None and args.rounds is None
    assert args.quiet is False


def test_simulate_options() -> None:
    args = cli.build_parser().parse_args(
        [
            "simulate",
            "--no-first-turn-chain",
            "--first-turn-draw",
            "--max-open-doubles",
            "0",
            "--preset",
            "station",
            "--scoring",
            "positive",
        ]
    )
    assert args.first_turn_chain is False
    assert args.first_turn_draw is True
    assert args.max_open_doubles == 0
    assert (args.preset, args.scoring) == ("station", "positive")


def test_tournament_defaults_differ_from_simulate_where_they_should() -> None:
    # The two share one helper for their table options; each keeps its own defaults.
    args = cli.build_parser().parse_args(["tournament"])
    assert args.command == "tournament"
    assert (args.matches, args.players, args.preset, args.seed) == (8, None, "standard", 1)
    assert args.seats == "hard,normal,normal,normal"
    assert args.rounds is None and args.quiet is False and args.json is False
    args = cli.build_parser().parse_args(
        ["tournament", "--preset", "station", "--seed", "7", "--rounds", "2", "--quiet"]
    )
    assert (args.preset, args.seed, args.rounds, args.quiet) == ("station", 7, 2, True)


def test_tournament_bad_preset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tournament", "--preset", "nope"]) == 2
    assert "--preset" in capsys.readouterr().err


def test_simulate_bad_preset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--preset", "nope"]) == 2
    assert "--preset" in capsys.readouterr().err


def test_cli_does_not_import_pygame() -> None:
    code = (
        "import sys, game.cli; "
        "game.cli.build_parser().parse_args(['simulate']); "
        "sys.exit('pygame' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False)
    assert result.returncode == 0


# Bad values for every option of every subcommand: a plain message naming the option as
# typed, status 2, and nothing of Python's insides (exception text, dest names, errno).
BAD_OPTIONS = [
    ["simulate", "--matches", "x"],
    ["simulate", "--matches", "0"],
    ["simulate", "--players", "1"],
    ["simulate", "--players", "x"],
    ["simulate", "--seed", "x"],
    ["simulate", "--rounds", "0"],
    ["simulate", "--rounds", "2.5"],
    ["simulate", "--set", "-1"],
    ["simulate", "--hand", "0"],
    ["simulate", "--max-open-doubles", "-2"],
    ["simulate", "--double-blank-points", "-1"],
    ["simulate", "--seats", "wizard"],
    ["tournament", "--matches", "0"],
    ["tournament", "--seats", "hard", "--players", "1"],
    ["tournament", "--rounds", "0"],
    ["tournament", "--rounds", "99"],
    ["tournament", "--seats", "wizard"],
    ["tournament", "--budget-ms", "0"],
    ["tournament", "--budget-ms", "x"],
    ["tournament", "--budget-ms", "nan"],
    ["tournament", "--budget-ms", "inf"],
    ["tournament", "--budget-ms=-inf"],
    ["tournament", "--budget-ms", "1e999"],
    ["tournament", "--iterations", "0"],
    ["tournament", "--iterations", "x"],
    ["--frames", "0"],
    ["replay", "x.jsonl", "--frames", "x"],
]


@pytest.mark.parametrize("argv", BAD_OPTIONS, ids=" ".join)
def test_bad_option_values_are_refused_in_words(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    option = next(a for a in reversed(argv) if a.startswith("--")).split("=")[0]
    assert option in err
    for internal in ("Traceback", "Errno", "_", "invalid int", "invalid float"):
        assert internal not in err.replace("mexican-train", ""), err


def test_nan_and_infinite_budgets_are_refused_before_a_tournament_starts() -> None:
    from game.commands.tournament import seat_factory

    for text in ("nan", "inf", "-inf", "1e999"):
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["tournament", "--budget-ms", text])
        # Hard never stops thinking on a NaN budget: the seat factory refuses one as well.
        with pytest.raises(ValueError, match="--budget-ms"):
            seat_factory(float(text), None)


def test_a_one_round_tournament_counts_in_good_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "--seats", "greedy,random", "--matches", "1", "--rounds", "1"]
    assert cli.main([*argv, "--quiet", "--preset", "station"]) == 0
    out = capsys.readouterr().out
    assert "1 round," in out and "in 1 deal group," in out
    assert "1 rounds" not in out and "1 deal groups" not in out


def _without_display() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        env.pop(name, None)
    return env


def _run_without_display(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=_without_display(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_no_display_is_said_plainly(tmp_path: Path) -> None:
    for argv in (["--frames", "3"], ["replay", "x.jsonl", "--frames", "3"]):
        result = _run_without_display(*argv)
        assert result.returncode == 1
        assert "no display found" in result.stderr
        assert "simulate" in result.stderr and "--selftest" in result.stderr


def test_headless_commands_need_no_display() -> None:
    result = _run_without_display(
        "simulate", "--quiet", "--matches", "1", "--players", "2", "--set", "6", "--rounds", "1"
    )
    assert result.returncode == 0, result.stderr
    assert "no display" not in result.stderr
    result = _run_without_display("--selftest")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("inside", [False, True])
def test_screenshots_out_that_is_a_file_is_said_in_words(tmp_path: Path, inside: bool) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    out = afile / "shots" if inside else afile
    result = _main_py("screenshots", "--out", str(out), "--size", "320x240")
    assert result.returncode == 1
    what = "part of that path is a file" if inside else "it is a file, not a folder"
    assert f"--out {out}: {what}" in result.stderr
    assert "Errno" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--seed", "7" * 5000],
        ["simulate", "--seed", "-" + "7" * 5000],
        ["tournament", "--iterations", "7" * 5000],
        ["--frames", "7" * 5000],
        ["--size", "7" * 5000 + "x720"],
    ],
    ids=["seed", "negative seed", "iterations", "frames", "size"],
)
def test_a_number_of_5000_digits_is_called_too_long_without_echoing_its_digits(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    limit = sys.get_int_max_str_digits()
    assert f"5000 digits is too long; at most {limit}" in err
    assert "not a whole number" not in err
    assert "7" * 100 not in err
    assert len(err) < 1500  # the usage lines and one short reason


def test_a_long_value_that_is_no_number_is_echoed_cut_short(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "--seed", "x" * 5000]) == 2
    assert cli.main(["tournament", "--budget-ms", "7" * 5000]) == 2
    err = capsys.readouterr().err
    assert "is not a whole number" in err and "is not a finite number" in err
    assert "(5000 characters)" in err
    assert "x" * 100 not in err and "7" * 100 not in err


@pytest.mark.parametrize("command", ["review", "tournament"])
def test_the_help_gives_the_guesses_the_command_really_defaults_to(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ai.coach import DEFAULT_GUESSES

    assert cli.main([command, "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"(default: {DEFAULT_GUESSES}" in help_text

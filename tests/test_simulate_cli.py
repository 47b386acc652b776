"""``python main.py simulate``: whole matches headless, and bad tables refused with a reason."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "simulate", "--quiet", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_simulate_prints_a_summary() -> None:
    result = simulate("--matches", "3", "--players", "4", "--preset", "station", "--rounds", "2")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "4 players, station rules, double-12, 12 tiles each, 2 rounds" in out
    assert "matches   3" in out
    assert "rounds    6 (ended:" in out
    assert "mean match total per seat" in out and "rounds/s" in out


@pytest.mark.parametrize(
    "options",
    [
        ["--players", "2", "--set", "6", "--hand", "2", "--scoring", "positive"],
        ["--players", "14", "--seats", "greedy", "--rounds", "1"],
        ["--players", "9", "--preset", "station", "--no-first-turn-draw", "--first-turn-chain"],
        ["--players", "3", "--max-open-doubles", "0", "--double-blank-points", "25"],
        ["--players", "11", "--preset", "station", "--hand", "7", "--rounds", "1"],
        ["--players", "3", "--set", "18", "--max-open-doubles", "2", "--rounds", "1"],
    ],
)
def test_every_option_can_be_set(options: list[str]) -> None:
    result = simulate("--matches", "1", *options)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--players", "1"], "--players must be 2 to 14, not 1"),
        (["--players", "15"], "--players must be 2 to 14, not 15"),
        (["--players", "11", "--preset", "station"], "give --hand to seat more"),
        (["--set", "7"], "--set must be one of 6, 9, 12, 15, 18 (a double-N set), not 7"),
        (["--set", "-1"], "--set must be one of 6, 9, 12, 15, 18 (a double-N set), not -1"),
        (["--hand", "1"], "--hand must be at least 2 tiles, not 1"),
        (["--players", "4", "--hand", "30"], "4 hands of 30 need 120 tiles"),
        (["--matches", "0"], "--matches must be at least 1, not 0"),
        (["--seats", "wizard"], "unknown seat kind 'wizard' in --seats"),
        (["--seats", "random,greedy"], "--seats lists 2 seats but --players is 4"),
        (["--players", "2", "--seats", "random,greedy,easy"], "--seats lists 3 seats"),
        (["--seats", ","], "--seats needs a seat kind"),
        (["--max-open-doubles", "-1"], "--max-open-doubles must be 0 (no limit) or more"),
        (["--set", "6", "--rounds", "9"], "--rounds 9 is too many: a double-6 set has engines"),
        (["--set", "6", "--rounds", "0"], "--rounds must be at least 1, not 0"),
        (["--double-blank-points", "-5"], "--double-blank-points must be 0 or more, not -5"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(options: list[str], message: str) -> None:
    result = simulate(*options)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_no_message_shows_internals_or_bad_plurals() -> None:
    """Every refusal above, and these, name options as typed and count in good English."""
    for options in (["--double-blank-points", "-5"], ["--set", "-1"], ["--players", "1"]):
        err = simulate(*options).stderr
        assert "double_blank_points" not in err and "double--1" not in err
        assert "1 players" not in err and "Errno" not in err


def test_a_one_round_table_says_round_not_rounds() -> None:
    result = simulate("--matches", "1", "--players", "2", "--set", "6", "--rounds", "1")
    assert result.returncode == 0, result.stderr
    assert "7 tiles each, 1 round, penalty scoring" in result.stdout


def test_record_names_seats_by_their_kind(tmp_path: Path) -> None:
    result = simulate(
        "--matches", "1", "--players", "3", "--seats", "greedy,random,easy", "--set", "6",
        "--rounds", "1", "--record", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    (record,) = tmp_path.glob("*.jsonl")
    head = json.loads(record.read_text(encoding="utf-8").split("\n")[0])
    assert head["names"] == ["Greedy 1", "Random 2", "Easy 3"]


def test_help_lists_the_seat_kinds_and_the_player_range() -> None:
    result = subprocess.run(
        [sys.executable, "main.py", "simulate", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    text = " ".join(result.stdout.split())
    assert "random, greedy, easy, normal, hard" in text
    assert "number of players, 2 to 14" in text


@pytest.mark.parametrize(
    ("option", "what"),
    [("--record", "it is a file, not a folder"), ("--record-inside", "part of that path is")],
)
def test_a_record_folder_that_is_a_file_is_said_in_words(
    tmp_path: Path, option: str, what: str
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    where = afile if option == "--record" else afile / "inside"
    result = simulate("--matches", "1", "--record", str(where))
    assert result.returncode == 2
    assert f"--record {where}: {what}" in result.stderr
    assert "Errno" not in result.stderr

"""``python main.py simulate``: whole matches headless, and bad tables refused with a reason."""

from __future__ import annotations

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
        (["--players", "1"], "1 players cannot sit at this table: 2 to 14"),
        (["--players", "15"], "15 players cannot sit at this table"),
        (["--players", "11", "--preset", "station"], "the station rules deal for 2 to 10 players"),
        (["--set", "7"], "there is no double-7 set"),
        (["--hand", "1"], "too small"),
        (["--players", "4", "--hand", "30"], "4 hands of 30 need 120 tiles"),
        (["--matches", "0"], "--matches must be at least 1"),
        (["--seats", "wizard"], "unknown seat kind 'wizard'"),
        (["--seats", "random,greedy"], "--seats lists 2 seats for 4 players"),
        (["--max-open-doubles", "-1"], "cannot be negative"),
        (["--set", "6", "--rounds", "9"], "engines for 7 rounds, not 9"),
        (["--double-blank-points", "-5"], "cannot be negative"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(options: list[str], message: str) -> None:
    result = simulate(*options)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr

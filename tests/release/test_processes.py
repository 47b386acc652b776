"""A standalone build started again as a worker becomes that worker, and an ordinary start of
the game loads nothing of multiprocessing for it (the menu's first frame needs no process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import processes

ROOT = Path(__file__).resolve().parents[2]


def _loaded_after(argv: list[str], frozen: bool) -> dict[str, object]:
    child = f"""
import json, sys
if {frozen!r}:
    sys.frozen = True
from game.processes import run_helper_process
became = run_helper_process({argv!r})
print(json.dumps({{"became": became, "multiprocessing": "multiprocessing" in sys.modules}}))
"""
    result = subprocess.run(
        [sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("frozen", [False, True])
def test_an_ordinary_start_is_the_game_and_loads_no_multiprocessing(frozen: bool) -> None:
    for argv in (["mexican-train"], ["mexican-train", "--size", "800x600"]):
        assert _loaded_after(argv, frozen) == {"became": False, "multiprocessing": False}


def test_from_source_a_fork_flag_is_left_to_the_command_line() -> None:
    assert _loaded_after(["main.py", processes.FORK_FLAG], frozen=False)["became"] is False


def test_a_frozen_start_as_a_spawned_child_runs_the_child_and_exits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import multiprocessing.process
    import multiprocessing.spawn

    ran: list[list[str]] = []
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(multiprocessing.spawn, "freeze_support", lambda: ran.append(sys.argv))
    monkeypatch.setattr(multiprocessing.process, "ORIGINAL_DIR", "/somewhere")
    with pytest.raises(SystemExit) as stop:
        processes.run_helper_process(["mexican-train", processes.FORK_FLAG, "pipe_handle=7"])
    assert stop.value.code == 0 and ran
    # the child must not change to the parent's folder to look for a main script
    assert multiprocessing.process.ORIGINAL_DIR is None  # type: ignore[attr-defined]


def test_a_frozen_start_as_the_resource_tracker_runs_only_that_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import multiprocessing.resource_tracker

    tracked: list[int] = []
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(multiprocessing.resource_tracker, "main", tracked.append)
    command = "from multiprocessing.resource_tracker import main;main(5)"
    with pytest.raises(SystemExit):
        processes.run_helper_process(["mexican-train", "-B", "-s", "-c", command])
    assert tracked == [5]
    # any other line of Python is not run: the game starts as usual
    assert processes.run_helper_process(["mexican-train", "-c", "print('hello')"]) is False

"""A kill -9 at random moments of play loses no move of the person's, and at most one of a
computer's; every finished match is counted once.

The child (kill_series_child.py) plays Practice matches through the real table by random legal
input, with take-backs among them; the autosave's trace says each change the moment it is made.
The parent kills the child (SIGKILL) right after a change chosen at random, then reads the data
folder as the next start does: the saved match must hold that very change when the person made
it, and at most the one before it otherwise. The next child resumes the match, so the series
plays on through the same matches. No sleeps: the parent follows the child's output.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

from game.match.keeper import record_digest, saved_match_id
from game.store.home import Store
from game.store.recent import RecentMatches
from game.store.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
WATCHDOG_SECONDS = 120.0  # only ends a stuck child, so the test fails instead of hanging


def run_once(
    home: Path, seed: int, kill_at: int
) -> tuple[dict[int, str], dict[int, int], list[str]]:
    """Run the child until it reports change ``kill_at``, then SIGKILL it: what it reported
    (change -> "LINES SHA1"), who made each change, and the "kept" lines."""
    env = {
        **os.environ,
        "MEXICAN_TRAIN_HOME": str(home),
        "MEXICAN_TRAIN_TRACE": "1",
        "KILL_SERIES_SEED": str(seed),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("MEXICAN_TRAIN_AUTOPLAY", None)
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.release.kill_series_child"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
    )
    watchdog = threading.Timer(WATCHDOG_SECONDS, child.kill)
    watchdog.start()
    reported: dict[int, str] = {}
    by: dict[int, int] = {}
    kept: list[str] = []
    assert child.stdout is not None

    def take(line: bytes) -> bool:
        """Note one line; True once change ``kill_at`` is fully reported."""
        parts = line.decode().split() if line.endswith(b"\n") else []  # cut short: not said
        if parts[:1] == ["action"] and len(parts) == 4:
            reported[int(parts[1])] = f"{parts[2]} {parts[3]}"
        elif parts[:1] == ["by"] and len(parts) == 3:
            by[int(parts[1])] = int(parts[2])
            return int(parts[1]) >= kill_at
        elif parts[:1] == ["kept"]:
            kept.append(line.decode().strip())
        return False

    try:
        while True:
            line = child.stdout.readline()
            assert line, f"the game stopped before change {kill_at}"
            if take(line):
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL, "the watchdog had to stop the game"
        for line in child.stdout.read().splitlines(keepends=True):  # said before it died
            take(line)
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    return reported, by, kept


def kill_series(home: Path, moments: int, seed: int) -> Counter[str]:
    """``moments`` kills; the outcomes counted (and every one checked)."""
    Store(home).save_settings(Settings(opponent_pace="fast", animation_speed=0.0, muted=True))
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    finished: dict[str, bool] = {}  # match id -> practice
    for moment in range(moments):
        reported, by, kept = run_once(home, seed * 1000 + moment, rng.randint(1, 30))
        for line in kept:
            _, match_id, how = line.split()
            finished[match_id] = how == "practice"
        last = max(by)  # the last change the game said is in its log
        store = Store(home)
        saved = store.load_game()
        assert store.take_notices() == [], f"moment {moment}: the next start had words"
        outcomes["moments"] += 1
        outcomes[
            "the person made the last change" if by[last] == 0 else "a computer or the deal made it"
        ] += 1
        if saved is None:
            # Only the end of a match clears the save: the last change ended it.
            assert kept, f"moment {moment}: the saved match is gone"
            outcomes["killed as a match ended: kept"] += 1
            continue
        if saved.finished:
            finished[saved_match_id(saved)] = saved.meta.get("practice") is True
            outcomes["killed as a match ended: counted at the next start"] += 1
            continue
        text = saved.text()
        on_disk = f"{len(text.splitlines())} {record_digest(text)}"
        held = [n for n, what in reported.items() if what == on_disk]
        assert held, f"moment {moment}: the save on disk is none the game made"
        behind = last - max(held)  # negative: the change in the making when the kill came
        if by[last] == 0:  # the person's
            assert behind <= 0, f"moment {moment}: the person's move was lost"
        else:
            assert behind <= 1, f"moment {moment}: {behind} changes lost"
        outcomes[f"changes behind the last logged: {behind}"] += 1

    # Every finished match counted once: statistics (practice matches are not counted) and
    # Recent matches (the newest 20 are kept).
    run_once(home, seed * 1000 + moments, 1)  # a last start keeps what the last kill left
    store = Store(home)
    counted = [match_id for match_id, practice in finished.items() if not practice]
    statistics = store.load_statistics()
    assert statistics.overall.games == len(counted)
    kept_ids = [item.match for item in RecentMatches(store).entries()]
    assert len(kept_ids) == len(set(kept_ids)) == min(20, len(finished))
    assert set(kept_ids) <= set(finished)
    outcomes["matches finished"] = len(finished)
    outcomes["counted in statistics (not practice)"] = statistics.overall.games
    return outcomes


def report(outcomes: Counter[str]) -> None:
    print()
    for name, count in sorted(outcomes.items()):
        print(f"  {name:55} {count}")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_killed_at_twenty_random_moments_loses_no_move_of_the_persons(home: Path) -> None:
    report(kill_series(home, 20, seed=7))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_killed_at_two_hundred_random_moments_loses_no_move_of_the_persons(
    home: Path,
) -> None:
    report(kill_series(home, 200, seed=27))

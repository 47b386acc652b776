"""The real game, killed with SIGKILL at every step of a match's end, never loses the finished
match and never counts it twice.

The folder holds the day's match one action before its end. A child process runs ``main.py``
headless with the player's seat played by a computer seat (``MEXICAN_TRAIN_AUTOPLAY``, which
resumes the saved match) and ``MEXICAN_TRAIN_KILL_AT_END_STEP=N``: when the match ends, the
game kills itself (SIGKILL, from inside: no clean-up) at the N-th change to a file, after
printing ``killed at N WHAT FILE``. The steps are the finished match saved, the day's best
kept, the statistics kept, the match kept in Recent matches (record, then entry), the save
forgotten: each before and after. With N past the last step the child prints ``kept
MATCH_ID`` and the parent kills it then. Every N is tried.

Then the game is started again (in this process): the match is in the statistics exactly once,
and in Recent matches once, the day's best is kept, nothing is offered to resume, and a further
start changes nothing. A child killed before its finished match reached the disk resumes the
match at the last action, which is played again and then counted.

No sleeps and no time limits: the parent reads the child's output until the child says it is
dying, or the child's pipe closes (it died, or ran out of frames: ``--frames`` bounds it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from game.levels.daily import daily_table
from game.match.session import MatchConfig
from game.store.home import DailyResult, Store
from game.store.recent import RecentMatches

from .helpers import (
    END_STEPS,
    button_labels,
    click_button,
    end_steps,
    fast_settings,
    play_until_the_last_summary,
    save_near_the_end,
    start_game,
)

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 3, 14)
FRAMES = "6000"  # a child that is not killed stops by itself after these (it failed then)


def run_and_kill(home: Path, step: int) -> list[str]:
    """Run the game on ``home`` until it dies at ``step`` (or has kept the results, when
    ``step`` is past the last one, and is killed then); the lines it printed."""
    env = {
        **os.environ,
        "MEXICAN_TRAIN_HOME": str(home),
        "MEXICAN_TRAIN_AUTOPLAY": "greedy",
        "MEXICAN_TRAIN_TRACE": "1",
        "MEXICAN_TRAIN_KILL_AT_END_STEP": str(step),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONUNBUFFERED": "1",
    }
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--frames", FRAMES],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
    )
    assert child.stdout is not None
    said: list[str] = []
    try:
        for raw in child.stdout:  # ends when the child's end of the pipe closes
            line = raw.decode(errors="replace").strip()
            said.append(line)
            if line.startswith("kept "):
                child.send_signal(signal.SIGKILL)
                break
        child.wait()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL, f"the game was not killed: {said[-3:]}"
    return said


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("step", range(1, len(END_STEPS) + 2))
def test_a_game_killed_at_any_step_of_the_match_end_counts_it_once(home: Path, step: int) -> None:
    config = MatchConfig.for_daily(daily_table(DAY))
    store = Store(home)
    fast_settings(store)
    match_id = save_near_the_end(store, config).match_id

    said = run_and_kill(home, step)
    deaths = [line for line in said if line.startswith("killed at ")]
    if step <= len(END_STEPS):
        assert deaths == [f"killed at {step} {end_steps(match_id)[step - 1]}"], said[-3:]
    else:
        assert deaths == [] and said[-1].startswith("kept ")

    app = start_game(Store(home))
    try:
        if "Resume game" in button_labels(app):
            assert step == 1, "only a game killed before the finished match was saved resumes"
            click_button(app, "Resume game")
            play_until_the_last_summary(app)
    finally:
        app.close()

    for _ in range(2):  # and a start after that counts nothing again
        store = Store(home)
        stats = store.load_statistics()
        assert stats.overall.games == 1, f"counted {stats.overall.games} times"
        assert stats.overall.best_score is not None
        best = DailyResult(stats.overall.best_score, stats.overall.wins == 1)
        assert store.load_progress().daily == {config.daily.key: best}  # type: ignore[union-attr]
        assert not (home / "game.json").exists()
        assert [item.match for item in RecentMatches(store).entries()] == [match_id]
        assert store.take_notices() == []
        start_game(Store(home)).close()

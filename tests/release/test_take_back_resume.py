"""Take-backs and the files: an autosave made after a take-back resumes at the undone point
after a kill, and a practice match (a turn taken back) earns no stars and no statistics,
resumed or not.

The kill test runs the real game in a child process (take_back_child.py) with the autosave
traced (``MEXICAN_TRAIN_TRACE``), and kills it with SIGKILL once the save of the taken-back
record is reported on disk. No sleeps: the parent reads the child's output (a watchdog only
ends a stuck child).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.ai.simple import make_seat
from game.match.keeper import keep_results, record_digest, session_meta
from game.match.session import MatchConfig
from game.rules import DRAW, Play
from game.rules.record import load_record
from game.scenes.flow import start_match
from game.scenes.play.table import TableScene
from game.store.home import Store
from game.store.settings import Settings

from .helpers import (
    button_labels,
    click_button,
    fast_settings,
    frames,
    level_named,
    play_until_the_last_summary,
    save_near_the_end,
    start_game,
    state_key,
)

ROOT = Path(__file__).resolve().parents[2]
WATCHDOG_SECONDS = 240.0
LEVEL = "first-steps"
LEVEL_SEED = 3  # a deal the computer in the player's seat wins: stars are earned


def run_and_kill_after_the_take_back(home: Path) -> str:
    """Run the child until the save of its taken-back record is on disk, SIGKILL it; the
    "LINES SHA1" of that record."""
    env = {
        **os.environ,
        "MEXICAN_TRAIN_HOME": str(home),
        "MEXICAN_TRAIN_TRACE": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONUNBUFFERED": "1",
    }
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "release" / "take_back_child.py")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
    )
    watchdog = threading.Timer(WATCHDOG_SECONDS, child.kill)
    watchdog.start()
    assert child.stdout is not None
    undone = ""
    try:
        while True:
            line = child.stdout.readline().decode()
            assert line, "the game stopped before its take-back was saved"
            parts = line.split()
            if parts[:1] == ["undone"] and len(parts) == 3:
                undone = f"{parts[1]} {parts[2]}"
            elif undone and parts[:1] == ["saved"] and " ".join(parts[2:]) == undone:
                break  # the taken-back record is on disk
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL, "the watchdog had to stop the game"
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    return undone


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_an_autosave_after_a_take_back_resumes_at_the_undone_point_after_a_kill(
    home: Path,
) -> None:
    Store(home).save_settings(Settings(opponent_pace="fast", animation_speed=0.0, muted=True))
    undone = run_and_kill_after_the_take_back(home)

    saved = Store(home).load_game()
    assert saved is not None
    text = saved.text()
    assert f"{len(text.splitlines())} {record_digest(text)}" == undone
    assert saved.meta["practice"] is True and saved.meta["take_backs"] is True
    _, expected = load_record(text)
    if saved.meta.get("ended_turn"):
        from game.rules import END_TURN

        expected.apply(END_TURN)

    app = start_game(Store(home))
    try:
        assert button_labels(app)[0] == "Resume game"
        click_button(app, "Resume game")
        table = app.top
        assert isinstance(table, TableScene)
        session = table.session
        assert session.writer.text() == text
        assert state_key(session.state) == state_key(expected)
        assert session.state.current == 0, "the person's move, as it was before the turn"
        assert session.practice and session.take_backs  # still practice, Undo still there
        frames(app, 30)
        assert table.buttons["undo"].visible == (session.undo_point() is not None)
    finally:
        app.close()


def test_a_practice_match_earns_no_stars_and_no_statistics(home: Path) -> None:
    store = Store(home)
    store.save_settings(
        Settings(opponent_pace="fast", animation_speed=0.0, muted=True, take_backs=True)
    )
    level = level_named(LEVEL)
    app = start_game(Store(home))
    try:
        start_match(app, MatchConfig.for_level(level, LEVEL_SEED))
        for _ in range(60 * 300):
            if isinstance(app.top, TableScene) and app.top.ready:
                break
            if hasattr(app.top, "skip"):
                app.top.skip()  # type: ignore[union-attr]
            frames(app)
        table = app.top
        assert isinstance(table, TableScene)
        session = table.session
        state = session.state
        action = state.legal_actions()[0]  # the person's move, through the table
        if isinstance(action, Play):
            assert table.try_play(action.tile, action.train, None)
        elif action == DRAW:
            table.do_draw()
        else:  # nothing to play: the table passes for the person after a moment
            frames(app, 120)
        assert session.undo()  # the match is practice now
        # The rest of the match off screen, every seat by the computer (the person's too).
        seats = [make_seat("greedy", 1000 + n) for n in range(session.players)]
        session.play_out(seats)
        assert session.state.match_over
        assert session.outcome is not None and not session.outcome.counted
        assert not session.outcome.improved
    finally:
        app.close()
    kept = Store(home)
    assert kept.load_statistics().overall.games == 0
    assert kept.load_progress().stars(level.id) is None
    assert not (home / "game.json").exists()
    # The same finished match, were it not practice, would have counted.
    session.practice = False
    other = Store(home.parent / "other")
    assert keep_results(other, session).counted
    assert other.load_statistics().overall.games == 1


def test_a_resumed_practice_match_stays_practice(home: Path) -> None:
    store = Store(home)
    fast_settings(store)
    config = MatchConfig.for_level(level_named(LEVEL), LEVEL_SEED)
    session = save_near_the_end(store, config)
    assert store.save_game(session.writer.text(), {**session_meta(session), "practice": True})

    app = start_game(Store(home))
    try:
        click_button(app, "Resume game")
        finished = play_until_the_last_summary(app)
    finally:
        app.close()
    assert finished.state.match_over and finished.practice
    kept = Store(home)
    assert kept.load_statistics().overall.games == 0
    assert kept.load_progress().stars(LEVEL) is None
    assert not (home / "game.json").exists()


def test_the_take_backs_settings_are_kept_and_off_by_default(home: Path) -> None:
    import json

    from game.scenes.kiosk.kiosk import KioskConfig

    assert not Settings().take_backs and not Settings().kiosk_take_backs
    store = Store(home)
    assert store.save_settings(Settings(take_backs=True, kiosk_take_backs=True))
    loaded = Store(home).load_settings()
    assert loaded.take_backs and loaded.kiosk_take_backs
    assert KioskConfig.from_settings(loaded).take_backs
    assert not KioskConfig.from_settings(Settings()).take_backs
    # A value that is not true or false is refused: the setting stays off, nothing else lost.
    path = store.path("settings")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["take_backs"] = "yes"
    path.write_text(json.dumps(data), encoding="utf-8")
    damaged = Store(home).load_settings()
    assert not damaged.take_backs and damaged.kiosk_take_backs

"""The real game, killed with SIGKILL in the middle of a match, offers it back exactly.

A child process runs ``main.py`` headless with the person's seat played by a computer seat
(``MEXICAN_TRAIN_AUTOPLAY``) and the autosave traced (``MEXICAN_TRAIN_TRACE``): after each change
it prints ``action N LINES SHA1`` (handed to the autosave) and, once that is on disk,
``saved N LINES SHA1``. The parent reads those lines and kills the child right after an
``action`` line, so the kill lands while that save may still be in flight. Then:

* the save on disk loads (never half-written) and is one the child made, no older than the
  last one it reported saved: at most the action in flight is lost;
* the game started again offers "Resume game" on its menu, and resuming puts exactly the saved
  record's state on the table, with the same seats.

No sleeps: the parent synchronises on the child's output (a watchdog only ends a stuck child).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.match.keeper import record_digest
from game.rules.record import load_record
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.table import TableScene
from game.store.home import Store
from game.store.settings import Settings

from .helpers import button_labels, click_button, frames, start_game, state_key

ROOT = Path(__file__).resolve().parents[2]
WATCHDOG_SECONDS = 240.0


def fast_settings(home: Path) -> None:
    """Quick computer seats and no animations, so the child gets on with the match."""
    Store(home).save_settings(Settings(opponent_pace="fast", animation_speed=0.0, muted=True))


def run_and_kill(home: Path, kill_at: int) -> tuple[dict[int, str], int]:
    """Run the game until it reports change ``kill_at``, SIGKILL it; (reported, last saved)."""
    env = {
        **os.environ,
        "MEXICAN_TRAIN_HOME": str(home),
        "MEXICAN_TRAIN_AUTOPLAY": "greedy",
        "MEXICAN_TRAIN_TRACE": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONUNBUFFERED": "1",
    }
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--frames", "1000000"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
    )
    watchdog = threading.Timer(WATCHDOG_SECONDS, child.kill)
    watchdog.start()
    assert child.stdout is not None
    reported: dict[int, str] = {}  # change number -> "LINES SHA1"
    saved = 0

    def take(line: bytes) -> str | None:
        nonlocal saved
        parts = line.decode().split()
        if len(parts) != 4 or not line.endswith(b"\n"):
            return None  # a line cut short by the kill, or other output
        kind, number, lines, digest = parts
        if kind == "action":
            reported[int(number)] = f"{lines} {digest}"
        elif kind == "saved":
            saved = max(saved, int(number))
        return kind

    try:
        while True:
            line = child.stdout.readline()
            assert line, f"the game stopped before change {kill_at} (it reported {len(reported)})"
            if take(line) == "action" and max(reported) >= kill_at:
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
    return reported, saved


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_at", [1, 2, 9, 23])
def test_a_killed_game_is_offered_back_exactly(home: Path, kill_at: int) -> None:
    fast_settings(home)
    reported, saved_before_kill = run_and_kill(home, kill_at)

    # The file on disk: whole, one the child made, and no older than its last reported save.
    store = Store(home)
    saved = store.load_game()
    assert store.take_notices() == []
    if saved is None:  # killed while the very first save was in flight: nothing to offer
        assert saved_before_kill == 0
        app = start_game(Store(home))
        try:
            assert "Resume game" not in button_labels(app)
        finally:
            app.close()
        return
    text = saved.text()
    on_disk = f"{len(text.splitlines())} {record_digest(text)}"
    matches = [n for n, what in reported.items() if what == on_disk]
    assert matches, "the save on disk is not one the game reported making"
    assert max(matches) >= saved_before_kill  # at most the action in flight was lost
    assert saved.meta["seats"] == ["greedy", "normal", "normal", "normal"]
    _, expected = load_record(text)

    # Start the game again: the menu offers the match, and resuming puts it back exactly.
    app = start_game(Store(home))
    try:
        assert isinstance(app.top, MenuScene)
        assert button_labels(app)[0] == "Resume game"
        click_button(app, "Resume game")
        scene = app.top
        assert isinstance(scene, TableScene | DealScene)
        session = scene.session
        assert session.writer.text() == text
        assert session.kinds == ["greedy", "normal", "normal", "normal"]
        if not saved.meta.get("ended_turn"):
            assert state_key(session.state) == state_key(expected)
        # and the resumed match plays on, saved as before
        frames(app, 240, 0.1)
        app.keeper.close() if app.keeper else None
        on = json.loads((home / "game.json").read_text(encoding="utf-8"))
        assert len(on["record"]) >= len(text.splitlines())
    finally:
        app.close()

"""The kiosk's watchdog: ``main.py --kiosk`` runs the game under a supervisor that starts it
again on the attract screen whatever ends it, logs why, keeps the child's id in kiosk.pid,
starts clean after five deaths in a minute, and stops only with the operator's exit (or when
told to stop, as a service manager does).

The real game runs headless in child processes; the tests read the trace lines they print
(``MEXICAN_TRAIN_TRACE``: ``kiosk started PID``, ``scene attract``...) with blocking reads
under one generous deadline, and never sleep. How fast the game came back is measured and
printed, not asserted.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game import supervisor
from game.app import App
from game.guard import GAVE_UP_EXIT
from game.match.keeper import session_meta
from game.match.session import MatchConfig, Session
from game.rules import Rules
from game.scenes.kiosk import kiosk as kiosk_module
from game.scenes.kiosk.kiosk import hash_pin
from game.store.crash_log import read_reports
from game.store.home import Store
from game.store.settings import Settings

from .test_kiosk import hold_the_corner
from .test_kiosk_operator import PIN, opened, start_kiosk, tap_key, type_pin

__all__ = ["opened"]  # the fixture, used by the exit-code tests below

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_SECONDS = 300.0  # the whole real-game test; only a stuck game ever reaches it
KILLS = 5


# --------------------------------------------------------------------------- helpers


class Lines:
    """A process's output, line by line, read on a thread: ``wait_for`` blocks until a line
    that passes the test comes, or the overall deadline passes."""

    def __init__(self, stream: object, deadline: float) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.deadline = deadline
        self.seen: list[str] = []

        def read() -> None:
            for raw in stream:  # type: ignore[attr-defined]
                self.lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
            self.lines.put(None)

        threading.Thread(target=read, daemon=True).start()

    def wait_for(self, wanted: Callable[[str], bool], what: str) -> str:
        while True:
            left = self.deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(0.0, left))
            except queue.Empty:
                seen = self.seen[-20:]
                raise AssertionError(f"no {what} before the deadline; seen {seen}") from None
            if line is None:
                raise AssertionError(f"the output ended before {what}; seen {self.seen[-20:]}")
            self.seen.append(line)
            if wanted(line):
                return line


def kiosk_home(home: Path) -> None:
    """A data folder with the operator's PIN set, a match in progress and recent matches."""
    store = Store(home)
    settings = Settings(opponent_pace="fast", animation_speed=4.0, muted=True)
    settings.kiosk_pin_hash = hash_pin(PIN, rounds=1000)
    assert store.save_settings(settings)
    session = Session(MatchConfig(3, Rules.standard().with_options(set_size=6), "easy", 9))
    session.start_round()
    assert store.save_game(session.writer.text(), session_meta(session))
    session.close()
    recent = home / "recent"
    (recent / "inner").mkdir(parents=True)
    (recent / "notes.txt").write_bytes(b"kept by the operator\n")
    (recent / "inner" / "data.bin").write_bytes(bytes(range(256)))


def files_under(path: Path) -> dict[str, bytes]:
    return {
        str(item.relative_to(path)): item.read_bytes()
        for item in sorted(path.rglob("*"))
        if item.is_file()
    }


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# --------------------------------------------------------------------------- the real game


def test_a_kiosk_killed_five_times_comes_back_on_the_attract_screen_and_then_starts_clean(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    kiosk_home(home)
    saved_game = (home / "game.json").read_bytes()
    recent = files_under(home / "recent")
    env = {
        **os.environ,
        "MEXICAN_TRAIN_HOME": str(home),
        "MEXICAN_TRAIN_TRACE": "1",
        "MEXICAN_TRAIN_STARTUP": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONUNBUFFERED": "1",
    }
    for name in ("MEXICAN_TRAIN_AUTOPLAY", supervisor.SUPERVISED_VARIABLE):
        env.pop(name, None)
    errors = (tmp_path / "stderr.txt").open("wb")
    boss = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--kiosk"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=errors,
        cwd=ROOT,
        env=env,
    )
    watchdog = threading.Timer(DEADLINE_SECONDS + 30, boss.kill)
    watchdog.start()
    assert boss.stdout is not None
    out = Lines(boss.stdout, time.monotonic() + DEADLINE_SECONDS)
    rng = random.Random(27)
    comebacks: list[float] = []
    pids: list[int] = []
    try:

        def started() -> int:
            line = out.wait_for(lambda text: text.startswith("kiosk started "), "a start")
            pid = int(line.split()[2])
            assert (home / "kiosk.pid").read_text() == f"{pid}\n", "kiosk.pid names the child"
            pids.append(pid)
            return pid

        # The first start opens the menu (a PIN is set): killed in its start-up or on the menu.
        pid = started()
        if rng.random() < 0.5:
            out.wait_for(lambda text: text.startswith("first-frame "), "the first frame")
        for kill in range(1, KILLS + 1):
            os.kill(pid, signal.SIGKILL)
            killed_at = time.monotonic()
            out.wait_for(lambda text: text == "kiosk stopped killed by SIGKILL", "the death")
            if kill == KILLS:
                out.wait_for(lambda text: text.startswith("kiosk set aside "), "a clean start")
            pid = started()
            out.wait_for(lambda text: text == "scene attract", "the attract screen")
            comebacks.append(time.monotonic() - killed_at)
            assert boss.poll() is None, "the supervisor stays up"
            if kill < KILLS:
                for _ in range(rng.randrange(0, 4)):  # a random moment of the attract play
                    out.wait_for(lambda text: text == "attract move", "a move")
        print("back on the attract screen after each SIGKILL, seconds:")
        print(" ".join(f"{seconds:.2f}" for seconds in comebacks))

        # The fifth death within a minute: the saved match and the recent matches set aside.
        (game_aside,) = home.glob("game.crashes-*.json")
        (recent_aside,) = home.glob("recent.crashes-*")
        assert game_aside.read_bytes() == saved_game
        assert files_under(recent_aside) == recent
        assert not (home / "game.json").exists()
        assert len(set(pids)) == KILLS + 1 and not any(alive(p) for p in pids[:-1])

        reports = [r for r in read_reports(home) if "supervisor" in r.splitlines()[0]]
        assert sum("(killed by SIGKILL)" in r for r in reports) == KILLS
        assert "starts clean" in reports[-1] and game_aside.name in reports[-1]

        # A service manager stops the kiosk: the game is stopped too, and kiosk.pid removed.
        boss.send_signal(signal.SIGTERM)
        assert boss.wait() == 0
        assert not alive(pids[-1])
        assert not (home / "kiosk.pid").exists()
    finally:
        watchdog.cancel()
        if boss.poll() is None:
            boss.kill()
            for pid in pids:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
        boss.wait()
        errors.close()


# --------------------------------------------------------------------------- the supervisor


def fake_game(tmp_path: Path, body: str) -> list[str]:
    """A stand-in for the game: Python that notes each start in starts.jsonl, then ``body``."""
    script = tmp_path / "fake_game.py"
    script.write_text(
        "import json, os, sys\n"
        f"home = {str(tmp_path / 'home')!r}\n"
        f"log = {str(tmp_path / 'starts.jsonl')!r}\n"
        "with open(log, 'a') as f:\n"
        f"    f.write(json.dumps([os.environ.get({supervisor.SUPERVISED_VARIABLE!r}),"
        " os.path.exists(os.path.join(home, 'game.json'))]) + '\\n')\n"
        "starts = sum(1 for _ in open(log))\n" + body,
        encoding="utf-8",
    )
    return [sys.executable, str(script)]


def starts(tmp_path: Path) -> list[list[object]]:
    lines = (tmp_path / "starts.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_the_operators_exit_stops_the_supervisor_with_status_0(tmp_path: Path) -> None:
    home = tmp_path / "home"
    command = fake_game(tmp_path, f"sys.exit({supervisor.OPERATOR_EXIT})\n")
    assert supervisor.supervise(command, home, delay=0.0) == 0
    assert starts(tmp_path) == [["first", False]]
    assert not (home / "kiosk.pid").exists()
    assert read_reports(home) == []


def test_each_death_is_logged_and_the_game_started_again_on_the_attract_screen(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    body = (
        "import signal\n"
        "if starts == 1: os.kill(os.getpid(), signal.SIGKILL)\n"
        "if starts == 2: raise RuntimeError('escaped')\n"
        "sys.exit(0)\n"
    )
    assert supervisor.supervise(fake_game(tmp_path, body), home, delay=0.0) == 0
    assert [start[0] for start in starts(tmp_path)] == ["first", "again", "again"]
    reports = read_reports(home)
    assert len(reports) == 2
    assert "(killed by SIGKILL)" in reports[0] and "(exit code 1)" in reports[1]
    assert all("supervisor" in report.splitlines()[0] for report in reports)


def fake_clock(step: float) -> Callable[[], float]:
    moments: Iterator[float] = (n * step for n in range(10_000))
    return lambda: next(moments)


def test_five_deaths_within_a_minute_start_clean_with_the_files_set_aside(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    kiosk_home(home)
    saved_game = (home / "game.json").read_bytes()
    recent = files_under(home / "recent")
    command = fake_game(tmp_path, "sys.exit(1 if starts <= 5 else 0)\n")
    assert supervisor.supervise(command, home, clock=fake_clock(1.0), delay=0.0) == 0
    assert [start[1] for start in starts(tmp_path)] == [True] * 5 + [False]
    (game_aside,) = home.glob("game.crashes-*.json")
    (recent_aside,) = home.glob("recent.crashes-*")
    assert game_aside.read_bytes() == saved_game
    assert files_under(recent_aside) == recent
    assert "starts clean" in read_reports(home)[-1]


def test_five_deaths_spread_over_more_than_a_minute_set_nothing_aside(tmp_path: Path) -> None:
    home = tmp_path / "home"
    kiosk_home(home)
    command = fake_game(tmp_path, "sys.exit(1 if starts <= 6 else 0)\n")
    assert supervisor.supervise(command, home, clock=fake_clock(20.0), delay=0.0) == 0
    assert [start[1] for start in starts(tmp_path)] == [True] * 7
    assert not list(home.glob("*.crashes-*"))


def test_sigterm_is_passed_to_the_game_and_the_supervisor_stops(tmp_path: Path) -> None:
    home = tmp_path / "home"
    command = fake_game(tmp_path, "print('ready', flush=True)\nimport time\ntime.sleep(600)\n")
    line = "import sys; from game.supervisor import supervise; "
    line += f"sys.exit(supervise({command!r}, {str(home)!r}))"
    boss = subprocess.Popen(
        [sys.executable, "-c", line],
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "MEXICAN_TRAIN_TRACE": "1"},
    )
    watchdog = threading.Timer(120, boss.kill)
    watchdog.start()
    try:
        assert boss.stdout is not None
        out = Lines(boss.stdout, time.monotonic() + 100)
        pid = int(out.wait_for(lambda t: t.startswith("kiosk started "), "a start").split()[2])
        out.wait_for(lambda t: t == "ready", "the game")
        boss.send_signal(signal.SIGTERM)
        assert boss.wait() == 0
        assert not alive(pid), "the game was stopped with it"
        assert not (home / "kiosk.pid").exists()
        assert len(starts(tmp_path)) == 1, "not started again"
    finally:
        watchdog.cancel()
        boss.kill()
        boss.wait()


@pytest.mark.parametrize(
    ("code", "words"),
    [(-9, "killed by SIGKILL"), (-11, "killed by SIGSEGV"), (1, "exit code 1")],
)
def test_why_the_game_stopped_is_said_in_words(code: int, words: str) -> None:
    assert supervisor.why(code) == words


# --------------------------------------------------------------------------- the game's side


def test_the_right_pin_ends_the_kiosk_game_with_the_operators_exit_status(
    tmp_path: Path, opened: list[App]
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    settings = Settings()
    settings.kiosk_pin_hash = hash_pin(PIN, rounds=1000)
    store.save_settings(settings)
    app = start_kiosk(home, opened)
    app.quit(1)  # players' ways out are refused, whatever the status
    assert app.running
    hold_the_corner(app)
    type_pin(app, PIN)
    assert not app.running and app.exit_code == supervisor.OPERATOR_EXIT


def test_quitting_the_first_start_screen_stops_the_supervisor_too(
    tmp_path: Path, opened: list[App]
) -> None:
    app = start_kiosk(tmp_path / "home", opened)
    setup = app.top
    assert isinstance(setup, kiosk_module.PinSetupScene)
    tap_key(app, setup, "Quit the game")
    assert not app.running and app.exit_code == supervisor.OPERATOR_EXIT


def test_a_kiosk_game_whose_menu_keeps_failing_ends_with_a_status_that_restarts_it(
    tmp_path: Path, opened: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from game.scenes.pages.menu import MenuScene

    home = tmp_path / "home"
    kiosk_home(home)
    app = start_kiosk(home, opened)
    assert app.kiosk is not None and app.kiosk.armed

    def broken(self: MenuScene, surface: pygame.Surface) -> None:
        raise RuntimeError("the menu broke")

    monkeypatch.setattr(MenuScene, "draw", broken)
    assert app.run(max_frames=200) == GAVE_UP_EXIT != supervisor.OPERATOR_EXIT
    assert app.frames < 200


def test_a_restarted_kiosk_game_opens_on_the_attract_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.app import open_app
    from game.scenes.kiosk.attract import AttractScene

    home = tmp_path / "home"
    kiosk_home(home)
    monkeypatch.setenv(supervisor.SUPERVISED_VARIABLE, supervisor.AGAIN)
    app = open_app((960, 600), Store(home), kiosk=True, attract=supervisor.restarted())
    try:
        app.inline_seats = True
        for _ in range(3):
            app.step(1 / 60)
        assert isinstance(app.top, AttractScene)
        assert app.kiosk is not None and app.kiosk.armed
    finally:
        assert app.kiosk is not None
        app.kiosk.unlocked = True
        app.close()


def test_a_fault_on_the_attract_screen_lands_on_the_kiosk_menu_still_guarded(
    tmp_path: Path, opened: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.kiosk.attract import AttractScene
    from game.scenes.pages.menu import MenuScene

    home = tmp_path / "home"
    kiosk_home(home)
    app = start_kiosk(home, opened)
    assert app.kiosk is not None
    app.kiosk.to_attract()
    app.step(1 / 60)
    assert isinstance(app.top, AttractScene)

    def broken(self: AttractScene, dt: float) -> None:
        raise RuntimeError("the attract play broke")

    monkeypatch.setattr(AttractScene, "update", broken)
    app.step(1 / 60)
    assert [type(scene) for scene in app.stack] == [MenuScene]
    assert app.running and app.kiosk.armed, "players are still kept in"
    assert "the attract play broke" in read_reports(home)[-1]

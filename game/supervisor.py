"""The kiosk's watchdog: ``--kiosk`` runs the game as a child process and starts it again
whenever it stops, until the operator leaves (systemd's ``Restart=always`` is the model).

``python main.py --kiosk`` becomes this small process (the standard library and the crash log,
no pygame, no window: nothing of SDL can take it down). It starts the same program again
(:func:`game.processes.own_command`) with :data:`SUPERVISED_VARIABLE` set, and that child plays
the kiosk. Then:

- **The operator's exit** (the PIN or the chord; before a PIN is set, quitting the setup
  screen) ends the child with status :data:`OPERATOR_EXIT` (0): the supervisor stops too, with
  status 0. Every other end of the child (an exception that escaped, the guard giving up, a
  signal, SIGKILL, a crash inside SDL) is a *death*.
- **A death**: the reason (the exit status or the signal's name) goes to the crash log
  (:mod:`game.store.crash_log`) and the child is started again at once, this time on the attract
  screen (``SUPERVISED_VARIABLE=again``), as an idle kiosk is.
- **Five deaths within a minute**: before the next start the saved match (``game.json`` and
  ``game.log``) and the recent matches (the ``recent`` folder) are renamed aside
  (``game.crashes-<time>.json``, ``recent.crashes-<time>``, never deleted) and that is logged,
  so a bad file cannot hold the kiosk down. Deaths that keep coming after that are paced at one
  start per two seconds.
- **kiosk.pid** in the data folder holds the running child's process id (written atomically at
  each start; removed when the supervisor stops), for the operator's tools.
- **SIGTERM or SIGINT** (a service manager stopping the kiosk, Ctrl+C): passed on to the child,
  which closes as a quit does (the match kept); the supervisor waits for it (killing it after
  :data:`STOP_WAIT` seconds) and stops, with status 0 (130 after SIGINT).

``MEXICAN_TRAIN_TRACE=1`` prints ``kiosk started PID``, ``kiosk stopped REASON`` and ``kiosk set
aside ...`` (for the tests, which read them instead of sleeping).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from game.store.crash_log import write_report
from game.store.safe_files import write_text_atomically
from game.trace import trace

SUPERVISED_VARIABLE = "MEXICAN_TRAIN_SUPERVISED"  # "first" or "again" in the supervised game
FIRST, AGAIN = "first", "again"
OPERATOR_EXIT = 0  # the status the operator's exit gives the game (and only it, in a kiosk)
PID_FILE = "kiosk.pid"
RESTART_DELAY = 0.25  # seconds between a death and the next start
SLOW_RESTART_DELAY = 2.0  # ... once the game dies this often even after starting clean
DEATHS = 5  # deaths ...
DEATH_WINDOW = 60.0  # ... within this many seconds: the next start is clean
STOP_WAIT = 10.0  # seconds a child told to stop has before it is killed
ASIDE_REASON = "crashes"
SET_ASIDE = ("game.json", "game.log", "recent")  # what a clean start renames aside


def supervised() -> bool:
    """True in the game a supervisor started (it plays the kiosk; it does not supervise)."""
    return os.environ.get(SUPERVISED_VARIABLE, "") in (FIRST, AGAIN)


def restarted() -> bool:
    """True in a supervised game started again after a death (it opens on the attract screen)."""
    return os.environ.get(SUPERVISED_VARIABLE, "") == AGAIN


def run_kiosk(arguments: Sequence[str]) -> int:
    """``--kiosk``: supervise the game started with the same ``arguments``; the exit status."""
    from game.processes import own_command
    from game.store.home import default_home

    return supervise(own_command(list(arguments)), default_home())


def as_child() -> None:
    """In the supervised game: SIGTERM ends it as a quit does (the match is written first)."""
    with contextlib.suppress(ValueError, OSError):  # not the main thread: leave it
        signal.signal(signal.SIGTERM, _exit_on_signal)


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def why(code: int) -> str:
    """A child's exit status in words: ``exit code 1``, ``killed by SIGKILL``."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    if code > 255:  # Windows: an NTSTATUS such as 0xC0000005 (an access violation)
        return f"exit code {code} (0x{code:08X})"
    return f"exit code {code}"


def supervise(
    command: Sequence[str],
    home: str | os.PathLike[str],
    *,
    clock: Callable[[], float] = time.monotonic,
    delay: float = RESTART_DELAY,
) -> int:
    """Run ``command`` until it exits with :data:`OPERATOR_EXIT` or this process is told to stop
    (see the module); the supervisor's exit status. ``clock`` counts the deaths' seconds."""
    folder = Path(home)
    folder.mkdir(parents=True, exist_ok=True)
    stop = _Stop()
    stop.install()
    deaths: list[float] = []
    clean_since = float("-inf")  # deaths before the last clean start count no more toward one
    start = FIRST
    try:
        while not stop.signum:
            now = clock()
            deaths = [moment for moment in deaths if moment > now - DEATH_WINDOW]
            if sum(moment > clean_since for moment in deaths) >= DEATHS:
                _start_clean(folder)
                clean_since = now
            child = subprocess.Popen(
                list(command),
                env={**os.environ, SUPERVISED_VARIABLE: start},
                start_new_session=os.name == "posix",  # Ctrl+C reaches it once: from here
            )
            stop.child = child
            _write_pid(folder, child.pid)
            trace(f"kiosk started {child.pid}")
            if stop.signum:
                stop.forward()  # told to stop while it was being started
            code = child.wait()
            if stop.signum:
                break
            if code == OPERATOR_EXIT:
                return 0
            reason = why(code)
            deaths.append(clock())
            _log(folder, f"The game stopped ({reason}); started again on the attract screen.")
            trace(f"kiosk stopped {reason}")
            start = AGAIN
            stop.sleep(delay if len(deaths) < 2 * DEATHS else max(delay, SLOW_RESTART_DELAY))
        return stop.status()
    finally:
        stop.restore()
        with contextlib.suppress(OSError):
            (folder / PID_FILE).unlink()


def _start_clean(home: Path) -> None:
    """Rename the saved match and the recent matches aside (never delete them), and log it."""
    from game.store.home import rename_aside

    moved: list[str] = []
    for name in SET_ASIDE:
        path = home / name
        if not os.path.lexists(path):
            continue
        target = rename_aside(path, ASIDE_REASON, time.time())
        moved.append(f"{name} as {target.name}" if target is not None else f"not {name}")
    done = "; ".join(moved) if moved else "there was nothing to set aside"
    _log(
        home,
        f"The game stopped {DEATHS} times within {DEATH_WINDOW:.0f} seconds, so it starts "
        f"clean: set aside {done}.",
    )
    trace(f"kiosk set aside {' '.join(moved)}")


def _log(home: Path, text: str) -> None:
    write_report(home, "supervisor", text)


def _write_pid(home: Path, pid: int) -> None:
    with contextlib.suppress(OSError):
        write_text_atomically(home / PID_FILE, f"{pid}\n")


class _Stop:
    """SIGTERM and SIGINT: pass the signal on to the running child, and stop after it."""

    def __init__(self) -> None:
        self.signum = 0
        self.child: subprocess.Popen[Any] | None = None
        self._previous: dict[int, Any] = {}
        self._timer: threading.Timer | None = None

    def install(self) -> None:
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(ValueError, OSError):  # not the main thread (a test)
                self._previous[signum] = signal.signal(signum, self._handle)

    def restore(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        for signum, handler in self._previous.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(signum, handler)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum:  # asked twice: no more waiting
            if self.child is not None:
                self.child.kill()
            return
        self.signum = signum
        self.forward()

    def forward(self) -> None:
        child = self.child
        if child is None:
            return
        if os.name == "posix":
            child.send_signal(self.signum)
        else:
            child.terminate()
        if self._timer is None:  # a child stuck (in SDL, say) is not waited for forever
            self._timer = threading.Timer(STOP_WAIT, child.kill)
            self._timer.daemon = True
            self._timer.start()

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less when told to stop meanwhile."""
        end = time.monotonic() + seconds
        while not self.signum and (left := end - time.monotonic()) > 0:
            time.sleep(min(0.05, left))

    def status(self) -> int:
        return 130 if self.signum == signal.SIGINT else 0

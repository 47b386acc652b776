"""Start-up timing, and the hidden switches that tests, CI and benchmarks use.

``MEXICAN_TRAIN_STARTUP=1``  print ``first-frame S T C`` on stdout when the first frame is on
screen: S is seconds since the process started (from the kernel on Linux, otherwise since this
module was imported, which misses the interpreter's own start), T the wall-clock time (Unix
seconds) so a parent process can measure from its own launch, a one-file build's unpacking
included, and C the processor seconds the process has used so far (which a busy machine
stretches far less than S).

``MEXICAN_TRAIN_AUTOPLAY=KIND``  the person's seat is played by a computer seat of that kind
and the menu starts a quick-play match (or resumes the saved one) by itself.

Nothing here imports pygame.
"""

from __future__ import annotations

import os
import sys
import time

STARTUP_VARIABLE = "MEXICAN_TRAIN_STARTUP"
AUTOPLAY_VARIABLE = "MEXICAN_TRAIN_AUTOPLAY"

_IMPORTED = time.perf_counter()
_reported = False


def process_age() -> float:
    """Seconds since this process started (best effort)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stream:
            fields = stream.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as stream:
            uptime = float(stream.read().split()[0])
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, uptime - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED


def first_frame() -> None:
    """Called once the first frame has been flipped: report it when asked to."""
    global _reported
    if _reported or os.environ.get(STARTUP_VARIABLE, "") in ("", "0"):
        return
    _reported = True
    line = f"first-frame {process_age():.3f} {time.time():.3f} {time.process_time():.3f}"
    print(line, file=sys.stdout, flush=True)


def missing_display() -> str | None:
    """A plain message when the game window cannot open for want of a display, else None.

    On Linux and the BSDs a window needs an X11 or Wayland display; without one SDL falls back
    to a driver nobody sees (or fails with nothing but audio-library noise). SDL_VIDEODRIVER set
    by hand (``dummy`` for tests, ``kmsdrm`` on a console) is taken as knowing better.
    """
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        return None
    return (
        "mexican-train: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the "
        "game window cannot open.\n"
        "Run it from a desktop session, or use a command that needs no display: simulate, "
        "tournament, verify, screenshots, or --selftest (see --help)."
    )

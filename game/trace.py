"""Lines for the tests that read the game's output, printed only when ``MEXICAN_TRAIN_TRACE``
is set (see :mod:`game.match.keeper` and :mod:`game.supervisor` for what each part says)."""

from __future__ import annotations

import os
import sys
import threading

TRACE_VARIABLE = "MEXICAN_TRAIN_TRACE"
_SAY = threading.Lock()


def tracing() -> bool:
    """Whether this process prints its trace."""
    return os.environ.get(TRACE_VARIABLE, "") not in ("", "0")


def say(line: str) -> None:
    """One whole line to standard output (for the tests that read it): the autosave thread
    and the game's thread both print, and a line must never be cut by the other's."""
    with _SAY:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def trace(message: str) -> None:
    """A line for a test that reads the game's output (only when tracing)."""
    if tracing():
        say(message)

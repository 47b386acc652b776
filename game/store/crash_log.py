"""The crash log: what went wrong, kept in the data folder for the operator or a bug report.

``crash.log`` (plain UTF-8 text) holds the last :data:`MAX_REPORTS` reports, at most
:data:`MAX_BYTES` in all; the oldest are dropped first. Each report starts with a line::

    === 2026-12-02T10:09:44Z  mexican-train 0.1.0  TableScene

(the time in UTC, the game's version, where it happened: the scene that failed, or
``supervisor`` for the kiosk's watchdog) followed by the traceback or the reason. The game
writes a report when it contains an error (:mod:`game.guard`); the kiosk's supervisor writes one
each time the game process stops (:mod:`game.supervisor`). They never write at the same time:
the supervisor writes only while no game runs.

Every write is a whole new file renamed over the old one (``records.write_text_atomically``), so
a kill midway leaves the old log or the new one. It is read through :mod:`game.store.data_files`,
the data folder's checked reader: anything but a regular file at the log's place (a folder, a link,
a pipe), or a file far over the bound, is renamed aside and a new log begun:
nothing is read through a link, and nothing the game did not write is deleted. Writing never
raises: a log that cannot be written must not make a crash worse.

Nothing here knows of the screen.
"""

from __future__ import annotations

import os
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from game import __version__
from game.store.data_files import UNREADABLE, Refused, read_data_file
from game.store.data_files import set_aside as rename_aside
from game.store.safe_files import write_text_atomically

FILE_NAME = "crash.log"
MAX_REPORTS = 20
MAX_BYTES = 256 * 1024
HEADER = "=== "  # the first line of every report starts so (and no other line does)
_LOCK = threading.Lock()  # the frame thread and the autosave's notices may both report


def log_path(home: str | os.PathLike[str]) -> Path:
    """Where the crash log of the data folder ``home`` is."""
    return Path(home) / FILE_NAME


def header(where: str, now: float | None = None) -> str:
    """A report's first line: the time in UTC, the game's version and ``where``."""
    moment = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    return f"{HEADER}{moment:%Y-%m-%dT%H:%M:%SZ}  mexican-train {__version__}  {_line(where)}"


def write_report(
    home: str | os.PathLike[str], where: str, text: str, *, now: float | None = None
) -> Path | None:
    """Add a report (``text``: a traceback, a reason) to the log; its path, or None if the log
    could not be written (never raises)."""
    path = log_path(home)
    report = f"{header(where, now)}\n{_body(text)}"
    try:
        with _LOCK:
            reports = _read(path, set_aside=True)
            if reports is None:
                return None  # something that is not our log is there and could not be moved
            write_text_atomically(path, "".join(_bounded([*reports, report])))
    except (OSError, ValueError):
        return None
    return path


def read_reports(home: str | os.PathLike[str]) -> list[str]:
    """The reports in the log, oldest first (none when there is no readable log)."""
    return _read(log_path(home), set_aside=False) or []


def _read(path: Path, *, set_aside: bool) -> list[str] | None:
    """The log's reports, read through the data folder's checked reader. Anything at its
    place that is not a log of ours (a link is not followed, a pipe never opened, a huge file
    not read) is set aside when ``set_aside``; None when it is still there."""
    try:
        data = read_data_file(path.parent, path, 2 * MAX_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except Refused as refusal:
        if set_aside and rename_aside(refusal.path, UNREADABLE, time.time()) is not None:
            return []
        return None
    # A traceback may quote any character: the log is shown as it is, never parsed further.
    text = data.decode("utf-8", "replace")
    reports: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith(HEADER) or not reports:
            reports.append(line)
        else:
            reports[-1] += line
    if reports and not reports[-1].endswith("\n"):  # cut short: the next report starts a line
        reports[-1] += "\n"
    return reports


def _bounded(reports: list[str]) -> list[str]:
    """The newest reports that fit: at most MAX_REPORTS, at most MAX_BYTES in all."""
    kept: list[str] = []
    size = 0
    for report in reversed(reports[-MAX_REPORTS:]):
        size += len(report.encode("utf-8"))
        if size > MAX_BYTES and kept:
            break
        kept.append(report)
    return kept[::-1]


def _body(text: str) -> str:
    """``text`` as report lines: writable UTF-8, no line taken for a header, cut when huge."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    limit = MAX_BYTES // 4
    if len(text) > limit:  # a traceback of a deep recursion: its start and its end
        text = (
            f"{text[: limit // 2]}\n[... {len(text) - limit} characters left out ...]\n"
            + (text[-limit // 2 :])
        )
    lines = [(" " + line if line.startswith(HEADER) else line) for line in text.splitlines()]
    return "".join(line + "\n" for line in lines)


def _line(text: str) -> str:
    return " ".join(text.encode("utf-8", "backslashreplace").decode("utf-8").split())

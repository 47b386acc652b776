"""The match in progress, action by action: an append-only log beside the saved game.

``game.json`` (see :mod:`game.store.home`) is the whole match, rewritten on the autosave thread
after every change; a kill or a power cut can come before that rewrite lands. So every change is
also appended to ``game.log`` the moment it happens, on the game's own thread: one line, written at
once (a kill of the process cannot lose it: the system holds it), and synced to the disk at once
when a person acted, so a person's move is durable before the table shows the next seat's. A
computer seat's line is synced by the autosave thread right after, so a power cut finds at most
that one move missing. An append and a sync cost well under a millisecond on a desktop's disk.

The file::

    {"format": "mexican-train/game-log", "version": 1, "match": "3f2a...", "log": "9c1e..."}
    {"seq": 7, "at": 12, "lines": [...], "meta": {...}}
    ...

The header names the match; each entry says that from record line ``at`` on (counting the match
line as 0) the record is ``lines``, and what the save's meta is now. ``seq`` counts the changes
from 1 in each run, which starts its own log (``"log"`` names it); ``game.json`` says which log
and change it holds (its ``"log"`` and ``"seq"``), and an entry of that log at or before it is
already in it. A new match starts a new log. When the log has grown past :data:`COMPACT_BYTES` and
``game.json`` holds everything in it, it is written anew with only what ``game.json`` lacks.

Reading it back (:func:`with_logged_actions`, which :meth:`game.store.home.Store.load_game` calls):
the saved game's record with the log's later entries laid over it. A last line cut short by a
kill is dropped (it never finished, so nobody saw its move). A log that is not ours, is damaged
before its last line, or that names another match and does not hold the whole record is renamed
aside with a notice and the saved game is used as it is; so is one whose moves, well formed, do
not replay over the saved game (:meth:`game.store.Store.load_game` finds that out: the good
save is never set aside for the log's sake). Nothing here raises on a file's content.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.store.data_files import DAMAGED, NOT_JSON, Refused, parse_json, read_data_file, set_aside
from game.store.safe_files import write_text_atomically
from game.store.values import Notice, Say, say

if TYPE_CHECKING:
    from game.store.home import Store

LOG_NAME = "game.log"
LOG_FORMAT = "mexican-train/game-log"
LOG_VERSION = 1
MAX_LOG_BYTES = 64 * 1024 * 1024  # as the saved game file
COMPACT_BYTES = 256 * 1024  # past this, a log game.json holds whole is written anew, shorter
MAX_DEPTH = 64  # a log line nests a few levels; deeper is not one of ours


def _dump(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


class MatchLog:
    """The open ``game.log`` of the match being played. The game's thread appends; the
    autosave thread syncs and compacts; a lock keeps their writes whole and in order."""

    def __init__(self, home: Path, match_id: str) -> None:
        self.path = home / LOG_NAME
        self.match_id = match_id
        # Names this log among the logs of every run: game.json says which log its "seq" counts
        # in (a later run starts a new log, counting from 1 again).
        self.name = uuid.uuid4().hex
        self._lock = threading.Lock()
        self._handle: int | None = None
        self._entries: list[tuple[int, str]] = []  # (seq, line) of what the file holds now
        self._size = 0
        self._unsynced = False
        self.failed: OSError | None = None  # the last write the disk refused
        self.told = False  # ... and the player was told (once)

    def begin(self) -> bool:
        """Start the log anew for this match (whatever an earlier match left is replaced)."""
        with self._lock:
            return self._rewrite([])

    def append(
        self, seq: int, at: int, lines: list[str], meta: Mapping[str, Any], sync: bool
    ) -> bool:
        """Add a change: from record line ``at`` on, the record is ``lines`` (as dumped). Synced
        to the disk now when ``sync`` (a person acted), else left for :meth:`sync`."""
        meta_text = _dump(meta)
        line = f'{{"seq": {seq}, "at": {at}, "lines": [{", ".join(lines)}], "meta": {meta_text}}}\n'
        with self._lock:
            try:
                if self._handle is None:
                    self._open()
                assert self._handle is not None
                data = line.encode("utf-8")
                written = os.write(self._handle, data)
                while written < len(data):  # a short write (a full disk, a signal): the rest
                    written += os.write(self._handle, data[written:])
                if sync:
                    os.fsync(self._handle)
                self._unsynced = not sync
            except OSError as error:
                self.failed = error
                self._close()  # the next append opens it again (or fails again)
                return False
            self._entries.append((seq, line))
            self._size += len(data)
            return True

    def sync(self) -> None:
        """Make every line appended so far durable (the autosave thread, after a computer's
        move)."""
        with self._lock:
            if self._handle is not None and self._unsynced:
                with contextlib.suppress(OSError):
                    os.fsync(self._handle)
                    self._unsynced = False

    def compact(self, saved_seq: int) -> None:
        """``game.json`` now holds every change up to ``saved_seq``: when the log has grown
        long, write it anew with only the later entries."""
        with self._lock:
            if self._size <= COMPACT_BYTES:
                return
            self._rewrite([(seq, line) for seq, line in self._entries if seq > saved_seq])

    def close(self) -> None:
        with self._lock:
            self._close()

    def _rewrite(self, entries: list[tuple[int, str]]) -> bool:
        header = _dump(
            {"format": LOG_FORMAT, "version": LOG_VERSION, "match": self.match_id, "log": self.name}
        )
        text = header + "\n" + "".join(line for _seq, line in entries)
        self._close()
        try:
            write_text_atomically(self.path, text)
            self._open()
        except OSError as error:
            self.failed = error
            return False
        self._entries = list(entries)
        self._size = len(text.encode("utf-8"))
        self._unsynced = False
        return True

    def _open(self) -> None:
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        if self.path.is_symlink():  # never written through a link (it could lead anywhere)
            raise OSError(f"{self.path} is a link")
        self._handle = os.open(self.path, flags)

    def _close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None


# ------------------------------------------------------------------------------ reading it


def read_log(home: Path) -> tuple[str, str, list[dict[str, Any]]] | None:
    """The match the log names, the log's name and its entries, in order (a torn last line
    dropped); None when there is no log. Read through :mod:`game.store.data_files` (no link is
    followed, numbers finite, text printable, nesting bounded): raises Refused."""
    path = home / LOG_NAME
    try:
        data = read_data_file(home, path, MAX_LOG_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        return None
    raw_lines = data.split(b"\n")
    raw_lines.pop()  # after the last newline: empty, or a line a kill cut short
    if not raw_lines:
        raise Refused(DAMAGED, say(NOT_JSON), path)
    try:
        header = parse_json(raw_lines[0], max_depth=MAX_DEPTH)
    except Refused as refused:
        raise Refused(refused.aside, refused.why, path) from None
    if (
        not isinstance(header, dict)
        or header.get("format") != LOG_FORMAT
        or header.get("version") != LOG_VERSION
        or not isinstance(header.get("match"), str)
        or not isinstance(header.get("log"), str)
    ):
        raise Refused(DAMAGED, say(N_("it is not a record of the last moves")), path)
    entries: list[dict[str, Any]] = []
    last_seq = -1
    for number, raw in enumerate(raw_lines[1:], start=2):
        try:
            entry = parse_json(raw, max_depth=MAX_DEPTH)
        except Refused as refused:
            if number == len(raw_lines):
                break  # a whole line that a kill left unsynced and the disk garbled: dropped
            raise Refused(refused.aside, refused.why, path) from None
        if not _is_entry(entry) or entry["seq"] <= last_seq:
            raise Refused(DAMAGED, say(N_("its fields are wrong")), path)
        last_seq = entry["seq"]
        entries.append(entry)
    return header["match"], header["log"], entries


def _is_entry(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and type(entry.get("seq")) is int
        and type(entry.get("at")) is int
        and entry["at"] >= 0
        and isinstance(entry.get("lines"), list)
        and all(isinstance(line, dict) for line in entry["lines"])
        and isinstance(entry.get("meta"), dict)
    )


def with_logged_actions(store: Store, saved: dict[str, Any] | None) -> dict[str, Any] | None:
    """The saved game's object (as ``game.json`` holds it, or None) with the log's later changes
    laid over its ``"record"`` and ``"meta"``; a log that cannot be trusted is set aside with a
    notice and ``saved`` returned as it is."""
    path = store.home / LOG_NAME
    try:
        found = read_log(store.home)
    except Refused as refused:
        _set_aside(store, refused.path, refused.why, refused.aside)
        return saved
    if found is None:
        return saved
    match_id, log_name, entries = found
    lines: list[Any] | None = None
    meta: Any = None
    saved_seq = -1
    saved_meta = saved.get("meta") if saved is not None else None
    if (
        saved is not None
        and isinstance(saved_meta, dict)
        and saved_meta.get("match") == match_id
        and isinstance(saved.get("record"), list)
    ):
        lines, meta = list(saved["record"]), saved_meta
        seq = saved.get("seq")
        if saved.get("log") == log_name and type(seq) is int:
            saved_seq = seq  # game.json holds this log's changes up to there
    from_saved = lines is not None
    later = [entry for entry in entries if entry["seq"] > saved_seq]
    if not later:
        return saved  # all in the saved game already (or a new match's log, not dealt yet)
    for entry in later:
        at = entry["at"]
        if lines is None and at != 0:
            _set_aside(store, path, say(N_("it does not hold the whole match")))
            return saved
        lines = lines or []
        if at > len(lines):
            _set_aside(store, path, say(N_("it does not continue the saved game")))
            return saved
        lines = lines[:at] + entry["lines"]
        meta = entry["meta"]
    body = dict(saved) if saved is not None and from_saved else {}
    body["meta"], body["record"] = meta, lines
    return body


def set_log_aside(store: Store, why: Say | str) -> None:
    """The log's moves cannot be used (they do not replay over the saved game): renamed
    aside with a notice, so the saved game resumes as it is."""
    _set_aside(store, store.home / LOG_NAME, why)


def _set_aside(store: Store, path: Path, why: Say | str, aside: str = DAMAGED) -> None:
    kept = set_aside(path, aside, time.time())
    if kept is None:
        where = say(N_("It was left as it is and will not be overwritten."))
    else:
        # Translators: {file} is the new name of the file, e.g. game.damaged-20261129.log
        where = say(N_("It was kept as {file}."), file=kept.name)
    # Translators: {reason} says what is wrong with it, e.g. "it is not JSON"
    message = N_(
        "The record of the last moves could not be used ({reason}), so the game resumes "
        "from its last full save."
    )
    store.notices.append(Notice(say(message, reason=why), where))


def remove_log(home: Path) -> None:
    """Forget the log (the match ended, or it was left for another)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(home / LOG_NAME)

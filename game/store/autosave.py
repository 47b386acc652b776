"""Saving the game in progress on a worker thread, so the table never waits for the disk."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from game.store.home import Store
    from game.store.match_log import MatchLog


class AutoSaver:
    """Saves the game in progress on a worker thread, so the table never waits for the disk.

    ``save`` hands over a snapshot and returns at once; when several wait, only the newest is
    written (each write whole and atomic, as with Store.save_game). ``flush`` waits until what
    was handed over is on disk; ``close`` flushes and stops the thread. Use either this or the
    store's own save_game/clear_game for the game file, not both.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Condition()
        self._pending: _Save | None | _Clear = None
        self._busy = False
        self._closed = False
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def save(
        self, record_text: str, meta: Mapping[str, Any], seq: int = 0, log: MatchLog | None = None
    ) -> None:
        """Write this snapshot (change number ``seq``); first sync what ``log`` holds (a
        computer's move appended but not yet synced), after it shorten ``log`` if long."""
        self._hand_over(_Save(record_text, dict(meta), seq, log))

    def clear(self) -> None:
        self._hand_over(_CLEAR)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for the writes handed over so far; False if the timeout came first."""
        with self._lock:
            done = self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)
        self._raise_error()
        return done

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join()

    def _hand_over(self, job: _Save | _Clear) -> None:
        self._raise_error()
        with self._lock:
            if self._closed:
                raise RuntimeError("the autosaver is closed")
            self._pending = job
            self._lock.notify_all()

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return  # closed with nothing left to write
                job, self._pending = self._pending, None
                self._busy = True
            try:
                if isinstance(job, _Clear):
                    self.store.clear_game()
                else:
                    if job.log is not None:
                        job.log.sync()
                    logged = (job.log.name, job.seq) if job.log is not None else ("", 0)
                    if self.store.save_game(job.text, job.meta, logged) and job.log is not None:
                        job.log.compact(job.seq)
            except BaseException as error:  # a caller's mistake: raised in the caller's thread
                self._error = error
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


class _Save(NamedTuple):
    text: str
    meta: Mapping[str, Any]
    seq: int
    log: MatchLog | None


class _Clear:
    pass


_CLEAR = _Clear()

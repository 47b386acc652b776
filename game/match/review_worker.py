"""A match review in a worker process, so the frame loop never waits for it.

The review (:func:`game.ai.review.review`) weighs each decision with the Hard search: a whole
match takes seconds to a minute of pure Python. Run on the frame's thread it would hold the GIL
for most of that time (see :mod:`game.match.runner` for why a thread is no better), so it runs
in a spawned process started as the computer seats' worker is (:mod:`game.processes`). The
worker sends ``("total", n)`` first, ``("progress", done, n)`` after each decision, and
``("done", review_json)`` at the end (or ``("failed", reason)``); :meth:`ReviewJob.poll` reads
what has come without ever blocking. Cancelling ends the process.

There is no fallback in the frame: a decision at the default guesses takes a good part of a
second of search, far over a frame, and :func:`review` is one call that cannot be sliced
without a second copy of its loop. When the worker cannot start or dies, :attr:`ReviewJob.error`
says so and the screen tells the player, and :attr:`ReviewJob.started` which of the two it was:
a worker that could not be spawned, or ended before its first message, never started (the
screen says "could not start", not that the review stopped midway).

No pygame here: the worker imports this module and only what the review needs.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
from typing import TYPE_CHECKING, Any

from game.processes import spawn_context, start_without_main

if TYPE_CHECKING:
    from game.ai.review import Review


def _worker(
    conn: multiprocessing.connection.Connection, text: str, seat: int, guesses: int
) -> None:
    try:
        from game.ai.review import decisions_of, review
        from game.rules.record import load_record
        from game.store.review_files import review_json

        record, _state = load_record(text)
        total = sum(1 for _ in decisions_of(record, seat))
        conn.send(("total", total))

        def progress(done: int, count: int) -> None:
            conn.send(("progress", done, count))

        result = review(record, seat, guesses, progress)
        conn.send(("done", review_json(result)))
    except (BrokenPipeError, EOFError):
        return  # the game went away (cancelled): nobody to tell
    except Exception as error:  # a bug or a broken record: the screen says so
        with contextlib.suppress(OSError):
            conn.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


class ReviewJob:
    """One review running in a worker process. ``poll`` once a frame; never blocks."""

    def __init__(self, record_text: str, seat: int, guesses: int) -> None:
        self.seat = seat
        self.guesses = guesses
        self.done = 0
        self.total: int | None = None
        self.result: Review | None = None
        self.error: str | None = None  # why it failed, a technical detail in English
        self.started = False  # the worker's first message has come
        self._process: multiprocessing.process.BaseProcess | None = None
        context = spawn_context()
        try:
            self._conn, child = context.Pipe(duplex=False)
            self._process = context.Process(
                target=_worker, args=(child, record_text, seat, guesses), daemon=True
            )
            start_without_main(self._process)
            child.close()
        except Exception as error:  # no processes here (a sandbox): say so
            self.error = str(error) or type(error).__name__
            self._process = None

    @property
    def finished(self) -> bool:
        """A result or an error has come (nothing more will)."""
        return self.result is not None or self.error is not None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def poll(self) -> bool:
        """Read what the worker has sent so far, without waiting; True once finished."""
        while not self.finished and self._process is not None:
            try:
                if not self._conn.poll():
                    if not self._process.is_alive() and not self._conn.poll():
                        self._ended()
                    break
                message = self._conn.recv()
            except (EOFError, OSError):
                self._ended()
                break
            self._take(message)
        return self.finished

    def wait(self) -> None:
        """Block until the worker finishes (tests, and the command line)."""
        while not self.finished and self._process is not None:
            try:
                message = self._conn.recv()
            except (EOFError, OSError):
                self._ended()
                break
            self._take(message)

    def _ended(self) -> None:
        """The worker went without its last word: midway, or before its first."""
        if self.started:
            self._fail("the review stopped before its end")
            return
        process = self._process
        if process is not None:
            process.join(timeout=1.0)  # its pipe is closed: it is ending, if not gone
        code = process.exitcode if process is not None else None
        self._fail(
            "its process ended at once"
            if code is None
            else f"its process ended with exit code {code}"
        )

    def _take(self, message: tuple[Any, ...]) -> None:
        self.started = True
        kind = message[0]
        if kind == "total":
            self.total = int(message[1])
        elif kind == "progress":
            self.done, self.total = int(message[1]), int(message[2])
        elif kind == "done":
            from game.store.review_files import review_from_json

            try:
                self.result = review_from_json(message[1])
            except (ValueError, KeyError, TypeError, IndexError):
                self._fail("the review came back unreadable")
                return
            self._close()
        elif kind == "failed":
            self._fail(str(message[1]))

    def _fail(self, reason: str) -> None:
        self.error = reason
        self.cancel()

    def _close(self) -> None:
        self._conn.close()  # it has sent its last word and is ending by itself (never waited)

    def cancel(self) -> None:
        """Stop the worker (what it was doing is dropped)."""
        process = self._process
        if process is None:
            return
        if process.is_alive():
            process.terminate()
            process.join(timeout=1.0)
            if process.is_alive():
                process.kill()
                process.join(timeout=1.0)
        else:
            process.join(timeout=0)
        with contextlib.suppress(OSError):
            self._conn.close()

"""The table's help (the coach's hint, Plan my hand) worked out off the frame loop.

A hint is the coach's whole search (:func:`game.ai.review.hint_advice`): a good part of a
second of pure Python on a slow device. On a thread of the game's own process it would hold
the GIL in 5 ms slices and the frame loop would stutter while it thinks (see
:mod:`game.match.runner`), so it runs in a worker process of its own, started as the computer
seats' worker is (:mod:`game.processes`), once, the first time a table asks for help.

:meth:`HelpWorker.submit` hands back a :class:`concurrent.futures.Future` at once; a reader
thread (waiting on the pipe, so it holds no GIL while the worker thinks) fills it in. The jobs
run in order. When the worker cannot start, or dies, the jobs run on a thread instead: help is
slower to come then, never lost. Tests and the screenshot run ask for :func:`thread_helper`:
no process, the same answers.

No pygame here.
"""

from __future__ import annotations

import contextlib
import multiprocessing.connection
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.processes import spawn_context, start_without_main


def _job(kind: str) -> Callable[..., Any]:
    """What a job of ``kind`` runs (imported in the worker only when first asked)."""
    if kind == "hint":
        from game.ai.review import hint_advice

        return hint_advice
    if kind == "plan":
        from game.ai.hints import plan_hand

        return plan_hand
    raise ValueError(f"no help job is called {kind!r}")


def _worker(conn: multiprocessing.connection.Connection) -> None:
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        ticket, kind, args = message
        try:
            answer: tuple[str, Any] = ("ok", _job(kind)(*args))
        except Exception as error:  # a bug: the table goes on without this help
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            conn.send((ticket, *answer))
        except (BrokenPipeError, OSError):
            return


class HelpFailed(Exception):
    """The worker could not work the help out (its reason is the message)."""


class HelpWorker:
    """Help jobs in a worker process, answered through futures; a thread when it cannot be."""

    def __init__(self, in_process: bool = True) -> None:
        self._lock = threading.Lock()
        self._ticket = 0
        self._waiting: dict[int, tuple[Future[Any], str, tuple[Any, ...]]] = {}
        self._threads: ThreadPoolExecutor | None = None
        self._conn: multiprocessing.connection.Connection | None = None
        if not in_process:
            return
        try:
            context = spawn_context()
            self._conn, child = context.Pipe()
            self._process = context.Process(target=_worker, args=(child,), daemon=True)
            start_without_main(self._process)
            child.close()
        except Exception as error:  # no processes here (a sandbox): help on a thread
            print(f"the table's help runs on a thread: {error}", file=sys.stderr)
            self._conn = None
            return
        threading.Thread(target=self._read, name="table-help-reader", daemon=True).start()

    @property
    def in_worker(self) -> bool:
        return self._conn is not None

    def submit(self, kind: str, *args: Any) -> Future[Any]:
        """Start the help job ``kind`` (``"hint"`` or ``"plan"``) with ``args``."""
        future: Future[Any] = Future()
        with self._lock:
            conn = self._conn
            if conn is not None:
                self._ticket += 1
                ticket = self._ticket
                self._waiting[ticket] = (future, kind, args)
                try:
                    conn.send((ticket, kind, args))
                    return future
                except (OSError, ValueError) as error:
                    del self._waiting[ticket]  # it goes to the thread below, once
                    self._lost(error)
        return self._on_thread(kind, args, future)

    def _on_thread(self, kind: str, args: tuple[Any, ...], future: Future[Any]) -> Future[Any]:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-help")
        done = self._threads.submit(_job(kind), *args)
        done.add_done_callback(lambda job: _settle(future, job))
        return future

    def _read(self) -> None:
        conn = self._conn
        while conn is not None:
            try:
                ticket, outcome, value = conn.recv()
            except Exception as error:  # gone, or an answer that cannot be read: on a thread
                with self._lock:
                    self._lost(error)
                return
            with self._lock:
                waiting = self._waiting.pop(ticket, None)
            if waiting is None:
                continue
            future = waiting[0]
            if future.cancelled() or not future.set_running_or_notify_cancel():
                continue
            if outcome == "ok":
                future.set_result(value)
            else:
                future.set_exception(HelpFailed(value))

    def _lost(self, error: BaseException) -> None:
        """The worker is gone (the lock is held): what it still owed runs on a thread."""
        if self._conn is None:
            return
        print(f"the table's help runs on a thread from now on: {error}", file=sys.stderr)
        self._conn = None
        waiting, self._waiting = self._waiting, {}
        for future, kind, args in waiting.values():
            if not future.cancelled():
                self._on_thread(kind, args, future)

    def close(self) -> None:
        with self._lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            conn.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)


def _settle(future: Future[Any], job: Future[Any]) -> None:
    """Pass a thread's finished job on to the future the table holds."""
    if future.cancelled() or not future.set_running_or_notify_cancel():
        return
    error = job.exception()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(job.result())


_shared: HelpWorker | None = None
_threaded: HelpWorker | None = None


def process_helper() -> HelpWorker:
    """The game's help worker process (started on first use)."""
    global _shared
    if _shared is None:
        _shared = HelpWorker()
    return _shared


def thread_helper() -> HelpWorker:
    """Help on a thread of this process (tests, the screenshot run: no process started)."""
    global _threaded
    if _threaded is None:
        _threaded = HelpWorker(in_process=False)
    return _threaded

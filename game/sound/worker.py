"""The sound effects made in a worker process, so the frame loop never waits for them.

Synthesising every effect and its pitch variants is about half a second of pure Python. On a
thread of the game's own process that work would hold the GIL while the frame loop wants it
back after every SDL call, and frames would stall for a tenth of a second at a time; a worker
process has its own interpreter. It sends each variant as soon as it is made (the samples, and
the bytes of a ``pygame.mixer.Sound`` in the mixer's format); :meth:`SoundWorker.poll`, called
once a frame, hands what has arrived to the :class:`~game.sound.audio.SoundBoard`. In a frozen build
the worker is the executable started again (:mod:`game.processes`).

Where no process can be started, the board warms up on a thread instead (with a shorter
thread-switch interval while it works, so the frame loop gets the GIL back quickly).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import sys
import threading
from array import array

from game.processes import spawn_context, start_without_main
from game.sound.audio import EFFECTS, SoundBoard, encode, repitch, synthesize, variant_pitch

# Cheap and early-needed effects first: a button's click may come at once, a round's win late.
ORDER: tuple[str, ...] = ("click", "pick", "place", "draw", "pass", "double", "win")
THREAD_SWITCH_INTERVAL = 0.0005  # seconds while a warm-up thread runs (Python's default: 0.005)

Message = tuple[str, int, bytes, bytes] | None


def _work(
    conn: multiprocessing.connection.Connection,
    rate: int,
    mixer: tuple[int, int, int],
    variants: int,
) -> None:
    """In the worker: make every effect variant and send it (then None)."""
    _, size, channels = mixer
    try:
        for name in [*ORDER, *(e for e in EFFECTS if e not in ORDER)]:
            base = synthesize(name, rate)
            for variant in range(variants):
                samples = base if variant == 0 else repitch(base, variant_pitch(variant))
                conn.send((name, variant, samples.tobytes(), encode(samples, size, channels)))
        conn.send(None)
    except (OSError, EOFError, BrokenPipeError):
        pass  # the game closed: nobody to send to
    finally:
        conn.close()


class SoundWorker:
    """Warms up a board off the frame thread; ``poll`` once a frame until it returns True."""

    def __init__(self, board: SoundBoard) -> None:
        self.board = board
        self.done = False
        self.mixer = board.mixer_format
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: multiprocessing.connection.Connection | None = None
        if board.muted or self.mixer is None:
            self.done = True  # silent: nothing to make now (made on first play if unmuted)
            return
        context = spawn_context()
        try:
            self._conn, child = context.Pipe(duplex=False)
            self._process = context.Process(
                target=_work,
                args=(child, self.mixer[0], self.mixer, board.variants),
                name="sounds",
                daemon=True,
            )
            start_without_main(self._process)
            child.close()
        except Exception:  # no processes here: a thread it is
            self._process = None
            self._conn = None
            self._thread()
            self.done = True

    def _thread(self) -> None:
        board = self.board

        def work() -> None:
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, THREAD_SWITCH_INTERVAL))
            try:
                board.warm_up([*ORDER, *(e for e in EFFECTS if e not in ORDER)])
            finally:
                sys.setswitchinterval(before)

        threading.Thread(target=work, name="sounds", daemon=True).start()

    def poll(self, limit: int = 6) -> bool:
        """Take in up to ``limit`` variants that have arrived; True once all are in (or failed)."""
        conn = self._conn
        if self.done or conn is None:
            return True
        try:
            for _ in range(limit):
                if not conn.poll():
                    return False
                message: Message = conn.recv()
                if message is None:
                    self.close()
                    return True
                name, variant, raw, encoded = message
                samples = array("h")
                samples.frombytes(raw)
                self.board.add_prepared(
                    name, variant, self.mixer[0] if self.mixer else 0, samples, encoded, self.mixer
                )
        except (EOFError, OSError):
            self.close()  # the worker died: the rest is made on first play
            return True
        return False

    def close(self) -> None:
        self.done = True
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        process = self._process
        self._process = None
        if process is not None:
            process.join(timeout=0.5)
            if process.is_alive():
                process.terminate()

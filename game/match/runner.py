"""Computer seats decide off the frame loop.

Why a worker *process* and not a thread: a seat's search is pure Python, and a thread running
it holds the GIL in 5 ms slices. pygame releases the GIL around blits and ``flip``, so every
release on the frame thread can cost up to one slice to get the GIL back: a frame of a few
hundred blits would crawl while Hard thinks. A separate process has its own interpreter, so
the frame loop never waits for it; a request is one pickled observation (~1 KB) and the answer
is an index into its ``legal_actions``. The seats live in the worker for the whole match, so a
seat that keeps memory between turns keeps it.

:class:`InlineRunner` decides on the spot, in the frame. Tests and the screenshot command use it
(deterministic, no wall clock), and it is the fallback if a worker cannot start or dies.

Both hand back an action for the table to check with the rules: the runner never decides that a
play is legal.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import multiprocessing.process
import sys
from collections.abc import Sequence
from typing import Any, Protocol

from game.ai.simple import remember_seat, reseed_seat
from game.processes import spawn_context, start_without_main
from game.rules import Action, Observation


class SeatRunner(Protocol):
    def request(
        self,
        seat: int,
        observation: Observation,
        moment: int | None = None,
        think_for: float | None = None,
    ) -> None:
        """Ask ``seat`` to decide; the answer comes from ``poll`` (now or on a later frame).
        With a ``moment`` (a position in the match) the seat's choice depends only on its
        seed and that moment, so a match taken back and played again repeats it. Without
        one, ``think_for``: the seconds until the move is due, which a seat that gains from
        thinking longer (Hard) may spend in the worker process."""

    def poll(self) -> tuple[int, Action] | None:
        """The seat and action of the answered request, if it is ready."""

    def ponder(self, seat: int, observation: Observation) -> None:
        """While another seat decides (the person, or a computer seat in its pause): ``seat``
        is shown its own ``observation`` (someone else to move) and may think ahead on it
        (``game.ai.ponder``) until it is asked to move. Shown the position it has just been
        asked to move in, it may think in the rest of its pause about its own next step."""

    def rewind(self, history: Sequence[tuple[int, Observation]]) -> None:
        """After a take-back: the seats start afresh and are shown again, in order, the
        observations of their decisions so far in the round (``(seat, observation)``), so each
        knows what it knew at that point; a request in flight is dropped."""

    def close(self) -> None: ...


def _rewound(
    kinds: Sequence[str | None], seed: int, history: Sequence[tuple[int, Observation]]
) -> dict[int, object]:
    seats = _make_seats(kinds, seed)
    for seat, observation in history:
        if seat in seats:
            remember_seat(seats[seat], observation)
    return seats


def _make_seats(kinds: Sequence[str | None], seed: int) -> dict[int, object]:
    from game.ai.simple import make_seat

    return {
        seat: make_seat(kind, seed * 1000 + seat)
        for seat, kind in enumerate(kinds)
        if kind is not None
    }


class InlineRunner:
    """Decides inside ``request``: simple, deterministic, but in the frame."""

    def __init__(self, kinds: Sequence[str | None], seed: int) -> None:
        self._kinds = list(kinds)
        self._seed = seed
        self._seats = _make_seats(kinds, seed)
        self._answer: tuple[int, Action] | None = None

    def rewind(self, history: Sequence[tuple[int, Observation]]) -> None:
        self._seats = _rewound(self._kinds, self._seed, history)
        self._answer = None

    def request(
        self,
        seat: int,
        observation: Observation,
        moment: int | None = None,
        think_for: float | None = None,
    ) -> None:
        # ``think_for`` is not used here: thinking in the frame for the pause would stop it.
        player = self._seats[seat]
        if moment is not None:
            reseed_seat(player, moment)
        self._answer = (seat, player.choose(observation))  # type: ignore[attr-defined]

    def poll(self) -> tuple[int, Action] | None:
        answer, self._answer = self._answer, None
        return answer

    def ponder(self, seat: int, observation: Observation) -> None:
        """Nothing: thinking ahead in the frame would slow it."""

    def close(self) -> None:
        self._seats.clear()


def _worker(
    conn: multiprocessing.connection.Connection, kinds: list[str | None], seed: int
) -> None:
    seats = _make_seats(kinds, seed)
    ponders: dict[int, Any] = {}  # seat -> its thinking ahead (game.ai.ponder.Ponder)
    # seat -> the position it last answered for the pause and its move there (so that, shown
    # that position, it thinks about its own next step in the rest of the pause)
    answered: dict[int, tuple[Observation, Action]] = {}
    while True:
        try:
            # Between messages, a slice of thinking ahead; none left: wait for the table.
            while ponders and not conn.poll(0):
                thinking = [p for p in ponders.values() if not p.finished]
                if not thinking:
                    break
                for ponder in thinking:
                    _ponder_step(ponder)
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message[0] == "rewind":  # a take-back: start afresh, knowing the round so far
            seats = _rewound(kinds, seed, message[1])
            ponders.clear()
            answered.clear()
            continue
        if message[0] == "ponder":
            seat, observation = message[1], message[2]
            last = answered.get(seat)
            played = last[1] if last is not None and last[0] == observation else None
            _seat_ponders(ponders, seats, seat, observation, played)
            continue
        ticket, seat, observation, moment, think_for = message
        try:
            player = seats[seat]
            if moment is not None:
                reseed_seat(player, moment)  # take-backs: a fixed search, the same answer
            within = getattr(player, "choose_within", None)
            pondered = ponders.pop(seat, None)
            if think_for is not None and moment is None and within is not None:
                begun = pondered.take(observation) if pondered is not None else None
                action = within(observation, think_for, begun)  # thinks for the pause
                answered[seat] = (observation, action)
            else:
                action = player.choose(observation)  # type: ignore[attr-defined]
            index = observation.legal_actions.index(action)
        except Exception as error:  # a seat's bug must not stop the table: it checks anyway
            print(f"seat {seat} failed to decide: {error!r}", file=sys.stderr)
            index = -1
        conn.send((ticket, index))


def _seat_ponders(
    ponders: dict[int, Any],
    seats: dict[int, object],
    seat: int,
    observation: Observation,
    played: Action | None = None,
) -> None:
    """Start ``seat`` thinking ahead from ``observation`` if it can (Hard, on a clock),
    carrying on what it began from the position before where that still applies; ``played``:
    its own move in ``observation``, after which it thinks about its next step."""
    earlier = ponders.pop(seat, None)
    make = getattr(seats.get(seat), "ponder", None)
    if make is None:
        return
    try:
        ponder = make(observation, earlier) if played is None else make(observation, None, played)
    except Exception as error:  # thinking ahead is a bonus: a bug in it costs only that
        print(f"seat {seat} cannot think ahead: {error!r}", file=sys.stderr)
        return
    if ponder is not None:
        ponders[seat] = ponder


def _ponder_step(ponder: Any) -> None:
    try:
        ponder.step()
    except Exception as error:
        print(f"thinking ahead failed: {error!r}", file=sys.stderr)
        ponder.seconds = float("inf")  # finished: it is not tried again


class ProcessRunner:
    """Seats in a worker process; ``poll`` never blocks. Falls back to inline if it fails."""

    def __init__(self, kinds: Sequence[str | None], seed: int) -> None:
        self._kinds = list(kinds)
        self._seed = seed
        self._ticket = 0
        self._pending: tuple[int, int, Observation, int | None] | None = None
        self._fallback: InlineRunner | None = None
        context = spawn_context()
        try:
            self._conn, child = context.Pipe()
            self._process = context.Process(
                target=_worker, args=(child, self._kinds, seed), daemon=True
            )
            start_without_main(self._process)
            child.close()
        except Exception as error:  # no processes here (a sandbox, a frozen build): decide inline
            print(f"computer seats run in the frame: {error}", file=sys.stderr)
            self._fallback = InlineRunner(kinds, seed)

    @property
    def in_worker(self) -> bool:
        """True while the seats decide in the worker process (not fallen back to the frame)."""
        return self._fallback is None

    def request(
        self,
        seat: int,
        observation: Observation,
        moment: int | None = None,
        think_for: float | None = None,
    ) -> None:
        if self._fallback is not None:
            self._fallback.request(seat, observation, moment)
            return
        self._ticket += 1
        self._pending = (self._ticket, seat, observation, moment)
        try:
            self._conn.send((self._ticket, seat, observation, moment, think_for))
        except (OSError, ValueError) as error:
            self._fail(error)

    def ponder(self, seat: int, observation: Observation) -> None:
        if self._fallback is not None:
            return
        try:
            self._conn.send(("ponder", seat, observation))
        except (OSError, ValueError) as error:
            self._fail(error)

    def rewind(self, history: Sequence[tuple[int, Observation]]) -> None:
        if self._fallback is not None:
            self._fallback.rewind(history)
            return
        self._pending = None  # its answer, if it comes, is for an abandoned request
        try:
            self._conn.send(("rewind", list(history)))
        except (OSError, ValueError) as error:
            self._fail(error)

    def poll(self) -> tuple[int, Action] | None:
        if self._fallback is not None:
            return self._fallback.poll()
        pending = self._pending
        if pending is None:
            return None
        try:
            if not self._conn.poll():
                if not self._process.is_alive():
                    self._fail(RuntimeError("the worker stopped"))
                    return self._fallback.poll() if self._fallback else None
                return None
            ticket, index = self._conn.recv()
        except (EOFError, OSError) as error:
            self._fail(error)
            return self._fallback.poll() if self._fallback else None
        if ticket != pending[0]:
            return None  # an answer to an abandoned request
        self._pending = None
        legal = pending[2].legal_actions
        return pending[1], legal[index] if 0 <= index < len(legal) else legal[0]

    def _fail(self, error: BaseException) -> None:
        print(f"computer seats run in the frame from now on: {error}", file=sys.stderr)
        self._fallback = InlineRunner(self._kinds, self._seed)
        pending, self._pending = self._pending, None
        if pending is not None:
            self._fallback.request(pending[1], pending[2], pending[3])

    def close(self) -> None:
        if self._fallback is not None:
            self._fallback.close()
            return
        if not self._process.is_alive():
            return
        try:
            self._conn.send(None)
            self._conn.close()
        except (OSError, ValueError):
            pass
        self._process.join(timeout=0.5)
        if self._process.is_alive():
            self._process.terminate()

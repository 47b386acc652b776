"""Hard as at the table, for ``tournament --pace``: the seats' pauses of the table, on a CPU
clock.

At the table (``game.scenes.play.table_turns``) a computer seat's move is shown when its pause
has passed: the pace's pause for the first step of its turn, 0.55 of it for each later step
(a draw, then the play). Hard thinks until then, less the margin the table keeps
(``game.match.computer_move.THINK_MARGIN``). With ``ponder``, each Hard seat also thinks ahead
(``game.ai.ponder``) while another seat decides, for that seat's pause: at the table the worker
process does so while the other seat's move waits for its pause (a person takes longer, so this
is the least a Hard seat gets). In the rest of a Hard seat's own pause, once it has chosen,
it thinks about its own next step when its turn goes on, as the worker does (with or without
``ponder``: the table does so unless the battery saver is on). With ``person_seconds`` one
seat plays the person's part: the seat just before the first Hard seat round the table (so that
Hard moves right after it, as a Hard seat to the person's left does at the table). It plays as
its level does, but each of its decisions with a choice lasts that many seconds of the Hard
seats' thinking ahead, as a person's turn gives the table's worker (a forced one, the pace's
pause); with ``ponder`` the other seats' pauses are thought in too.

The clock is this process's CPU time, times ``slower`` (a device that many times slower), so a
busy machine measures what a quiet one would.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.ai import hard
from game.ai.ponder import Ponder
from game.ai.simple import Seat, make_seat
from game.match.computer_move import THINK_MARGIN
from game.rules import Action, GameState, Observation
from game.store.settings import PACE_SECONDS

LATER_STEP = 0.55  # a turn's later steps wait this share of the pause (as the table does)


class PacedHard:
    """A Hard seat that thinks for the pause it is given (a wrapper: the compiled build's
    classes cannot be subclassed by interpreted ones), and thinks ahead when asked."""

    def __init__(self, seat: hard.HardSeat, seconds: float) -> None:
        self.seat = seat
        self.seconds = seconds  # the thinking time of a turn's first step
        self.level, self.name, self.style = seat.level, seat.name, seat.style
        self.pondered: Ponder | None = None
        self.decisions = 0
        self.handed_over = 0  # decisions that carried on a search begun in another's pause
        self.carried_own = 0  # ... begun in the rest of its own pause, on this next step

    def choose(self, observation: Observation) -> Action:
        return self.choose_for(observation, self.seconds)

    def choose_for(self, observation: Observation, seconds: float) -> Action:
        ponder, self.pondered = self.pondered, None
        begun = ponder.take(observation) if ponder is not None else None
        self.decisions += 1
        if ponder is not None and begun is not None:
            if ponder.played is None:
                self.handed_over += 1
            else:
                self.carried_own += 1
        return self.seat.choose_within(observation, seconds, begun)

    def think_ahead(
        self, observation: Observation, seconds: float, played: Action | None = None
    ) -> None:
        """Think ahead from ``observation`` for ``seconds``: another seat to move, or this one,
        which chose ``played`` there (its own next step, if its turn goes on)."""
        if played is None:
            ponder = self.seat.ponder(observation, self.pondered)
        else:
            ponder = self.seat.ponder(observation, None, played)
        self.pondered = ponder
        if ponder is None:
            return
        started = hard.clock()
        while not ponder.finished:
            left = seconds - (hard.clock() - started)
            if left <= 0:
                break
            ponder.step(min(left, 0.02))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.seat, name)


class PacedSeats:
    """Makes a tournament's seats (``SeatFactory``), Hard paced; ``at_table`` then gives them
    the table's pauses in a match."""

    def __init__(
        self,
        pace: str,
        slower: float = 1.0,
        ponder: bool = False,
        person_seconds: float | None = None,
    ) -> None:
        if pace not in PACE_SECONDS:
            raise ValueError(f"--pace must be one of {', '.join(PACE_SECONDS)}, not {pace!r}")
        if person_seconds is not None and not person_seconds > 0:
            raise ValueError(f"--person-seconds must be above 0, not {person_seconds}")
        self.pace = PACE_SECONDS[pace]
        self.ponder = ponder
        self.person_seconds = person_seconds
        hard.use_clock(lambda: time.thread_time() * slower)

    def thinking(self, pause: float) -> float:
        """What a seat may think in ``pause``: the table keeps a margin to show the move."""
        return max(0.0, pause - THINK_MARGIN)

    def __call__(self, kind: str, seed: int) -> Seat:
        if kind == "hard":
            return PacedHard(hard.HardSeat(seed), self.thinking(self.pace))
        return make_seat(kind, seed)

    def at_table(self, game: GameState, seats: Sequence[Seat]) -> list[Seat]:
        """``seats`` as the match's loop should call them: each decision with its pause."""
        table = _Table(self, game, list(seats))
        return [_Chair(table, index) for index in range(len(seats))]


class _Table:
    def __init__(self, paced: PacedSeats, game: GameState, seats: list[Seat]) -> None:
        self.paced = paced
        self.game = game
        self.seats = seats
        self.last: tuple[int, int] | None = None  # (round, seat) of the last decision
        # The person's chair (with person_seconds): the one just before the first Hard seat.
        self.person = -1
        if paced.person_seconds is not None:
            hard_chairs = [i for i, seat in enumerate(seats) if isinstance(seat, PacedHard)]
            if hard_chairs and len(hard_chairs) < len(seats):
                self.person = (hard_chairs[0] - 1) % len(seats)

    def decide(self, index: int, observation: Observation) -> Action:
        game = self.game
        step = (game.round_number, index)
        pause = self.paced.pace * (LATER_STEP if step == self.last else 1.0)
        self.last = step
        seconds = self.paced.thinking(pause)
        seat = self.seats[index]
        # In a Hard seat's own pause the worker is busy with its search: nobody else thinks
        # ahead. The person weighs a choice for its seconds, and is quick with a forced move.
        ahead = 0.0
        if index == self.person:
            ahead = seconds
            if len(observation.legal_actions) > 1:
                ahead = self.paced.person_seconds or seconds
        elif self.paced.ponder and not isinstance(seat, PacedHard):
            ahead = seconds
        if ahead > 0:
            for other, waiting in enumerate(self.seats):
                if other != index and isinstance(waiting, PacedHard):
                    waiting.think_ahead(game.observation(other), ahead)
        if isinstance(seat, PacedHard):
            started = hard.clock()
            action = seat.choose_for(observation, seconds)
            left = seconds - (hard.clock() - started)
            if left > 0:  # the rest of its pause: its own next step, if its turn goes on
                seat.think_ahead(observation, left, action)
            return action
        return seat.choose(observation)


class _Chair:
    def __init__(self, table: _Table, index: int) -> None:
        self.table = table
        self.index = index
        self.name = table.seats[index].name

    def choose(self, observation: Observation) -> Action:
        return self.table.decide(self.index, observation)

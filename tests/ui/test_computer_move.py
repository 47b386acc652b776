"""A computer seat's move at the table: asked once, held for its pause, checked by the rules."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game.match.computer_move import THINK_MARGIN, ComputerMove
from game.rules import DRAW, Action, GameState, Observation, Rules


@dataclass
class ScriptedRunner:
    """Answers every request with ``answer`` (on the next poll)."""

    answer: Action
    asked: list[tuple[int, int | None]] = field(default_factory=list)
    thinking_time: list[float | None] = field(default_factory=list)
    _pending: tuple[int, Action] | None = None

    def request(
        self,
        seat: int,
        observation: Observation,
        moment: int | None = None,
        think_for: float | None = None,
    ) -> None:
        self.asked.append((seat, moment))
        self.thinking_time.append(think_for)
        self._pending = (seat, self.answer)

    def poll(self) -> tuple[int, Action] | None:
        answer, self._pending = self._pending, None
        return answer


@dataclass
class FakeSession:
    state: GameState
    runner: ScriptedRunner


def _table() -> GameState:
    state = GameState.new(Rules.standard(), 3, 11)
    state.start_round()
    return state


def test_the_move_waits_for_its_pause_and_the_seat_is_asked_once() -> None:
    state = _table()
    legal = state.legal_actions()[-1]
    session = FakeSession(state, ScriptedRunner(legal))
    move = ComputerMove()
    taken = [move.take(session, 0.1, pause=0.35, moment=7) for _ in range(3)]  # type: ignore[arg-type]
    assert taken == [None, None, None]  # 0.3 s of the 0.35 s pause
    assert move.take(session, 0.1, pause=0.35, moment=7) == legal  # type: ignore[arg-type]
    assert session.runner.asked == [(state.current, 7)]
    # The seat may think for the pause, less a margin so its move is shown when the pause ends.
    assert session.runner.thinking_time == [pytest.approx(0.35 - THINK_MARGIN)]


def test_an_answer_the_rules_refuse_becomes_the_first_legal_action() -> None:
    state = _table()
    assert state.check(DRAW, state.current) is not None  # this seat holds a play: no drawing
    session = FakeSession(state, ScriptedRunner(DRAW))
    move = ComputerMove()
    assert move.take(session, 1.0, pause=0.0) == state.legal_actions()[0]  # type: ignore[arg-type]


def test_a_forgotten_move_is_asked_again() -> None:
    state = _table()
    session = FakeSession(state, ScriptedRunner(state.legal_actions()[0]))
    move = ComputerMove()
    move.take(session, 0.0, pause=5.0)  # type: ignore[arg-type]
    move.forget()  # e.g. a person's turn came between
    move.take(session, 0.0, pause=5.0)  # type: ignore[arg-type]
    assert len(session.runner.asked) == 2

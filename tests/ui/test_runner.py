"""Computer seats decide in a worker process; the frame loop only polls."""

from __future__ import annotations

import time

from game.match.runner import InlineRunner, ProcessRunner
from game.rules import GameState, Rules


def _state_at_computer_turn() -> GameState:
    state = GameState.new(Rules.standard(), 3, 11)
    state.start_round()
    while state.current == 0:
        state.apply(state.legal_actions()[0])
    return state


def _wait(runner: ProcessRunner) -> tuple[int, object]:
    for _ in range(6000):  # a worker start plus one decision; far under a minute
        answer = runner.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the worker never answered")


def test_worker_process_answers_with_a_legal_action() -> None:
    state = _state_at_computer_turn()
    seat = state.current
    runner = ProcessRunner([None, "greedy", "greedy"], 3)
    try:
        start = time.perf_counter()
        runner.request(seat, state.observation(seat))
        runner.poll()  # never blocks, answer or not
        assert time.perf_counter() - start < 0.5
        answered_seat, action = _wait(runner)
        assert answered_seat == seat
        assert state.check(action, seat) is None  # type: ignore[arg-type]
        assert runner.poll() is None  # one answer per request
    finally:
        runner.close()


def test_inline_runner_matches_the_seat() -> None:
    state = _state_at_computer_turn()
    seat = state.current
    runner = InlineRunner([None, "greedy", "greedy"], 3)
    runner.request(seat, state.observation(seat))
    answer = runner.poll()
    assert answer is not None and answer[0] == seat
    assert state.check(answer[1], seat) is None


def test_a_seat_thinking_ahead_in_the_worker_still_answers_its_move() -> None:
    """While the person (seat 0) thinks, the Hard seat ponders in the worker; asked to move
    (mid-pondering: the worker looks at the pipe between slices), it answers a legal move."""
    state = GameState.new(Rules.standard(), 3, 11)
    state.start_round()
    while state.current != 0:
        state.apply(state.legal_actions()[0])
    runner = ProcessRunner([None, "hard", "greedy"], 3)
    try:
        runner.ponder(1, state.observation(1))
        while state.current == 0:
            state.apply(state.legal_actions()[0])
        seat = state.current
        runner.request(seat, state.observation(seat), None, 0.2)
        answered_seat, action = _wait(runner)
        assert answered_seat == seat
        assert state.check(action, seat) is None  # type: ignore[arg-type]
    finally:
        runner.close()

"""Computer seats decide in a worker process; the frame loop only polls."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.match.runner import InlineRunner, ProcessRunner
from game.rules import PLAY, GameState, Rules


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


class _ScriptedTable:
    """The table's end of the worker's pipe: it asks Hard (seat 1) to move, shows it that
    position again (the look-ahead the table sends after a request), lets the worker think
    for ``slices`` looks at an empty pipe, plays the answer and asks for the next step."""

    def __init__(self, state: GameState, slices: int) -> None:
        self.state = state
        self.slices = slices
        self.looks = 0
        self.received = 0
        self.sent: list[tuple[int, int]] = []
        self.first = state.observation(1)

    def poll(self, _timeout: float = 0.0) -> bool:
        if self.received == 2 and self.looks < self.slices:
            self.looks += 1
            return False
        return True

    def recv(self) -> object:
        self.received += 1
        if self.received == 1:
            return (1, 1, self.first, None, 0.05)
        if self.received == 2:
            return ("ponder", 1, self.first)
        if self.received == 3:
            self.state.apply(self.first.legal_actions[self.sent[0][1]])
            if self.state.phase == PLAY and self.state.current == 1:
                return (2, 1, self.state.observation(1), None, 0.05)
        return None  # the table closes

    def send(self, message: tuple[int, int]) -> None:
        self.sent.append(message)


def test_in_the_rest_of_its_pause_a_hard_seat_thinks_about_its_next_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker answers a Hard seat laying a first-turn line; shown that position again, it
    searches its own next step, and the next request carries that search on."""
    from game.ai import hard
    from game.ai.normal import NormalSeat
    from game.match.runner import _worker

    given: list[object] = []
    choose_within = hard.HardSeat.choose_within

    def noting(seat: hard.HardSeat, observation: Any, seconds: float, pondered: Any = None) -> Any:
        given.append(pondered)
        return choose_within(seat, observation, seconds, pondered)

    monkeypatch.setattr(hard.HardSeat, "choose_within", noting)
    for seed in range(10):
        state = GameState.new(Rules.standard(), 3, seed)
        state.start_round()
        while state.phase == PLAY and not (state.current == 1 and len(state.legal_actions()) > 2):
            state.apply(NormalSeat().choose(state.observation(state.current)))
        table = _ScriptedTable(state, slices=30)
        given.clear()
        _worker(table, [None, "hard", "normal"], 3)  # type: ignore[arg-type]
        if state.current != 1 or len(table.sent) < 2:
            continue  # that play ended the line: try another table
        assert given[0] is None and given[1] is not None, "the next step's search carried on"
        assert isinstance(given[1], hard.HardSearch) and given[1].samples > 0
        assert table.sent[1][0] == 2
        assert state.check(state.observation(1).legal_actions[table.sent[1][1]], 1) is None
        return
    raise AssertionError("no first-turn line went on after Hard's play")

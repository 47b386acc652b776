"""Hard thinks for the seat's pause at the table: as long as the move is not yet due (or its
time guard, if longer), unless its race settles the choice first; without a clock it thinks as
before (a fixed number of guesses). The clock here is a stand-in that advances by a fixed step
each time Hard reads it, so a "slow" and a "fast" device are both exact."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from game.ai import hard as hard_module
from game.ai.hard import DEFAULT_CONFIG, HardConfig, HardSeat

from .helpers import positions


def ticking(step: float) -> Iterator[float]:
    now = 0.0
    while True:
        now += step
        yield now


def undecided(search) -> bool:  # type: ignore[no-untyped-def]
    return search.active.count(True) > 1


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(hard_module, "_clock", time.perf_counter)  # restored after the test

    def use(step: float) -> None:
        clock = ticking(step)
        hard_module.use_clock(lambda: next(clock))

    return use


def test_hard_thinks_past_today_s_guesses_while_its_pause_allows(
    fake_clock,  # type: ignore[no-untyped-def]
) -> None:
    """On a fast device the close calls get more guesses than the 240 that stopped them
    before; every answer is ready before the move is due."""
    fake_clock(0.0002)  # each read 0.2 ms later: a guess costs about 0.4 ms
    longer = 0
    for game in positions(40, seed=31):
        search = HardSeat(1).think_within(game.observation(game.current), 0.63)
        assert search.seconds <= 0.63, "the answer is ready before the move is due"
        assert not undecided(search) or search.seconds > 0.62, "it stops early only when settled"
        longer += search.samples > (DEFAULT_CONFIG.iterations or 0)
    assert longer >= 5


def test_on_a_slow_device_hard_still_answers_within_its_pause(fake_clock) -> None:  # type: ignore[no-untyped-def]
    fake_clock(0.01)  # a guess costs about 20 ms: a device far slower than this one
    for game in positions(8, seed=32):
        search = HardSeat(1).think_within(game.observation(game.current), 0.63)
        assert search.seconds <= 0.63
        assert search.best() in game.legal_actions()


def test_a_short_pause_still_gets_the_time_guard(fake_clock) -> None:  # type: ignore[no-untyped-def]
    fake_clock(0.0002)
    guard = DEFAULT_CONFIG.budget_ms / 1000.0  # type: ignore[operator]
    for game in positions(8, seed=33):
        search = HardSeat(1).think_within(game.observation(game.current), 0.05)
        if undecided(search) and not search.trivial:
            assert guard - 0.001 < search.seconds <= guard, "the guard's time, not less"


def test_without_a_clock_thinking_within_a_pause_is_the_fixed_search(fake_clock) -> None:  # type: ignore[no-untyped-def]
    def no_clock() -> float:
        raise AssertionError("Hard read the clock")

    hard_module.use_clock(no_clock)
    config = HardConfig(iterations=16, budget_ms=None)
    for game in positions(6, seed=34):
        observation = game.observation(game.current)
        within = HardSeat(2, config=config).choose_within(observation, 5.0)
        assert within == HardSeat(2, config=config).choose(observation)


class ThinkingRunner:
    """A worker that spends all the time it is given (``think_for``), counted in frames."""

    def __init__(self) -> None:
        self.asked: list[float | None] = []
        self._left = 0.0
        self._answer: tuple[int, object] | None = None
        self.frame = 1 / 60

    def request(self, seat, observation, moment=None, think_for=None) -> None:  # type: ignore[no-untyped-def]
        self.asked.append(think_for)
        self._left = think_for if think_for is not None else 0.0
        self._answer = (seat, observation.legal_actions[0])

    def poll(self):  # type: ignore[no-untyped-def]
        self._left -= self.frame
        if self._left > 0:
            return None
        answer, self._answer = self._answer, None
        return answer


def test_a_seat_that_thinks_for_its_whole_pause_still_moves_when_the_pause_ends() -> None:
    from types import SimpleNamespace

    from game.match.computer_move import THINK_MARGIN, ComputerMove

    game = next(positions(1, seed=35))
    runner = ThinkingRunner()
    session = SimpleNamespace(state=game, runner=runner)
    move = ComputerMove()
    for pause in (0.3, 0.75, 1.3):  # the fast, normal and slow paces
        move.forget()
        frames = 0
        action = None
        while action is None:
            action = move.take(session, runner.frame, pause)  # type: ignore[arg-type]
            frames += 1
        assert runner.asked[-1] == pytest.approx(pause - THINK_MARGIN)
        assert frames * runner.frame < pause + 2 * runner.frame, "not a frame late"

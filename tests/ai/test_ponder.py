"""Thinking ahead (game.ai.ponder): a Hard seat searches where the table is likely to go while
a person thinks, and carries that search on when the position comes; never where the seat's
choices must stay fixed (no clock: take-backs, tournaments)."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import hard as hard_module
from game.ai.hard import HardConfig, HardSeat
from game.ai.normal import NormalSeat
from game.rules import PLAY, GameState, Rules


@pytest.fixture(autouse=True)
def ticking_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's clock as a counter (a millisecond a reading): the same work on any machine."""
    now = [0.0]

    def read() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(hard_module, "_clock", read)


def _person_to_move(seed: int) -> GameState:
    state = GameState.new(Rules.standard(), 4, seed)
    state.start_round()
    seats = [NormalSeat() for _ in range(4)]
    while state.current != 0 and state.phase == PLAY:
        state.apply(seats[state.current].choose(state.observation(state.current)))
    return state


def test_a_position_thought_ahead_is_carried_on_with_its_guesses() -> None:
    """Seat 1 ponders while seat 0 (a person, here playing as Normal) moves; when the
    position it searched comes, the search is handed over and thinks on for the pause."""
    person = NormalSeat()
    hits = 0
    for seed in range(8):
        state = _person_to_move(seed)
        seat = HardSeat()
        ponder = seat.ponder(state.observation(1))
        assert ponder is not None
        while not ponder.finished:
            ponder.step()
        assert ponder.lines, "somewhere to think ahead to"
        while state.phase == PLAY and state.current == 0:
            state.apply(person.choose(state.observation(0)))
        if state.phase != PLAY or state.current != 1:
            continue
        seen = state.observation(1)
        begun = ponder.take(seen)
        if begun is None:
            continue
        hits += 1
        before = begun.samples
        assert before > 0
        search = seat.think_within(seen, 0.18, begun)
        assert search is begun and search.samples >= before
        assert search.best() in seen.legal_actions
    assert hits >= 2, "the likeliest positions came at least sometimes"


def test_nothing_is_handed_over_for_another_position() -> None:
    state = _person_to_move(3)
    ponder = HardSeat().ponder(state.observation(1))
    assert ponder is not None
    for _ in range(10):
        ponder.step()
    assert ponder.take(state.observation(2)) is None  # another seat's view: not this search


def test_no_thinking_ahead_without_a_clock() -> None:
    """Take-backs and tournaments search a fixed number of guesses: nothing may change that."""
    state = _person_to_move(1)
    fixed = HardSeat(config=HardConfig(iterations=40, budget_ms=None))
    assert fixed.ponder(state.observation(1)) is None


class _Listening:
    """A runner that only notes what it is shown to think ahead on."""

    def __init__(self) -> None:
        self.shown: list[tuple[int, object]] = []

    def ponder(self, seat: int, observation: object) -> None:
        self.shown.append((seat, observation))

    def close(self) -> None:
        pass


def _listened_table(kinds: list[str | None], to_move: int) -> tuple[Any, _Listening]:
    """A three-seat table (the person in seat 0) whose runner only listens, played on to
    ``to_move``'s turn; its session and the runner."""
    from game.match.session import MatchConfig, Session

    config = MatchConfig(players=3, rules=Rules.standard(), seed=4)
    session = Session(config, inline=True, kinds=kinds)
    listening = _Listening()
    session.runner = listening  # type: ignore[assignment]
    session.take_backs = False
    state = session.state
    if state.phase != PLAY:
        state.start_round()
    while state.current != to_move:
        state.apply(state.legal_actions()[0])
    return session, listening


def test_the_table_shows_each_hard_seat_its_own_view_once_a_position() -> None:
    session, listening = _listened_table([None, "hard", "normal"], 0)
    state = session.state
    session.ponder()
    session.ponder()  # the same position: not shown again
    assert listening.shown == [(1, state.observation(1))], "the Hard seat, its own view, once"
    session.take_backs = True  # fixed choices: nobody thinks ahead
    session.writer.lines.append({})
    session.ponder()
    assert len(listening.shown) == 1


def test_searches_begun_from_the_position_before_are_carried_on() -> None:
    """Thinking ahead again from a later position keeps the searches begun for positions it
    still finds likely (here the same position: all of them)."""
    state = _person_to_move(2)
    seat = HardSeat()
    earlier = seat.ponder(state.observation(1))
    assert earlier is not None
    while not earlier.finished:
        earlier.step()
    begun = {line.key: line.search for line in earlier.lines or [] if line.search is not None}
    assert begun
    later = seat.ponder(state.observation(1), earlier)
    assert later is not None
    while later.lines is None:
        later.step()
    carried = {line.key: line.search for line in later.lines if line.search is not None}
    assert carried and all(begun[key] is search for key, search in carried.items())


def _in_a_first_turn_line(seed: int) -> GameState:
    """Seat 1 to move in its first turn with a line to lay (more than one tile to play)."""
    state = GameState.new(Rules.standard(), 4, seed)
    state.start_round()
    seats = [NormalSeat() for _ in range(4)]
    while state.phase == PLAY:
        observation = state.observation(state.current)
        line = observation.first_pending[1] and len(observation.legal_actions) > 2
        if state.current == 1 and line:
            return state
        state.apply(seats[state.current].choose(observation))
    raise AssertionError("no first-turn line for seat 1")


def test_in_the_rest_of_its_pause_hard_thinks_about_its_own_next_step() -> None:
    """A Hard seat laying a first-turn line has chosen its play; what is left of the pause goes
    to the next step of its line, and that search is carried on when the step comes."""
    from game.ai.ponder import next_own_position

    carried = 0
    for seed in range(6):
        state = _in_a_first_turn_line(seed)
        seat = HardSeat()
        seen = state.observation(1)
        played = seat.choose_within(seen, 0.05)
        ponder = seat.ponder(seen, None, played)
        assert ponder is not None
        for _ in range(30):
            ponder.step()
        state.apply(played)
        if state.phase != PLAY or state.current != 1:
            assert next_own_position(seen, played) is None  # its turn is over: nothing to do
            continue
        after = state.observation(1)
        assert next_own_position(seen, played) == after, "the seat's next view, exactly"
        begun = ponder.take(after)
        assert begun is not None and begun.samples > 0
        search = seat.think_within(after, 0.05, begun)
        assert search is begun and search.best() in after.legal_actions
        carried += 1
    assert carried >= 3, "first-turn lines go on after most of their plays"


def test_no_next_step_to_think_about_after_a_draw() -> None:
    """A drawn tile is not known until it is drawn: the seat does not guess its next view."""
    from game.ai.ponder import next_own_position
    from game.rules import DRAW

    state = _person_to_move(5)
    seats = [NormalSeat() for _ in range(4)]
    while state.phase == PLAY:
        seen = state.observation(state.current)
        if DRAW in seen.legal_actions:
            assert next_own_position(seen, DRAW) is None
            ponder = HardSeat().ponder(seen, None, DRAW)
            assert ponder is not None
            ponder.step()
            assert ponder.lines == [] and ponder.finished
            return
        state.apply(seats[state.current].choose(seen))
    raise AssertionError("no position with a draw")


def test_the_seat_to_move_is_shown_its_view_too_for_the_rest_of_its_pause() -> None:
    """At a Hard seat's own move the table shows it its view as well (after its request), so
    that in the rest of its pause it can think about its next step."""
    session, listening = _listened_table([None, "hard", "hard"], 1)
    state = session.state
    session.ponder()
    assert listening.shown == [(1, state.observation(1)), (2, state.observation(2))]

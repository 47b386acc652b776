"""Every level: legal actions only, and decisions that cannot depend on hidden tiles."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from game.ai import EasySeat, HardConfig, HardSeat, NormalSeat, make_opponent
from game.ai import hard as hard_module
from game.ai.hard import HardSearch
from game.ai.simple import SEAT_KINDS, Seat, make_seat
from game.rules import GameState, Play, Rules
from game.rules.state import PLAY

from .helpers import TABLES, positions, reshuffled

# Hard searches a fixed number of guesses in tests: no clock, the same answer every time.
FAST_HARD = HardConfig(iterations=6, budget_ms=None)

LEVELS: dict[str, Callable[[int], Seat]] = {
    "easy": lambda seed: EasySeat(seed),
    "normal": lambda seed: NormalSeat(seed),
    "hard": lambda seed: HardSeat(seed, config=FAST_HARD),
}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_decision_cannot_depend_on_hidden_tiles(level: str) -> None:
    rng = random.Random(11)
    differed = 0
    count = 60 if level != "hard" else 30
    for game in positions(count, seed=len(level) * 101):
        seat = game.current
        other = reshuffled(game, seat, rng)
        hidden = [game.hands[s] for s in range(game.players) if s != seat] + [game.boneyard]
        hidden_other = [other.hands[s] for s in range(other.players) if s != seat] + [
            other.boneyard
        ]
        differed += hidden != hidden_other
        seen, seen_other = game.observation(seat), other.observation(seat)
        assert seen == seen_other  # everything the seat may know is the same
        first = LEVELS[level](5).choose(seen)
        second = LEVELS[level](5).choose(seen_other)
        assert first == second
        assert first in game.legal_actions() and second in other.legal_actions()
    assert differed > count // 2  # the hidden tiles really were different


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_always_legal_over_many_positions(level: str) -> None:
    count = 300 if level != "hard" else 60
    seat_maker = LEVELS[level]
    for index, game in enumerate(positions(count, seed=7 + len(level))):
        seat = seat_maker(index)
        action = seat.choose(game.observation(game.current))
        assert game.check(action) is None, (level, action, game.check(action))
        game.apply(action)


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_whole_rounds_with_every_level(rules: Rules, players: int) -> None:
    game = GameState.new(rules.with_options(rounds=1), players, seed=players * 13)
    seats = [LEVELS[("hard", "normal", "easy")[s % 3]](s) for s in range(players)]
    game.start_round()
    steps = 0
    while game.phase == PLAY:
        action = seats[game.current].choose(game.observation(game.current))
        game.apply(action)
        steps += 1
    assert game.round_over and steps > 0


def test_levels_are_registered_and_have_names_and_styles() -> None:
    for level in ("easy", "normal", "hard"):
        assert level in SEAT_KINDS
        seat = make_seat(level, 3)
        assert seat.name and getattr(seat, "style", "") and getattr(seat, "level", "") == level
    names = {make_opponent("normal", 1, persona=i).name for i in range(3)}
    assert len(names) == 3  # three Normal opponents at one table get three names
    assert make_seat("random", 1).name == "random" and make_seat("greedy", 1).name == "greedy"


def test_hard_is_repeatable_and_can_think_in_slices() -> None:
    config = HardConfig(iterations=12, budget_ms=None)
    for game in positions(12, seed=3):
        observation = game.observation(game.current)
        whole = HardSeat(8, config=config).choose(observation)
        search = HardSeat(8, config=config).start(observation)
        while not search.step(samples=1):
            pass
        assert search.best() == whole
        assert search.samples <= search.planned <= 12 * config.first_turn_factor


def test_hard_respects_a_time_budget_in_slices() -> None:
    # A short budget in slices: the search ends by itself (no time limit asserted here).
    game = next(positions(1, seed=21))
    config = HardConfig(iterations=None, budget_ms=5)
    search = HardSeat(1, config=config).start(game.observation(game.current))
    slices = 0
    while not search.step(seconds=0.001):
        slices += 1
        assert slices < 10_000
    assert search.best() in game.legal_actions()


def test_hard_without_a_budget_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("Hard read the clock")

    monkeypatch.setattr(hard_module, "_clock", time.perf_counter)  # restored after the test
    hard_module.use_clock(no_clock)
    timed = HardConfig(iterations=8, budget_ms=250)
    with pytest.raises(AssertionError, match="read the clock"):  # the patch holds: timed reads
        for game in positions(6, seed=4):
            HardSeat(2, config=timed).choose(game.observation(game.current))
    config = HardConfig(iterations=8, budget_ms=None)
    for game in positions(6, seed=4):
        action = HardSeat(2, config=config).choose(game.observation(game.current))
        assert action in game.legal_actions()


def test_hard_stops_at_its_time_guard_before_its_guesses() -> None:
    # A guard far below one guess's time: one guess is made, then the guard stops the search.
    config = HardConfig(iterations=10_000, budget_ms=1e-6, race_after=10_000)
    searched = 0
    for game in positions(20, seed=6):
        search = HardSeat(3, config=config).start(game.observation(game.current))
        search.step()
        if not search.trivial:
            assert search.samples == 1
            searched += 1
    assert searched > 5


def test_hard_thinks_longer_over_its_first_turn_than_later() -> None:
    # A round is mostly its first-turn lines: there Hard makes first_turn_factor times its
    # guesses (the race left out, so every guess is made).
    config = HardConfig(iterations=6, budget_ms=None, race_after=10**9, first_turn_factor=3)
    seen = set()
    for game in positions(200, seed=4):
        observation = game.observation(game.current)
        search = HardSeat(2, config=config).start(observation)
        if search.trivial:
            continue
        search.step()
        first = observation.first_pending[observation.seat]
        assert search.samples == (18 if first else 6)
        seen.add(first)
    assert seen == {True, False}


def test_hard_needs_guesses_or_a_budget() -> None:
    game = next(positions(1, seed=2))
    with pytest.raises(ValueError, match="iterations"):
        HardSeat(1, config=HardConfig(iterations=None, budget_ms=None)).start(
            game.observation(game.current)
        )


def _two_way_search(margin: float) -> HardSearch:
    """A search cut down to its first two candidates, with no guesses made yet."""
    config = HardConfig(iterations=None, budget_ms=1000.0, race_after=2, race_margin=margin)
    for game in positions(40, seed=9):
        search = HardSeat(4, config=config).start(game.observation(game.current))
        if len(search.candidates) >= 2:
            del search.candidates[2:], search.utilities[2:], search.active[2:]
            return search
    raise AssertionError("no position with two candidates")


def _add_guesses(search: HardSearch, rng: random.Random, differences: list[float]) -> None:
    """One guess per difference: candidate 1's utility is candidate 0's plus that difference."""
    for difference in differences:
        base = rng.uniform(-40.0, 40.0)
        search.utilities[0].append(base)
        search.utilities[1].append(base + difference)


def test_hard_race_settles_a_near_tie_only_with_its_margin() -> None:
    # Two candidates within a point of each other, with a spread that leaves either a chance to
    # be a point better: with a 2-point margin one of them is left (the search is settled),
    # with none both keep being searched.
    rng = random.Random(5)
    for margin, left in ((2.0, 1), (0.0, 2)):
        search = _two_way_search(margin)
        for _ in range(100):
            _add_guesses(search, rng, [-0.3 + rng.uniform(-10.0, 10.0)])
        search._race()
        assert search.active.count(True) == left
        assert search.done is (left == 1)


def test_hard_race_keeps_a_candidate_that_may_be_better_by_more_than_its_margin() -> None:
    # Candidate 1 trails by 1 point on average, but its spread leaves it a fair chance of being
    # 5 points better: the margin does not drop it.
    rng = random.Random(6)
    search = _two_way_search(2.0)
    for _ in range(30):
        _add_guesses(search, rng, [-1.0 + rng.uniform(-30.0, 30.0)])
    search._race()
    assert search.active == [True, True]
    assert not search.done


def test_hard_race_asks_for_more_evidence_in_its_first_guesses() -> None:
    # Candidate 1 trails by more standard errors than the race asks for later, fewer than it
    # asks for early: kept while the race is early, dropped once it is not.
    config = HardConfig()
    behind = (config.race_z + config.race_z_early) / 2
    rng = random.Random(7)
    diffs = [rng.gauss(0.0, 10.0) for _ in range(60)]
    mean = sum(diffs) / len(diffs)
    spread = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
    shift = -mean - behind * spread / len(diffs) ** 0.5
    for samples, kept in ((config.race_early - 1, True), (config.race_early, False)):
        search = _two_way_search(0.0)
        _add_guesses(search, rng, [d + shift for d in diffs])
        search.samples = samples  # the guesses made so far
        search._race()
        assert search.active == [True, kept]


def _ticking_clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Hard's clock as a counter (a millisecond a reading), so time-sliced thinking repeats
    exactly; the returned function starts it again from 0."""
    now = [0.0]

    def read() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(hard_module, "_clock", read)

    def restart() -> None:
        now[0] = 0.0

    return restart


def test_thinking_ahead_cannot_depend_on_hidden_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pondering (a Hard seat thinking on another seat's time) is handed the seat's own
    observation only: two tables that differ in hidden tiles alone give the same work."""
    restart = _ticking_clock(monkeypatch)
    rng = random.Random(23)
    compared = 0
    for game in positions(12, seed=404):
        seat = (game.current + 1) % game.players  # a seat waiting for another's move
        other = reshuffled(game, seat, rng)
        seen, seen_other = game.observation(seat), other.observation(seat)
        assert seen == seen_other
        work = []
        for observation in (seen, seen_other):
            restart()
            ponder = HardSeat(5).ponder(observation)
            assert ponder is not None
            for _ in range(12):
                ponder.step()
            lines = ponder.lines or []
            work.append(
                [
                    (line.key, line.weight, line.search.utilities if line.search else None)
                    for line in lines
                ]
            )
        assert work[0] == work[1]
        compared += bool(work[0])
    assert compared >= 6, "most positions had somewhere to think ahead to"


def test_thinking_about_its_own_next_step_cannot_depend_on_hidden_tiles() -> None:
    """In the rest of its pause a Hard seat thinks about its own next step (a first-turn line
    going on, a double to follow): the position it works out from its own view is the one the
    table then shows it, whatever the hidden tiles are."""
    from game.ai.ponder import next_own_position

    rng = random.Random(29)
    goes_on = 0
    for game in positions(30, seed=505):
        seat = game.current
        other = reshuffled(game, seat, rng)
        seen = game.observation(seat)
        assert seen == other.observation(seat)
        for action in seen.legal_actions:
            after = next_own_position(seen, action)
            shown = []
            for table in (game, other):
                played = table.copy()
                played.apply(action)
                if played.phase == PLAY and played.current == seat and isinstance(action, Play):
                    shown.append(played.observation(seat))
            if after is None:
                assert not shown, "its turn goes on: it knows where"
            else:
                assert shown == [after, after]
                goes_on += 1
    assert goes_on >= 5, "some turns went on after a play"

"""Rating a finished match against a level's goal: cleared or not, and one to three stars."""

from __future__ import annotations

import pytest

from game.ai.simple import make_seat
from game.levels import Goal, Level, Opponent, rate_game, rate_match
from game.rules import PLAY


def _level(goal: Goal, scoring: str = "penalty") -> Level:
    options: tuple[tuple[str, int | str | bool | None], ...] = (("rounds", 3),)
    if scoring == "positive":
        options = (("rounds", 3), ("scoring", "positive"))
    return Level(
        id="rated",
        order=1,
        name="Rated",
        description="A table.",
        preset="standard",
        options=options,
        opponents=(Opponent("Ada", "easy", "Calm"), Opponent("Bea", "easy", "Calm")),
        goal=goal,
    )


WIN = _level(Goal("win", None, 25, 10))
UNDER = _level(Goal("under", 70, 45, 25))
REACH = _level(Goal("reach", 60, 120, 180), scoring="positive")
POSITIVE_WIN = _level(Goal("win", None, 100, 150), scoring="positive")


@pytest.mark.parametrize(
    ("totals", "winners", "cleared", "stars"),
    [
        ((5, 30, 40), (0,), True, 3),
        ((9, 30, 40), (0,), True, 3),
        ((10, 30, 40), (0,), True, 2),  # thresholds are "under": 10 is not under 10
        ((24, 30, 40), (0,), True, 2),
        ((25, 30, 40), (0,), True, 1),
        ((29, 30, 40), (0,), True, 1),
        ((20, 20, 40), (0, 1), True, 2),  # a shared first place is a win
        ((5, 3, 40), (1,), False, 0),  # a low total without the win earns nothing
    ],
)
def test_win_goal(
    totals: tuple[int, ...], winners: tuple[int, ...], cleared: bool, stars: int
) -> None:
    rating = rate_match(WIN, totals, winners)
    assert (rating.cleared, rating.stars, rating.total) == (cleared, stars, totals[0])
    assert rating.won == (0 in winners)


@pytest.mark.parametrize(
    ("total", "cleared", "stars"),
    [(0, True, 3), (24, True, 3), (25, True, 2), (44, True, 2), (45, True, 1), (69, True, 1)]
    + [(70, False, 0), (200, False, 0)],
)
def test_under_goal_does_not_need_the_win(total: int, cleared: bool, stars: int) -> None:
    rating = rate_match(UNDER, (total, 1, 2), (1,))
    assert (rating.cleared, rating.stars, rating.won) == (cleared, stars, False)


@pytest.mark.parametrize(
    ("total", "cleared", "stars"),
    [(0, False, 0), (59, False, 0), (60, True, 1), (119, True, 1), (120, True, 2)]
    + [(179, True, 2), (180, True, 3), (500, True, 3)],
)
def test_reach_goal_counts_up(total: int, cleared: bool, stars: int) -> None:
    rating = rate_match(REACH, (total, 0, 0), (0,))
    assert (rating.cleared, rating.stars) == (cleared, stars)


def test_positive_win_goal_stars_count_up() -> None:
    assert rate_match(POSITIVE_WIN, (160, 20, 0), (0,)).stars == 3
    assert rate_match(POSITIVE_WIN, (120, 20, 0), (0,)).stars == 2
    assert rate_match(POSITIVE_WIN, (40, 20, 0), (0,)).stars == 1
    assert rate_match(POSITIVE_WIN, (40, 90, 0), (1,)).stars == 0


def test_the_player_may_sit_elsewhere() -> None:
    assert rate_match(WIN, (30, 5, 40), (1,), seat=1).stars == 3
    with pytest.raises(ValueError, match="seat 3"):
        rate_match(WIN, (1, 2, 3), (0,), seat=3)


def test_rate_game_reads_a_finished_match() -> None:
    game = WIN.new_game(seed=5)
    seats = [make_seat("greedy", 1), make_seat("random", 2), make_seat("random", 3)]
    with pytest.raises(ValueError, match="not over"):
        rate_game(WIN, game)
    while not game.match_over:
        game.start_round()
        while game.phase == PLAY:
            game.apply(seats[game.current].choose(game.observation(game.current)))
    rating = rate_game(WIN, game)
    assert rating == rate_match(WIN, game.totals, game.match_winners)
    assert rating.total == game.totals[0] and rating.won == (0 in game.match_winners)
    assert game.round_number == 3

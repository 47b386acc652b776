"""Hints: the play a level would make, and the planned tray, from an observation only."""

from __future__ import annotations

import pytest

from game.ai import hint, plan_hand
from game.ai.normal import normal_action
from game.rules.tiles import mask_of

from .helpers import positions


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hint_is_legal(level: str) -> None:
    for game in positions(15, seed=31):
        observation = game.observation(game.current)
        action = hint(observation, level)
        assert action in game.legal_actions()
        assert hint(observation, level) == action  # the same hint when asked again


def test_normal_hint_is_normals_play() -> None:
    for game in positions(20, seed=32):
        observation = game.observation(game.current)
        assert hint(observation) == normal_action(observation)


def test_hint_refuses_a_seat_that_is_not_to_move_and_an_unknown_level() -> None:
    game = next(positions(1, seed=33))
    waiting = (game.current + 1) % game.players
    with pytest.raises(ValueError, match="turn"):
        hint(game.observation(waiting))
    with pytest.raises(ValueError, match="unknown level"):
        hint(game.observation(game.current), "expert")


def test_plan_hand_splits_the_hand_into_a_line_and_free_tiles() -> None:
    for game in positions(40, seed=34):
        for seat in range(game.players):
            observation = game.observation(seat)
            line, free = plan_hand(observation)
            assert mask_of(line) | mask_of(free) == mask_of(observation.hand)
            assert len(line) + len(free) == len(observation.hand)
            end = observation.trains[seat].open_end
            for tile in line:
                assert tile.has(end)
                end = tile.other(end)
            assert [t.pips for t in free] == sorted((t.pips for t in free), reverse=True) or any(
                t.id == 0 for t in free
            )

"""Plan my hand: the planned tray, from an observation only."""

from __future__ import annotations

from game.ai import plan_hand
from game.rules.tiles import mask_of

from .helpers import positions


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

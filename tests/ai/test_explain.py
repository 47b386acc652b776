"""Why one move beats another: the hint's and the review's reason follows from the position."""

from __future__ import annotations

from collections import Counter

from game.ai.explain import SHED_PIPS, Why, own_line_after, reason
from game.rules import Observation, Play, Tile
from game.rules.tiles import iter_ids, tile_from_id

from .helpers import positions


def longest_line(tiles: list[Tile], end: int) -> int:
    """The longest line ``tiles`` make from ``end``, by trying every order (small hands)."""
    best = 0
    for index, tile in enumerate(tiles):
        if end in (tile.low, tile.high):
            rest = tiles[:index] + tiles[index + 1 :]
            best = max(best, 1 + longest_line(rest, tile.pips - end))
    return best


def own_line_by_hand(observation: Observation, play: Play) -> int:
    hand = [tile_from_id(i) for i in iter_ids(observation.hand_mask) if i != play.tile_id]
    end = observation.trains[observation.seat].open_end
    if play.train == observation.seat:
        return 1 + longest_line(hand, play.tile.pips - end)
    return longest_line(hand, end)


def test_each_reason_is_a_fact_of_the_position() -> None:
    """Over many positions and every pair of plays: a double only after the first turn and
    when the other is none; a longer line for the seat's own train by exactly the tiles said
    (checked against every order of a small hand); the pips shed by exactly the figure."""
    seen: Counter[str] = Counter()
    checked_lines = 0
    for game in positions(60, seed=29):
        observation = game.observation(game.current)
        plays = [a for a in observation.legal_actions if isinstance(a, Play)]
        others = list(observation.legal_actions)
        first_turn = observation.first_pending[observation.seat]
        for better in plays:
            for other in others:
                found = reason(observation, better, other)
                if better == other:
                    assert found is None
                    continue
                made = other if isinstance(other, Play) else None
                if found is None:
                    continue
                seen[found.why] += 1
                if found.why == Why.DOUBLE:
                    assert better.tile.is_double and not first_turn
                    assert made is None or not made.tile.is_double
                elif found.why == Why.LONGER_LINE:
                    assert made is not None
                    longer = own_line_after(observation, better) - own_line_after(observation, made)
                    assert found.amount == longer > 0
                    if len(observation.hand) <= 9:
                        by_hand = own_line_by_hand(observation, better) - own_line_by_hand(
                            observation, made
                        )
                        assert by_hand == longer
                        checked_lines += 1
                else:
                    shed = better.tile.pips - (made.tile.pips if made is not None else 0)
                    assert found.why == Why.SHEDS and found.amount == shed >= SHED_PIPS
    assert set(seen) == {Why.DOUBLE, Why.LONGER_LINE, Why.SHEDS}, seen
    assert checked_lines > 0


def test_a_draw_or_a_stop_has_no_tile_to_explain() -> None:
    for game in positions(20, seed=3):
        observation = game.observation(game.current)
        for action in observation.legal_actions:
            if not isinstance(action, Play):
                for other in observation.legal_actions:
                    assert reason(observation, action, other) is None

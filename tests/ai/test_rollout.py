"""Hard's fast playout policy: it keeps a planned line's order and plays every round out."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.base import values_for
from game.ai.planner import best_line, quick_line, quick_line_ids, short_line_ids
from game.ai.rollout import DEFAULT_ROLLOUT, RolloutWeights, fast_playout, playout
from game.rules import GameState, Rules
from game.rules.state import PLAY
from game.rules.tiles import HIGH, LOW, NUMBER_MASK, PIPS, set_mask

from .helpers import positions


def test_quick_line_ids_is_a_chain_from_the_end_and_matches_the_mask() -> None:
    rng = random.Random(4)
    for _ in range(300):
        ids = rng.sample(range(set_mask(12).bit_length()), 15)
        hand = sum(1 << i for i in ids)
        end = rng.randrange(13)
        order = quick_line_ids(hand, end)
        assert sum(1 << i for i in order) == quick_line(hand, end)
        at = end
        for tile_id in order:
            assert NUMBER_MASK[at] >> tile_id & 1, "each tile continues the line"
            at = LOW[tile_id] + HIGH[tile_id] - at


def test_first_turn_line_is_laid_in_the_planned_order() -> None:
    # Several tiles of a line may fit the open end (12|5 and 3|12 in 12|5, 5|3, 3|12, ...):
    # the playout must lay the next one, not the heaviest one.
    rules = Rules.standard()
    values = values_for(rules)
    out_of_order = 0
    for seed in range(60):
        game = GameState.new(rules, 4, seed)
        game.start_round()
        seat = game.current
        assert game.first_pending[seat]
        line = best_line(game.hands[seat], game.train_end[seat]).ids
        out_of_order += _heaviest_first_differs(line, game.train_end[seat])
        lines: list[tuple[int, ...]] = [()] * 4
        lines[seat] = line
        state = game.copy()
        playout(state, random.Random(seed), values, list(lines), DEFAULT_ROLLOUT)
        assert state.phase != PLAY
        assert tuple(state.train_tiles[seat][: len(line)]) == line
    assert out_of_order >= 5  # the heaviest-first order would have failed here


def _heaviest_first_differs(line: tuple[int, ...], end: int) -> bool:
    """Whether laying the heaviest fitting line tile each time would leave the line's order."""
    for index, tile_id in enumerate(line):
        fitting = [i for i in line[index:] if NUMBER_MASK[end] >> i & 1]
        if max(fitting, key=lambda i: PIPS[i]) != tile_id:
            return True
        end = LOW[tile_id] + HIGH[tile_id] - end
    return False


def test_playouts_finish_every_round_on_every_table() -> None:
    for game in positions(80, seed=9):
        state = game.copy()
        playout(state, random.Random(1), values_for(game.rules), [()] * game.players)
        assert state.phase != PLAY


def test_fast_playout_plays_exactly_as_the_engine_driven_one() -> None:
    # The fast playout re-implements the engine's turn: the same policy with the same random
    # numbers must end every round with the same scores, on every table of the helpers.
    compared = 0
    for index, game in enumerate(positions(300, seed=17)):
        values = values_for(game.rules)
        rng = random.Random(index)
        lines: list[Sequence[int]] = []
        for seat in range(game.players):
            hand, end = game.hands[seat], game.train_end[seat]
            lines.append(quick_line_ids(hand, end) if rng.random() < 0.7 else ())
        for weights in (DEFAULT_ROLLOUT, RolloutWeights(endgame=2, replan=False)):
            reference = game.copy()
            playout(reference, random.Random(index), values, list(lines), weights)
            fast = fast_playout(game.copy(), random.Random(index), values, list(lines), weights)
            assert fast == reference.round_scores[-1], (index, weights)
            compared += 1
    assert compared == 600


def test_short_line_is_a_chain_and_exact_when_the_search_is_not_cut() -> None:
    rng = random.Random(8)
    for size, nodes in ((7, 1_000_000), (15, 30)):
        for _ in range(150):
            hand = sum(1 << i for i in rng.sample(range(91), size))
            end = rng.randrange(13)
            order = short_line_ids(hand, end, nodes)
            assert len(set(order)) == len(order) and all(hand >> i & 1 for i in order)
            at = end
            for tile_id in order:
                assert NUMBER_MASK[at] >> tile_id & 1
                at = LOW[tile_id] + HIGH[tile_id] - at
            best = best_line(hand, end)
            assert len(order) <= best.length
            if size == 7:  # searched to the end: as long and as heavy as the exact plan
                assert (len(order), sum(PIPS[i] for i in order)) == (best.length, best.pips)

"""Plan my hand: the planner's line for the seat's own train, in playing order, and the free
tiles (heaviest first), ready to lay out in the tray. (The Hint button asks the coach:
:func:`game.ai.review.hint_advice`, the review's and Hard's own judgement.)

It reads only the observation, so a plan can never leak a hidden tile.

>>> from game.rules import GameState, Rules
>>> game = GameState.new(Rules.standard(), players=4, seed=7)
>>> _ = game.start_round()
>>> line, free = plan_hand(game.observation(0))
>>> len(line) + len(free) == len(game.hand(0))
True
"""

from __future__ import annotations

from game.rules import Observation, Tile
from game.rules.tiles import mask_of

from .base import values_for
from .planner import best_line


def plan_hand(observation: Observation) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The seat's planned line (playing order) and its free tiles (heaviest first)."""
    line = best_line(mask_of(observation.hand), observation.trains[observation.seat].open_end)
    values = values_for(observation.rules)
    free = sorted(line.free, key=lambda t: (-values[t.id], -t.id))
    return line.tiles, tuple(free)

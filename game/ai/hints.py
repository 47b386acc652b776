"""Hints for the player at the table: the play a level would make, and the planned hand.

* :func:`hint`: the action the Normal policy (or Easy, or Hard with a short search) would take
  for the seat whose observation it is given. The table's Hint button asks the coach instead
  (:func:`game.ai.review.hint_advice`, the review's own judgement).
* :func:`plan_hand` answers the "plan my hand" toggle: the planner's line for the seat's own
  train, in playing order, and the free tiles (heaviest first), ready to lay out in the tray.

Both read only the observation, so a hint can never leak a hidden tile.

>>> from game.rules import GameState, Rules
>>> game = GameState.new(Rules.standard(), players=4, seed=7)
>>> _ = game.start_round()
>>> line, free = plan_hand(game.observation(0))
>>> len(line) + len(free) == len(game.hand(0))
True
>>> hint(game.observation(game.current)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from game.rules import Action, Observation, Tile
from game.rules.tiles import mask_of

from .base import LEVELS, values_for
from .easy import easy_action
from .hard import HardConfig, HardSearch
from .normal import normal_action
from .planner import best_line

# Hard's hint searches a fixed number of guesses: the same hint every time it is asked.
HINT_ITERATIONS = 60


def hint(observation: Observation, level: str = "normal", seed: int = 0) -> Action:
    """The action ``level`` would take now; ValueError if it is not this seat's turn."""
    if not observation.legal_actions:
        raise ValueError("a hint needs a seat whose turn it is")
    if level == "normal":
        return normal_action(observation)
    if level == "hard":
        config = HardConfig(iterations=HINT_ITERATIONS, first_turn_factor=1, budget_ms=None)
        search = HardSearch(observation, config, random.Random(f"hint/{seed}"))
        search.step()
        return search.best()
    if level == "easy":
        return easy_action(observation, random.Random(f"hint/{seed}"))
    raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")


def plan_hand(observation: Observation) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The seat's planned line (playing order) and its free tiles (heaviest first)."""
    line = best_line(mask_of(observation.hand), observation.trains[observation.seat].open_end)
    values = values_for(observation.rules)
    free = sorted(line.free, key=lambda t: (-values[t.id], -t.id))
    return line.tiles, tuple(free)

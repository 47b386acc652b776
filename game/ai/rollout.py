"""The fast policy Hard's search plays every seat with, to the end of a round.

It works on a full (guessed) :class:`~game.rules.GameState` with ``legal_actions`` and
``apply_quietly`` and must be cheap: a few microseconds a step. It is Normal in miniature:
each seat starts the playout with a planned line (a bit mask of tiles kept for its own train,
from :mod:`game.ai.planner`), and then

* sheds a free tile (one not in its line) on another train, heaviest first;
* else lays its line on its own train;
* takes its marker off when it can (a play on its own train while the marker is up);
* leans towards doubles (a double is followed by another tile), most of all a double it can
  cover itself;
* breaks its line only when nothing else plays, and then forgets the line (plays greedily).

``0|0`` counts its points, and a little noise makes the playouts differ.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules import END_TURN, GameState, Play
from game.rules.state import PLAY
from game.rules.tiles import IS_DOUBLE, LOW, NUMBER_MASK


@dataclass(frozen=True, slots=True)
class RolloutWeights:
    """Bonuses in points, against the tile's own value (at most 50, for ``0|0``)."""

    free_elsewhere: float = 60.0  # a free tile on another train
    line_own: float = 30.0  # the next tile of the line on one's own train
    marker: float = 70.0  # a play on one's own train while one's marker is up
    double: float = 15.0  # a double (it is followed by another tile)
    double_cover: float = 40.0  # a double the hand can cover itself
    noise: float = 3.0  # uniform noise, so that playouts differ
    endgame: int = 2  # another seat holds this many tiles or fewer: shed heavy tiles (0: never)


DEFAULT_ROLLOUT = RolloutWeights()


def playout(
    state: GameState,
    rng: random.Random,
    values: Sequence[int],
    lines: list[int],
    weights: RolloutWeights = DEFAULT_ROLLOUT,
) -> None:
    """Play the round in ``state`` to its end with the fast policy (``state`` changes).

    ``lines`` holds each seat's planned line as a tile mask; it is updated as lines are laid
    or broken. Once another seat holds ``endgame`` tiles or fewer, a seat forgets its line and
    sheds its heaviest tiles; a first-turn line stops where the planned line does.
    """
    is_double = IS_DOUBLE
    number_mask = NUMBER_MASK
    low = LOW
    play_class = Play
    noise = rng.random
    free_elsewhere = weights.free_elsewhere
    line_own = weights.line_own
    marker = weights.marker
    double = weights.double
    double_cover = weights.double_cover
    spread = weights.noise
    endgame = weights.endgame
    hands = state.hands
    players = state.players
    while state.phase == PLAY:
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = state.current
            line = lines[seat]
            if line and endgame:
                for other in range(players):
                    if other != seat and hands[other].bit_count() <= endgame:
                        line = lines[seat] = 0
                        break
            marked = state.markers[seat]
            best = None
            best_key = -1e9
            for candidate in legal:
                if candidate.__class__ is not play_class:
                    continue
                tile_id = candidate.tile_id
                train = candidate.train
                key = values[tile_id] + spread * noise()
                if line >> tile_id & 1:
                    if train == seat:
                        key += line_own
                elif train != seat:
                    key += free_elsewhere
                elif not line:
                    key += line_own
                if is_double[tile_id]:
                    key += double
                    if (hands[seat] ^ 1 << tile_id) & number_mask[low[tile_id]]:
                        key += double_cover
                if marked and train == seat:
                    key += marker
                if key > best_key:
                    best_key = key
                    best = candidate
            if best is None:
                action = legal[0]
            elif state.chain and line and not line >> best.tile_id & 1:
                action = END_TURN  # the planned first-turn line is laid: stop there
            else:
                action = best
        if action.__class__ is play_class:
            seat = state.current
            line = lines[seat]
            if line:
                tile_id = action.tile_id
                bit = 1 << tile_id
                if line & bit and action.train == seat:
                    lines[seat] = line ^ bit
                elif line & bit or action.train == seat:
                    lines[seat] = 0  # the line is broken: play greedily from now on
        state.apply_quietly(action)

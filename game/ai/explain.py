"""Why one move beats another, in facts that follow from the position (the hint's and the
review's reason, one for both).

The search says by how much a move is better; this says what about it a player can see:

* ``DOUBLE``: the better move lays a double after the first turn (its player then plays one
  more tile), the other does not;
* ``LONGER_LINE``: after the better move the seat's own train can still take a longer line of
  its hand (:func:`game.ai.planner.best_line`) than after the other;
* ``SHEDS``: the better move lays a tile of at least :data:`SHED_PIPS` more pips (pips left in
  the hand are what a round scores).

The first that holds is the reason; none is given when none does (the figure then speaks).

>>> from game.rules import DRAW, GameState, Rules
>>> game = GameState.new(Rules.standard().with_options(set_size=6), players=2, seed=3)
>>> _ = game.start_round()
>>> reason(game.observation(game.current), DRAW, DRAW) is None  # a draw lays no tile to explain
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.rules import Action, Observation, Play
from game.rules.tiles import mask_of

from .planner import best_line

SHED_PIPS = 4  # a tile this many pips heavier is worth saying so


class Why(StrEnum):
    DOUBLE = "double"
    LONGER_LINE = "longer_line"
    SHEDS = "sheds"


class Reason(NamedTuple):
    """A reason (plain values: it crosses from the help worker pickled)."""

    why: str  # a Why
    amount: int  # SHEDS: the pips more; LONGER_LINE: the tiles more in the line; DOUBLE: 0


def reason(observation: Observation, better: Action, other: Action) -> Reason | None:
    """What makes ``better`` better than ``other`` for the seat of ``observation`` (to move)."""
    if not isinstance(better, Play) or better == other:
        return None
    made = other if isinstance(other, Play) else None
    seat = observation.seat
    later_turn = not observation.first_pending[seat]
    if better.tile.is_double and later_turn and not (made is not None and made.tile.is_double):
        return Reason(Why.DOUBLE.value, 0)
    legal = observation.legal_actions
    if made is not None and better in legal and made in legal:
        longer = own_line_after(observation, better) - own_line_after(observation, made)
        if longer > 0:
            return Reason(Why.LONGER_LINE.value, longer)
    shed = better.tile.pips - (made.tile.pips if made is not None else 0)
    if shed >= SHED_PIPS:
        return Reason(Why.SHEDS.value, shed)
    return None


def own_line_after(observation: Observation, play: Play) -> int:
    """How many tiles of the hand the seat's own train can still take in a line after
    ``play``, a legal play (the play itself counted when it is on that train)."""
    seat = observation.seat
    hand = mask_of(observation.hand) & ~(1 << play.tile_id)
    end = observation.trains[seat].open_end
    if play.train == seat:
        return 1 + len(best_line(hand, play.tile.pips - end).ids)
    return len(best_line(hand, end).ids)

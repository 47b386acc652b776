"""What an action caused, in order, so the table can animate it and records can be written.

Events are small named tuples. Train numbers follow ``actions``: seats for personal trains,
``players`` for the Mexican train.
"""

from __future__ import annotations

from typing import NamedTuple

from .phases import DecidedBy, RoundEnd
from .tiles import Tile


class RoundStarted(NamedTuple):
    round: int  # 1-based
    engine: Tile
    hands: tuple[tuple[Tile, ...], ...]  # as dealt, deal order
    boneyard: tuple[Tile, ...]  # top (next to be drawn) first


class EngineDrawn(NamedTuple):
    """A tile drawn while nobody held the engine (it stays in the drawer's hand)."""

    seat: int
    tile: Tile


class EnginePlaced(NamedTuple):
    seat: int
    tile: Tile


class TilePlayed(NamedTuple):
    seat: int
    tile: Tile
    train: int
    # The tile as it lies on the train: ``touching`` joins the previous end, ``open_end``
    # is the train's new open end.
    touching: int
    open_end: int


class TileDrawn(NamedTuple):
    seat: int
    tile: Tile  # known to the drawer only; observers see a TileDrawn of the seat alone


class MarkerPlaced(NamedTuple):
    seat: int


class MarkerRemoved(NamedTuple):
    seat: int


class DoubleOpened(NamedTuple):
    train: int
    tile: Tile


class DoubleSatisfied(NamedTuple):
    train: int
    tile: Tile  # the double that is no longer open


class TurnPassed(NamedTuple):
    """The seat could not play: its marker is down and the turn moves on."""

    seat: int


class TurnStarted(NamedTuple):
    seat: int
    first_turn: bool
    must_satisfy: int | None  # the train of the open double this turn must satisfy


class WentOut(NamedTuple):
    seat: int


class RoundEnded(NamedTuple):
    round: int
    reason: RoundEnd
    hands: tuple[tuple[Tile, ...], ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # who won the round (went out, or lowest hand when blocked)


class MatchEnded(NamedTuple):
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: DecidedBy


Event = (
    RoundStarted
    | EngineDrawn
    | EnginePlaced
    | TilePlayed
    | TileDrawn
    | MarkerPlaced
    | MarkerRemoved
    | DoubleOpened
    | DoubleSatisfied
    | TurnPassed
    | TurnStarted
    | WentOut
    | RoundEnded
    | MatchEnded
)

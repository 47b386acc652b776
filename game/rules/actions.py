"""The actions a seat can take, as small immutable values.

``Play(tile, train)`` lays a tile on a train; ``Draw()`` takes the boneyard's top tile;
``Pass()`` places the seat's marker and ends the turn when it cannot play; ``EndTurn()`` stops a
first-turn line early (option ``first_turn_chain``). Trains are numbered: personal trains by
their owner's seat ``0 .. P-1``, and the Mexican train is number ``P`` (see ``mexican_train``).
The engine hands out interned action objects, so comparing and hashing them is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True)
class Play:
    tile: Tile
    train: int
    # The tile's id, kept so the engine's hot path never recomputes it.
    tile_id: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        tile = self.tile if type(self.tile) is Tile else Tile(*self.tile)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "tile_id", tile.id)

    def __str__(self) -> str:
        return f"play {self.tile} on train {self.train}"

    def __reduce__(self) -> tuple[type[Play], tuple[Tile, int]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (Play, (self.tile, self.train))


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


Action = Play | Draw | Pass | EndTurn

DRAW = Draw()
PASS = Pass()
END_TURN = EndTurn()


def mexican_train(players: int) -> int:
    """The train number of the Mexican train at a table of ``players``."""
    return players


def train_name(train: int, players: int) -> str:
    """The record's name of a train: ``p0``, ``p1``, ... or ``mexican``."""
    return "mexican" if train == players else f"p{train}"


def train_from_name(name: str, players: int) -> int | None:
    """The train number for a record name, or None if there is no such train."""
    if name == "mexican":
        return players
    if len(name) >= 2 and name[0] == "p" and name[1:].isdigit() and name[1:] == str(int(name[1:])):
        seat = int(name[1:])
        if seat < players:
            return seat
    return None


class PlayTable:
    """Interned ``Play`` objects for every (tile id, train) of one table size."""

    __slots__ = ("plays",)

    def __init__(self, trains: int) -> None:
        self.plays: tuple[tuple[Play, ...], ...] = tuple(
            tuple(Play(tile, train) for train in range(trains)) for tile in ALL_TILES
        )


_PLAY_TABLES: dict[int, PlayTable] = {}


def play_table(trains: int) -> PlayTable:
    table = _PLAY_TABLES.get(trains)
    if table is None:
        table = _PLAY_TABLES[trains] = PlayTable(trains)
    return table

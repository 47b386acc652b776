"""Writing a game record: the lines of one match, from its events, in the format of RECORD.md.

:mod:`game.rules.record` reads them back and replays them (and says where its format is set
out); the writer is apart because the table, the saves and the benchmarks write while only
replays and checks read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from . import events as ev
from .actions import train_name
from .options import RulesError
from .state import GameState
from .tiles import Tile

RECORD_VERSION = 1  # the format's version, in every record's first line


def _tile_json(tile: Tile) -> list[int]:
    return [tile.low, tile.high]


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


class RecordWriter:
    """Collects the lines of one match from the engine's events."""

    def __init__(self, state: GameState) -> None:
        if state.round_number != 0:
            raise RulesError("a record starts with a match that has not started yet")
        self.players = state.players
        rules = state.rules.with_options(
            set_size=state.deal.set_size, hand_size=state.deal.hand_size, rounds=state.deal.rounds
        )
        self.lines: list[dict[str, Any]] = [
            {
                "type": "match",
                "version": RECORD_VERSION,
                "players": state.players,
                "names": list(state.names),
                "rules": rules.as_dict(),
                "set": state.deal.set_size,
                "seed": state.seed,
            }
        ]

    def add(self, events: Iterable[ev.Event]) -> None:
        """Record what a ``start_round`` or ``apply`` returned."""
        for event in events:
            line = self._line(event)
            if line is not None:
                self.lines.append(line)

    def _line(self, event: ev.Event) -> dict[str, Any] | None:
        if isinstance(event, ev.RoundStarted):
            return {
                "type": "round",
                "round": event.round,
                "engine": _tile_json(event.engine),
                "hands": [[_tile_json(t) for t in hand] for hand in event.hands],
                "boneyard": [_tile_json(t) for t in event.boneyard],
            }
        if isinstance(event, ev.EngineDrawn | ev.TileDrawn):
            return {"type": "draw", "seat": event.seat, "tile": _tile_json(event.tile)}
        if isinstance(event, ev.EnginePlaced):
            return {"type": "engine", "seat": event.seat}
        if isinstance(event, ev.TilePlayed):
            return {
                "type": "play",
                "seat": event.seat,
                "tile": _tile_json(event.tile),
                "train": train_name(event.train, self.players),
            }
        if isinstance(event, ev.TurnPassed):
            return {"type": "pass", "seat": event.seat}
        if isinstance(event, ev.RoundEnded):
            return {
                "type": "round_end",
                "round": event.round,
                "reason": event.reason,
                "hands": [[_tile_json(t) for t in hand] for hand in event.hands],
                "scores": list(event.scores),
                "totals": list(event.totals),
            }
        if isinstance(event, ev.MatchEnded):
            return {
                "type": "match_end",
                "totals": list(event.totals),
                "winners": list(event.winners),
            }
        return None

    def text(self) -> str:
        return "".join(_dump(line) + "\n" for line in self.lines)

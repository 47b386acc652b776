"""One match being played on screen: the rules' state, who sits where, and the computer seats."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import GameState, Rules
from game.rules import events as ev
from game.scenes.runner import InlineRunner, ProcessRunner, SeatRunner

OPPONENT_NAMES = (
    "Ana",
    "Bo",
    "Cy",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hana",
    "Ivo",
    "Juno",
    "Kai",
    "Lea",
    "Max",
)

# Seat kinds in the order a menu offers them, with the words a player sees.
KIND_LABELS: dict[str, str] = {
    "easy": "Easy",
    "normal": "Normal",
    "hard": "Hard",
    "greedy": "Greedy",
    "random": "Random",
}


def opponent_kinds() -> list[str]:
    """The seat kinds the AI offers now (new levels appear here once registered)."""
    from game.ai.simple import SEAT_KINDS

    known = [k for k in KIND_LABELS if k in SEAT_KINDS]
    return known + sorted(k for k in SEAT_KINDS if k not in KIND_LABELS)


def default_opponent() -> str:
    kinds = opponent_kinds()
    for kind in ("normal", "greedy"):
        if kind in kinds:
            return kind
    return kinds[0]


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


@dataclass(frozen=True)
class MatchConfig:
    players: int = 4
    rules: Rules = Rules()
    opponent: str = ""
    seed: int | None = None
    you: str = "You"

    def names(self) -> tuple[str, ...]:
        return (self.you, *OPPONENT_NAMES[: self.players - 1])


class Session:
    """The state of one match and the seats that play it. Seat 0 is the person."""

    human = 0

    def __init__(self, config: MatchConfig, *, inline: bool = False) -> None:
        self.config = config
        seed = config.seed if config.seed is not None else random.randrange(1, 2**31)
        self.seed = seed
        self.state = GameState.new(config.rules, config.players, seed, config.names())
        opponent = config.opponent or default_opponent()
        self.opponent = opponent
        kinds: list[str | None] = [None] + [opponent] * (config.players - 1)
        self.runner: SeatRunner = (
            InlineRunner(kinds, seed) if inline else ProcessRunner(kinds, seed)
        )
        self.round_events: list[ev.Event] = []

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def start_round(self) -> list[ev.Event]:
        self.round_events = self.state.start_round()
        return self.round_events

    def close(self) -> None:
        self.runner.close()

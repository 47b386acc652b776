"""One match being played on screen: the rules' state, who sits where, and the computer seats."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.base import PERSONAS, Persona
from game.rules import END_TURN, Action, GameState, Rules
from game.rules import events as ev
from game.rules.record import RecordWriter
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
    humans: int = 1  # people at this device (pass and play when more than one): seats 0..n-1

    def names(self) -> tuple[str, ...]:
        if self.humans > 1:
            people = tuple(f"Player {i + 1}" for i in range(self.humans))
            return (*people, *OPPONENT_NAMES[: self.players - self.humans])
        return (self.you, *OPPONENT_NAMES[: self.players - 1])


def seat_names(kinds: Sequence[str | None], you: str = "You") -> tuple[str, ...]:
    """A name per seat: people are "You" (or "Player N" when several share the device);
    computer seats take their level's persona names in turn, then plain names once those
    run out, so no two seats share a name."""
    people = sum(kind is None for kind in kinds)
    names: list[str] = []
    used_per_kind: dict[str, int] = {}
    spare = iter(OPPONENT_NAMES)
    for seat, kind in enumerate(kinds):
        if kind is None:
            names.append(you if people == 1 else f"Player {seat + 1}")
            continue
        personas = PERSONAS.get(kind, ())
        index = used_per_kind.get(kind, 0)
        used_per_kind[kind] = index + 1
        if index < len(personas) and personas[index].name not in names:
            names.append(personas[index].name)
            continue
        name = next(spare, f"Seat {seat + 1}")
        while name in names:
            name = next(spare, f"Seat {seat + 1}")
        names.append(name)
    return tuple(names)


Listener = Callable[["Session", list[ev.Event]], None]


class Session:
    """The state of one match and the seats that play it. Seat 0 is the person.

    Every change goes through :meth:`start_round` and :meth:`apply`, which keep the match's
    game record (``writer``) and tell the ``listeners`` (the autosave) what happened.
    ``kinds`` names each seat's player: None for a person, else a computer seat kind.
    """

    human: int | None = 0  # whose hand shows (pass and play: changes turn by turn, or None)

    def __init__(
        self,
        config: MatchConfig,
        *,
        inline: bool = False,
        kinds: Sequence[str | None] | None = None,
        state: GameState | None = None,
        writer: RecordWriter | None = None,
    ) -> None:
        self.config = config
        opponent = config.opponent or default_opponent()
        self.opponent = opponent
        players = state.players if state is not None else config.players
        if kinds is None:
            humans = max(1, min(config.humans, players))
            kinds = [None] * humans + [opponent] * (players - humans)
        self.kinds: list[str | None] = list(kinds)
        if state is None:
            seed = config.seed if config.seed is not None else random.randrange(1, 2**31)
            state = GameState.new(config.rules, config.players, seed, seat_names(kinds, config.you))
        self.seed = state.seed
        self.state = state
        self.writer = writer if writer is not None else RecordWriter(state)
        self.runner: SeatRunner = (
            InlineRunner(self.kinds, self.seed) if inline else ProcessRunner(self.kinds, self.seed)
        )
        self.round_events: list[ev.Event] = []
        self.ended_turn = False  # the last action was END_TURN (which writes no record line)
        self.listeners: list[Listener] = []

    def is_person(self, seat: int) -> bool:
        return self.kinds[seat] is None

    @property
    def pass_and_play(self) -> bool:
        """Several people share this device: each hand shows only to its owner, in turn."""
        return sum(kind is None for kind in self.kinds) > 1

    def persona(self, seat: int) -> Persona | None:
        """The computer seat's persona (its name and style at the table), or None."""
        kind = self.kinds[seat]
        if kind is None:
            return None
        name = self.state.names[seat]
        return next((p for p in PERSONAS.get(kind, ()) if p.name == name), None)

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def start_round(self) -> list[ev.Event]:
        if self.pass_and_play:
            self.human = None  # no hand shows during the deal; the cover picks the next one
        self.round_events = self.state.start_round()
        self.ended_turn = False
        self._changed(self.round_events)
        return self.round_events

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply an action the rules accept (IllegalActionError otherwise); its events."""
        events = self.state.apply(action)
        self.ended_turn = action == END_TURN
        self._changed(events)
        return events

    def _changed(self, events: list[ev.Event]) -> None:
        self.writer.add(events)
        for listener in list(self.listeners):
            listener(self, events)

    def close(self) -> None:
        self.runner.close()

"""Rule options, the two presets, and the deal table (RULES.md section 9).

A :class:`Rules` value holds every option; it is passed around whole, never as loose flags.
``Rules.standard()`` and ``Rules.station()`` are the presets; ``dataclasses.replace`` (or
:meth:`Rules.with_options`) changes single options for a custom table. :meth:`Rules.deal_for`
turns rules plus a player count into the concrete set and hand size, or refuses with a
:class:`RulesError` saying why the table cannot be dealt.

>>> Rules.standard().deal_for(4)
Deal(players=4, set_size=12, hand_size=15, rounds=13)
>>> Rules.station().deal_for(8)
Deal(players=8, set_size=12, hand_size=10, rounds=13)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from .tiles import SUPPORTED_SETS, tile_count

Preset = Literal["standard", "station"]
Scoring = Literal["penalty", "positive"]

PRESETS: tuple[str, ...] = ("standard", "station")
SCORINGS: tuple[str, ...] = ("penalty", "positive")
MIN_PLAYERS = 2
MAX_PLAYERS = 14


class RulesError(ValueError):
    """A rule combination that cannot be played, with a message a player can read."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What a table with these rules and this many players actually deals."""

    players: int
    set_size: int
    hand_size: int
    rounds: int

    @property
    def engines(self) -> tuple[int, ...]:
        """The engine double of each round, first round first."""
        return tuple(range(self.set_size, self.set_size - self.rounds, -1))

    def __reduce__(self) -> tuple[type[Deal], tuple[int, int, int, int]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (Deal, (self.players, self.set_size, self.hand_size, self.rounds))


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of RULES.md section 9.

    ``set_size`` and ``hand_size`` of ``None`` mean "as the preset's table says for the player
    count"; ``max_open_doubles`` of ``None`` means no limit; ``rounds`` of ``None`` means the
    full match of N+1 rounds (engines N down to 0).
    """

    preset: Preset = "standard"
    set_size: int | None = None
    hand_size: int | None = None
    first_turn_chain: bool = True
    first_turn_draw: bool = False
    max_open_doubles: int | None = None
    double_blank_points: int = 50
    scoring: Scoring = "penalty"
    rounds: int | None = None

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (Rules, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    @staticmethod
    def standard() -> Rules:
        return Rules()

    @staticmethod
    def station() -> Rules:
        return Rules(
            preset="station",
            first_turn_chain=False,
            first_turn_draw=True,
            max_open_doubles=1,
            double_blank_points=0,
        )

    @staticmethod
    def preset_named(name: str) -> Rules:
        if name == "standard":
            return Rules.standard()
        if name == "station":
            return Rules.station()
        raise RulesError(f"unknown preset {name!r}: choose standard or station")

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown option names are refused."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r}")
        return dataclasses.replace(self, **changes)

    def validate(self) -> None:
        """Refuse option values that make no sense whatever the player count."""
        if self.preset not in PRESETS:
            raise RulesError(f"unknown preset {self.preset!r}: choose standard or station")
        if self.scoring not in SCORINGS:
            raise RulesError(f"unknown scoring {self.scoring!r}: choose penalty or positive")
        if self.set_size is not None and self.set_size not in SUPPORTED_SETS:
            sets = ", ".join(str(s) for s in SUPPORTED_SETS)
            raise RulesError(f"there is no double-{self.set_size} set: choose one of {sets}")
        if self.hand_size is not None and self.hand_size < 2:
            tiles = "tile" if self.hand_size == 1 else "tiles"
            raise RulesError(f"a hand of {self.hand_size} {tiles} is too small: at least 2")
        if self.max_open_doubles is not None and self.max_open_doubles < 1:
            raise RulesError("max_open_doubles must be at least 1 (or no limit)")
        if self.double_blank_points < 0:
            raise RulesError("double_blank_points cannot be negative")
        for name in ("first_turn_chain", "first_turn_draw"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false")
        if self.rounds is not None and self.rounds < 1:
            raise RulesError("a match needs at least one round")

    def deal_for(self, players: int) -> Deal:
        """The set, hand size and rounds for ``players``, or a RulesError saying why not."""
        self.validate()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"{players} players cannot sit at this table: {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        if self.preset == "station" and players > 10 and self.hand_size is None:
            raise RulesError(
                f"the station rules deal for 2 to 10 players, not {players}: "
                "set a hand size to seat more"
            )
        set_size = self.set_size if self.set_size is not None else self._preset_set(players)
        hand_size = (
            self.hand_size if self.hand_size is not None else self._preset_hand(players, set_size)
        )
        tiles = tile_count(set_size)
        if players * hand_size > tiles:
            raise RulesError(
                f"{players} hands of {hand_size} need {players * hand_size} tiles, "
                f"but a double-{set_size} set has only {tiles}"
            )
        rounds = self.rounds if self.rounds is not None else set_size + 1
        if rounds > set_size + 1:
            raise RulesError(
                f"a double-{set_size} set has engines for {set_size + 1} rounds, not {rounds}"
            )
        return Deal(players, set_size, hand_size, rounds)

    def _preset_set(self, players: int) -> int:
        if self.preset == "station":
            return 12
        if players <= 3:
            return 9
        if players <= 8:
            return 12
        if players <= 12:
            return 15
        return 18

    def _preset_hand(self, players: int, set_size: int) -> int:
        if self.preset == "station":
            return 12 if players <= 6 else 10 if players <= 8 else 8
        if set_size == 6:
            return 7  # the double-6 line of the standard table
        if players <= 4:
            return 15
        if players <= 6:
            return 12
        return 11

    def as_dict(self) -> dict[str, Any]:
        """Every option by name, as written into a game record."""
        return dataclasses.asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        """Rules from a record's ``rules`` object; unknown keys are ignored, bad values refused."""
        base = Rules.preset_named(str(data.get("preset", "standard")))
        changes: dict[str, Any] = {}
        for field in dataclasses.fields(Rules):
            if field.name in data and field.name != "preset":
                changes[field.name] = data[field.name]
        for name in ("set_size", "hand_size", "max_open_doubles", "double_blank_points", "rounds"):
            value = changes.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(f"rule option {name} must be a whole number, not {value!r}")
        rules = dataclasses.replace(base, **changes)
        rules.validate()
        return rules

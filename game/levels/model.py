"""What a level is: its opponents, goal and rules, the errors of a refused file, its texts."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.ai import simple
from game.rules import Deal, GameState, Rules
from game.rules.names import JOINERS, LINE_BREAKS, UNSHOWABLE

RuleValue = int | bool | str | None

# The computer opponents' levels a file may name (issue 4's three strengths).
AI_LEVELS: Final[tuple[str, ...]] = ("easy", "normal", "hard")
# Until a level is registered in game.ai.simple.SEAT_KINDS, its seats play as these kinds.
FALLBACK_KINDS: Final[Mapping[str, str]] = {"easy": "random", "normal": "greedy", "hard": "greedy"}
# The kind reported for the player's own seat (seat 0).
HUMAN: Final = "human"

GOAL_KINDS: Final[tuple[str, ...]] = ("win", "under", "reach")
MAX_STARS: Final = 3

# Ladder statuses.
LOCKED: Final = "locked"
OPEN: Final = "open"
CLEARED: Final = "cleared"

# Kinds of LevelError, one per kind of mistake.
READ: Final = "read"  # the file cannot be read
PARSE: Final = "parse"  # not valid TOML
UNKNOWN_KEY: Final = "unknown_key"
MISSING: Final = "missing"  # a required field is absent
TYPE: Final = "type"  # a field holds the wrong type of value
VALUE: Final = "value"  # the right type, but a value that is not allowed
AI_LEVEL: Final = "ai_level"  # an opponent's AI level that does not exist
DEAL: Final = "deal"  # rules that cannot be dealt for this many players
GOAL: Final = "goal"  # a goal or star thresholds that make no sense
DUPLICATE_ID: Final = "duplicate_id"
DUPLICATE_ORDER: Final = "duplicate_order"
TOO_LARGE: Final = "too_large"  # a file over MAX_FILE_BYTES
RANGE: Final = "range"  # a number outside what the game can use


# ---------------------------------------------------------------------------- errors


class LevelError(Exception):
    """A level file that is refused: which file, which field (dotted), what kind, and why."""

    def __init__(self, path: Path | str, field: str | None, kind: str, reason: str) -> None:
        self.path = Path(path)
        self.file = shown_name(self.path.name)
        self.field = field
        self.kind = kind
        self.reason = reason
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.field:
            return f"{self.file}: {self.field}: {self.reason}"
        return f"{self.file}: {self.reason}"

    def __repr__(self) -> str:
        return f"LevelError({self.file!r}, {self.field!r}, {self.kind!r}, {self.reason!r})"


# ---------------------------------------------------------------------------- texts

# The one-line text check is shared with records and saves (game.rules.names); the level
# loader applies it to every text field with the field's own length.
_LINE_BREAKS: Final = LINE_BREAKS
_JOINERS: Final = JOINERS
_UNSHOWABLE: Final = UNSHOWABLE


def shown_name(name: str) -> str:
    """A file name as it can be printed and drawn: what :func:`text_problem` would refuse
    (a line break, a control character, or a byte that is not UTF-8, which Python keeps as a
    lone surrogate) is written as an escape, like ``\\n`` or ``\\xff``.

    >>> shown_name("caf\\udce9.toml"), shown_name("two\\nlines.toml")
    ('caf\\\\xe9.toml', 'two\\\\nlines.toml')
    """
    out = []
    for char in name:
        if 0xDC80 <= ord(char) <= 0xDCFF:  # os.fsdecode's stand-in for an undecodable byte
            out.append(f"\\x{ord(char) - 0xDC00:02x}")
        elif char in _LINE_BREAKS or (
            unicodedata.category(char) in _UNSHOWABLE and char not in _JOINERS
        ):
            out.append(repr(char)[1:-1])
        else:
            out.append(char)
    return "".join(out)


# ---------------------------------------------------------------------------- levels


@dataclass(frozen=True, slots=True)
class Opponent:
    """A computer seat: a name, an AI level (easy, normal or hard), a style shown at the table."""

    name: str
    ai: str
    style: str

    @property
    def kind(self) -> str:
        """The seat kind to make: the AI level if registered, else its stand-in."""
        return playable_kind(self.ai)


@dataclass(frozen=True, slots=True)
class Goal:
    """What clears a level, and the thresholds for the second and third star.

    ``kind`` is ``win`` (win the match; a shared first place counts), ``under`` (penalty scoring:
    finish with a match total under ``points``) or ``reach`` (positive scoring: finish with at
    least ``points``). Stars (the level must be cleared first): one for clearing it; two for a
    total under ``two_stars`` (penalty scoring) or of at least ``two_stars`` (positive scoring);
    three likewise for ``three_stars``.
    """

    kind: str
    points: int | None
    two_stars: int
    three_stars: int


@dataclass(frozen=True, slots=True)
class Level:
    """One table of the ladder, as loaded from its file."""

    id: str
    order: int
    name: str
    description: str
    preset: str
    options: tuple[tuple[str, RuleValue], ...]  # rule options as written (0 doubles -> None)
    opponents: tuple[Opponent, ...]
    goal: Goal
    seed: int | None = None  # a fixed deal, or None for a fresh deal each attempt
    path: Path | None = None

    def rules(self) -> Rules:
        """The table's rules: the preset with the level's options."""
        return Rules.preset_named(self.preset).with_options(**dict(self.options))

    @property
    def option_values(self) -> dict[str, RuleValue]:
        """The options the level sets on top of its preset, by Rules field name."""
        return dict(self.options)

    @property
    def players(self) -> int:
        """Seats at the table: the player and the opponents."""
        return 1 + len(self.opponents)

    @property
    def deal(self) -> Deal:
        """The set, hand size and number of rounds this table deals."""
        return self.rules().deal_for(self.players)

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """``human`` for seat 0, then each opponent's AI level (easy, normal or hard)."""
        return (HUMAN, *(o.ai for o in self.opponents))

    @property
    def playable_kinds(self) -> tuple[str, ...]:
        """The seat kinds :func:`make_seat` is given for seats 1.. (levels not yet registered
        fall back to ``FALLBACK_KINDS``)."""
        return tuple(o.kind for o in self.opponents)

    @property
    def higher_is_better(self) -> bool:
        return self.rules().scoring == "positive"

    def seat_names(self, you: str = "You") -> tuple[str, ...]:
        """Names for :meth:`GameState.new`: the player's (``you``, translated by the caller),
        then the opponents'."""
        return (you, *(o.name for o in self.opponents))

    def match_seed(self, seed: int) -> int:
        """The seed a match at this table plays with: the level's fixed ``seed`` if it has one,
        else the one given (the caller picks a fresh one for each attempt)."""
        return self.seed if self.seed is not None else seed

    def make_opponents(self, seed: int) -> list[simple.Seat]:
        """The computer seats 1.. for a match played with ``seed`` (deterministic per seed;
        a level with a fixed seed uses that instead).

        Each seat carries the level's name and style for its opponent (attributes ``name`` and,
        where the seat kind has one, ``style``), not the AI's default persona.
        """
        seats: list[simple.Seat] = []
        for seat, opponent in enumerate(self.opponents, start=1):
            made = simple.make_seat(opponent.kind, seat_seed(self.match_seed(seed), seat))
            made.name = opponent.name
            if hasattr(made, "style"):
                made.style = opponent.style
            seats.append(made)
        return seats

    def new_game(self, seed: int, you: str = "You") -> GameState:
        """A match at this table before its first round (``seed`` is ignored for a fixed deal)."""
        rules, names = self.rules(), self.seat_names(you)
        return GameState.new(rules, self.players, self.match_seed(seed), names)


def playable_kind(ai_level: str) -> str:
    """The registered seat kind for an AI level (itself, or its stand-in until registered)."""
    if ai_level in simple.SEAT_KINDS:
        return ai_level
    return FALLBACK_KINDS.get(ai_level, "greedy")


def seat_seed(seed: int, seat: int) -> int:
    """The seed of one computer seat's own random choices in a match played with ``seed``."""
    return (seed * 16 + seat) % (1 << 63)


def _file_of(level: Level) -> str:
    return shown_name(level.path.name) if level.path is not None else level.id


# ---------------------------------------------------------------------------- translation


def catalog_entries(levels: Iterable[Level], *, people: bool = True) -> list[tuple[str, str]]:
    """Every text of the level files a player sees, as ``(text, where)`` pairs for the
    translation catalog (``where`` like ``levels/first-steps.toml: name``). Opponents' names
    are included (unless ``people`` is False) so a translator may adapt them; styles and level
    texts must be translated."""
    entries: list[tuple[str, str]] = []
    for level in levels:
        source = f"levels/{_file_of(level)}"
        entries.append((level.name, f"{source}: name"))
        entries.append((level.description, f"{source}: description"))
        for index, opponent in enumerate(level.opponents, start=1):
            if people:
                where = f"{source}: opponents[{index}].name (a person's name)"
                entries.append((opponent.name, where))
            entries.append((opponent.style, f"{source}: opponents[{index}].style"))
    return entries

"""What the store keeps, as values: settings, statistics, progress, the saved game, and notices.

Each kind converts to and from its JSON object here, and every loaded field is checked here: a
value of the wrong type or out of range falls back to its default and is named for a notice.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard, TypeVar

from game.i18n import translate
from game.store.puzzle_progress import (
    PuzzleProgress,
    puzzle_progress_from_json,
    puzzle_progress_to_json,
)
from game.store.settings import BATTERY_SAVER, MAX_ANIMATION_SPEED, PACES, THEME_IDS, Settings

if TYPE_CHECKING:  # the rules are imported where used: reading the settings needs none
    from game.rules import GameState
    from game.rules.record import Record, RecordWriter


# ----------------------------------------------------------------------------------- notices


@dataclass(frozen=True)
class Say:
    """One sentence of a notice: an English msgid (marked with ``N_`` where it is written) and
    the values of its placeholders; a value that is a ``Say`` is translated too."""

    msgid: str
    values: Mapping[str, object] = field(default_factory=dict)

    def render(self, translated: bool) -> str:
        values = {
            name: value.render(translated) if isinstance(value, Say) else value
            for name, value in self.values.items()
        }
        english = self.msgid.format(**values)
        if not translated:
            return english
        try:
            return translate(self.msgid).format(**values)
        except (KeyError, IndexError, ValueError):  # a catalog's broken placeholder: English
            return english


class Notice(str):
    """What the store has to tell the player. As a ``str``: the English text (logs, tests);
    :meth:`translated`: the same in the current language, for showing it."""

    parts: tuple[Say, ...]

    def __new__(cls, *parts: Say) -> Notice:
        notice = super().__new__(cls, " ".join(part.render(False) for part in parts))
        notice.parts = parts
        return notice

    def translated(self) -> str:
        return " ".join(part.render(True) for part in self.parts)


def say(msgid: str, **values: object) -> Say:
    return Say(msgid, values)


# ------------------------------------------------------------------------------ field checks

Check = Callable[[Any], Any]
"""Returns the value to keep (normalised) or raises ValueError saying what is wrong."""


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _number(low: float, high: float) -> Check:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("not a number")
        number = float(value)
        if not math.isfinite(number) or not low <= number <= high:
            raise ValueError(f"not between {low:g} and {high:g}")
        return number

    return check


def _whole(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if not is_int(value):
            raise ValueError("not a whole number")
        if not low <= value <= high:
            raise ValueError(f"not between {low} and {high}")
        return int(value)

    return check


def _text(pattern: str) -> Check:
    compiled = re.compile(pattern)

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError("not text")
        if not compiled.fullmatch(value):
            raise ValueError("not a value this game knows")
        return value

    return check


def _choice(choices: tuple[str, ...]) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"not one of {', '.join(choices)}")
        return value

    return check


def _window_size(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(is_int(v) and 64 <= v <= 32768 for v in value)
    ):
        raise ValueError("not a [width, height] pair")
    return (int(value[0]), int(value[1]))


def _theme(value: Any) -> str:
    """A theme id; one this game does not have (a newer version's) is the default theme."""
    theme = _THEME_ID(value)
    return theme if theme in THEME_IDS else "default"


_THEME_ID = _text(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def check_name(value: Any) -> str:
    """A player's name read from a file, if it is printable text of sane length (the check
    records and level files use too: :func:`game.rules.names.check_name`); else ValueError
    saying what is wrong."""
    from game.rules.names import check_name as rules_check_name

    problem = rules_check_name(value)
    if problem is not None:
        raise ValueError(problem)
    return str(value)


def is_name(value: Any) -> bool:
    from game.rules.names import check_name as rules_check_name

    return rules_check_name(value) is None


# ---------------------------------------------------------------------------------- settings


_SETTINGS_CHECKS: dict[str, Check] = {
    "language": _text(r"auto|[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}"),
    "theme": _theme,
    "numerals": _boolean,
    "large_tiles": _boolean,
    "animation_speed": _number(0.0, MAX_ANIMATION_SPEED),
    "opponent_pace": _choice(PACES),
    "volume": _number(0.0, 1.0),
    "muted": _boolean,
    "fullscreen": _boolean,
    "kiosk_pin": _text(r"[0-9]{0,12}"),
    "kiosk_exit_chord": _text(r"(?:[a-z0-9]+(?:\+[a-z0-9]+){0,5})?"),
    "kiosk_idle_seconds": _whole(10, 24 * 3600),
    "kiosk_pin_hash": _text(r"(?:pbkdf2-sha256\$[0-9]{1,7}\$[0-9a-f]{32}\$[0-9a-f]{64})?"),
    "kiosk_pin_failures": _whole(0, 10**6),
    "kiosk_pin_locked_seconds": _number(0.0, 24 * 3600),
    "window_size": _window_size,
    "hints": _boolean,
    "players": _whole(2, 14),
    "preset": _choice(("standard", "station")),
    "opponent": _text(r"[a-z0-9_]{0,32}"),
    "take_backs": _boolean,
    "kiosk_take_backs": _boolean,
    "battery_saver": _choice(BATTERY_SAVER),
}


def settings_to_json(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for item in fields(settings):
        value = getattr(settings, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def settings_from_json(obj: Mapping[str, Any], bad: list[str]) -> Settings:
    values: dict[str, Any] = {}
    for name, check in _SETTINGS_CHECKS.items():
        if name not in obj:
            continue
        try:
            values[name] = check(obj[name])
        except ValueError:
            bad.append(name)
    return Settings(**values)


# -------------------------------------------------------------------------------- statistics


@dataclass
class Tally:
    """Matches of one kind. Scores are match totals; under penalty scoring lower is better."""

    games: int = 0
    wins: int = 0
    best_score: int | None = None
    total_score: int = 0

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.games if self.games else None

    @property
    def losses(self) -> int:
        return self.games - self.wins

    def add(self, score: int, won: bool, lower_is_better: bool = True) -> None:
        self.games += 1
        self.wins += int(won)
        self.total_score += score
        if self.best_score is None:
            self.best_score = score
        elif lower_is_better:
            self.best_score = min(self.best_score, score)
        else:
            self.best_score = max(self.best_score, score)


@dataclass
class Statistics:
    """All matches played to the end, overall and per opponent level (e.g. "easy")."""

    overall: Tally = field(default_factory=Tally)
    levels: dict[str, Tally] = field(default_factory=dict)
    # The ids of the last matches counted, oldest first: a finished match found on disk at the
    # next start (the game killed before it was forgotten) is counted only if it is not here.
    counted: list[str] = field(default_factory=list)

    def record_match(
        self,
        level: str,
        score: int,
        won: bool,
        *,
        lower_is_better: bool = True,
        match_id: str | None = None,
    ) -> bool:
        """Count one finished match: the person's final total and whether they won. A match
        whose ``match_id`` was counted already is not counted again (False)."""
        if match_id is not None:
            if match_id in self.counted:
                return False
            self.counted = [*self.counted, match_id][-MAX_COUNTED_IDS:]
        self.overall.add(score, won, lower_is_better)
        self.levels.setdefault(level, Tally()).add(score, won, lower_is_better)
        return True


MAX_COUNTED_IDS = 32
MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9:_-]{0,79}")


_COUNT = _whole(0, 2**53)
_SCORE = _whole(-(2**53), 2**53)
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/ -]{0,63}")


def _tally_to_json(tally: Tally) -> dict[str, Any]:
    return {
        "games": tally.games,
        "wins": tally.wins,
        "best_score": tally.best_score,
        "total_score": tally.total_score,
    }


def _tally_from_json(value: Any) -> Tally:
    if not isinstance(value, dict):
        raise ValueError("not an object")
    games = _COUNT(value.get("games", 0))
    wins = _COUNT(value.get("wins", 0))
    best = value.get("best_score")
    best_score = None if best is None else int(_SCORE(best))
    total = _SCORE(value.get("total_score", 0))
    if wins > games:
        raise ValueError("more wins than games")
    if games and best_score is None:
        raise ValueError("games without a best score")
    return Tally(games, wins, best_score if games else None, total if games else 0)


def statistics_to_json(stats: Statistics) -> dict[str, Any]:
    return {
        "overall": _tally_to_json(stats.overall),
        "levels": {name: _tally_to_json(t) for name, t in sorted(stats.levels.items())},
        "counted": list(stats.counted),
    }


_Named = TypeVar("_Named")  # a value kept per level: a tally, stars


def _read_named(
    values: Mapping[str, Any],
    into: dict[str, _Named],
    convert: Callable[[Any], _Named],
    where: str,
    bad: list[str],
) -> None:
    """Each of ``values`` under a level's name, converted, into ``into``; a bad name or value is
    noted in ``bad`` as ``where/name`` (cut to 40 characters) and left out."""
    for name, value in values.items():
        try:
            if not _KEY.fullmatch(name):
                raise ValueError("not a level's name")
            into[name] = convert(value)
        except ValueError:
            bad.append(f"{where}/{name[:40]}")


def statistics_from_json(obj: Mapping[str, Any], bad: list[str]) -> Statistics:
    stats = Statistics()
    if "overall" in obj:
        try:
            stats.overall = _tally_from_json(obj["overall"])
        except ValueError:
            bad.append("overall")
    counted = obj.get("counted", [])
    if isinstance(counted, list) and all(
        isinstance(item, str) and MATCH_ID.fullmatch(item) for item in counted
    ):
        stats.counted = counted[-MAX_COUNTED_IDS:]
    else:
        bad.append("counted")
    levels = obj.get("levels", {})
    if not isinstance(levels, dict):
        bad.append("levels")
        return stats
    _read_named(levels, stats.levels, _tally_from_json, "levels", bad)
    return stats


# ---------------------------------------------------------------------------------- progress

MAX_STARS = 3


@dataclass
class DailyResult:
    """The best result of one day's daily table."""

    score: int
    won: bool

    def beats(self, other: DailyResult, lower_is_better: bool = True) -> bool:
        if self.won != other.won:
            return self.won
        return self.score < other.score if lower_is_better else self.score > other.score


@dataclass
class Progress:
    """Ladder levels cleared (with 0..3 stars), the daily table's best result by date, and how
    far the guided first game got."""

    ladder: dict[str, int] = field(default_factory=dict)
    daily: dict[str, DailyResult] = field(default_factory=dict)
    # The guided first game: "" never started (offered at the first start), a step's key to
    # come back to, "finished", or "declined" (the first-start offer was turned down).
    lesson: str = ""
    puzzles: PuzzleProgress = field(default_factory=PuzzleProgress)

    def stars(self, level_id: str) -> int | None:
        """The stars earned on a level, or None when it has not been cleared."""
        return self.ladder.get(level_id)

    def clear_level(self, level_id: str, stars: int) -> bool:
        """Mark a level cleared; keeps the most stars ever earned. True when that improved."""
        stars = max(0, min(MAX_STARS, stars))
        before = self.ladder.get(level_id)
        if before is not None and before >= stars:
            return False
        self.ladder[level_id] = stars
        return True

    def record_daily(
        self, day: date | str, score: int, won: bool, *, lower_is_better: bool = True
    ) -> bool:
        """Keep a daily table result if it is that day's best (a win beats any loss)."""
        key = day.isoformat() if isinstance(day, date) else day
        result = DailyResult(score, won)
        before = self.daily.get(key)
        if before is not None and not result.beats(before, lower_is_better):
            return False
        self.daily[key] = result
        return True


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_LESSON = re.compile(r"[a-z_]{0,40}")  # a lesson step's key, "finished", "declined" or ""


def progress_to_json(progress: Progress) -> dict[str, Any]:
    return {
        "ladder": dict(sorted(progress.ladder.items())),
        "daily": {
            day: {"score": r.score, "won": r.won} for day, r in sorted(progress.daily.items())
        },
        "lesson": progress.lesson,
        "puzzles": puzzle_progress_to_json(progress.puzzles),
    }


def _day_key(value: str) -> str:
    if not _DAY.fullmatch(value):
        raise ValueError("not a date")
    date.fromisoformat(value)  # ValueError for 2026-13-45
    return value


def progress_from_json(obj: Mapping[str, Any], bad: list[str]) -> Progress:
    progress = Progress()
    ladder = obj.get("ladder", {})
    if isinstance(ladder, dict):
        _read_named(ladder, progress.ladder, _whole(0, MAX_STARS), "ladder", bad)
    else:
        bad.append("ladder")
    daily = obj.get("daily", {})
    if isinstance(daily, dict):
        for day, value in daily.items():
            try:
                if not isinstance(value, dict):
                    raise ValueError("not an object")
                progress.daily[_day_key(day)] = DailyResult(
                    _SCORE(value.get("score")), _boolean(value.get("won"))
                )
            except ValueError:
                bad.append(f"daily/{day[:40]}")
    else:
        bad.append("daily")
    lesson = obj.get("lesson", "")
    if isinstance(lesson, str) and _LESSON.fullmatch(lesson):
        progress.lesson = lesson
    else:
        bad.append("lesson")
    if "puzzles" in obj:
        progress.puzzles = puzzle_progress_from_json(obj["puzzles"], bad)
    return progress


# ------------------------------------------------------------------------------ saved game


class MatchMode(StrEnum):
    """Where a match was chosen: the saved game and Recent matches keep it by these words."""

    QUICK = "quick"
    PRACTICE = "practice"
    CUSTOM = "custom"
    PASS_AND_PLAY = "pass_and_play"
    LEVEL = "level"
    DAILY = "daily"


MODES: frozenset[str] = frozenset(MatchMode)  # the words a file may hold for a mode
_FLAGS = ("ended_turn", "take_backs", "practice")


def game_meta_from_json(
    meta: Mapping[str, Any], state: GameState, bad: list[str]
) -> dict[str, Any]:
    """A saved game's meta (see :func:`game.match.keeper.session_meta`) with each value checked
    against the record it goes with and the rules: seat kinds that exist, one per player of the
    record; the record's own names; a known opponent and mode; a real day; a level id of the
    shape levels have. A value that fails is left out (the table falls back to its default)
    and its key named in ``bad``; keys this version does not know are kept as they are."""
    from game.ai.simple import SEAT_KINDS

    kinds = {"human", *SEAT_KINDS}
    checks: dict[str, Callable[[Any], bool]] = {
        "match": lambda v: isinstance(v, str) and MATCH_ID.fullmatch(v) is not None,
        "seats": lambda v: (
            isinstance(v, list) and len(v) == state.players and all(k in kinds for k in v)
        ),
        "names": lambda v: v == list(state.names),
        "opponent": lambda v: isinstance(v, str) and (v == "" or v in SEAT_KINDS),
        "mode": lambda v: isinstance(v, str) and v in MODES,
        "daily": lambda v: isinstance(v, str) and _is_day(v),
        "level": lambda v: isinstance(v, str) and _KEY.fullmatch(v) is not None,
        **{flag: lambda v: isinstance(v, bool) for flag in _FLAGS},
    }
    kept: dict[str, Any] = {}
    for key, value in meta.items():
        check = checks.get(key)
        if check is None or check(value):
            kept[key] = value
        else:
            bad.append(key)
    return kept


def _is_day(value: str) -> bool:
    if not _DAY.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def record_line(obj: Mapping[str, Any]) -> str:
    # The same spelling RecordWriter uses, so a record comes back as the text that was saved.
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


class SavedGame(NamedTuple):
    """A game in progress read back from disk, replayed and checked by the rules."""

    record: Record
    state: GameState  # the state after the last saved action, ready to play on
    meta: dict[str, Any]  # what save_game was given

    @property
    def finished(self) -> bool:
        """True when the match had ended (nothing left to resume)."""
        return self.state.match_over

    def text(self) -> str:
        """The game record, as RecordWriter.text() gave it."""
        return self.writer().text()

    def writer(self) -> RecordWriter:
        """A RecordWriter holding the record so far: keep adding the events of new actions."""
        record = self.record
        from game.rules import GameState
        from game.rules.record import RecordWriter

        fresh = GameState.new(record.rules, record.players, record.seed, record.names)
        writer = RecordWriter(fresh)
        writer.lines.extend(dict(obj) for _, obj in record.lines)
        return writer

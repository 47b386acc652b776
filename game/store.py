"""Everything the game keeps on disk: settings, statistics, progress and the game in progress.

One :class:`Store` per run owns one folder (the *home*)::

    store = Store()                      # the user's data folder, or $MEXICAN_TRAIN_HOME
    settings = store.load_settings()     # never raises: defaults plus a notice when needed
    settings.volume = 0.5
    store.save_settings(settings)
    for text in store.take_notices():    # short sentences for the player
        print(text)

The home is, in order: the ``home`` argument, the ``MEXICAN_TRAIN_HOME`` environment variable,
``platformdirs.user_data_dir("mexican-train", appauthor=False)``. It is created when missing.

Files (JSON, UTF-8), each ``{"format": "mexican-train/<kind>", "version": N, ...}``:

``settings.json``    :class:`~game.settings.Settings`, flat: one key per field.
``statistics.json``  :class:`Statistics`: ``"overall"`` and ``"levels"`` tallies.
``progress.json``    :class:`Progress`: ``"ladder"`` stars by level id, ``"daily"`` best by date.
``game.json``        the game in progress: ``"meta"`` (what the UI needs beyond the rules: seat
                     kinds, level id, ...) and ``"record"``: the lines of the match's game record
                     (/work/shared/RECORD.md), one JSON object per line of the file.

Every write goes to a temporary file beside the target, flushed and fsync'd, then renamed over
it, so a file on disk is always a whole old one or a whole new one. A file that is damaged, from
a newer version, or not ours is renamed aside (``settings.damaged-20261129-231500.json``, never
over an earlier one), defaults are used, and a notice says so. So is a file that cannot be read
(``statistics.unreadable-...json``: permissions, or a FIFO, device or folder where the file
should be, which is never opened, so it cannot hang the game): a save never replaces what could
not be read, and one that cannot be moved aside is left as it is and never written. Only regular
files are read, their size checked before reading. A field of the wrong type or out of range
falls back to its default, with a notice; so does a quick play table the rules cannot deal or an
opponent kind that does not exist. A saved game whose players' names are not printable text
(:func:`check_name`) is set aside. Unknown keys are ignored. Nothing is pickled, and no file
content makes a load raise.

A finished match's results are kept exactly once however the game stops around its end: the
statistics note the ids of the last matches they counted (``"counted"``), and the finished match
stays saved until they are written (see :mod:`game.saves`).

Notices are :class:`Notice` s: as a ``str`` the English sentence, and :meth:`Notice.translated`
in the language of the moment (the settings that choose it may not be read yet when one is made).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from game.i18n import N_, translate
from game.records import (
    FileTooLargeError,
    NotAFileError,
    read_regular_file,
    write_text_atomically,
)
from game.settings import MAX_ANIMATION_SPEED, PACES, Settings

if TYPE_CHECKING:  # the rules are imported where used: reading the settings needs none
    from game.rules import GameState
    from game.rules.record import Record, RecordWriter

APP_NAME = "mexican-train"
HOME_VARIABLE = "MEXICAN_TRAIN_HOME"
FORMAT_PREFIX = "mexican-train/"

SETTINGS_VERSION = 1
STATISTICS_VERSION = 1
PROGRESS_VERSION = 1
GAME_VERSION = 1

MAX_SMALL_FILE = 4 * 1024 * 1024  # settings, statistics, progress
MAX_GAME_FILE = 64 * 1024 * 1024  # the autosave (a record is far smaller)
STALE_TEMPORARY_SECONDS = 3600.0  # temp files of writes killed midway older than this are removed



def default_home() -> Path:
    """The folder the store uses when none is given: $MEXICAN_TRAIN_HOME or the user data dir."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs  # not imported when the environment names the folder

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


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


def _say(msgid: str, **values: object) -> Say:
    return Say(msgid, values)


# ------------------------------------------------------------------------------ field checks

Check = Callable[[Any], Any]
"""Returns the value to keep (normalised) or raises ValueError saying what is wrong."""


def _is_int(value: Any) -> TypeGuard[int]:
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
        if not _is_int(value):
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
        or not all(_is_int(v) and 64 <= v <= 32768 for v in value)
    ):
        raise ValueError("not a [width, height] pair")
    return (int(value[0]), int(value[1]))


def _theme(value: Any) -> str:
    """A theme id; one this game does not have (a newer version's) is the default theme."""
    from game.view.theme import THEMES

    theme = _THEME_ID(value)
    return theme if theme in THEMES else "default"


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


def _is_name(value: Any) -> bool:
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
}


def _settings_to_json(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for item in fields(settings):
        value = getattr(settings, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def _settings_from_json(obj: Mapping[str, Any], bad: list[str]) -> Settings:
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
        """Count one finished match: the human's final total and whether they won. A match
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


def _statistics_to_json(stats: Statistics) -> dict[str, Any]:
    return {
        "overall": _tally_to_json(stats.overall),
        "levels": {name: _tally_to_json(t) for name, t in sorted(stats.levels.items())},
        "counted": list(stats.counted),
    }


def _statistics_from_json(obj: Mapping[str, Any], bad: list[str]) -> Statistics:
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
    for name, value in levels.items():
        try:
            if not _KEY.fullmatch(name):
                raise ValueError("not a level name")
            stats.levels[name] = _tally_from_json(value)
        except ValueError:
            bad.append(f"levels/{name[:40]}")
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


def _progress_to_json(progress: Progress) -> dict[str, Any]:
    return {
        "ladder": dict(sorted(progress.ladder.items())),
        "daily": {
            day: {"score": r.score, "won": r.won} for day, r in sorted(progress.daily.items())
        },
        "lesson": progress.lesson,
    }


def _day_key(value: str) -> str:
    if not _DAY.fullmatch(value):
        raise ValueError("not a date")
    date.fromisoformat(value)  # ValueError for 2026-13-45
    return value


def _progress_from_json(obj: Mapping[str, Any], bad: list[str]) -> Progress:
    progress = Progress()
    ladder = obj.get("ladder", {})
    if isinstance(ladder, dict):
        stars = _whole(0, MAX_STARS)
        for name, value in ladder.items():
            try:
                if not _KEY.fullmatch(name):
                    raise ValueError("not a level id")
                progress.ladder[name] = stars(value)
            except ValueError:
                bad.append(f"ladder/{name[:40]}")
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
    return progress


# ------------------------------------------------------------------------------ saved game


def _record_line(obj: Mapping[str, Any]) -> str:
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


# ------------------------------------------------------------------------------------ store


@dataclass(frozen=True)
class _Kind:
    """A kind of file, and what the player is told about it (English msgids, translated when
    shown: written out per kind, so each language can phrase each sentence whole)."""

    name: str  # in the "format" string
    filename: str
    version: int
    limit: int
    unreadable: str  # {reason}: the file could not be read
    newer: str  # from a newer version of the game
    foreign: str  # {file}: not one of ours
    damaged: str  # {reason}
    bad_fields: str | None  # {names}: fields reset to their defaults (None: has no fields)
    unsaved: str  # {reason}: a save failed


_SETTINGS = _Kind(
    "settings",
    "settings.json",
    SETTINGS_VERSION,
    MAX_SMALL_FILE,
    # Translators: {reason} says why, e.g. "Permission denied" (from the system)
    N_("The settings file could not be read ({reason}), so default settings are used."),
    N_("The settings file is from a newer version of the game, so default settings are used."),
    # Translators: {file} is a file name, e.g. settings.json
    N_("{file} is not a Mexican Train settings file, so default settings are used."),
    # Translators: {reason} says what is wrong with it, e.g. "it is not JSON"
    N_("The settings file was damaged ({reason}), so default settings are used."),
    # Translators: {names} lists the settings' names as the file spells them, e.g. "volume, muted"
    N_("Some settings could not be read and were reset to their defaults: {names}."),
    # Translators: {reason} says why, e.g. "No space left on device" (from the system)
    N_("Could not save your settings ({reason})."),
)
_STATISTICS = _Kind(
    "statistics",
    "statistics.json",
    STATISTICS_VERSION,
    MAX_SMALL_FILE,
    N_("The statistics file could not be read ({reason}), so statistics start afresh."),
    N_("The statistics file is from a newer version of the game, so statistics start afresh."),
    N_("{file} is not a Mexican Train statistics file, so statistics start afresh."),
    N_("The statistics file was damaged ({reason}), so statistics start afresh."),
    N_("Some statistics could not be read and were reset to their defaults: {names}."),
    N_("Could not save your statistics ({reason})."),
)
_PROGRESS = _Kind(
    "progress",
    "progress.json",
    PROGRESS_VERSION,
    MAX_SMALL_FILE,
    N_("The progress file could not be read ({reason}), so progress starts afresh."),
    N_("The progress file is from a newer version of the game, so progress starts afresh."),
    N_("{file} is not a Mexican Train progress file, so progress starts afresh."),
    N_("The progress file was damaged ({reason}), so progress starts afresh."),
    N_("Some progress records could not be read and were reset to their defaults: {names}."),
    N_("Could not save your progress ({reason})."),
)
_GAME = _Kind(
    "game",
    "game.json",
    GAME_VERSION,
    MAX_GAME_FILE,
    N_("The saved game file could not be read ({reason}), so there is no game to resume."),
    N_("The saved game file is from a newer version of the game, so there is no game to resume."),
    N_("{file} is not a Mexican Train saved game file, so there is no game to resume."),
    N_("The saved game file was damaged ({reason}), so there is no game to resume."),
    None,
    N_("Could not save the game in progress ({reason})."),
)
KINDS: tuple[str, ...] = ("settings", "statistics", "progress", "game")


class Store:
    """The game's files in one folder. Loads never raise; saves raise only on caller mistakes.

    ``notices`` collects short sentences for the player (a file set aside, a value reset, a
    save that failed); show them and clear them (``take_notices``).
    """

    def __init__(
        self,
        home: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.home = Path(home).expanduser() if home is not None else default_home()
        self.notices: list[Notice] = []
        self._clock = clock
        self._failing: set[str] = set()  # files whose last write failed (one notice each)
        self._protected: set[str] = set()  # files that could not be set aside: never overwrite
        self._checked_lines: list[str] = []
        # Tests: called before ("write", "remove") and after ("wrote", "removed") each change
        # to a file, with the file's name, from whichever thread makes it (see game.saves).
        self.step_hook: Callable[[str, str], None] | None = None
        self._prepare_home()

    # ---------------------------------------------------------------- public API

    def take_notices(self) -> list[Notice]:
        """The notices so far, and forget them (show each one's ``translated()``)."""
        notices, self.notices = self.notices, []
        return notices

    def load_settings(self) -> Settings:
        obj = self._read(_SETTINGS)
        if obj is None:
            return Settings()
        bad: list[str] = []
        settings = _settings_from_json(obj, bad)
        self._note_bad_fields(_SETTINGS, bad)
        self._check_table(settings)
        return settings

    def _check_table(self, settings: Settings) -> None:
        """Quick play's table as saved must be one a match can be dealt at: the rules decide
        whether the preset seats that many, and the opponent must be a seat kind that exists.
        Otherwise the default, with a notice (each value alone passed its own check)."""
        from game.ai.simple import SEAT_KINDS
        from game.rules import Rules, RulesError

        defaults = Settings()
        try:
            Rules.preset_named(settings.preset).deal_for(settings.players)
        except RulesError:
            # Translators: {n} is a number of players, from the settings file
            message = N_(
                "The settings ask quick play to seat {n} players, which its rules cannot "
                "deal, so the default table is used."
            )
            self.notices.append(Notice(_say(message, n=settings.players)))
            settings.players, settings.preset = defaults.players, defaults.preset
        if settings.opponent and settings.opponent not in SEAT_KINDS:
            # Translators: {kind} is a word from the settings file, e.g. "zzz"
            message = N_(
                'The settings name an opponent the game does not have ("{kind}"), so the '
                "default opponent is used."
            )
            self.notices.append(Notice(_say(message, kind=settings.opponent)))
            settings.opponent = defaults.opponent

    def save_settings(self, settings: Settings) -> bool:
        return self._write_kind(_SETTINGS, _settings_to_json(settings))

    def load_statistics(self) -> Statistics:
        obj = self._read(_STATISTICS)
        if obj is None:
            return Statistics()
        bad: list[str] = []
        stats = _statistics_from_json(obj, bad)
        self._note_bad_fields(_STATISTICS, bad)
        return stats

    def save_statistics(self, statistics: Statistics) -> bool:
        return self._write_kind(_STATISTICS, _statistics_to_json(statistics))

    def load_progress(self) -> Progress:
        obj = self._read(_PROGRESS)
        if obj is None:
            return Progress()
        bad: list[str] = []
        progress = _progress_from_json(obj, bad)
        self._note_bad_fields(_PROGRESS, bad)
        return progress

    def save_progress(self, progress: Progress) -> bool:
        return self._write_kind(_PROGRESS, _progress_to_json(progress))

    def save_game(self, record_text: str, meta: Mapping[str, Any]) -> bool:
        """Save the game in progress: its record text (RecordWriter.text()) and the UI's meta.

        Call it after every action. False (and a notice, once) when the disk refuses; ValueError
        or TypeError when the record text is not JSON Lines or meta is not JSON-able.
        """
        from game.rules.record import split_lines

        lines = [line for line in split_lines(record_text) if line.strip()]
        checked = self._checked_lines  # the lines of the last save, already checked
        start = len(checked) if lines[: len(checked)] == checked else 0
        for number, line in enumerate(lines[start:], start=start + 1):
            if not isinstance(json.loads(line), dict):
                raise ValueError(f"record line {number} is not a JSON object")
        self._checked_lines = lines
        header = {
            "format": FORMAT_PREFIX + _GAME.name,
            "version": _GAME.version,
            "saved": datetime.fromtimestamp(self._clock(), UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "meta": dict(meta),
        }
        head = json.dumps(header, ensure_ascii=False, allow_nan=False)
        text = head[:-1] + ', "record": [\n' + ",\n".join(lines) + "\n]}\n"
        return self._write(_GAME, text)

    def load_game(self) -> SavedGame | None:
        """The saved game, replayed and checked, or None when there is none to load.

        A finished match is returned too (``saved.finished``); offer to resume only the others.
        A save that does not replay is set aside with a notice, so it never reaches the table.
        """
        obj = self._read(_GAME)
        if obj is None:
            return None
        meta = obj.get("meta", {})
        lines = obj.get("record")
        if not isinstance(meta, dict):
            self._set_aside(_GAME, "damaged", _say(N_('"meta" is not an object')))
            return None
        if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
            self._set_aside(_GAME, "damaged", _say(N_('"record" is not a list of lines')))
            return None
        names = lines[0].get("names") if lines else None
        if isinstance(names, list) and not all(_is_name(name) for name in names):
            self._set_aside(_GAME, "damaged", _say(N_("a player's name is not printable text")))
            return None
        from game.rules.record import RecordError, load_record

        try:
            text = "".join(_record_line(line) + "\n" for line in lines)
            record, state = load_record(text)
        except RecordError as error:
            # Translators: {line} is a number; {reason} is a technical detail, in English
            broken = N_("record line {line}: {reason}")
            self._set_aside(_GAME, "damaged", _say(broken, line=error.line, reason=error.reason))
            return None
        except Exception:  # whatever the content, a load must not raise
            self._set_aside(_GAME, "damaged", _say(N_("the record does not replay")))
            return None
        if not all(_is_name(name) for name in state.names):
            self._set_aside(_GAME, "damaged", _say(N_("a player's name is not printable text")))
            return None
        try:
            # The record is saved again as the match plays on: it must be text UTF-8 can
            # write (JSON can spell a lone surrogate, which UTF-8 cannot).
            text.encode("utf-8")
        except UnicodeError:
            self._set_aside(_GAME, "damaged", _say(N_("it holds text that cannot be saved")))
            return None
        return SavedGame(record, state, meta)

    def has_game(self) -> bool:
        """Whether a saved game file exists (cheap; load_game checks it)."""
        return os.path.lexists(self.home / _GAME.filename)  # whatever it is: load_game tells

    def clear_game(self) -> None:
        """Forget the game in progress (it ended, or the player declined to resume it)."""
        if _GAME.filename in self._protected:
            return  # a damaged save that could not be set aside is left for the player
        self._step("remove", _GAME.filename)
        try:
            os.unlink(self.home / _GAME.filename)
        except FileNotFoundError:
            pass
        except OSError as error:
            # Translators: {reason} says why, e.g. "Permission denied" (from the system)
            message = N_("The saved game could not be removed ({reason}); it may be offered again.")
            self.notices.append(Notice(_say(message, reason=_why(error))))
        else:
            _sync_folder(self.home)
        self._step("removed", _GAME.filename)

    def path(self, kind: str) -> Path:
        """Where a kind of file ("settings", "statistics", "progress", "game") lives."""
        for item in (_SETTINGS, _STATISTICS, _PROGRESS, _GAME):
            if item.name == kind:
                return self.home / item.filename
        raise ValueError(f"unknown kind {kind!r}: choose from {', '.join(KINDS)}")

    # ---------------------------------------------------------------- reading

    def _prepare_home(self) -> None:
        home = self.home
        if home.is_dir():
            self._remove_stale_temporaries()
            return
        try:
            home.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            # Translators: {folder} is a path; {reason} says why, e.g. "Permission denied"
            message = N_(
                "The folder for settings and saved games, {folder}, cannot be made ({reason}); "
                "nothing will be saved."
            )
            self.notices.append(Notice(_say(message, folder=str(home), reason=_why(error))))
            return
        # Translators: {folder} is a path
        message = N_("A new folder for settings and saved games was made: {folder}")
        self.notices.append(Notice(_say(message, folder=str(home))))

    def _remove_stale_temporaries(self) -> None:
        """Temp files of writes killed midway; old ones only, so a live writer is left alone."""
        now = self._clock()
        names = {kind.filename for kind in (_SETTINGS, _STATISTICS, _PROGRESS, _GAME)}
        try:
            entries = list(os.scandir(self.home))
        except OSError:
            return
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            if not any(entry.name.startswith(f".{name}.") for name in names):
                continue
            with contextlib.suppress(OSError):
                if now - entry.stat().st_mtime > STALE_TEMPORARY_SECONDS:
                    os.unlink(entry.path)

    def _read(self, kind: _Kind) -> dict[str, Any] | None:
        """The file's top object when it is ours and of a version we read, else None."""
        path = self.home / kind.filename
        try:
            data = read_regular_file(path, kind.limit)
        except (FileNotFoundError, NotADirectoryError):
            return None  # not saved yet (or no usable folder, which has been said already)
        except NotAFileError:
            # A FIFO, a device or a folder where the file should be: never opened (a FIFO
            # would hang the game), set aside so a save does not replace it.
            self._set_aside(kind, "unreadable", _say(N_("it is not an ordinary file")))
            return None
        except FileTooLargeError:
            self._set_aside(kind, "damaged", _say(N_("it is far too big")))
            return None
        except OSError as error:
            # Kept aside like a damaged file: a save must not replace what could not be read.
            self._set_aside(kind, "unreadable", _why(error))
            return None
        try:
            obj = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            self._set_aside(kind, "damaged", _say(N_("it is not text")))
            return None
        except (ValueError, RecursionError):
            self._set_aside(kind, "damaged", _say(N_("it is not JSON")))
            return None
        if not isinstance(obj, dict):
            self._set_aside(kind, "damaged", _say(N_("it is not a JSON object")))
            return None
        if obj.get("format") != FORMAT_PREFIX + kind.name:
            self._set_aside(kind, "foreign")
            return None
        version = obj.get("version")
        if not _is_int(version) or version < 1:
            self._set_aside(kind, "damaged", _say(N_("it has no valid version number")))
            return None
        if version > kind.version:
            self._set_aside(kind, "newer")
            return None
        return obj

    def _set_aside(self, kind: _Kind, reason: str, why: Say | str | None = None) -> None:
        """Rename a file we cannot use to a new name beside it, and say so."""
        path = self.home / kind.filename
        kept = _rename_aside(path, reason, self._clock())
        if kept is None:
            self._protected.add(kind.filename)
            where = _say(N_("It was left as it is and will not be overwritten."))
        else:
            # Translators: {file} is the new name of the file, e.g. settings.damaged-20261129.json
            where = _say(N_("It was kept as {file}."), file=kept.name)
        if reason == "unreadable":
            text = _say(kind.unreadable, reason=why or "")
        elif reason == "newer":
            text = _say(kind.newer)
        elif reason == "foreign":
            text = _say(kind.foreign, file=kind.filename)
        else:
            text = _say(kind.damaged, reason=why or "")
        self.notices.append(Notice(text, where))

    def _note_bad_fields(self, kind: _Kind, bad: list[str]) -> None:
        if not bad or kind.bad_fields is None:
            return
        names: str | Say = ", ".join(bad[:8])
        if len(bad) > 8:
            # Translators: {names} lists names; {n} (1 or more) counts the ones not listed
            names = _say(N_("{names} and {n} more"), names=names, n=len(bad) - 8)
        self.notices.append(Notice(_say(kind.bad_fields, names=names)))

    # ---------------------------------------------------------------- writing

    def _write_kind(self, kind: _Kind, body: dict[str, Any]) -> bool:
        obj = {"format": FORMAT_PREFIX + kind.name, "version": kind.version, **body}
        text = json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
        return self._write(kind, text)

    def _write(self, kind: _Kind, text: str) -> bool:
        if kind.filename in self._protected:
            return False
        self._step("write", kind.filename)
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            write_text_atomically(self.home / kind.filename, text)
        except OSError as error:
            if kind.filename not in self._failing:
                self._failing.add(kind.filename)
                self.notices.append(Notice(_say(kind.unsaved, reason=_why(error))))
            return False
        self._failing.discard(kind.filename)
        _sync_folder(self.home)
        self._step("wrote", kind.filename)
        return True

    def _step(self, what: str, filename: str) -> None:
        hook = self.step_hook
        if hook is not None:
            hook(what, filename)


class AutoSaver:
    """Saves the game in progress on a worker thread, so the table never waits for the disk.

    ``save`` hands over a snapshot and returns at once; when several wait, only the newest is
    written (each write whole and atomic, as with Store.save_game). ``flush`` waits until what
    was handed over is on disk; ``close`` flushes and stops the thread. Use either this or the
    store's own save_game/clear_game for the game file, not both.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Condition()
        self._pending: tuple[str, Mapping[str, Any]] | None | _Clear = None
        self._busy = False
        self._closed = False
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def save(self, record_text: str, meta: Mapping[str, Any]) -> None:
        self._hand_over((record_text, dict(meta)))

    def clear(self) -> None:
        self._hand_over(_CLEAR)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for the writes handed over so far; False if the timeout came first."""
        with self._lock:
            done = self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)
        self._raise_error()
        return done

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join()

    def _hand_over(self, job: tuple[str, Mapping[str, Any]] | _Clear) -> None:
        self._raise_error()
        with self._lock:
            if self._closed:
                raise RuntimeError("the autosaver is closed")
            self._pending = job
            self._lock.notify_all()

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return  # closed with nothing left to write
                job, self._pending = self._pending, None
                self._busy = True
            try:
                if isinstance(job, _Clear):
                    self.store.clear_game()
                else:
                    self.store.save_game(*job)
            except BaseException as error:  # a caller's mistake: raised in the caller's thread
                self._error = error
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


class _Clear:
    pass


_CLEAR = _Clear()


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _rename_aside(path: Path, reason: str, now: float) -> Path | None:
    """Move ``path`` to ``<stem>.<reason>-<local time><suffix>`` without replacing any file."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    for attempt in range(1, 1000):
        extra = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{path.stem}.{reason}-{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.link(path, target)  # fails rather than replace a file that appeared meanwhile
        except FileExistsError:
            continue
        except OSError:
            # No hard links here (FAT, some network drives): rename, having checked it is free.
            try:
                os.rename(path, target)
            except FileExistsError:
                continue
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            return None
        return target
    return None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)

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

``settings.json``    :class:`~game.store.settings.Settings`, flat: one key per field.
``statistics.json``  :class:`Statistics`: ``"overall"`` and ``"levels"`` tallies.
``progress.json``    :class:`Progress`: ``"ladder"`` stars by level id, ``"daily"`` best by date.
``game.json``        the game in progress: ``"meta"`` (what the UI needs beyond the rules: seat
                     kinds, level id, ...) and ``"record"``: the lines of the match's game record
                     (docs/RECORD.md), one JSON object per line; ``game.log`` the moves since
                     (:mod:`game.store.match_log`), laid over it when it is read.

Every write goes to a temporary file beside the target, flushed and fsync'd, then renamed over
it, so a file on disk is always a whole old one or a whole new one. A file that is damaged, from
a newer version, or not ours is renamed aside (``settings.damaged-20261129-231500.json``, never
over an earlier one), defaults are used, and a notice says so. So is a file that cannot be read
(``statistics.unreadable-...json``: permissions, or a FIFO, device or folder where the file
should be, which is never opened, so it cannot hang the game): a save never replaces what could
not be read, and one that cannot be moved aside is left as it is and never written. Every file
is read through :mod:`game.store.data_files`: only a regular file below the home, reached through no
symbolic link (a link that leads out is set aside as the link, its target untouched), its size
checked before reading, its JSON of bounded nesting, finite numbers and printable text. A
field of the wrong type or out of range falls back to its default, with a notice; so does a
quick play table the rules cannot deal or an opponent kind that does not exist, and a saved
game's meta value that does not fit its record (:func:`game_meta_from_json`). A saved game
whose players' names are not printable text (:func:`check_name`) is set aside. Unknown keys
are ignored. Nothing is pickled, and no file content makes a load raise.

A finished match's results are kept exactly once however the game stops (the statistics note the
ids they counted, ``"counted"``; the finished match stays saved until then:
:mod:`game.match.keeper`).

Notices are :class:`Notice` s: as a ``str`` the English sentence, :meth:`Notice.translated` in
the language of the moment. The values kept, their JSON and the checks of every loaded field are
:mod:`game.store.values`; :class:`game.store.autosave.AutoSaver` writes the game on a worker thread.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from game.i18n import N_
from game.store.data_files import Refused, read_json_file
from game.store.data_files import set_aside as rename_aside
from game.store.match_log import remove_log, set_log_aside, with_logged_actions
from game.store.safe_files import os_reason, write_text_atomically
from game.store.settings import Settings
from game.store.values import (
    MATCH_ID,
    MAX_COUNTED_IDS,
    DailyResult,
    Notice,
    Progress,
    SavedGame,
    Say,
    Statistics,
    Tally,
    check_name,
    game_meta_from_json,
    is_int,
    is_name,
    progress_from_json,
    progress_to_json,
    record_line,
    say,
    settings_from_json,
    settings_to_json,
    statistics_from_json,
    statistics_to_json,
)

# The values the store keeps are defined in game.store.values; these are read from here too.
__all__ = [
    "FORMAT_PREFIX",
    "KINDS",
    "MATCH_ID",
    "MAX_COUNTED_IDS",
    "DailyResult",
    "Notice",
    "Progress",
    "SavedGame",
    "Say",
    "Statistics",
    "Store",
    "Tally",
    "check_name",
    "default_home",
    "rename_aside",
]

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


_Loaded = TypeVar("_Loaded")  # what a kind's file holds: settings, statistics, progress

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
    # Translators: {names} lists words from the file, e.g. "seats, mode"
    N_("Some details of the saved game could not be read and were left out: {names}."),
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
        # to a file, with the file's name, from whichever thread makes it (see game.match.keeper).
        self.step_hook: Callable[[str, str], None] | None = None
        self._prepare_home()

    # ---------------------------------------------------------------- public API

    def take_notices(self) -> list[Notice]:
        """The notices so far, and forget them (show each one's ``translated()``)."""
        notices, self.notices = self.notices, []
        return notices

    def load_settings(self) -> Settings:
        settings = self._load(_SETTINGS, Settings, settings_from_json)
        # The default table is known good: checking it would load the rules and the computer
        # players before the menu's first frame, which needs neither.
        if settings.table != Settings().table:
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
            self.notices.append(Notice(say(message, n=settings.players)))
            settings.players, settings.preset = defaults.players, defaults.preset
        if settings.opponent and settings.opponent not in SEAT_KINDS:
            # Translators: {kind} is a word from the settings file, e.g. "zzz"
            message = N_(
                'The settings name an opponent the game does not have ("{kind}"), so the '
                "default opponent is used."
            )
            self.notices.append(Notice(say(message, kind=settings.opponent)))
            settings.opponent = defaults.opponent

    def save_settings(self, settings: Settings) -> bool:
        return self._write_kind(_SETTINGS, settings_to_json(settings))

    def load_statistics(self) -> Statistics:
        return self._load(_STATISTICS, Statistics, statistics_from_json)

    def save_statistics(self, statistics: Statistics) -> bool:
        return self._write_kind(_STATISTICS, statistics_to_json(statistics))

    def load_progress(self) -> Progress:
        return self._load(_PROGRESS, Progress, progress_from_json)

    def save_progress(self, progress: Progress) -> bool:
        return self._write_kind(_PROGRESS, progress_to_json(progress))

    def save_game(
        self, record_text: str, meta: Mapping[str, Any], logged: tuple[str, int] = ("", 0)
    ) -> bool:
        """Save the game in progress: its record text (RecordWriter.text()) and the UI's meta;
        ``logged``: the match log and change it holds (see :mod:`game.store.match_log`).

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
            "log": logged[0],
            "seq": logged[1],
            "meta": dict(meta),
        }
        head = json.dumps(header, ensure_ascii=False, allow_nan=False)
        text = head[:-1] + ', "record": [\n' + ",\n".join(lines) + "\n]}\n"
        return self._write(_GAME, text)

    def load_game(self) -> SavedGame | None:
        """The saved game, replayed and checked, or None when there is none to load.

        A finished match is returned too (``saved.finished``); offer to resume only the others.
        A save that does not replay is set aside with a notice, so it never reaches the table.
        The moves logged since the file was last written (game.log) are laid over it; when
        they do not replay over it, the log is set aside (with its notice) and the saved game
        resumes as it is: a damaged log never takes a good save with it.
        """
        saved = self._read(_GAME)
        obj = with_logged_actions(self, saved)
        if obj is None:
            return None
        result = self._replayed(obj)
        if not isinstance(result, SavedGame) and obj is not saved:  # the log's moves did not
            set_log_aside(self, say(N_("it does not continue the saved game")))
            if saved is None:
                return None
            result = self._replayed(saved)
        if isinstance(result, SavedGame):
            return result
        self._set_aside(_GAME, "damaged", result)
        return None

    def _replayed(self, obj: dict[str, Any]) -> SavedGame | Say:
        """The saved game's object replayed and checked, or why it cannot be resumed."""
        meta = obj.get("meta", {})
        lines = obj.get("record")
        if not isinstance(meta, dict):
            return say(N_('"meta" is not an object'))
        if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
            return say(N_('"record" is not a list of lines'))
        names = lines[0].get("names") if lines else None
        if isinstance(names, list) and not all(is_name(name) for name in names):
            return say(N_("a player's name is not printable text"))
        from game.rules.record import RecordError, load_record

        try:
            text = "".join(record_line(line) + "\n" for line in lines)
            record, state = load_record(text)
        except RecordError as error:
            # Translators: {line} is a number; {reason} is a technical detail, in English
            broken = N_("record line {line}: {reason}")
            return say(broken, line=error.line, reason=error.reason)
        except Exception:  # whatever the content, a load must not raise
            return say(N_("the record does not replay"))
        if not all(is_name(name) for name in state.names):
            return say(N_("a player's name is not printable text"))
        try:
            # The record is saved again as the match plays on: it must be text UTF-8 can
            # write (JSON can spell a lone surrogate, which UTF-8 cannot).
            text.encode("utf-8")
        except UnicodeError:
            return say(N_("it holds text that cannot be saved"))
        bad: list[str] = []  # the meta's values, checked against this record and the rules
        meta = game_meta_from_json(meta, state, bad)
        self._note_bad_fields(_GAME, bad)
        return SavedGame(record, state, meta)

    def has_game(self) -> bool:
        """Whether a saved game (or only its log) exists: cheap; load_game checks it."""
        return any(os.path.lexists(self.home / name) for name in (_GAME.filename, "game.log"))

    def clear_game(self) -> None:
        """Forget the game in progress (it ended, or the player declined to resume it)."""
        if _GAME.filename in self._protected:
            return  # a damaged save that could not be set aside is left for the player
        self._step("remove", _GAME.filename)
        try:
            remove_log(self.home)  # first: a log alone would bring the match back
            os.unlink(self.home / _GAME.filename)
        except FileNotFoundError:
            pass
        except OSError as error:
            # Translators: {reason} says why, e.g. "Permission denied" (from the system)
            message = N_("The saved game could not be removed ({reason}); it may be offered again.")
            self.notices.append(Notice(say(message, reason=os_reason(error))))
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
            self.notices.append(Notice(say(message, folder=str(home), reason=os_reason(error))))
            return
        # Translators: {folder} is a path
        message = N_("A new folder for settings and saved games was made: {folder}")
        self.notices.append(Notice(say(message, folder=str(home))))

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

    def _load(
        self,
        kind: _Kind,
        empty: Callable[[], _Loaded],
        from_json: Callable[[Mapping[str, Any], list[str]], _Loaded],
    ) -> _Loaded:
        """The file of ``kind`` read into its value (``empty()`` when there is none), each
        field that did not pass its check left at its default and noted."""
        obj = self._read(kind)
        if obj is None:
            return empty()
        bad: list[str] = []
        value = from_json(obj, bad)
        self._note_bad_fields(kind, bad)
        return value

    def _read(self, kind: _Kind) -> dict[str, Any] | None:
        """The file's top object when it is ours and of a version we read, else None.

        Read through :func:`game.store.data_files.read_json_file`: a link, a FIFO, a device or a
        folder where the file should be is never opened (a FIFO would hang the game), and a
        file too big, too deep, with a number out of range or text that is not printable is
        not used; each is set aside (a link itself, its target untouched) so a save does not
        replace it."""
        path = self.home / kind.filename
        try:
            obj = read_json_file(self.home, path, kind.limit)
        except (FileNotFoundError, NotADirectoryError):
            return None  # not saved yet (or no usable folder, which has been said already)
        except Refused as refusal:
            self._set_aside(kind, refusal.aside, refusal.why)
            return None
        if not isinstance(obj, dict):
            self._set_aside(kind, "damaged", say(N_("it is not a JSON object")))
            return None
        if obj.get("format") != FORMAT_PREFIX + kind.name:
            self._set_aside(kind, "foreign")
            return None
        version = obj.get("version")
        if not is_int(version) or version < 1:
            self._set_aside(kind, "damaged", say(N_("it has no valid version number")))
            return None
        if version > kind.version:
            self._set_aside(kind, "newer")
            return None
        return obj

    def _set_aside(self, kind: _Kind, reason: str, why: Say | str | None = None) -> None:
        """Rename a file we cannot use to a new name beside it, and say so."""
        path = self.home / kind.filename
        kept = rename_aside(path, reason, self._clock())
        if kept is None:
            self._protected.add(kind.filename)
            where = say(N_("It was left as it is and will not be overwritten."))
        else:
            # Translators: {file} is the new name of the file, e.g. settings.damaged-20261129.json
            where = say(N_("It was kept as {file}."), file=kept.name)
        if reason == "unreadable":
            text = say(kind.unreadable, reason=why or "")
        elif reason == "newer":
            text = say(kind.newer)
        elif reason == "foreign":
            text = say(kind.foreign, file=kind.filename)
        else:
            text = say(kind.damaged, reason=why or "")
        self.notices.append(Notice(text, where))

    def _note_bad_fields(self, kind: _Kind, bad: list[str]) -> None:
        if not bad or kind.bad_fields is None:
            return
        names: str | Say = ", ".join(bad[:8])
        if len(bad) > 8:
            # Translators: {names} lists names; {n} (1 or more) counts the ones not listed
            names = say(N_("{names} and {n} more"), names=names, n=len(bad) - 8)
        self.notices.append(Notice(say(kind.bad_fields, names=names)))

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
                self.notices.append(Notice(say(kind.unsaved, reason=os_reason(error))))
            return False
        self._failing.discard(kind.filename)
        _sync_folder(self.home)
        self._step("wrote", kind.filename)
        return True

    def _step(self, what: str, filename: str) -> None:
        hook = self.step_hook
        if hook is not None:
            hook(what, filename)


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

"""The last finished matches, kept on disk to be reviewed, and their reviews.

Every match a person plays to its end (quick play, practice, a ladder level, the daily table, a
custom table, pass and play; not the guided game) is kept the moment it ends, in a ``recent/``
folder under the store's home. The last :data:`MAX_RECENT` are kept; the oldest goes first.

Each match is three files, named after the match's id (``KEY``)::

    recent/KEY.jsonl        its game record, as the game wrote it (``main.py replay`` and
                            ``main.py review`` read it as it is)
    recent/KEY.json         its entry: what the list shows (below)
    recent/KEY.review.json  a finished review of it, so opening it again is instant

The entry::

    {"format": "mexican-train/recent", "version": 1,
     "match": "3f2a...",            # the match's id (as in the saves)
     "order": 17,                   # 1, 2, ... in the order the matches ended
     "ended": "2026-12-01T08:00:00Z",
     "mode": "quick",               # quick, practice, custom, pass_and_play, level, daily
     "level": "First Steps",        # a level's name (English, translated when shown), or ""
     "day": "2026-12-01",           # the daily table's day, or ""
     "names": [...], "totals": [...], "winners": [0],
     "people": [0],                 # the seats people played
     "rules": {"players": 4, "set": 12, "preset": "standard", "rounds": 13,
               "scoring": "penalty"},
     "practice": false}             # a turn was taken back

Each file is written atomically (a whole old one or a whole new one): the record first, then
the entry, so an entry always has its record. Keeping the same match again (the game stopped
between keeping it and forgetting its save, see :mod:`game.saves`) changes nothing. An entry
that cannot be read, or whose record is missing or broken, is renamed aside like the store's
files (``KEY.damaged-20261201-080000.json``, ``KEY.unreadable-...``) with a notice, and the
list goes on without it. Nothing here raises on a file's content.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_, _, ngettext, translate
from game.records import (
    FileTooLargeError,
    NotAFileError,
    load_record_file,
    read_regular_file,
    record_digest,
    write_text_atomically,
)
from game.review_files import review_from_json, review_json
from game.rules.record import Record, RecordError
from game.store import FORMAT_PREFIX, Notice, Say, Store, check_name, rename_aside
from game.store_values import is_int

if TYPE_CHECKING:
    from game.ai.review import Review
    from game.scenes.session import Session

MAX_RECENT = 20
RECENT_VERSION = 1
REVIEW_VERSION = 1  # bump when game.ai.review weighs differently: older reviews are redone
FOLDER = "recent"
MAX_ENTRY_BYTES = 256 * 1024
MAX_REVIEW_BYTES = 16 * 1024 * 1024
MODES = ("quick", "practice", "custom", "pass_and_play", "level", "daily")
_KEY = re.compile(r"[A-Za-z0-9_-]{1,80}")
_ENTRY_FILE = re.compile(r"([A-Za-z0-9_-]{1,80})\.json")
_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})?")
_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


def file_key(match_id: str) -> str:
    """A match id as a file name: itself when it is plain letters, digits, - and _ (the
    game's ids are), else a digest of it.

    >>> file_key("3f2a9c")
    '3f2a9c'
    >>> file_key("a:b") == file_key("a:b") != "a:b"
    True
    """
    if _KEY.fullmatch(match_id):
        return match_id
    return "id-" + hashlib.sha1(match_id.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class RecentMatch:
    """One kept match, as its entry says."""

    key: str
    match: str
    order: int
    ended: str  # UTC, "YYYY-MM-DDTHH:MM:SSZ"
    mode: str
    level: str
    day: str
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    people: tuple[int, ...]
    players: int
    set_size: int
    preset: str
    rounds: int
    scoring: str
    practice: bool
    folder: Path

    @property
    def record_path(self) -> Path:
        return self.folder / f"{self.key}.jsonl"

    @property
    def review_path(self) -> Path:
        return self.folder / f"{self.key}.review.json"

    @property
    def seat(self) -> int:
        """The seat a review looks at: the person's (the first person's in pass and play)."""
        return self.people[0] if self.people else 0

    def place(self, seat: int) -> int:
        """1 for a winner; else 1 + the seats placed before it (winners, then better totals)."""
        if seat in self.winners:
            return 1
        lower = self.scoring == "penalty"
        mine = self.totals[seat]
        better = sum(
            1
            for other, total in enumerate(self.totals)
            if other != seat
            and (other in self.winners or (total < mine if lower else total > mine))
        )
        return better + 1

    # ---------------------------------------------------------------- words (drawn now)

    def title(self) -> str:
        """The match's table, in the current language: a level's name, the daily table..."""
        return title_for(self.mode, self.level, self.day)

    def name(self) -> str:
        """Its title and when it ended, e.g. "Quick play · 2026-12-01 08:00"."""
        return f"{self.title()} · {self.when()}"

    def when(self) -> str:
        """When it ended, in local time: "2026-12-01 08:00"."""
        try:
            moment = datetime.strptime(self.ended, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        except ValueError:
            return self.ended
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")

    def rules_text(self) -> str:
        """Players, set, rules and rounds, e.g. "4 players · Double-12 set · Standard rules"."""
        parts = [
            ngettext("{n} player", "{n} players", self.players).format(n=self.players),
            _("Double-{n} set").format(n=self.set_size),
            _("Station rules") if self.preset == "station" else _("Standard rules"),
            ngettext("{n} round", "{n} rounds", self.rounds).format(n=self.rounds),
        ]
        if self.scoring == "positive":
            parts.append(_("Highest total wins"))
        return " · ".join(parts)

    def result_text(self) -> str:
        """The person's result: "Won · 42 pts", "Place 2 of 4 · 87 pts"; in pass and play,
        who won."""
        if len(self.people) > 1:
            winners = [self.names[s] for s in self.winners]
            return ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
                names=" · ".join(winners)
            )
        seat = self.seat
        place = self.place(seat)
        if place == 1:
            # Translators: a recent match's result, first place shared with others
            verdict = _("Shared win") if len(self.winners) > 1 else _("Won")
        else:
            # Translators: a recent match's result, e.g. "Place 2 of 4"
            verdict = _("Place {n} of {total}").format(n=place, total=self.players)
        points = _("{n} pts").format(n=self.totals[seat])
        return f"{verdict} · {points}"


def title_for(mode: str, level: str = "", day: str = "") -> str:
    """A table's title in the current language: a level's name, the daily table of a day,
    quick play, practice, a custom table, pass and play."""
    if mode == "level" and level:
        return translate(level)
    if mode == "daily":
        if not day:
            return _("Daily table")
        # Translators: the daily table of a day; {date} is the day as YYYY-MM-DD
        return _("Daily table of {date}").format(date=day)
    words = {
        "quick": N_("Quick play"),
        "practice": N_("Practice"),
        "custom": N_("Custom table"),
        "pass_and_play": N_("Pass and play"),
    }
    return translate(words.get(mode, N_("Quick play")))


# ------------------------------------------------------------------------------ the folder


class RecentMatches:
    """The ``recent/`` folder of a store's home. Loads never raise; notices go to the store's
    (the app shows them)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.folder = store.home / FOLDER
        self.clock = clock

    # ---------------------------------------------------------------- keeping a match

    def keep(self, record_text: str, entry: Mapping[str, Any]) -> bool:
        """Keep a finished match (its record and entry, ``entry`` without "order" and
        "ended"), then drop the oldest past MAX_RECENT. Kept already: nothing changes. False
        (and a notice, once) when the disk refused."""
        key = file_key(str(entry["match"]))
        if self._read_entry(self.folder / f"{key}.json", quiet=True) is not None:
            return True  # kept before (the game stopped before it forgot the save)
        known = self.entries(quiet=True)
        order = max((item.order for item in known), default=0) + 1
        stamp = datetime.fromtimestamp(self.clock(), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        body = {
            "format": FORMAT_PREFIX + "recent",
            "version": RECENT_VERSION,
            **entry,
            "order": order,
            "ended": stamp,
        }
        text = json.dumps(body, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._write(f"{key}.jsonl", record_text)
            self._write(f"{key}.json", text)
        except OSError as error:
            # Translators: {reason} says why, e.g. "No space left on device" (from the system)
            message = N_("The finished match could not be kept in Recent matches ({reason}).")
            self._notice(Say(message, {"reason": _why(error)}))
            return False
        self.prune()
        return True

    def _write(self, name: str, text: str) -> None:
        self._step("write", name)
        write_text_atomically(self.folder / name, text)
        self._step("wrote", name)

    def _remove(self, name: str) -> None:
        self._step("remove", name)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.folder / name)
        self._step("removed", name)

    def _step(self, what: str, name: str) -> None:
        hook = self.store.step_hook  # the kill tests count every change to a file
        if hook is not None:
            hook(what, f"{FOLDER}/{name}")

    def prune(self) -> None:
        """Drop the oldest matches past MAX_RECENT (the entry first, so a half-removed match
        is never listed), and files no entry owns any more."""
        entries = self.entries(quiet=True)
        try:
            for item in entries[MAX_RECENT:]:
                for suffix in (".json", ".jsonl", ".review.json"):
                    self._remove(item.key + suffix)
            files = self._files()
            owned = {m.group(1) for p in files if (m := _ENTRY_FILE.fullmatch(p.name))}
            for path in files:
                name = path.name
                stem, _dot, rest = name.partition(".")
                if rest in ("jsonl", "review.json") and stem not in owned:
                    self._remove(name)
        except OSError:
            return  # left for the next time: the list never shows them

    def _files(self) -> list[Path]:
        try:
            return sorted(p for p in self.folder.iterdir() if not p.name.startswith("."))
        except OSError:
            return []

    # ---------------------------------------------------------------- listing

    def entries(self, *, quiet: bool = False) -> list[RecentMatch]:
        """The kept matches, newest first. An entry that cannot be read (or has no record) is
        set aside with a notice, unless ``quiet`` (then it is only left out)."""
        found = []
        for path in self._files():
            if not _ENTRY_FILE.fullmatch(path.name):
                continue
            item = self._read_entry(path, quiet=quiet)
            if item is not None:
                found.append(item)
        return sorted(found, key=lambda item: (item.order, item.ended, item.key), reverse=True)

    def _read_entry(self, path: Path, *, quiet: bool) -> RecentMatch | None:
        try:
            data = read_regular_file(path, MAX_ENTRY_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except NotAFileError:
            return self._refuse(path, "unreadable", N_("it is not an ordinary file"), quiet)
        except FileTooLargeError:
            return self._refuse(path, "damaged", N_("it is far too big"), quiet)
        except OSError as error:
            return self._refuse(path, "unreadable", _why(error), quiet)
        try:
            obj = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            return self._refuse(path, "damaged", N_("it is not text"), quiet)
        except (ValueError, RecursionError):
            return self._refuse(path, "damaged", N_("it is not JSON"), quiet)
        try:
            item = _entry_from_json(obj, path)
        except _Bad as error:
            return self._refuse(path, "damaged", error.msgid, quiet)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return self._refuse(path, "damaged", _FIELDS, quiet)
        if not item.record_path.is_file():
            return self._refuse(path, "damaged", N_("its game record is missing"), quiet)
        return item

    def _refuse(self, path: Path, reason: str, why: str, quiet: bool) -> RecentMatch | None:
        """Set ``path`` aside (unless ``quiet``), its record with it; None: no entry there."""
        if not quiet:
            self.set_aside(path, reason, why)
            record = path.with_suffix(".jsonl")
            if not path.exists() and record.is_file():  # kept beside it, never pruned
                rename_aside(record, reason, self.clock())
        return None

    def set_aside(self, path: Path, reason: str, why: str) -> None:
        """Rename a file we cannot use beside itself (never over another), and say so."""
        kept = rename_aside(path, reason, self.clock())
        if kept is None:
            where = Say(N_("It was left as it is and will not be overwritten."))
        else:
            # Translators: {file} is the new name of the file, e.g. settings.damaged-20261129.json
            where = Say(N_("It was kept as {file}."), {"file": kept.name})
        # Translators: {reason} says what is wrong with it, e.g. "it is not JSON"
        message = N_("A recent match could not be read ({reason}), so it is left out of the list.")
        self._notice(Say(message, {"reason": Say(why) if why in _REASONS else why}), where)

    def _notice(self, *parts: Say) -> None:
        notice = Notice(*parts)
        if notice not in self.store.notices:
            self.store.notices.append(notice)

    # ---------------------------------------------------------------- a kept match's files

    def load_record(self, item: RecentMatch) -> tuple[Record, str] | None:
        """The match's record, fully checked, and its text; None (the match set aside, with
        a notice) when it is broken or cannot be read."""
        path = item.record_path
        try:
            record, _state = load_record_file(path)
            text = path.read_text(encoding="utf-8")
        except RecordError as error:
            self._drop(item, "damaged", f"line {error.line}: {error.reason}")
            return None
        except OSError as error:
            self._drop(item, "unreadable", _why(error))
            return None
        if not record.complete:
            self._drop(item, "damaged", N_("the record stops before the match's end"))
            return None
        return record, text

    def _drop(self, item: RecentMatch, reason: str, why: str) -> None:
        entry = self.folder / f"{item.key}.json"
        self.set_aside(entry, reason, why)
        with contextlib.suppress(OSError):
            if not entry.exists():  # set aside: its record goes aside with it
                rename_aside(item.record_path, reason, self.clock())
                os.unlink(item.review_path)

    def cached_review(self, item: RecentMatch, text: str, seat: int, guesses: int) -> Review | None:
        """The review kept for this record, seat and number of guesses, if there is one."""
        try:
            obj = json.loads(read_regular_file(item.review_path, MAX_REVIEW_BYTES))
            if (
                obj.get("format") != FORMAT_PREFIX + "review"
                or obj.get("version") != REVIEW_VERSION
                or obj.get("record") != record_digest(text)
                or obj.get("seat") != seat
                or obj.get("guesses") != guesses
            ):
                return None
            return review_from_json(obj["review"])
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
            return None  # a cache: made again

    def keep_review(self, item: RecentMatch, text: str, review: Review, guesses: int) -> bool:
        body = {
            "format": FORMAT_PREFIX + "review",
            "version": REVIEW_VERSION,
            "record": record_digest(text),
            "seat": review.seat,
            "guesses": guesses,
            "review": review_json(review),
        }
        try:
            if not (self.folder / f"{item.key}.json").is_file():
                return False  # dropped from the list meanwhile
            self._write(item.review_path.name, json.dumps(body, ensure_ascii=False) + "\n")
        except (OSError, ValueError):
            return False  # only a cache: the review is made again next time
        return True

    def find(self, match_id: str) -> RecentMatch | None:
        """The kept match of this id, if it is kept."""
        return self._read_entry(self.folder / f"{file_key(match_id)}.json", quiet=True)


class _Bad(ValueError):
    """An entry that is not one: ``msgid`` says why (English, translated when shown)."""

    def __init__(self, msgid: str) -> None:
        super().__init__(msgid)
        self.msgid = msgid


_FIELDS = N_("its fields are wrong")
# English reasons this module writes, translated when shown (others are the system's words).
_REASONS = frozenset(
    (
        N_("it is not an ordinary file"),
        N_("it is far too big"),
        N_("it is not text"),
        N_("it is not JSON"),
        N_("it is not a JSON object"),
        N_("it is not a recent match"),
        N_("it has no version this game reads"),
        N_("its game record is missing"),
        N_("the record stops before the match's end"),
        _FIELDS,
    )
)


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _entry_from_json(obj: Any, path: Path) -> RecentMatch:
    if not isinstance(obj, dict):
        raise _Bad(N_("it is not a JSON object"))
    if obj.get("format") != FORMAT_PREFIX + "recent":
        raise _Bad(N_("it is not a recent match"))
    version = obj.get("version")
    if not is_int(version) or not 1 <= version <= RECENT_VERSION:
        raise _Bad(N_("it has no version this game reads"))
    match = obj["match"]
    if not isinstance(match, str) or file_key(match) + ".json" != path.name:
        raise _Bad(_FIELDS)
    names = tuple(check_name(name) for name in obj["names"])
    players = len(names)
    totals = tuple(_int_of(t) for t in obj["totals"])
    winners = _seats(obj["winners"], players)
    people = _seats(obj["people"], players)
    rules = obj["rules"]
    order = obj["order"]
    ended = obj["ended"]
    mode = obj["mode"]
    level, day = obj.get("level", ""), obj.get("day", "")
    if (
        not 2 <= players <= 14
        or len(totals) != players
        or not winners
        or not is_int(order)
        or not isinstance(ended, str)
        or not _STAMP.fullmatch(ended)
        or mode not in MODES
        or not isinstance(level, str)
        or len(level) > 200
        or not isinstance(day, str)
        or not _DAY.fullmatch(day)
        or not isinstance(rules, dict)
        or rules.get("preset") not in ("standard", "station")
        or rules.get("scoring") not in ("penalty", "positive")
        or rules.get("players") != players
    ):
        raise _Bad(_FIELDS)
    set_size, rounds = _int_of(rules["set"]), _int_of(rules["rounds"])
    if not (6 <= set_size <= 18 and 1 <= rounds <= 19):
        raise _Bad(_FIELDS)
    return RecentMatch(
        key=path.stem,
        match=match,
        order=order,
        ended=ended,
        mode=mode,
        level=level,
        day=day,
        names=names,
        totals=totals,
        winners=winners,
        people=people,
        players=players,
        set_size=set_size,
        preset=rules["preset"],
        rounds=rounds,
        scoring=rules["scoring"],
        practice=obj.get("practice") is True,
        folder=path.parent,
    )


def _int_of(value: Any) -> int:
    if not is_int(value) or abs(value) > 2**53:
        raise _Bad(_FIELDS)
    return int(value)


def _seats(value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(is_int(s) and 0 <= s < players for s in value):
        raise _Bad(_FIELDS)
    return tuple(sorted(set(value)))


# ------------------------------------------------------------------------------ from a match


def match_entry(session: Session) -> dict[str, Any]:
    """What the list keeps of a finished match (without its order and time)."""
    state = session.state
    deal = state.rules.deal_for(state.players)
    if session.daily is not None:
        mode = "daily"
    elif session.level is not None:
        mode = "level"
    elif session.pass_and_play:
        mode = "pass_and_play"
    else:
        mode = session.mode if session.mode in MODES else "quick"
    people = [seat for seat, kind in enumerate(session.kinds) if kind is None]
    return {
        "match": session.match_id,
        "mode": mode,
        "level": session.level.name if session.level is not None and mode == "level" else "",
        "day": session.daily.key if session.daily is not None else "",
        "names": list(state.names),
        "totals": list(state.totals),
        "winners": list(state.match_winners),
        "people": people or [0],  # a computer in the person's seat (tests): seat 0
        "rules": {
            "players": state.players,
            "set": deal.set_size,
            "preset": state.rules.preset,
            "rounds": deal.rounds,
            "scoring": state.rules.scoring,
        },
        "practice": session.practice,
    }


def keep_match(store: Store, session: Session) -> bool:
    """Keep a finished match in Recent matches (see :class:`RecentMatches`); False when the
    disk refused (the notice says so). The saves call it as a match ends (the guided game and
    the kiosk's attract mode are not watched by them, so they are not kept)."""
    if not session.state.match_over:
        return True
    return RecentMatches(store).keep(session.writer.text(), match_entry(session))


def people_of(item: RecentMatch) -> Iterable[tuple[int, str]]:
    """The seats people played, with their names (who a review can look at)."""
    return [(seat, item.names[seat]) for seat in item.people]

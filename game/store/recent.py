"""The last finished matches, kept on disk to be reviewed, and their reviews.

Every match a person plays to its end (quick play, practice, a ladder level, the daily table, a
custom table, pass and play; not the guided game) is kept the moment it ends, in a ``recent/``
folder under the store's home. The last :data:`MAX_RECENT` are kept; the oldest goes first.

Each match is three files, named after the match's id (``KEY``), and the folder has an index::

    recent/KEY.jsonl        its game record, as the game wrote it (``main.py replay`` and
                            ``main.py review`` read it as it is)
    recent/KEY.json         its entry: what the list shows (:mod:`game.store.recent_entry`)
    recent/KEY.review.json  a finished review of it, so opening it again is instant
    recent/index.json       the kept keys, newest first (at most MAX_RECENT), the last order
                            given, and the key being kept ("pending") while it is written

The index says which files are the game's: only the entries it names are read (so the list
reads at most MAX_RECENT files, whatever the folder holds), and only the files of the keys it
drops, by those names, are ever deleted; any other file in the folder is neither listed nor
touched. A keep marks its key pending in the index before it writes the record and then the
entry (each atomically), then writes the index with the key first: a keep cut short is
finished, or its files removed, by the next one (the index named them). A folder from before
the index gets one built once from its newest entry files (at most :data:`MAX_SCAN_READS`
read), and so does an index that names an entry not there (a key damaged), so that no kept
match goes unlisted. Keeping the same match again (the game stopped between keeping it and
forgetting its save, see :mod:`game.match.keeper`) changes nothing. A kept match's work is bounded:
one index read, two record-and-entry writes, two index writes and at most six removals, so it
runs on the frame thread.

Nothing is followed out of the folder: when ``recent/`` itself is a link it is renamed aside
(the link, never what it leads to) with a notice and a new folder is made; a link in place of
a file is renamed aside in the same way. An entry that cannot be read, or whose record is
missing, not an ordinary file, broken or of another match (its names, totals, winners or rules
differ from the entry's), is renamed aside like the store's files
(``KEY.damaged-20261201-080000.json``, ``KEY.unreadable-...``) with a notice, its record and
kept review with it, and the list goes on without it. A kept review that cannot be used
(damaged, too deep, not finite, not matching its record) is renamed aside quietly and made
again. Temporaries of writes killed midway (``.KEY.jsonl.x1y2z3q4.tmp``) are removed once
stale, when the list opens. Nothing here raises on a file's content.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.rules.record import Record, RecordError, load_record
from game.store.data_files import (
    Refused,
    check_regular,
    read_json_file,
    read_text_file,
)
from game.store.data_files import set_aside as rename_aside
from game.store.home import (
    FORMAT_PREFIX,
    STALE_TEMPORARY_SECONDS,
    Notice,
    Say,
    Store,
)
from game.store.recent_entry import (
    FIELDS,
    LINK,
    MAX_JSON_NESTING,
    MAX_RECENT,
    OTHER_MATCH,
    REASONS,
    RECENT_VERSION,
    Bad,
    Index,
    RecentMatch,
    entry_from_json,
    file_key,
    index_from_json,
    title_for,
    unique,
)
from game.store.review_files import review_from_json, review_json
from game.store.safe_files import (
    MAX_RECORD_BYTES,
    os_reason,
    record_digest,
    write_text_atomically,
)
from game.store.values import MODES

if TYPE_CHECKING:
    from game.ai.review import Review

__all__ = ["MAX_RECENT", "MODES", "RECENT_VERSION", "RecentMatch", "file_key", "title_for"]

REVIEW_VERSION = 1  # bump when game.ai.review weighs differently: older reviews are redone
FOLDER = "recent"
INDEX = "index.json"
MAX_ENTRY_BYTES = 256 * 1024
MAX_INDEX_BYTES = 64 * 1024
MAX_REVIEW_BYTES = 16 * 1024 * 1024
MAX_SCAN_READS = 2 * MAX_RECENT  # entries read to build a missing index, the newest first
MAX_SCAN_NAMES = 100_000  # names looked at in one listing of the folder
_ENTRY_FILE = re.compile(r"([A-Za-z0-9_-]{1,80})\.json")
# write_text_atomically's temporaries: "." + the file's name + "." + mkstemp's 8 + ".tmp"
_TEMPORARY = re.compile(r"\.[A-Za-z0-9_-]{1,80}\.(?:jsonl|json|review\.json)\.[a-z0-9_]{8}\.tmp")
_SWEPT: set[Path] = set()  # folders whose stale temporaries were looked for in this run


# ------------------------------------------------------------------------------ the folder


class RecentMatches:
    """The ``recent/`` folder of a store's home. Loads never raise; notices go to the store's
    (the app shows them)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.folder = store.home / FOLDER
        self.clock = clock

    # ---------------------------------------------------------------- the folder itself

    def _usable(self) -> bool:
        """Whether the folder may be used (it may not exist yet). A link there is renamed
        aside (the link itself: what it leads to is never touched) and a new folder used."""
        try:
            info = os.lstat(self.folder)
        except FileNotFoundError:
            return True
        except OSError:
            return False
        if not stat.S_ISLNK(info.st_mode):
            return True  # a folder, or a file (then writing says it cannot)
        self.set_aside(self.folder, "link", LINK)
        return not os.path.lexists(self.folder)

    def _aside(self, path: Path, reason: str) -> Path | None:
        """Rename ``path`` beside itself; a link is renamed as it is, never followed."""
        return rename_aside(path, reason, self.clock())

    def _read_json(self, path: Path, limit: int) -> Any:
        """A JSON file of the folder through the data folder's checked reader: Refused (a
        link, not a regular file, too big, not JSON, nested too deep, not finite, not
        printable), FileNotFoundError or NotADirectoryError."""
        return read_json_file(self.store.home, path, limit, max_depth=MAX_JSON_NESTING)

    # ---------------------------------------------------------------- the index

    def _index(self, *, save: bool = True) -> Index:
        """The index; built once from the entry files when there is none (or it was bad),
        and written (unless ``save`` is False: the caller writes it)."""
        path = self.folder / INDEX
        why: Say | str = ""
        try:
            obj = self._read_json(path, MAX_INDEX_BYTES)
            index = index_from_json(obj)
            if all(os.path.lexists(self.folder / f"{key}.json") for key in index.keys):
                return index
            # It names an entry that is not there (a key damaged, a match set aside): the
            # kept matches it no longer names would never be listed again, so it is built anew.
            built = self._build_index(save=False)
            built.pending = index.pending  # a keep cut short is still finished or cleaned
            built.order = max(built.order, index.order)  # an order is never given twice
            if save:
                with contextlib.suppress(OSError):
                    self._write_index(built)
            return built
        except (FileNotFoundError, NotADirectoryError):
            pass
        except Refused as refusal:
            why = refusal.why
        except (ValueError, TypeError, KeyError, AttributeError):  # not an index
            why = FIELDS
        if why:
            self.set_aside(path, "damaged", why)
        return self._build_index(save)

    def _build_index(self, save: bool) -> Index:
        """An index from the newest entry files (a folder from before the index)."""
        names: list[tuple[float, str]] = []
        try:
            with os.scandir(self.folder) as listing:
                for count, found in enumerate(listing):
                    if count >= MAX_SCAN_NAMES:
                        break
                    if _ENTRY_FILE.fullmatch(found.name) and found.name != INDEX:
                        with contextlib.suppress(OSError):
                            names.append((found.stat(follow_symlinks=False).st_mtime, found.name))
        except OSError:
            return Index()
        items = []
        for _mtime, name in sorted(names, reverse=True)[:MAX_SCAN_READS]:
            item = self._read_entry(self.folder / name, quiet=True)
            if item is not None:
                items.append(item)
        items.sort(key=lambda item: (item.order, item.ended, item.key), reverse=True)
        index = Index(
            [item.key for item in items[:MAX_RECENT]],
            max((item.order for item in items), default=0),
        )
        if save:
            with contextlib.suppress(OSError):
                self._write_index(index)
        return index

    def _write_index(self, index: Index) -> None:
        body = {
            "format": FORMAT_PREFIX + "recent-index",
            "version": 1,
            "order": index.order,
            "keys": index.keys,
            "pending": index.pending,
        }
        self._write(INDEX, json.dumps(body, indent=1) + "\n")

    # ---------------------------------------------------------------- keeping a match

    def keep(self, record_text: str, entry: Mapping[str, Any]) -> bool:
        """Keep a finished match (its record and entry, ``entry`` without "order" and
        "ended"), then drop the oldest past MAX_RECENT. Kept already: nothing changes. False
        (and a notice, once) when the disk refused."""
        key = file_key(str(entry["match"]))
        try:
            if not self._usable():
                raise PermissionError(13, os.strerror(13))
            self.folder.mkdir(parents=True, exist_ok=True)
            self._sweep()  # a keep killed midway in an earlier run left its temporaries
            index = self._index(save=False)
            if key in index.keys:
                return True  # kept before (the game stopped before it forgot the save)
            self._settle(index, key)
            index.order += 1
            stamp = datetime.fromtimestamp(self.clock(), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            body = {
                "format": FORMAT_PREFIX + "recent",
                "version": RECENT_VERSION,
                **entry,
                "order": index.order,
                "ended": stamp,
                "record": record_digest(record_text),  # a record swapped in is seen at once
            }
            text = json.dumps(body, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
            index.pending = key
            self._write_index(index)
            self._write(f"{key}.jsonl", record_text)
            self._write(f"{key}.json", text)
            index.keys.insert(0, key)
        except OSError as error:
            # Translators: {reason} says why, e.g. "No space left on device" (from the system)
            message = N_("The finished match could not be kept in Recent matches ({reason}).")
            self._notice(Say(message, {"reason": os_reason(error)}))
            return False
        self._prune(index)
        return True

    def _settle(self, index: Index, key: str) -> None:
        """Before keeping ``key``: a keep cut short is finished (its entry is whole) or its
        files removed (the index names them); files of ``key`` the game did not write (not
        pending) are renamed aside, never replaced."""
        pending, index.pending = index.pending, ""
        if pending and pending != key and pending not in index.keys:
            if self._read_entry(self.folder / f"{pending}.json", quiet=True) is not None:
                index.keys.insert(0, pending)
            else:
                for suffix in (".json", ".jsonl", ".review.json"):
                    self._remove(pending + suffix)
        if pending != key:
            for suffix in (".json", ".jsonl", ".review.json"):
                if os.path.lexists(self.folder / (key + suffix)):
                    self._aside(self.folder / (key + suffix), "foreign")

    def _prune(self, index: Index) -> None:
        """Drop the oldest past MAX_RECENT: their files (the entry first, so a half-removed
        match is never listed), then the index without them."""
        index.pending = ""
        dropped, index.keys = index.keys[MAX_RECENT:], unique(index.keys)[:MAX_RECENT]
        try:
            for key in dropped:
                if key not in index.keys:
                    for suffix in (".json", ".jsonl", ".review.json"):
                        self._remove(key + suffix)
            self._write_index(index)
        except OSError:
            return  # left for the next time: the index still names them

    def prune(self) -> None:
        """Drop the oldest matches past MAX_RECENT (only files the index names)."""
        if self._usable() and self.folder.is_dir():
            self._prune(self._index())

    def _write(self, name: str, text: str) -> None:
        self._step("write", name)
        write_text_atomically(self.folder / name, text)
        self._step("wrote", name)

    def _remove(self, name: str) -> None:
        """Delete a file the game wrote. Anything else at its place (a link, a folder, a
        pipe: the game writes only regular files) is not the game's: it is renamed aside
        as "foreign", never deleted, and never stops the prune."""
        path = self.folder / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return
        if not stat.S_ISREG(info.st_mode):
            self._aside(path, "foreign")
            return
        self._step("remove", name)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        self._step("removed", name)

    def _step(self, what: str, name: str) -> None:
        hook = self.store.step_hook  # the kill tests count every change to a file
        if hook is not None:
            hook(what, f"{FOLDER}/{name}")

    def _sweep(self) -> None:
        """Remove stale temporaries of the game's own writes (once a run: one listing)."""
        if self.folder in _SWEPT:
            return
        _SWEPT.add(self.folder)
        now = self.clock()
        try:
            with os.scandir(self.folder) as listing:
                for count, found in enumerate(listing):
                    if count >= MAX_SCAN_NAMES:
                        break
                    if not _TEMPORARY.fullmatch(found.name):
                        continue
                    with contextlib.suppress(OSError):
                        info = found.stat(follow_symlinks=False)
                        if stat.S_ISREG(info.st_mode) and (
                            now - info.st_mtime > STALE_TEMPORARY_SECONDS
                        ):
                            os.unlink(found.path)
        except OSError:
            return

    # ---------------------------------------------------------------- listing

    def entries(self, *, quiet: bool = False) -> list[RecentMatch]:
        """The kept matches, newest first (only those the index names). An entry that cannot
        be read (or has no record) is set aside with a notice, unless ``quiet`` (then it is
        only left out)."""
        if not self._usable() or not self.folder.is_dir():
            return []
        if not quiet:
            self._sweep()
        found = []
        for key in self._index().keys:
            item = self._read_entry(self.folder / f"{key}.json", quiet=quiet)
            if item is not None:
                found.append(item)
        return sorted(found, key=lambda item: (item.order, item.ended, item.key), reverse=True)

    def _read_entry(self, path: Path, *, quiet: bool) -> RecentMatch | None:
        try:
            obj = self._read_json(path, MAX_ENTRY_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except Refused as refusal:
            return self._refuse(path, refusal.aside, refusal.why, quiet)
        try:
            item = entry_from_json(obj, path)
        except Bad as error:
            return self._refuse(path, "damaged", error.msgid, quiet)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return self._refuse(path, "damaged", FIELDS, quiet)
        try:
            check_regular(self.store.home, item.record_path, MAX_RECORD_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return self._refuse(path, "damaged", N_("its game record is missing"), quiet)
        except Refused as refusal:
            return self._refuse(path, refusal.aside, refusal.why, quiet)
        return item

    def _refuse(self, path: Path, reason: str, why: Say | str, quiet: bool) -> RecentMatch | None:
        """Set ``path`` aside (unless ``quiet``), its record and review with it; None: no
        entry there."""
        if not quiet:
            self.set_aside(path, reason, why)
            for other in (path.with_suffix(".jsonl"), path.with_suffix(".review.json")):
                if not os.path.lexists(path) and os.path.lexists(other):
                    self._aside(other, reason)  # kept beside it, never pruned
        return None

    def set_aside(self, path: Path, reason: str, why: Say | str) -> None:
        """Rename a file we cannot use beside itself (never over another), and say so."""
        kept = self._aside(path, reason)
        if kept is None:
            where = Say(N_("It was left as it is and will not be overwritten."))
        else:
            # Translators: {file} is the new name of the file, e.g. settings.damaged-20261129.json
            where = Say(N_("It was kept as {file}."), {"file": kept.name})
        # Translators: {reason} says what is wrong with it, e.g. "it is not JSON"
        message = N_("A recent match could not be read ({reason}), so it is left out of the list.")
        if isinstance(why, str) and why in REASONS:
            why = Say(why)
        self._notice(Say(message, {"reason": why}), where)

    def _notice(self, *parts: Say) -> None:
        notice = Notice(*parts)
        if notice not in self.store.notices:
            self.store.notices.append(notice)

    # ---------------------------------------------------------------- a kept match's files

    def load_record(self, item: RecentMatch) -> tuple[Record, str] | None:
        """The match's record, fully checked and checked against its entry, and its text;
        None (the match set aside, with a notice) when it is broken, cannot be read or is
        another match's."""
        path = item.record_path
        try:
            text = read_text_file(self.store.home, path, MAX_RECORD_BYTES, allow="\t\n\r")
            record, state = load_record(text)
        except RecordError as error:
            self._drop(item, "damaged", f"line {error.line}: {error.reason}")
            return None
        except (FileNotFoundError, NotADirectoryError):
            self._drop(item, "damaged", N_("its game record is missing"))
            return None
        except Refused as refusal:
            self._drop(item, refusal.aside, refusal.why)
            return None
        if not record.complete:
            self._drop(item, "damaged", N_("the record stops before the match's end"))
            return None
        deal = state.rules.deal_for(state.players)
        if (
            (item.digest and record_digest(text) != item.digest)
            or record.players != item.players
            or tuple(record.names) != item.names
            or tuple(state.totals) != item.totals
            or tuple(sorted(set(state.match_winners))) != item.winners
            or deal.set_size != item.set_size
            or deal.rounds != item.rounds
            or state.rules.preset != item.preset
            or state.rules.scoring != item.scoring
        ):
            self._drop(item, "damaged", OTHER_MATCH)
            return None
        return record, text

    def _drop(self, item: RecentMatch, reason: str, why: Say | str) -> None:
        entry = self.folder / f"{item.key}.json"
        self.set_aside(entry, reason, why)
        with contextlib.suppress(OSError):
            if not os.path.lexists(entry):  # set aside: its record goes aside with it
                self._aside(item.record_path, reason)
                self._aside(item.review_path, reason)

    def cached_review(
        self, item: RecentMatch, text: str, seat: int, guesses: int, record: Record | None = None
    ) -> Review | None:
        """The review kept for this record, seat and number of guesses, if there is one. One
        that cannot be used (not an ordinary file, damaged, too deep, not finite, wrong in
        any way) is set aside, byte for byte, so it is made again; this never raises."""
        path = item.review_path
        try:
            obj = self._read_json(path, MAX_REVIEW_BYTES)
            if (
                obj.get("format") != FORMAT_PREFIX + "review"
                or obj.get("version") != REVIEW_VERSION
                or obj.get("record") != record_digest(text)
                or obj.get("seat") != seat
                or obj.get("guesses") != guesses
            ):
                return None  # of another record, seat or weighing: replaced when made again
            found = review_from_json(obj["review"], record)  # checked against its match too
            if found.seat != seat or found.guesses != guesses:
                raise ValueError("not the review asked for")
            return found
        except (FileNotFoundError, NotADirectoryError):
            return None
        except Exception:  # anything at all wrong with it: it is only a cache
            self.set_review_aside(item)
            return None

    def set_review_aside(self, item: RecentMatch) -> None:
        """A kept review that cannot be used: renamed aside (quietly: it is made again)."""
        with contextlib.suppress(OSError):
            if os.path.lexists(item.review_path):
                self._aside(item.review_path, "damaged")

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
            if not self._usable() or item.key not in self._index().keys:
                return False  # dropped from the list meanwhile
            self._write(item.review_path.name, json.dumps(body, ensure_ascii=False) + "\n")
        except (OSError, ValueError):
            return False  # only a cache: the review is made again next time
        return True

    def find(self, match_id: str) -> RecentMatch | None:
        """The kept match of this id, if it is kept."""
        key = file_key(match_id)
        if not self._usable() or not self.folder.is_dir() or key not in self._index().keys:
            return None
        return self._read_entry(self.folder / f"{key}.json", quiet=True)


def people_of(item: RecentMatch) -> Iterable[tuple[int, str]]:
    """The seats people played, with their names (who a review can look at)."""
    return [(seat, item.names[seat]) for seat in item.people]

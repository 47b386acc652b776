"""The one checked way into the data folder: every file the game reads there comes through here.

A file of the data folder (the *home*: settings, statistics, progress, the saved match, recent
entries and records, kept reviews, the crash log) is read only when all of this holds, and is
otherwise refused with a :class:`Refused` that says why in a translatable sentence:

- it lies below the home, reached without any symbolic link: a link anywhere below the home (the
  file itself, or a folder on the way such as ``recent/``) is refused unread, whether it leads out
  of the game's folder ("it leads out of the game's folder") or not ("it is not an ordinary
  file"); the home itself may be a link (a user's moved data folder). A link's target is never
  opened, written or deleted: set aside, the link itself is renamed (:func:`set_aside`);
- it is a regular file: a folder, FIFO or device is refused before it is opened (a FIFO would
  wait forever); the file is then opened without following a link and without waiting, and
  looked at again in case something took its place meanwhile;
- it is at most its kind's size (checked before reading, and while reading);
- for JSON (:func:`parse_json`): UTF-8 text, nested at most :data:`MAX_DEPTH` deep (counted by a
  cheap scan of the brackets outside strings, before the parser could recurse), every number
  finite (no ``NaN``, ``Infinity``, nor ``1e400``, which overflows) and every whole number of at
  most :data:`MAX_INT_DIGITS` digits (refused before ``int()``, which has a limit of its own),
  and every string, keys included, printable: no control character (NUL included) but those a
  kind allows, and no lone surrogate (which UTF-8 cannot even write back).

What a value means (a seat kind that exists, a name, a train index) is checked by its reader
against the rules or record it refers to; this module only makes sure it is safe to look at.
Nothing here raises anything but :class:`Refused` and, for a file that is not there,
``FileNotFoundError`` / ``NotADirectoryError`` (and ValueError for a path not spelled below the
home: a caller's mistake).

For a writer or a cleaner of the data folder (the recent matches, the crash log):
:func:`check_inside` before writing, appending or deleting a file, :func:`set_aside` to move a
refused one, :func:`read_data_file` / :func:`read_text_file` for bytes and text, and
:func:`parse_json` for one line of a JSON Lines file already read.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import time
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

from game.i18n import N_
from game.store.safe_files import os_reason
from game.store.values import Say, say

MAX_DEPTH = 64  # brackets: the deepest file the game writes nests 6 deep
MAX_INT_DIGITS = 64  # digits of a whole number: seeds and counts need at most 20

# The reasons a file is refused, as a notice says them ("... was damaged (it is not JSON) ...").
NOT_A_FILE = N_("it is not an ordinary file")
LEADS_OUT = N_("it leads out of the game's folder")
TOO_BIG = N_("it is far too big")
NOT_TEXT = N_("it is not text")
NOT_JSON = N_("it is not JSON")
TOO_DEEP = N_("it is nested too deeply")
OUT_OF_RANGE = N_("it holds a number out of range")
NOT_PRINTABLE = N_("it holds text that is not printable")

UNREADABLE = "unreadable"  # the word a set-aside file's name takes: it could not be read
DAMAGED = "damaged"  # it was read, and is not what it must be

_O_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check does not wait
    | getattr(os, "O_NOFOLLOW", 0)  # nor does a link swapped in lead anywhere
    | getattr(os, "O_BINARY", 0)  # Windows: no newline translation
)


class Refused(Exception):
    """A file of the data folder the game will not use.

    ``aside``: the word its set-aside name takes (:data:`UNREADABLE` or :data:`DAMAGED`);
    ``why``: the reason, a sentence for a notice (a :class:`Say`, or the system's own words for
    an OSError); ``path``: what to set aside (the link, when a folder on the way is one).
    """

    def __init__(self, aside: str, why: Say | str, path: Path) -> None:
        super().__init__(f"{path}: {why.render(False) if isinstance(why, Say) else why}")
        self.aside = aside
        self.why = why
        self.path = path


# ---------------------------------------------------------------------------- on the disk


def check_inside(home: Path, path: Path) -> os.stat_result:
    """What ``path`` is (its lstat), once it is known to lie below ``home`` with no symbolic
    link on the way: call it before reading, writing or deleting a file of the data folder.

    Refused for a link (the file, or a folder between it and the home); FileNotFoundError /
    NotADirectoryError when it is not there. ValueError when ``path`` is not spelled below
    ``home`` (a caller's mistake)."""
    home, path = Path(home), Path(path)
    parts = path.relative_to(home).parts
    if not parts or any(part in ("", ".", "..") for part in parts):
        raise ValueError(f"{path} is not a file below {home}")
    here = home
    info = None
    for part in parts:
        here = here / part
        info = os.lstat(here)
        if stat.S_ISLNK(info.st_mode):
            raise Refused(
                UNREADABLE, say(LEADS_OUT if _leads_out(home, here) else NOT_A_FILE), here
            )
    assert info is not None
    return info


def _leads_out(home: Path, link: Path) -> bool:
    real_home = os.path.realpath(home)
    target = os.path.realpath(link)  # only looked at: never opened
    try:
        return os.path.commonpath([real_home, target]) != real_home
    except ValueError:  # another drive (Windows)
        return True


def open_data_file(home: Path, path: Path, limit: int) -> BinaryIO:
    """The regular file at ``path`` below ``home``, open for reading (see the module's rules):
    Refused, FileNotFoundError or NotADirectoryError, nothing else."""
    for _attempt in range(3):
        try:
            return _open_data_file(home, path, limit)
        except _Replaced:
            continue  # an atomic save renamed a new file in between: look again
    raise Refused(UNREADABLE, say(NOT_A_FILE), Path(path))  # swapped again and again


class _Replaced(Exception):
    """Another file took the path's place between looking at it and opening it."""


def _open_data_file(home: Path, path: Path, limit: int) -> BinaryIO:
    try:
        info = check_inside(home, path)
        _regular(path, info, limit)
        handle = os.open(path, _O_FLAGS)
    except (Refused, FileNotFoundError, NotADirectoryError):
        raise
    except OSError as error:
        if getattr(os, "O_NOFOLLOW", 0) and error.errno == getattr(os, "ELOOP", None):
            raise Refused(UNREADABLE, say(NOT_A_FILE), Path(path)) from None  # a link, just now
        raise Refused(UNREADABLE, os_reason(error), Path(path)) from None
    stream = os.fdopen(handle, "rb")
    try:
        now = os.fstat(handle)
        _regular(path, now, limit)
        if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
            raise _Replaced  # swapped meanwhile (a save's rename, most likely)
    except BaseException:
        stream.close()
        raise
    return stream


def check_regular(home: Path, path: Path, limit: int) -> os.stat_result:
    """What ``path`` is, once it is known to be a regular file below ``home`` of at most
    ``limit`` bytes, reached with no link on the way (a file that must be there, looked at
    without reading it): Refused, FileNotFoundError or NotADirectoryError otherwise."""
    info = check_inside(home, path)
    _regular(path, info, limit)
    return info


def _regular(path: Path, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Refused(UNREADABLE, say(NOT_A_FILE), Path(path))
    if info.st_size > limit:
        raise Refused(DAMAGED, say(TOO_BIG), Path(path))


def read_data_file(home: Path, path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` below ``home``, at most ``limit`` of them."""
    with open_data_file(home, path, limit) as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise Refused(UNREADABLE, os_reason(error), Path(path)) from None
    if len(data) > limit:  # it grew while it was read
        raise Refused(DAMAGED, say(TOO_BIG), Path(path))
    return data


def read_json_file(
    home: Path, path: Path, limit: int, *, allow: str = "", max_depth: int = MAX_DEPTH
) -> Any:
    """The JSON value of the file at ``path`` below ``home``, every check passed (see
    :func:`read_data_file`, :func:`parse_json`)."""
    data = read_data_file(home, path, limit)
    try:
        return parse_json(data, allow=allow, max_depth=max_depth)
    except Refused as refusal:
        refusal.path = Path(path)
        raise


def read_text_file(home: Path, path: Path, limit: int, *, allow: str = "\t\n") -> str:
    """The UTF-8 text of the file at ``path`` below ``home`` (a log), every character
    printable or in ``allow``."""
    text = _decode(read_data_file(home, path, limit), Path(path))
    if _unprintable(allow).search(text):
        raise Refused(DAMAGED, say(NOT_PRINTABLE), Path(path))
    return text


def set_aside(path: Path, reason: str, now: float) -> Path | None:
    """Move ``path`` to ``<stem>.<reason>-<local time><suffix>`` beside it, without replacing
    any file; None when it cannot be moved. A link is moved itself, its target untouched."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    try:
        is_link = stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return None
    for attempt in range(1, 1000):
        extra = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{path.stem}.{reason}-{stamp}{extra}{path.suffix}")
        if os.path.lexists(target):
            continue
        if not is_link:
            try:
                os.link(path, target)  # fails rather than replace a file (never a link here)
            except FileExistsError:
                continue
            except (OSError, NotImplementedError):
                pass  # no hard links here (FAT, some network drives, folders): rename
            else:
                try:
                    os.unlink(path)
                except OSError:
                    with contextlib.suppress(OSError):
                        os.unlink(target)
                    return None
                return target
        try:
            os.rename(path, target)  # having checked the name is free
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


# ------------------------------------------------------------------------------------ JSON


class _Bad(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


# A JSON string, or one left open to the end of the text; possessive, so the scan stays linear.
_STRING = re.compile(rb'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = tuple(1 if b in b"[{" else -1 if b in b"]}" else 0 for b in range(256))


def nesting(data: bytes, stop: int | None = None) -> int:
    """How deep the brackets outside strings nest (exact for JSON the parser accepts), or a
    depth past ``stop`` as soon as one is found (a deep file is refused without reading on)."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    deepest = depth = 0
    for start in range(0, len(brackets), _CHUNK):
        steps = map(_STEP.__getitem__, brackets[start : start + _CHUNK])
        chunk = list(accumulate(steps, initial=depth))
        deepest, depth = max(deepest, max(chunk)), chunk[-1]
        if stop is not None and deepest > stop:
            break
    return deepest


_CHUNK = 1 << 16


def parse_json(data: bytes | str, *, max_depth: int = MAX_DEPTH, allow: str = "") -> Any:
    """``data`` as JSON, every check of the module's rules passed, else Refused (its ``path``
    left empty for the caller to fill)."""
    where = Path()
    text = _decode(data, where) if isinstance(data, bytes) else data
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    if raw.count(b"[") + raw.count(b"{") > max_depth and nesting(raw, max_depth) > max_depth:
        raise Refused(DAMAGED, say(TOO_DEEP), where)
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except _Bad as bad:
        raise Refused(DAMAGED, say(bad.why), where) from None
    except (ValueError, RecursionError):
        raise Refused(DAMAGED, say(NOT_JSON), where) from None
    if not printable(value, allow):
        raise Refused(DAMAGED, say(NOT_PRINTABLE), where)
    return value


def _decode(data: bytes, where: Path) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(DAMAGED, say(NOT_TEXT), where) from None


def _constant(name: str) -> Any:
    raise _Bad(OUT_OF_RANGE)  # NaN, Infinity, -Infinity


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Bad(OUT_OF_RANGE)  # 1e400
    return value


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_INT_DIGITS:
        raise _Bad(OUT_OF_RANGE)
    return int(text)


_UNPRINTABLE: dict[str, re.Pattern[str]] = {}


def _unprintable(allow: str) -> re.Pattern[str]:
    pattern = _UNPRINTABLE.get(allow)
    if pattern is None:
        # Controls (C0, DEL, C1) and lone surrogates, less the characters a kind allows.
        chars = "".join(
            ch for ch in map(chr, [*range(0x20), *range(0x7F, 0xA0)]) if ch not in allow
        )
        pattern = re.compile(f"[{re.escape(chars)}\ud800-\udfff]")
        _UNPRINTABLE[allow] = pattern
    return pattern


def printable(value: Any, allow: str = "") -> bool:
    """Whether every string in a JSON value (keys too) is free of control characters other
    than ``allow`` and of lone surrogates."""
    bad = _unprintable(allow).search
    return not any(bad(text) for text in _strings(value))


def _strings(value: Any) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            yield from item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)

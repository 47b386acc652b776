"""Reading level files strictly: a directory of them, each file's size, encoding and TOML.

:func:`load_levels` reads a directory of ``levels/*.toml``; a broken file is refused with a
:class:`~game.levels.model.LevelError` that names the file, the field and the reason, and the
other levels still load. What a file holds is checked by :mod:`game.levels.checks`.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Final

from game.levels.checks import LevelReader
from game.levels.model import (
    DUPLICATE_ID,
    DUPLICATE_ORDER,
    PARSE,
    READ,
    TOO_LARGE,
    Level,
    LevelError,
    _file_of,
)
from game.store.safe_files import FileTooLargeError, NotAFileError, read_regular_file

# Limits on what a level file may hold, each with its reason (the README's table lists them;
# the limits on what is in it are in game.levels.checks).
# A level is a few hundred bytes; the cap keeps a stray big file from stalling the start.
MAX_FILE_BYTES: Final = 256 * 1024
# Parts of one dotted key (a level needs 2): see longest_key.
MAX_KEY_PARTS: Final = 8


# Another levels folder (for the self-test with a broken file, or a level author's drafts).
LEVELS_ENV: Final = "MEXICAN_TRAIN_LEVELS"


def default_levels_dir() -> Path:
    """$MEXICAN_TRAIN_LEVELS, else the ``levels/`` directory beside the ``game`` package."""
    override = os.environ.get(LEVELS_ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "levels"


# ---------------------------------------------------------------------------- reading files


def load_levels(directory: Path | str | None = None) -> tuple[list[Level], list[LevelError]]:
    """Every ``*.toml`` level in ``directory`` (default ``levels/``), in ladder order, and the
    files refused, each with its reason. One bad file never stops the others from loading.

    When two files share an id or an order, the first by file name loads and the other is
    refused.
    """
    folder = Path(directory) if directory is not None else default_levels_dir()
    try:
        # Every *.toml but hidden ones (an editor's lock or backup files): a folder, pipe or
        # device named so is refused by load_level, never opened.
        paths = sorted(
            p for p in folder.iterdir() if p.suffix == ".toml" and not p.name.startswith(".")
        )
    except OSError as error:
        return [], [LevelError(folder, None, READ, f"cannot read the directory: {error.strerror}")]
    levels: list[Level] = []
    errors: list[LevelError] = []
    by_id: dict[str, Level] = {}
    by_order: dict[int, Level] = {}
    for path in paths:
        try:
            level = load_level(path)
        except LevelError as error:
            errors.append(error)
            continue
        if level.id in by_id:
            other = _file_of(by_id[level.id])
            errors.append(
                LevelError(
                    path, "id", DUPLICATE_ID, f"the id {level.id!r} is already used by {other}"
                )
            )
            continue
        if level.order in by_order:
            other = _file_of(by_order[level.order])
            errors.append(
                LevelError(
                    path,
                    "order",
                    DUPLICATE_ORDER,
                    f"order {level.order} is already used by {other}",
                )
            )
            continue
        by_id[level.id] = level
        by_order[level.order] = level
        levels.append(level)
    levels.sort(key=lambda lv: (lv.order, lv.id))
    return levels, errors


def load_level(path: Path | str) -> Level:
    """One level file, or a LevelError naming the field and the reason."""
    path = Path(path)
    try:
        # A byte-order mark (Windows editors write one) is not part of the text.
        text = _read_small_file(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LevelError(path, None, PARSE, "the file is not UTF-8 text") from None
    return parse_level(text, path)


def _read_small_file(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, or a LevelError.

    A pipe or a device is refused before it is opened (reading one would wait forever or never
    end), and the size is checked before reading and again while reading.
    """

    def cannot_read(error: OSError) -> LevelError:
        return LevelError(path, None, READ, f"cannot read the file: {error.strerror}")

    def too_large(size: int) -> LevelError:
        limit = MAX_FILE_BYTES // 1024
        return LevelError(
            path,
            None,
            TOO_LARGE,
            f"the file is {_size_text(size)}; a level file may be at most {limit} KB",
        )

    def not_regular() -> LevelError:
        return LevelError(
            path, None, READ, "not a plain file (a folder, pipe or device): cannot be a level"
        )

    try:
        return read_regular_file(path, MAX_FILE_BYTES)
    except NotAFileError:
        raise not_regular() from None
    except FileTooLargeError as error:
        raise too_large(error.size) from None
    except OSError as error:
        raise cannot_read(error) from None


def _size_text(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    return f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} bytes"


def parse_level(text: str, path: Path | str = "<level>") -> Level:
    """A level from the text of a level file; ``path`` names it in errors."""
    path = Path(path)
    text = text.removeprefix("\ufeff")
    parts = longest_key(text)
    if parts > MAX_KEY_PARTS:
        raise LevelError(
            path,
            None,
            PARSE,
            f"a dotted key of {parts} parts is too long to read; at most {MAX_KEY_PARTS}",
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(path, None, PARSE, f"not valid TOML: {error}") from None
    except RecursionError:  # lists or tables inside each other thousands deep
        raise LevelError(path, None, PARSE, "nested too deeply to read") from None
    return LevelReader(path).read(data)


# The rest of a string after its opening quote(s), up to and with its closing quote(s); each
# is tried once where a string opens, so the scan stays linear.
_STRING_ENDS: Final = {
    '"""': re.compile(r'(?:[^\\]|\\.)*?"""', re.DOTALL),
    "'''": re.compile(r".*?'''", re.DOTALL),
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
}
_BARE: Final = re.compile(r"[A-Za-z0-9_+:-]+")  # a bare key, or a number or a date in a value


def longest_key(text: str) -> int:
    """The most parts of a dotted key in TOML ``text`` (``a.b.c`` has 3; 1 if none is dotted).

    Python's TOML reader takes time and memory growing with the square of a key's parts (a key
    of 16,000 parts in a 32 KB file takes seconds and a gigabyte), so a level file's keys are
    counted before it reads them; a level needs 2 parts at most (``rules.set_size``). Dots in
    strings and comments do not count; a number like ``1.5`` counts as 2 parts.

    >>> longest_key('a.b.c = 1  # x.y.z.w\\nd = "e.f.g.h"\\n[rules . "x.y"]\\nf = 1.5')
    3
    """
    longest = parts = 1
    after_part = False  # a key part just ended: a dot may continue the key
    after_dot = False  # a dot just came: the next part continues the key
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char in " \t":
            index += 1
            continue
        if char == "." and after_part:
            after_part, after_dot = False, True
            index += 1
            continue
        if char in "\"'":
            quote = char * 3 if text.startswith(char * 3, index) else char
            closing = _STRING_ENDS[quote].match(text, index + len(quote))
            if closing is not None:
                end = closing.end()
            elif len(quote) == 3:  # unterminated: the TOML reader will say so
                break
            else:  # a one-line string ends with its line at the latest
                newline = text.find("\n", index)
                end = size if newline < 0 else newline
        elif bare := _BARE.match(text, index):
            end = bare.end()
        else:
            if char == "#":
                newline = text.find("\n", index)
                end = size if newline < 0 else newline
            else:
                end = index + 1
            parts, after_part, after_dot = 1, False, False
            index = end
            continue
        parts = parts + 1 if after_dot else 1
        longest = max(longest, parts)
        after_part, after_dot = True, False
        index = end
    return longest

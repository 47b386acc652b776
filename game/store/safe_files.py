"""Record files on disk: read one safely, write one atomically (the rules module does no I/O)."""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:  # the rules are imported where a record is read: saving needs none of them
    from game.rules import GameState
    from game.rules.record import Record

# A 14-player double-18 match, the longest table, writes about 230 KB; even a match of nothing
# but draws and passes stays under 4 MB. A bigger file is not a record: refuse it unread.
MAX_RECORD_BYTES = 16 * 1024 * 1024


class NotAFileError(OSError):
    """Something other than a regular file (a folder, a pipe, a device) is at the path."""

    def __init__(self, path: Path, folder: bool) -> None:
        super().__init__(f"{path}: not a regular file")
        self.folder = folder


class FileTooLargeError(OSError):
    """A file over its size limit (``size``: its bytes as measured)."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(f"{path}: {size} bytes, over the limit")
        self.size = size


def _regular(path: Path, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise NotAFileError(path, stat.S_ISDIR(info.st_mode))
    if info.st_size > limit:
        raise FileTooLargeError(path, info.st_size)


def open_regular_file(path: Path, limit: int) -> BinaryIO:
    """The regular file at ``path`` (symlinks followed), open for reading, never waiting.

    A folder, pipe or device is refused (NotAFileError) before it is opened, since reading a
    pipe waits forever and a device may never end; the file is opened non-blocking and looked
    at again, in case one took its place meanwhile. A file over ``limit`` bytes is refused
    (FileTooLargeError) before it is read. Other OSErrors pass through."""
    path = Path(path)
    _regular(path, path.stat(), limit)
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _O_BINARY)
    stream = os.fdopen(handle, "rb")
    try:
        _regular(path, os.fstat(handle), limit)
    except OSError:
        stream.close()
        raise
    return stream


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them (see
    :func:`open_regular_file`; FileTooLargeError too if it grew while it was read)."""
    with open_regular_file(path, limit) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(Path(path), len(data))
    return data


def load_record_file(
    path: str | os.PathLike[str], *, keep: bool = True
) -> tuple[Record, GameState]:
    """Read and fully check a record file, one line at a time.

    Only a regular file of at most MAX_RECORD_BYTES is read (a device, a pipe or a folder is
    refused without waiting on it). With ``keep=False`` the lines are checked and dropped
    (``record.lines`` is empty), so a check needs the memory of one line.

    Raises RecordError for a broken record (with its line number) and OSError subclasses with a
    readable message for a file that cannot be read.
    """
    from game.rules.record import RecordError, load_record_lines

    file = Path(path)
    try:
        stream = open_regular_file(file, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise FileNotFoundError(f"{file}: no such file") from None
    except NotAFileError as error:
        if error.folder:
            raise IsADirectoryError(f"{file}: is a folder, not a record file") from None
        raise OSError(
            f"{file}: is not a regular file (a device or a pipe), so it is not read"
        ) from None
    except FileTooLargeError as error:
        raise RecordError(
            1,
            f"the file is {error.size:,} bytes, too big to be a game record "
            f"(at most {MAX_RECORD_BYTES:,})",
        ) from None
    except OSError as error:
        raise OSError(f"{file}: cannot read it ({os_reason(error)})") from None
    with stream:
        return load_record_lines(_file_lines(file, stream), keep=keep)


_O_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def _file_lines(file: Path, stream: BinaryIO) -> Iterator[str]:
    """The file's lines, split on "\\n" only, decoded one at a time; at most
    MAX_RECORD_BYTES in all (the file may grow while it is read)."""
    from game.rules.record import MAX_LINE_LENGTH, RecordError

    # UTF-8 takes at most 4 bytes a character: a line past this many bytes is past the rules'
    # line length too, so it is refused before it is decoded or parsed.
    max_line_bytes = 4 * MAX_LINE_LENGTH
    total = 0
    for number in itertools.count(1):
        try:
            raw = stream.readline(max_line_bytes + 1)
        except OSError as error:
            raise OSError(f"{file}: cannot read it ({os_reason(error)})") from None
        if not raw:
            return
        total += len(raw)
        if total > MAX_RECORD_BYTES:
            raise RecordError(number, "the file is too big to be a game record")
        if len(raw) > max_line_bytes:
            raise RecordError(number, f"the line is longer than {MAX_LINE_LENGTH} characters")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(number, "the text is not UTF-8") from None


def os_reason(error: OSError) -> str:
    """Why the system refused, in its words ("Permission denied"): never an errno number or
    a class's name. One wording for every file of the data folder (the store, Recent matches,
    records)."""
    if error.strerror:
        return error.strerror
    if error.errno:
        return os.strerror(error.errno)
    return "the system refused"


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def record_digest(text: str) -> str:
    """The SHA-1 of a record's text: the same record, the same digest (saves, Recent matches)."""
    import hashlib  # when first needed: not before the menu's first frame

    return hashlib.sha1(text.encode("utf-8")).hexdigest()

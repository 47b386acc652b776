"""Record files on disk: read one safely, write one atomically (the rules module does no I/O)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from game.rules import GameState
from game.rules.record import Record, RecordError, load_record

MAX_RECORD_BYTES = 64 * 1024 * 1024  # far beyond any real match; refuses a runaway file


def load_record_file(path: str | os.PathLike[str]) -> tuple[Record, GameState]:
    """Read and fully check a record file.

    Raises RecordError for a broken record (with its line number) and OSError subclasses with a
    readable message for a file that cannot be read.
    """
    file = Path(path)
    try:
        size = file.stat().st_size
    except FileNotFoundError:
        raise FileNotFoundError(f"{file}: no such file") from None
    except OSError as error:
        raise OSError(f"{file}: cannot read it ({error.strerror})") from None
    if size > MAX_RECORD_BYTES:
        raise RecordError(1, f"the file is {size} bytes, too big to be a game record")
    try:
        data = file.read_bytes()
    except OSError as error:
        raise OSError(f"{file}: cannot read it ({error.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RecordError(line, "the text is not UTF-8") from None
    return load_record(text)


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

"""Every kind of the store's files, damaged 52 ways each (a fixed seed: the same every run):
truncated, bytes flipped, numbers huge or not finite, 100,000 brackets deep, text that is not
printable, and a link out of the folder, a FIFO, a folder or an unreadable file in its place.

Whatever the damage: the load does not raise or wait; a file the game does not use is set aside
byte-identical (a link as the link, its target untouched) with a notice; a file it uses stays as
it was; and the game goes on: the kind saves afresh and loads back, the other kinds untouched.
"""

from __future__ import annotations

import os
import random
import re
import stat
import threading
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from game.store import data_files
from game.store.home import KINDS, Progress, Statistics, Store

from .test_store_files import loader, new_store, some_file

SEED = 27
SPECIAL = ("link out", "fifo", "folder", "unreadable")
MUST_REFUSE = {  # mutations no loader may use, and why the notice says
    "number": data_files.OUT_OF_RANGE,
    "deep": data_files.TOO_DEEP,
    "unprintable": data_files.NOT_PRINTABLE,
}
HUGE = [b"1e400", b"-1E+999", b"NaN", b"Infinity", b"-Infinity", b"9" * 5000]
HUGE += [b"1" + b"0" * 400 + b".5", b"-" + b"7" * (data_files.MAX_INT_DIGITS + 1)]
DEEP = [b"[" * 100_000 + b"]" * 100_000, b"{" * 100_000]
UNPRINTABLE = [b"\\u0000", b"\\ud800", b"\\u001b", b"\\u0085"]
NUMBER = re.compile(rb"(?<=[:\[ ,])-?\d+(?:\.\d+)?(?=[,\]}\s])")
STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')  # from the start: never between two strings


@cache
def good_bytes(kind: str) -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        store = new_store(Path(folder))
        some_file(store, kind, 3)
        return store.path(kind).read_bytes()


def mutations(kind: str) -> Iterator[tuple[str, bytes]]:
    """(what, the file's new bytes): 52 of them, the same each run."""
    good = good_bytes(kind)
    rng = random.Random(f"{SEED}-{kind}")
    for cut in rng.sample(range(len(good)), 18):
        yield "truncated", good[:cut]
    for at in rng.sample(range(len(good)), 16):
        flipped = bytearray(good)
        flipped[at] ^= rng.randrange(1, 256)
        yield "flipped", bytes(flipped)
    numbers = list(NUMBER.finditer(good))
    for huge in HUGE:
        at = rng.choice(numbers)
        yield "number", good[: at.start()] + huge + good[at.end() :]
    for deep in DEEP:
        at = rng.choice(numbers)
        yield "deep", good[: at.start()] + deep + good[at.end() :]
    strings = list(STRING.finditer(good))
    for bad in UNPRINTABLE:
        at = rng.choice(strings)
        yield "unprintable", good[: at.end() - 1] + bad + good[at.end() - 1 :]
    for special in SPECIAL:
        yield special, good


CASES = [(kind, n) for kind in KINDS for n in range(52)]


def test_every_kind_has_52_mutations_each_of_its_own() -> None:
    for kind in KINDS:
        made = list(mutations(kind))
        assert len(made) == 52 and len({body for _, body in made if _ not in SPECIAL}) == 48
        assert {what for what, _ in made} >= {"truncated", "flipped", *MUST_REFUSE, *SPECIAL}


def load_without_waiting(store: Store, kind: str, fifo: Path) -> None:
    """Load beside a FIFO: the test holds its writing end, so a store that opened the FIFO
    would meet it there, and the test sees it; a store that did not lets the test's own
    non-blocking reader through once the load is over (no clock involved)."""
    handle = fifo.with_name("same-fifo")
    os.link(fifo, handle)  # the store renames the FIFO: this name stays
    loaded = threading.Event()
    reader: list[int] = []

    def load() -> None:
        loader(store, kind)()
        loaded.set()
        reader.append(os.open(handle, os.O_RDONLY | os.O_NONBLOCK))  # never waits

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    writer = os.open(handle, os.O_WRONLY)  # waits for a reader: the store's or the load's
    met_the_store = not loaded.is_set()
    os.close(writer)
    thread.join()
    for fd in reader:
        os.close(fd)
    os.unlink(handle)
    assert not met_the_store, "the store opened a FIFO"


def refuse_reading(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Make ``path`` unreadable: chmod 000, or, for root (whom modes do not stop), an open
    that says what the system would say."""
    if os.geteuid() != 0:
        path.chmod(0)
        return
    real_open = os.open

    def open_(name: object, flags: int, *args: object, **kwargs: object) -> int:
        if Path(str(name)) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(data_files.os, "open", open_)


def the_aside(home: Path, kind: str) -> Path | None:
    found = [p for p in home.iterdir() if re.fullmatch(rf"{kind}\.[a-z]+-[\d-]+\.json", p.name)]
    assert len(found) <= 1
    return found[0] if found else None


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_a_damaged_file_never_stops_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, n: int
) -> None:
    what, body = list(mutations(kind))[n]
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    store = new_store(home)
    for other in KINDS:
        some_file(store, other, 2)
    others = {other: store.path(other).read_bytes() for other in KINDS if other != kind}
    path = store.path(kind)
    path.unlink()
    target = elsewhere / "theirs.json"
    if what == "link out":
        elsewhere.mkdir()
        target.write_bytes(body)
        path.symlink_to(target)
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
        (path / "inside.json").write_bytes(body)
    else:
        path.write_bytes(body)
    if what == "unreadable":
        refuse_reading(monkeypatch, path)

    fresh = Store(home)  # a new start of the game
    if what == "fifo":
        load_without_waiting(fresh, kind, path)
    else:
        loader(fresh, kind)()
    monkeypatch.undo()
    notices = fresh.take_notices()
    aside = the_aside(home, kind)

    if aside is None:  # used as it is (a flip in a name, say): the file stays as it was
        assert what in ("truncated", "flipped"), f"{what} must be set aside"
        assert path.read_bytes() == body
        assert not any("kept as" in notice for notice in notices)
    else:
        assert not os.path.lexists(path)
        [notice] = [n for n in notices if f"It was kept as {aside.name}." in n]
        check_kept(what, aside, body, target, notice)
    assert_the_game_goes_on(home, kind, others)


def check_kept(what: str, aside: Path, body: bytes, target: Path, notice: str) -> None:
    info = os.lstat(aside)
    if what == "link out":
        assert stat.S_ISLNK(info.st_mode) and os.readlink(aside) == str(target)
        assert target.read_bytes() == body, "the link's target untouched"
        assert "(it leads out of the game's folder)" in notice
    elif what == "fifo":
        assert stat.S_ISFIFO(info.st_mode)
        assert "(it is not an ordinary file)" in notice
    elif what == "folder":
        assert (aside / "inside.json").read_bytes() == body
        assert "(it is not an ordinary file)" in notice
    else:
        assert aside.read_bytes() == body, "kept byte for byte"
        if what == "unreadable":
            aside.chmod(0o600)
            assert "could not be read (Permission denied)" in notice
        elif what in MUST_REFUSE:
            assert f"damaged ({MUST_REFUSE[what]})" in notice


def assert_the_game_goes_on(home: Path, kind: str, others: dict[str, bytes]) -> None:
    store = Store(home)
    saves: dict[str, Callable[[], bool]] = {
        "settings": lambda: store.save_settings(store.load_settings()),
        "statistics": lambda: store.save_statistics(Statistics()),
        "progress": lambda: store.save_progress(Progress()),
        "game": lambda: store.save_game(*_game()),
    }
    assert saves[kind](), "the kind saves afresh"
    again = Store(home)
    loaded = loader(again, kind)()
    assert loaded is not None
    for other, original in others.items():
        assert again.path(other).read_bytes() == original
        loader(again, other)()
    assert again.take_notices() == []


def _game() -> tuple[str, dict[str, object]]:
    from .helpers import record_after

    return record_after(2)[0], {"seats": ["human", "easy", "easy"]}

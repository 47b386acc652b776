"""The data folder's other kinds of file, damaged 52 ways each (a fixed seed: the same every run),
as tests/store/test_data_folder_fuzz.py damages the store's four: Recent matches' index, an
entry, a record and a kept review, the crash log and the match log (game.log). Truncated, bytes
flipped, numbers huge or not finite, 100,000 brackets deep, text that is not printable, and a
link out of the folder, a FIFO, a folder or an unreadable file in its place.

Whatever the damage: nothing raises or waits; a file the game does not use is set aside
byte-identical (a link as the link, its target untouched), with a notice where the kind gives
notices (a kept review is only a cache: it goes aside quietly and is made again); and the game
goes on: the list still opens with the other kept matches and keeps a new one, a crash report
is still written and read back, the saved match still resumes and plays on.
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar
from unittest import mock

import pytest

from game.ai.review import Review, review
from game.match.keeper import Keeper
from game.match.kept import match_entry
from game.rules.record import load_record
from game.store import crash_log
from game.store.home import Store
from game.store.recent import RecentMatches
from game.store.recent_entry import index_from_json

from .test_data_folder_fuzz import DEEP, HUGE, NUMBER, SEED, SPECIAL, STRING, refuse_reading
from .test_match_log import person_session, play
from .test_recent import Clock, finished_session
from .test_store_files import NOW

KINDS = ("index", "entry", "record", "review", "crash", "log")
COUNT = 52
UNPRINTABLE_JSON = [b"\\u0000", b"\\ud800", b"\\u001b", b"\\u0085"]  # escapes in a string
UNPRINTABLE_TEXT = [b"\x00", b"\x1b[2J", b"\xed\xa0\x80", b"\xc2\x85"]  # raw, in a log's text
RECENT_NOTICE = "A recent match could not be read ("
LOG_NOTICE = "resumes from its last full save"
T = TypeVar("T")


# ------------------------------------------------------------------ the good data folder


@dataclass(frozen=True)
class Model:
    """A data folder as the game leaves it: three kept matches (the middle one reviewed), a
    crash log of three reports, and a match in progress whose game.log is ahead of its
    game.json (a kill came before the last full save)."""

    files: dict[str, bytes]  # below the home: its path -> its bytes
    keys: tuple[str, str, str]  # the kept matches, newest first
    review: Review  # the middle match's kept review (seat 0, 3 guesses)
    full: str  # the match in progress, as the log has it
    saved: str  # ... and as game.json alone has it


@cache
def model() -> Model:
    """Built once a process, the same bytes each time (ids and times fixed)."""
    ids = random.Random(SEED)
    with (
        tempfile.TemporaryDirectory() as folder,
        mock.patch("uuid.uuid4", lambda: uuid.UUID(int=ids.getrandbits(128), version=4)),
    ):
        home = Path(folder)
        store = Store(home, clock=lambda: NOW)
        recent = RecentMatches(store, clock=Clock())
        for seed in (1, 2, 3):
            session = finished_session(seed)
            assert recent.keep(session.writer.text(), match_entry(session))
        newest, middle, oldest = recent.entries()
        loaded = recent.load_record(middle)
        assert loaded is not None
        kept = review(loaded[0], 0, guesses=3)
        assert recent.keep_review(middle, loaded[1], kept, 3)
        for n in range(3):
            trace = f'Traceback (most recent call last):\n  File "game/x.py", line {10 + n}, in f\n'
            crash_log.write_report(home, f"Scene{n}", trace + f'ValueError: "{n}"', now=1e9 + n)
        keeper = Keeper(store)
        session = person_session(seed=4)
        keeper.watch(session)
        play(session, 4)
        keeper.flush()
        older = (home / "game.json").read_bytes()
        play(session, 6)
        keeper.flush()
        keeper.close()
        (home / "game.json").write_bytes(older)  # game.log holds six moves more
        full = session.writer.text()
        assert store.take_notices() == []
        files = {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*") if p.is_file()}
        alone = Store(home, clock=lambda: NOW)
        os.unlink(home / "game.log")
        from_json = alone.load_game()
        assert from_json is not None and from_json.text() != full
        assert full.startswith(from_json.text())
        return Model(
            files,
            (newest.key, middle.key, oldest.key),
            kept,
            full,
            from_json.text(),
        )


def target(kind: str) -> str:
    """The file of ``kind`` the test damages (of the middle kept match, for Recent matches)."""
    key = model().keys[1]
    return {
        "index": "recent/index.json",
        "entry": f"recent/{key}.json",
        "record": f"recent/{key}.jsonl",
        "review": f"recent/{key}.review.json",
        "crash": "crash.log",
        "log": "game.log",
    }[kind]


# ---------------------------------------------------------------------------- the damage


def mutations(kind: str) -> Iterator[tuple[str, bytes, int]]:
    """(what, the file's new bytes, where the damage starts): 52 of them, the same each run."""
    good = model().files[target(kind)]
    rng = random.Random(f"{SEED}-recent-{kind}")
    for cut in rng.sample(range(len(good)), 18):
        yield "truncated", good[:cut], cut
    for at in rng.sample(range(len(good)), 12):
        flipped = bytearray(good)
        flipped[at] ^= rng.randrange(1, 256)
        yield "flipped", bytes(flipped), at
    numbers = list(NUMBER.finditer(good))
    # Still well formed, only wrong: a number's last digit changed (a tile, a seat, a count).
    ends = [found.end() - 1 for found in numbers]
    changes = [(at, digit) for at in ends for digit in b"0123456789" if digit != good[at]]
    for at, digit in rng.sample(changes, 4):
        flipped = bytearray(good)
        flipped[at] = digit
        yield "flipped", bytes(flipped), at
    for huge in HUGE:
        found = rng.choice(numbers)
        yield "number", good[: found.start()] + huge + good[found.end() :], found.start()
    for deep in DEEP:
        found = rng.choice(numbers)
        yield "deep", good[: found.start()] + deep + good[found.end() :], found.start()
    if kind == "crash":  # plain text: the characters themselves
        for bad in UNPRINTABLE_TEXT:
            at = rng.randrange(len(good))
            yield "unprintable", good[:at] + bad + good[at:], at
    else:
        strings = list(STRING.finditer(good))
        for bad in UNPRINTABLE_JSON:
            at = rng.choice(strings).end() - 1
            yield "unprintable", good[:at] + bad + good[at:], at
    for special in SPECIAL:
        yield special, good, 0


CASES = [(kind, n) for kind in KINDS for n in range(COUNT)]


def test_every_kind_has_52_mutations_each_of_its_own() -> None:
    for kind in KINDS:
        made = list(mutations(kind))
        assert len(made) == COUNT
        assert len({body for what, body, _ in made if what not in SPECIAL}) == COUNT - 4
        assert {what for what, _, _ in made} == {
            "truncated",
            "flipped",
            "number",
            "deep",
            "unprintable",
            *SPECIAL,
        }


# ---------------------------------------------------------------------------- the harness


@dataclass
class Case:
    kind: str
    what: str
    body: bytes
    at: int
    home: Path
    path: Path  # the damaged file's place
    link_target: Path  # where a link out leads


def lay_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, n: int) -> Case:
    """The model's data folder with the file of ``kind`` damaged the ``n``-th way."""
    what, body, at = list(mutations(kind))[n]
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    for name, data in model().files.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_bytes(data)
    path = home / target(kind)
    path.unlink()
    link_target = elsewhere / "theirs"
    if what == "link out":
        elsewhere.mkdir()
        link_target.write_bytes(body)
        path.symlink_to(link_target)
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
        (path / "inside").write_bytes(body)
    else:
        path.write_bytes(body)
    if what == "unreadable":
        refuse_reading(monkeypatch, path)
    return Case(kind, what, body, at, home, path, link_target)


def without_waiting(case: Case, action: Callable[[], T]) -> T:
    """Run ``action``; for a FIFO, while the test holds the FIFO's writing end: an action that
    opened the FIFO would meet it there and the test sees it; one that did not lets the
    test's own non-blocking reader through once it is over (no clock involved)."""
    if case.what != "fifo":
        return action()
    handle = case.path.with_name("same-fifo")
    os.link(case.path, handle)  # the FIFO is renamed aside: this name stays
    done = threading.Event()
    result: list[T] = []
    failed: list[BaseException] = []
    reader: list[int] = []

    def run() -> None:
        try:
            result.append(action())
        except BaseException as error:  # shown by the test's own thread
            failed.append(error)
        done.set()
        reader.append(os.open(handle, os.O_RDONLY | os.O_NONBLOCK))  # never waits

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    writer = os.open(handle, os.O_WRONLY)  # waits for a reader: the game's or the test's
    met_the_game = not done.is_set()
    os.close(writer)
    thread.join()
    for fd in reader:
        os.close(fd)
    os.unlink(handle)
    assert not met_the_game, "the game opened a FIFO"
    if failed:
        raise failed[0]
    return result[0]


def asides(folder: Path, stem: str, suffix: str) -> list[Path]:
    """What was set aside in ``folder`` for the file ``stem + suffix``."""
    name = re.compile(rf"{re.escape(stem)}\.[a-z]+-\d{{8}}-\d{{6}}(?:-\d+)?{re.escape(suffix)}")
    return sorted(p for p in folder.iterdir() if name.fullmatch(p.name))


def the_aside(case: Case, stem: str, suffix: str) -> Path | None:
    found = asides(case.path.parent, stem, suffix)
    assert len(found) <= 1, found
    return found[0] if found else None


def check_kept(case: Case, aside: Path, notice: str | None) -> None:
    """The damaged file set aside as it was: a link as the link, its target untouched."""
    info = os.lstat(aside)
    assert not os.path.lexists(case.path) or not os.path.samestat(info, os.lstat(case.path))
    if case.what == "link out":
        assert stat.S_ISLNK(info.st_mode) and os.readlink(aside) == str(case.link_target)
        assert case.link_target.read_bytes() == case.body, "the link's target untouched"
        assert notice is None or "(it leads out of the game's folder)" in notice
    elif case.what == "fifo":
        assert stat.S_ISFIFO(info.st_mode)
        assert notice is None or "(it is not an ordinary file)" in notice
    elif case.what == "folder":
        assert (aside / "inside").read_bytes() == case.body
        assert notice is None or "(it is not an ordinary file)" in notice
    else:
        assert aside.read_bytes() == case.body, "kept byte for byte"
        if case.what == "unreadable":
            assert notice is None or "(Permission denied)" in notice


def others_untouched(case: Case) -> None:
    """The files of the other kinds are as they were (Recent matches is one kind: a match set
    aside takes its other files with it, a rebuilt index is written anew)."""
    family = "recent/" if case.kind in ("index", "entry", "record", "review") else target(case.kind)
    for name, data in model().files.items():
        if not name.startswith(family):
            assert (case.home / name).read_bytes() == data, f"{name} untouched"


def notice_of(notices: Sequence[str], aside: Path, says: str) -> str:
    [notice] = [n for n in notices if f"It was kept as {aside.name}." in n]
    assert says in notice
    return notice


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_a_damaged_file_never_stops_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, n: int
) -> None:
    case = lay_out(tmp_path, monkeypatch, kind, n)
    {
        "index": check_index,
        "entry": check_entry,
        "record": check_record,
        "review": check_review,
        "crash": check_crash_log,
        "log": check_match_log,
    }[kind](case, monkeypatch)


# ------------------------------------------------------------------------ Recent matches


def open_the_list(case: Case) -> tuple[Store, list[str], list[str]]:
    """Recent matches as the player opens it, each listed match opened too: the store, the
    keys listed, and the keys whose record opened."""
    store = Store(case.home)

    def look() -> tuple[list[str], list[str]]:
        recent = RecentMatches(store, clock=Clock())
        listed = recent.entries()
        return [item.key for item in listed], [
            item.key for item in listed if recent.load_record(item) is not None
        ]

    listed, opened = without_waiting(case, look)
    return store, listed, opened


def the_list_goes_on(case: Case, listed: list[str]) -> None:
    """The list opens again as it was left, each match opens, and a new match is kept first."""
    store = Store(case.home)
    recent = RecentMatches(store, clock=Clock())
    again = recent.entries()
    assert [item.key for item in again] == listed
    assert all(recent.load_record(item) is not None for item in again)
    session = finished_session(9)
    assert recent.keep(session.writer.text(), match_entry(session))
    assert [item.key for item in recent.entries()] == [session.match_id, *listed]
    assert store.take_notices() == []


def nothing_left_unlisted(case: Case, key: str) -> None:
    """A match set aside takes all its files aside with it (its review too, byte for byte):
    none is left at the game's names, where no list shows it and no prune ever removes it."""
    folder = case.home / "recent"
    assert not any(os.path.lexists(folder / (key + end)) for end in (".json", ".jsonl"))
    assert not os.path.lexists(folder / f"{key}.review.json")
    review = the_aside(case, f"{key}.review", ".json")
    assert review is not None and review.read_bytes() == model().files[target("review")]


def check_index(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    store, listed, opened = open_the_list(case)
    monkeypatch.undo()
    others_untouched(case)
    notices = store.take_notices()
    aside = the_aside(case, "index", ".json")
    keys = list(model().keys)
    if aside is None:  # an index of the game's: used as it is (a flip in the order, say), or
        # built anew when a key no longer names a kept match (the game's own file, updated)
        assert case.what in ("truncated", "flipped"), f"{case.what} must be set aside"
        assert notices == []
        now = case.path.read_bytes()
        assert now == case.body or index_from_json(json.loads(now)).keys == keys
    else:
        check_kept(case, aside, notice_of(notices, aside, RECENT_NOTICE))
        assert len(notices) == 1
    assert listed == opened == keys, "every kept match still listed, and opens"
    the_list_goes_on(case, keys)


def check_entry(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    store, listed, opened = open_the_list(case)
    monkeypatch.undo()
    others_untouched(case)
    notices = store.take_notices()
    newest, middle, oldest = model().keys
    aside = the_aside(case, middle, ".json")
    if aside is None:  # still a good entry of its match (a flip in its time, say)
        assert case.what in ("truncated", "flipped"), f"{case.what} must be set aside"
        assert case.path.read_bytes() == case.body and notices == []
        assert listed == opened == [newest, middle, oldest]
        the_list_goes_on(case, listed)
        return
    check_kept(case, aside, notice_of(notices, aside, RECENT_NOTICE))
    assert len(notices) == 1
    record = the_aside(case, middle, ".jsonl")  # its record beside it, never pruned
    assert record is not None and record.read_bytes() == model().files[target("record")]
    nothing_left_unlisted(case, middle)
    assert opened == [newest, oldest], "the others still list, and open"
    the_list_goes_on(case, [newest, oldest])


def check_record(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    store, listed, opened = open_the_list(case)
    monkeypatch.undo()
    others_untouched(case)
    notices = store.take_notices()
    newest, middle, oldest = model().keys
    # Any change at all: the entry holds its record's digest.
    entry = the_aside(case, middle, ".json")
    aside = the_aside(case, middle, ".jsonl")
    assert entry is not None and aside is not None, f"{case.what} must be set aside"
    assert entry.read_bytes() == model().files[target("entry")]
    notice = notice_of(notices, entry, RECENT_NOTICE)
    assert len(notices) == 1
    check_kept(case, aside, notice)
    nothing_left_unlisted(case, middle)
    assert opened == [newest, oldest], "the others still list, and open"
    the_list_goes_on(case, [newest, oldest])


def check_review(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(case.home)
    recent = RecentMatches(store, clock=Clock())
    [item] = [item for item in recent.entries() if item.key == model().keys[1]]
    loaded = recent.load_record(item)
    assert loaded is not None
    record, text = loaded
    found = without_waiting(case, lambda: recent.cached_review(item, text, 0, 3, record))
    monkeypatch.undo()
    others_untouched(case)
    aside = the_aside(case, f"{item.key}.review", ".json")
    if found is not None:  # still a review of this record (a flip in a weight, say)
        assert case.what in ("truncated", "flipped"), f"{case.what} must be set aside"
        assert aside is None and case.path.read_bytes() == case.body
    elif aside is None:  # of another seat or weighing: the game's own, made again over it
        assert case.what in ("truncated", "flipped"), f"{case.what} must be set aside"
        assert case.path.read_bytes() == case.body
    else:
        check_kept(case, aside, None)
    assert store.take_notices() == [], "a cache goes quietly"
    # Made again: kept, and given back as made; the list is as it was.
    fresh = model().review
    assert recent.keep_review(item, text, fresh, 3)
    assert RecentMatches(store).cached_review(item, text, 0, 3, record) == fresh
    assert [item.key for item in recent.entries()] == list(model().keys)
    assert store.take_notices() == []


# ----------------------------------------------------------------------------- the crash log


def check_crash_log(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    def report() -> tuple[list[str], Path | None]:
        before = crash_log.read_reports(case.home)
        return before, crash_log.write_report(case.home, "TableScene", "ValueError: new", now=2e9)

    before, written = without_waiting(case, report)
    monkeypatch.undo()
    others_untouched(case)
    assert written == case.home / "crash.log", "a report is always written"
    new = f"{crash_log.header('TableScene', 2e9)}\nValueError: new\n"
    after = crash_log.read_reports(case.home)
    assert after[-1] == new, "the new report reads back as itself"
    aside = the_aside(case, "crash", ".log")
    if case.what in SPECIAL:  # not read (a link not followed, a FIFO not opened): set aside
        assert before == [] and aside is not None and ".unreadable-" in aside.name
        check_kept(case, aside, None)
        assert after == [new], "a new log begun"
    else:  # still text: shown as it is, and kept as it is with the new report after it
        assert aside is None
        text = case.body.decode("utf-8", "replace")
        text += "" if text.endswith("\n") else "\n"  # a last line cut short ends there
        assert "".join(before) == text
        assert "".join(after[:-1]) == text
    assert crash_log.write_report(case.home, "TableScene", "again", now=3e9) is not None
    assert crash_log.read_reports(case.home)[-2:] == [
        new,
        f"{crash_log.header('TableScene', 3e9)}\nagain\n",
    ]


# ----------------------------------------------------------------------------- the match log


def check_match_log(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(case.home)
    saved = without_waiting(case, store.load_game)
    monkeypatch.undo()
    others_untouched(case)
    notices = store.take_notices()
    good = model()
    assert saved is not None, "the saved match resumes"
    assert (case.home / "game.json").read_bytes() == good.files["game.json"], "game.json kept"
    aside = the_aside(case, "game", ".log")
    resumed = saved.text()
    if aside is None:  # used: a last line cut short or garbled is dropped, nothing else
        last_line = good.files["game.log"].rstrip(b"\n").rfind(b"\n") + 1
        if resumed != good.full:
            assert case.what == "truncated" or case.at >= last_line, f"{case.what}: set aside"
        assert case.path.read_bytes() == case.body and notices == []
        assert good.full.startswith(resumed) and resumed.startswith(good.saved)
    else:
        check_kept(case, aside, notice_of(notices, aside, LOG_NOTICE))
        assert len(notices) == 1
        assert resumed == good.saved, "the last full save, as it is"
    # The match plays on from there, and resumes again where it was left.
    keeper = Keeper(Store(case.home))
    session = keeper.resume(inline=True)
    assert session is not None and session.writer.text() == resumed
    play(session, 3)
    keeper.flush()
    keeper.close()
    again = Store(case.home)
    loaded = again.load_game()
    assert loaded is not None and loaded.text() == session.writer.text()
    load_record(loaded.text())
    assert again.take_notices() == []
    assert case.link_target.exists() == (case.what == "link out")

"""Recent matches against a hostile data folder: links out of it, thousands of files the game
did not write, swapped records, damaged reviews, stamps at the calendar's edge, temporaries
of killed writes. The game deletes only its own files, never follows a link, never raises,
and its work stays bounded (counted in files opened and folders listed, not in seconds)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.ai.review import review
from game.match.kept import keep_match, match_entry
from game.store import recent as recent_module
from game.store.home import STALE_TEMPORARY_SECONDS, Store
from game.store.recent import MAX_RECENT, RecentMatches

from .test_recent import Clock, finished_session


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_linked_recent_folder_keeps_its_three_foreign_records_untouched(
    tmp_path: Path,
) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "synced"
    elsewhere.mkdir()
    for name in ("a.jsonl", "b.jsonl", "c.jsonl"):
        (elsewhere / name).write_text(f'{{"type": "match", "{name}": 1}}\n', encoding="utf-8")
    before = _files(elsewhere)
    home.mkdir()
    (home / "recent").symlink_to(elsewhere, target_is_directory=True)
    store = Store(home)
    session = finished_session(3)
    assert keep_match(store, session)
    RecentMatches(store).prune()
    assert _files(elsewhere) == before  # nothing written, changed or deleted there
    assert not (home / "recent").is_symlink() and (home / "recent").is_dir()
    [aside] = [p for p in home.iterdir() if p.name.startswith("recent.link-")]
    assert aside.is_symlink() and aside.resolve() == elsewhere.resolve()
    assert [item.match for item in RecentMatches(store).entries()] == [session.match_id]
    notices = store.take_notices()
    assert any("it is a link, which is not followed" in notice for notice in notices)


def test_ten_thousand_foreign_records_in_recent_all_survive_kept_matches(tmp_path: Path) -> None:
    folder = tmp_path / "recent"
    folder.mkdir()
    for n in range(10_000):
        (folder / f"other-{n:05d}.jsonl").write_text("x\n", encoding="utf-8")
    (folder / "foreign.review.json").write_text("{}", encoding="utf-8")
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    for seed in range(1, MAX_RECENT + 3):  # past MAX_RECENT: the oldest are dropped
        session = finished_session(seed)
        assert recent.keep(session.writer.text(), match_entry(session))
    recent.prune()
    names = {p.name for p in folder.iterdir()}
    assert all(f"other-{n:05d}.jsonl" in names for n in range(10_000))
    assert "foreign.review.json" in names
    assert len(recent.entries()) == MAX_RECENT


class Counter:
    """Counts the files opened and the folders listed, through the os module itself."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened = 0
        self.listed = 0
        real_open, real_scandir = os.open, os.scandir

        def counted_open(path: Any, *args: Any, **kwargs: Any) -> int:
            self.opened += 1
            return real_open(path, *args, **kwargs)

        def counted_scandir(path: Any = ".") -> Iterator[os.DirEntry[str]]:
            self.listed += 1
            return real_scandir(path)

        monkeypatch.setattr(os, "open", counted_open)
        monkeypatch.setattr(os, "scandir", counted_scandir)

    def reset(self) -> None:
        self.opened = self.listed = 0


def _many_entries(folder: Path, count: int) -> dict[str, Any]:
    """``count`` well-formed entries (the game's, from before the index), each with a record."""
    session = finished_session(4)
    store = Store(folder.parent / "model")
    assert keep_match(store, session)
    [item] = RecentMatches(store).entries()
    body = json.loads(item.folder.joinpath(f"{item.key}.json").read_text(encoding="utf-8"))
    record = item.record_path
    folder.mkdir()
    for n in range(count):
        key = f"m{n:05d}"
        (folder / f"{key}.json").write_text(
            json.dumps({**body, "match": key, "order": n + 1}), encoding="utf-8"
        )
        os.link(record, folder / f"{key}.jsonl")
    return body


def test_ten_thousand_entries_open_the_list_and_end_a_match_with_bounded_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _many_entries(home / "recent", 10_000)
    store = Store(home)
    counter = Counter(monkeypatch)
    listed = RecentMatches(store).entries()  # a folder from before the index: built once
    assert [item.match for item in listed] == [f"m{n:05d}" for n in range(9_999, 9_979, -1)]
    assert counter.opened <= recent_module.MAX_SCAN_READS + MAX_RECENT + 4  # never 10,000
    counter.reset()
    assert len(RecentMatches(store).entries()) == MAX_RECENT  # the page again: the index
    assert counter.opened <= MAX_RECENT + 1 and counter.listed <= 1
    counter.reset()
    session = finished_session(5)
    assert keep_match(store, session)  # a match's end: keep, then prune to MAX_RECENT
    assert counter.opened <= 12 and counter.listed == 0
    kept = RecentMatches(store).entries(quiet=True)
    assert kept[0].match == session.match_id and len(kept) == MAX_RECENT
    assert len(list((home / "recent").glob("m*.json"))) == 9_999  # only the dropped one went


@pytest.mark.parametrize(
    ("stamp", "zone"),
    [("0001-01-01T00:00:00Z", "America/New_York"), ("9999-12-31T23:59:59Z", "Asia/Tokyo")],
)
def test_an_ended_stamp_at_the_calendars_edge_still_lists_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stamp: str, zone: str
) -> None:
    store = Store(tmp_path)
    session = finished_session(6)
    assert keep_match(store, session)
    entry = tmp_path / "recent" / f"{session.match_id}.json"
    body = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps({**body, "ended": stamp}), encoding="utf-8")
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        [item] = RecentMatches(store).entries()
        assert item.when() == stamp[:10] + " " + stamp[11:16]  # as written: local has no date
        assert item.name().endswith(item.when())
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_record_swapped_between_two_entries_is_refused_with_a_notice(tmp_path: Path) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    first, second = finished_session(1), finished_session(2)
    assert first.state.totals != second.state.totals
    for session in (first, second):
        recent.keep(session.writer.text(), match_entry(session))
    folder = tmp_path / "recent"
    a, b = folder / f"{first.match_id}.jsonl", folder / f"{second.match_id}.jsonl"
    a_text, b_text = a.read_bytes(), b.read_bytes()
    a.write_bytes(b_text)
    b.write_bytes(a_text)
    for item in recent.entries():
        assert recent.load_record(item) is None  # never shown as the other match
    notices = store.take_notices()
    assert len(notices) == 2
    assert all("its game record is of another match" in notice for notice in notices)
    assert recent.entries() == []
    aside = sorted(p.read_bytes() for p in folder.glob("*.damaged-*.jsonl"))
    assert aside == sorted([a_text, b_text])  # both kept, byte for byte


@pytest.mark.parametrize("what", ["fifo", "folder"])
def test_a_record_that_is_not_an_ordinary_file_says_so(tmp_path: Path, what: str) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    session = finished_session(1)
    recent.keep(session.writer.text(), match_entry(session))
    record = tmp_path / "recent" / f"{session.match_id}.jsonl"
    record.unlink()
    if what == "fifo":
        os.mkfifo(record)
    else:
        record.mkdir()
    assert recent.entries() == []
    [notice] = store.take_notices()
    assert "it is not an ordinary file" in notice and "missing" not in notice


def test_an_unreadable_record_says_the_systems_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    session = finished_session(1)
    recent.keep(session.writer.text(), match_entry(session))
    [item] = recent.entries()
    real_open = os.open

    def refusing(path: Any, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".jsonl"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    assert recent.load_record(item) is None
    [notice] = store.take_notices()
    assert "(Permission denied)" in notice and "OSError" not in notice


def _kept_review(tmp_path: Path) -> tuple[RecentMatches, Any, str, Path]:
    store = Store(tmp_path)
    session = finished_session(5)
    keep_match(store, session)
    recent = RecentMatches(store)
    [item] = recent.entries()
    loaded = recent.load_record(item)
    assert loaded is not None
    record, text = loaded
    assert recent.keep_review(item, text, review(record, 0, guesses=3), 3)
    return recent, item, text, item.review_path


DAMAGE = {
    "deep nesting": lambda body: body.replace('"decisions": [', '"decisions": [' + "[" * 100_000),
    "a float too big": lambda body: body.replace(
        '"points_lost": ', '"points_lost": 1e400, "x": ', 1
    ),
    "NaN": lambda body: body.replace('"points_lost": ', '"points_lost": NaN, "x": ', 1),
    "Infinity": lambda body: body.replace('"points_lost": ', '"points_lost": Infinity, "x": ', 1),
    "a wrong field": lambda body: body.replace('"decisions": [', '"decisions": [7, ', 1),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_kept_review_is_set_aside_and_made_again(tmp_path: Path, damage: str) -> None:
    recent, item, text, path = _kept_review(tmp_path)
    body = DAMAGE[damage](path.read_text(encoding="utf-8"))
    assert body != path.read_text(encoding="utf-8")
    path.write_text(body, encoding="utf-8")
    assert recent.cached_review(item, text, 0, 3) is None  # never raises
    assert not path.exists()
    [aside] = list(path.parent.glob("*.review.damaged-*.json"))
    assert aside.read_text(encoding="utf-8") == body  # byte for byte


def test_stale_temporaries_of_killed_writes_are_removed_and_nothing_else(tmp_path: Path) -> None:
    store = Store(tmp_path)
    session = finished_session(1)
    keep_match(store, session)
    folder = tmp_path / "recent"
    key = session.match_id
    stale = [f".{key}.jsonl.ab12cd34.tmp", f".{key}.json.x_y9z8w7.tmp", ".index.json.qq11ww22.tmp"]
    fresh = f".{key}.review.json.zz99yy88.tmp"
    others = [".notes.txt.tmp", "mine.jsonl.ab12cd34.tmp", ".other.jsonl.ab12cd3.tmp"]
    old = time.time() - STALE_TEMPORARY_SECONDS - 60
    for name in [*stale, fresh, *others]:
        (folder / name).write_text("half a write", encoding="utf-8")
        if name != fresh:
            os.utime(folder / name, (old, old))
    recent_module._SWEPT.discard(folder)
    assert len(RecentMatches(store).entries()) == 1  # the list opens: stale ones go
    names = {p.name for p in folder.iterdir()}
    assert not names & set(stale)
    assert fresh in names and set(others) <= names


def test_a_record_swapped_for_one_with_the_same_names_and_totals_is_still_refused(
    tmp_path: Path,
) -> None:
    """The same match played again (same seed, same names, same totals) is not the record the
    entry was kept with: the entry holds its record's digest, so even that swap is seen."""
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    session = finished_session(4)
    recent.keep(session.writer.text(), match_entry(session))
    record = tmp_path / "recent" / f"{session.match_id}.jsonl"
    # One more line a referee accepts (a note), nothing the list shows changed.
    swapped = record.read_text(encoding="utf-8").replace('"type"', '"note": "x", "type"', 1)
    assert swapped != record.read_text(encoding="utf-8")
    record.write_text(swapped, encoding="utf-8")
    [item] = recent.entries()
    assert recent.load_record(item) is None
    [notice] = store.take_notices()
    assert "its game record is of another match" in notice


@pytest.mark.parametrize("what", ["folder", "link"])
def test_a_folder_or_link_where_a_dropped_match_was_is_kept_and_the_list_still_prunes(
    tmp_path: Path, what: str
) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    sessions = [finished_session(seed) for seed in range(1, MAX_RECENT + 3)]
    recent.keep(sessions[0].writer.text(), match_entry(sessions[0]))
    folder = tmp_path / "recent"
    oldest = folder / f"{sessions[0].match_id}.review.json"
    target = tmp_path / "theirs.txt"
    target.write_text("theirs", encoding="utf-8")
    if what == "folder":
        oldest.mkdir()
        (oldest / "inside.txt").write_text("theirs", encoding="utf-8")
    else:
        oldest.symlink_to(target)
    for session in sessions[1:]:
        assert recent.keep(session.writer.text(), match_entry(session))
    kept = recent.entries()
    assert len(kept) == MAX_RECENT  # the prune went on past what it may not delete
    assert sessions[0].match_id not in {item.match for item in kept}
    [aside] = list(folder.glob(f"{sessions[0].match_id}.review.foreign-*"))
    if what == "folder":
        assert (aside / "inside.txt").read_text(encoding="utf-8") == "theirs"
    else:
        assert aside.is_symlink() and target.read_text(encoding="utf-8") == "theirs"


def test_a_temporary_left_by_a_killed_keep_is_cleaned_by_the_next_keep(tmp_path: Path) -> None:
    """A kiosk that never opens Recent matches still does not gather 16 MB temporaries."""
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    first = finished_session(1)
    recent.keep(first.writer.text(), match_entry(first))
    folder = tmp_path / "recent"
    stale = folder / f".{first.match_id}.jsonl.ab12cd34.tmp"
    stale.write_text("half a write", encoding="utf-8")
    old = time.time() - STALE_TEMPORARY_SECONDS - 60
    os.utime(stale, (old, old))
    recent_module._SWEPT.discard(folder)  # a new run of the game
    second = finished_session(2)
    assert RecentMatches(store).keep(second.writer.text(), match_entry(second))
    assert not stale.exists()

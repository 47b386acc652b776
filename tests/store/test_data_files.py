"""The one reader of the data folder: a link out of it is set aside unread, its target kept as
it was; JSON too deep, numbers out of range and text that is not printable are set aside with
a reason of their own; a saved match's details are checked against its record."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.match.keeper import session_from_save
from game.store import data_files
from game.store.data_files import Refused, check_inside, parse_json, read_json_file
from game.store.home import KINDS, Progress, Statistics, Store
from game.store.settings import Settings

from .helpers import record_after
from .test_store_files import loader, new_store, some_file, stamp

GOOD_SETTINGS = b'{"format": "mexican-train/settings", "version": 1, "volume": 0.25}\n'


def asides(home: Path, kind: str, reason: str) -> list[Path]:
    return [p for p in home.iterdir() if p.name.startswith(f"{kind}.{reason}-")]


EMPTY = {"settings": Settings(), "statistics": Statistics(), "progress": Progress(), "game": None}


# ------------------------------------------------------------------------- links out


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_that_is_a_link_out_of_the_folder_is_set_aside_and_its_target_kept(
    tmp_path: Path, kind: str
) -> None:
    """A synced or moved data folder may hold a link to a file elsewhere: the game neither reads
    it nor writes through it; the link itself is moved aside, the file it names is untouched."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    elsewhere.mkdir()
    donor = new_store(tmp_path / "donor")
    some_file(donor, kind, 2)
    target = elsewhere / "theirs.json"
    target.write_bytes(donor.path(kind).read_bytes())  # a good file of ours: still not read
    original = target.read_bytes()
    store = new_store(home)
    store.path(kind).symlink_to(target)
    loaded = loader(store, kind)()
    assert loaded == EMPTY[kind], "nothing of the target was read"
    [notice] = store.take_notices()
    assert "could not be read (it leads out of the game's folder)" in notice
    [aside] = asides(home, kind, "unreadable")
    assert aside.name == f"{store.path(kind).stem}.unreadable-{stamp()}.json"
    assert aside.is_symlink() and os.readlink(aside) == str(target), "the link, moved as it is"
    some_file(store, kind, 1)  # a save writes a file of its own, not through the link
    assert target.read_bytes() == original and not store.path(kind).is_symlink()


def test_a_link_to_a_file_inside_the_folder_is_not_followed_either(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = new_store(home)
    (home / "mine.json").write_bytes(GOOD_SETTINGS)
    store.path("settings").symlink_to(home / "mine.json")
    assert store.load_settings() == Settings()
    [notice] = store.take_notices()
    assert "could not be read (it is not an ordinary file)" in notice
    assert (home / "mine.json").read_bytes() == GOOD_SETTINGS


def test_a_data_folder_that_is_itself_a_link_is_read(tmp_path: Path) -> None:
    """A player who moved the data folder and left a link in its place keeps their settings."""
    real = tmp_path / "moved"
    real.mkdir()
    (real / "settings.json").write_bytes(GOOD_SETTINGS)
    (tmp_path / "home").symlink_to(real)
    store = Store(tmp_path / "home")
    assert store.load_settings().volume == 0.25
    assert store.take_notices() == []


def test_a_folder_on_the_way_that_is_a_link_out_is_refused_and_named(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    (elsewhere / "a.jsonl").write_text("{}\n")
    (home / "recent").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(Refused) as caught:
        read_json_file(home, home / "recent" / "a.jsonl", 1000)
    assert caught.value.path == home / "recent"  # what to set aside: the link, not a.jsonl
    assert caught.value.aside == "unreadable"
    assert caught.value.why == data_files.say(data_files.LEADS_OUT)
    with pytest.raises(ValueError):
        check_inside(home, tmp_path / "other" / "a.json")  # not spelled below the home


# ------------------------------------------------------------------------- what JSON holds


DAMAGED_CONTENTS = {
    "100,000 nested brackets": (b"[" * 100_000 + b"]" * 100_000, data_files.TOO_DEEP),
    "100,000 open brackets": (b'{"a": ' + b"[" * 100_000, data_files.TOO_DEEP),
    "1e400": (b'{"volume": 1e400}', data_files.OUT_OF_RANGE),
    "NaN": (b'{"volume": NaN}', data_files.OUT_OF_RANGE),
    "Infinity": (b'{"volume": Infinity}', data_files.OUT_OF_RANGE),
    "-Infinity": (b'{"volume": [-Infinity]}', data_files.OUT_OF_RANGE),
    "5,000 digits": (b'{"players": ' + b"7" * 5000 + b"}", data_files.OUT_OF_RANGE),
    "NUL": (b'{"language": "g\\u0000a"}', data_files.NOT_PRINTABLE),
    "lone surrogate": (b'{"\\udc80": 1}', data_files.NOT_PRINTABLE),
    "escape": (b'{"theme": "\\u001b[2J"}', data_files.NOT_PRINTABLE),
}


@pytest.mark.parametrize("name", sorted(DAMAGED_CONTENTS))
def test_a_settings_file_out_of_bounds_is_set_aside_saying_why(tmp_path: Path, name: str) -> None:
    body, reason = DAMAGED_CONTENTS[name]
    home = tmp_path / "home"
    store = new_store(home)
    store.path("settings").write_bytes(body)
    assert store.load_settings() == Settings()
    [notice] = store.take_notices()
    assert notice.startswith(f"The settings file was damaged ({reason}), so default settings")
    [aside] = asides(home, "settings", "damaged")
    assert aside.read_bytes() == body


def test_the_checks_refuse_nothing_the_game_writes() -> None:
    record = record_after(20)[0]
    for line in record.splitlines():
        parse_json(line)
    assert parse_json(b'{"a": [1, -2.5e-300, "Tom\\u00e1s \\t"]}', allow="\t")["a"][0] == 1
    assert parse_json('"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["')
    assert parse_json(b"-" + b"9" * data_files.MAX_INT_DIGITS) < 0


def test_a_number_of_too_many_digits_is_refused_before_python_reads_it() -> None:
    """Python refuses to read a whole number of over 4,300 digits with a ValueError that would
    read "not JSON": the reader counts the digits first."""
    with pytest.raises(Refused) as caught:
        parse_json(b"1" * 5000)
    assert caught.value.why == data_files.say(data_files.OUT_OF_RANGE)


# ------------------------------------------------------------------ the saved match's details


def saved_with_meta(store: Store, meta: dict[str, object]) -> None:
    good = Store(store.home.parent / "good")
    assert good.save_game(record_after(3)[0], {})
    obj = json.loads(good.path("game").read_text(encoding="utf-8"))
    obj["meta"] = meta
    store.path("game").write_text(json.dumps(obj), encoding="utf-8")


def test_a_saved_match_whose_details_do_not_fit_its_record_does_not_reach_the_table(
    tmp_path: Path,
) -> None:
    store = new_store(tmp_path / "home")
    meta = {
        "match": "m-1",
        "seats": ["human", "grandmaster", "easy"],  # a seat kind the game does not have
        "names": ["Ana", "Bo", "Eve"],  # not the record's players
        "opponent": "easy",
        "mode": "kiosk-admin",
        "daily": "2026-02-30",
        "take_backs": "yes",
        "practice": False,
        "future": {"kept": True},  # a key of a later version: kept, unread
    }
    saved_with_meta(store, meta)
    saved = store.load_game()
    assert saved is not None, "the match itself is sound: it is offered"
    assert saved.meta == {
        "match": "m-1",
        "opponent": "easy",
        "practice": False,
        "future": {"kept": True},
    }
    [notice] = store.take_notices()
    assert notice == (
        "Some details of the saved game could not be read and were left out: "
        "seats, names, mode, daily, take_backs."
    )
    session = session_from_save(saved)
    assert session.mode == "quick" and session.take_backs is False
    assert session.kinds[1:] == ["easy", "easy"]


def test_a_saved_match_with_too_many_seats_keeps_the_records_players(tmp_path: Path) -> None:
    store = new_store(tmp_path / "home")
    saved_with_meta(store, {"seats": ["human", "easy", "easy", "easy", "easy"]})
    saved = store.load_game()
    assert saved is not None and "seats" not in saved.meta
    assert len(session_from_save(saved).kinds) == saved.state.players == 3


def test_a_match_saved_as_the_game_saves_it_loads_without_a_word(tmp_path: Path) -> None:
    store = new_store(tmp_path / "home")
    meta = {
        "match": "m-2",
        "seats": ["human", "easy", "random"],
        "names": ["Ana", "Bo", "Cy"],
        "opponent": "easy",
        "ended_turn": False,
        "take_backs": True,
        "practice": True,
        "mode": "practice",
        "level": "first-steps",
    }
    assert store.save_game(record_after(3)[0], meta)
    saved = store.load_game()
    assert saved is not None and saved.meta == meta
    assert store.take_notices() == []


def test_a_file_a_save_replaces_while_it_is_being_read_is_read_not_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(volume=0.25))
    real_open = os.open
    swaps = []

    def open_after_a_save(path: str, *args: int, **kwargs: int) -> int:
        if not swaps and str(path).endswith("settings.json"):
            swaps.append(path)  # another thread's atomic save lands just before the open
            store.save_settings(Settings(volume=0.5))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(data_files.os, "open", open_after_a_save)
    loaded = Store(tmp_path).load_settings()
    assert swaps and loaded.volume == 0.5
    assert not list(tmp_path.glob("settings.*-*.json"))  # nothing set aside

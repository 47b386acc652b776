"""No file makes the store lose what it could not read, hang, or hand the game a value that
crashes it: unreadable files and things that are not files are kept aside (never overwritten),
a FIFO is never opened, the quick play table is one the rules can deal, saved names are text."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.rules import Rules
from game.rules.names import MAX_NAME_LENGTH
from game.store import home as store_module
from game.store.home import (
    KINDS,
    Progress,
    Statistics,
    Store,
    check_name,
)
from game.store.settings import Settings

from .helpers import record_after

NOW = 1_795_000_000.0


def new_store(home: Path) -> Store:
    home.mkdir(parents=True, exist_ok=True)  # (a new folder is a notice of its own)
    return Store(home, clock=lambda: NOW)


def loader(store: Store, kind: str) -> Callable[[], object]:
    load: Callable[[], object] = getattr(store, f"load_{kind}")
    return load


def some_file(store: Store, kind: str, n: int = 1) -> None:
    """A good file of ``kind`` with something in it worth keeping (``n`` of something)."""
    if kind == "settings":
        assert store.save_settings(Settings(volume=n / 10))
    elif kind == "statistics":
        stats = Statistics()
        for _ in range(n):
            stats.record_match("easy", 12, True)
        assert store.save_statistics(stats)
    elif kind == "progress":
        assert store.save_progress(Progress(ladder={"first-steps": n}))
    else:
        assert store.save_game(record_after(n)[0], {"seats": ["human", "easy", "easy"]})


def contents(home: Path) -> list[bytes]:
    return sorted(p.read_bytes() for p in home.iterdir() if p.is_file())


# ------------------------------------------------------------------ a file that cannot be read


@pytest.fixture()
def unreadable(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """File names whose reading fails as if their permissions forbade it (tests may run as
    root, where chmod does not stop a read): both ways a file can be opened are refused."""
    names: set[str] = set()
    real_os_open = os.open

    def refused(path: Any) -> bool:
        return isinstance(path, str | os.PathLike) and Path(path).name in names

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if refused(path) and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, flags, *args, **kwargs)

    def builtin_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(store_module, "open", builtin_open, raising=False)
    yield names


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_that_cannot_be_read_is_kept_and_never_overwritten(
    tmp_path: Path, unreadable: set[str], kind: str
) -> None:
    home = tmp_path / "home"
    store = new_store(home)
    some_file(store, kind)
    original = store.path(kind).read_bytes()
    unreadable.add(store.path(kind).name)

    loader(store, kind)()  # defaults: the file could not be read
    [notice] = store.take_notices()
    assert "could not be read (Permission denied)" in notice
    assert "It was kept as " in notice
    unreadable.clear()

    # The next save (a match ends, a setting changes) writes a new file; the old one is kept.
    some_file(store, kind, 2)
    assert original in contents(home)
    kept = [p.name for p in home.iterdir() if p.read_bytes() == original]
    assert kept[0].startswith(f"{store.path(kind).stem}.unreadable-")


def test_an_unreadable_file_that_cannot_be_moved_is_left_alone(
    tmp_path: Path, unreadable: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    store = new_store(home)
    some_file(store, "statistics", 2)
    original = store.path("statistics").read_bytes()
    unreadable.add("statistics.json")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.store.home.os.link", refuse)
    monkeypatch.setattr("game.store.home.os.rename", refuse)
    assert store.load_statistics() == Statistics()
    [notice] = store.take_notices()
    assert notice.endswith("It was left as it is and will not be overwritten.")
    assert not store.save_statistics(Statistics())
    assert store.path("statistics").read_bytes() == original


# ------------------------------------------------------------------ not a file at all


@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_where_a_file_should_be_is_set_aside(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "home"
    store = new_store(home)
    path = store.path(kind)
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("keep me")
    if kind == "game":
        assert store.has_game()  # offered to load_game, which tells what is wrong
    loader(store, kind)()
    [notice] = store.take_notices()
    assert "could not be read (it is not an ordinary file)" in notice
    moved = [p for p in home.iterdir() if p.is_dir()]
    assert [p.name for p in moved] == [f"{path.stem}.unreadable-{stamp()}{path.suffix}"]
    assert (moved[0] / "inside.txt").read_text() == "keep me"
    some_file(store, kind)  # and saving works again
    assert store.take_notices() == []


def stamp() -> str:
    import time

    return time.strftime("%Y%m%d-%H%M%S", time.localtime(NOW))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", KINDS)
def test_a_fifo_where_a_file_should_be_is_never_opened(tmp_path: Path, kind: str) -> None:
    """Opening a FIFO to read waits for a writer: the game would hang at start. The test
    holds the other end: if the store opens the FIFO, the test's blocking open of the writing
    end meets it there (no clock involved); if it does not, the test's own reader lets it by
    once the load is over."""
    home = tmp_path / "home"
    store = new_store(home)
    path = store.path(kind)
    os.mkfifo(path)
    handle = tmp_path / "same-fifo"
    os.link(path, handle)  # the store may rename the FIFO: this name stays
    loaded = threading.Event()
    reader: list[int] = []

    def load() -> None:
        loader(store, kind)()
        loaded.set()
        reader.append(os.open(handle, os.O_RDONLY | os.O_NONBLOCK))  # never waits

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    writer = os.open(handle, os.O_WRONLY)  # waits for a reader: the store's or the thread's
    met_the_store = not loaded.is_set()
    os.close(writer)  # a store reading it now sees the end of it
    thread.join()
    for fd in reader:
        os.close(fd)
    assert not met_the_store, "the store opened a FIFO and waited on it"
    [notice] = store.take_notices()
    assert "could not be read (it is not an ordinary file)" in notice
    assert not os.path.lexists(path), "set aside: a save must not replace it"
    assert any(p.name.startswith(f"{path.stem}.unreadable-") for p in home.iterdir())


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_over_its_size_is_refused_before_it_is_read(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "home"
    store = new_store(home)
    limit = store_module.MAX_GAME_FILE if kind == "game" else store_module.MAX_SMALL_FILE
    with open(store.path(kind), "wb") as stream:
        stream.truncate(limit + 1)  # sparse: huge, yet nothing written
    loader(store, kind)()
    [notice] = store.take_notices()
    assert "damaged (it is far too big)" in notice


# ------------------------------------------------------------------ settings a table can deal


def write_settings(store: Store, **values: object) -> None:
    body = {"format": "mexican-train/settings", "version": 1, "volume": 0.3, **values}
    store.path("settings").write_text(json.dumps(body), encoding="utf-8")


@pytest.mark.parametrize(("players", "preset"), [(11, "station"), (14, "station"), (12, "station")])
def test_a_quick_play_table_the_rules_cannot_deal_falls_back_to_the_default(
    tmp_path: Path, players: int, preset: str
) -> None:
    store = new_store(tmp_path / "home")
    write_settings(store, players=players, preset=preset)
    settings = store.load_settings()
    default = Settings()
    assert (settings.players, settings.preset) == (default.players, default.preset)
    Rules.preset_named(settings.preset).deal_for(settings.players)  # dealable now
    assert settings.volume == 0.3  # the rest is kept
    [notice] = store.take_notices()
    assert notice == (
        f"The settings ask quick play to seat {players} players, which its rules cannot deal, "
        "so the default table is used."
    )


@pytest.mark.parametrize(("players", "preset"), [(10, "station"), (14, "standard"), (2, "station")])
def test_a_table_the_rules_can_deal_is_kept(tmp_path: Path, players: int, preset: str) -> None:
    store = new_store(tmp_path / "home")
    write_settings(store, players=players, preset=preset, opponent="hard")
    settings = store.load_settings()
    assert (settings.players, settings.preset, settings.opponent) == (players, preset, "hard")
    assert store.take_notices() == []


def test_an_opponent_that_does_not_exist_falls_back_to_the_default(tmp_path: Path) -> None:
    store = new_store(tmp_path / "home")
    write_settings(store, opponent="zzz", players=6)
    settings = store.load_settings()
    assert settings.opponent == Settings().opponent
    assert settings.players == 6
    [notice] = store.take_notices()
    assert notice == (
        'The settings name an opponent the game does not have ("zzz"), so the default '
        "opponent is used."
    )


# ------------------------------------------------------------------ names from files


@pytest.mark.parametrize(
    "name",
    [
        "\ud800",
        "\udfff",
        "A\x00B",
        "line\u2028",
        "para\u2029",
        "next\x85",
        "tab\there",
        "\n",
        "",
        "   ",
        "x" * (MAX_NAME_LENGTH + 1),
        7,
        None,
    ],
)
def test_a_name_that_is_not_printable_text_is_refused(name: object) -> None:
    with pytest.raises(ValueError):
        check_name(name)


@pytest.mark.parametrize(
    "name", ["Ana", "Nóra", "செல்வி", "x" * MAX_NAME_LENGTH, "Zoë 2", "👩\u200d🚀", "李"]
)
def test_printable_names_are_kept(name: str) -> None:
    assert check_name(name) == name


def saved_game_named(store: Store, name: str) -> None:
    """A saved game (as JSON spells it, ASCII escapes and all) whose second seat is ``name``."""
    good = Store(store.home.parent / "good")
    assert good.save_game(record_after(3)[0], {"seats": ["human", "easy", "easy"]})
    obj = json.loads(good.path("game").read_text(encoding="utf-8"))
    obj["record"][0]["names"][1] = name
    store.path("game").write_text(json.dumps(obj), encoding="ascii")


NOT_A_NAME = "a player's name is not printable text"
NOT_PRINTABLE = "it holds text that is not printable"  # no file's text may (game.store.data_files)


@pytest.mark.parametrize(
    ("name", "reason"),
    [("\ud800", NOT_PRINTABLE), ("Bo\u2028", NOT_A_NAME), ("B\x00o", NOT_PRINTABLE)]
    + [("o" * 41, NOT_A_NAME)],
)
def test_a_saved_game_with_a_name_that_is_not_text_is_set_aside(
    tmp_path: Path, name: str, reason: str
) -> None:
    store = new_store(tmp_path / "home")
    saved_game_named(store, name)
    assert store.load_game() is None
    [notice] = store.take_notices()
    assert notice.startswith(
        f"The saved game file was damaged ({reason}), so there is "
        "no game to resume. It was kept as game.damaged-"
    )
    assert not store.path("game").exists()


# ------------------------------------------------------------------ statistics count an id once


def test_statistics_keep_the_ids_of_the_last_matches_counted(tmp_path: Path) -> None:
    store = new_store(tmp_path / "home")
    stats = Statistics()
    assert stats.record_match("easy", 10, True, match_id="a1")
    assert not stats.record_match("easy", 10, True, match_id="a1")
    assert stats.overall.games == 1
    for n in range(store_module.MAX_COUNTED_IDS + 5):
        stats.record_match("easy", 10, False, match_id=f"m{n}")
    assert len(stats.counted) == store_module.MAX_COUNTED_IDS
    store.save_statistics(stats)
    again = store.load_statistics()
    assert again == stats and store.take_notices() == []
    assert not again.record_match("easy", 1, True, match_id=f"m{store_module.MAX_COUNTED_IDS}")

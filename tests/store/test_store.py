"""The store: defaults plus a notice for any file it cannot use, the file kept; round trips."""

from __future__ import annotations

import ast
import json
import os
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import platformdirs
import pytest

from game.rules.record import load_record
from game.store import autosave
from game.store import home as store_module
from game.store import values as store_values
from game.store.autosave import AutoSaver
from game.store.home import (
    DailyResult,
    Progress,
    Statistics,
    Store,
    Tally,
    default_home,
)
from game.store.settings import Settings

from .helpers import digest, match_snapshots, record_after

FIXED = time.mktime((2026, 11, 29, 23, 15, 0, 0, 0, -1))  # local 2026-11-29 23:15:00
KINDS = ("settings", "statistics", "progress", "game")


def fixed_clock() -> float:
    return FIXED


def make_store(home: Path) -> Store:
    store = Store(home, clock=fixed_clock)
    store.take_notices()
    return store


def load(store: Store, kind: str) -> Any:
    return {
        "settings": store.load_settings,
        "statistics": store.load_statistics,
        "progress": store.load_progress,
        "game": store.load_game,
    }[kind]()


def defaults(kind: str) -> Any:
    return {"settings": Settings(), "statistics": Statistics(), "progress": Progress()}.get(kind)


def set_aside_files(home: Path) -> list[str]:
    return sorted(p.name for p in home.iterdir() if p.name.count(".") >= 2)


def saved_game_text(home: Path) -> str:
    store = make_store(home)
    text, _ = record_after(12)
    store.save_game(text, {"seats": ["human", "easy", "easy"]})
    return (home / "game.json").read_text(encoding="utf-8")


# --------------------------------------------------------------------- where the files live


def test_missing_folder_is_made_with_a_notice_and_defaults(tmp_path: Path) -> None:
    home = tmp_path / "not" / "there" / "yet"
    store = Store(home)
    assert home.is_dir()
    assert len(store.notices) == 1 and str(home) in store.notices[0]
    assert store.load_settings() == Settings()
    assert store.load_statistics() == Statistics()
    assert store.load_progress() == Progress()
    assert store.load_game() is None
    assert len(store.take_notices()) == 1 and store.notices == []
    assert store.save_settings(Settings(volume=0.25))
    assert Store(home).notices == []  # the folder is there now: nothing to say


def test_home_comes_from_argument_then_environment_then_platformdirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEXICAN_TRAIN_HOME", str(tmp_path / "kiosk"))
    assert default_home() == tmp_path / "kiosk"
    assert Store().home == tmp_path / "kiosk"
    assert Store(tmp_path / "given").home == tmp_path / "given"
    monkeypatch.delenv("MEXICAN_TRAIN_HOME")
    expected = Path(platformdirs.user_data_dir("mexican-train", appauthor=False))
    assert default_home() == expected


def test_a_folder_that_cannot_be_made_means_defaults_and_saves_that_say_they_failed(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    store = Store(blocker / "home")
    assert len(store.take_notices()) == 1
    assert store.load_settings() == Settings()
    assert store.load_game() is None
    assert store.save_settings(Settings()) is False
    assert store.save_settings(Settings()) is False
    text, _ = record_after(3)
    assert store.save_game(text, {}) is False
    notices = store.take_notices()
    assert len(notices) == 2  # one for settings, one for the game: not one per attempt
    assert all(n.startswith("Could not save") for n in notices)


# --------------------------------------------------------------------- files we cannot use

DAMAGED = {
    "not JSON": b'{"format": "mexican-train/settings", "version": 1, "volume": 0.',
    "not UTF-8": b"\xff\xfe\x00garbage\x80",
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "no version": b'{"format": "mexican-train/KIND"}',
    "a text version": b'{"format": "mexican-train/KIND", "version": "1"}',
    "version zero": b'{"format": "mexican-train/KIND", "version": 0}',
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("content", list(DAMAGED), ids=list(DAMAGED))
def test_damaged_file_is_kept_aside_and_defaults_used(
    tmp_path: Path, kind: str, content: str
) -> None:
    store = make_store(tmp_path)
    data = DAMAGED[content].replace(b"KIND", kind.encode())
    store.path(kind).write_bytes(data)
    assert load(store, kind) == defaults(kind)
    [notice] = store.take_notices()
    assert "damaged" in notice
    kept = tmp_path / f"{kind}.damaged-20261129-231500.json"
    assert kept.name in notice
    assert kept.read_bytes() == data
    assert not store.path(kind).exists()
    assert load(store, kind) == defaults(kind) and store.notices == []  # said once


@pytest.mark.parametrize("kind", KINDS)
def test_file_from_a_newer_version_is_kept_aside_and_defaults_used(
    tmp_path: Path, kind: str
) -> None:
    store = make_store(tmp_path)
    data = json.dumps({"format": f"mexican-train/{kind}", "version": 99, "volume": 0.1})
    store.path(kind).write_text(data)
    assert load(store, kind) == defaults(kind)
    [notice] = store.take_notices()
    assert "newer version" in notice
    kept = tmp_path / f"{kind}.newer-20261129-231500.json"
    assert kept.name in notice and kept.read_text() == data


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "data",
    [
        {"format": "some-other-game/settings", "version": 1},
        {"format": "mexican-train/not-this-kind", "version": 1},
        {"version": 1, "volume": 0.3},
        {"name": "package.json", "dependencies": {}},
    ],
    ids=["other game", "other kind", "no format", "some JSON"],
)
def test_file_not_ours_is_kept_aside_and_defaults_used(
    tmp_path: Path, kind: str, data: dict[str, Any]
) -> None:
    store = make_store(tmp_path)
    store.path(kind).write_text(json.dumps(data))
    assert load(store, kind) == defaults(kind)
    [notice] = store.take_notices()
    assert "not a Mexican Train" in notice
    kept = tmp_path / f"{kind}.foreign-20261129-231500.json"
    assert kept.name in notice and json.loads(kept.read_text()) == data


def test_a_file_kept_aside_never_replaces_an_earlier_one(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for number in range(3):
        store.path("settings").write_text(f"damaged {number}")
        assert store.load_settings() == Settings()
    assert set_aside_files(tmp_path) == [
        "settings.damaged-20261129-231500-2.json",
        "settings.damaged-20261129-231500-3.json",
        "settings.damaged-20261129-231500.json",
    ]
    contents = {p.read_text() for p in tmp_path.glob("settings.damaged-*")}
    assert contents == {"damaged 0", "damaged 1", "damaged 2"}
    assert len(store.take_notices()) == 3


def test_a_file_that_cannot_be_set_aside_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(tmp_path)
    store.path("settings").write_text("damaged")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_module.os, "link", refuse)
    monkeypatch.setattr(store_module.os, "rename", refuse)
    assert store.load_settings() == Settings()
    [notice] = store.take_notices()
    assert "left as it is" in notice
    assert store.save_settings(Settings(volume=0.1)) is False
    assert store.path("settings").read_text() == "damaged"


def test_wrong_fields_fall_back_to_their_defaults_with_a_notice(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    data = {
        "format": "mexican-train/settings",
        "version": 1,
        "volume": "loud",  # wrong type
        "muted": 1,  # a number is not a boolean
        "animation_speed": -2,  # out of range
        "opponent_pace": "ludicrous",  # not a pace
        "window_size": [800],  # wrong shape
        "kiosk_pin": 1234,  # digits, but not text
        "theme": "high-contrast",  # well formed, but no theme of this game: the default
        "large_tiles": True,  # fine
        "from_the_future": {"x": 1},  # unknown: ignored without a word
    }
    store.path("settings").write_text(json.dumps(data))
    settings = store.load_settings()
    assert settings == Settings(theme="default", large_tiles=True)
    [notice] = store.take_notices()
    for name in ("volume", "muted", "animation_speed", "opponent_pace", "window_size"):
        assert name in notice
    assert "from_the_future" not in notice
    assert store.path("settings").exists()  # a readable file stays where it is


def test_unknown_keys_are_ignored_quietly(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_progress(Progress(ladder={"level-01": 2}))
    data = json.loads(store.path("progress").read_text())
    data["added_later"] = [1, 2, 3]
    data["daily"]["2026-11-29"] = {"score": 7, "won": True, "moves": 40}
    store.path("progress").write_text(json.dumps(data))
    progress = store.load_progress()
    assert progress.ladder == {"level-01": 2}
    assert progress.daily == {"2026-11-29": DailyResult(7, True)}
    assert store.notices == []


def test_bad_entries_in_statistics_and_progress_are_dropped_with_a_notice(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.path("statistics").write_text(
        json.dumps(
            {
                "format": "mexican-train/statistics",
                "version": 1,
                "overall": {"games": 3, "wins": 5, "best_score": 1, "total_score": 9},
                "levels": {
                    "easy": {"games": 2, "wins": 1, "best_score": 10, "total_score": 30},
                    "hard": "lots",
                },
            }
        )
    )
    stats = store.load_statistics()
    assert stats.overall == Tally()
    assert stats.levels == {"easy": Tally(2, 1, 10, 30)}
    [notice] = store.take_notices()
    assert "overall" in notice and "levels/hard" in notice
    store.path("progress").write_text(
        json.dumps(
            {
                "format": "mexican-train/progress",
                "version": 1,
                "ladder": {"one": 3, "two": 9, "three": True},
                "daily": {"2026-02-30": {"score": 1, "won": True}, "2026-03-01": []},
            }
        )
    )
    progress = store.load_progress()
    assert progress == Progress(ladder={"one": 3})
    [notice] = store.take_notices()
    assert "ladder/two" in notice and "daily/2026-02-30" in notice


# --------------------------------------------------------------------- round trips


def test_settings_round_trip(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    settings = Settings(
        language="ta",
        theme="colour_blind_safe",
        numerals=True,
        large_tiles=True,
        animation_speed=0.0,
        opponent_pace="fast",
        volume=0.35,
        muted=True,
        fullscreen=True,
        kiosk_pin="2468",
        kiosk_exit_chord="ctrl+shift+k",
        kiosk_idle_seconds=300,
        window_size=(1280, 720),
    )
    assert settings.reduced_motion
    assert store.save_settings(settings)
    assert make_store(tmp_path).load_settings() == settings
    on_disk = json.loads(store.path("settings").read_text())
    assert on_disk["format"] == "mexican-train/settings" and on_disk["version"] == 1
    assert on_disk["window_size"] == [1280, 720]


def test_statistics_round_trip_and_tallies(tmp_path: Path) -> None:
    stats = Statistics()
    stats.record_match("easy", 40, won=True)
    stats.record_match("easy", 90, won=False)
    stats.record_match("hard", 150, won=False)
    assert stats.overall == Tally(games=3, wins=1, best_score=40, total_score=280)
    assert stats.levels["easy"].average_score == 65.0
    assert stats.levels["hard"].losses == 1
    assert Tally().average_score is None
    store = make_store(tmp_path)
    assert store.save_statistics(stats)
    assert make_store(tmp_path).load_statistics() == stats
    positive = Tally()
    positive.add(10, True, lower_is_better=False)
    positive.add(30, True, lower_is_better=False)
    assert positive.best_score == 30


def test_progress_round_trip_keeps_the_best(tmp_path: Path) -> None:
    from datetime import date

    progress = Progress()
    assert progress.clear_level("ladder-01", 2)
    assert not progress.clear_level("ladder-01", 1)
    assert progress.clear_level("ladder-01", 3)
    assert progress.clear_level("ladder-02", 7) and progress.stars("ladder-02") == 3
    assert progress.stars("ladder-03") is None
    assert progress.record_daily(date(2026, 11, 29), 60, won=False)
    assert progress.record_daily("2026-11-29", 80, won=True)  # a win beats a lower loss
    assert not progress.record_daily("2026-11-29", 90, won=True)
    assert progress.record_daily("2026-11-29", 20, won=True)
    assert progress.daily == {"2026-11-29": DailyResult(20, True)}
    store = make_store(tmp_path)
    assert store.save_progress(progress)
    assert make_store(tmp_path).load_progress() == progress


def test_game_round_trip_replays_to_the_same_state(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    assert store.load_game() is None and not store.has_game()
    for actions, text, game in match_snapshots():
        if actions % 7:
            continue
        meta = {"seats": ["human", "easy", "normal"], "level": "ladder-02", "actions": actions}
        assert store.save_game(text, meta)
        saved = make_store(tmp_path).load_game()
        assert saved is not None
        record, state, loaded_meta = saved
        assert loaded_meta == meta
        assert saved.text() == text
        assert digest(state) == digest(game) and state.current == game.current
        assert record.players == 3 and record.names == ("Ana", "Bo", "Cy")
        assert saved.finished == game.match_over
    assert store.notices == []
    assert store.has_game()
    store.clear_game()
    assert not store.has_game() and store.load_game() is None
    store.clear_game()  # clearing twice is fine
    assert store.notices == []


def test_a_resumed_game_plays_on_and_its_record_stays_valid(tmp_path: Path) -> None:
    from game.ai.simple import make_seat
    from game.rules.state import PLAY

    store = make_store(tmp_path)
    text, _ = record_after(20)
    store.save_game(text, {})
    saved = store.load_game()
    assert saved is not None
    game, writer = saved.state, saved.writer()
    seats = [make_seat("greedy", seat) for seat in range(game.players)]
    while not game.match_over:
        if game.phase != PLAY:
            writer.add(game.start_round())
        while game.phase == PLAY:
            writer.add(game.apply(seats[game.current].choose(game.observation(game.current))))
        store.save_game(writer.text(), {})
    _, replayed = load_record(writer.text())
    assert replayed.totals == game.totals
    final = store.load_game()
    assert final is not None and final.finished


def test_a_damaged_autosave_never_reaches_the_table(tmp_path: Path) -> None:
    data = json.loads(saved_game_text(tmp_path))
    plays = [i for i, line in enumerate(data["record"]) if line["type"] == "play"]
    data["record"][plays[-1]]["tile"] = [6, 6]  # a tile that is not in that hand
    store = make_store(tmp_path)
    store.path("game").write_text(json.dumps(data))
    assert store.load_game() is None
    [notice] = store.take_notices()
    assert f"record line {plays[-1] + 1}" in notice and "game.damaged-" in notice
    kept = tmp_path / "game.damaged-20261129-231500.json"
    assert json.loads(kept.read_text()) == data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(meta=["not", "an", "object"]),
        lambda d: d.update(record="a string"),
        lambda d: d.update(record=[]),
        lambda d: d["record"].append(7),
        lambda d: d["record"].pop(0),
        lambda d: d["record"][0].update(version=2),
    ],
    ids=["meta", "record text", "empty record", "a number line", "no match line", "newer record"],
)
def test_a_malformed_autosave_is_set_aside(tmp_path: Path, change: Any) -> None:
    data = json.loads(saved_game_text(tmp_path))
    change(data)
    store = make_store(tmp_path)
    store.path("game").write_text(json.dumps(data))
    assert store.load_game() is None
    [notice] = store.take_notices()
    assert "saved game" in notice and "game.damaged-" in notice


def test_save_game_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    with pytest.raises(ValueError):
        store.save_game("not json\n", {})
    with pytest.raises(ValueError):
        store.save_game("[1, 2]\n", {})
    with pytest.raises(TypeError):
        store.save_game(record_after(1)[0], {"seat": object()})
    assert not store.has_game()


# --------------------------------------------------------------------- how files are written


def test_writes_leave_no_temporary_files_and_stale_ones_are_swept(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_settings(Settings())
    store.save_statistics(Statistics())
    store.save_progress(Progress())
    store.save_game(record_after(2)[0], {})
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["game.json", "progress.json", "settings.json", "statistics.json"]
    stale = tmp_path / ".game.json.abc123.tmp"
    fresh = tmp_path / ".game.json.def456.tmp"  # a write in flight in another process
    stale.write_text('{"half": ')
    fresh.write_text('{"half": ')
    os.utime(stale, (FIXED - 7200, FIXED - 7200))
    os.utime(fresh, (FIXED - 1, FIXED - 1))
    make_store(tmp_path)
    assert not stale.exists() and fresh.exists()


@pytest.mark.parametrize("module", [store_module, store_values, autosave], ids=lambda m: m.__name__)
def test_saves_never_pickle(module: ModuleType) -> None:
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"pickle", "marshal", "shelve", "dill", "cloudpickle"}


def test_autosaver_writes_the_newest_snapshot_off_the_main_thread(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    saver = AutoSaver(store)
    last = None
    for actions, text, game in match_snapshots():
        saver.save(text, {"actions": actions})
        last = (actions, game.copy())
        if actions == 30:
            break
    assert saver.flush()
    assert last is not None
    saved = store.load_game()
    assert saved is not None and saved.meta == {"actions": last[0]}
    assert digest(saved.state) == digest(last[1])
    saver.clear()
    saver.close()
    assert not store.has_game()
    with pytest.raises(RuntimeError):
        saver.save("", {})


def test_autosaver_reports_a_callers_mistake_in_the_callers_thread(tmp_path: Path) -> None:
    saver = AutoSaver(make_store(tmp_path))
    saver.save("this is not a record", {})
    with pytest.raises(ValueError):
        saver.flush()
    saver.close()

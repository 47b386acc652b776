"""The store's notices are translatable: each sentence an English msgid the extractor finds,
kept as the English text, and put into the player's language when it is shown (which may be
after the settings that choose the language were read, or after it changed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from game import i18n
from game.store import home as store_module
from game.store import values as store_values
from game.store.home import Notice, Say, Store
from game.store.settings import Settings
from tests.i18n.extractor import load_extractor

from .helpers import record_after

ROOT = Path(__file__).resolve().parents[2]
NOW = 1_795_000_000.0  # a fixed clock: the names of files set aside are known


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def extractor() -> ModuleType:
    return load_extractor()


def marked_msgids() -> set[str]:
    """The msgids tools/i18n_extract.py collects from game/store/home.py and the reader it reads
    its files with, game/store/data_files.py."""
    found: set[str] = set()
    for name in ("home.py", "data_files.py"):
        path = ROOT / "game" / "store" / name
        source = path.read_text(encoding="utf-8")
        messages, warnings = extractor().extract_source(source, str(path))
        assert warnings == []
        found |= {message.msgid for message in messages}
    return found


def msgids(say: Say) -> Iterator[str]:
    yield say.msgid
    for value in say.values.values():
        if isinstance(value, Say):
            yield from msgids(value)


def every_kind_of_notice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Notice]:
    """One store in trouble in every way it can tell the player about."""
    said: list[Notice] = []
    said += Store(tmp_path / "new", clock=lambda: NOW).take_notices()  # a folder made
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    stuck = Store(blocker / "home")
    said += stuck.take_notices()  # no folder can be made
    stuck.save_settings(Settings())
    stuck.save_statistics(store_module.Statistics())
    stuck.save_progress(store_module.Progress())
    stuck.save_game(record_after(3)[0], {})
    said += stuck.take_notices()  # four saves refused

    home = tmp_path / "home"
    store = Store(home, clock=lambda: NOW)
    for kind in store_module.KINDS:
        bodies = [
            b"{",  # not JSON
            b"\xff\xfe",  # not text
            b"[1]",  # not an object
            json.dumps({"format": f"mexican-train/{kind}"}).encode(),  # no version
            json.dumps({"format": "another/app", "version": 1}).encode(),  # foreign
            json.dumps({"format": f"mexican-train/{kind}", "version": 99}).encode(),  # newer
        ]
        for body in bodies:
            store.path(kind).write_bytes(body)
            load = getattr(store, f"load_{kind}")
            load()
        store.path(kind).mkdir()  # a folder where the file should be: it cannot be read
        getattr(store, f"load_{kind}")()
        assert not store.path(kind).exists(), "set aside"
    bad = {f"theme{i}": 1 for i in range(3)}
    settings = {"format": "mexican-train/settings", "version": 1, "volume": "x", "muted": 2}
    store.path("settings").write_text(json.dumps({**settings, **bad}))
    store.load_settings()  # two fields reset (the unknown keys are ignored, never named)
    wrong: dict[str, object] = {
        name: "wrong" for name in ("numerals", "large_tiles", "muted", "fullscreen", "hints")
    }
    wrong |= {"volume": "x", "players": "x", "preset": 1, "opponent": 1, "theme": 1}
    store.path("settings").write_text(json.dumps({**settings, **wrong}))
    store.load_settings()  # ten fields reset: "and 2 more"
    table = {"players": 11, "preset": "station", "opponent": "zzz"}
    store.path("settings").write_text(json.dumps({**settings, **table}))
    store.load_settings()  # a table the rules cannot deal, an opponent that does not exist
    stats = {"format": "mexican-train/statistics", "version": 1, "overall": 3}
    store.path("statistics").write_text(json.dumps(stats))
    store.load_statistics()
    progress = {"format": "mexican-train/progress", "version": 1, "ladder": {"a": 9}}
    store.path("progress").write_text(json.dumps(progress))
    store.load_progress()
    game = {"format": "mexican-train/game", "version": 1, "meta": [], "record": []}
    changes: list[dict[str, object]] = [
        {"meta": []},
        {"meta": {}, "record": 7},
        {"meta": {}, "record": [{}]},
    ]
    for change in changes:
        store.path("game").write_text(json.dumps({**game, **change}))
        store.load_game()
    good = Store(tmp_path / "good")
    good.save_game(record_after(3)[0], {})
    named = json.loads(good.path("game").read_text(encoding="utf-8"))
    named["record"][0]["names"][1] = "\ud800"  # valid JSON, not text UTF-8 can write
    store.path("game").write_text(json.dumps(named))  # ensure_ascii: the file is ASCII
    store.load_game()
    named["record"][0]["names"][1] = "Bo"
    named["record"][0]["note"] = "\ud800"  # a key the record ignores, saved again as it is
    store.path("game").write_text(json.dumps(named))
    store.load_game()
    said += store.take_notices()

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    store.path("settings").write_text("damaged")
    monkeypatch.setattr("game.store.home.os.link", refuse)
    monkeypatch.setattr("game.store.home.os.rename", refuse)
    store.load_settings()  # could not be set aside
    store.save_game(record_after(3)[0], {})
    monkeypatch.setattr("game.store.home.os.unlink", refuse)
    store.clear_game()  # could not be removed
    said += store.take_notices()
    return said


def test_every_notice_is_made_of_marked_msgids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = every_kind_of_notice(tmp_path, monkeypatch)
    used = {msgid for notice in said for part in notice.parts for msgid in msgids(part)}
    marked = marked_msgids()
    assert used <= marked, f"not marked for the catalog: {sorted(used - marked)}"
    per_kind = [m for m in marked if "{file} is not a Mexican Train" in m or "Could not save" in m]
    assert len(per_kind) == 8 and set(per_kind) <= used
    assert len(used) >= 35, "every way the store speaks was tried"


def test_the_english_reads_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said = every_kind_of_notice(tmp_path, monkeypatch)
    assert all(isinstance(notice, str) and notice.translated() == notice for notice in said)
    expected = [
        "The settings file was damaged (it is not JSON), so default settings are used. "
        "It was kept as settings.damaged-",
        "settings.json is not a Mexican Train settings file, so default settings are used. "
        "It was kept as ",
        "The saved game file is from a newer version of the game, so there is no game to resume.",
        "Some settings could not be read and were reset to their defaults: ",
        "Could not save your statistics (",
        'The saved game file was damaged ("meta" is not an object), so there is no game to resume.',
        "The settings file was damaged (it is not JSON), so default settings are used. "
        "It was left as it is and will not be overwritten.",
        "The saved game could not be removed (Permission denied); it may be offered again.",
    ]
    for start in expected:
        assert any(notice.startswith(start) for notice in said), start
    many = next(n for n in said if "and 2 more" in n)
    assert many.endswith(" and 2 more.") and many.count(",") == 7


def test_a_notice_is_translated_when_shown_not_when_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text("{", encoding="utf-8")
    store = Store(home, clock=lambda: NOW)
    store.load_settings()
    [notice] = store.take_notices()

    def shout(msgid: str) -> str:  # a "language" whose every sentence is marked
        return f"<{i18n.current_language()}> {msgid}"

    monkeypatch.setattr(store_values, "translate", shout)
    i18n.set_language("ga")
    shown = notice.translated()
    assert shown.startswith("<ga> The settings file was damaged (<ga> it is not JSON), so ")
    assert "<ga> It was kept as settings.damaged-" in shown
    assert str(notice).startswith("The settings file was damaged (it is not JSON)")


def test_a_catalog_with_a_broken_placeholder_shows_the_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(store_values, "translate", lambda msgid: msgid.replace("{", "{wrong"))
    notice = Notice(Say("Could not save your settings ({reason}).", {"reason": "Disk full"}))
    assert notice.translated() == "Could not save your settings (Disk full)."


def test_the_game_shows_notices_in_the_language_of_the_moment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.app import App

    def tagged(msgid: str) -> str:
        return f"[{i18n.current_language()}] {msgid}"

    monkeypatch.setattr(store_values, "translate", tagged)
    home = tmp_path / "home"
    home.mkdir()
    damaged = '{"format": "mexican-train/settings", "version": 1, "language": "ga", "volume": 7}'
    (home / "settings.json").write_text(damaged, encoding="utf-8")
    app = App((640, 480), store=Store(home), resizable=False)
    try:
        # The notice was made while reading the settings, before they chose Irish.
        [toast] = app.notices
        assert toast.message.startswith("[ga] Some settings could not be read")
        i18n.set_language("eu")  # the player picks another language while it is up
        assert toast.message.startswith("[eu] Some settings could not be read")
        assert toast.message.endswith(": volume.")
    finally:
        app.close()

"""An error in a scene does not end the game: the match is saved and offered again, the
traceback is in the crash log, the player reads one calm sentence on the menu.

The faults are injected by the tests (a scene's method replaced by one that raises); the game
has no switch for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.guard import MOST_REPEATS
from game.match.session import MatchConfig
from game.rules import Rules
from game.scenes.flow import start_match
from game.scenes.pages.menu import MenuScene
from game.scenes.play.table import TableScene
from game.store.crash_log import read_reports
from game.store.home import Store

from .helpers import button_labels, click_button, fast_settings, frames, start_game

SAVED = "Something went wrong; your match is saved."


class InjectedFault(RuntimeError):
    pass


def match_in_progress(store: Store) -> App:
    """The game on a table, a few actions into a quick match (a computer seat plays the
    person's), every one of them saved."""
    fast_settings(store)
    app = start_game(store)
    app.autoplay = "greedy"
    start_match(app, MatchConfig(3, Rules.standard().with_options(set_size=6), "easy", 4))
    for _ in range(600):
        table = next((s for s in app.stack if isinstance(s, TableScene)), None)
        if table is not None and len(table.session.writer.lines) >= 8:
            break
        frames(app, 1, 0.1)
    else:
        raise AssertionError("the match did not get going")
    assert app.keeper is not None
    app.keeper.flush()
    return app


def notices(app: App) -> list[str]:
    return [toast.message for toast in app.notices]


@pytest.mark.parametrize("method", ["draw", "update", "handle"])
def test_a_fault_in_the_tables_method_lands_on_the_menu_and_the_match_resumes(
    home: Path, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    app = match_in_progress(Store(home))
    try:
        seen: list[tuple[str, int]] = []

        def broken(self: TableScene, *args: Any) -> None:
            seen.append((self.session.match_id, len(self.session.writer.lines)))
            raise InjectedFault(f"the table's {method} broke")

        monkeypatch.setattr(TableScene, method, broken)
        if method == "handle":
            pos = (5, app.size[1] // 2)
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False
                )
            )
        frames(app)
        monkeypatch.undo()  # the table works again: the player resumes the match

        assert len(seen) == 1, "the failing table is not entered again"
        match_id, lines = seen[0]
        assert app.running
        assert [type(s) for s in app.stack] == [MenuScene]
        assert SAVED in notices(app)
        assert button_labels(app)[0] == "Resume game"
        report = read_reports(home)[-1]
        assert "TableScene" in report.splitlines()[0]
        assert f"InjectedFault: the table's {method} broke" in report
        assert f".{method}(" in report, "the traceback names the call that failed"

        click_button(app, "Resume game")
        table = next(s for s in app.stack if isinstance(s, TableScene))
        assert table.session.match_id == match_id
        assert len(table.session.writer.lines) == lines
    finally:
        app.close()


def test_a_fault_with_no_match_being_played_says_so_without_a_saved_match(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.pages.statistics import StatisticsScene

    app = start_game(Store(home))
    try:
        click_button(app, "Statistics")
        assert isinstance(app.top, StatisticsScene)

        def broken(self: StatisticsScene, surface: pygame.Surface) -> None:
            raise InjectedFault("the statistics broke")

        monkeypatch.setattr(StatisticsScene, "draw", broken)
        frames(app)
        assert [type(s) for s in app.stack] == [MenuScene]
        assert "Something went wrong." in notices(app)
        assert SAVED not in notices(app)
        assert "Resume game" not in button_labels(app)
        assert "InjectedFault: the statistics broke" in read_reports(home)[-1]
    finally:
        app.close()


def test_a_deferred_function_that_fails_is_contained_and_the_next_one_still_runs(
    home: Path,
) -> None:
    app = start_game(Store(home))
    try:
        ran: list[str] = []

        def fails() -> None:
            raise InjectedFault("deferred work broke")

        app.defer(fails)
        app.defer(lambda: ran.append("next"))
        frames(app)
        assert app.running and isinstance(app.top, MenuScene)
        assert ran == ["next"]
        assert "Something went wrong." in notices(app)
        assert "InjectedFault: deferred work broke" in read_reports(home)[-1]
    finally:
        app.close()


def test_a_menu_that_keeps_failing_stops_the_game_with_status_1(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = start_game(Store(home))
    try:
        calls: list[int] = []

        def broken(self: MenuScene, surface: pygame.Surface) -> None:
            calls.append(1)
            raise InjectedFault("the menu broke")

        monkeypatch.setattr(MenuScene, "draw", broken)
        assert app.run(max_frames=200) == 1
        assert not app.running
        assert len(calls) == MOST_REPEATS + 1, "a few tries, not a loop"
        assert app.frames < 200
        err = capsys.readouterr().err
        assert "so it stops" in err and "crash.log" in err
        reports = read_reports(home)
        assert len(reports) == MOST_REPEATS + 1
        assert all("InjectedFault: the menu broke" in report for report in reports)
    finally:
        app.close()


def test_keyboard_interrupt_and_system_exit_are_not_caught(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = start_game(Store(home))
    try:
        for error in (KeyboardInterrupt, SystemExit):

            def broken(self: MenuScene, surface: pygame.Surface, error: type = error) -> None:
                raise error()

            monkeypatch.setattr(MenuScene, "draw", broken)
            with pytest.raises(error):
                frames(app)
        assert read_reports(home) == []
    finally:
        monkeypatch.undo()
        app.close()

"""A match played to the end is counted in the statistics, shown from the menu."""

from __future__ import annotations

from pathlib import Path

from game.match.session import MatchConfig
from game.rules import Rules
from game.scenes.flow import start_match
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.statistics import StatisticsScene
from game.scenes.play.match_end import MatchEndScene
from game.store.home import Store

from .helpers import click_button, frames, start_game


def test_a_finished_match_is_recorded_and_shown(home: Path) -> None:
    store = Store(home)
    app = start_game(store)
    try:
        app.autoplay = "greedy"  # a computer plays your seat
        app.settings.opponent_pace = "fast"
        app.settings.animation_speed = 0.0
        rules = Rules.standard().with_options(set_size=6, rounds=2)
        start_match(app, MatchConfig(3, rules, "easy", 77))
        session = app.top.session  # type: ignore[union-attr]
        for _ in range(20000):
            if isinstance(app.top, MatchEndScene):
                break
            top = app.top
            if top is not None and type(top).__name__ == "RoundSummaryScene":
                top.next()  # type: ignore[attr-defined]
            frames(app, 1, 0.1)
        assert isinstance(app.top, MatchEndScene)
        state = session.state
        assert state.match_over
        stats = Store(home).load_statistics()
        assert stats.overall.games == 1
        assert stats.overall.wins == (0 in state.match_winners)
        assert stats.overall.best_score == state.totals[0]
        assert stats.levels["easy"].games == 1
        assert not (home / "game.json").exists(), "a finished match is not offered for resume"

        click_button(app, "Main menu")
        assert isinstance(app.top, MenuScene)
        assert "Resume game" not in [b.label for b in app.top.buttons]
        click_button(app, "Statistics")
        page = app.top
        assert isinstance(page, StatisticsScene)
        rows = dict(page.rows())
        assert rows["All matches"][:2] == ("1", str(int(0 in state.match_winners)))
        assert rows["Easy opponents"][0] == "1"
        frames(app, 30)
    finally:
        app.close()

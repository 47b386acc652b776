"""A finished match's results (statistics, a level's stars, the day's best) are kept the moment
it ends, before any screen waits for a press, and exactly once however the game stops.

Each test starts from a match saved one action before its end (``save_near_the_end``): the
game started on that folder offers it, resumes it, and its computer seats play the last action.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from game.levels import rate_game
from game.levels.daily import daily_table
from game.match.session import MatchConfig, Session
from game.rules import GameState
from game.store.home import DailyResult, Statistics, Store
from game.store.recent import RecentMatches

from .helpers import (
    END_STEPS,
    button_labels,
    click_button,
    end_steps,
    fast_settings,
    level_named,
    play_until_the_last_summary,
    save_near_the_end,
    start_game,
)

LEVEL = "first-steps"  # two players, double-six, three rounds
LEVEL_SEED = 3  # a deal the computer in the player's seat wins, so stars are earned
DAY = date(2026, 3, 14)


def level_config() -> MatchConfig:
    return MatchConfig.for_level(level_named(LEVEL), LEVEL_SEED)


def daily_config() -> MatchConfig:
    return MatchConfig.for_daily(daily_table(DAY))


CONFIGS: dict[str, Callable[[], MatchConfig]] = {"level": level_config, "daily": daily_config}


def resume_and_finish(store: Store) -> Session:
    """Start the game, resume the saved match and play until the last round's summary is up."""
    app = start_game(store)
    try:
        assert button_labels(app)[0] == "Resume game"
        click_button(app, "Resume game")
        return play_until_the_last_summary(app)
    finally:
        app.close()  # the window closed on the summary, "See the final results" never pressed


def expected_progress(
    config: MatchConfig, state: GameState
) -> tuple[int | None, DailyResult | None]:
    """The stars (None: not cleared) and the day's best a finished match should leave."""
    if config.daily is not None:
        return None, DailyResult(state.totals[0], 0 in state.match_winners)
    assert config.level is not None
    rating = rate_game(config.level, state, 0)
    return (rating.stars if rating.cleared else None), None


def assert_kept_once(home: Path, config: MatchConfig, state: GameState) -> None:
    """The match is in the statistics once, its progress is kept, and nothing is left to resume."""
    store = Store(home)
    stats = store.load_statistics()
    assert stats.overall.games == 1
    assert stats.overall.best_score == state.totals[0]
    assert stats.overall.wins == int(0 in state.match_winners)
    progress = store.load_progress()
    stars, best = expected_progress(config, state)
    if config.daily is not None:
        assert progress.daily == {config.daily.key: best}
    else:
        assert config.level is not None
        assert progress.stars(config.level.id) == stars
    assert not (home / "game.json").exists()
    [kept] = RecentMatches(store).entries()  # in Recent matches once
    assert kept.totals == tuple(state.totals)
    assert store.take_notices() == []


@pytest.mark.parametrize("table", sorted(CONFIGS))
def test_results_are_kept_when_the_window_closes_on_the_last_summary(
    home: Path, table: str
) -> None:
    config = CONFIGS[table]()
    store = Store(home)
    fast_settings(store)
    save_near_the_end(store, config)
    session = resume_and_finish(Store(home))
    assert session.state.match_over
    if config.daily is None:  # the deal was chosen so that stars are earned: they must be kept
        assert expected_progress(config, session.state)[0] is not None
    assert_kept_once(home, config, session.state)


def test_a_finished_match_left_on_disk_is_counted_once_then_forgotten(home: Path) -> None:
    from game.ai.simple import make_seat
    from game.match.keeper import session_meta

    config = daily_config()
    store = Store(home)
    fast_settings(store)
    session = save_near_the_end(store, config)
    # The game was killed after saving the finished match, before counting it.
    state = session.state
    session.apply(make_seat("greedy", 7).choose(state.observation(state.current)))
    assert state.match_over
    assert store.save_game(session.writer.text(), session_meta(session))

    for _ in range(2):  # started twice: counted the first time only
        app = start_game(Store(home))
        try:
            assert "Resume game" not in button_labels(app)
        finally:
            app.close()
        assert_kept_once(home, config, state)


class Crash(BaseException):
    """The game dies here: nothing more of it reaches the disk."""


def crash_at(step: int, store: Store) -> list[str]:
    """Make ``store`` die at its ``step``-th change to a file (and at every one after it); the
    steps seen so far, as "what file"."""
    seen: list[str] = []

    def hook(what: str, filename: str) -> None:
        seen.append(f"{what} {filename}")
        if len(seen) >= step:
            raise Crash(seen[-1])

    store.step_hook = hook
    return seen


@pytest.mark.parametrize("table", sorted(CONFIGS))
@pytest.mark.parametrize("step", range(1, len(END_STEPS) + 2))
def test_a_crash_at_any_step_of_the_match_end_counts_the_match_once(
    home: Path, table: str, step: int
) -> None:
    config = CONFIGS[table]()
    store = Store(home)
    fast_settings(store)
    save_near_the_end(store, config)

    # The game resumes the match; its last action ends it, and the game dies at `step`.
    dying = Store(home)
    app = start_game(dying)
    final: GameState | None = None
    try:
        click_button(app, "Resume game")
        session = app.top.session  # type: ignore[union-attr]
        assert app.keeper is not None
        app.keeper.flush()  # the resumed match's first save is on disk: steps count from here
        seen = crash_at(step, dying)
        with contextlib.suppress(Crash):
            play_until_the_last_summary(app)
        final = session.state
        assert final.match_over
        steps = end_steps(session.match_id)
        assert seen[: len(steps)] == steps[: len(seen)]
        assert len(seen) == min(step, len(END_STEPS)), "it died where it was told to"
    finally:
        dying.step_hook = None
        dying.home = home.parent / "after-death"  # whatever it would still do is not on disk
        app.close()

    # Started again: a match that was saved finished is counted now, else resumed and played.
    app = start_game(Store(home))
    try:
        if "Resume game" in button_labels(app):
            assert step == 1, "only a game that died before saving the finished match resumes"
            click_button(app, "Resume game")
            final = play_until_the_last_summary(app).state
    finally:
        app.close()
    assert final is not None
    assert_kept_once(home, config, final)

    app = start_game(Store(home))  # and once more: nothing counted twice
    app.close()
    assert_kept_once(home, config, final)


def test_statistics_count_a_match_id_once() -> None:
    stats = Statistics()
    assert stats.record_match("easy", 10, True, match_id="abc")
    assert not stats.record_match("easy", 10, True, match_id="abc")
    assert stats.overall.games == 1


def test_a_refused_statistics_write_leaves_the_finished_match_for_the_next_start(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from game.store import home as store_module

    config = level_config()
    store = Store(home)
    fast_settings(store)
    save_near_the_end(store, config)
    real_write = store_module.write_text_atomically

    def disk_full_for_statistics(path: Path, text: str) -> None:
        if Path(path).name == "statistics.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(store_module, "write_text_atomically", disk_full_for_statistics)
    session = resume_and_finish(Store(home))
    assert Store(home).load_statistics().overall.games == 0
    assert (home / "game.json").exists(), "kept until its results are"

    monkeypatch.setattr(store_module, "write_text_atomically", real_write)
    start_game(Store(home)).close()
    assert_kept_once(home, config, session.state)

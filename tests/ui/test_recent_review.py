"""Recent matches and the match review's flow, through the real loop, headless.

The list shows the kept matches newest first and opens a review by mouse, keyboard and gamepad;
the match end's Review runs the review in its worker process with a progress bar and then puts
the review table on top, with the match's record and the person's seat; Cancel stops the worker
and goes back; the worker's review equals the review run in this process. The reviews use few
guesses (``reviewing.GUESSES``) so they are short. No sleeps: a test waits for the worker with
a blocking read of its pipe (``ReviewJob.wait``), then steps the app.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.review import review
from game.ai.simple import make_seat
from game.app import App
from game.match.kept import keep_match
from game.match.review_worker import ReviewJob
from game.match.session import MatchConfig, Session
from game.rules import Rules
from game.rules.record import load_record
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.recent import RecentScene
from game.scenes.pages.statistics import StatisticsScene
from game.scenes.play.match_end import MatchEndScene
from game.scenes.review import reviewing
from game.scenes.review.replay import ReplayScene
from game.scenes.review.review_table import ReviewTableScene
from game.scenes.review.reviewing import ReviewingScene, WhoScene
from game.store.home import Store
from game.store.review_files import review_json
from game.view import typeset

from .driver import click, frames, post

RULES = Rules.standard().with_options(set_size=6, rounds=2)
GUESSES = 12  # enough for a clear mistake to stay one (fewer leave every call open)


@pytest.fixture(autouse=True)
def _few_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewing, "GUESSES", GUESSES)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = App((960, 600), inline_seats=True, resizable=False, store=Store(tmp_path))
    app.settings.animation_speed = 0.0
    try:
        yield app
    finally:
        top = app.top
        if isinstance(top, ReviewingScene):
            top.job.cancel()
        app.close()


def finished(seed: int, kinds: list[str | None] | None = None, humans: int = 1) -> Session:
    kinds = kinds or [None, "easy", "easy"]
    config = MatchConfig(len(kinds), RULES, "easy", seed, humans=humans)
    session = Session(config, inline=True, kinds=kinds)
    session.play_out([make_seat("greedy", seed * 10 + n) for n in range(len(kinds))])
    return session


def kept(app: App, *seeds: int) -> list[Session]:
    """Matches finished and kept in Recent matches, in this order (the last is the newest)."""
    assert app.store is not None
    sessions = [finished(seed) for seed in seeds]
    for session in sessions:
        assert keep_match(app.store, session)
    return sessions


def open_recent(app: App) -> RecentScene:
    app.reset(MenuScene(app))
    frames(app, 4)
    button = next(b for b in app.top.buttons if b.label == "Recent matches")  # type: ignore[union-attr]
    click(app, button.rect.center)
    assert isinstance(app.top, RecentScene)
    frames(app, 20)
    return app.top


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    frames(app)


def pad(app: App, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=button)
    frames(app)
    post(pygame.CONTROLLERBUTTONUP, instance_id=7, button=button)
    frames(app)


def finish_review(app: App) -> ReviewTableScene:
    """Wait for the review on screen to finish (a blocking read), then let the app take it."""
    scene = app.top
    assert isinstance(scene, ReviewingScene)
    scene.job.wait()
    frames(app)
    assert isinstance(app.top, ReviewTableScene), type(app.top).__name__
    return app.top


def test_the_list_shows_the_kept_matches_newest_first(app: App) -> None:
    sessions = kept(app, 1, 2, 3)
    scene = open_recent(app)
    assert [item.match for item in scene.items] == [s.match_id for s in sessions[::-1]]
    tops = [scene.row_rect(i).top for i in range(3)]
    assert tops == sorted(tops)
    with typeset.text_audit() as audit:
        frames(app)
    assert "Quick play" in audit.drawn
    assert sum(text == "Review" for text in audit.drawn) == 3  # a Review button on each row
    newest = sessions[-1].state.totals[0]
    assert any(text.endswith(f"· {newest} pts") for text in audit.drawn)


def test_an_empty_list_says_so(app: App) -> None:
    scene = open_recent(app)
    assert scene.items == []
    with typeset.text_audit() as audit:
        frames(app)
    assert any(text.startswith("No finished match yet") for text in audit.drawn)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_row_opens_its_review_by_mouse_and_again_at_once(app: App) -> None:
    sessions = kept(app, 1, 2)
    scene = open_recent(app)
    click(app, scene.review_rect(1).center)  # the older match's Review button
    table = finish_review(app)
    assert table.record == load_record(sessions[0].writer.text())[0]
    assert table.review.seat == 0 and table.review.guesses == GUESSES
    assert table.name.startswith("Quick play · ")
    click(app, table.buttons["back"].rect.center)  # Back
    assert app.top is scene
    click(app, scene.row_rect(1).center)  # a tap anywhere on the row: kept, so at once
    assert isinstance(app.top, ReviewTableScene)
    assert app.top.review == table.review


def test_a_row_opens_its_review_by_keyboard_and_esc_cancels(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviewing, "GUESSES", 10**6)  # a review that would take hours
    sessions = kept(app, 1, 2)
    scene = open_recent(app)
    key(app, pygame.K_DOWN)  # shows the focus on the first row
    key(app, pygame.K_DOWN)
    assert scene.focused_index() == 1
    key(app, pygame.K_RETURN)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    assert progress.source.record == load_record(sessions[0].writer.text())[0]
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert not progress.job.running


def test_a_row_opens_its_review_by_gamepad_and_b_cancels(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviewing, "GUESSES", 10**6)  # a review that would take hours
    sessions = kept(app, 1, 2)
    scene = open_recent(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    assert progress.source.record == load_record(sessions[1].writer.text())[0]  # the newest
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top is scene and not progress.job.running
    assert progress.job.result is None
    monkeypatch.setattr(reviewing, "GUESSES", GUESSES)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    finish_review(app)


def test_a_finger_drags_the_list_and_a_tap_opens_a_review(app: App) -> None:
    from tests.platform.helpers import finger as touch

    def finger(app: App, kind: int, pos: tuple[int, int]) -> None:
        touch(app, kind, pos)
        frames(app)

    sessions = kept(app, *range(1, 9))
    scene = open_recent(app)
    start = scene.row_rect(3).center
    finger(app, pygame.FINGERDOWN, start)
    for step in range(1, 11):
        finger(app, pygame.FINGERMOTION, (start[0], start[1] - 12 * step))
    finger(app, pygame.FINGERUP, (start[0], start[1] - 120))
    frames(app, 5)
    assert app.top is scene, "a drag scrolls and opens nothing"
    assert scene.scroll > 60
    shown = [i for i in range(8) if scene.view.contains(scene.row_rect(i))]
    assert 0 not in shown  # scrolled past the newest
    index = shown[-1]
    finger(app, pygame.FINGERDOWN, scene.review_rect(index).center)
    finger(app, pygame.FINGERUP, scene.review_rect(index).center)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    newest_first = sessions[::-1]
    assert progress.source.record == load_record(newest_first[index].writer.text())[0]


def test_replay_shows_a_kept_match_on_the_table_and_back_returns(app: App) -> None:
    sessions = kept(app, 1, 2)
    scene = open_recent(app)
    click(app, scene.replay_rect(1).center)  # the older match's Replay button, by mouse
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.record == load_record(sessions[0].writer.text())[0]
    frames(app, 20)
    click(app, replay.buttons["back"].rect.center)
    assert app.top is scene
    key(app, pygame.K_DOWN)  # by keyboard: the first row's Review, then its Replay
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.record == load_record(sessions[1].writer.text())[0]
    key(app, pygame.K_ESCAPE)  # Esc goes back (the command line's replay closes instead)
    assert app.top is scene and app.running
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # by gamepad: down to the second row
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.top, ReplayScene)  # the focus stayed on Replay
    assert app.top.record == load_record(sessions[0].writer.text())[0]
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top is scene


def test_the_keys_strip_names_what_enter_does_on_the_focus(app: App) -> None:
    kept(app, 1, 2)
    scene = open_recent(app)

    def strip() -> list[str]:
        with typeset.text_audit() as audit:
            frames(app)
        return audit.drawn

    key(app, pygame.K_DOWN)  # the first row's Review
    assert ("activate", "Review") in scene.hints()
    assert "Review" in strip() and "Replay" in strip()  # (the buttons say both)
    key(app, pygame.K_RIGHT)  # its Replay
    assert ("activate", "Replay") in scene.hints()
    assert ("activate", "Review") not in scene.hints()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # on to Back: Enter goes back, said once
    assert scene.focus_rect() == scene.back_button.rect
    assert scene.hints() == [("move", "Choose"), ("activate", "Back")]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


def test_many_rows_scroll_to_the_focused_one(app: App) -> None:
    kept(app, *range(1, 9))
    scene = open_recent(app)
    assert scene.max_scroll > 0
    for _ in range(8):  # the first press shows the focus on the first row
        key(app, pygame.K_DOWN)
    assert scene.focused_index() == 7
    frames(app, 30)
    assert scene.view.contains(scene.row_rect(7))
    post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0, touch=False)
    frames(app, 30)
    assert scene.scroll == 0


def test_a_damaged_entry_is_left_out_with_a_notice(app: App, tmp_path: Path) -> None:
    sessions = kept(app, 1, 2, 3)
    (tmp_path / "recent" / f"{sessions[1].match_id}.json").write_text("[1, 2", encoding="utf-8")
    scene = open_recent(app)
    assert [item.match for item in scene.items] == [sessions[2].match_id, sessions[0].match_id]
    assert any("A recent match could not be read" in toast.message for toast in app.notices)


def test_statistics_lead_to_recent_matches(app: App) -> None:
    app.reset(MenuScene(app), StatisticsScene(app))
    frames(app, 20)
    click(app, app.top.recent_button.rect.center)  # type: ignore[union-attr]
    assert isinstance(app.top, RecentScene)


def watched_to_the_end(
    app: App, seed: int, kinds: list[str | None] | None = None, rules: Rules = RULES
) -> Session:
    """A match played to its end while the game's saves watch it (so it is kept)."""
    assert app.keeper is not None
    kinds = kinds or [None, "easy", "easy"]
    humans = sum(kind is None for kind in kinds)
    config = MatchConfig(len(kinds), rules, "easy", seed, humans=humans)
    session = Session(config, inline=True, kinds=kinds)
    app.keeper.watch(session)
    session.play_out([make_seat("greedy", seed * 10 + n) for n in range(len(kinds))])
    return session


def match_end(app: App, session: Session) -> MatchEndScene:
    scene = MatchEndScene(app, session)
    app.reset(MenuScene(app), scene)
    frames(app, 30)
    return scene


def press_review(app: App, scene: MatchEndScene) -> None:
    button = next(b for b in scene.buttons if b.label == "Review")
    click(app, button.rect.center)


def test_match_end_review_progress_then_the_review_table(app: App) -> None:
    session = watched_to_the_end(app, 4)
    end = match_end(app, session)
    press_review(app, end)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    with typeset.text_audit() as audit:
        progress.draw(app.screen)  # drawn as it is, whatever the worker has done by now
    assert "Match review" in audit.drawn and "Cancel" in audit.drawn
    table = finish_review(app)
    assert table.record == load_record(session.writer.text())[0]
    assert table.review.seat == 0
    assert table.review.decisions
    assert progress.job.done == progress.job.total == len(table.review.decisions)
    click(app, table.buttons["back"].rect.center)  # Back: the match end again
    assert app.top is end
    press_review(app, end)  # kept beside the match: at once
    assert isinstance(app.top, ReviewTableScene)


def test_match_end_review_timeline_a_mistake_shown_and_back(app: App) -> None:
    """The whole way a person takes: the match end, Review, the timeline, a mistake on the
    table with the better move lifted and lit and said in words, the next mistake, Back."""
    from game.rules import Play
    from game.view.review import MISTAKES

    session = watched_to_the_end(app, 4)
    end = match_end(app, session)
    press_review(app, end)
    table = finish_review(app)
    frames(app, 20)
    decisions = table.review.decisions
    assert len(table.timeline.marks) == len(decisions)  # one mark per decision
    assert [table.timeline.decisions[m.index][1] for m in table.timeline.marks] == [
        d.label for d in decisions
    ]
    mistakes = [i for i, d in enumerate(decisions) if d.label in MISTAKES]
    assert mistakes, "a greedy player's match has something to learn from"
    assert table.index == mistakes[0]  # the review opens on the first mistake
    for index in mistakes[:3]:
        assert table.index == index
        decision = decisions[index]
        state = table.states[index]
        assert sorted(table.view.tray.tiles) == sorted(state.hand(0))  # as the person saw it
        if isinstance(decision.best, Play):
            assert table.view.hint_tile == decision.best.tile
            assert table.view.hint_train == decision.best.train
            assert str(decision.best.tile) in table.sentence()
        assert re.search(r"about \d+ points? better\.( A close call: .*)?$", table.sentence())
        key(app, pygame.K_TAB)  # the next mistake
        frames(app, 10)
    key(app, pygame.K_ESCAPE)  # Back: the match end again
    assert app.top is end


def test_cancel_stops_the_worker_and_returns_to_the_match_end(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviewing, "GUESSES", 10**6)  # a review that would take hours ...
    # ... of a double-12 round (a double-6 match's few decisions settle in milliseconds even
    # so, and a loaded machine could finish that review before the click)
    full_size = Rules.standard().with_options(rounds=1)
    end = match_end(app, watched_to_the_end(app, 5, rules=full_size))
    press_review(app, end)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    frames(app, 3)
    click(app, progress.buttons[0].rect.center)
    assert app.top is end
    assert not progress.job.running
    assert progress.job.result is None


def test_pass_and_play_asks_whose_decisions(app: App) -> None:
    session = watched_to_the_end(app, 6, [None, None, "easy"])
    end = match_end(app, session)
    press_review(app, end)
    ask = app.top
    assert isinstance(ask, WhoScene)
    frames(app, 20)
    second = next(b for b in ask.buttons if b.label == session.names[1])
    click(app, second.rect.center)
    assert finish_review(app).review.seat == 1


def test_the_workers_review_equals_the_review_run_here() -> None:
    session = finished(7)
    text = session.writer.text()
    job = ReviewJob(text, 0, 5)
    job.wait()
    assert job.error is None and job.result is not None
    here = review(load_record(text)[0], 0, 5)
    assert json.dumps(review_json(job.result)) == json.dumps(review_json(here))
    assert job.result == here


def test_a_worker_that_fails_says_so_and_back_returns(app: App) -> None:
    end = match_end(app, watched_to_the_end(app, 8))
    source = reviewing.ReviewSource(
        load_record(end.session.writer.text())[0], "not a record\n", 0, "a match"
    )
    reviewing.open_review(app, source)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    progress.job.wait()
    with typeset.text_audit() as audit:
        frames(app)
    assert any(text.startswith("The review could not run") for text in audit.drawn)
    assert progress.buttons[0].label == "Back"
    click(app, progress.buttons[0].rect.center)
    assert app.top is end


def test_a_worker_that_dies_is_said_and_back_returns(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviewing, "GUESSES", 10**6)  # a review that would take hours
    end = match_end(app, watched_to_the_end(app, 9))
    press_review(app, end)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    worker = progress.job._process
    assert worker is not None
    assert progress.job._conn.poll(None)  # its first word has come (a blocking read)
    assert not progress.job.poll() and progress.job.started
    worker.kill()  # as if the system ended it, midway
    worker.join()
    frames(app)
    assert progress.job.error == "the review stopped before its end"
    assert app.top is progress and progress.buttons[0].label == "Back"
    key(app, pygame.K_ESCAPE)
    assert app.top is end

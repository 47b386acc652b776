"""A review whose worker never started says so: "could not start", with the reason, never
that the review stopped before its end; Back returns to where the review was asked for."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.app import App
from game.match import review_worker
from game.rules.record import load_record
from game.scenes.kit.base import Scene
from game.scenes.review import reviewing
from game.scenes.review.reviewing import ReviewingScene
from game.store.home import Store
from game.view import typeset

from .driver import click, frames
from .test_recent_review import finished


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


def _die_at_once(conn: object, text: str, seat: int, guesses: int) -> None:
    """A worker that ends before its first message (as one that cannot import would)."""
    os._exit(3)


def open_progress(app: App) -> tuple[Scene, ReviewingScene]:
    under = Scene(app)
    app.push(under)
    text = finished(3).writer.text()
    source = reviewing.ReviewSource(load_record(text)[0], text, 0, "a match")
    reviewing.open_review(app, source)
    progress = app.top
    assert isinstance(progress, ReviewingScene)
    return under, progress


def shown(app: App) -> list[str]:
    with typeset.text_audit() as audit:
        frames(app)
    return audit.drawn


def test_a_review_whose_worker_cannot_be_spawned_says_it_could_not_start(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_process(process: object) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(review_worker, "start_without_main", no_process)
    under, progress = open_progress(app)
    drawn = shown(app)
    said = [text for text in drawn if text.startswith("The review could")]
    assert said == ["The review could not start ([Errno 11] Resource temporarily unavailable)."]
    assert not any("stopped before its end" in text for text in drawn)
    assert progress.buttons[0].label == "Back"
    click(app, progress.buttons[0].rect.center)
    assert app.top is under


def test_a_review_whose_worker_ends_before_its_first_word_says_it_could_not_start(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_worker, "_worker", _die_at_once)
    under, progress = open_progress(app)
    progress.job.wait()
    drawn = shown(app)
    said = [text for text in drawn if text.startswith("The review could")]
    assert said == ["The review could not start (its process ended with exit code 3)."]
    assert not progress.job.started
    assert not any("stopped before its end" in text for text in drawn)
    click(app, progress.buttons[0].rect.center)
    assert app.top is under

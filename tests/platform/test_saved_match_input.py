"""The saved match's question ("Resume it" / "Start a new one") by every input: a mouse, a
finger, the keyboard's focus with Enter and Esc, a gamepad's focus with A and B.

Each starts from a match left for the menu (tests/ui/test_saved_match_question.py) and asks
through Practice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.kit.question import SavedMatchQuestion
from game.scenes.pages.menu import MenuScene
from tests.ui.driver import click
from tests.ui.test_lesson_table import menu_button
from tests.ui.test_saved_match_question import left_match, on_the_table, session_on_top

from .helpers import finger, frames, key, pad_button

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
UP = pygame.CONTROLLER_BUTTON_DPAD_UP
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "home"
    i18n.set_language("en")


def move_focus(app: App, wanted: str, step: Callable[[], None]) -> None:
    """Move the focus with ``step`` until it rests on the button labelled ``wanted``."""
    scene = app.top
    assert scene is not None
    for _ in range(40):
        if scene.nav.key == ("button", wanted):
            return
        step()
    raise AssertionError(f"the focus never reached {wanted!r} (at {scene.nav.key!r})")


def tap(app: App, label: str) -> None:
    center = menu_button(app, label).rect.center
    finger(app, pygame.FINGERDOWN, center)
    frames(app)
    finger(app, pygame.FINGERUP, center)
    frames(app)


def test_by_mouse_start_a_new_one_deals_a_practice_match(home: Path) -> None:
    app, saved = left_match(home)
    try:
        click(app, menu_button(app, "Practice").rect.center)
        assert isinstance(app.top, SavedMatchQuestion)
        click(app, menu_button(app, "Start a new one").rect.center)
        session = session_on_top(app)
        assert session.match_id != saved and session.config.practice
    finally:
        app.close()


def test_by_touch_the_question_is_answered_with_a_tap(home: Path) -> None:
    app, saved = left_match(home)
    try:
        tap(app, "Practice")
        assert isinstance(app.top, SavedMatchQuestion)
        tap(app, "Resume it")
        assert on_the_table(app).session.match_id == saved
    finally:
        app.close()


def test_by_keyboard_the_focus_and_enter_answer_and_esc_backs_out(home: Path) -> None:
    app, saved = left_match(home)
    try:
        menu = app.top
        assert isinstance(menu, MenuScene)
        move_focus(app, "Practice", lambda: key(app, pygame.K_TAB))
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, SavedMatchQuestion), "Enter on Practice asks first"
        key(app, pygame.K_ESCAPE)
        assert app.top is menu, "Esc backs out"
        assert app.keeper is not None and app.keeper.resumable
        move_focus(app, "Practice", lambda: key(app, pygame.K_TAB))
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, SavedMatchQuestion)
        move_focus(app, "Start a new one", lambda: key(app, pygame.K_TAB))
        key(app, pygame.K_RETURN)
        session = session_on_top(app)
        assert session.match_id != saved and session.config.practice
    finally:
        app.close()


def test_by_gamepad_a_answers_and_b_backs_out(home: Path) -> None:
    app, saved = left_match(home)
    try:
        menu = app.top
        assert isinstance(menu, MenuScene)

        def along() -> None:
            """Up to Resume game at the top, then right to Practice (beside Quick play)."""
            pad_button(app, RIGHT if menu.nav.key == ("button", "Resume game") else UP)

        move_focus(app, "Practice", along)
        pad_button(app, A)
        assert isinstance(app.top, SavedMatchQuestion), "A on Practice asks first"
        pad_button(app, B)
        assert app.top is menu, "B backs out"
        assert app.keeper is not None and app.keeper.resumable
        move_focus(app, "Practice", along)
        pad_button(app, A)
        assert isinstance(app.top, SavedMatchQuestion)
        move_focus(app, "Resume it", lambda: pad_button(app, UP))
        pad_button(app, A)
        assert on_the_table(app).session.match_id == saved
    finally:
        app.close()

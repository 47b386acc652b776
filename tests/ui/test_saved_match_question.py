"""A saved match is never thrown away without asking: every way into a new match asks first.

Quick play, four turns, Leave the match: the menu offers Resume game. Quick play, Practice,
Custom table's Start, a Ladder level and the Daily table then ask "Resume it" or "Start a new
one"; backing out (Esc, the pad's B) changes nothing. Learn to play keeps no save of its own
and leaves the saved match as it was, so it asks nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.match.session import Session
from game.rules import Play
from game.scenes.kit.question import SavedMatchQuestion
from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.daily import DailyScene
from game.scenes.pages.ladder import LadderScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.lesson import LessonOfferScene, LessonScene
from game.scenes.play.pause import PauseScene
from game.scenes.play.table import TableScene
from game.store.home import Store
from game.view import typeset
from tests.platform.helpers import key

from .driver import click, frames, new_app, run_until
from .test_lesson_table import menu_button, stored_app


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "home"
    i18n.set_language("en")


def on_the_table(app: App) -> TableScene:
    """Past the deal (skipped), the table on top; the table."""
    run_until(app, lambda: isinstance(app.top, DealScene | TableScene), limit=60 * 10)
    deal = app.top
    if isinstance(deal, DealScene):
        deal.skip()
    run_until(app, lambda: isinstance(app.top, TableScene), limit=60 * 30)
    table = app.top
    assert isinstance(table, TableScene)
    return table


def settled(table: TableScene) -> Callable[[], bool]:
    """True once it is the person's move again, or the round is over."""
    return lambda: table.ready or table.state.phase != "play"


def left_match(home: Path) -> tuple[App, str]:
    """The game at its menu after Quick play, four of the person's turns and Leave the match;
    the left match's id. Quick play deals at random: a deal where a computer seat goes out
    within those turns (its first-turn line can lay most of its hand) is played again."""
    for attempt in range(5):
        app = stored_app(home / str(attempt))
        if isinstance(app.top, LessonOfferScene):
            click(app, menu_button(app, "Not now").rect.center)
        click(app, menu_button(app, "Quick play").rect.center)
        table = on_the_table(app)
        session = table.session
        for _turn in range(4):
            run_until(app, settled(table))
            if table.state.phase != "play":
                break
            legal = table.state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            table._apply(plays[0] if plays else legal[0])
            frames(app, 2)
        run_until(app, settled(table))
        if table.ready:
            break
        app.close()  # the round ended: another deal
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, menu_button(app, "Leave the match").rect.center)
    frames(app, 3)
    assert isinstance(app.top, MenuScene)
    assert app.keeper is not None and app.keeper.resumable
    menu_button(app, "Resume game")  # the menu offers it
    return app, session.match_id


def session_on_top(app: App) -> Session:
    top = app.top
    session = getattr(top, "session", None)
    assert isinstance(session, Session), f"no match on {type(top).__name__}"
    return session


# Each way into a new match from the menu: what it clicks, and what the new match must be.
def by_quick_play(app: App) -> None:
    click(app, menu_button(app, "Quick play").rect.center)


def by_practice(app: App) -> None:
    click(app, menu_button(app, "Practice").rect.center)


def by_custom_table(app: App) -> None:
    click(app, menu_button(app, "Custom table").rect.center)
    frames(app, 3)
    assert isinstance(app.top, CustomTableScene)
    click(app, menu_button(app, "Start").rect.center)


def by_ladder(app: App) -> None:
    click(app, menu_button(app, "Ladder").rect.center)
    frames(app, 20)
    ladder = app.top
    assert isinstance(ladder, LadderScene)
    click(app, ladder.card_rect(ladder.default_index()).center)


def by_daily_table(app: App) -> None:
    click(app, menu_button(app, "Daily table").rect.center)
    frames(app, 3)
    assert isinstance(app.top, DailyScene)
    click(app, menu_button(app, "Play").rect.center)


WAYS: dict[str, tuple[Callable[[App], None], Callable[[Session], bool]]] = {
    "quick play": (by_quick_play, lambda s: s.config.mode != "custom" and not s.config.practice),
    "practice": (by_practice, lambda s: s.config.practice),
    "custom table": (by_custom_table, lambda s: s.config.mode == "custom"),
    "ladder": (by_ladder, lambda s: s.config.level is not None),
    "daily table": (by_daily_table, lambda s: s.daily is not None),
}


def asked(app: App, way: Callable[[App], None]) -> SavedMatchQuestion:
    way(app)
    frames(app, 3)
    question = app.top
    assert isinstance(question, SavedMatchQuestion), "asked before the saved match is replaced"
    return question


@pytest.mark.parametrize("way", list(WAYS))
def test_a_new_match_asks_first_and_resume_it_brings_back_the_saved_match(
    home: Path, way: str
) -> None:
    app, saved = left_match(home)
    try:
        asked(app, WAYS[way][0])
        click(app, menu_button(app, "Resume it").rect.center)
        frames(app, 3)
        assert on_the_table(app).session.match_id == saved, "the same match on the table"
    finally:
        app.close()


@pytest.mark.parametrize("way", list(WAYS))
def test_a_new_match_asks_first_and_start_a_new_one_deals_it(home: Path, way: str) -> None:
    app, saved = left_match(home)
    try:
        start, chosen = WAYS[way]
        asked(app, start)
        click(app, menu_button(app, "Start a new one").rect.center)
        frames(app, 3)
        session = session_on_top(app)
        assert session.match_id != saved, "a new match dealt"
        assert chosen(session), "the match that was chosen"
        on_the_table(app)
    finally:
        app.close()


@pytest.mark.parametrize("way", list(WAYS))
def test_backing_out_of_the_question_keeps_the_saved_match(home: Path, way: str) -> None:
    app, saved = left_match(home)
    try:
        under = asked(app, WAYS[way][0])
        below = app.stack[-2]
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.top is below and under not in app.stack, "back where the player was"
        assert app.keeper is not None and app.keeper.resumable
        app.reset(MenuScene(app))
        frames(app, 5)
        click(app, menu_button(app, "Resume game").rect.center)
        assert on_the_table(app).session.match_id == saved
    finally:
        app.close()


def test_learn_to_play_leaves_the_saved_match_as_it_was(home: Path) -> None:
    app, saved = left_match(home)
    try:
        click(app, menu_button(app, "Learn to play").rect.center)
        run_until(app, lambda: isinstance(app.top, LessonScene), limit=60 * 30)
        lesson_scene = app.top
        assert isinstance(lesson_scene, LessonScene), "the lesson, no question"
        run_until(app, lesson_scene.awaits_learner, limit=60 * 60)
        key(app, pygame.K_ESCAPE)
        click(app, menu_button(app, "Leave the match").rect.center)
        frames(app, 3)
        assert isinstance(app.top, MenuScene)
        assert app.store is not None
        saved_game = Store(app.store.home).load_game()
        assert saved_game is not None and saved_game.meta.get("match") == saved, "kept on disk"
        click(app, menu_button(app, "Resume game").rect.center)
        assert on_the_table(app).session.match_id == saved
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)], ids=["640x480", "1280x720"])
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_question_fits_its_box_in_every_language(code: str, size: tuple[int, int]) -> None:
    i18n.set_language(code)
    app = new_app(size)
    try:
        app.reset(MenuScene(app), SavedMatchQuestion(app, lambda: None))
        frames(app, 40)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        words = [i18n._(text) for text in (SavedMatchQuestion.title, "Resume it")]
        assert all(text in audit.drawn for text in words), "the question in its language"
        assert not audit.issues, "\n".join(str(issue) for issue in audit.issues)
        if code != "en":
            english = {SavedMatchQuestion.title, SavedMatchQuestion.words, "Start a new one"}
            assert not english & set(audit.drawn), "no English left"
    finally:
        app.close()
        i18n.set_language("en")

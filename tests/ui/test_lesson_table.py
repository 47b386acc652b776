"""Learn to play: the guided first game played through by synthetic input, step by step.

Each step's target must be lit (the tile lifted, only its train lit) and the step must go on
only when its move is made; a move the rules allow but the step does not ask for changes
nothing and is answered with a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App, open_app
from game.levels import lesson
from game.rules import DRAW, PASS, Play
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.rules_page import RulesScene
from game.scenes.play.deal import DealScene
from game.scenes.play.lesson import (
    STEP_KEYS,
    LessonDoneScene,
    LessonOfferScene,
    LessonScene,
    LessonSummaryScene,
    lesson_table,
)
from game.scenes.play.pause import PauseScene
from game.store.home import Store
from game.view import controls
from tests.platform.helpers import key, pad_button

from .driver import click, drag, frames, new_app, run_until

A = pygame.CONTROLLER_BUTTON_A
X = pygame.CONTROLLER_BUTTON_X
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


@pytest.fixture
def app() -> Iterator[App]:
    app = new_app((960, 600))
    yield app
    app.close()
    i18n.set_language("en")


def start(app: App, key_: str | None = None) -> LessonScene:
    session, index = lesson_table(key_)
    scene = LessonScene(app, session, index)
    app.push(scene)
    return scene


def menu_button(app: App, label: str) -> controls.Button:
    top = app.top
    buttons = getattr(top, "buttons", [])
    found = [b for b in buttons if b.label == label]
    assert found, f"no {label!r} button on {type(top).__name__}"
    return found[0]


def open_from_menu(app: App) -> LessonScene:
    """Menu, then its Learn to play button (the deal is shown first, then the guided table)."""
    if not isinstance(app.top, MenuScene):
        app.push(MenuScene(app))
    frames(app, 8)
    click(app, menu_button(app, i18n._("Learn to play")).rect.center)
    run_until(app, lambda: isinstance(app.top, LessonScene), limit=60 * 30)
    scene = app.top
    assert isinstance(scene, LessonScene)
    return scene


def waiting_for_the_person(app: App, scene: LessonScene) -> bool:
    """The guide is waiting: a page to read, or the person's move with the table still."""
    return scene.awaits_learner()


def focus_on(app: App, scene: LessonScene, wanted: object, step: Callable[[], None]) -> None:
    for _ in range(60):
        if scene.nav.key == wanted:
            return
        step()
    raise AssertionError(f"the focus never reached {wanted!r} (at {scene.nav.key!r})")


def by_mouse(app: App, scene: LessonScene, wanted: object) -> None:
    if isinstance(wanted, Play):
        rect = scene.tile_rect(wanted.tile)
        assert rect is not None
        drag(app, rect.center, scene.train_target(wanted.train).center)
    elif wanted == DRAW:
        click(app, scene.buttons["draw"].rect.center)
    else:  # a page: the guide's button
        click(app, scene.next_button.rect.center)


def by_keyboard(app: App, scene: LessonScene, wanted: object) -> None:
    if isinstance(wanted, Play):
        focus_on(app, scene, ("tile", wanted.tile), lambda: key(app, pygame.K_TAB))
        key(app, pygame.K_RETURN)
        assert scene.selected == wanted.tile
        focus_on(app, scene, ("train", wanted.train), lambda: key(app, pygame.K_TAB))
        key(app, pygame.K_RETURN)
    elif wanted == DRAW:
        key(app, pygame.K_d)
    else:
        key(app, pygame.K_RETURN)


def by_gamepad(app: App, scene: LessonScene, wanted: object) -> None:
    if isinstance(wanted, Play):
        focus_on(app, scene, ("tile", wanted.tile), lambda: pad_button(app, RB))
        pad_button(app, A)
        focus_on(app, scene, ("train", wanted.train), lambda: pad_button(app, RB))
        pad_button(app, A)
    elif wanted == DRAW:
        pad_button(app, X)
    else:
        pad_button(app, A)


Act = Callable[[App, LessonScene, object], None]


def play_through(app: App, scene: LessonScene, act: Act) -> list[str]:
    """Every step in order by ``act``; the step keys seen."""
    seen: list[str] = []
    while not scene.finished:
        run_until(app, lambda: waiting_for_the_person(app, scene), limit=60 * 60)
        step = scene.step
        if not seen or seen[-1] != step.key:
            seen.append(step.key)
        top = app.stack[-1]
        if isinstance(top, LessonSummaryScene):
            assert step.key == "scoring"
            if act is by_mouse:
                click(app, top.button.rect.center)
            elif act is by_keyboard:
                key(app, pygame.K_RETURN)
            else:
                pad_button(app, A)
            frames(app, 2)
            continue
        wanted = scene.expected()
        before = (scene.step_index, scene.move_index)
        if step.page:
            assert scene.legal() == [], "a page asks for no move"
        elif isinstance(wanted, Play):
            # the guide points: the tile lifts and only its train lights
            assert scene.view.hint_tile == wanted.tile and scene.view.hint_train == wanted.train
            assert scene.targets_for(wanted.tile) == {wanted.train}
        elif wanted == DRAW:
            assert scene.buttons["draw"].pulse
        else:
            raise AssertionError(f"the guide waits for the learner at {wanted!r}")
        frames(app, 30)  # nothing moves on without the learner
        assert (scene.step_index, scene.move_index) == before
        act(app, scene, wanted)
        run_until(
            app, lambda was=before: (scene.step_index, scene.move_index) != was or scene.finished
        )
    return seen


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_lesson_plays_through_by_mouse(app: App, code: str) -> None:
    i18n.set_language(code)
    scene = open_from_menu(app)
    assert play_through(app, scene, by_mouse) == [step.key for step in lesson.STEPS]
    # the end has a word, over the menu, and the next step: Practice
    done = app.stack[-1]
    assert isinstance(done, LessonDoneScene) and isinstance(app.stack[-2], MenuScene)
    frames(app, 20)
    click(app, done.buttons[0].rect.center)  # Practice
    run_until(app, lambda: isinstance(app.top, DealScene), limit=60 * 5)
    deal = app.top
    assert isinstance(deal, DealScene) and deal.session.config.practice


@pytest.mark.parametrize("act", [by_keyboard, by_gamepad], ids=["keyboard", "gamepad"])
def test_the_lesson_plays_through_by_keyboard_and_by_gamepad(app: App, act: Act) -> None:
    scene = open_from_menu(app)
    assert play_through(app, scene, act) == [step.key for step in lesson.STEPS]
    assert isinstance(app.stack[-1], LessonDoneScene)
    key(app, pygame.K_ESCAPE)  # back out: the menu
    assert isinstance(app.top, MenuScene)
    assert isinstance(app.stack[-1], MenuScene)


def test_the_table_passes_by_itself_after_a_drawn_tile_that_does_not_fit(app: App) -> None:
    """As in any match: no Pass button of the lesson's own, the marker goes down by itself."""
    scene = start(app, "draw")
    run_until(app, lambda: waiting_for_the_person(app, scene))
    by_mouse(app, scene, DRAW)
    run_until(app, lambda: scene.state.drawn_tile is not None and scene.ready)
    assert scene.legal() == [PASS] and not scene.next_button.visible, "no Pass button"
    run_until(app, lambda: scene.step.key == "pass_and_marker", limit=60 * 5)
    assert scene.state.markers[lesson.PERSON], "the table passed: the marker is out"


def test_the_guide_never_runs_ahead_of_the_table(app: App) -> None:
    """While Ana and Ben play, the card says to watch; the step's words come once the table
    shows what they speak of (Ana's marker out, the person to move)."""
    scene = start(app, "pass_and_marker")
    run_until(app, lambda: waiting_for_the_person(app, scene))
    state = scene.state
    assert state.current == lesson.ANA and scene.caught_up()
    frames(app, 120)
    assert state.current == lesson.ANA, "the computers wait while the learner reads the page"
    by_mouse(app, scene, None)  # Next
    seen: list[tuple[int, bool, str]] = []
    for _ in range(60 * 20):
        frames(app)
        seen.append((state.current, state.markers[lesson.ANA], scene.guide_text()))
        if scene.step.key == "marked_train" and scene.ready:
            break
    own_words = i18n._(lesson.STEPS[STEP_KEYS.index("marked_train")].text)
    told = [(seat, marked) for seat, marked, words in seen if words == own_words]
    assert told and all(seat == lesson.PERSON and marked for seat, marked in told), (
        "the step's words came only once Ana was marked and the person was to move"
    )
    assert any(seat != lesson.PERSON for seat, _, _ in seen), "Ana and Ben played meanwhile"


def test_a_drawn_tile_that_fits_is_played_and_the_last_double_goes_out(app: App) -> None:
    scene = start(app, "draw_fits")
    run_until(app, lambda: waiting_for_the_person(app, scene))
    by_mouse(app, scene, DRAW)
    run_until(app, lambda: scene.step.key == "play_drawn" and waiting_for_the_person(app, scene))
    state = scene.state
    drawn = state.drawn_tile
    assert drawn is not None and scene.legal() == [Play(drawn, lesson.PERSON)]
    by_mouse(app, scene, scene.expected())
    run_until(app, lambda: scene.step.key == "go_out" and waiting_for_the_person(app, scene))
    (last,) = state.hand(lesson.PERSON)
    assert last.is_double
    by_mouse(app, scene, scene.expected())
    run_until(app, lambda: isinstance(app.top, LessonSummaryScene), limit=60 * 10)
    result = state.round_result()
    assert result is not None and result.reason == "out" and result.winners == (lesson.PERSON,)
    assert state.must_satisfy is None, "a double that goes out obliges nobody"


@pytest.mark.parametrize(
    ("step", "tile", "train"),
    [
        ("match_numbers", (0, 2), lesson.PERSON),  # 2|0 fits the 2 too; the step wants 2|4
        ("marked_train", (1, 5), lesson.PERSON),  # 5|1 on the person's own train
        ("play_double", (1, 5), lesson.PERSON),  # 5|1 instead of the double 5|5
    ],
)
def test_an_off_script_move_changes_nothing_and_gets_a_sentence(
    app: App, step: str, tile: tuple[int, int], train: int
) -> None:
    scene = start(app, step)
    run_until(app, lambda: waiting_for_the_person(app, scene))
    state = scene.state
    other = next(t for t in state.hand(lesson.PERSON) if t == tile)
    assert state.check(Play(other, train)) is None, "the rules would allow it"
    hand, trains = state.hand(lesson.PERSON), [state.train(t) for t in range(4)]
    rect = scene.tile_rect(other)
    assert rect is not None
    drag(app, rect.center, scene.train_target(train).center)
    frames(app, 2)
    assert state.hand(lesson.PERSON) == hand and [state.train(t) for t in range(4)] == trains
    assert scene.step.key == step
    toast = scene.view.toast
    wanted = scene.expected()
    assert isinstance(wanted, Play)
    laid = scene._as_laid(wanted)  # as the guide writes it: the joining number first
    assert laid in toast.message if toast is not None else False
    assert toast is not None and "Good idea" in toast.message
    assert laid in i18n._(scene.step.text), "the sentence names the tile as the guide does"


def stored_app(folder: Path) -> App:
    """The game as ``python main.py`` starts it: a data folder, the menu."""
    app = open_app((960, 600), Store(folder))
    app.inline_seats = True
    app.settings.opponent_pace = "fast"
    frames(app, 10)
    return app


def test_a_fresh_data_folder_offers_the_lesson_once(tmp_path: Path) -> None:
    app = stored_app(tmp_path / "home")
    try:
        assert isinstance(app.top, LessonOfferScene), "the very first start offers the lesson"
        click(app, menu_button(app, "Not now").rect.center)
        frames(app, 2)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()
    again = stored_app(tmp_path / "home")
    try:
        assert isinstance(again.top, MenuScene), "declined once: not offered again"
        assert Store(tmp_path / "home").load_progress().lesson == "declined"
    finally:
        again.close()


def test_a_finished_lesson_is_not_offered_again_and_can_be_replayed(tmp_path: Path) -> None:
    app = stored_app(tmp_path / "home")
    try:
        assert isinstance(app.top, LessonOfferScene)
        click(app, menu_button(app, "Learn to play").rect.center)
        run_until(app, lambda: isinstance(app.top, LessonScene), limit=60 * 30)
        scene = app.top
        assert isinstance(scene, LessonScene)
        play_through(app, scene, by_mouse)
        assert Store(tmp_path / "home").load_progress().lesson == "finished"
    finally:
        app.close()
    again = stored_app(tmp_path / "home")
    try:
        assert isinstance(again.top, MenuScene), "finished: not offered again"
        scene = open_from_menu(again)
        assert scene.step.key == lesson.STEPS[0].key, "played again from its start"
    finally:
        again.close()


def test_leaving_the_lesson_and_coming_back_returns_to_the_same_step(tmp_path: Path) -> None:
    app = stored_app(tmp_path / "home")
    try:
        click(app, menu_button(app, "Not now").rect.center)
        scene = open_from_menu(app)
        while scene.step.key != "marked_train":
            run_until(app, lambda: waiting_for_the_person(app, scene), limit=60 * 60)
            by_mouse(app, scene, scene.expected())
            frames(app, 2)
        run_until(app, lambda: waiting_for_the_person(app, scene), limit=60 * 60)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        click(app, menu_button(app, "Leave the match").rect.center)
        frames(app, 3)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()
    again = stored_app(tmp_path / "home")
    try:
        scene = open_from_menu(again)
        assert scene.step.key == "marked_train"
        fresh, _index = lesson_table("marked_train")
        for seat in range(lesson.PLAYERS):
            assert scene.state.hand(seat) == fresh.state.hand(seat)
        assert scene.state.current == lesson.PERSON
    finally:
        again.close()


def test_the_rules_page_from_the_menu_offers_the_lesson() -> None:
    app = new_app((640, 480))
    try:
        app.push(MenuScene(app))
        frames(app, 8)
        click(app, menu_button(app, "How to play").rect.center)
        frames(app, 3)
        assert isinstance(app.top, RulesScene)
        click(app, menu_button(app, "Learn to play").rect.center)
        run_until(app, lambda: isinstance(app.top, LessonScene), limit=60 * 30)
    finally:
        app.close()

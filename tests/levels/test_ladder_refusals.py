"""A level file that could not be loaded is not silently missing: the ladder names it, with
its reason, in a notice after the last level, which mouse, touch, keyboard and gamepad reach
and leave as they do the levels. The levels after a missing one stay reachable."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.levels import CLEARED, LOCKED, OPEN, default_levels_dir, ladder_state, load_levels
from game.scenes.kit import level_card, progress
from game.scenes.pages.ladder import LadderScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.store.home import Progress
from game.view import typeset
from tests.ui.driver import frames, new_app, post

from .test_bad_levels import GOOD

NUL_NAME = GOOD.replace('name = "Good Table"', 'name = "Good\\u0000Table"')
NUL_REASON = "broken.toml: name: holds U+0000, a control character, which cannot be shown"


@pytest.fixture
def broken_ladder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The shipped levels with a broken file beside them, as the game's levels folder."""
    folder = tmp_path / "levels"
    shutil.copytree(default_levels_dir(), folder)
    (folder / "broken.toml").write_text(NUL_NAME, encoding="utf-8")
    monkeypatch.setenv("MEXICAN_TRAIN_LEVELS", str(folder))
    progress.forget_ladder()
    yield folder
    progress.forget_ladder()  # the next test reads the shipped folder again


def _open(app: App) -> LadderScene:
    app.push(MenuScene(app))
    ladder = LadderScene(app)
    app.push(ladder)
    frames(app, 30)
    return ladder


def _key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    frames(app)


def _pad(app: App, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=button)
    frames(app)
    post(pygame.CONTROLLERBUTTONUP, instance_id=7, button=button)
    frames(app)


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_the_ladder_names_a_refused_file_and_why(
    broken_ladder: Path, size: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    app = new_app(size)
    try:
        ladder = _open(app)
        assert len(ladder.entries) == 14, "the good levels all still load"
        assert [str(e) for e in ladder.refusals] == [NUL_REASON]
        assert ladder.notice_index == len(ladder.entries) == ladder.rows - 1
        ladder.scroll_to(ladder.max_scroll, instant=True)
        frames(app, 2)
        notice = ladder.card_rect(len(ladder.entries))
        assert ladder.view.contains(notice), "the end of the list shows the whole notice"
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        drawn = " ".join(audit.drawn)
        assert "1 table could not be loaded:" in audit.drawn
        assert NUL_REASON in drawn or all(word in drawn for word in NUL_REASON.split())
        notice_texts = {line for line, _size in ladder.card.notice_lines(ladder.refusals)}
        assert not [issue for issue in audit.issues if issue.message in notice_texts]
        edge = app.screen.get_at((notice.centerx, notice.bottom - 1))[:3]
        assert edge == app.theme.refusal, "the notice is drawn in the refusal colour"
        assert "level refused: " + NUL_REASON in capsys.readouterr().err  # still, for authors
    finally:
        app.close()


def test_a_long_heading_in_tamil_wraps_inside_the_notice(
    broken_ladder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = "{n} அட்டவணைகளை ஏற்ற முடியவில்லை, கோப்புகளைச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்:"
    monkeypatch.setattr(level_card, "refusals_heading", lambda n: long.format(n=n))
    app = new_app((640, 480))
    try:
        i18n.set_language("ta")
        ladder = _open(app)
        ladder.scroll_to(ladder.max_scroll, instant=True)
        frames(app, 2)
        lines = ladder.card.notice_lines(ladder.refusals)
        assert len([line for line, size in lines if size == ladder.card.body_size]) >= 2
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        texts = {line for line, _size in lines}
        assert texts <= set(audit.drawn)
        assert not [issue for issue in audit.issues if issue.message in texts]
    finally:
        i18n.set_language("en")
        app.close()


def test_keyboard_and_gamepad_pass_through_the_notice_to_back(broken_ladder: Path) -> None:
    app = new_app((640, 480))
    try:
        progress.save_progress(app, Progress(ladder={lv.id: 1 for lv in progress.ladder_levels()}))
        ladder = _open(app)
        _key(app, pygame.K_END)
        _key(app, pygame.K_DOWN)  # the first press shows the focus
        while ladder.nav.key != ("level", ladder.entries[-1].level.id):
            _key(app, pygame.K_DOWN)
        _key(app, pygame.K_DOWN)
        assert ladder.nav.key == ("notice", "refused")
        frames(app, 60)
        notice = ladder.card_rect(len(ladder.entries))
        assert ladder.view.contains(notice), "the focus brings the notice into view"
        assert "activate" not in dict(ladder.hints()), "no Play hint: nothing to play there"
        _key(app, pygame.K_RETURN)
        assert app.top is ladder, "activating the notice starts nothing"
        _key(app, pygame.K_DOWN)
        assert ladder.nav.key == ("button", "back")
        _key(app, pygame.K_UP)
        _key(app, pygame.K_UP)
        assert ladder.nav.key == ("level", ladder.entries[-1].level.id)
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert ladder.nav.key == ("notice", "refused")
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert ladder.nav.key == ("button", "back")
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
        _pad(app, pygame.CONTROLLER_BUTTON_A)
        assert isinstance(app.top, DealScene), "the last level still plays"
    finally:
        app.close()


def test_a_tap_on_the_notice_starts_nothing_and_the_list_still_scrolls(
    broken_ladder: Path,
) -> None:
    app = new_app((640, 480))
    try:
        ladder = _open(app)
        ladder.scroll_to(ladder.max_scroll, instant=True)
        frames(app, 2)
        point = ladder.card_rect(len(ladder.entries)).center
        post(pygame.MOUSEBUTTONDOWN, pos=point, button=1, touch=True)
        post(pygame.MOUSEBUTTONUP, pos=point, button=1, touch=True)
        frames(app, 2)
        assert app.top is ladder
        post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)
        frames(app, 60)
        assert ladder.scroll < ladder.max_scroll, "the wheel scrolls back up from the notice"
    finally:
        app.close()


def test_without_refused_files_there_is_no_notice() -> None:
    app = new_app((640, 480))
    try:
        ladder = _open(app)
        assert ladder.refusals == () and ladder.notice_index is None
        assert ladder.rows == len(ladder.entries)
    finally:
        app.close()


def test_a_missing_level_in_the_middle_leaves_the_rest_reachable(tmp_path: Path) -> None:
    # Decision: the ladder closes the gap. The level after a refused file opens when the one
    # before the gap is cleared; the refused level's saved stars are kept in the progress
    # (ids no level has are ignored, not dropped) and count again once its file is fixed.
    for order in (10, 20, 30):
        text = GOOD.replace('"good-table"', f'"level-{order}"').replace(
            "order = 10", f"order = {order}"
        )
        if order == 20:
            text = text.replace('name = "Ada"', 'name = "Ada\\u2028"')
        (tmp_path / f"level-{order}.toml").write_text(text, encoding="utf-8")
    levels, errors = load_levels(tmp_path)
    assert [e.file for e in errors] == ["level-20.toml"]
    states = [(e.level.id, e.status) for e in ladder_state(levels, {"level-10": 1})]
    assert states == [("level-10", CLEARED), ("level-30", OPEN)]
    states = [(e.level.id, e.status) for e in ladder_state(levels, {"level-20": 3})]
    assert states == [("level-10", OPEN), ("level-30", LOCKED)]

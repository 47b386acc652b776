"""The menu's title stays whole on every screen: a long translation on a narrow (portrait)
screen is drawn smaller instead of running off both sides."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.input.viewport import MIN_SIZE
from game.scenes.pages.menu import title_size
from game.view import typeset
from game.view.layout import ui_scale

SIZES = [MIN_SIZE, (480, 800), (640, 480), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_menu_title_fits_the_width_in_every_language(code: str) -> None:
    i18n.set_language(code)
    try:
        name = i18n._("Mexican Train")
        for size in SIZES:
            width = size[0]
            drawn = typeset.text_width(name, title_size(name, width, ui_scale(size)), bold=True)
            assert drawn <= width, f"{code} at {size}: {drawn} px wide"
    finally:
        i18n.set_language("en")


def test_a_title_that_fits_keeps_its_own_size() -> None:
    """Where it fits (English everywhere), the title is as big as it always was."""
    i18n.set_language("en")
    for size in SIZES[1:]:
        u = ui_scale(size)
        assert title_size("Mexican Train", size[0], u) == max(30, round(92 * u))

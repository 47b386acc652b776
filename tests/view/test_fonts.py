"""Fonts: packaged Noto Sans (and Tamil, shaped), cached, with a fallback to pygame's font."""

from __future__ import annotations

import importlib.util
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.view import fonts  # noqa: E402

TAMIL = "தமிழ் ஸ்ரீ க்ஷ"  # a ligature and a conjunct: wrong without shaping


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    fonts.clear_cache()


def test_get_font_is_cached_per_size_weight_script() -> None:
    f = fonts.get_font(20)
    assert fonts.get_font(20) is f
    assert fonts.get_font(21) is not f
    bold = fonts.get_font(20, bold=True)
    assert bold is not f and bold.bold and not f.bold
    assert f.render("0123456789", True, (0, 0, 0)).get_width() > 0


def test_latin_font_comes_from_the_package_when_installed() -> None:
    path = fonts.font_path("Latn")
    if importlib.util.find_spec("fontpkg") is None:
        assert path is None
    else:
        assert path is not None and path.suffix == ".ttf" and path.is_file()


def test_tamil_is_shaped_with_its_script_set() -> None:
    path = fonts.font_path("Taml")
    assert path is not None and "Tamil" in path.name, "fontpkg-noto-sans-tamil is a dependency"
    shaped = fonts.get_font(40, script="Taml")
    unshaped = pygame.font.Font(path, 40)
    assert shaped.size(TAMIL) != unshaped.size(TAMIL)


def test_missing_packages_fall_back_to_pygame_font(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("fontpkg", "fontpkg_noto_sans", "fontpkg_noto_sans_tamil"):
        monkeypatch.setitem(sys.modules, name, None)  # "import name" now raises
    assert fonts.font_path("Latn") is None
    assert fonts.available() == {"Latn": None, "Taml": None}
    f = fonts.get_font(18, bold=True, script="Taml")
    assert f.render("Score 12", True, (0, 0, 0)).get_width() > 0


def test_package_module_is_used_when_fontpkg_registry_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert importlib.util.find_spec("fontpkg_noto_sans"), "fontpkg-noto-sans is a dependency"
    monkeypatch.setitem(sys.modules, "fontpkg", None)
    path = fonts.font_path("Latn")
    assert path is not None and path.is_file()


def test_while_starting_every_size_is_drawn_by_one_face_with_the_same_pixels() -> None:
    """The first frame opens one font object per script and weight (each costs ~12 ms on first
    use), and what it draws and measures is what a font of that size gives."""
    messages = {"Latn": "Quick play 0123 ÁÉÍÓÚ þð", "Taml": TAMIL}
    sizes = (18, 92, 20, 8, 18)
    drawn: dict[tuple[str, int, bool], tuple[bytes, tuple[int, int], int]] = {}
    fonts.share_faces()
    try:
        for script, message in messages.items():
            faces = set()
            for bold in (False, True):
                for size in sizes:
                    font = fonts.get_font(size, bold=bold, script=script)
                    faces.add(id(font))
                    picture = font.render(message, True, (250, 240, 200))
                    drawn[(script, size, bold)] = (
                        pygame.image.tobytes(picture, "RGBA"),
                        font.size(message),
                        font.get_height(),
                    )
            assert len(faces) == 2  # one per weight
    finally:
        fonts.stop_sharing()
    fonts.clear_cache()
    for (script, size, bold), shown in drawn.items():
        font = fonts.get_font(size, bold=bold, script=script)
        message = messages[script]
        picture = font.render(message, True, (250, 240, 200))
        own = (pygame.image.tobytes(picture, "RGBA"), font.size(message), font.get_height())
        assert shown == own, (script, size, bold)


def test_after_the_start_each_size_has_its_own_font_again() -> None:
    fonts.share_faces()
    shared = fonts.get_font(30)
    fonts.stop_sharing()
    own = fonts.get_font(30)
    assert own is not shared and fonts.get_font(30) is own
    assert fonts.get_font(31) is not own

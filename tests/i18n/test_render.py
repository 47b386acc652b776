"""Text on screen: Tamil shaped with its script set, and every language's rules page wrapped
into a 640 px column with no line wider than the column.

Set I18N_PNG_DIR to keep the rendered pages (``rules-<code>.png``) and the Tamil shaping
comparison (``tamil-shaping.png``) for looking at.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.rules import Rules  # noqa: E402
from game.view import fonts  # noqa: E402

COLUMN = 640
LANGS = list(i18n.LANGUAGES)
INK = (20, 20, 20)
PAPER = (250, 248, 240)
ACCENT = (150, 60, 20)


@pytest.fixture(autouse=True)
def _fonts() -> None:
    fonts.clear_cache()


def _out_dir(tmp_path: Path) -> Path:
    where = os.environ.get("I18N_PNG_DIR")
    path = Path(where) if where else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


def _tamil_font_path() -> Path:
    path = fonts.font_path("Taml")
    # fontpkg-noto-sans-tamil is a dependency of the game: without it Tamil cannot be shown.
    assert path is not None and "Tamil" in path.name, "the Tamil font package is missing"
    return path


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("word", ["விளையாடுவது எப்படி", "மெக்சிகன் ரயில்", "டோமினோக்கள்", "கொடு", "ஸ்ரீ"])
def test_tamil_words_change_when_shaped(word: str) -> None:
    """With the script set, HarfBuzz reorders vowel signs and forms ligatures: the rendering
    differs from the same font's unshaped rendering."""
    path = _tamil_font_path()
    shaped = fonts.get_font(32, script=i18n.script_for("ta"))
    plain = pygame.font.Font(path, 32)
    a = shaped.render(word, True, INK, PAPER)
    b = plain.render(word, True, INK, PAPER)
    assert a.get_size() != b.get_size() or _pixels(a) != _pixels(b)


def test_tamil_shaping_picture(tmp_path: Path) -> None:
    """Two lines, shaped and unshaped, for a person to compare."""
    path = _tamil_font_path()
    i18n.set_language("ta")
    words = [i18n._("How to play"), i18n._("Mexican train"), i18n._("Your turn")]
    label = fonts.get_font(16)
    shaped = fonts.get_font(40, script="Taml")
    plain = pygame.font.Font(path, 40)
    rows = []
    for name, font in (("set_script('Taml')", shaped), ("no set_script", plain)):
        rows.append(label.render(name, True, ACCENT, PAPER))
        rows.append(font.render("  ".join(words), True, INK, PAPER))
    width = max(r.get_width() for r in rows) + 20
    picture = pygame.Surface((width, sum(r.get_height() + 6 for r in rows) + 14))
    picture.fill(PAPER)
    y = 10
    for row in rows:
        picture.blit(row, (10, y))
        y += row.get_height() + 6
    pygame.image.save(picture, str(_out_dir(tmp_path) / "tamil-shaping.png"))
    assert _pixels(rows[1]) != _pixels(rows[3])


def _page(code: str, rules: Rules, players: int, body: int, head: int) -> list[tuple[str, bool]]:
    """The page as (line, is_heading), wrapped to the column with the language's font."""
    script = i18n.script_for(code)
    body_font = fonts.get_font(body, script=script)
    head_font = fonts.get_font(head, bold=True, script=script)
    lines: list[tuple[str, bool]] = [(i18n.rules_heading(rules, players, code), False)]
    for heading, paragraph in i18n.rules_sections(rules, players, code):
        for line in i18n.wrap_text(heading, COLUMN, lambda s: head_font.size(s)[0]):
            lines.append((line, True))
        for line in i18n.wrap_text(paragraph, COLUMN, lambda s: body_font.size(s)[0]):
            lines.append((line, False))
    return lines


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("size", [(18, 24), (13, 17)])
@pytest.mark.parametrize("preset", ["standard", "station"])
def test_rules_page_fits_the_column(code: str, size: tuple[int, int], preset: str) -> None:
    body, head = size
    script = i18n.script_for(code)
    fonts_used = {
        False: fonts.get_font(body, script=script),
        True: fonts.get_font(head, bold=True, script=script),
    }
    lines = _page(code, Rules.preset_named(preset), 4, body, head)
    assert len(lines) > 20
    for line, heading in lines:
        width = fonts_used[heading].size(line)[0]
        assert width <= COLUMN, (code, line, width)


@pytest.mark.parametrize("code", LANGS)
def test_rules_page_picture(code: str, tmp_path: Path) -> None:
    """Render the page as the game would, in the language's font, and keep it as a PNG."""
    body, head = 18, 24
    script = i18n.script_for(code)
    body_font = fonts.get_font(body, script=script)
    head_font = fonts.get_font(head, bold=True, script=script)
    lines = _page(code, Rules.station(), 4, body, head)
    surfaces = [
        (head_font if heading else body_font).render(line or " ", True, ACCENT if heading else INK)
        for line, heading in lines
    ]
    margin = 20
    picture = pygame.Surface((COLUMN + 2 * margin, sum(s.get_height() for s in surfaces) + 40))
    picture.fill(PAPER)
    pygame.draw.line(picture, (200, 200, 200), (margin + COLUMN, 0), (margin + COLUMN, 9999))
    y = margin
    for surface in surfaces:
        assert surface.get_width() <= COLUMN
        picture.blit(surface, (margin, y))
        y += surface.get_height()
    out = _out_dir(tmp_path) / f"rules-{code}.png"
    pygame.image.save(picture, str(out))
    assert out.stat().st_size > 1000


@pytest.mark.parametrize("code", LANGS)
def test_every_seeded_string_renders(code: str) -> None:
    i18n.set_language(code)
    font = fonts.get_font(18, script=i18n.script_for(code))
    for text in i18n.seeded_strings():
        assert font.size(text)[0] > 0, text


def test_wrap_never_cuts_inside_a_tamil_letter() -> None:
    word = "டோமினோக்களைக்"
    pieces = i18n.wrap_text(word, 3, len)
    assert "".join(pieces) == word
    for piece in pieces:
        assert not ("\u0bbe" <= piece[0] <= "\u0bcd"), pieces  # no piece starts with a sign
    assert i18n.wrap_text("", 10, len) == [""]
    assert i18n.wrap_text("a\n\nb", 10, len) == ["a", "", "b"]


def test_a_word_too_long_for_its_line_breaks_after_a_hyphen_first() -> None:
    # Basque "Garaipen-tasa" (win rate) in a narrow column: at its hyphen, not mid-letter.
    assert i18n.wrap_text("Garaipen-tasa", 9, len) == ["Garaipen-", "tasa"]
    assert i18n.wrap_text("ab-cd-efghi", 5, len) == ["ab-", "cd-", "efghi"]
    assert i18n.wrap_text("Garaipen-tasa", 13, len) == ["Garaipen-tasa"]  # fits: kept whole
    assert i18n.wrap_text("abcdefgh-ij", 4, len) == ["abcd", "efgh", "-ij"]  # no room: cut

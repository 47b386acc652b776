"""Text on the screen: fonts for each script, cached renders, wrapping, fitting a width, page
titles, and the text audit the tests and screenshots read (what was drawn wider than its room)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.view.fonts import get_font, script_of
from game.view.frame_marks import note_title
from game.view.printable import drawable
from game.view.surface_cache import SurfaceCache, also_clear, prepared
from game.view.surfaces import blit_faded
from game.view.theme import RGB, Theme

_text_cache = SurfaceCache(600)


# ----------------------------------------------------------------------------- the text audit


@dataclass(frozen=True)
class TextIssue:
    """A text drawn wider than the room it was given."""

    message: str
    width: int  # px the text takes
    room: int  # px it had
    kind: str  # "box" (a stated width), "fit", "wrap", "button" or "surface" (off the target)

    def __str__(self) -> str:
        return f"{self.kind}: {self.message!r} is {self.width}px wide in {self.room}px"


@dataclass
class TextAudit:
    """What was drawn while :func:`text_audit` was active: every message, and the overflows."""

    drawn: list[str] = field(default_factory=list)
    issues: list[TextIssue] = field(default_factory=list)
    sizes: list[tuple[str, int]] = field(default_factory=list)  # each text drawn, its px size


active_audits: list[TextAudit] = []


@contextlib.contextmanager
def text_audit() -> Iterator[TextAudit]:
    """Record every text drawn through this module, and each one wider than its box.

    The box is the width a caller states (``max_width``, ``fit_text_size``, ``wrap``, a
    Button's label) and, for text blitted by :func:`blit_text`, the target surface's clip
    area. Tests draw screens in every language inside one and expect no issues.
    """
    audit = TextAudit()
    active_audits.append(audit)
    try:
        yield audit
    finally:
        active_audits.remove(audit)


def note_drawn(message: str) -> None:
    for audit in active_audits:
        audit.drawn.append(message)


def _check(message: str, width: int, room: int, kind: str) -> None:
    if width > room:
        issue = TextIssue(message, width, room, kind)
        for audit in active_audits:
            audit.issues.append(issue)


def font_for(message: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font that draws ``message``: Tamil text gets the Tamil font with its script set
    (shaped by HarfBuzz), everything else Noto Sans."""
    return get_font(size, bold=bold, script=script_of(message))


def text_height(size: int, *, bold: bool = False) -> int:
    """The height of a line of text at ``size`` px (the taller of the Latin and Tamil fonts)."""
    size = max(8, int(size))
    return max(get_font(size, bold, s).get_height() for s in ("Latn", "Taml"))


def text_width(message: str, size: int, *, bold: bool = False) -> int:
    """How wide ``message`` is drawn at ``size`` px (its script's font); kept, as shaping a
    line costs more than drawing it and some are measured every frame."""
    size = max(8, int(size))
    key = (message, size, bold)
    width = _width_cache.get(key)
    if width is None:
        if len(_width_cache) > 4000:
            _width_cache.clear()
        shown = drawable(message)
        width = _width_cache[key] = font_for(shown, size, bold).size(shown)[0]
    return width


_width_cache: dict[tuple[str, int, bool], int] = {}
also_clear(_width_cache)


def text(
    message: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    max_width: int | None = None,
) -> pygame.Surface:
    """Anti-aliased text, cached; ``shadow`` adds a soft dark drop shadow for text on felt.

    ``max_width`` states the box it goes in: the audit reports a text wider than it (use
    :func:`fit_text_size` or :func:`wrap` to make it fit).
    """
    size = max(8, int(size))
    key = (message, size, colour, bold, shadow)
    surf = _text_cache.get(key)
    if surf is None:
        surf = _text_cache.put(key, _render(message, size, colour, bold, shadow))
    if active_audits:
        note_drawn(message)
        for audit in active_audits:
            audit.sizes.append((message, size))
        if max_width is not None:
            _check(message, surf.get_width() - _shadow_offset(size, shadow), max_width, "box")
    return surf


def _shadow_offset(size: int, shadow: bool) -> int:
    return max(1, size // 14) if shadow else 0


def _render(message: str, size: int, colour: RGB, bold: bool, shadow: bool) -> pygame.Surface:
    message = drawable(message)
    font = font_for(message, size, bold)
    glyphs = font.render(message, True, colour)
    if shadow:
        off = _shadow_offset(size, shadow)
        dark = font.render(message, True, (0, 0, 0))
        dark.set_alpha(130)
        out = pygame.Surface((glyphs.get_width() + off, glyphs.get_height() + off), pygame.SRCALPHA)
        out.blit(dark, (off, off))
        out.blit(glyphs, (0, 0))
        glyphs = out
    return prepared(glyphs)


def wrap(message: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` px: at spaces, and a word longer
    than a line between whole letters (a Tamil letter with its vowel sign stays whole)."""
    size = max(8, int(size))
    message = drawable(message)
    font = font_for(message, size, bold)

    def measure(piece: str) -> int:
        return int(font.size(piece)[0])

    lines = i18n.wrap_text(message, width, measure)
    if active_audits:
        for line in lines:
            _check(line, measure(line), width, "wrap")
    return lines


def blit_text(
    target: pygame.Surface,
    message: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    alpha: int = 255,
    max_width: int | None = None,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    """Blit cached text positioned by a Rect anchor, e.g. ``center=(x, y)``.

    ``max_width``: the box it must fit in; the size shrinks until it does.
    """
    if max_width is not None:
        size = fit_text_size(message, size, max_width, bold=bold)
    surf = text(message, size, colour, bold=bold, shadow=shadow)
    rect = surf.get_rect(**anchor)
    if active_audits and alpha > 0:
        # Off the target's (clip) edges counts as clipped: the room is the part still seen.
        clip = target.get_clip()
        inked = pygame.Rect(rect.x, rect.y, rect.w - _shadow_offset(max(8, int(size)), shadow), 1)
        over = max(0, clip.left - inked.left) + max(0, inked.right - clip.right)
        _check(message, inked.width, inked.width - over, "surface")
    return blit_faded(target, surf, rect, alpha)


def legible_lines(
    message: str, size: int, width: int, floor: int | None = None, *, bold: bool = False
) -> tuple[int, list[str]]:
    """``message`` in ``width`` px on as few lines as it takes at no less than ``floor`` px:
    the largest size from ``size`` down at which it takes at most two lines, else ``floor``
    with as many as it needs (a long translation wraps rather than shrinks out of reach of
    the eye; ``floor`` is :data:`LEGIBLE` unless said). The size and the lines."""
    floor = LEGIBLE if floor is None else floor
    for fitted in range(size, floor - 1, -1):
        lines = wrap(message, fitted, width, bold=bold)
        if len(lines) <= 2:
            return fitted, lines
    return floor, wrap(message, floor, width, bold=bold)


def blit_legible(
    target: pygame.Surface,
    message: str,
    size: int,
    colour: RGB,
    width: int,
    midtop: tuple[int, int],
    *,
    bold: bool = False,
) -> pygame.Rect:
    """``message`` centred below ``midtop`` in ``width`` px: on one line, shrunk as far as
    :data:`LEGIBLE` at most, else on the lines of :func:`legible_lines`. The rect it covers."""
    fitted = size
    while fitted > LEGIBLE and text_width(message, fitted, bold=bold) > width:
        fitted -= 1
    if text_width(message, fitted, bold=bold) <= width:
        return blit_text(target, message, fitted, colour, bold=bold, midtop=midtop)
    fitted, lines = legible_lines(message, size, width, bold=bold)
    x, y = midtop
    covered = pygame.Rect(x, y, 0, 0)
    for line in lines:
        rect = blit_text(target, line, fitted, colour, bold=bold, midtop=(x, y))
        covered.union_ip(rect)
        y = rect.bottom
    return covered


def page_title(
    target: pygame.Surface, title: str, theme: Theme, scale: float, top: int, margin: int = 20
) -> pygame.Rect:
    """A page's title centred at ``top``: large, in the accent colour with a shadow, shrunk to
    fit the width less ``margin``; its rect (noted for :func:`titles_drawn`)."""
    width = target.get_width()
    rect = blit_text(
        target,
        title,
        max(20, round(44 * scale)),
        theme.accent,
        bold=True,
        shadow=True,
        max_width=width - margin,
        midtop=(width // 2, top),
    )
    note_title(rect)
    return rect


_fit_cache: dict[tuple[str, int, int, bool], int] = {}
MIN_TEXT = 8  # px: the smallest size fit_text_size goes down to
# px: the smallest text any screen draws, at any window size (at 640x480 the small labels sit
# at it; every size grows with the window from there): the text-fit audit holds it in every
# language on every screen. Where a text would need less, it wraps or says less instead.
LEGIBLE = 10


def legible_at(scale: float) -> int:
    """The legible floor grown with the window (``scale``: the layout's, 1.0 at 1280x720):
    10 px at 640x480, 13 px at 1280x720, 20 px at 1920x1080. What a small window may draw at
    the floor, a larger one draws larger."""
    return max(LEGIBLE, round(13 * scale))


def fit_text_size(message: str, size: int, width: int, *, bold: bool = False) -> int:
    """The largest size <= ``size`` at which ``message`` fits in ``width`` px (cached)."""
    key = (message, int(size), int(width), bold)
    found = _fit_cache.get(key)
    if found is None:
        found = max(MIN_TEXT, int(size))
        while found > MIN_TEXT and text_width(message, found, bold=bold) > width:
            found -= 1
        if len(_fit_cache) > 2000:
            _fit_cache.clear()
        _fit_cache[key] = found
    if active_audits and found == MIN_TEXT:
        _check(message, text_width(message, found, bold=bold), width, "fit")
    return found

"""The parts of pages and dialogs that many scenes draw alike: the veil over the scene below, a
raised panel with its title, a page's title with the line under it, rows and columns of buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.view import controls, surfaces, typeset
from game.view.theme import RGB, Theme


def dim(surface: pygame.Surface, time: float, darkest: int = 140, fade: float = 0.2) -> None:
    """Veil what is drawn so far (the scene under an overlay) in black, fading in from clear
    to ``darkest`` alpha over the first ``fade`` seconds of ``time``."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, round(darkest * min(1.0, time / fade))))
    surface.blit(veil, (0, 0))


def dialog_panel(
    surface: pygame.Surface,
    panel: pygame.Rect,
    title: str,
    theme: Theme,
    scale: float,
    *,
    size: int,
    top: int | None = None,
    room: int | None = None,
    alpha: int = 245,
    edge: RGB | None = None,
    radius: int | None = None,
) -> pygame.Rect:
    """A raised panel (shadowed, a 2 px edge) with its title at its top: ``size`` px, bold, in
    the accent colour, ``top`` px under the panel's top edge and shrunk to fit ``room`` (by
    default 20 and 40 px at scale 1). The title's rect."""
    radius = round(18 * scale) if radius is None else radius
    fill = (*theme.panel[:3], alpha)
    surfaces.draw_panel(surface, panel, fill, edge or theme.panel_edge, radius, 2, shadow=True)
    return typeset.blit_text(
        surface,
        title,
        size,
        theme.accent,
        bold=True,
        max_width=panel.w - round(40 * scale) if room is None else room,
        midtop=(panel.centerx, panel.top + (round(20 * scale) if top is None else top)),
    )


def page_header(
    surface: pygame.Surface,
    title: str,
    line: str,
    theme: Theme,
    scale: float,
    *,
    top: int | None = None,
    margin: int = 40,
    size: int | None = None,
    gap: int | None = None,
) -> pygame.Rect:
    """A page's title (:func:`typeset.page_title`, ``top`` px down) and a line of ``size`` px
    centred ``gap`` px under it, shadowed on the felt; the line's rect. The defaults are those
    of the ladder's and the daily table's pages."""
    u = scale
    top = max(10, round(30 * u)) if top is None else top
    head = typeset.page_title(surface, title, theme, u, top, margin=margin)
    width = surface.get_width()
    return typeset.blit_text(
        surface,
        line,
        max(11, round(18 * u)) if size is None else size,
        theme.text,
        shadow=True,
        max_width=width - 40,
        midtop=(width // 2, head.bottom + (max(2, round(6 * u)) if gap is None else gap)),
    )


def button_column(
    items: Sequence[tuple[str, Callable[[], None]]],
    center: tuple[int, int],
    size: tuple[int, int],
    gap: int,
    primary_first: bool = True,
) -> list[controls.Button]:
    """Buttons of ``size`` for (label, action) ``items``, one under the other ``gap`` px apart,
    the column centred on ``center``; the first one the primary (unless ``primary_first`` is
    False)."""
    bw, bh = size
    total = len(items) * bh + (len(items) - 1) * gap
    y = center[1] - total // 2
    out = []
    for i, (label, action) in enumerate(items):
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (center[0], y + i * (bh + gap))
        out.append(controls.Button(label, rect, action, primary=primary_first and i == 0))
    return out


def button_row(
    buttons: Sequence[controls.Button], midbottom: tuple[int, int], size: tuple[int, int], gap: int
) -> None:
    """Give ``buttons`` rects of ``size``, left to right ``gap`` px apart, the row's bottom
    centred on ``midbottom`` (a page's foot)."""
    bw, bh = size
    total = len(buttons) * bw + (len(buttons) - 1) * gap
    x = midbottom[0] - total // 2
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect(x + i * (bw + gap), midbottom[1] - bh, bw, bh)

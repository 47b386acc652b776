"""A stand-in window shown until the real table exists.

pygame is imported inside :func:`run`, so importing this module does not load pygame.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

FELT = (22, 96, 52)
FELT_EDGE = (14, 66, 36)
INK = (244, 238, 220)
INK_SOFT = (200, 214, 196)


def run(size: tuple[int, int] = (1280, 720), max_frames: int | None = None) -> int:
    """Open the window and draw until it is closed, Esc is pressed, or ``max_frames`` pass.

    Returns the process exit status.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        try:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as exc:
            print(f"cannot open a window: {exc}", file=sys.stderr)
            return 1
        pygame.display.set_caption("Mexican Train")
        clock = pygame.time.Clock()
        frames = 0
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    running = False
            screen = pygame.display.get_surface() or screen
            _draw(screen)
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                running = False
            clock.tick(60)
        return 0
    finally:
        _fonts.clear()  # fonts die with pygame.quit()
        pygame.quit()


_fonts: dict[int, pygame.font.Font] = {}


def _font(px: int) -> pygame.font.Font:
    import pygame

    if px not in _fonts:
        _fonts[px] = pygame.font.Font(None, px)
    return _fonts[px]


def _draw(screen: pygame.Surface) -> None:
    """Felt table with a darker rim, the title and one line under it, centred."""
    import pygame

    width, height = screen.get_size()
    screen.fill(FELT_EDGE)
    rim = max(8, min(width, height) // 40)
    table = pygame.Rect(rim, rim, width - 2 * rim, height - 2 * rim)
    pygame.draw.rect(screen, FELT, table, border_radius=rim * 2)

    title = _font(max(24, height // 7)).render("Mexican Train", True, INK)
    line = _font(max(16, height // 22)).render("The table is being built", True, INK_SOFT)
    gap = line.get_height()
    top = (height - title.get_height() - gap - line.get_height()) // 2
    screen.blit(title, title.get_rect(midtop=(width // 2, top)))
    screen.blit(line, line.get_rect(midtop=(width // 2, top + title.get_height() + gap)))

"""What the frame being drawn has put on the screen so far, for what is drawn over it last:
the page titles the keyboard and gamepad prompt strip must not cover."""

from __future__ import annotations

import pygame

# The page titles drawn since the frame began (new_frame): what the keyboard and gamepad
# prompt strip, drawn over everything, must not cover.
_titles: list[pygame.Rect] = []


def new_frame() -> None:
    """A frame begins: forget the titles of the last one."""
    _titles.clear()


def titles_drawn() -> list[pygame.Rect]:
    """Where this frame's page titles are (see :func:`page_title`)."""
    return list(_titles)


def note_title(rect: pygame.Rect) -> None:
    """A page title was drawn at ``rect`` (see :func:`titles_drawn`)."""
    _titles.append(rect)

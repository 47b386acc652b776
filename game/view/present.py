"""Putting a drawn frame on screen: only the parts that changed since the last one.

The canvas is compared with a copy of what was last shown, in bands of rows (memory that lies
together, so each band is one comparison); the changed bands go to ``pygame.display.update``
and nothing at all when the frame is the same as the last, as it is most of the time at a
still table. Where the canvas is scaled into a window with bars (another aspect ratio), a
changed frame is scaled and flipped whole.
"""

from __future__ import annotations

import pygame

BAND = 16  # rows compared together


class Presenter:
    """Shows frames, remembering the last one shown (when asked to compare)."""

    def __init__(self) -> None:
        self._shown: bytes | None = None  # the pixels last shown, when known
        self._size: tuple[int, int] = (0, 0)
        self.last_update: list[pygame.Rect] = []  # what the last frame put on screen

    def knows(self) -> bool:
        """Is the last frame shown known (so a frame may be painted only where it changed)?"""
        return self._shown is not None

    def forget(self) -> None:
        """The screen's contents are no longer known (a new window, an expose): show all."""
        self._shown = None

    def changed(self, canvas: pygame.Surface, area: pygame.Rect | None = None) -> list[pygame.Rect]:
        """The bands of ``canvas`` that differ from the last frame shown (all of it when that
        is not known), as one rect per run of bands, looking only at the rows of ``area``
        when given; ``canvas`` is then the last shown."""
        pixels = canvas.get_buffer().raw
        shown, was, size = self._shown, self._size, canvas.get_size()
        self._shown, self._size = pixels, size
        if shown is None or size != was or len(shown) != len(pixels):
            return [canvas.get_rect()]
        pitch = canvas.get_pitch()
        width, height = size
        first, last = 0, height
        if area is not None:
            first = max(0, area.top) // BAND * BAND
            last = min(height, max(first, area.bottom))
        rects: list[pygame.Rect] = []
        for top in range(first, last, BAND):
            rows = min(BAND, height - top)
            start, end = top * pitch, (top + rows) * pitch
            if pixels[start:end] != shown[start:end]:
                if rects and rects[-1].bottom == top:
                    rects[-1].height += rows
                else:
                    rects.append(pygame.Rect(0, top, width, rows))
        return rects

    def present(
        self,
        canvas: pygame.Surface,
        window: pygame.Surface,
        dest: pygame.Rect,
        compare: bool = True,
        area: pygame.Rect | None = None,
    ) -> None:
        """Show ``canvas``: in ``window`` itself, or scaled into ``dest`` of it. ``compare``:
        show only what changed (a frame of moving tiles changes most of it: shown whole, not
        compared, and the next comparison starts afresh); ``area``: only it can have changed
        (the frame was painted there alone)."""
        if compare:
            rects = self.changed(canvas, area)
        else:
            self._shown = None
            rects = [canvas.get_rect()]
        self.last_update = rects
        if not rects:
            return  # the same frame: nothing to show
        if canvas is window:
            if len(rects) == 1 and rects[0].size == canvas.get_size():
                pygame.display.flip()
            else:
                pygame.display.update(rects)
            return
        window.fill((0, 0, 0))
        target = window.subsurface(dest)
        try:
            pygame.transform.smoothscale(canvas, dest.size, target)
        except ValueError:  # an unusual pixel format: plain scaling
            pygame.transform.scale(canvas, dest.size, target)
        pygame.display.flip()

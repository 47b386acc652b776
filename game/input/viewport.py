"""The logical canvas and where it sits in the window.

Every scene draws on a *canvas*; the app shows it in the window. The table's layout adapts
to any size (it is computed from the size, not scaled from a fixed design), so the canvas is
normally the window itself: text and tiles are drawn at the screen's own resolution and stay
crisp at 2560x1440. Only two cases scale:

- a window smaller than the smallest layout the game is designed for (its short side under
  480 px or its long side under 640 px): the game draws on a canvas of that minimum, with the
  window's aspect, and shrinks it into the window, so nothing is ever cramped below
  640x480 (or 480x640 held upright);
- a window more extreme than 21:9 either way: the canvas keeps 21:9 and the rest of the
  window is letterboxed, so the lanes never stretch into slivers.

Pointer positions arrive in window pixels (mouse) or as 0-1 fractions of the window (touch);
:meth:`Viewport.to_canvas` and :meth:`Viewport.from_normalised` map both onto the canvas.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SHORT = 480  # px: the short side of the smallest designed layout
MIN_LONG = 640  # px: its long side
MAX_ASPECT = 21 / 9  # wider (or taller) windows are letterboxed to this

# The window: its size when nothing says otherwise, and the sizes it may be opened at (the
# command line's --size, a saved size); under MIN_SHORT x MIN_LONG it shows a scaled canvas.
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (320, 240)
MAX_SIZE = (8192, 8192)


def canvas_size(window: tuple[int, int]) -> tuple[int, int]:
    """The logical canvas for a window of ``window`` pixels.

    >>> canvas_size((1280, 720))
    (1280, 720)
    >>> canvas_size((320, 240))
    (640, 480)
    >>> canvas_size((480, 800))
    (480, 800)
    >>> canvas_size((3440, 1000))
    (2333, 1000)
    """
    w, h = max(1, window[0]), max(1, window[1])
    aspect = min(MAX_ASPECT, max(1 / MAX_ASPECT, w / h))
    if w / h > aspect:
        cw, ch = h * aspect, float(h)
    else:
        cw, ch = float(w), w / aspect
    short, long = min(cw, ch), max(cw, ch)
    factor = max(1.0, MIN_SHORT / short, MIN_LONG / long)
    return round(cw * factor), round(ch * factor)


@dataclass(frozen=True)
class Viewport:
    """A canvas of ``canvas`` pixels drawn into ``dest`` (a rect) of a ``window``."""

    window: tuple[int, int]
    canvas: tuple[int, int]
    dest: tuple[int, int, int, int]  # x, y, w, h in window pixels

    @classmethod
    def for_window(cls, window: tuple[int, int]) -> Viewport:
        canvas = canvas_size(window)
        scale = min(window[0] / canvas[0], window[1] / canvas[1])
        dw = min(window[0], round(canvas[0] * scale))
        dh = min(window[1], round(canvas[1] * scale))
        return cls(window, canvas, ((window[0] - dw) // 2, (window[1] - dh) // 2, dw, dh))

    @property
    def scaled(self) -> bool:
        """True when the canvas is not the window itself (scaled or letterboxed)."""
        return self.canvas != self.window

    @property
    def scale(self) -> float:
        """Window pixels per canvas pixel."""
        return self.dest[2] / self.canvas[0]

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position on the canvas (outside it when in the letterbox bars).

        >>> Viewport.for_window((320, 240)).to_canvas((160, 120))
        (320, 240)
        """
        x, y, w, h = self.dest
        cx = (pos[0] - x) * self.canvas[0] / max(1, w)
        cy = (pos[1] - y) * self.canvas[1] / max(1, h)
        return round(cx), round(cy)

    def from_normalised(self, fx: float, fy: float) -> tuple[int, int]:
        """A touch position (fractions 0-1 of the window) on the canvas."""
        return self.to_canvas((fx * self.window[0], fy * self.window[1]))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A canvas position in window pixels (the inverse of :meth:`to_canvas`)."""
        x, y, w, h = self.dest
        return (
            round(x + pos[0] * w / self.canvas[0]),
            round(y + pos[1] * h / self.canvas[1]),
        )

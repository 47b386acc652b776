"""The review table's pictures: decision marks, the timeline of them, a bar chart.

A reviewed decision (:class:`game.ai.review.Decision`) is shown as a mark whose colour, shape
and symbol all tell its label, so colour is never the only cue: good a sky-blue circle, an
inaccuracy a yellow diamond with "?!", a mistake an orange triangle with "?", a blunder a
vermillion square with "??", a forced move a small grey dot. The colours are Okabe-Ito's (the
palette the colour-blind safe theme is built on, see :mod:`game.view.theme`), apart in
lightness as well as hue. The words that go with them are in :mod:`game.scenes.review.review_words`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.view import surfaces, typeset
from game.view.theme import RGB, Theme

GOOD = "good"  # the labels, as game.ai.review gives them
FORCED = "forced"
MISTAKES = ("inaccuracy", "mistake", "blunder")  # what Next mistake / Previous mistake visit

# Okabe-Ito: sky blue, yellow, orange, vermillion (and a grey for forced moves)
LABEL_COLOURS: dict[str, RGB] = {
    GOOD: (86, 180, 233),
    "inaccuracy": (240, 228, 66),
    "mistake": (230, 159, 0),
    "blunder": (213, 94, 0),
    FORCED: (150, 150, 150),
}
SYMBOLS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


# ----------------------------------------------------------------------------- marks


def draw_mark(
    surface: pygame.Surface,
    label: str,
    center: tuple[int, int],
    size: int,
    theme: Theme,
    focused: bool = False,
) -> pygame.Rect:
    """One decision's mark, ``size`` px across, centred at ``center``; its rect."""
    cx, cy = center
    colour = LABEL_COLOURS.get(label, LABEL_COLOURS[FORCED])
    edge = (20, 20, 24)
    r = size / 2
    if focused:
        ring = max(2, size // 8)
        pygame.draw.circle(surface, (255, 255, 255), center, round(r + ring + 2), ring)
    if label == FORCED:
        dot = max(2, round(r * 0.42))
        pygame.draw.circle(surface, colour, center, dot)
        return pygame.Rect(cx - dot, cy - dot, 2 * dot, 2 * dot)
    if label == GOOD:
        pygame.draw.circle(surface, colour, center, round(r * 0.82))
        pygame.draw.circle(surface, edge, center, round(r * 0.82), max(1, size // 14))
    elif label == "inaccuracy":
        d = r * 1.02
        points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, edge, points, max(1, size // 14))
    elif label == "mistake":
        d = r * 1.05
        points = [(cx - d, cy - d * 0.8), (cx + d, cy - d * 0.8), (cx, cy + d * 0.95)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, edge, points, max(1, size // 14))
    else:
        d = round(r * 0.86)
        box = pygame.Rect(cx - d, cy - d, 2 * d, 2 * d)
        pygame.draw.rect(surface, colour, box, border_radius=max(1, size // 8))
        pygame.draw.rect(surface, edge, box, max(1, size // 14), border_radius=max(1, size // 8))
    symbol = SYMBOLS.get(label)
    tsize = round(size * (0.5 if symbol and len(symbol) > 1 else 0.62))
    if symbol and tsize >= typeset.LEGIBLE:  # a small mark says it by shape and colour alone
        lift = -round(size * 0.12) if label == "mistake" else 0
        typeset.blit_text(
            surface, symbol, tsize, theme.text_dark, bold=True, center=(cx, cy + lift)
        )
    return pygame.Rect(round(cx - r), round(cy - r), size, size)


# ----------------------------------------------------------------------------- the timeline


@dataclass
@dataclass
class Mark:
    index: int  # into the decisions
    x: float  # centre, in strip coordinates (before scrolling)


class Timeline:
    """One mark per decision, grouped by round, in a strip that scrolls when they do not fit.

    The marks show in ``window`` (the strip less an arrow's room at each end when they scroll);
    a mark partly out of it is not drawn, so no symbol is ever cut in half.
    """

    def __init__(self, decisions: Sequence[tuple[int, str]]) -> None:
        self.decisions = list(decisions)  # (round, label) of each decision, in order
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.window = pygame.Rect(0, 0, 1, 1)
        self.size = 12  # a mark's size
        self.marks: list[Mark] = []
        self.groups: list[tuple[int, float, float]] = []  # (round, first x, last x)
        self.width = 0.0  # of all the marks
        self.offset = 0.0  # scrolled this far (px)
        self.pitch = 12.0  # from one mark to the next

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Lay the marks out in ``rect`` (the strip)."""
        self.rect = rect.copy()
        label_h = self.label_height(scale)
        self.size = max(16, min(round(30 * scale), rect.h - label_h - 4))
        count = len(self.decisions)
        rounds = len({number for number, _label in self.decisions})
        inset = max(4, round(8 * scale))
        room = rect.w - 2 * inset
        minimum = self.size + max(4, round(6 * scale))
        gaps = max(0, rounds - 1)
        pitch = float(minimum)
        if count:
            pitch = max(minimum, min(2.2 * self.size, (room - gaps * minimum) / count))
        self.marks = []
        self.groups = []
        x = pitch / 2
        last_round: int | None = None
        for index, (number, _label) in enumerate(self.decisions):
            if last_round is not None and number != last_round:
                x += minimum  # a gap between rounds
            if number != last_round:
                self.groups.append((number, x, x))
            else:
                _number, first, _last = self.groups[-1]
                self.groups[-1] = (number, first, x)
            self.marks.append(Mark(index, x))
            last_round = number
            x += pitch
        self.width = x - pitch / 2 if self.marks else 0.0
        self.pitch = pitch
        if self.width + pitch / 2 > room:  # it scrolls: room for an arrow at each end
            inset = self.arrow_room()
        self.window = pygame.Rect(rect.x + inset, rect.y, rect.w - 2 * inset, rect.h)
        self.scroll(0.0)

    def arrow_room(self) -> int:
        return max(6, self.rect.h // 4) + 8

    @property
    def scrolls(self) -> bool:
        return self.width + self.pitch / 2 > self.window.w

    @staticmethod
    def label_height(scale: float) -> int:
        return typeset.text_height(max(typeset.LEGIBLE, round(13 * scale)))

    def scroll(self, by: float) -> None:
        limit = max(0.0, self.width + self.pitch / 2 - self.window.w)
        self.offset = max(0.0, min(limit, self.offset + by))

    def follow(self, index: int | None) -> None:
        """Scroll so the mark of decision ``index`` is in view (with room for two more)."""
        if index is None or not self.marks or not self.scrolls:
            self.offset = 0.0
            return
        x = self.marks[index].x
        margin = min(2.5 * self.pitch, self.window.w / 2)
        if x - self.offset < margin:
            self.offset = x - margin
        elif x - self.offset > self.window.w - margin:
            self.offset = x - self.window.w + margin
        self.scroll(0.0)

    def centre_of(self, index: int) -> tuple[int, int]:
        """Where decision ``index``'s mark is drawn on the screen."""
        mark = self.marks[index]
        y = self.rect.bottom - 3 - self.size // 2
        return (round(self.window.x + mark.x - self.offset), y)

    def visible(self, index: int) -> bool:
        """The whole mark is in view."""
        x = self.centre_of(index)[0]
        half = self.size // 2 + 1
        return self.window.left <= x - half and x + half <= self.window.right

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The decision whose mark is under ``pos`` (the nearest within half a pitch)."""
        if not self.window.collidepoint(pos) or not self.marks:
            return None
        best: int | None = None
        distance = self.pitch / 2 + 1
        for mark in self.marks:
            gap = abs(self.window.x + mark.x - self.offset - pos[0])
            if gap < distance and self.visible(mark.index):
                best, distance = mark.index, gap
        return best

    def arrow_at(self, pos: tuple[int, int]) -> int:
        """-1 or 1 when ``pos`` is on the arrow at that end (0 elsewhere)."""
        if not self.scrolls or not self.rect.collidepoint(pos):
            return 0
        if pos[0] < self.window.left:
            return -1
        if pos[0] > self.window.right:
            return 1
        return 0

    def draw(
        self, surface: pygame.Surface, theme: Theme, scale: float, current: int | None
    ) -> None:
        rect = self.rect
        window = self.window
        surfaces.draw_panel(
            surface, rect, (*theme.panel[:3], 220), theme.panel_edge, rect.h // 4, 1
        )
        clip = surface.get_clip()
        surface.set_clip(window.clip(clip))
        label_size = max(typeset.LEGIBLE, round(13 * scale))
        top = rect.y + 2
        base_y = self.centre_of(0)[1] if self.marks else rect.centery
        for number, first, last in self.groups:
            x0 = window.x + first - self.offset
            x1 = window.x + last - self.offset
            if x1 < window.left - 40 or x0 > window.right + 40:
                continue
            pygame.draw.line(
                surface, theme.text_dim, (x0 - 2, base_y), (x1 + 2, base_y), max(1, self.size // 8)
            )
            if number != self.groups[0][0]:  # a divider before each round but the first
                divider = x0 - (self.pitch + self.size) / 2
                pygame.draw.line(
                    surface, theme.panel_edge, (divider, rect.y + 4), (divider, rect.bottom - 4), 1
                )
            # the round's number over its first mark, kept in view while its round is
            label = str(number)
            half = typeset.text_width(label, label_size, bold=True) // 2 + 1
            lx = max(x0, window.left + 2 + half)
            if lx <= x1 + 2 and lx + half <= window.right - 2:
                typeset.blit_text(
                    surface, label, label_size, theme.text_dim, bold=True, midtop=(round(lx), top)
                )
        for mark in self.marks:
            if not self.visible(mark.index):
                continue
            label = self.decisions[mark.index][1]
            draw_mark(
                surface,
                label,
                self.centre_of(mark.index),
                self.size,
                theme,
                mark.index == current,
            )
        surface.set_clip(clip)
        if self.offset > 0.5:  # more to the left / right: an arrow at that end
            _edge_arrow(surface, rect, theme, -1)
        if self.offset < self.width + self.pitch / 2 - window.w - 0.5:
            _edge_arrow(surface, rect, theme, 1)


def _edge_arrow(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, side: int) -> None:
    h = max(6, rect.h // 4)
    x = rect.right - 6 if side > 0 else rect.left + 6
    cy = rect.centery
    points = [(x, cy), (x - side * h * 0.7, cy - h / 2), (x - side * h * 0.7, cy + h / 2)]
    pygame.draw.polygon(surface, theme.text, points)


# ----------------------------------------------------------------------------- bar chart


def draw_bars(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lost: dict[int, float],
    theme: Theme,
    scale: float,
) -> None:
    """Points lost per round: a bar per round with its number under it and its points over.

    A value that is not a finite number (a damaged review the reader let through) gets no bar
    and a dash, and leaves the others' scale alone."""
    rounds = sorted(lost)
    if not rounds:
        return
    size = max(typeset.LEGIBLE, round(13 * scale))
    line = typeset.text_height(size)
    top = max((v for v in lost.values() if math.isfinite(v)), default=0.0)
    gap = max(2, round(6 * scale))
    slot = rect.w / len(rounds)
    bar_w = max(4, min(round(48 * scale), round(slot - gap)))
    floor = rect.bottom - line - 2
    room = max(4, floor - rect.y - line - 2)
    pygame.draw.line(surface, theme.text_dim, (rect.x, floor), (rect.right, floor), 1)
    for i, number in enumerate(rounds):
        cx = round(rect.x + slot * (i + 0.5))
        value = lost[number]
        share = value / top if top > 0 and math.isfinite(value) else 0.0
        height = max(1 if share > 0 else 0, round(room * min(1.0, share)))
        bar = pygame.Rect(cx - bar_w // 2, floor - height, bar_w, height)
        if height:
            pygame.draw.rect(surface, theme.accent, bar, border_radius=max(1, bar_w // 6))
        typeset.blit_text(surface, str(number), size, theme.text_dim, midtop=(cx, floor + 2))
        if slot >= typeset.text_width(points_figure(value), size) + 2:
            typeset.blit_text(
                surface, points_figure(value), size, theme.text, midbottom=(cx, bar.top - 1)
            )


def points_figure(points: float) -> str:
    """Points as a figure: whole numbers from 10 on, one decimal below (0 as 0), and a dash
    for what is not a finite number (never raised: a frame draws it).

    >>> [points_figure(p) for p in (0.0, 2.345, 12.6, -3.0, float("inf"), float("nan"))]
    ['0', '2.3', '13', '0', '-', '-']
    """
    if not math.isfinite(points):
        return "-"
    if points <= 0.05:
        return "0"
    if points >= 9.95:
        return str(round(points))
    return f"{points:.1f}"

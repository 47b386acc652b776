"""A scene whose middle is a scrolled list of cards (the ladder, recent matches)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.focus import FocusItem
from game.input.intents import Act, Intent
from game.input.keymap import PAGING
from game.scenes.kit.base import Scene
from game.view import controls
from game.view.layout import ui_scale

DRAG_THRESHOLD = 8  # px a press may move and still count as a tap on a card
SCROLL_EASE = 14.0  # how fast the list glides to where it is scrolled (per second)

_MOVES = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.NEXT, Act.PREV)


class CardListScene(Scene):
    """A scrolled list of cards in ``view`` and a ``back_button``; subclasses lay them out."""

    view: pygame.Rect
    scale: float
    back_button: controls.Button

    def init_list(self) -> None:
        """The list's state before the first layout: unscrolled, nothing hovered or pressed."""
        self.time = 0.0
        self.scroll = 0.0  # px the list is scrolled (drawn)
        self.target = 0.0  # px it glides to
        self.hover: int | None = None
        self.hover_pos: tuple[int, int] | None = None
        self._press: tuple[tuple[int, int], float] | None = None  # where and at what scroll
        self._dragged = False
        self.heights: list[int] = []
        self.tops: list[int] = []

    # ------------------------------------------------------------------ hooks

    def _layout(self) -> None:
        """Place the view, the Back button and the cards (:meth:`place_cards`)."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Read again what the list shows."""

    def focused_index(self) -> int | None:
        """The card that holds the focus, or None."""
        return None

    def tap(self, index: int, pos: tuple[int, int]) -> None:
        """A tap (pressed and released on it, not dragged) on card ``index`` at ``pos``."""

    @property
    def tappable(self) -> int:
        """How many cards, from the first, answer a tap."""
        return len(self.heights)

    # ------------------------------------------------------------------ layout

    def place_list(self, under_title: int) -> int:
        """Back at the foot, the list's view between it and the title with ``under_title`` px
        under the title; the cards' width."""
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        bw, bh = max(140, round(220 * u)), max(32, round(50 * u))
        self.back_button.label = _("Back")
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midbottom = (width // 2, height - max(10, round(24 * u)))
        top = (
            max(10, round(30 * u))
            + round(max(20, round(44 * u)) * 1.3)
            + max(2, round(6 * u))
            + under_title
        )
        bottom = self.back_button.rect.top - max(8, round(16 * u))
        card_w = min(width - 2 * max(8, round(16 * u)), round(1000 * u))
        self.view = pygame.Rect((width - card_w) // 2, top, card_w, max(40, bottom - top))
        return card_w

    def place_cards(self, heights: list[int], gap: int) -> None:
        """The cards, ``heights`` tall, one under the other ``gap`` apart; the scroll kept in."""
        self.heights = heights
        self.tops = []
        y = 0
        for h in heights:
            self.tops.append(y)
            y += h + gap
        self.scroll = self.target = min(self.target, self.max_scroll)

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self._layout()
        current = self.focused_index()
        if current is not None:
            self.reveal(current, instant=True)

    @override
    def resume(self) -> None:
        self.refresh()
        self._layout()

    @property
    def content_height(self) -> int:
        return self.tops[-1] + self.heights[-1] if self.tops else 0

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - self.view.h))

    def card_rect(self, index: int, scroll: float | None = None) -> pygame.Rect:
        """Where card ``index`` is on screen (it may be off the list's view)."""
        offset = self.scroll if scroll is None else scroll
        y = self.view.y + self.tops[index] - round(offset)
        return pygame.Rect(self.view.x, y, self.view.w, self.heights[index])

    def card_shown(self, rect: pygame.Rect) -> bool:
        """Whether a card at ``rect`` shows in the view (or so nearly that it must be drawn)."""
        return rect.bottom >= self.view.top - 4 and rect.top <= self.view.bottom + 4

    def appear(self, index: int) -> int:
        """Card ``index``'s opacity as the list fades in, one card after the other."""
        return round(255 * min(1.0, max(0.0, (self.time - index * 0.04) / 0.25)))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for index in range(self.tappable):
            if self.card_rect(index).collidepoint(pos):
                return index
        return None

    def scroll_to(self, value: float, instant: bool = False) -> None:
        self.target = max(0.0, min(self.max_scroll, value))
        if instant:
            self.scroll = self.target

    def reveal(self, index: int, instant: bool = False) -> None:
        """Scroll just enough that card ``index`` is wholly in view."""
        if not 0 <= index < len(self.heights):
            return
        top, bottom = self.tops[index], self.tops[index] + self.heights[index]
        if top < self.target:
            self.scroll_to(top, instant)
        elif bottom > self.target + self.view.h:
            # its bottom into view, but never its top out (a card taller than the view)
            self.scroll_to(min(top, bottom - self.view.h), instant)
        elif instant:
            self.scroll = self.target

    # ------------------------------------------------------------------ pointer

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if self.back_button.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            step = self.view.h * 0.25
            self.scroll_to(self.target - event.y * step)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.collidepoint(event.pos):
                self._press = (event.pos, self.target)
                self._dragged = False
        elif event.type == pygame.MOUSEMOTION:
            if self._press is not None:
                (_x, y0), start = self._press
                dy = event.pos[1] - y0
                if abs(dy) > DRAG_THRESHOLD:
                    self._dragged = True
                if self._dragged:  # the list follows the finger
                    self.scroll_to(start - dy, instant=True)
            self.hover = self.index_at(event.pos)
            self.hover_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self._press = self._press, None
            if press is not None and not self._dragged:
                index = self.index_at(event.pos)
                if index is not None and index == self.index_at(press[0]):
                    self.tap(index, event.pos)

    # ------------------------------------------------------------------ keys

    bindings = {Act.BACK: ("escape", "backspace"), **PAGING}

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        page = self.view.h * 0.9
        return {
            Act.BACK: self.back,
            Act.PAGE_DOWN: lambda: self.scroll_to(self.target + page),
            Act.PAGE_UP: lambda: self.scroll_to(self.target - page),
            Act.FIRST: lambda: self.scroll_to(0),
            Act.LAST: lambda: self.scroll_to(self.max_scroll),
        }

    # ------------------------------------------------------------------ keyboard and gamepad

    def focus_grid(self) -> list[list[FocusItem]]:
        """What the focus can rest on, by row (by default one item a row)."""
        return [[item] for item in self.focus_items()]

    def move_focus(
        self, grid: list[list[FocusItem]], items: list[FocusItem], current: FocusItem, act: Act
    ) -> FocusItem:
        """Where an arrow (not Tab) takes the focus from ``current``: along the list in order
        (the nearest-neighbour rule would jump to Back, which sits closer than a card scrolled
        out of view)."""
        step = -1 if act in (Act.UP, Act.LEFT) else 1
        return items[max(0, min(len(items) - 1, items.index(current) + step))]

    @override
    def intent(self, intent: Intent) -> bool:
        grid = self.focus_grid()
        items = [item for row in grid for item in row]
        act = intent.act
        if not items:
            return self.perform(act)
        if act in _MOVES:
            current = self.nav.current(items)
            if current is None:  # the first press only shows where the focus is
                self.nav.focus(self.nav.default(items))
            elif act in (Act.NEXT, Act.PREV):  # Tab: every item in order, round
                index = items.index(current) + (1 if act == Act.NEXT else -1)
                self.nav.focus(items[index % len(items)])
            else:
                self.nav.focus(self.move_focus(grid, items, current, act))
            focused = self.focused_index()
            if focused is not None:
                self.reveal(focused)
            return True
        if act == Act.ACTIVATE:
            item = self.nav.current(items) or self.nav.default(items)
            if item is None or item.activate is None:
                return False
            self.nav.focus(item)
            item.activate()
            return True
        return self.perform(act)

    @override
    def focus_rect(self) -> pygame.Rect | None:
        rect = super().focus_rect()
        if rect is None or rect == self.back_button.rect:
            return rect
        return rect.clip(self.view.inflate(0, 8)) or None

    # ------------------------------------------------------------------ time and drawing

    @override
    def update(self, dt: float) -> None:
        self.time += dt
        rate = 1.0 - math.exp(-SCROLL_EASE * dt)
        self.scroll += (self.target - self.scroll) * rate
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target
        self.back_button.update(dt)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        theme = self.app.theme
        track = pygame.Rect(self.view.right + 4, self.view.y, max(3, round(6 * self.scale)), 0)
        track.h = self.view.h
        if track.right > surface.get_width():
            track.right = surface.get_width() - 1
        shown = self.view.h / self.content_height
        thumb = pygame.Rect(track.x, 0, track.w, max(track.w * 3, round(track.h * shown)))
        thumb.y = track.y + round((track.h - thumb.h) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.panel[:3], track, border_radius=track.w // 2)
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=track.w // 2)

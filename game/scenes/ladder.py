"""The ladder scene: every table of the ladder in order, as the player meets them.

:class:`LadderScene` lists every level (``levels/*.toml``) in ladder order: locked, open or
cleared with one to three stars, its name, its one-line description, its opponents and its
rules in brief. Choosing an open or cleared level deals its match; a locked one only says what
opens it. Which level is open is :func:`game.levels.ladder_state`'s answer, never this
screen's. The list scrolls (wheel, drag, or the focus moving off screen) when it is longer than
the screen. Keyboard and gamepad: Up/Down (d-pad, Tab, shoulders) go along the levels and on to
Back; Enter/A plays the focused level; Esc/B goes back.

The levels and the player's progress come from :mod:`game.scenes.progress`; each level is drawn
as a card by :mod:`game.scenes.level_card`. The daily table is :mod:`game.scenes.daily`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.input.focus import FocusItem
from game.input.intents import Act, Intent
from game.levels import (
    CLEARED,
    LOCKED,
    MAX_STARS,
    OPEN,
    LadderEntry,
    Level,
    LevelError,
    ladder_state,
)
from game.scenes.base import Scene
from game.scenes.level_card import CardLayout, draw_card, draw_notice
from game.scenes.progress import ladder_levels, ladder_refusals, load_progress
from game.scenes.session import MatchConfig
from game.view import widgets as w
from game.view.layout import ui_scale
from game.view.theme import Theme

if TYPE_CHECKING:
    from game.app import App

DRAG_THRESHOLD = 8  # px a press may move and still count as a tap on a level
SCROLL_EASE = 14.0  # how fast the list glides to where it is scrolled (per second)


class LadderScene(Scene):
    """Every level in order; choose an open or cleared one to play it.

    Level files that could not be loaded are named, each with its reason, in a notice after the
    last level (``refusals``; by default those of ``levels/``). The notice takes the focus on
    the way from the last level to Back, so a keyboard or a gamepad brings it into view, and
    activating it does nothing. The ladder goes on past a missing level: the level after it
    opens when the one before it is cleared (see :func:`game.levels.ladder_state`).
    """

    def __init__(
        self,
        app: App,
        levels: Sequence[Level] | None = None,
        seed: int | None = None,
        refusals: Sequence[LevelError] | None = None,
    ) -> None:
        super().__init__(app)
        self.levels = tuple(ladder_levels() if levels is None else levels)
        if refusals is None:
            refusals = ladder_refusals() if levels is None else ()
        self.refusals = tuple(refusals)
        self.custom = levels is not None  # not levels/: the match end must know this ladder
        self.seed = seed  # the deal of levels without a fixed one (None: a fresh one each time)
        self.entries: list[LadderEntry] = []
        self.time = 0.0
        self.scroll = 0.0  # px the list is scrolled (drawn)
        self.target = 0.0  # px it glides to
        self.hover: int | None = None
        self._press: tuple[tuple[int, int], float] | None = None  # where and at what scroll
        self._dragged = False
        self.back_button = w.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back)
        self.buttons = [self.back_button]
        self.refresh()
        self._layout()
        self.show_first(self.default_index())

    # ------------------------------------------------------------------ state

    def refresh(self) -> None:
        """Read the progress again (a match may have changed it)."""
        self.entries = ladder_state(self.levels, load_progress(self.app).ladder)

    def default_index(self) -> int:
        """The level to start on: the first open, not yet cleared one (else the first)."""
        return next((i for i, e in enumerate(self.entries) if e.status == OPEN), 0)

    def choose(self, index: int) -> bool:
        """Play the level at ``index``; a locked level only says what opens it. True if dealt."""
        if not 0 <= index < len(self.entries):
            return False
        entry = self.entries[index]
        if entry.status == LOCKED:
            before = self.entries[index - 1].level if index > 0 else None
            if before is not None:
                message = _("Clear {name} first to open this table").format(name=_(before.name))
                self.app.notify(message, 3.0)
            return False
        from game.scenes.menu import start_match

        ladder = self.levels if self.custom else None
        start_match(self.app, MatchConfig.for_level(entry.level, self.seed, ladder))
        return True

    def pick(self, index: int) -> None:
        """:meth:`choose` as the focus activates it."""
        self.choose(index)

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ layout

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        bw, bh = max(140, round(220 * u)), max(32, round(50 * u))
        self.back_button.label = _("Back")
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midbottom = (width // 2, height - max(10, round(24 * u)))
        # under the title and the summary line (as draw places them)
        top = (
            max(10, round(30 * u))
            + round(max(20, round(44 * u)) * 1.3)
            + max(2, round(6 * u))
            + round(max(11, round(18 * u)) * 1.4)
            + max(10, round(18 * u))
        )
        bottom = self.back_button.rect.top - max(8, round(16 * u))
        card_w = min(width - 2 * max(8, round(16 * u)), round(1000 * u))
        self.view = pygame.Rect((width - card_w) // 2, top, card_w, max(40, bottom - top))
        self.card = CardLayout(u, card_w)
        self.gap = max(6, round(12 * u))
        # Each card as tall as its wrapped lines (in the current language): where each starts.
        self.heights = [self.card.height(entry.level) for entry in self.entries]
        if self.refusals:
            self.heights.append(self.card.notice_height(self.refusals))
        self.tops: list[int] = []
        y = 0
        for h in self.heights:
            self.tops.append(y)
            y += h + self.gap
        self.scroll = self.target = min(self.target, self.max_scroll)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()
        current = self.focused_index()
        if current is not None:
            self.reveal(current, instant=True)

    def resume(self) -> None:
        self.refresh()
        self._layout()

    @property
    def rows(self) -> int:
        """Cards in the list: the levels, then the notice of refused files if there is one."""
        return len(self.entries) + (1 if self.refusals else 0)

    @property
    def notice_index(self) -> int | None:
        """The row of the notice of refused files (after the levels), or None."""
        return len(self.entries) if self.refusals else None

    @property
    def content_height(self) -> int:
        return self.tops[-1] + self.heights[-1] if self.tops else 0

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - self.view.h))

    def card_rect(self, index: int, scroll: float | None = None) -> pygame.Rect:
        """Where the card of row ``index`` is on screen (it may be off the list's view)."""
        offset = self.scroll if scroll is None else scroll
        y = self.view.y + self.tops[index] - round(offset)
        return pygame.Rect(self.view.x, y, self.view.w, self.heights[index])

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for index in range(len(self.entries)):
            if self.card_rect(index).collidepoint(pos):
                return index
        return None

    def scroll_to(self, value: float, instant: bool = False) -> None:
        self.target = max(0.0, min(self.max_scroll, value))
        if instant:
            self.scroll = self.target

    def show_first(self, index: int) -> None:
        """Open with the card at ``index`` in view and whole cards above it (none cut)."""
        if not 0 <= index < self.rows:
            return
        bottom = self.tops[index] + self.heights[index]
        first = index
        while first > 0 and bottom - self.tops[first - 1] <= self.view.h:
            first -= 1
        self.scroll_to(self.tops[first], instant=True)

    def reveal(self, index: int, instant: bool = False) -> None:
        """Scroll just enough that the card at ``index`` is wholly in view."""
        if not 0 <= index < self.rows:
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
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self._press = self._press, None
            if press is not None and not self._dragged:
                index = self.index_at(event.pos)
                if index is not None and index == self.index_at(press[0]):
                    self.choose(index)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        page = self.view.h * 0.9
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif key == pygame.K_PAGEDOWN:
            self.scroll_to(self.target + page)
        elif key == pygame.K_PAGEUP:
            self.scroll_to(self.target - page)
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll)

    # ------------------------------------------------------------------ keyboard and gamepad

    def focus_items(self) -> list[FocusItem]:
        items = []
        start = self.default_index()
        for index, entry in enumerate(self.entries):
            items.append(
                FocusItem(
                    ("level", entry.level.id),
                    self.card_rect(index),
                    functools.partial(self.pick, index),
                    primary=index == start,
                )
            )
        notice = self.notice_index
        if notice is not None:  # only to bring it into view: activating it does nothing
            items.append(FocusItem(("notice", "refused"), self.card_rect(notice)))
        if self.back_button.active:
            items.append(FocusItem(("button", "back"), self.back_button.rect, self.back))
        return items

    def focused_index(self) -> int | None:
        key = self.nav.key
        for index, entry in enumerate(self.entries):
            if key == ("level", entry.level.id):
                return index
        if key == ("notice", "refused"):
            return self.notice_index
        return None

    def intent(self, intent: Intent) -> bool:
        items = self.focus_items()
        if not items:
            return False
        act = intent.act
        if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.NEXT, Act.PREV):
            current = self.nav.current(items)
            if current is None:  # the first press only shows where the focus is
                self.nav.focus(self.nav.default(items))
            else:
                # Along the list in order (the nearest-neighbour rule would jump to Back,
                # which sits closer than a level scrolled out of view).
                step = -1 if act in (Act.UP, Act.LEFT, Act.PREV) else 1
                index = items.index(current) + step
                if act in (Act.NEXT, Act.PREV):
                    index %= len(items)
                self.nav.focus(items[max(0, min(len(items) - 1, index))])
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
        return False

    def focus_rect(self) -> pygame.Rect | None:
        rect = super().focus_rect()
        if rect is None or rect == self.back_button.rect:
            return rect
        return rect.clip(self.view.inflate(0, 8)) or None

    def hints(self) -> list[tuple[str, str]]:
        if self.nav.key == ("notice", "refused"):  # nothing to play there
            return [("move", _("Choose")), ("back", _("Back"))]
        return [("move", _("Choose")), ("activate", _("Play")), ("back", _("Back"))]

    # ------------------------------------------------------------------ time and drawing

    def update(self, dt: float) -> None:
        self.time += dt
        rate = 1.0 - math.exp(-SCROLL_EASE * dt)
        self.scroll += (self.target - self.scroll) * rate
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target
        self.back_button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = self.scale
        width, _height = surface.get_size()
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        head = w.page_title(surface, _("Ladder"), th, u, max(10, round(30 * u)), margin=40)
        summary = self.summary()
        w.blit_text(
            surface,
            summary,
            max(11, round(18 * u)),
            th.text,
            shadow=True,
            max_width=width - 40,
            midtop=(width // 2, head.bottom + max(2, round(6 * u))),
        )
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(12, 6).clip(clip))
        focused = self.focused_index()
        for index, entry in enumerate(self.entries):
            rect = self.card_rect(index)
            if rect.bottom < self.view.top - 4 or rect.top > self.view.bottom + 4:
                continue
            appear = min(1.0, max(0.0, (self.time - index * 0.04) / 0.25))
            lit = index == self.hover or index == focused
            draw_card(
                surface,
                rect,
                entry,
                str(index + 1),
                self.card,
                th,
                lit=lit,
                alpha=round(255 * appear),
            )
        notice = self.notice_index
        if notice is not None:
            rect = self.card_rect(notice)
            if rect.bottom >= self.view.top - 4 and rect.top <= self.view.bottom + 4:
                appear = min(1.0, max(0.0, (self.time - notice * 0.04) / 0.25))
                lit = notice == focused
                draw_notice(
                    surface, rect, self.refusals, self.card, th, lit=lit, alpha=round(255 * appear)
                )
        surface.set_clip(clip)
        self._draw_scrollbar(surface, th)
        self.back_button.draw(surface, th, u)

    def summary(self) -> str:
        cleared = sum(1 for e in self.entries if e.status == CLEARED)
        stars = sum(e.stars for e in self.entries)
        tables = ngettext(
            "{cleared} of {total} table cleared",
            "{cleared} of {total} tables cleared",
            len(self.entries),
        ).format(cleared=cleared, total=len(self.entries))
        earned = ngettext(
            "{n} of {total} star", "{n} of {total} stars", MAX_STARS * len(self.entries)
        ).format(n=stars, total=MAX_STARS * len(self.entries))
        return f"{tables} · {earned}"

    def _draw_scrollbar(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(self.view.right + 4, self.view.y, max(3, round(6 * self.scale)), 0)
        track.h = self.view.h
        if track.right > surface.get_width():
            track.right = surface.get_width() - 1
        shown = self.view.h / self.content_height
        thumb = pygame.Rect(track.x, 0, track.w, max(track.w * 3, round(track.h * shown)))
        thumb.y = track.y + round((track.h - thumb.h) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.panel[:3], track, border_radius=track.w // 2)
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=track.w // 2)
